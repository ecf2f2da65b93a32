package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SDWA (GFX9/GFX10), DPP8 (GFX10+), GFX9 row broadcasts, DPP16 row masks with bound_ctrl and fi, and VOPD dual issue
 * (GFX11+), run through the interpreter from programs assembled by amdisa's assembler (cross-checked word for word
 * with {@code llvm-mc-22 -show-encoding} when it is installed, see {@link LlvmAsm}). Every expected value is computed
 * here in plain Java from the inputs: byte/word extraction and placement for SDWA, lane permutations for DPP, both
 * halves of a VOPD pair from the values before the instruction. EXEC is partial and every inactive lane must keep
 * its old value.
 *
 * <p>The rules the expectations follow are LLVM's AMDGPUModifierSyntax ({@code src0_sel}, {@code sext},
 * {@code dst_sel}, {@code dst_unused}: pad with zeros / sign-extend upper bits and zero lower bits / preserve;
 * {@code bound_ctrl}, {@code fi}) and AMD's RDNA 3 ISA guide for VOPD (both halves read their sources before either
 * writes). For DPP8 without {@code fi:1}, an inactive source lane reads as 0: an assumption (the DPP16 rule with
 * no bound_ctrl field, the DPP8 select never being out of range), stated in {@code Interpreter}.
 */
class SdwaDpp8VopdTest {

    private static final long M32 = 0xFFFFFFFFL;
    private static final int OLD = 0x5A5A_A5A5;

    private static Wave wave(Target t, int size, long seed) {
        Wave w = new Wave(t, size, 64, 0);
        SplittableRandom r = new SplittableRandom(seed);
        for (int reg = 0; reg < 64; reg++) {
            for (int lane = 0; lane < size; lane++) {
                w.setV(reg, lane, reg >= 3 && reg <= 7 || reg >= 10 && reg <= 13 || reg >= 20 ? OLD + reg
                        : r.nextInt());
            }
        }
        for (int lane = 0; lane < size; lane++) {
            // v8/v9: finite floats for the float cases.
            w.setV(8, lane, Float.floatToRawIntBits((r.nextInt(2001) - 1000) / 16f));
            w.setV(9, lane, Float.floatToRawIntBits((r.nextInt(2001) - 1000) / 16f));
        }
        w.setSgpr(2, r.nextInt());
        w.setExec(r.nextLong() & w.laneMask() | 1L);
        return w;
    }

    private static void run(Target t, Wave w, String text) {
        int[] words = LlvmAsm.assemble(t.mcpu(), w.waveSize(), text + "s_endpgm\n");
        RunLoop.Stop stop = Interpreters.forTarget(t).run(w, new Program(0, words), 1000);
        assertEquals(RunLoop.Stop.HALTED, stop);
    }

    /** The register file before the program, lane by lane. */
    private static int[][] snapshot(Wave w) {
        int[][] s = new int[64][w.waveSize()];
        for (int reg = 0; reg < 64; reg++) {
            for (int lane = 0; lane < w.waveSize(); lane++) {
                s[reg][lane] = w.v(reg, lane);
            }
        }
        return s;
    }

    // ---- SDWA ---------------------------------------------------------------------------------------------------

    static Stream<Arguments> sdwaMachines() {
        return Stream.of(Arguments.of(Target.GFX942, 64), Arguments.of(Target.GFX908, 64),
                Arguments.of(Target.GFX1030, 32), Arguments.of(Target.GFX1030, 64), Arguments.of(Target.GFX1010, 32));
    }

    /** BYTE_0..3 = 0..3, WORD_0/1 = 4/5, DWORD = 6; zero- or sign-extended to 32 bits. */
    private static int select(int x, int sel, boolean sext) {
        if (sel == 6) {
            return x;
        }
        int sh = sel < 4 ? 8 * sel : 16 * (sel - 4);
        int w = sel < 4 ? 8 : 16;
        int part = (x >>> sh) & ((1 << w) - 1);
        return sext ? part << (32 - w) >> (32 - w) : part;
    }

    /** The destination dword for DST_SEL {@code sel}: UNUSED_PAD 0, UNUSED_SEXT 1, UNUSED_PRESERVE 2. */
    private static int place(int result, int old, int sel, int unused) {
        if (sel == 6) {
            return result;
        }
        int sh = sel < 4 ? 8 * sel : 16 * (sel - 4);
        int w = sel < 4 ? 8 : 16;
        long fieldMask = ((1L << w) - 1) << sh;
        long v = ((long) result << sh) & fieldMask;
        if (unused == 1 && (result >>> (w - 1) & 1) != 0) {
            v |= M32 & ~((1L << (sh + w)) - 1);
        } else if (unused == 2) {
            v |= old & M32 & ~fieldMask;
        }
        return (int) v;
    }

    /** Find first one bit from the low end; all ones when there is none. */
    private static int ffbl(int x) {
        return x == 0 ? -1 : Integer.numberOfTrailingZeros(x);
    }

    @ParameterizedTest
    @MethodSource("sdwaMachines")
    void sdwaSelectsExtendsAndPlaces(Target t, int size) {
        boolean gfx9 = t.mcpu().startsWith("gfx9");
        Wave w = wave(t, size, 11 + size);
        int[][] before = snapshot(w);
        long exec = w.exec();
        String sdst = size == 32 ? "s4" : "s[4:5]";
        String vcc = size == 32 ? "vcc_lo" : "vcc";
        // The bundled RDNA 1/2 specs list SDWA forms for VOPC and a few VOP1/VOP2 opcodes only (V_FFBL_B32 among them).
        String text = gfx9 ? """
                v_mov_b32_sdwa v3, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1
                v_add_u32_sdwa v4, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:WORD_0
                v_add_u32_sdwa v5, sext(v1), sext(v2) dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_3 src1_sel:WORD_1
                v_add_u32_sdwa v6, s2, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD
                v_sub_f32_sdwa v7, -v8, |v9| mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
                """ : """
                v_ffbl_b32_sdwa v3, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1
                v_ffbl_b32_sdwa v4, v1 dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_2
                """;
        text += """
                v_cmp_gt_i32_sdwa SDST, sext(v1), v2 src0_sel:WORD_0 src1_sel:BYTE_1
                v_cmp_eq_u32_sdwa VCC, v1, v2 src0_sel:BYTE_0 src1_sel:BYTE_0
                """.replace("SDST", sdst).replace("VCC", vcc);
        run(t, w, text);
        long gt = 0;
        long eq = 0;
        for (int i = 0; i < size; i++) {
            int v1 = before[1][i];
            int v2 = before[2][i];
            if ((exec >>> i & 1) == 0) {
                for (int reg = 3; reg <= 7; reg++) {
                    assertEquals(before[reg][i], w.v(reg, i), "inactive lane " + i + " v" + reg);
                }
                continue;
            }
            if (!gfx9) {
                assertEquals(place(ffbl(select(v1, 5, false)), before[3][i], 1, 2), w.v(3, i), "ffbl BYTE_1 lane " + i);
                assertEquals(place(ffbl(select(v1, 2, false)), before[4][i], 5, 1), w.v(4, i), "ffbl WORD_1 lane " + i);
                for (int reg = 5; reg <= 7; reg++) {
                    assertEquals(before[reg][i], w.v(reg, i));
                }
            } else {
                assertEquals(place(select(v1, 5, false), before[3][i], 1, 2), w.v(3, i), "v_mov_b32_sdwa lane " + i);
                assertEquals(place(select(v1, 2, false) + select(v2, 4, false), before[4][i], 5, 0), w.v(4, i),
                        "add WORD_1 pad lane " + i);
                assertEquals(place(select(v1, 3, true) + select(v2, 5, true), before[5][i], 0, 1), w.v(5, i),
                        "add sext BYTE_0 lane " + i);
                assertEquals(select(w.sgpr(2), 1, false) + v2, w.v(6, i), "add with an SGPR source lane " + i);
                float a = Float.intBitsToFloat(before[8][i]);
                float b = Float.intBitsToFloat(before[9][i]);
                float diff = -a - Math.abs(b);
                assertEquals(Float.floatToRawIntBits(diff * 2f), w.v(7, i), "v_sub_f32_sdwa lane " + i);
            }
            if (select(v1, 4, true) > select(v2, 1, false)) {
                gt |= 1L << i;
            }
            if (select(v1, 0, false) == select(v2, 0, false)) {
                eq |= 1L << i;
            }
        }
        long sdstValue = size == 32 ? w.sgpr(4) & M32 : w.sgpr64(4);
        assertEquals(gt, sdstValue, "v_cmp_gt_i32_sdwa");
        assertEquals(eq, w.vcc(), "v_cmp_eq_u32_sdwa (SD = 0: VCC)");
    }

    /** A CDNA 3 (FNUZ) 8-bit float: bias 8 (E4M3) or 16 (E5M2), no infinities, 0x80 is NaN (not used here). */
    private static float fnuz(int bits, int expBits) {
        int manBits = 7 - expBits;
        int bias = 1 << (expBits - 1);
        int e = (bits >>> manBits) & ((1 << expBits) - 1);
        int m = bits & ((1 << manBits) - 1);
        double v = e == 0 ? m * Math.pow(2, 1 - bias - manBits) : (1 + m / (double) (1 << manBits)) * Math.pow(2, e - bias);
        return (float) ((bits & 0x80) != 0 ? -v : v);
    }

    /** CDNA 3's fp8/bf8 conversions read SDWA_SRC0_SEL in their text and select the byte/word themselves. */
    @org.junit.jupiter.api.Test
    void cdna3Fp8ConversionsSelectInTheirText() {
        Target t = Target.GFX942;
        Wave w = wave(t, 64, 53);
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 64; i++) {
            int x = 0;
            for (int k = 0; k < 4; k++) {
                int by = r.nextInt(256);
                x |= (by == 0x80 ? 0x81 : by) << (8 * k);
            }
            w.setV(1, i, x);
        }
        int[][] before = snapshot(w);
        long exec = w.exec();
        // Words from llvm-mc-22: amdisa's assembler writes DST_UNUSED = 2 where llvm-mc writes 0 for these forms,
        // which take no dst_sel/dst_unused operands (left to the assembler's owners; the DWORD select ignores it).
        org.junit.jupiter.api.Assumptions.assumeTrue(LlvmAsm.available(), "llvm-mc-22 is not installed");
        int[] words = LlvmAsm.llvmWords(t.mcpu(), 64, """
                v_cvt_f32_fp8_sdwa v3, v1 src0_sel:BYTE_2
                v_cvt_f32_bf8_sdwa v4, v1 src0_sel:BYTE_3
                v_cvt_f32_fp8_e32 v5, v1
                v_cvt_pk_f32_bf8_e32 v[6:7], v1
                s_endpgm
                """);
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
        for (int i = 0; i < 64; i++) {
            int x = before[1][i];
            if ((exec >>> i & 1) == 0) {
                for (int reg = 3; reg <= 7; reg++) {
                    assertEquals(before[reg][i], w.v(reg, i), "inactive lane " + i + " v" + reg);
                }
                continue;
            }
            assertEquals(bits(fnuz(x >>> 16 & 0xFF, 4)), w.v(3, i), "fp8 BYTE_2 lane " + i);
            assertEquals(bits(fnuz(x >>> 24 & 0xFF, 5)), w.v(4, i), "bf8 BYTE_3 lane " + i);
            assertEquals(bits(fnuz(x & 0xFF, 4)), w.v(5, i), "fp8 e32 (byte 0) lane " + i);
            assertEquals(bits(fnuz(x & 0xFF, 5)), w.v(6, i), "pk bf8 e32 (word 0) low lane " + i);
            assertEquals(bits(fnuz(x >>> 8 & 0xFF, 5)), w.v(7, i), "pk bf8 e32 (word 0) high lane " + i);
        }
    }

    // ---- DPP8 and DPP16 controls --------------------------------------------------------------------------------

    static Stream<Arguments> dpp8Machines() {
        return Stream.of(Arguments.of(Target.GFX1030, 32), Arguments.of(Target.GFX1030, 64),
                Arguments.of(Target.GFX1100, 32), Arguments.of(Target.GFX1100, 64), Arguments.of(Target.GFX1200, 32));
    }

    @ParameterizedTest
    @MethodSource("dpp8Machines")
    void dpp8PermutesWithinEightLanes(Target t, int size) {
        boolean vop3 = t != Target.GFX1030;
        Wave w = wave(t, size, 23 + size);
        int[][] before = snapshot(w);
        long exec = w.exec();
        int[] rev = {7, 6, 5, 4, 3, 2, 1, 0};
        int[] swap = {1, 0, 3, 2, 5, 4, 7, 6};
        int[] bcast = {2, 2, 2, 2, 0, 0, 0, 0};
        String text = """
                v_mov_b32_dpp v3, v1 dpp8:[7,6,5,4,3,2,1,0]
                v_add_nc_u32_dpp v4, v1, v2 dpp8:[1,0,3,2,5,4,7,6] fi:1
                """ + (vop3 ? "v_sub_f32_e64_dpp v5, -v8, |v9| dpp8:[2,2,2,2,0,0,0,0]\n" : "");
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            if ((exec >>> i & 1) == 0) {
                for (int reg = 3; reg <= 5; reg++) {
                    assertEquals(before[reg][i], w.v(reg, i), "inactive lane " + i + " v" + reg);
                }
                continue;
            }
            int s1 = (i & ~7) | rev[i & 7];
            assertEquals((exec >>> s1 & 1) != 0 ? before[1][s1] : 0, w.v(3, i), "dpp8 mov lane " + i);
            int s2 = (i & ~7) | swap[i & 7];
            assertEquals(before[1][s2] + before[2][i], w.v(4, i), "dpp8 fi:1 add lane " + i);
            if (vop3) {
                int s3 = (i & ~7) | bcast[i & 7];
                float a = (exec >>> s3 & 1) != 0 ? Float.intBitsToFloat(before[8][s3]) : 0f;
                float expected = -a - Math.abs(Float.intBitsToFloat(before[9][i]));
                assertEquals(Float.floatToRawIntBits(expected), w.v(5, i), "dpp8 VOP3 sub lane " + i);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("dpp8Machines")
    void dpp16RowMaskBoundCtrlAndFetchInactive(Target t, int size) {
        Wave w = wave(t, size, 31 + size);
        int[][] before = snapshot(w);
        long exec = w.exec();
        String text = """
                v_mov_b32_dpp v3, v1 row_shr:1 row_mask:0x5 bank_mask:0xf
                v_mov_b32_dpp v4, v1 row_shr:1 row_mask:0xf bank_mask:0x9 bound_ctrl:1
                v_mov_b32_dpp v5, v1 row_shr:1 row_mask:0xf bank_mask:0xf fi:1
                """;
        run(t, w, text);
        for (int i = 0; i < size; i++) {
            boolean on = (exec >>> i & 1) != 0;
            int row = i >>> 4;
            int bank = (i >>> 2) & 3;
            int src = (i & 15) >= 1 ? i - 1 : -1;
            boolean srcActive = src >= 0 && (exec >>> src & 1) != 0;
            // row_mask 0x5: rows 0 and 2 only; an invalid source without bound_ctrl leaves the lane unwritten.
            int e3 = on && (0x5 >>> row & 1) != 0 && srcActive ? before[1][src] : before[3][i];
            assertEquals(e3, w.v(3, i), "row_mask lane " + i);
            // bank_mask 0x9: banks 0 and 3; bound_ctrl: an invalid (out-of-row or inactive) source reads 0.
            int e4 = on && (0x9 >>> bank & 1) != 0 ? (srcActive ? before[1][src] : 0) : before[4][i];
            assertEquals(e4, w.v(4, i), "bound_ctrl lane " + i);
            // fi: an inactive source lane is read anyway; out-of-row sources still leave the lane unwritten.
            int e5 = on && src >= 0 ? before[1][src] : before[5][i];
            assertEquals(e5, w.v(5, i), "fi lane " + i);
        }
    }

    @org.junit.jupiter.api.Test
    void gfx9RowBroadcasts() {
        Target t = Target.GFX942;
        Wave w = wave(t, 64, 5);
        int[][] before = snapshot(w);
        long exec = w.exec() | 1L << 15 | 1L << 31 | 1L << 47;
        w.setExec(exec);
        run(t, w, """
                v_mov_b32_dpp v3, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
                v_mov_b32_dpp v4, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
                """);
        for (int i = 0; i < 64; i++) {
            boolean on = (exec >>> i & 1) != 0;
            int row = i >>> 4;
            int e3 = on && (row == 1 || row == 3) ? before[1][16 * row - 1] : before[3][i];
            assertEquals(e3, w.v(3, i), "row_bcast:15 lane " + i);
            int e4 = on && row >= 2 ? before[1][31] : before[4][i];
            assertEquals(e4, w.v(4, i), "row_bcast:31 lane " + i);
        }
    }

    // ---- VOPD ---------------------------------------------------------------------------------------------------

    static Stream<Arguments> vopdMachines() {
        return Stream.of(Arguments.of(Target.GFX1100), Arguments.of(Target.GFX1150), Arguments.of(Target.GFX1200));
    }

    @ParameterizedTest
    @MethodSource("vopdMachines")
    void vopdHalvesReadBeforeEitherWrites(Target t) {
        Wave w = wave(t, 32, 41);
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 32; i++) {
            for (int reg : new int[] {1, 2, 3, 4, 5, 6, 7, 20}) {
                w.setV(reg, i, Float.floatToRawIntBits((r.nextInt(2001) - 1000) / 8f));
            }
        }
        w.setVcc(r.nextLong() & M32);
        int[][] before = snapshot(w);
        long exec = w.exec();
        long vcc = w.vcc();
        run(t, w, """
                v_dual_mov_b32 v30, v31 :: v_dual_mov_b32 v31, v30
                v_dual_add_f32 v10, v1, v2 :: v_dual_mul_f32 v11, v10, v4
                v_dual_fmac_f32 v20, v1, v2 :: v_dual_add_f32 v21, v3, v20
                v_fmamk_f32 v22, v1, 0x40000000, v2
                v_fmaak_f32 v23, v1, v2, 0x40000000
                v_dual_cndmask_b32 v12, v5, v6 :: v_dual_sub_f32 v13, v12, v7
                """);
        for (int i = 0; i < 32; i++) {
            if ((exec >>> i & 1) == 0) {
                for (int reg : new int[] {10, 11, 12, 13, 20, 21, 22, 23, 30, 31}) {
                    assertEquals(before[reg][i], w.v(reg, i), "inactive lane " + i + " v" + reg);
                }
                continue;
            }
            assertEquals(before[31][i], w.v(30, i), "swap X lane " + i);
            assertEquals(before[30][i], w.v(31, i), "swap Y lane " + i);
            float v1 = f(before[1][i]);
            float v2 = f(before[2][i]);
            assertEquals(bits(v1 + v2), w.v(10, i), "add X lane " + i);
            assertEquals(bits(f(before[10][i]) * f(before[4][i])), w.v(11, i), "mul Y reads old v10, lane " + i);
            assertEquals(bits(Math.fma(v1, v2, f(before[20][i]))), w.v(20, i), "fmac X lane " + i);
            assertEquals(bits(f(before[3][i]) + f(before[20][i])), w.v(21, i), "add Y reads old v20, lane " + i);
            assertEquals(bits(Math.fma(v1, 2.0f, v2)), w.v(22, i), "v_fmamk_f32 lane " + i);
            assertEquals(bits(Math.fma(v1, v2, 2.0f)), w.v(23, i), "v_fmaak_f32 lane " + i);
            int cnd = (vcc >>> i & 1) != 0 ? before[6][i] : before[5][i];
            assertEquals(cnd, w.v(12, i), "cndmask X lane " + i);
            assertEquals(bits(f(before[12][i]) - f(before[7][i])), w.v(13, i), "sub Y reads old v12, lane " + i);
        }
    }

    /**
     * The VOPD Y-only opcodes (ADD_NC_U32, LSHLREV_B32, AND_B32). amdisa's assembler does not write them yet, so this
     * program's words come from {@code llvm-mc-22} alone and the test needs it.
     */
    @ParameterizedTest
    @MethodSource("vopdMachines")
    void vopdYOnlyOpcodes(Target t) {
        org.junit.jupiter.api.Assumptions.assumeTrue(LlvmAsm.available(), "llvm-mc-22 is not installed");
        Wave w = wave(t, 32, 43);
        for (int i = 0; i < 32; i++) {
            w.setV(1, i, Float.floatToRawIntBits((i - 16) / 4f));
            w.setV(2, i, Float.floatToRawIntBits((i % 5) / 2f));
        }
        int[][] before = snapshot(w);
        long exec = w.exec();
        int[] words = LlvmAsm.llvmWords(t.mcpu(), 32, """
                v_dual_mul_f32 v14, v1, v2 :: v_dual_add_nc_u32 v15, v14, v3
                v_dual_mov_b32 v16, v5 :: v_dual_lshlrev_b32 v17, v6, v16
                v_dual_add_f32 v18, v1, v2 :: v_dual_and_b32 v19, v18, v7
                s_endpgm
                """);
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
        for (int i = 0; i < 32; i++) {
            if ((exec >>> i & 1) == 0) {
                for (int reg = 14; reg <= 19; reg++) {
                    assertEquals(before[reg][i], w.v(reg, i), "inactive lane " + i + " v" + reg);
                }
                continue;
            }
            float v1 = f(before[1][i]);
            float v2 = f(before[2][i]);
            assertEquals(bits(v1 * v2), w.v(14, i), "mul X lane " + i);
            assertEquals(before[14][i] + before[3][i], w.v(15, i), "add_nc_u32 Y reads old v14, lane " + i);
            assertEquals(before[5][i], w.v(16, i), "mov X lane " + i);
            assertEquals(before[16][i] << (before[6][i] & 31), w.v(17, i), "lshlrev Y reads old v16, lane " + i);
            assertEquals(bits(v1 + v2), w.v(18, i), "add X lane " + i);
            assertEquals(before[18][i] & before[7][i], w.v(19, i), "and Y reads old v18, lane " + i);
        }
    }

    private static float f(int bits) {
        return Float.intBitsToFloat(bits);
    }

    private static int bits(float x) {
        return Float.floatToRawIntBits(x);
    }
}
