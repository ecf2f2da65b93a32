package io.github.amdisa.isaxml.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.BundledSpecs;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.SpecDump;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * AMD's GPUOpen bundle, a folder and single (plain, gzip, xz) files all give the same model as the bundled
 * resource: same SHA-256 of the uncompressed XML, same counts, same content item by item.
 */
class ZipBundleTest {

    private static final String TOP = "AMD_GPU_MR_ISA_XML_2026_08_06/";

    @TempDir
    static Path dir;

    private static Path zip;
    private static final Map<Generation, byte[]> XML = new EnumMap<>(Generation.class);

    /** Builds the bundle as GPUOpen ships it: plain .xml members under one top folder, plus non-spec members. */
    @BeforeAll
    static void buildBundle() throws IOException {
        for (Generation g : Generation.values()) {
            XML.put(g, BundledSpecs.xmlBytes(g));
        }
        zip = dir.resolve("AMD_GPU_MR_ISA_XML_2026_08_06.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry(TOP));
            out.closeEntry();
            put(out, TOP + "LICENSE.txt", "MIT License\n".getBytes(StandardCharsets.UTF_8), true);
            // An XML member that is not a spec: it must be skipped, not loaded.
            put(out, TOP + "isa_spec_notes.xml", "<Notes/>".getBytes(StandardCharsets.UTF_8), true);
            for (Generation g : Generation.values()) {
                // Both zip methods: stored and deflated members.
                put(out, TOP + g.specFileName(), XML.get(g), g.ordinal() % 2 == 0);
            }
        }
    }

    private static void put(ZipOutputStream out, String name, byte[] data, boolean deflate) throws IOException {
        ZipEntry e = new ZipEntry(name);
        if (!deflate) {
            CRC32 crc = new CRC32();
            crc.update(data);
            e.setMethod(ZipEntry.STORED);
            e.setSize(data.length);
            e.setCompressedSize(data.length);
            e.setCrc(crc.getValue());
        }
        out.putNextEntry(e);
        out.write(data);
        out.closeEntry();
    }

    @Test
    void theWholeBundleLoadsAsTheBundledSpecs() throws Exception {
        List<LoadResult> all = new SpecLoader().loadAll(zip, List.of());
        assertEquals(List.of(Generation.values()), all.stream().map(r -> r.spec().generation().orElseThrow()).toList(),
                "one spec per generation, in generation order, the non-spec members skipped");
        for (LoadResult r : all) {
            Generation g = r.spec().generation().orElseThrow();
            assertEquals(zip + "!" + TOP + g.specFileName(), r.spec().source());
            assertEquals(List.of(), r.problems());
            assertSameModel(BundledSpecs.load(g).spec(), r.spec(), g);
        }
    }

    @Test
    void aSubsetOfTheBundle() throws Exception {
        List<LoadResult> two = new SpecLoader().loadAll(zip, EnumSet.of(Generation.RDNA3, Generation.CDNA5));
        assertEquals(List.of(Generation.CDNA5, Generation.RDNA3),
                two.stream().map(r -> r.spec().generation().orElseThrow()).toList());
        for (LoadResult r : two) {
            Generation g = r.spec().generation().orElseThrow();
            assertSameModel(BundledSpecs.load(g).spec(), r.spec(), g);
        }
        assertEquals(List.of(TOP + Generation.RDNA4.specFileName()),
                SpecSources.find(zip, List.of(Generation.RDNA4)).stream()
                        .map(f -> f.name().substring(f.name().indexOf('!') + 1)).toList());
    }

    @Test
    void aFolderOfPlainAndCompressedFiles() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Files.write(folder.resolve(Generation.RDNA3.specFileName()), XML.get(Generation.RDNA3));
        writeXz(folder.resolve(Generation.CDNA5.specFileName() + ".xz"), XML.get(Generation.CDNA5));
        writeGz(folder.resolve(Generation.RDNA4.specFileName() + ".gz"), XML.get(Generation.RDNA4));
        Files.writeString(folder.resolve("README.txt"), "not a spec");
        Files.writeString(folder.resolve("my_notes.xml"), "<Notes/>");

        List<LoadResult> all = new SpecLoader().loadAll(folder, List.of());
        assertEquals(List.of(Generation.CDNA5, Generation.RDNA3, Generation.RDNA4),
                all.stream().map(r -> r.spec().generation().orElseThrow()).toList());
        for (LoadResult r : all) {
            Generation g = r.spec().generation().orElseThrow();
            assertSameModel(BundledSpecs.load(g).spec(), r.spec(), g);
        }
        List<LoadResult> one = new SpecLoader().loadAll(folder, List.of(Generation.RDNA4));
        assertEquals(1, one.size());
        assertEquals(folder.resolve(Generation.RDNA4.specFileName() + ".gz").toString(), one.get(0).spec().source());
    }

    @Test
    void singleFilesPlainGzipAndXzHaveTheSameDigest() throws Exception {
        Generation g = Generation.RDNA3;
        byte[] xml = XML.get(g);
        Path single = Files.createDirectories(dir.resolve("single"));
        Path plain = Files.write(single.resolve(g.specFileName()), xml);
        Path gz = writeGz(single.resolve(g.specFileName() + ".gz"), xml);
        Path xz = writeXz(single.resolve(g.specFileName() + ".xz"), xml);
        // A file that does not follow AMD's naming is still loaded when named directly.
        Path renamed = Files.write(single.resolve("rdna3-copy.xml"), xml);

        IsaSpec bundled = BundledSpecs.load(g).spec();
        assertEquals(sha256(xml), bundled.sha256(), "the digest is over the uncompressed XML");
        for (Path p : List.of(plain, gz, xz, renamed)) {
            IsaSpec spec = new SpecLoader().load(p).spec();
            assertEquals(p.toString(), spec.source());
            assertSameModel(bundled, spec, g);
        }
        List<LoadResult> viaFind = new SpecLoader().loadAll(renamed, List.of(Generation.CDNA1));
        assertEquals(1, viaFind.size(), "a directly named file has no generation in its name, so no filter applies");
    }

    /** Same digest, counts and content; the lists are compared because {@code IsaSpec} compares by identity. */
    private static void assertSameModel(IsaSpec expected, IsaSpec actual, Generation g) {
        assertEquals(sha256(XML.get(g)), actual.sha256(), g + " sha256");
        assertEquals(expected.sha256(), actual.sha256(), g + " sha256");
        assertEquals(expected.instructions().size(), actual.instructions().size());
        assertEquals(expected.encodings().size(), actual.encodings().size());
        assertEquals(expected.dataFormats().size(), actual.dataFormats().size());
        assertEquals(expected.operandTypes().size(), actual.operandTypes().size());
        // A few direct list comparisons of records whose equality does not involve the file name...
        assertEquals(expected.document(), actual.document());
        assertEquals(expected.architecture(), actual.architecture());
        assertEquals(expected.functionalGroups(), actual.functionalGroups());
        assertEquals(expected.instructions().stream().map(Instruction::name).toList(),
                actual.instructions().stream().map(Instruction::name).toList());
        assertEquals(expected.encodings().stream().map(Encoding::identifiers).toList(),
                actual.encodings().stream().map(Encoding::identifiers).toList());
        assertEquals(expected.encodings().stream().map(Encoding::identifierMask).toList(),
                actual.encodings().stream().map(Encoding::identifierMask).toList());
        // ...and everything else (opcodes, operand lists, fields, conditions, formats, types) item by item.
        SpecDump.assertSameContent(expected, actual);
    }

    private static Path writeXz(Path p, byte[] data) throws IOException {
        try (OutputStream out = new XZOutputStream(Files.newOutputStream(p), new LZMA2Options(1))) {
            out.write(data);
        }
        return p;
    }

    private static Path writeGz(Path p, byte[] data) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(data);
        }
        return p;
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
