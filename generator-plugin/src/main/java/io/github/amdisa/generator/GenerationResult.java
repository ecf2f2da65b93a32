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
 * @param upToDate whether the inputs' digest matched the previous run's, so nothing was loaded or generated
 *                 ({@code generations} and {@code warnings} are then empty and every file is {@code unchanged})
 */
public record GenerationResult(List<Path> written, List<Path> unchanged, List<Path> deleted,
                               List<GenerationSummary> generations, List<String> warnings, long millis,
                               boolean upToDate) {

    /** The result of a run that generated. */
    public GenerationResult(List<Path> written, List<Path> unchanged, List<Path> deleted,
                            List<GenerationSummary> generations, List<String> warnings, long millis) {
        this(written, unchanged, deleted, generations, warnings, millis, false);
    }

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
