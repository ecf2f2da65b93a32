package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CDNA's accumulation registers (AGPRs) through the assembler (cross-checked with llvm-mc-22 when installed), the
 * interpreter's binding and the MFMA op: gfx908's MFMAs, whose C and D are always AGPRs, the CDNA 2/3 ACC_CD form and
 * its VGPR form, A and B read from AGPRs (the ACC bits), and the {@code v_accvgpr_write/read/mov} moves. Expected
 * values are computed in the test from the 4x4x1 layout of AMD's matrix instruction calculator (16 blocks; A[b][i] in
 * lane i + 4b, B[b][j] in lane j + 4b, C/D[b][i][j] in register i of lane j + 4b). Until 7 Dec a gfx908 MFMA read C
 * from and wrote D to the VGPRs of the same numbers (a silent wrong result).
 */
class AgprThroughInterpreterTest {

    private static Wave wave(Target t) {
        Wave w = new Wave(t, 64, 32, 32);
        w.setExec(-1L);
        return w;
    }

    private static void run(Target t, Wave w, String text) {
        int[] words = LlvmAsm.assemble(t.mcpu(), 64, text);
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 1000));
    }

    /** Fills A (v0 or a0), B (v1 or a1) and C (four registers from {@code c} in the file {@code cInAgprs}). */
    private static float[][] fill(Wave w, SplittableRandom r, boolean abInAgprs, boolean cInAgprs, int c) {
        float[][] values = new float[3][];
        float[] a = new float[64];
        float[] b = new float[64];
        float[] cc = new float[64 * 4];
        for (int lane = 0; lane < 64; lane++) {
            a[lane] = r.nextInt(-40, 40) / 4f;
            b[lane] = r.nextInt(-40, 40) / 8f;
            if (abInAgprs) {
                w.setA(0, lane, Float.floatToRawIntBits(a[lane]));
                w.setA(1, lane, Float.floatToRawIntBits(b[lane]));
            } else {
                w.setV(0, lane, Float.floatToRawIntBits(a[lane]));
                w.setV(1, lane, Float.floatToRawIntBits(b[lane]));
            }
            for (int reg = 0; reg < 4; reg++) {
                cc[reg * 64 + lane] = r.nextInt(-100, 100);
                int bits = Float.floatToRawIntBits(cc[reg * 64 + lane]);
                if (cInAgprs) {
                    w.setA(c + reg, lane, bits);
                } else {
                    w.setV(c + reg, lane, bits);
                }
            }
        }
        values[0] = a;
        values[1] = b;
        values[2] = cc;
        return values;
    }

    /** D[b][i][j] = C[b][i][j] + A[b][i] * B[b][j]: register i of lane j + 4b holds it. */
    private static float expected(float[][] v, int reg, int lane) {
        int blk = lane / 4;
        int j = lane % 4;
        return v[2][reg * 64 + lane] + v[0][reg + 4 * blk] * v[1][j + 4 * blk]; // small dyadic values: exact
    }

    @Test
    void gfx908AccumulatesInAgprs() {
        Wave w = wave(Target.GFX908);
        float[][] v = fill(w, new SplittableRandom(1), false, true, 4);
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 2; reg < 8; reg++) {
                w.setV(reg, lane, 0x5eed0000 + reg); // VGPRs of the AGPR numbers: must stay
            }
        }
        run(Target.GFX908, w, """
                v_mfma_f32_4x4x1f32 a[4:7], v0, v1, a[4:7]
                v_accvgpr_read_b32 v20, a6
                s_endpgm
                """);
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 0; reg < 4; reg++) {
                assertEquals(expected(v, reg, lane), Float.intBitsToFloat(w.a(4 + reg, lane)), "a" + (4 + reg)
                        + " lane " + lane);
            }
            assertEquals(w.a(6, lane), w.v(20, lane), "v_accvgpr_read_b32 lane " + lane);
            for (int reg = 2; reg < 8; reg++) {
                assertEquals(0x5eed0000 + reg, w.v(reg, lane), "v" + reg + " lane " + lane);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"GFX908, v_mfma_f32_4x4x1f32", "GFX90A, v_mfma_f32_4x4x1f32", "GFX942, v_mfma_f32_4x4x1_16b_f32"})
    void abFromAgprs(Target t, String mnemonic) {
        Wave w = wave(t);
        float[][] v = fill(w, new SplittableRandom(2), true, true, 8);
        run(t, w, mnemonic + " a[8:11], a0, a1, a[8:11]\ns_endpgm\n");
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 0; reg < 4; reg++) {
                assertEquals(expected(v, reg, lane), Float.intBitsToFloat(w.a(8 + reg, lane)));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"GFX90A, v_mfma_f32_4x4x1f32", "GFX942, v_mfma_f32_4x4x1_16b_f32"})
    void cdna2AccCdAndVgprForms(Target t, String mnemonic) {
        Wave w = wave(t);
        float[][] inAgprs = fill(w, new SplittableRandom(3), false, true, 12);
        run(t, w, mnemonic + " a[12:15], v0, v1, a[12:15]\ns_endpgm\n");
        Wave x = wave(t);
        float[][] inVgprs = fill(x, new SplittableRandom(4), false, false, 12);
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 0; reg < 4; reg++) {
                x.setA(12 + reg, lane, 0x7777);
            }
        }
        run(t, x, mnemonic + " v[12:15], v0, v1, v[12:15]\ns_endpgm\n");
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 0; reg < 4; reg++) {
                assertEquals(expected(inAgprs, reg, lane), Float.intBitsToFloat(w.a(12 + reg, lane)));
                assertEquals(expected(inVgprs, reg, lane), Float.intBitsToFloat(x.v(12 + reg, lane)));
                assertEquals(0x7777, x.a(12 + reg, lane), "the VGPR form leaves the AGPRs alone");
            }
        }
    }

    @Test
    void zeroConstantAccumulator() {
        Wave w = wave(Target.GFX90A);
        float[][] v = fill(w, new SplittableRandom(5), false, true, 16);
        run(Target.GFX90A, w, "v_mfma_f32_4x4x1f32 a[16:19], v0, v1, 0\ns_endpgm\n");
        for (int lane = 0; lane < 64; lane++) {
            for (int reg = 0; reg < 4; reg++) {
                assertEquals(0f + v[0][reg + 4 * (lane / 4)] * v[1][lane % 4 + 4 * (lane / 4)], // C = +0
                        Float.intBitsToFloat(w.a(16 + reg, lane)));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"GFX908", "GFX90A", "GFX942", "GFX950"})
    void moves(Target t) {
        Wave w = wave(t);
        for (int lane = 0; lane < 64; lane++) {
            w.setV(3, lane, 1000 + lane);
            w.setA(9, lane, 0xabc);
        }
        w.setExec(0x00ff_00ff_00ff_00ffL);
        boolean mov = t != Target.GFX908;
        run(t, w, "v_accvgpr_write_b32 a5, v3\nv_accvgpr_write_b32 a6, -7\nv_accvgpr_read_b32 v7, a5\n"
                + (mov ? "v_accvgpr_mov_b32 a8, a5\n" : "") + "s_endpgm\n");
        for (int lane = 0; lane < 64; lane++) {
            boolean on = (lane & 8) == 0;
            assertEquals(on ? 1000 + lane : 0, w.a(5, lane), "a5 lane " + lane);
            assertEquals(on ? -7 : 0, w.a(6, lane), "a6 lane " + lane);
            assertEquals(on ? 1000 + lane : 0, w.v(7, lane), "v7 lane " + lane);
            if (mov) {
                assertEquals(on ? 1000 + lane : 0, w.a(8, lane), "a8 lane " + lane);
            }
            assertEquals(0xabc, w.a(9, lane));
        }
    }

    @Test
    void agprOutsideTheWaveFaults() {
        Wave w = new Wave(Target.GFX908, 64, 32, 4);
        w.setExec(-1L);
        assertThrows(IllegalRegister.class, () -> run(Target.GFX908, w, "v_accvgpr_write_b32 a5, v3\ns_endpgm\n"));
    }
}
