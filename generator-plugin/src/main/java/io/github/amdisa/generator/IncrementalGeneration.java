package io.github.amdisa.generator;

import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Runs the {@link IsaGenerator} only when its inputs changed. The inputs are summarised in one SHA-256: the bytes of
 * every spec input (the files, the XML files of a folder, the zip), the generator's own code and data (the jars or
 * class folders of the generator, of {@code amdisa-isa-xml} with its bundled specs and pseudocode, and of JavaPoet)
 * and the normalised request (generations, outputs, base package, defect policy). The digest of the last
 * successful run is kept in {@value #STATE} in the output directory; when it matches and every file listed in the
 * generator's manifest is still there, nothing is loaded, generated or written.
 *
 * <p>Build tools' own change detection is not used on purpose: Maven's {@code BuildContext} reports every file as
 * changed on a command-line build.
 */
public final class IncrementalGeneration {

    /** The file that holds the digest of the last successful run's inputs. */
    public static final String STATE = ".amdisa-state";

    private static final String STATE_PREFIX = "amdisa-inputs-sha256 ";

    private final IsaGenerator generator;

    public IncrementalGeneration() {
        this(new IsaGenerator());
    }

    public IncrementalGeneration(IsaGenerator generator) {
        this.generator = generator;
    }

    /**
     * Generates unless the output is up to date with the request's inputs ({@code force} generates anyway). The
     * recorded digest is removed before generating and written only after the generator succeeded, so an
     * interrupted or failed run is never taken for an up-to-date one.
     *
     * @throws IsaGenerator.GenerationException when a spec cannot be loaded or generated from
     * @throws IOException when the inputs cannot be read for the digest or the output cannot be written
     */
    public GenerationResult run(GenerationRequest request, boolean force)
            throws IsaGenerator.GenerationException, IOException {
        long start = System.nanoTime();
        Path out = request.outputDirectory().toAbsolutePath().normalize();
        Path state = out.resolve(STATE);
        FileHashes hashes = FileHashes.read(state);
        String digest = inputDigest(request, hashes);
        if (!force) {
            List<Path> files = upToDateFiles(out, digest);
            if (files != null) {
                return new GenerationResult(List.of(), files, List.of(), List.of(), List.of(),
                        (System.nanoTime() - start) / 1_000_000, true);
            }
        }
        Files.deleteIfExists(state);
        GenerationResult result = generator.generate(request);
        Files.writeString(state, STATE_PREFIX + digest + "\n" + hashes.lines(), StandardCharsets.UTF_8);
        return result;
    }

    /** The files of the previous run when its digest is {@code digest} and all of them exist; otherwise null. */
    private static List<Path> upToDateFiles(Path out, String digest) throws IOException {
        Path state = out.resolve(STATE);
        Path manifest = out.resolve(IsaGenerator.MANIFEST);
        if (!Files.isRegularFile(state) || !Files.isRegularFile(manifest)) {
            return null;
        }
        List<String> lines = Files.readAllLines(state, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).strip().equals(STATE_PREFIX + digest)) {
            return null;
        }
        List<Path> files = new ArrayList<>();
        for (String rel : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
            if (rel.isBlank()) {
                continue;
            }
            Path p = out.resolve(rel).normalize();
            if (!Files.isRegularFile(p)) {
                return null;
            }
            files.add(p);
        }
        return files;
    }

    /**
     * The SHA-256 (hex) of everything the output depends on: spec bytes, generator code and data, normalised
     * configuration. Equal digests mean equal generated files.
     */
    public static String inputDigest(GenerationRequest request) throws IOException {
        return inputDigest(request, new FileHashes());
    }

    private static String inputDigest(GenerationRequest request, FileHashes hashes) throws IOException {
        MessageDigest sha = sha256();
        StringBuilder config = new StringBuilder("amdisa-generation 1\n");
        for (Class<?> c : new Class<?>[] {IsaGenerator.class, SpecLoader.class, com.palantir.javapoet.JavaFile.class}) {
            config.append("code ").append(codeDigest(c, hashes)).append('\n');
        }
        for (IsaSpec spec : request.specs()) {
            config.append("spec ").append(spec.source()).append(' ').append(spec.sha256()).append('\n');
        }
        for (Path input : request.specInputs()) {
            Path p = input.toAbsolutePath().normalize();
            config.append("input ").append(p).append(' ').append(contentDigest(p, hashes)).append('\n');
        }
        if (request.usesBundledSpecs()) {
            config.append("bundled\n"); // the bundled data is part of the isa-xml code digest above
        }
        config.append("generations ").append(request.generations().isEmpty() ? "all"
                : request.generations().stream().map(Enum::name).sorted().toList()).append('\n');
        config.append("outputs ").append(request.outputs()).append('\n');
        config.append("package ").append(request.basePackage()).append('\n');
        config.append("defects ").append(request.defectPolicy()).append('\n');
        config.append("overlays ").append(request.specGapOverlays()).append('\n');
        sha.update(config.toString().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The digest of a spec input: a file's bytes, or the names and bytes of a folder's XML files. */
    static String contentDigest(Path input, FileHashes hashes) throws IOException {
        if (Files.isDirectory(input)) {
            MessageDigest sha = sha256();
            try (Stream<Path> s = Files.list(input)) {
                for (Path p : s.sorted().toList()) {
                    String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                    if (Files.isRegularFile(p) && (n.endsWith(".xml") || n.endsWith(".xml.gz")
                            || n.endsWith(".xml.xz") || n.endsWith(".zip"))) {
                        sha.update((p.getFileName() + " " + hashes.of(p) + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
            return "dir:" + HexFormat.of().formatHex(sha.digest());
        }
        if (!Files.exists(input)) {
            throw new java.io.FileNotFoundException("No spec input at " + input);
        }
        return hashes.of(input);
    }

    /** The SHA-256 (hex) of a file's bytes. */
    public static String fileDigest(Path file) throws IOException {
        MessageDigest sha = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The digest of the classes and resources of the jar or class folder {@code c} was loaded from (entry names and
     * contents, without {@code META-INF/}), so that a rebuilt snapshot of the generator counts as a new generator
     * version while the same code gives the same digest whether the build resolves it as a jar or as a folder.
     */
    static String codeDigest(Class<?> c, FileHashes hashes) throws IOException {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null || !"file".equals(location.getProtocol())) {
            return "unknown:" + c.getName() + "@" + c.getPackage().getImplementationVersion();
        }
        Path p;
        try {
            p = Path.of(location.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return "unknown:" + location;
        }
        return Files.isDirectory(p) ? folderDigest(p, hashes) : hashes.ofJar(p);
    }

    /** The {@link #entriesDigest} of a class folder's files outside {@code META-INF/}. */
    static String folderDigest(Path p, FileHashes hashes) throws IOException {
        java.util.SortedMap<String, String> entries = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String name = p.relativize(f).toString().replace('\\', '/');
                if (!name.startsWith("META-INF/")) {
                    entries.put(name, hashes.of(f));
                }
            }
        }
        return entriesDigest(entries);
    }

    private static String entriesDigest(java.util.SortedMap<String, String> entries) {
        MessageDigest sha = sha256();
        entries.forEach((name, digest) -> sha.update((name + " " + digest + "\n").getBytes(StandardCharsets.UTF_8)));
        return "code:" + HexFormat.of().formatHex(sha.digest());
    }

    /** The {@link #entriesDigest} of a jar's entries outside {@code META-INF/}. */
    static String jarDigest(Path jar) throws IOException {
        java.util.SortedMap<String, String> entries = new java.util.TreeMap<>();
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
            for (java.util.zip.ZipEntry e : java.util.Collections.list(z.entries())) {
                if (e.isDirectory() || e.getName().startsWith("META-INF/")) {
                    continue;
                }
                MessageDigest sha = sha256();
                try (InputStream in = z.getInputStream(e)) {
                    byte[] buf = new byte[1 << 16];
                    for (int n; (n = in.read(buf)) > 0; ) {
                        sha.update(buf, 0, n);
                    }
                }
                entries.put(e.getName(), HexFormat.of().formatHex(sha.digest()));
            }
        }
        return entriesDigest(entries);
    }

    /**
     * File digests remembered by path, size and modification time, so that an up-to-date check stats the inputs
     * instead of hashing megabytes in a cold JVM. The memo lives in the state file; a file whose size or time
     * changed is hashed again, and only the digests are compared, never the times.
     */
    static final class FileHashes {
        private final java.util.Map<String, String> known = new java.util.HashMap<>();
        private final java.util.Map<String, String> used = new java.util.TreeMap<>();

        static FileHashes read(Path state) throws IOException {
            FileHashes h = new FileHashes();
            if (Files.isRegularFile(state)) {
                for (String line : Files.readAllLines(state, StandardCharsets.UTF_8)) {
                    if (line.startsWith("file ")) {
                        String[] parts = line.split(" ", 3);
                        if (parts.length == 3) {
                            h.known.put(parts[2], parts[1]);
                        }
                    }
                }
            }
            return h;
        }

        String of(Path file) throws IOException {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(file,
                    java.nio.file.attribute.BasicFileAttributes.class);
            String key = a.size() + " " + a.lastModifiedTime() + " " + file.toAbsolutePath().normalize();
            String digest = known.get(key);
            if (digest == null) {
                digest = fileDigest(file);
            }
            used.put(key, digest);
            return digest;
        }

        /** The {@link IncrementalGeneration#jarDigest} of a jar, remembered like file digests. */
        String ofJar(Path jar) throws IOException {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(jar,
                    java.nio.file.attribute.BasicFileAttributes.class);
            String key = "jar " + a.size() + " " + a.lastModifiedTime() + " " + jar.toAbsolutePath().normalize();
            String digest = known.get(key);
            if (digest == null) {
                digest = jarDigest(jar);
            }
            used.put(key, digest);
            return digest;
        }

        String lines() {
            StringBuilder b = new StringBuilder();
            used.forEach((key, digest) -> b.append("file ").append(digest).append(' ').append(key).append('\n'));
            return b.toString();
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /**
     * Command-line entry and measurement: {@code IncrementalGeneration <outputDirectory> <basePackage>
     * [generation...]} generates from the bundled specs unless the output is up to date, and prints which it was and
     * how long it took (run it twice to see the up-to-date check).
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: IncrementalGeneration <outputDirectory> <basePackage> [generation...]");
            System.exit(2);
        }
        List<io.github.amdisa.isaxml.Generation> gens = java.util.Arrays.stream(args).skip(2)
                .map(io.github.amdisa.isaxml.Generation::of).toList();
        long t0 = System.nanoTime();
        GenerationResult r = new IncrementalGeneration().run(GenerationRequest.bundled(gens, args[1], Path.of(args[0])),
                false);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        if (r.upToDate()) {
            System.out.printf("amdisa: up to date, %d files checked in %d ms (wall %d ms)%n", r.unchanged().size(),
                    r.millis(), millis);
        } else {
            System.out.printf("amdisa: %d generations, %d written, %d unchanged, %d deleted in %d ms (wall %d ms)%n",
                    r.generations().size(), r.written().size(), r.unchanged().size(), r.deleted().size(), r.millis(),
                    millis);
        }
    }
}
