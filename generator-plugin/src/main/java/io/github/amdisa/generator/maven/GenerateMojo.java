package io.github.amdisa.generator.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Generates Java encoders, decoders and disassembler tables (and, where available, interpreter code) from AMD's
 * machine-readable ISA XML and adds them to the project's compile sources.
 *
 * <p>The goal is incremental by content: it keeps a SHA-256 of the spec inputs, the generator's own code and the
 * normalised configuration in the output folder, and when nothing changed it writes nothing (file modification
 * times stay as they were). When something changed it generates into a temporary folder and only after every
 * generation succeeded moves changed files into place and deletes files it no longer produces, so a broken spec
 * fails the build with the located error and leaves the previous sources untouched. Generated files carry no
 * timestamps; their header names the spec file, its schema version, release date and SHA-256.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractGenerateMojo {

    /** The source root the generated classes are written to; it is added to the compile source roots. */
    @Parameter(property = "amdisa.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/amdisa", required = true)
    private File outputDirectory;

    @Override
    protected File outputDirectory() {
        return outputDirectory;
    }

    @Override
    protected void addSourceRoot(MavenProject project, String root) {
        project.addCompileSourceRoot(root);
    }
}
