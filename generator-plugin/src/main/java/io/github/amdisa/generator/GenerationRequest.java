package io.github.amdisa.generator;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.DefectPolicy;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What to generate: which specs (already loaded, read from paths, or the bundled ones), for which generations,
 * which outputs, into which base package and output directory, and how known spec defects are treated. Immutable;
 * build one with the factory methods and the {@code with...} methods.
 *
 * @param specs specs loaded by the caller (used as they are; {@code generations} is ignored for them)
 * @param specInputs spec files, folders or AMD zip bundles to load; empty for the bundled specs. A generation
 *                   found in two inputs is an error.
 * @param generations the generations to load from {@code specInputs} or the bundle (all when empty)
 * @param basePackage the Java package under which each generation gets its own package, e.g.
 *                    {@code io.github.amdisa} gives {@code io.github.amdisa.rdna3}
 * @param outputDirectory the source root to write into; files this generator wrote earlier and no longer
 *                        produces are deleted from it
 * @param outputs what to produce (never empty)
 * @param defectPolicy what the loader does about known spec defects
 * @param specGapOverlays whether the spec-gap overlays ({@code codec.SpecGapOverlays}: forms the specs leave out,
 *                        each reported as a warning) are applied; off generates from the XML exactly as it is, e.g.
 *                        to see whether a newer AMD release still needs them
 */
public record GenerationRequest(List<IsaSpec> specs, List<Path> specInputs, List<Generation> generations,
                                String basePackage, Path outputDirectory, Set<Output> outputs,
                                DefectPolicy defectPolicy, boolean specGapOverlays) {

    public GenerationRequest {
        specs = List.copyOf(specs);
        specInputs = List.copyOf(specInputs);
        generations = List.copyOf(generations);
        Objects.requireNonNull(basePackage, "basePackage");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(defectPolicy, "defectPolicy");
        if (!basePackage.matches("[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*")) {
            throw new IllegalArgumentException("basePackage is not a Java package name: '" + basePackage + "'");
        }
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException("no outputs selected; choose from " + Output.all());
        }
        outputs = Collections.unmodifiableSet(EnumSet.copyOf(outputs));
    }

    /** Generates every output from the specs bundled with {@code amdisa-isa-xml}. */
    public static GenerationRequest bundled(List<Generation> generations, String basePackage, Path outputDirectory) {
        return new GenerationRequest(List.of(), List.of(), generations, basePackage, outputDirectory, Output.all(),
                DefectPolicy.defaults(), true);
    }

    /** Generates every output from spec files at {@code input} (file, folder or zip). */
    public static GenerationRequest fromPath(Path input, List<Generation> generations, String basePackage,
                                             Path outputDirectory) {
        return fromPaths(List.of(input), generations, basePackage, outputDirectory);
    }

    /** Generates every output from spec files at {@code inputs} (files, folders or zips; bundled when empty). */
    public static GenerationRequest fromPaths(List<Path> inputs, List<Generation> generations, String basePackage,
                                              Path outputDirectory) {
        return new GenerationRequest(List.of(), inputs, generations, basePackage, outputDirectory, Output.all(),
                DefectPolicy.defaults(), true);
    }

    /** Generates every output from specs already in memory (tests, tools). */
    public static GenerationRequest ofSpecs(List<IsaSpec> specs, String basePackage, Path outputDirectory) {
        return new GenerationRequest(specs, List.of(), List.of(), basePackage, outputDirectory, Output.all(),
                DefectPolicy.defaults(), true);
    }

    /** This request producing only {@code selected}. */
    public GenerationRequest withOutputs(Set<Output> selected) {
        return new GenerationRequest(specs, specInputs, generations, basePackage, outputDirectory, selected,
                defectPolicy, specGapOverlays);
    }

    /** This request loading specs under {@code policy}. */
    public GenerationRequest withDefectPolicy(DefectPolicy policy) {
        return new GenerationRequest(specs, specInputs, generations, basePackage, outputDirectory, outputs, policy,
                specGapOverlays);
    }

    /** This request with the spec-gap overlays applied ({@code true}, the default) or not. */
    public GenerationRequest withSpecGapOverlays(boolean apply) {
        return new GenerationRequest(specs, specInputs, generations, basePackage, outputDirectory, outputs,
                defectPolicy, apply);
    }

    /** Whether the specs come from the jar of {@code amdisa-isa-xml}. */
    public boolean usesBundledSpecs() {
        return specs.isEmpty() && specInputs.isEmpty();
    }
}
