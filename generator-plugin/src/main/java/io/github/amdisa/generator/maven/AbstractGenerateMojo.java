package io.github.amdisa.generator.maven;

import io.github.amdisa.generator.GenerationRequest;
import io.github.amdisa.generator.GenerationResult;
import io.github.amdisa.generator.IncrementalGeneration;
import io.github.amdisa.generator.IsaGenerator;
import io.github.amdisa.generator.Output;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.DefectAction;
import io.github.amdisa.isaxml.load.DefectPolicy;
import io.github.amdisa.isaxml.load.ProblemKind;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What {@code amdisa:generate} and {@code amdisa:generate-test} share: the parameters, turning them into an
 * immutable {@link GenerationRequest}, and handing it to {@link IncrementalGeneration}, which runs the plain-Java
 * {@link IsaGenerator} only when the inputs changed.
 */
public abstract class AbstractGenerateMojo extends AbstractMojo {

    /**
     * The spec inputs. Each is one of: an AMD spec file ({@code amdgpu_isa_rdna3.xml}, also {@code .xml.gz} or
     * {@code .xml.xz}); a folder of them; AMD's GPUOpen zip bundle as downloaded
     * ({@code AMD_GPU_MR_ISA_XML_2026_08_06.zip}); or an {@code https:}, {@code http:} or {@code file:} URL of any
     * of these files, which needs its SHA-256 (see {@link #specSha256}) and is downloaded once into a cache under
     * the local Maven repository. Relative paths are resolved against the project folder. On the command line:
     * {@code -Damdisa.spec=path/to/AMD_GPU_MR_ISA_XML_2026_08_06.zip} (several separated by commas).
     *
     * <p>When empty, the specs bundled with the plugin are used. Those are reconstructed from public facts for
     * building and testing this project; they are not AMD's files.
     */
    @Parameter(property = "amdisa.spec")
    private List<String> specs;

    /**
     * The SHA-256 (64 hex digits) of the file behind a URL spec input. Required for URLs, because the file is
     * trusted only when it has this digest; it may instead be appended to the URL as {@code #sha256=<digest>}
     * (needed when there are several URLs). For AMD's bundle {@code AMD_GPU_MR_ISA_XML_2026_08_06.zip} it is
     * {@code 82404f1126761b7877595b622afa7e1f311f2f41e89a3abe9aaf8ad045c082e2}.
     */
    @Parameter(property = "amdisa.specSha256")
    private String specSha256;

    /**
     * Where URL spec inputs are cached, one folder per SHA-256. Defaults to
     * {@code io/github/amdisa/spec-cache} in the local Maven repository. Offline builds ({@code mvn -o}) use only
     * this cache and fail with a message saying so when a file is missing.
     */
    @Parameter(property = "amdisa.specCache")
    private File specCacheDirectory;

    /**
     * The generations to generate, by any name the generator accepts: {@code RDNA3}, {@code rdna3_5},
     * {@code gfx1100}, {@code cdna3}, ... All ten when empty (or all that the spec inputs hold). On the command
     * line: {@code -Damdisa.generations=rdna3,cdna3}.
     */
    @Parameter(property = "amdisa.generations")
    private List<String> generations;

    /**
     * What to generate: any of {@code encoder}, {@code decoder}, {@code disassembler}, {@code assembler},
     * {@code interpreter}; all when empty. The first four share the codec classes (instruction enum, one class per
     * encoding, decoder, tables), which are generated when any of them is asked for; {@code interpreter} adds the
     * classes lowered from AMD's pseudocode where the generator provides them. On the command line:
     * {@code -Damdisa.outputs=decoder,disassembler}.
     */
    @Parameter(property = "amdisa.outputs")
    private List<String> outputs;

    /** The base package; each generation gets a sub-package named after it, e.g. {@code <base>.rdna3}. */
    @Parameter(property = "amdisa.basePackage", defaultValue = "io.github.amdisa", required = true)
    private String basePackage;

    /**
     * What to do about the known defects of AMD's XML (an encoding declared twice, an empty condition, an element
     * of a newer schema, ...): {@code FAIL} stops the build with the located problem, {@code WARN} repairs it as
     * documented and logs a located warning, {@code IGNORE} repairs it silently. When empty, each defect gets its
     * default (warn). Problems that are not known defects always fail the build.
     */
    @Parameter(property = "amdisa.defectPolicy")
    private String defectPolicy;

    /**
     * Per-defect overrides of {@link #defectPolicy}, e.g. {@code <EMPTY_CONDITION>FAIL</EMPTY_CONDITION>}; the keys
     * are the loader's known defect kinds ({@code DUPLICATE_ENCODING}, {@code DUPLICATE_CONDITION},
     * {@code EMPTY_CONDITION}, {@code EMPTY_VALUE}, {@code UNKNOWN_ELEMENT}, {@code UNKNOWN_GROUP},
     * {@code UNKNOWN_SCHEMA_VERSION}).
     */
    @Parameter
    private Map<String, String> defects;

    /**
     * Whether the generator's spec-gap overlays are applied: forms the specs leave out (VOPD literal forms, GFX10
     * SDWA forms, ...), each logged as a warning. {@code false} generates from the XML exactly as it is, e.g. to check
     * whether a newer AMD release still needs them.
     */
    @Parameter(property = "amdisa.specGapOverlays", defaultValue = "true")
    private boolean specGapOverlays = true;

    /** Skips generation; the output folder is still added as a source root. */
    @Parameter(property = "amdisa.skip", defaultValue = "false")
    private boolean skip;

    /**
     * Generates even when the inputs' digest says the output is up to date (files whose content did not change
     * are still not rewritten).
     */
    @Parameter(property = "amdisa.force", defaultValue = "false")
    private boolean force;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    /** The output folder of this goal. */
    protected abstract File outputDirectory();

    /** Registers {@code root} as a (main or test) source root of the project. */
    protected abstract void addSourceRoot(MavenProject project, String root);

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        try {
            run();
        } finally {
            // Always, also when skipped, up to date or failed: the compiler must see the (previous) sources.
            if (project != null) {
                addSourceRoot(project, outputDirectory().getAbsolutePath());
            }
        }
    }

    private void run() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("amdisa: generation skipped");
            return;
        }
        GenerationRequest request = request();
        GenerationResult result;
        try {
            result = new IncrementalGeneration().run(request, force);
        } catch (IsaGenerator.GenerationException e) {
            throw new MojoFailureException("amdisa: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new MojoExecutionException("amdisa: generation failed: " + e.getMessage(), e);
        }
        if (result.upToDate()) {
            getLog().info(String.format("amdisa: %d files up to date in %s (inputs unchanged), checked in %d ms",
                    result.unchanged().size(), outputDirectory(), result.millis()));
            return;
        }
        for (GenerationResult.GenerationSummary s : result.generations()) {
            getLog().info(String.format("amdisa: %s -> %s (%d instructions, %d encodings, %d variants, %d files)",
                    s.architecture(), s.javaPackage(), s.instructions(), s.encodings(), s.variants(), s.files()));
        }
        getLog().info(String.format("amdisa: %d files written, %d unchanged, %d deleted, %d warnings in %d ms",
                result.written().size(), result.unchanged().size(), result.deleted().size(),
                result.warnings().size(), result.millis()));
        // What the generator had to work around in the spec is shown, never buried in debug output.
        result.warnings().forEach(w -> getLog().warn("amdisa: " + w));
    }

    /** The immutable request of this configuration; a bad parameter fails the build naming it. */
    private GenerationRequest request() throws MojoFailureException {
        try {
            List<Generation> gens = new ArrayList<>();
            for (String g : commaSeparated(generations)) {
                gens.add(Generation.of(g.trim()));
            }
            Set<Output> outs = EnumSet.noneOf(Output.class);
            for (String o : commaSeparated(outputs)) {
                outs.add(Output.of(o));
            }
            if (outs.isEmpty()) {
                outs = Output.all();
            }
            return new GenerationRequest(List.of(), specInputs(), gens, basePackage.trim(),
                    outputDirectory().toPath(), outs, policy(), specGapOverlays);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("amdisa: bad configuration: " + e.getMessage(), e);
        }
    }

    private List<Path> specInputs() throws MojoFailureException {
        List<String> given = nonBlank(specs);
        List<Path> paths = new ArrayList<>();
        long urls = given.stream().filter(SpecCache::isUrl).count();
        for (String s : given) {
            String spec = s.trim();
            if (!SpecCache.isUrl(spec)) {
                File f = new File(spec);
                paths.add((f.isAbsolute() || project == null ? f : new File(project.getBasedir(), spec)).toPath());
                continue;
            }
            String sha = null;
            int hash = spec.indexOf("#sha256=");
            if (hash >= 0) {
                sha = spec.substring(hash + "#sha256=".length());
                spec = spec.substring(0, hash);
            } else if (urls == 1) {
                sha = specSha256;
            } else if (specSha256 != null && !specSha256.isBlank()) {
                throw new MojoFailureException("amdisa: bad configuration: several spec URLs; give each its digest as"
                        + " <url>#sha256=<digest> instead of <specSha256>");
            }
            URI uri;
            try {
                uri = new URI(spec);
            } catch (URISyntaxException e) {
                throw new MojoFailureException("amdisa: bad configuration: spec URL '" + spec + "': "
                        + e.getMessage(), e);
            }
            try {
                paths.add(cache().resolve(uri, sha));
            } catch (SpecCache.SpecDownloadException e) {
                throw new MojoFailureException("amdisa: " + e.getMessage(), e);
            }
        }
        return paths;
    }

    private SpecCache cache() {
        Path root;
        if (specCacheDirectory != null) {
            root = specCacheDirectory.toPath();
        } else {
            File repo = session == null ? new File(System.getProperty("user.home"), ".m2/repository")
                    : new File(session.getRepositorySession().getLocalRepository().getBasedir().getPath());
            root = repo.toPath().resolve("io/github/amdisa/spec-cache");
        }
        boolean offline = session != null && session.isOffline();
        return new SpecCache(root, offline, line -> getLog().info("amdisa: " + line));
    }

    private DefectPolicy policy() {
        DefectPolicy p = defectPolicy == null || defectPolicy.isBlank() ? DefectPolicy.defaults()
                : DefectPolicy.all(action(defectPolicy, "defectPolicy"));
        if (defects != null) {
            for (Map.Entry<String, String> e : defects.entrySet()) {
                ProblemKind kind;
                try {
                    kind = ProblemKind.valueOf(e.getKey().trim().toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException ex) {
                    throw new IllegalArgumentException("defects: unknown defect kind '" + e.getKey() + "'");
                }
                p = p.with(kind, action(e.getValue(), "defects/" + e.getKey()));
            }
        }
        return p;
    }

    private static DefectAction action(String value, String parameter) {
        try {
            return DefectAction.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(parameter + ": '" + value + "' is not FAIL, WARN or IGNORE");
        }
    }

    /** The values, each split at commas, without blanks: {@code <generation>rdna3,cdna3</generation>} works. */
    private static List<String> commaSeparated(List<String> values) {
        return nonBlank(values).stream().flatMap(v -> java.util.Arrays.stream(v.split(",")))
                .map(String::trim).filter(v -> !v.isEmpty()).toList();
    }

    private static List<String> nonBlank(List<String> values) {
        return values == null ? List.of() : values.stream().filter(v -> v != null && !v.isBlank()).toList();
    }
}
