package io.github.amdisa.generator;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.ProblemKind;
import io.github.amdisa.isaxml.load.SpecSources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * A corpus of hostile spec inputs, each derived mechanically from the bundled, reconstructed CDNA 2 spec (the
 * smallest of the ten; reconstructed from public facts, not AMD's file): truncations, wrong or broken encodings,
 * binary garbage, oversized texts, attributes and numbers, deep nesting, element floods, entity expansion and
 * external entities, XInclude, deleted and duplicated elements, bad radixes and bit ranges, absurd sizes, corrupt
 * compression and zip bundles with bombs, traversing or duplicate members. The attacks that aim at memory sit near
 * the top of the file, so that a loader that stops at them reads little else.
 *
 * <p>The schema has no references that could form a cycle (instructions name encodings, conditions, operand types
 * and data formats; none of those names anything), so there is no cyclic-reference case.
 */
final class HostileSpecs {

    /** How a case must fail. */
    enum Expect {
        /** A {@code SpecLoadException} with an error located at a line and column of the hostile file. */
        LOCATED,
        /** A {@code SpecLoadException} with an error naming the file (compression errors have no XML position). */
        FILE,
        /** The input is refused as a whole before any file is parsed (an {@code IOException} naming it). */
        INPUT
    }

    /**
     * One hostile input.
     *
     * @param name a file-system-safe name
     * @param attack what the input tries
     * @param expect how it must fail
     * @param kind the problem kind expected among the errors, or null when any located error will do
     * @param explosive whether it aims at memory or time (these also run in a JVM with a small heap)
     * @param writer writes the input into a folder of its own and returns the path to hand to amdisa
     */
    record Case(String name, String attack, Expect expect, ProblemKind kind, boolean explosive, Writer writer) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface Writer {
        Path write(Path dir) throws IOException;
    }

    /** The marker written into files that external references point at; it must never appear in any output. */
    static final String SECRET = "AMDISA-HOSTILE-SECRET-91c4";

    static final Generation BASE = Generation.CDNA2;
    static final String FILE = BASE.specFileName();

    private static String base;

    private HostileSpecs() {
    }

    /** The base spec's text. */
    static synchronized String base() throws IOException {
        if (base == null) {
            try (InputStream in = SpecSources.bundled(BASE).open()) {
                base = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        return base;
    }

    static List<Case> all() {
        List<Case> c = new ArrayList<>();
        // ---- truncated, wrongly encoded and garbage input
        c.add(new Case("truncated-mid-tag", "the file ends inside a start tag", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> {
                    String b = base();
                    int at = b.indexOf("<Opcode Radix", b.length() / 2);
                    return text(d, b.substring(0, at + 9));
                }));
        c.add(new Case("truncated-mid-utf8", "the file ends inside a multi-byte UTF-8 character", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> {
                    byte[] b = edit(base(), "<Description>Scalar ALU operations", "<Description>Scalar ALU "
                            + "op\u00e9rations").getBytes(StandardCharsets.UTF_8);
                    int at = indexOf(b, new byte[] {(byte) 0xc3});
                    return bytes(d, FILE, Arrays.copyOf(b, at + 1));
                }));
        c.add(new Case("only-a-declaration", "an XML declaration and nothing else", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> text(d, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")));
        c.add(new Case("declared-utf16", "UTF-8 bytes under an encoding=\"UTF-16\" declaration", Expect.LOCATED,
                ProblemKind.UNREADABLE, false,
                d -> text(d, "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + base())));
        c.add(new Case("declared-unknown-charset", "an encoding declaration naming no known charset",
                Expect.LOCATED, ProblemKind.UNREADABLE, false,
                d -> text(d, "<?xml version=\"1.0\" encoding=\"x-amdisa-no-such-charset\"?>\n" + base())));
        c.add(new Case("invalid-utf8", "a byte sequence that is not UTF-8 inside a description", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> {
                    byte[] b = edit(base(), "<Description>Scalar ALU operations", "<Description>Scalar ALU #")
                            .getBytes(StandardCharsets.UTF_8);
                    int at = indexOf(b, "#".getBytes(StandardCharsets.UTF_8));
                    b[at] = (byte) 0xc3;
                    b[at + 1] = (byte) 0x28;
                    return bytes(d, FILE, b);
                }));
        c.add(new Case("binary-garbage", "64 KiB of random bytes", Expect.LOCATED, ProblemKind.UNREADABLE, false,
                d -> bytes(d, FILE, random(65536, 1))));
        c.add(new Case("garbage-after-root", "the whole spec followed by random bytes", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> {
                    byte[] b = base().getBytes(StandardCharsets.UTF_8);
                    byte[] junk = random(4096, 2);
                    junk[0] = 'x';
                    byte[] all = Arrays.copyOf(b, b.length + junk.length);
                    System.arraycopy(junk, 0, all, b.length, junk.length);
                    return bytes(d, FILE, all);
                }));
        c.add(new Case("second-root", "a second <Spec> after the first", Expect.LOCATED, ProblemKind.UNREADABLE,
                false, d -> text(d, base() + "<Spec><ISA/></Spec>\n")));
        c.add(new Case("nul-character", "a NUL character inside a description", Expect.LOCATED,
                ProblemKind.UNREADABLE, false,
                d -> text(d, edit(base(), "<Description>Scalar ALU operations", "<Description>Scalar\0ALU"))));
        c.add(new Case("control-character-reference", "&#1; (not an XML 1.0 character) in a description",
                Expect.LOCATED, ProblemKind.UNREADABLE, false,
                d -> text(d, edit(base(), "<Description>Scalar ALU operations", "<Description>Scalar&#1;ALU"))));
        // ---- size and depth
        c.add(new Case("huge-text", "a 160 MiB copyright text (gzip, 160 KiB on disk)", Expect.LOCATED,
                ProblemKind.LIMIT_EXCEEDED, true, d -> gzipWithFilling(d, "<Copyright>", 'A', 160L << 20)));
        c.add(new Case("huge-attribute", "a 160 MiB attribute value on an element (gzip)", Expect.LOCATED,
                ProblemKind.LIMIT_EXCEEDED, true, d -> gzipWithFilling(d, "<Encoding Order=\"", '7', 160L << 20)));
        c.add(new Case("huge-number", "an opcode with a million decimal digits", Expect.LOCATED,
                ProblemKind.BAD_NUMBER, true,
                d -> text(d, edit(base(), "<Opcode Radix=\"10\">0<", "<Opcode Radix=\"10\">" + "9".repeat(1_000_000)
                        + "<"))));
        c.add(new Case("deep-condition", "a condition expression nested 100,000 levels deep", Expect.LOCATED,
                ProblemKind.LIMIT_EXCEEDED, true, d -> text(d, edit(base(), "<lit val=\"1\"/>",
                        "<op type=\"!\">".repeat(100_000) + "<lit val=\"1\"/>" + "</op>".repeat(100_000)))));
        c.add(new Case("deep-unknown-elements", "a million nested unknown elements under <Document>",
                Expect.LOCATED, ProblemKind.LIMIT_EXCEEDED, true, d -> text(d, edit(base(), "<Sensitivity>",
                        "<x>".repeat(1_000_000) + "</x>".repeat(1_000_000) + "<Sensitivity>"))));
        c.add(new Case("element-flood", "20 million unknown elements (gzip; each would be a warning)",
                Expect.LOCATED, ProblemKind.LIMIT_EXCEEDED, true, d -> {
                    Path p = d.resolve(FILE + ".gz");
                    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p), 1 << 16)) {
                        out.write("<Spec>\n".getBytes(StandardCharsets.UTF_8));
                        byte[] chunk = "<Junk/>".repeat(10_000).getBytes(StandardCharsets.UTF_8);
                        for (int i = 0; i < 2_000; i++) {
                            out.write(chunk);
                        }
                        out.write("</Spec>\n".getBytes(StandardCharsets.UTF_8));
                    }
                    return p;
                }));
        c.add(new Case("comment-flood", "300 MiB of comments (gzip): only the file size limit stops it",
                Expect.LOCATED, ProblemKind.LIMIT_EXCEEDED, true, d -> {
                    String b = base();
                    int at = b.indexOf("<ISA>");
                    Path p = d.resolve(FILE + ".gz");
                    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p), 1 << 16)) {
                        out.write(b.substring(0, at).getBytes(StandardCharsets.UTF_8));
                        byte[] chunk = "<!-- amdisa -->\n".repeat(4096).getBytes(StandardCharsets.UTF_8);
                        for (long n = 0; n < (300L << 20); n += chunk.length) {
                            out.write(chunk);
                        }
                        out.write(b.substring(at).getBytes(StandardCharsets.UTF_8));
                    }
                    return p;
                }));
        c.add(new Case("long-element-name", "an element name of 100,000 characters", Expect.LOCATED, null, true,
                d -> text(d, edit(base(), "<Sensitivity>", "<" + "N".repeat(100_000) + "/><Sensitivity>"))));
        c.add(new Case("many-attributes", "an element with 20,000 attributes", Expect.LOCATED, null, true,
                d -> {
                    StringBuilder a = new StringBuilder("<Encoding Order=\"-1\"");
                    for (int i = 0; i < 20_000; i++) {
                        a.append(" a").append(i).append("=\"").append(i).append('"');
                    }
                    return text(d, edit(base(), "<Encoding Order=\"-1\"", a.toString()));
                }));
        // ---- DTDs, entities, external references
        c.add(new Case("billion-laughs-1gb", "nested entities that expand to 1 GB of text", Expect.LOCATED,
                ProblemKind.UNREADABLE, true, d -> {
                    StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n");
                    dtd.append(" <!ENTITY l0 \"").append("laugh".repeat(20)).append("\">\n"); // 100 bytes
                    for (int i = 1; i <= 7; i++) {
                        dtd.append(" <!ENTITY l").append(i).append(" \"").append(("&l" + (i - 1) + ";").repeat(10))
                                .append("\">\n");
                    }
                    dtd.append("]>\n"); // l7 = 10^7 x 100 bytes = 1 GB
                    return text(d, dtd + edit(base(), "<Copyright>", "<Copyright>&l7;"));
                }));
        c.add(new Case("quadratic-blowup", "one 1 MB entity referenced 10,000 times", Expect.LOCATED,
                ProblemKind.UNREADABLE, true, d -> text(d, "<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n <!ENTITY a \""
                        + "A".repeat(1_000_000) + "\">\n]>\n"
                        + edit(base(), "<Copyright>", "<Copyright>" + "&a;".repeat(10_000)))));
        c.add(new Case("external-entity", "an external general entity reading a local file", Expect.LOCATED,
                ProblemKind.UNREADABLE, false, d -> {
                    Path secret = secret(d);
                    return text(d, "<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n <!ENTITY x SYSTEM \""
                            + secret.toUri() + "\">\n]>\n" + edit(base(), "<Copyright>", "<Copyright>&x;"));
                }));
        c.add(new Case("external-dtd", "an external DTD (which would declare an entity reading a local file)",
                Expect.LOCATED, ProblemKind.UNREADABLE, false, d -> {
                    Path secret = secret(d);
                    Path dtd = d.resolve("evil.dtd");
                    Files.writeString(dtd, "<!ENTITY x SYSTEM \"" + secret.toUri() + "\">\n");
                    return text(d, "<?xml version=\"1.0\"?>\n<!DOCTYPE Spec SYSTEM \"" + dtd.toUri() + "\">\n"
                            + edit(base(), "<Copyright>", "<Copyright>&x;"));
                }));
        c.add(new Case("external-parameter-entity", "an external parameter entity in the internal subset",
                Expect.LOCATED, ProblemKind.UNREADABLE, false, d -> {
                    Path secret = secret(d);
                    return text(d, "<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n <!ENTITY % p SYSTEM \""
                            + secret.toUri() + "\">\n %p;\n]>\n" + base());
                }));
        c.add(new Case("xinclude", "an xi:include of a local file in place of an encoding name", Expect.LOCATED,
                null, false, d -> {
                    Path secret = secret(d);
                    return text(d, edit(base(), "<EncodingName>ENC_SOP1</EncodingName>", "<EncodingName><xi:include"
                            + " xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"" + secret.toUri()
                            + "\" parse=\"text\"/></EncodingName>"));
                }));
        c.add(new Case("foreign-namespace", "the root element in a foreign namespace", Expect.LOCATED, null, false,
                d -> text(d, edit(base(), "<Spec>", "<Spec xmlns=\"urn:amdisa:not-amd\">"))));
        // ---- deleted elements
        c.add(new Case("deleted-encodings", "the whole <Encodings> section deleted", Expect.LOCATED,
                ProblemKind.UNKNOWN_ENCODING, false, d -> text(d, cut(base(), "<Encodings>", "</Encodings>"))));
        c.add(new Case("deleted-microcode-format", "ENC_SOP1's bit map deleted", Expect.LOCATED,
                ProblemKind.UNKNOWN_FIELD, false, d -> text(d, cut(base(), "<MicrocodeFormat>",
                        "</MicrocodeFormat>"))));
        c.add(new Case("deleted-opcode", "the first instruction encoding's <Opcode> deleted", Expect.LOCATED,
                ProblemKind.MISSING_ELEMENT, false, d -> text(d, cut(base(), "<Opcode Radix=\"10\">0", "</Opcode>"))));
        c.add(new Case("deleted-instruction-name", "the first instruction's name deleted", Expect.LOCATED,
                ProblemKind.MISSING_ELEMENT, false, d -> text(d, cut(base(), "<InstructionName>S_MOV_B32",
                        "</InstructionName>"))));
        // ---- numbers and radixes
        c.add(new Case("radix-3", "Radix=\"3\" on an encoding identifier", Expect.LOCATED, ProblemKind.BAD_NUMBER,
                false, d -> text(d, edit(base(), "<EncodingIdentifier Radix=\"2\">", "<EncodingIdentifier Radix=\"3\">"))));
        c.add(new Case("radix-overflow", "a radix beyond the int range on an opcode", Expect.LOCATED,
                ProblemKind.BAD_NUMBER, false, d -> text(d, edit(base(), "<Opcode Radix=\"10\">0<",
                        "<Opcode Radix=\"4294967306\">0<"))));
        c.add(new Case("negative-opcode", "an opcode of -1", Expect.LOCATED, ProblemKind.BAD_NUMBER, false,
                d -> text(d, edit(base(), "<Opcode Radix=\"10\">0<", "<Opcode Radix=\"10\">-1<"))));
        // ---- bit ranges and sizes
        c.add(new Case("overlapping-fields", "SDST moved onto part of OP in ENC_SOP1", Expect.LOCATED,
                ProblemKind.OVERLAPPING_FIELDS, false, d -> text(d, edit(base(),
                        "<BitCount>7</BitCount>\n                                    <BitOffset>16</BitOffset>",
                        "<BitCount>7</BitCount>\n                                    <BitOffset>12</BitOffset>"))));
        c.add(new Case("field-wider-than-encoding", "a 64-bit field in the 32-bit ENC_SOP1", Expect.LOCATED,
                ProblemKind.FIELD_OUT_OF_RANGE, false, d -> text(d, edit(base(),
                        "<BitCount>8</BitCount>\n                                    <BitOffset>0</BitOffset>",
                        "<BitCount>64</BitCount>\n                                    <BitOffset>0</BitOffset>"))));
        c.add(new Case("negative-bit-offset", "a field at bit offset -1", Expect.LOCATED, null, false,
                d -> text(d, edit(base(), "<BitOffset>0</BitOffset>", "<BitOffset>-1</BitOffset>"))));
        c.add(new Case("overflowing-bit-offset", "a field at bit offset 2^31-1 (offset + count overflows)",
                Expect.LOCATED, null, false,
                d -> text(d, edit(base(), "<BitOffset>0</BitOffset>", "<BitOffset>2147483647</BitOffset>"))));
        c.add(new Case("overflowing-bit-count", "a field of 2^32 bits", Expect.LOCATED, ProblemKind.BAD_NUMBER,
                false, d -> text(d, edit(base(), "<BitCount>8</BitCount>", "<BitCount>4294967296</BitCount>"))));
        c.add(new Case("absurd-encoding-size", "an encoding of 2^31-32 bits", Expect.LOCATED,
                ProblemKind.WIDTH_MISMATCH, true,
                d -> text(d, edit(base(), "<BitCount>32</BitCount>", "<BitCount>2147483616</BitCount>"))));
        c.add(new Case("negative-encoding-size", "an encoding of -32 bits", Expect.LOCATED,
                ProblemKind.WIDTH_MISMATCH, false,
                d -> text(d, edit(base(), "<BitCount>32</BitCount>", "<BitCount>-32</BitCount>"))));
        c.add(new Case("absurd-range-count", "RangeCount=\"2147483647\" on a one-range layout", Expect.LOCATED,
                ProblemKind.RANGE_COUNT_MISMATCH, false,
                d -> text(d, edit(base(), "<BitLayout RangeCount=\"1\">", "<BitLayout RangeCount=\"2147483647\">"))));
        // ---- duplicates
        c.add(new Case("duplicate-instruction", "the first instruction declared twice", Expect.LOCATED,
                ProblemKind.DUPLICATE_INSTRUCTION, false, d -> {
                    String b = base();
                    String first = block(b, "<Instruction>", "</Instruction>");
                    return text(d, edit(b, first, first + "\n" + first));
                }));
        c.add(new Case("duplicate-field", "two fields named OP in ENC_SOP1", Expect.LOCATED, ProblemKind.DUPLICATE_NAME,
                false, d -> text(d, edit(base(), "<FieldName>SDST</FieldName>", "<FieldName>OP</FieldName>"))));
        c.add(new Case("duplicate-operand-type", "the first operand type declared twice", Expect.LOCATED,
                ProblemKind.DUPLICATE_NAME, false, d -> {
                    String b = base();
                    int section = b.indexOf("<OperandTypes>");
                    String first = block(b.substring(section), "<OperandType ", "</OperandType>");
                    return text(d, b.substring(0, section) + edit(b.substring(section), first, first + "\n" + first));
                }));
        // ---- compression and bundles
        c.add(new Case("corrupt-xz", "an .xz file with bytes flipped in the middle", Expect.FILE, null, false, d -> {
            Path p = d.resolve(FILE + ".xz");
            try (OutputStream out = new XZOutputStream(Files.newOutputStream(p), new LZMA2Options(1))) {
                out.write(base().getBytes(StandardCharsets.UTF_8));
            }
            byte[] b = Files.readAllBytes(p);
            for (int i = b.length / 2; i < b.length / 2 + 64; i++) {
                b[i] ^= (byte) 0x5a;
            }
            Files.write(p, b);
            return p;
        }));
        c.add(new Case("truncated-gzip", "a .gz file cut in half", Expect.FILE, null, false, d -> {
            Path p = d.resolve(FILE + ".gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
                out.write(base().getBytes(StandardCharsets.UTF_8));
            }
            byte[] b = Files.readAllBytes(p);
            Files.write(p, Arrays.copyOf(b, b.length / 2));
            return p;
        }));
        c.add(new Case("zip-bomb", "a zip member that inflates to 256 MiB of whitespace", Expect.LOCATED,
                ProblemKind.LIMIT_EXCEEDED, true, d -> {
                    Path p = d.resolve("bundle.zip");
                    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(p))) {
                        z.putNextEntry(new ZipEntry("AMD_GPU_MR_ISA_XML/" + FILE));
                        z.write("<Spec>".getBytes(StandardCharsets.UTF_8));
                        byte[] spaces = new byte[1 << 20];
                        Arrays.fill(spaces, (byte) ' ');
                        for (int i = 0; i < 256; i++) {
                            z.write(spaces);
                        }
                        z.closeEntry();
                    }
                    return p;
                }));
        c.add(new Case("zip-path-traversal", "a zip whose spec member is named ../../" + FILE, Expect.INPUT, null,
                false, d -> zip(d, "../../" + FILE)));
        c.add(new Case("zip-two-specs-one-generation", "a zip with two members for the same generation",
                Expect.INPUT, null, false, d -> zip(d, "a/" + FILE, "b/" + FILE)));
        c.add(new Case("folder-two-specs-one-generation", "a folder with " + FILE + " and " + FILE + ".gz",
                Expect.INPUT, null, false, d -> {
                    Path folder = Files.createDirectories(d.resolve("specs"));
                    Files.writeString(folder.resolve(FILE), base());
                    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(folder.resolve(FILE + ".gz")))) {
                        out.write(base().getBytes(StandardCharsets.UTF_8));
                    }
                    return folder;
                }));
        return c;
    }

    // ------------------------------------------------------------------ helpers

    private static Path text(Path dir, String text) throws IOException {
        return bytes(dir, FILE, text.getBytes(StandardCharsets.UTF_8));
    }

    private static Path bytes(Path dir, String name, byte[] b) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, b);
        return p;
    }

    private static Path secret(Path dir) throws IOException {
        Path p = dir.resolve("secret.txt");
        Files.writeString(p, SECRET);
        return p;
    }

    /** The base up to and including {@code after}, {@code count} bytes of {@code fill}, then the rest (gzip). */
    private static Path gzipWithFilling(Path dir, String after, char fill, long count) throws IOException {
        String b = base();
        int at = b.indexOf(after);
        if (at < 0) {
            throw new IllegalStateException("no " + after + " in the base spec");
        }
        at += after.length();
        Path p = dir.resolve(FILE + ".gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p), 1 << 16)) {
            out.write(b.substring(0, at).getBytes(StandardCharsets.UTF_8));
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, (byte) fill);
            for (long n = 0; n < count; n += chunk.length) {
                out.write(chunk);
            }
            out.write(b.substring(at).getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Path zip(Path dir, String... members) throws IOException {
        Path p = dir.resolve("bundle.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(p))) {
            for (String m : members) {
                z.putNextEntry(new ZipEntry(m));
                z.write(base().getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return p;
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int k = 0; k < what.length; k++) {
                if (b[i + k] != what[k]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalStateException("not found");
    }

    /** Replaces the first {@code old}; fails when there is none, so that no case silently becomes the base. */
    static String edit(String text, String old, String replacement) {
        int at = text.indexOf(old);
        if (at < 0) {
            throw new IllegalStateException("nothing to edit: " + old);
        }
        return text.substring(0, at) + replacement + text.substring(at + old.length());
    }

    static String block(String text, String start, String end) {
        int s = text.indexOf(start);
        int e = text.indexOf(end, s);
        if (s < 0 || e < 0) {
            throw new IllegalStateException("no block " + start + " .. " + end);
        }
        return text.substring(s, e + end.length());
    }

    static String cut(String text, String start, String end) {
        return edit(text, block(text, start, end), "");
    }
}
