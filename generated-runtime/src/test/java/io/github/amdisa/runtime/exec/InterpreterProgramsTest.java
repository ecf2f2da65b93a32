package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole programs, assembled from text, run on the interpreter from the first instruction to {@code s_endpgm}, on
 * RDNA3 (gfx1100) in wave32 and wave64 and on CDNA3 (gfx942) in wave64. Every expectation is computed by plain
 * Java in the test from the inputs, never by the interpreter.
 */
class InterpreterProgramsTest {

    private static final long M32 = 0xFFFFFFFFL;

    static Stream<Arguments> machines() {
        return Stream.of(Arguments.of(Target.GFX1100, 32), Arguments.of(Target.GFX1100, 64),
                Arguments.of(Target.GFX942, 64));
    }

    private static boolean cdna(Target t) {
        return t == Target.GFX942;
    }

    /** Lane-mask register names of the machine: {@code vcc_lo} or {@code vcc}, {@code s0} or {@code s[0:1]}. */
    private static String vcc(int wave) {
        return wave == 32 ? "vcc_lo" : "vcc";
    }

    private static String exec(int wave) {
        return wave == 32 ? "exec_lo" : "exec";
    }

    private static String sreg(int wave, int n) {
        return wave == 32 ? "s" + n : "s[" + n + ":" + (n + 1) + "]";
    }

    private static String b(int wave) {
        return wave == 32 ? "b32" : "b64";
    }

    private static Wave wave(Target t, int size) {
        Wave w = new Wave(t, size, 32, 0);
        w.attach(new SparseMemory(), new Lds(65536, Lds.OutOfRange.FAULT, true), new Scratch(size, 1024));
        for (int lane = 0; lane < size; lane++) {
            w.setV(0, lane, lane);
        }
        return w;
    }

    private static void run(Target t, Wave w, String text) {
        int[] words = LlvmAsm.assemble(t.mcpu(), w.waveSize(), text);
        Interpreter in = Interpreters.forTarget(t);
        RunLoop.Stop stop = in.run(w, new Program(0, words), 100_000);
        assertEquals(RunLoop.Stop.HALTED, stop);
    }

    @ParameterizedTest
    @MethodSource("machines")
    void vectorAddOverGlobalBuffers(Target t, int size) {
        Wave w = wave(t, size);
        SparseMemory mem = (SparseMemory) w.memory();
        long a = 0x1_0000_1000L;
        long bb = 0x1_0000_2000L;
        long c = 0x1_0000_3000L;
        mem.map(a, 0x3000);
        SplittableRandom r = new SplittableRandom(size);
        int[] x = new int[size];
        int[] y = new int[size];
        for (int i = 0; i < size; i++) {
            x[i] = r.nextInt();
            y[i] = r.nextInt();
            mem.store32(a + 4L * i, x[i]);
            mem.store32(bb + 4L * i, y[i]);
            mem.store32(c + 4L * i, 0xDEAD);
        }
        w.setSgpr64(0, a);
        w.setSgpr64(2, bb);
        w.setSgpr64(4, c);
        long execMask = 0x5555_5555_F0F0_FFFFL & w.laneMask();
        w.setExec(execMask);
        String text = cdna(t) ? """
                v_lshlrev_b32 v1, 2, v0
                global_load_dword v2, v1, s[0:1]
                global_load_dword v3, v1, s[2:3]
                s_waitcnt vmcnt(0)
                v_add_u32 v4, v2, v3
                global_store_dword v1, v4, s[4:5]
                s_endpgm
                """ : """
                v_lshlrev_b32 v1, 2, v0
                global_load_b32 v2, v1, s[0:1]
                global_load_b32 v3, v1, s[2:3]
                s_waitcnt vmcnt(0)
                v_add_nc_u32 v4, v2, v3
                global_store_b32 v1, v4, s[4:5]
                s_endpgm
                """;
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            int expected = (execMask >>> i & 1) != 0 ? x[i] + y[i] : 0xDEAD;
            assertEquals(expected, mem.load32(c + 4L * i), "lane " + i);
        }
    }

    @ParameterizedTest
    @MethodSource("machines")
    void vectorAddThroughBufferDescriptor(Target t, int size) {
        Wave w = wave(t, size);
        SparseMemory mem = (SparseMemory) w.memory();
        long base = 0x2000;
        mem.map(base, 0x1000);
        for (int i = 0; i < size; i++) {
            mem.store32(base + 4L * i, 1000 + i);
        }
        // Descriptor: base, stride 0, NUM_RECORDS = 40 bytes (lanes 10+ are out of range), raw 32-bit format.
        int numRecords = 40;
        // GFX9: word 3 only selects formats (unused by untyped loads). GFX11: FORMAT=BUF_FMT_32_UINT (20) in bits
        // 18:12, OOB_SELECT=3 (byte range check) in bits 29:28.
        int w3 = cdna(t) ? 0 : 20 << 12 | 3 << 28;
        w.setSgpr(8, (int) base);
        w.setSgpr(9, 0);
        w.setSgpr(10, numRecords);
        w.setSgpr(11, w3);
        String text = cdna(t) ? """
                v_lshlrev_b32 v1, 2, v0
                buffer_load_dword v2, v1, s[8:11], 0 offen
                s_waitcnt vmcnt(0)
                v_add_u32 v2, 7, v2
                buffer_store_dword v2, v1, s[8:11], 0 offen offset:4
                s_endpgm
                """ : """
                v_lshlrev_b32 v1, 2, v0
                buffer_load_b32 v2, v1, s[8:11], 0 offen
                s_waitcnt vmcnt(0)
                v_add_nc_u32 v2, 7, v2
                buffer_store_b32 v2, v1, s[8:11], 0 offen offset:4
                s_endpgm
                """;
        int[] before = new int[size + 1];
        for (int i = 0; i <= size; i++) {
            before[i] = mem.load32(base + 4L * i);
        }
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            // In range loads read the data, out-of-range loads read 0.
            int loaded = 4 * i + 4 <= numRecords ? before[i] : 0;
            assertEquals(loaded + 7, w.v(2, i), "lane " + i);
        }
        for (int i = 0; i <= size; i++) {
            // Lane i stores to dword i + 1 when that dword is in range.
            int expected = i >= 1 && 4 * i + 4 <= numRecords ? before[i - 1] + 7 : before[i];
            assertEquals(expected, mem.load32(base + 4L * i), "dword " + i);
        }
    }

    @ParameterizedTest
    @MethodSource("machines")
    void scalarLoopWithConditionalBranch(Target t, int size) {
        Wave w = wave(t, size);
        String vadd = cdna(t) ? "v_add_u32" : "v_add_nc_u32";
        String text = """
                s_mov_b32 s0, 0
                s_mov_b32 s1, 0
                v_mov_b32 v1, 0
                loop:
                s_add_u32 s1, s1, s0
                VADD v1, v1, v0
                s_add_u32 s0, s0, 1
                s_cmp_lt_u32 s0, 10
                s_cbranch_scc1 loop
                s_endpgm
                """.replace("VADD", vadd);
        run(t, w, text);
        assertEquals(10, w.sgpr(0));
        assertEquals(45, w.sgpr(1));
        for (int i = 0; i < size; i++) {
            assertEquals(10 * i, w.v(1, i));
        }
        assertEquals(0, w.sccBit());
    }

    @ParameterizedTest
    @MethodSource("machines")
    void execMaskedIfElse(Target t, int size) {
        String text = """
                v_cmp_gt_u32 VCC, 16, v0
                s_and_saveexec_BB SAVE, VCC
                s_cbranch_execz else
                v_mov_b32 v1, 100
                else:
                s_xor_BB EXEC, SAVE, EXEC
                s_cbranch_execz end
                v_mov_b32 v1, 200
                end:
                s_or_BB EXEC, EXEC, SAVE
                s_endpgm
                """.replace("VCC", vcc(size)).replace("SAVE", sreg(size, 4)).replace("EXEC", exec(size))
                .replace("BB", b(size));
        for (long initial : new long[] {-1L, 0xFFFF_FFFF_FFFF_0000L, 0x0000_0000_0000_FFF0L, 0x8000_0000_0000_0001L}) {
            Wave w = wave(t, size);
            long m = initial & w.laneMask();
            w.setExec(m);
            for (int i = 0; i < size; i++) {
                w.setV(1, i, 7);
            }
            run(t, w, text);
            for (int i = 0; i < size; i++) {
                int expected = (m >>> i & 1) == 0 ? 7 : i < 16 ? 100 : 200;
                assertEquals(expected, w.v(1, i), "lane " + i + " exec " + Long.toHexString(m));
            }
            assertEquals(m, w.exec(), "EXEC restored");
            assertEquals(m, w.readLaneMask(4), "EXEC saved by s_and_saveexec");
        }
    }

    @ParameterizedTest
    @MethodSource("machines")
    void ldsReduction(Target t, int size) {
        Wave w = wave(t, size);
        long execMask = 0xFFFF_0FFF_7FFF_FFFEL & w.laneMask();
        w.setExec(execMask);
        String text = cdna(t) ? """
                v_lshlrev_b32 v1, 2, v0
                v_add_u32 v2, 1, v0
                ds_write_b32 v1, v2 offset:64
                v_mov_b32 v3, 0
                ds_add_u32 v3, v2
                s_waitcnt lgkmcnt(0)
                ds_read_b32 v4, v3
                ds_read_b32 v5, v1 offset:64
                ds_read2_b32 v[6:7], v1 offset0:16 offset1:17
                s_waitcnt lgkmcnt(0)
                s_endpgm
                """ : """
                v_lshlrev_b32 v1, 2, v0
                v_add_nc_u32 v2, 1, v0
                ds_store_b32 v1, v2 offset:64
                v_mov_b32 v3, 0
                ds_add_u32 v3, v2
                s_waitcnt lgkmcnt(0)
                ds_load_b32 v4, v3
                ds_load_b32 v5, v1 offset:64
                ds_load_2addr_b32 v[6:7], v1 offset0:16 offset1:17
                s_waitcnt lgkmcnt(0)
                s_endpgm
                """;
        run(t, w, text);
        long sum = 0;
        for (int i = 0; i < size; i++) {
            if ((execMask >>> i & 1) != 0) {
                sum += i + 1;
            }
        }
        Lds lds = w.lds();
        assertEquals(sum, lds.load32(0) & M32);
        for (int i = 0; i < size; i++) {
            boolean active = (execMask >>> i & 1) != 0;
            assertEquals(active ? i + 1 : 0, lds.load32(64 + 4 * i), "LDS slot " + i);
            if (active) {
                assertEquals(sum, w.v(4, i) & M32);
                assertEquals(i + 1, w.v(5, i));
                assertEquals(i + 1, w.v(6, i));
                boolean nextActive = i + 1 < size && (execMask >>> (i + 1) & 1) != 0;
                assertEquals(nextActive ? i + 2 : 0, w.v(7, i));
            } else {
                assertEquals(0, w.v(4, i));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("machines")
    void wideMultiplyAddChain(Target t, int size) {
        Wave w = wave(t, size);
        SplittableRandom r = new SplittableRandom(42 + size);
        long[] a = new long[size];
        long[] bv = new long[size];
        long[] acc = new long[size];
        for (int i = 0; i < size; i++) {
            a[i] = i % 5 == 0 ? M32 : r.nextLong() & M32;
            bv[i] = i % 5 == 0 ? M32 : r.nextLong() & M32;
            acc[i] = i % 3 == 0 ? -1L - i : r.nextLong();
            w.setV(0, i, (int) a[i]);
            w.setV(1, i, (int) bv[i]);
            w.setV64(2, i, acc[i]);
        }
        String text = cdna(t) ? """
                v_mad_u64_u32 v[2:3], s[10:11], v0, v1, v[2:3]
                v_mad_u64_u32 v[2:3], s[12:13], v0, v0, v[2:3]
                v_lshlrev_b64 v[4:5], 3, v[2:3]
                v_add_co_u32 v6, vcc, v4, v0
                v_addc_co_u32 v7, vcc, 0, v5, vcc
                s_endpgm
                """ : """
                v_mad_u64_u32 v[2:3], CARRY1, v0, v1, v[2:3]
                v_mad_u64_u32 v[2:3], CARRY2, v0, v0, v[2:3]
                v_lshlrev_b64 v[4:5], 3, v[2:3]
                v_add_co_u32 v6, VCC, v4, v0
                v_add_co_ci_u32_e32 v7, VCC, 0, v5, VCC
                s_endpgm
                """.replace("CARRY1", sreg(size, 10)).replace("CARRY2", sreg(size, 12)).replace("VCC", vcc(size));
        run(t, w, text);
        long carry1 = 0;
        long carry2 = 0;
        long carry3 = 0;
        for (int i = 0; i < size; i++) {
            java.math.BigInteger two64 = java.math.BigInteger.ONE.shiftLeft(64);
            java.math.BigInteger s1 = java.math.BigInteger.valueOf(a[i]).multiply(java.math.BigInteger.valueOf(bv[i]))
                    .add(new java.math.BigInteger(Long.toUnsignedString(acc[i])));
            if (s1.compareTo(two64) >= 0) {
                carry1 |= 1L << i;
            }
            java.math.BigInteger s2 = java.math.BigInteger.valueOf(a[i]).multiply(java.math.BigInteger.valueOf(a[i]))
                    .add(s1.mod(two64));
            if (s2.compareTo(two64) >= 0) {
                carry2 |= 1L << i;
            }
            long v23 = s2.longValue();
            long v45 = v23 << 3;
            long lo = (v45 & M32) + a[i];
            if (lo > M32) {
                carry3 |= 1L << i;
            }
            long hi = (v45 >>> 32) + (lo >>> 32);
            assertEquals(v23, w.v64(2, i), "mad chain lane " + i);
            assertEquals(v45, w.v64(4, i), "shift lane " + i);
            assertEquals(lo & M32, w.v(6, i) & M32, "add lane " + i);
            assertEquals(hi & M32, w.v(7, i) & M32, "addc lane " + i);
        }
        assertEquals(carry1, w.readLaneMask(10), "carry-out of the first mad");
        assertEquals(carry2, w.readLaneMask(12), "carry-out of the second mad");
        long carry4 = 0;
        for (int i = 0; i < size; i++) {
            long hi = ((w.v64(4, i) >>> 32) + ((carry3 >>> i) & 1));
            if (hi > M32) {
                carry4 |= 1L << i;
            }
        }
        assertEquals(carry4, w.vcc(), "VCC after v_add_co_ci/v_addc");
    }

    @ParameterizedTest
    @MethodSource("machines")
    void floatModifiersAndConstants(Target t, int size) {
        Wave w = wave(t, size);
        SplittableRandom r = new SplittableRandom(7);
        float[] x = new float[size];
        float[] y = new float[size];
        for (int i = 0; i < size; i++) {
            x[i] = (float) (r.nextDouble() * 4 - 2);
            y[i] = (float) (r.nextDouble() * 4 - 2);
            w.setV(2, i, Float.floatToRawIntBits(x[i]));
            w.setV(3, i, Float.floatToRawIntBits(y[i]));
        }
        String text = """
                v_add_f32_e64 v1, -|v2|, v3 clamp mul:2
                v_mul_f32_e32 v4, 0.5, v2
                v_fma_f32 v5, v2, -v3, 1.0
                v_cvt_i32_f32_e32 v6, v3
                s_endpgm
                """;
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            float sum = -Math.abs(x[i]) + y[i];
            float expected = Math.max(0f, Math.min(1f, sum * 2f));
            assertEquals(Float.floatToRawIntBits(expected), w.v(1, i), "lane " + i + " " + x[i] + " " + y[i]);
            assertEquals(Float.floatToRawIntBits(x[i] * 0.5f), w.v(4, i));
            assertEquals(Float.floatToRawIntBits(Math.fma(x[i], -y[i], 1.0f)), w.v(5, i));
            assertEquals((int) y[i], w.v(6, i));
        }
    }

    @ParameterizedTest
    @MethodSource("machines")
    void dppLaneSelection(Target t, int size) {
        Wave w = wave(t, size);
        long execMask = ~(1L << 5) & w.laneMask();
        w.setExec(execMask);
        for (int r = 1; r <= 4; r++) {
            for (int i = 0; i < size; i++) {
                w.setV(r, i, 77);
            }
        }
        String text = """
                v_mov_b32_dpp v1, v0 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
                VADD_dpp v2, v0, v0 row_shl:1 row_mask:0xf bank_mask:0xf
                v_mov_b32_dpp v3, v0 row_shr:2 row_mask:0xf bank_mask:0xf
                v_mov_b32_dpp v4, v0 row_mirror row_mask:0xf bank_mask:0x5
                s_endpgm
                """.replace("VADD", cdna(t) ? "v_add_u32" : "v_add_nc_u32");
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            boolean on = (execMask >>> i & 1) != 0;
            int q = (i & ~3) | (3 - (i & 3));
            int shl = (i & 15) < 15 ? i + 1 : -1;
            int shr = (i & 15) >= 2 ? i - 2 : -1;
            int mirror = (i & ~15) | (15 - (i & 15));
            boolean bank = ((i >> 2) & 3) == 0 || ((i >> 2) & 3) == 2;
            assertEquals(on && valid(q, execMask) ? q : 77, w.v(1, i), "quad_perm lane " + i);
            assertEquals(on && valid(shl, execMask) ? shl + i : 77, w.v(2, i), "row_shl lane " + i);
            assertEquals(on && valid(shr, execMask) ? shr : 77, w.v(3, i), "row_shr lane " + i);
            assertEquals(on && bank && valid(mirror, execMask) ? mirror : 77, w.v(4, i), "row_mirror lane " + i);
        }
    }

    /** A DPP source lane is usable when it exists and is active (no bound_ctrl, no fetch-inactive). */
    private static boolean valid(int src, long exec) {
        return src >= 0 && (exec >>> src & 1) != 0;
    }

    @Test
    void scalarLoadAndSwappc() {
        Target t = Target.GFX1100;
        Wave w = wave(t, 32);
        SparseMemory mem = (SparseMemory) w.memory();
        mem.map(0x8000, 0x100);
        mem.store64(0x8010, 0x1122_3344_5566_7788L);
        w.setSgpr64(4, 0x8000);
        String text = """
                s_load_b64 s[2:3], s[4:5], 0x10
                s_waitcnt lgkmcnt(0)
                s_getpc_b64 s[6:7]
                s_add_u32 s6, s6, 16
                s_addc_u32 s7, s7, 0
                s_swappc_b64 s[8:9], s[6:7]
                s_mov_b32 s10, 1
                s_mov_b32 s11, 2
                s_endpgm
                """;
        run(t, w, text);
        assertEquals(0x1122_3344_5566_7788L, w.sgpr64(2));
        // s_getpc_b64 at 12 gives 16, + 16 = 32: s_swappc_b64 (at 24) returns 28 and skips s_mov_b32 s10 (at 28).
        assertEquals(16 + 16, w.sgpr64(6));
        assertEquals(28, w.sgpr64(8));
        assertEquals(0, w.sgpr(10), "the jump skipped s_mov_b32 s10");
        assertEquals(2, w.sgpr(11));
    }
}
