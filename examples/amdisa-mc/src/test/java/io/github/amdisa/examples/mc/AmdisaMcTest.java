package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end with {@link FakeBackend}: layout, grouping, continuation after errors, exit status, files. */
class AmdisaMcTest {

    private static final String[] DIS = {"-triple=amdgcn", "-mcpu=gfx1100", "-disassemble"};
    private static final String[] DIS_ENC = {"-triple=amdgcn", "-mcpu=gfx1100", "-disassemble", "-show-encoding"};
    private static final String[] ASM = {"-triple=amdgcn", "-mcpu=gfx1100", "-show-encoding"};

    @Test
    void disassemblesOneInstructionPerLine() {
        McRun r = McRun.fake("0x01,0x02,0x03,0x04\n0x00,0x00,0x80,0xbf\n", DIS);
        assertEquals("\tfake 0x04030201\n\ts_nop 0\n", r.out());
        assertEquals("", r.err());
        assertEquals(0, r.status());
    }

    @Test
    void severalInstructionsOnOneLineAndOneAcrossLines() {
        McRun r = McRun.fake("0x01 0x02 0x03 0x04 0x05 0x06 0x07 0x08 0x09\n0x0a 0x0b 0x0c\n", DIS_ENC);
        assertEquals("""
                \tfake 0x04030201                         ; encoding: [0x01,0x02,0x03,0x04]
                \tfake 0x08070605                         ; encoding: [0x05,0x06,0x07,0x08]
                \tfake 0x0c0b0a09                         ; encoding: [0x09,0x0a,0x0b,0x0c]
                """, r.out());
        assertEquals(0, r.status());
    }

    @Test
    void invalidBytesWarnAndResynchroniseOutsideBlocks() {
        McRun r = McRun.fake("0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf,0x05,0x00\n", DIS);
        assertEquals("\ts_nop 0\n", r.out());
        assertEquals("""
                <stdin>:1:1: warning: invalid instruction encoding
                0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf,0x05,0x00
                ^
                <stdin>:1:41: warning: invalid instruction encoding
                0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf,0x05,0x00
                                                        ^
                """, r.err());
        assertEquals(0, r.status());
    }

    @Test
    void failureInsideBlockDropsTheRestOfTheBlockAndExitsOne() {
        McRun r = McRun.fake("[0x00,0x00,0x80,0xbf,0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf]\n0x01,0x00,0x80,0xbf\n",
                DIS);
        assertEquals("\ts_nop 0\n\ts_nop 1\n", r.out());
        assertTrue(r.err().startsWith("<stdin>:1:22: warning: invalid instruction encoding\n"), r.err());
        assertEquals(1, r.status());
    }

    @Test
    void invalidTokenIsAnErrorButNotAFailure() {
        McRun r = McRun.fake("0x00,0x00,0x80,0xbf\nfoo\n0x01,0x00,0x80,0xbf // c\n0x02,0x00,0x80,0xbf\n", DIS);
        assertEquals("\ts_nop 2\n", r.out());
        assertEquals("""
                <stdin>:2:1: error: invalid input token
                foo
                ^
                <stdin>:3:21: error: invalid input token
                0x01,0x00,0x80,0xbf // c
                                    ^
                """, r.err());
        assertEquals(0, r.status());
    }

    @Test
    void assemblesWithBlankLinesCommentsAndLabels() {
        McRun r = McRun.fake("\n// c1\n; c2\n# c3\nfoo:\n  s_nop 0 // t\nbar: s_nop 1 ; t\n\t.text\n\n", ASM);
        assertEquals("""

                foo:
                \ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]
                bar:
                \ts_nop 1                                 ; encoding: [0x01,0x00,0x80,0xbf]
                \t.text

                """, r.out());
        assertEquals("", r.err());
        assertEquals(0, r.status());
    }

    @Test
    void assemblerErrorsContinueAndExitOne() {
        McRun r = McRun.fake("s_nop 0\nv_bogus v1\n  s_nop\n.globl foo\ns_nop 1", "-triple=amdgcn", "-mcpu=gfx1100");
        assertEquals("\ts_nop 0\n\ts_nop 1\n", r.out());
        assertEquals("""
                <stdin>:2:1: error: invalid instruction
                v_bogus v1
                ^
                <stdin>:3:3: error: too few operands for instruction
                  s_nop
                  ^
                <stdin>:4:1: error: directive .globl is not supported by amdisa-mc
                .globl foo
                ^~~~~~
                """, r.err());
        assertEquals(1, r.status());
    }

    @Test
    void amdhsaHeaderInAssembleModeOnly() {
        // echo 's_nop 0' | llvm-mc-22 --triple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=+xnack
        McRun r = McRun.fake("s_nop 0\n", "--triple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-mattr=+xnack");
        assertEquals("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx90a:xnack+\"\n\ts_nop 0\n", r.out());
        McRun d = McRun.fake("0x00,0x00,0x80,0xbf\n", "--triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100",
                "--disassemble");
        assertEquals("\ts_nop 0\n", d.out());
        assertEquals("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n",
                McRun.fake("", "--triple=amdgcn-amd-amdhsa", "-mcpu=rdna3").out());
    }

    @Test
    void fileInputAndOutput(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("in.s");
        Path out = dir.resolve("out.s");
        Files.writeString(in, "s_nop 3\n");
        McRun r = McRun.fake("", "-mcpu=gfx1100", in.toString(), "-o", out.toString());
        assertEquals(0, r.status());
        assertEquals("", r.out());
        assertEquals("\ts_nop 3\n", Files.readString(out));

        // llvm-mc-22 ... /tmp/bad.s -o /tmp/out.s -> error names the file, exit 1, out.s not written
        Path bad = dir.resolve("bad.s");
        Path out2 = dir.resolve("out2.s");
        Files.writeString(bad, "v_bogus\n");
        McRun b = McRun.fake("", "-mcpu=gfx1100", bad.toString(), "-o", out2.toString());
        assertEquals(1, b.status());
        assertTrue(b.err().startsWith(bad + ":1:1: error: invalid instruction\n"), b.err());
        assertFalse(Files.exists(out2));
    }

    @Test
    void missingInputFile() {
        // llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 /tmp/nonexist.s -> "error: /tmp/nonexist.s: No such file ..."
        McRun r = McRun.fake("", "-mcpu=gfx1100", "/nonexistent/x.s");
        assertEquals("amdisa-mc: error: /nonexistent/x.s: No such file or directory\n", r.err());
        assertEquals(1, r.status());
    }

    @Test
    void nonAsciiBytesPassThroughUnchanged() {
        String utf8 = new String("s_nop 0 // é\n".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertEquals("\ts_nop 0\n", McRun.fake(utf8, ASM[0], ASM[1]).out());
    }

    @Test
    void usageErrorsAndTargets() {
        assertEquals(1, McRun.fake("", "-bogus").status());
        McRun noCpu = McRun.fake("s_nop 0\n");
        assertEquals(1, noCpu.status());
        assertTrue(noCpu.err().contains("-mcpu"), noCpu.err());
        McRun badCpu = McRun.fake("s_nop 0\n", "-mcpu=gfx9999");
        assertEquals(1, badCpu.status());
        assertTrue(badCpu.err().startsWith("amdisa-mc: error: 'gfx9999' is not a recognized processor"));
        McRun none = McRun.run(McBackends.of(), "s_nop 0\n", "-mcpu=rdna3.5");
        assertEquals(1, none.status());
        assertTrue(none.err().contains("no amdisa backend is registered for gfx1150 (rdna3.5)"), none.err());
    }

    @Test
    void helpAndVersionExitZero() {
        McRun h = McRun.fake("", "--help");
        assertEquals(0, h.status());
        assertTrue(h.out().startsWith("OVERVIEW: amdisa-mc"));
        McRun v = McRun.fake("", "--version");
        assertEquals(0, v.status());
        assertTrue(v.out().contains("1 backend provider(s) registered"), v.out());
    }

    @Test
    void serviceLoaderFindsTheGeneratedCodecForEveryGeneration() {
        var providers = McBackends.load().providers();
        assertEquals(1, providers.size());
        for (String generation : java.util.List.of("cdna1", "cdna2", "cdna3", "cdna4", "cdna5", "rdna1", "rdna2",
                "rdna3", "rdna3.5", "rdna4")) {
            McTarget t = McTarget.resolve(generation).orElseThrow();
            assertTrue(providers.get(0).create(t, java.util.List.of()).isPresent(), generation);
        }
    }

    @Test
    void writeSendsTheSameBytesAsPrintInTheStreamsCharset() throws IOException {
        // ASCII goes out in byte blocks; other characters through the stream's own charset, as print would send them.
        String text = "\tv_nop\n".repeat(20_000) + "caf\u00e9 \u00ff\n";
        for (var charset : java.util.List.of(StandardCharsets.ISO_8859_1, StandardCharsets.UTF_8)) {
            var viaWrite = new java.io.ByteArrayOutputStream();
            var viaPrint = new java.io.ByteArrayOutputStream();
            try (var a = new java.io.PrintStream(viaWrite, false, charset);
                 var b = new java.io.PrintStream(viaPrint, false, charset)) {
                AmdisaMc.write(new StringBuilder(text), a);
                b.print(text);
            }
            assertTrue(java.util.Arrays.equals(viaPrint.toByteArray(), viaWrite.toByteArray()), charset.name());
        }
    }
}
