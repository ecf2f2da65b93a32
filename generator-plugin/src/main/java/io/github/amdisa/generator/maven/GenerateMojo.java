package io.github.amdisa.generator.maven;

import io.github.amdisa.generator.GenerationRequest;
import io.github.amdisa.generator.GenerationResult;
import io.github.amdisa.generator.IsaGenerator;
import io.github.amdisa.isaxml.Generation;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Generates Java encoders, decoders and disassembler tables from AMD machine-readable ISA XML and adds them to the
 * project's compile sources. The mojo only builds a {@link GenerationRequest} and hands it to {@link IsaGenerator}.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractMojo {

    /**
     * The generations to generate, by any name {@code Generation.find} accepts: {@code RDNA3}, {@code rdna3_5},
     * {@code gfx1100}, ... All ten when empty.
     */
    @Parameter(property = "amdisa.generations")
    private List<String> generations;

    /** The source root the generated classes are written to; it is added to the compile source roots. */
    @Parameter(property = "amdisa.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/amdisa", required = true)
    private File outputDirectory;

    /** The base package; each generation gets a sub-package named after it, e.g. {@code <base>.rdna3}. */
    @Parameter(property = "amdisa.basePackage", defaultValue = "io.github.amdisa", required = true)
    private String basePackage;

    /**
     * An AMD spec file ({@code .xml}, {@code .xml.xz}, {@code .xml.gz}), a folder of them or AMD's zip bundle.
     * When absent, the reconstructed specs bundled with {@code amdisa-isa-xml} are used.
     */
    @Parameter(property = "amdisa.specInput")
    private File specInput;

    /** Skips generation (the output directory is still added as a source root if it exists). */
    @Parameter(property = "amdisa.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("amdisa: generation skipped");
            addSourceRoot();
            return;
        }
        GenerationRequest request;
        try {
            List<Generation> gens = generations == null ? List.of()
                    : generations.stream().map(Generation::of).toList();
            request = specInput == null
                    ? GenerationRequest.bundled(gens, basePackage, outputDirectory.toPath())
                    : GenerationRequest.fromPath(specInput.toPath(), gens, basePackage, outputDirectory.toPath());
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("amdisa: bad configuration: " + e.getMessage(), e);
        }
        GenerationResult result;
        try {
            result = new IsaGenerator().generate(request);
        } catch (IsaGenerator.GenerationException e) {
            throw new MojoFailureException("amdisa: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new MojoExecutionException("amdisa: generation failed: " + e.getMessage(), e);
        }
        for (GenerationResult.GenerationSummary s : result.generations()) {
            getLog().info(String.format("amdisa: %s -> %s (%d instructions, %d encodings, %d variants)",
                    s.architecture(), s.javaPackage(), s.instructions(), s.encodings(), s.variants()));
        }
        getLog().info(String.format("amdisa: %d files written, %d unchanged, %d deleted, %d warnings in %d ms",
                result.written().size(), result.unchanged().size(), result.deleted().size(),
                result.warnings().size(), result.millis()));
        // What the generator had to work around in the spec is shown, never buried in debug output.
        result.warnings().forEach(w -> getLog().warn("amdisa: " + w));
        addSourceRoot();
    }

    private void addSourceRoot() {
        if (project != null && outputDirectory.exists()) {
            project.addCompileSourceRoot(outputDirectory.getAbsolutePath());
        }
    }
}
