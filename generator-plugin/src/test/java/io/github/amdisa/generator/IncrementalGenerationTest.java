package io.github.amdisa.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.DefectAction;
import io.github.amdisa.isaxml.load.DefectPolicy;
import io.github.amdisa.isaxml.load.SpecSources;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The digest-based up-to-date check: an unchanged rebuild writes nothing and keeps modification times, any change
 * of spec bytes, outputs, package or defect policy regenerates, a broken spec leaves the previous output as it was.
 */
class IncrementalGenerationTest {

    @Test
    void unchangedInputsWriteNothingAndChangedConfigurationRegenerates(@TempDir Path out) throws Exception {
        IncrementalGeneration gen = new IncrementalGeneration();
        GenerationRequest request = GenerationRequest.ofSpecs(List.of(IsaGeneratorTest.tinySpec()), "t", out);
        GenerationResult first = gen.run(request, false);
        assertFalse(first.upToDate());
        Map<Path, FileTime> times = mtimes(out);
        assertTrue(times.size() >= 4, "generated files: " + times.keySet());

        GenerationResult second = gen.run(request, false);
        assertTrue(second.upToDate());
        assertEquals(List.of(), second.written());
        assertEquals(first.written().size(), second.unchanged().size());
        assertEquals(times, mtimes(out));

        // Another defect policy may load another model: it counts as a change (the files come out equal here).
        GenerationResult strict = gen.run(request.withDefectPolicy(DefectPolicy.all(DefectAction.FAIL)), false);
        assertFalse(strict.upToDate());
        assertEquals(times, mtimes(out), "regenerated files with equal content are not rewritten");
        assertTrue(gen.run(request.withDefectPolicy(DefectPolicy.all(DefectAction.FAIL)), false).upToDate());

        // A deleted generated file is noticed.
        Path enc = out.resolve("t/tiny_isa/Tiny.java");
        Files.delete(enc);
        GenerationResult repaired = gen.run(request, false);
        assertFalse(repaired.upToDate());
        assertEquals(List.of(enc), repaired.written());

        // No codec output asked for: the codec files are no longer produced, so they are deleted.
        GenerationResult interpreterOnly = gen.run(request.withOutputs(EnumSet.of(Output.INTERPRETER)), false);
        assertFalse(interpreterOnly.upToDate());
        assertTrue(Files.notExists(enc));
        assertEquals(first.written().size(), interpreterOnly.deleted().size());
    }

    @Test
    void digestCoversSpecBytesAndConfiguration(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("specs/amdgpu_isa_cdna2.xml");
        Files.createDirectories(spec.getParent());
        Files.writeString(spec, "<Spec/>");
        Path out = dir.resolve("out");
        GenerationRequest r = GenerationRequest.fromPath(spec.getParent(), List.of(), "a.b", out);
        String d = IncrementalGeneration.inputDigest(r);
        assertEquals(d, IncrementalGeneration.inputDigest(r));
        assertEquals(d, IncrementalGeneration.inputDigest(GenerationRequest.fromPath(spec.getParent(), List.of(),
                "a.b", dir.resolve("elsewhere"))), "the output folder is not an input");
        assertNotEquals(d, IncrementalGeneration.inputDigest(r.withOutputs(EnumSet.of(Output.DECODER))));
        assertNotEquals(d, IncrementalGeneration.inputDigest(r.withSpecGapOverlays(false)),
                "switching the spec-gap overlays off regenerates");
        assertEquals(d, IncrementalGeneration.inputDigest(r.withSpecGapOverlays(false).withSpecGapOverlays(true)));
        assertNotEquals(d, IncrementalGeneration.inputDigest(GenerationRequest.fromPath(spec.getParent(),
                List.of(Generation.CDNA2), "a.b", out)));
        assertNotEquals(d, IncrementalGeneration.inputDigest(GenerationRequest.fromPath(spec.getParent(), List.of(),
                "a.c", out)));
        Files.writeString(spec, "<Spec />");
        assertNotEquals(d, IncrementalGeneration.inputDigest(r));
        Files.writeString(spec.resolveSibling("notes.txt"), "not a spec");
        String withNotes = IncrementalGeneration.inputDigest(r);
        Files.writeString(spec.resolveSibling("notes.txt"), "other text");
        assertEquals(withNotes, IncrementalGeneration.inputDigest(r), "files that are no spec do not count");
    }

    /**
     * One real (bundled, reconstructed) spec in a folder: the up-to-date run, a changed spec regenerating every file
     * (the header carries the new digest), a broken spec failing with the located error while the previous output
     * stays byte for byte and time for time, and a generation no longer asked for being deleted.
     */
    @Test
    void realSpecChangedBrokenAndRemoved(@TempDir Path dir) throws Exception {
        Path specs = dir.resolve("specs");
        Files.createDirectories(specs);
        Path cdna2 = specs.resolve("amdgpu_isa_cdna2.xml");
        try (InputStream in = SpecSources.bundled(Generation.CDNA2).open()) {
            Files.copy(in, cdna2);
        }
        Path out = dir.resolve("generated");
        IncrementalGeneration gen = new IncrementalGeneration();
        // Codec only: every codec file's header names the spec digest (interpreter files need not).
        GenerationRequest request = GenerationRequest.fromPath(specs, List.of(), "x", out)
                .withOutputs(EnumSet.of(Output.DECODER));
        GenerationResult first = gen.run(request, false);
        assertEquals(1, first.generations().size());
        Path isa = out.resolve("x/cdna2/Cdna2Isa.java");
        assertTrue(Files.readString(isa).contains("Generated by amdisa from amdgpu_isa_cdna2.xml (AMD CDNA 2, "
                + "SchemaVersion 1.1.1, ReleaseDate 2026-12-02, sha256 " + sha256(cdna2) + ")"),
                "header of " + isa);

        long t0 = System.nanoTime();
        GenerationResult noop = gen.run(request, false);
        long noopMillis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(noop.upToDate());
        System.out.println("IncrementalGenerationTest: no-op run of one generation took " + noopMillis + " ms");

        String text = Files.readString(cdna2);
        Files.writeString(cdna2, text.replaceFirst("<ReleaseDate>2026-12-02</ReleaseDate>",
                "<ReleaseDate>2026-12-03</ReleaseDate>"));
        GenerationResult changed = gen.run(request, false);
        assertFalse(changed.upToDate());
        assertEquals(first.written().size(), changed.written().size(), "every header names the spec's digest");
        assertTrue(Files.readString(isa).contains("ReleaseDate 2026-12-03, sha256 " + sha256(cdna2) + ")"));

        Map<Path, FileTime> times = mtimes(out);
        Map<Path, String> contents = contents(out);
        Files.writeString(cdna2, text.replaceFirst("<BitCount>32</BitCount>", "<BitCount>3x2</BitCount>"));
        IsaGenerator.GenerationException e = assertThrows(IsaGenerator.GenerationException.class,
                () -> gen.run(request, false));
        assertTrue(e.getMessage().matches("(?s).*amdgpu_isa_cdna2\\.xml:\\d+:\\d+: error: BAD_NUMBER.*"),
                e.getMessage());
        assertEquals(times, mtimes(out));
        assertEquals(contents, contents(out));

        // Asking for a generation the inputs do not hold is a clear failure, output again untouched.
        Files.writeString(cdna2, text);
        IsaGenerator.GenerationException missing = assertThrows(IsaGenerator.GenerationException.class,
                () -> gen.run(GenerationRequest.fromPath(specs, List.of(Generation.RDNA3), "x", out), false));
        assertTrue(missing.getMessage().contains("no spec for [RDNA3]"), missing.getMessage());
        assertEquals(contents, contents(out));
    }

    @Test
    void codeDigestIsTheSameForAJarAndAFolderOfTheSameClasses(@TempDir Path dir) throws Exception {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("a/b"));
        Files.createDirectories(classes.resolve("META-INF"));
        Files.writeString(classes.resolve("a/b/C.class"), "class bytes");
        Files.writeString(classes.resolve("a/data.xml.xz"), "data");
        Files.writeString(classes.resolve("META-INF/MANIFEST.MF"), "Built-At: folder");
        Path jar = dir.resolve("code.jar");
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            for (String[] e : new String[][] {{"META-INF/MANIFEST.MF", "Built-At: jar"}, {"a/data.xml.xz", "data"},
                    {"a/b/C.class", "class bytes"}}) {
                z.putNextEntry(new java.util.zip.ZipEntry(e[0]));
                z.write(e[1].getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        String folder = IncrementalGeneration.folderDigest(classes, new IncrementalGeneration.FileHashes());
        assertEquals(folder, IncrementalGeneration.jarDigest(jar));
        Files.writeString(classes.resolve("a/b/C.class"), "other bytes");
        assertNotEquals(folder, IncrementalGeneration.folderDigest(classes, new IncrementalGeneration.FileHashes()));
    }

    private static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }

    private static Map<Path, FileTime> mtimes(Path root) throws Exception {
        Map<Path, FileTime> m = new HashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                m.put(p, Files.getLastModifiedTime(p));
            }
        }
        return m;
    }

    private static Map<Path, String> contents(Path root) throws Exception {
        Map<Path, String> m = new HashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                m.put(p, Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return m;
    }
}
