package io.github.amdisa.generator.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Like {@code amdisa:generate}, for code that only tests use: generates into
 * {@code target/generated-test-sources/amdisa} in the {@code generate-test-sources} phase and adds that folder to
 * the test compile sources. All other parameters are those of {@code amdisa:generate}.
 */
@Mojo(name = "generate-test", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class GenerateTestMojo extends AbstractGenerateMojo {

    /** The source root the generated classes are written to; it is added to the test compile source roots. */
    @Parameter(property = "amdisa.testOutputDirectory",
            defaultValue = "${project.build.directory}/generated-test-sources/amdisa", required = true)
    private File outputDirectory;

    @Override
    protected File outputDirectory() {
        return outputDirectory;
    }

    @Override
    protected void addSourceRoot(MavenProject project, String root) {
        project.addTestCompileSourceRoot(root);
    }
}
