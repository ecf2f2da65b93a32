package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code amdisa-mc -run} end to end on the generated interpreter, with program bytes given as for -disassemble
 * (encodings taken from llvm-mc-22 -show-encoding). Expectations are worked out by hand in each test.
 */
class RunCommandTest {

    // v_add_nc_u32 v5, v1, v2 / s_add_u32 s0, s3, 42 / v_cmp_gt_u32 vcc_lo, 3, v1 / s_endpgm (gfx1100)
    private static final String ADD = "0x01,0x05,0x0a,0x4a 0x03,0xaa,0x00,0x80 0x83,0x02,0x98,0x7c 0x00,0x00,0xb0,0xbf";

    private static McRun run(String input, String... args) {
        return McRun.run(McBackends.load(), input, args);
    }

    private static String lanes(java.util.function.IntToLongFunction f, int n) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < n; i++) {
            j.add(Long.toUnsignedString(f.applyAsLong(i)));
        }
        return j.toString();
    }

    @Test
    void runsBytesAndDumpsJson(@TempDir Path dir) throws IOException {
        Path state = dir.resolve("init.json");
        StringJoiner v1 = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < 32; i++) {
            v1.add(Integer.toString(i));
        }
        Files.writeString(state, "{\"wave\": 32, \"vgpr\": {\"1\": " + v1 + ", \"2\": 4294967295},"
                + " \"sgpr\": {\"3\": 100}, \"exec\": 4294901775}");
        McRun r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--state", state.toString(),
                "--dump", "v5,s0,vcc,scc,exec");
        assertEquals("", r.err());
        assertEquals(0, r.status());
        long exec = 4294901775L; // lanes 0-3 and 16-31
        String v5 = lanes(l -> (exec >>> l & 1) != 0 ? (l - 1) & 0xFFFFFFFFL : 0, 32);
        long vcc = exec & 0b111; // v1 < 3 for lanes 0, 1, 2
        assertEquals("{\"v5\": " + v5 + ", \"s0\": 142, \"vcc\": " + vcc + ", \"scc\": 0, \"exec\": " + exec
                + "}\n", r.out());
    }

    @Test
    void wave64AndMemoryDump(@TempDir Path dir) throws IOException {
        // global_load_b32 v6, v7, s[4:5] / v_add_nc_u32 v5, v6, v6 ... as bytes, then s_endpgm
        String code = "0x00,0x00,0x52,0xdc,0x07,0x00,0x04,0x06 0x06,0x0d,0x0a,0x4a 0x00,0x00,0xb0,0xbf";
        Path state = dir.resolve("s.json");
        Files.writeString(state, """
                {"wave": 64, "vgpr": {"7": 4},
                 "sgpr": {"4": 4096, "5": 0},
                 "memory": [{"address": 4096, "hex": "0011223344556677"}]}
                """);
        McRun r = run(code, "-mcpu=gfx1100", "-disassemble", "-run", "--state=" + state, "--dump",
                "v[5:6],mem:0x1000:8,exec");
        assertEquals("", r.err());
        long loaded = 0x77665544L;
        long pair = (loaded + loaded) | loaded << 32;
        assertEquals("{\"v[5:6]\": " + lanes(l -> pair, 64) + ", \"mem:0x1000:8\": \"0011223344556677\", \"exec\": "
                + Long.toUnsignedString(-1L) + "}\n", r.out());
    }

    @Test
    void cdna3Wave64() {
        // v_add_u32 v5, v1, v2 / s_endpgm (gfx942); no state: registers are zero, EXEC all lanes
        McRun r = run("0x01,0x05,0x0a,0x68 0x00,0x00,0x81,0xbf", "-mcpu=gfx942", "-disassemble", "-run",
                "--dump", "v5,exec");
        assertEquals(0, r.status(), r.err());
        assertEquals("{\"v5\": " + lanes(l -> 0, 64) + ", \"exec\": " + Long.toUnsignedString(-1L) + "}\n", r.out());
    }

    @Test
    void badStateFileIsLocated(@TempDir Path dir) throws IOException {
        Path state = dir.resolve("bad.json");
        Files.writeString(state, "{\"wave\": 32,\n \"vgpr\": {\"1\": [1, 2,]}}");
        McRun r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--state", state.toString(), "--dump", "v5");
        assertEquals(1, r.status());
        assertTrue(r.err().contains(state + ":2:22: unexpected ']'"), r.err());
        Files.writeString(state, "{\"wave\": 32, \"vgpr\": {\"1\": [1, 2]}}");
        r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--state", state.toString(), "--dump", "v5");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("\"vgpr\".\"1\": expected 32 lane values, found 2"), r.err());
        Files.writeString(state, "{\"wave\": 32, \"sgpr\": {\"3\": 4294967296}}");
        r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--state", state.toString(), "--dump", "v5");
        assertTrue(r.err().contains("\"sgpr\".\"3\": 4294967296 does not fit in 32 unsigned bits"), r.err());
        Files.writeString(state, "{\"waves\": 32}");
        r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--state", state.toString(), "--dump", "v5");
        assertTrue(r.err().contains("unknown member \"waves\""), r.err());
    }

    @Test
    void faultsNameThePcAndInstruction(@TempDir Path dir) throws IOException {
        // global_load_b32 v6, v7, s[4:5] from unmapped memory
        McRun r = run("0x00,0x00,0x52,0xdc,0x07,0x00,0x04,0x06 0x00,0x00,0xb0,0xbf", "-mcpu=gfx1100",
                "-disassemble", "-run", "--dump", "v6");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("amdisa-mc: error: MemoryFault: "), r.err());
        assertTrue(r.err().contains("[pc=0x0: global_load_b32 v6, v7, s[4:5]]"), r.err());
        assertEquals("", r.out());
        // a program without s_endpgm runs off its end
        r = run("0x01,0x05,0x0a,0x4a", "-mcpu=gfx1100", "-disassemble", "-run", "--dump", "v5");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("PC outside the program"), r.err());
    }

    @Test
    void endlessLoopStopsAtTheStepLimit() {
        // s_branch -1: jumps to itself
        McRun r = run("0xff,0xff,0xa0,0xbf", "-mcpu=gfx1100", "-disassemble", "-run", "--max-steps=100", "--dump",
                "pc");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("did not reach s_endpgm within 100 instructions (pc=0x0)"), r.err());
    }

    @Test
    void unknownDumpItemAndMissingProcessor() {
        McRun r = run(ADD, "-mcpu=gfx1100", "-disassemble", "-run", "--dump", "q7");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("unknown item 'q7'"), r.err());
        r = run(ADD, "-disassemble", "-run");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("no processor given"), r.err());
    }
}
