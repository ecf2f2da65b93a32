package io.github.amdisa.isaxml.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader's {@link InputLimits} and the other hardening against hostile input, on {@link MalformedSpecTest#MINI}
 * with small limits so that each limit is reached exactly where the test puts the excess. The corpus of hostile
 * files derived from a real spec is generator-plugin's {@code HostileSpecTest}.
 */
class InputLimitsTest {

    private static final String FILE = "mini.xml";
    private static final String MINI = MalformedSpecTest.MINI;

    @Test
    void theMiniSpecLoadsUnderTightButSufficientLimits() throws SpecLoadException {
        loader(new InputLimits(MINI.length(), 400, 16, 10)).load(file(MINI));
    }

    @Test
    void aFileLargerThanTheLimitStopsAtTheLimit() {
        SpecProblem p = onlyError(fails(new InputLimits(MINI.length() / 2, 1 << 20, 256, 100), MINI));
        assertEquals(ProblemKind.LIMIT_EXCEEDED, p.kind());
        assertTrue(p.message().contains("larger than the limit of " + MINI.length() / 2 + " bytes"), p::toString);
        assertTrue(p.location().line() > 1, p::toString);
    }

    @Test
    void aLongTextIsReportedWhereItStarts() {
        String bad = MINI.replace("<License>MIT</License>", "<License>" + "M".repeat(5000) + "</License>");
        SpecProblem p = onlyError(fails(new InputLimits(1 << 20, 1000, 256, 100), bad));
        assertEquals(ProblemKind.LIMIT_EXCEEDED, p.kind());
        Pos start = position(bad, bad.indexOf("<License>"));
        assertEquals(start, new Pos(p.location().line(), p.location().column()), p::toString);
    }

    @Test
    void aLongAttributeIsALongTag() {
        String bad = MINI.replace("<Encoding Order=\"-1\">", "<Encoding Order=\"" + "1".repeat(5000) + "\">");
        SpecProblem p = onlyError(fails(new InputLimits(1 << 20, 1000, 256, 100), bad));
        assertEquals(ProblemKind.LIMIT_EXCEEDED, p.kind());
        assertEquals(position(bad, bad.indexOf("<Encoding Order=\"1")), new Pos(p.location().line(),
                p.location().column()), p::toString);
    }

    @Test
    void nestingDeeperThanTheLimitStops() {
        String bad = MINI.replace("<Sensitivity>", "<x>".repeat(40) + "</x>".repeat(40) + "<Sensitivity>");
        SpecProblem p = onlyError(fails(new InputLimits(1 << 20, 1 << 20, 20, 100), bad));
        assertEquals(ProblemKind.LIMIT_EXCEEDED, p.kind());
        assertTrue(p.message().contains("nested deeper"), p::toString);
        assertEquals(MalformedSpecTest.tagAt(bad, bad.indexOf("<Sensitivity>")).line(), p.location().line());
    }

    @Test
    void theProblemCountIsBounded() {
        String bad = MINI.replaceFirst("<Document>", "<Junk/>".repeat(50) + "<Document>");
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> new SpecLoader().withLimits(new InputLimits(1 << 20, 1 << 20, 256, 10)).load(file(bad)));
        assertEquals(11, e.problems().size(), "ten warnings, then the error that stops the load");
        SpecProblem last = e.problems().get(10);
        assertEquals(ProblemKind.LIMIT_EXCEEDED, last.kind());
        assertEquals(Severity.ERROR, last.severity());
        assertTrue(last.location().line() > 0, last::toString);
    }

    @Test
    void contentAfterTheRootElementIsAnError() {
        SpecProblem p = onlyError(fails(InputLimits.defaults(), MINI + "trailing junk"));
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertEquals(MINI.split("\n", -1).length, p.location().line(), p::toString);
    }

    @Test
    void aMegabyteNumberIsABadNumberWithAShortMessage() {
        String bad = MINI.replace("<Opcode Radix=\"10\">1</Opcode>", "<Opcode Radix=\"10\">" + "7".repeat(1_000_000)
                + "</Opcode>");
        SpecLoadException e = fails(InputLimits.defaults(), bad);
        SpecProblem p = e.errors().get(0);
        assertEquals(ProblemKind.BAD_NUMBER, p.kind(), e::getMessage);
        assertTrue(p.message().length() < 1100, "message of " + p.message().length() + " chars");
        assertTrue(e.getMessage().length() < 10_000);
    }

    @Test
    void aFieldOffsetNearTheIntLimitDoesNotWrapAround() {
        String bad = MINI.replaceFirst("<BitOffset>0</BitOffset>", "<BitOffset>2147483647</BitOffset>");
        SpecLoadException e = fails(InputLimits.defaults(), bad);
        assertTrue(e.errors().stream().anyMatch(p -> p.kind() == ProblemKind.FIELD_OUT_OF_RANGE
                && p.message().contains("2147483647..")), e::getMessage);
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new InputLimits(0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new InputLimits(1, 1, 1, -1));
    }

    @Test
    void zipMembersThatLeaveTheBundleAreRefused(@TempDir Path dir) throws IOException {
        for (String name : List.of("../amdgpu_isa_rdna3.xml", "/abs/amdgpu_isa_rdna3.xml",
                "x/../../amdgpu_isa_rdna3.xml", "C:/amdgpu_isa_rdna3.xml", "..\\amdgpu_isa_rdna3.xml")) {
            Path zip = dir.resolve("bundle" + Math.abs(name.hashCode()) + ".zip");
            try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
                z.putNextEntry(new ZipEntry(name));
                z.write(MINI.getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
            IOException e = assertThrows(IOException.class, () -> SpecSources.find(zip, List.of()), name);
            assertTrue(e.getMessage().contains(name), e::getMessage);
        }
        assertTrue(SpecSources.isSafeMemberName("AMD_GPU_MR_ISA_XML/amdgpu_isa_rdna3.xml"));
        assertTrue(SpecSources.isSafeMemberName("a..b/amdgpu_isa_rdna3.xml"));
    }

    @Test
    void twoFilesForOneGenerationAreRefused(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("amdgpu_isa_rdna3.xml"), MINI);
        try (OutputStream out = new java.util.zip.GZIPOutputStream(
                Files.newOutputStream(dir.resolve("amdgpu_isa_rdna3.xml.gz")))) {
            out.write(MINI.getBytes(StandardCharsets.UTF_8));
        }
        IOException e = assertThrows(IOException.class, () -> SpecSources.find(dir, List.of()));
        assertTrue(e.getMessage().contains("Two spec files for RDNA3"), e::getMessage);
    }

    // ------------------------------------------------------------------ helpers

    record Pos(int line, int column) {
    }

    /** Line and 1-based column of a character index (the spec text is ASCII, so bytes and characters agree). */
    private static Pos position(String text, int index) {
        int line = (int) text.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
        int lineStart = text.lastIndexOf('\n', index - 1) + 1;
        return new Pos(line, index - lineStart + 1);
    }

    private static SpecLoader loader(InputLimits limits) {
        return new SpecLoader().withLimits(limits);
    }

    private static SpecFile file(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return new SpecFile(FILE, Optional.empty(), () -> new ByteArrayInputStream(b));
    }

    private static SpecLoadException fails(InputLimits limits, String text) {
        return assertThrows(SpecLoadException.class, () -> loader(limits).load(file(text)));
    }

    private static SpecProblem onlyError(SpecLoadException e) {
        assertEquals(1, e.errors().size(), e::getMessage);
        SpecProblem p = e.errors().get(0);
        assertEquals(FILE, p.location().file());
        return p;
    }
}
