package io.github.amdisa.generator;

import java.nio.file.Path;
import java.util.List;

/**
 * What a generation run did.
 *
 * @param written files whose content changed (or that are new) and were written
 * @param unchanged files whose content was already up to date (not touched)
 * @param deleted stale files removed from the output directory
 * @param generations one summary per generated generation
 * @param warnings spec facts the generator had to skip or interpret (never silent drops)
 * @param millis wall time of the run
 */
public record GenerationResult(List<Path> written, List<Path> unchanged, List<Path> deleted,
                               List<GenerationSummary> generations, List<String> warnings, long millis) {

    public GenerationResult {
        written = List.copyOf(written);
        unchanged = List.copyOf(unchanged);
        deleted = List.copyOf(deleted);
        generations = List.copyOf(generations);
        warnings = List.copyOf(warnings);
    }

    /** Counts for one generation. */
    public record GenerationSummary(String architecture, String javaPackage, int instructions, int encodings,
                                    int variants, int files) {
    }
}
