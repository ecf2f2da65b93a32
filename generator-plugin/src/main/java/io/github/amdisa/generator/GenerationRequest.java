package io.github.amdisa.generator;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to generate: which specs (already loaded, read from a path, or the bundled ones), for which generations,
 * into which base package and output directory. Immutable; build one with the factory methods.
 *
 * @param specs specs loaded by the caller (used as they are; {@code generations} is ignored for them)
 * @param specInput a spec file, folder or AMD zip bundle to load; empty for the bundled specs
 * @param generations the generations to load from {@code specInput} or the bundle (all when empty)
 * @param basePackage the Java package under which each generation gets its own package, e.g.
 *                    {@code io.github.amdisa} gives {@code io.github.amdisa.rdna3}
 * @param outputDirectory the source root to write into; files this generator wrote earlier and no longer
 *                        produces are deleted from it
 */
public record GenerationRequest(List<IsaSpec> specs, Optional<Path> specInput, List<Generation> generations,
                                String basePackage, Path outputDirectory) {

    public GenerationRequest {
        specs = List.copyOf(specs);
        Objects.requireNonNull(specInput, "specInput");
        generations = List.copyOf(generations);
        Objects.requireNonNull(basePackage, "basePackage");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        if (!basePackage.matches("[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*")) {
            throw new IllegalArgumentException("basePackage is not a Java package name: '" + basePackage + "'");
        }
    }

    /** Generates from the specs bundled with {@code amdisa-isa-xml}. */
    public static GenerationRequest bundled(List<Generation> generations, String basePackage, Path outputDirectory) {
        return new GenerationRequest(List.of(), Optional.empty(), generations, basePackage, outputDirectory);
    }

    /** Generates from spec files at {@code input} (file, folder or zip). */
    public static GenerationRequest fromPath(Path input, List<Generation> generations, String basePackage,
                                             Path outputDirectory) {
        return new GenerationRequest(List.of(), Optional.of(input), generations, basePackage, outputDirectory);
    }

    /** Generates from specs already in memory (tests, tools). */
    public static GenerationRequest ofSpecs(List<IsaSpec> specs, String basePackage, Path outputDirectory) {
        return new GenerationRequest(specs, Optional.empty(), List.of(), basePackage, outputDirectory);
    }
}
