package io.github.amdisa.generator;

import com.palantir.javapoet.JavaFile;
import io.github.amdisa.generator.GenerationResult.GenerationSummary;
import io.github.amdisa.generator.codec.CodecEmitter;
import io.github.amdisa.generator.codec.SpecGapOverlays;
import io.github.amdisa.generator.naming.JavaNames;
import io.github.amdisa.generator.pcode.lower.PcodeGenerator;
import com.palantir.javapoet.ClassName;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.InOrder;
import io.github.amdisa.isaxml.load.LoadResult;
import io.github.amdisa.isaxml.load.SpecLoadException;
import io.github.amdisa.isaxml.load.SpecFile;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.load.SpecSources;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The plain-Java code generator: loads the requested specs, emits the codec classes of every generation into a
 * temporary folder and, only when everything succeeded, moves each changed file into the output directory and
 * deletes stale ones. A broken spec therefore leaves the previous output untouched, and unchanged files keep
 * their timestamps (so incremental compilation stays incremental).
 */
public final class IsaGenerator {

    /** Marker file listing what the generator wrote, so that stale files can be removed and nothing else is. */
    static final String MANIFEST = ".amdisa-generated";

    /** Thrown when the request cannot be satisfied because a spec is broken or missing. */
    public static final class GenerationException extends Exception {
        private static final long serialVersionUID = 1L;

        public GenerationException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Runs the request.
     *
     * @throws GenerationException when a spec cannot be loaded or generated from (bad input)
     * @throws IOException when the output cannot be written
     */
    public GenerationResult generate(GenerationRequest request) throws GenerationException, IOException {
        long start = System.nanoTime();
        List<String> warnings = new ArrayList<>();
        List<IsaSpec> specs = new ArrayList<>();
        for (IsaSpec loaded : loadSpecs(request, warnings)) {
            if (!request.specGapOverlays()) {
                specs.add(loaded);
                continue;
            }
            // The spec-gap overlays (SpecGapOverlays): variants the spec leaves out, each reported.
            SpecGapOverlays.Result overlaid = SpecGapOverlays.apply(loaded);
            overlaid.report().forEach(line -> warnings.add(loaded.architecture().name() + ": " + line));
            specs.add(overlaid.spec());
        }
        Path out = request.outputDirectory().toAbsolutePath().normalize();
        Files.createDirectories(out.getParent());
        Path temp = Files.createTempDirectory(out.getParent(), out.getFileName() + ".tmp");
        try {
            List<GenerationSummary> summaries = new ArrayList<>();
            List<String> relativeFiles = new ArrayList<>();
            for (CodecOutput o : emitCodecs(request, specs, temp)) {
                summaries.add(o.summary());
                relativeFiles.addAll(o.files());
                warnings.addAll(o.warnings());
            }
            if (request.outputs().contains(Output.INTERPRETER)) {
                relativeFiles.addAll(emitInterpreter(request, specs, temp));
            }
            return promote(temp, out, relativeFiles, summaries, warnings, start);
        } finally {
            deleteTree(temp);
        }
    }

    /** What the codec step produced for one spec. */
    private record CodecOutput(GenerationSummary summary, List<String> files, List<String> warnings) {
    }

    /**
     * The codec step: one task per spec, run on the available cores (specs are independent: each writes its own
     * package), results in spec order. When several specs fail, the first failure in spec order is thrown, so the
     * error does not depend on thread timing.
     */
    private static List<CodecOutput> emitCodecs(GenerationRequest request, List<IsaSpec> specs, Path temp)
            throws GenerationException, IOException {
        try {
            return InOrder.map(specs, "amdisa-generator", spec -> emitCodec(request, spec, temp));
        } catch (GenerationException | IOException | RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            throw new IOException("interrupted while generating", e);
        } catch (Exception e) {
            throw new GenerationException("generator failure: " + e, e);
        }
    }

    private static CodecOutput emitCodec(GenerationRequest request, IsaSpec spec, Path temp)
            throws GenerationException, IOException {
        String stem = spec.generation().map(Generation::fileStem)
                .orElse(spec.architecture().name().replaceAll("[^A-Za-z0-9]+", "_").toLowerCase(Locale.ROOT));
        String pkg = request.basePackage() + "." + JavaNames.packageSegment(stem);
        String prefix = JavaNames.generationClassPrefix(stem);
        List<JavaFile> files = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int variants = 0;
        if (Output.needsCodec(request.outputs())) {
            CodecEmitter emitter;
            try {
                emitter = new CodecEmitter(spec, pkg, prefix);
                files.addAll(emitter.emit(header(spec)));
            } catch (RuntimeException e) {
                throw new GenerationException("cannot generate code for " + spec + ": " + e.getMessage(), e);
            }
            for (String w : emitter.warnings()) {
                warnings.add(spec.architecture().name() + ": " + w);
            }
            variants = emitter.variantCount();
        }
        List<String> relative = new ArrayList<>();
        for (JavaFile f : files) {
            Path written = f.writeToPath(temp, StandardCharsets.UTF_8);
            relative.add(temp.relativize(written).toString().replace('\\', '/'));
        }
        GenerationSummary summary = new GenerationSummary(spec.architecture().name(), pkg, spec.instructions().size(),
                spec.encodings().size(), variants, files.size());
        return new CodecOutput(summary, relative, warnings);
    }

    /**
     * The interpreter step: lowers the bundled pseudocode of every requested generation to Java
     * ({@link PcodeGenerator}): shared {@code <basePackage>.pcode.PcodeOps0..N} classes and, beside each generation's
     * codec, a {@code <Gen>Pcode} dispatch class ({@code find(name)}, {@code traits(name)}) that
     * {@code runtime.exec.Interpreter} binds to the wave. Specs of unknown generations have no pseudocode and are
     * skipped. Separate from the codec step so that a request can leave it out.
     *
     * @return the written files, relative to {@code temp}
     */
    private static List<String> emitInterpreter(GenerationRequest request, List<IsaSpec> specs, Path temp)
            throws GenerationException, IOException {
        PcodeGenerator pcode = new PcodeGenerator(request.basePackage() + ".pcode", g -> ClassName.get(
                request.basePackage() + "." + JavaNames.packageSegment(g.fileStem()),
                JavaNames.generationClassPrefix(g.fileStem()) + "Pcode"));
        boolean any = false;
        for (IsaSpec spec : specs) {
            if (spec.generation().isPresent()) {
                Generation g = spec.generation().get();
                try {
                    pcode.add(g, PseudocodeLoader.loadBundled(g));
                } catch (RuntimeException e) {
                    throw new GenerationException("cannot lower the pseudocode of " + g + ": " + e.getMessage(), e);
                }
                any = true;
            }
        }
        List<String> relative = new ArrayList<>();
        if (!any) {
            return relative;
        }
        for (JavaFile f : pcode.files()) {
            Path written = f.writeToPath(temp, StandardCharsets.UTF_8);
            relative.add(temp.relativize(written).toString().replace('\\', '/'));
        }
        return relative;
    }

    private static List<IsaSpec> loadSpecs(GenerationRequest request, List<String> warnings)
            throws GenerationException {
        if (!request.specs().isEmpty()) {
            return request.specs();
        }
        SpecLoader loader = new SpecLoader(request.defectPolicy());
        List<Generation> gens = request.generations().isEmpty() ? Arrays.asList(Generation.values())
                : request.generations();
        List<IsaSpec> specs = new ArrayList<>();
        try {
            List<LoadResult> results = new ArrayList<>();
            if (!request.specInputs().isEmpty()) {
                List<SpecFile> found = new ArrayList<>();
                Map<Generation, SpecFile> byGeneration = new EnumMap<>(Generation.class);
                for (Path input : request.specInputs()) {
                    for (SpecFile f : SpecSources.find(input, gens)) {
                        SpecFile other = f.generation().isPresent() ? byGeneration.put(f.generation().get(), f) : null;
                        if (other != null) {
                            throw new GenerationException("two spec inputs for " + f.generation().get() + ": "
                                    + other.name() + " and " + f.name(), null);
                        }
                        found.add(f);
                    }
                }
                if (found.isEmpty()) {
                    throw new GenerationException("no spec for " + gens + " found in " + request.specInputs(), null);
                }
                results.addAll(loader.loadFiles(found));
            } else {
                results.addAll(loader.loadBundled(gens));
            }
            for (LoadResult r : results) {
                r.warnings().forEach(p -> warnings.add(p.toString()));
                specs.add(r.spec());
            }
        } catch (SpecLoadException e) {
            throw new GenerationException("spec cannot be loaded: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new GenerationException("spec input cannot be read: " + e.getMessage(), e);
        }
        return specs;
    }

    private static String header(IsaSpec spec) {
        return "Generated by amdisa from " + specFileName(spec.source()) + " (" + spec.architecture().name()
                + ", SchemaVersion "
                + spec.document().schemaVersion() + ", ReleaseDate " + spec.document().releaseDate() + ", sha256 "
                + spec.sha256() + ").\nDo not edit: regenerate instead.";
    }

    /**
     * The spec's file name without the folders it was read from ({@code AMD_GPU_MR_ISA_XML_2026_08_06.zip!
     * amdgpu_isa_rdna3.xml}, {@code bundled:amdgpu_isa_rdna3.xml}), so that generated text does not depend on where
     * the build runs.
     */
    public static String specFileName(String source) {
        int bang = source.indexOf('!');
        String container = bang < 0 ? source : source.substring(0, bang);
        int slash = Math.max(container.lastIndexOf('/'), container.lastIndexOf('\\'));
        return source.substring(slash + 1);
    }

    /** Moves changed files into place, deletes files of the previous run that were not produced again. */
    private static GenerationResult promote(Path temp, Path out, List<String> files, List<GenerationSummary> summaries,
                                            List<String> warnings, long start) throws IOException {
        List<Path> written = new ArrayList<>();
        List<Path> unchanged = new ArrayList<>();
        List<Path> deleted = new ArrayList<>();
        Files.createDirectories(out);
        Set<String> now = new HashSet<>(files);
        Path manifest = out.resolve(MANIFEST);
        if (Files.exists(manifest)) {
            for (String old : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
                if (!old.isBlank() && !now.contains(old)) {
                    Path p = out.resolve(old).normalize();
                    if (p.startsWith(out) && Files.deleteIfExists(p)) {
                        deleted.add(p);
                    }
                }
            }
        }
        for (String rel : files) {
            Path src = temp.resolve(rel);
            Path dst = out.resolve(rel);
            if (Files.exists(dst) && Arrays.equals(Files.readAllBytes(dst), Files.readAllBytes(src))) {
                unchanged.add(dst);
                continue;
            }
            Files.createDirectories(dst.getParent());
            Files.move(src, dst, StandardCopyOption.REPLACE_EXISTING);
            written.add(dst);
        }
        Files.write(manifest, files.stream().sorted().toList(), StandardCharsets.UTF_8);
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new GenerationResult(written, unchanged, deleted, summaries, warnings, millis);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /**
     * Command-line entry: {@code IsaGenerator <outputDirectory> <basePackage> [generation...]} generates from the
     * bundled specs (all generations when none are named).
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: IsaGenerator <outputDirectory> <basePackage> [generation...]");
            System.exit(2);
        }
        List<Generation> gens = Arrays.stream(args).skip(2).map(Generation::of).toList();
        GenerationResult r = new IsaGenerator().generate(GenerationRequest.bundled(gens, args[1], Path.of(args[0])));
        System.out.printf("amdisa: %d written, %d unchanged, %d deleted, %d warnings in %d ms%n", r.written().size(),
                r.unchanged().size(), r.deleted().size(), r.warnings().size(), r.millis());
        for (GenerationSummary s : r.generations()) {
            System.out.printf("  %s -> %s: %d instructions, %d encodings, %d variants%n", s.architecture(),
                    s.javaPackage(), s.instructions(), s.encodings(), s.variants());
        }
    }
}
