package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CLAMP on packed float results (each half clamped to [0, 1] on its own, a NaN half to +0) and MODE's denormal field
 * on packed f32 (V_PK_*_F32 on CDNA 2-4: each 32-bit half flushed by the f32 field, FP_DENORM[1:0] = MODE[5:4]; until
 * 7 Dec they were flushed as if they were f16 pairs, by the f16/f64 field). Inputs are chosen so that every exact result
 * is representable, and the expected values are computed here: Java double arithmetic, {@code Math.min/max}, and an
 * f16 encoder for the exactly representable values used.
 */
class PackedClampAndDenormThroughInterpreterTest {

    /** f16 values whose sums and products of two are exact in f16 (halves, quarters, eighths, small integers). */
    private static final double[] VALUES = {0, -0.0, 0.125, -0.125, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1, -1, 1.5,
        -1.5, 2, -2, 3, 0.375, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};

    /** The f16 bits of an exactly representable normal value, zero, infinity or NaN (0x7E00). */
    private static int f16(double v) {
        if (Double.isNaN(v)) {
            return 0x7E00;
        }
        int sign = (Double.doubleToRawLongBits(v) < 0) ? 0x8000 : 0;
        double a = Math.abs(v);
        if (a == 0) {
            return sign;
        }
        if (Double.isInfinite(a)) {
            return sign | 0x7C00;
        }
        int e = Math.getExponent(a);
        double frac = a / Math.scalb(1.0, e) - 1; // [0, 1)
        int f = (int) (frac * 1024);
        if (f != frac * 1024 || e < -14 || e > 15) {
            throw new IllegalArgumentException("not exact in f16: " + v);
        }
        return sign | (e + 15) << 10 | f;
    }

    private static double clamp01(double d) {
        return Double.isNaN(d) ? 0 : Math.max(0.0, Math.min(1.0, d));
    }

    private static int[] assemble(Target t, String text) {
        return LlvmAsm.assemble(t.mcpu(), waveSize(t), text + "\ns_endpgm\n");
    }

    private static int waveSize(Target t) {
        return t.mcpu().startsWith("gfx9") ? 64 : 32;
    }

    private static Wave wave(Target t, int denormF32, int denormF16F64) {
        Wave w = new Wave(t, waveSize(t), 16, 0);
        w.setExec(w.laneMask());
        w.setMode(w.mode() & ~0xF0 | denormF32 << 4 | denormF16F64 << 6);
        return w;
    }

    private static void run(Target t, Wave w, int[] words) {
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 10));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Target.class)
    void packedF16ClampClampsEachHalf(Target t) {
        int[] words = assemble(t, "v_pk_add_f16 v2, v0, v1 clamp\nv_pk_fma_f16 v4, v0, v1, v3 clamp");
        SplittableRandom r = new SplittableRandom(t.ordinal() + 77);
        for (int round = 0; round < 4; round++) {
            Wave w = wave(t, 3, 3);
            double[][] in = new double[6][w.waveSize()];
            for (int lane = 0; lane < w.waveSize(); lane++) {
                for (int k = 0; k < 6; k++) {
                    in[k][lane] = VALUES[r.nextInt(VALUES.length)];
                }
                w.setV(0, lane, f16(in[0][lane]) | f16(in[1][lane]) << 16);
                w.setV(1, lane, f16(in[2][lane]) | f16(in[3][lane]) << 16);
                w.setV(3, lane, f16(in[4][lane]) | f16(in[5][lane]) << 16);
            }
            run(t, w, words);
            for (int lane = 0; lane < w.waveSize(); lane++) {
                int add = f16(clamp01(in[0][lane] + in[2][lane])) | f16(clamp01(in[1][lane] + in[3][lane])) << 16;
                int fma = f16(clamp01(in[0][lane] * in[2][lane] + in[4][lane]))
                        | f16(clamp01(in[1][lane] * in[3][lane] + in[5][lane])) << 16;
                String where = t + " lane " + lane + " inputs " + in[0][lane] + "|" + in[1][lane] + ", " + in[2][lane]
                        + "|" + in[3][lane] + ", " + in[4][lane] + "|" + in[5][lane];
                assertEquals(Integer.toHexString(add), Integer.toHexString(w.v(2, lane)), "v_pk_add_f16 " + where);
                assertEquals(Integer.toHexString(fma), Integer.toHexString(w.v(4, lane)), "v_pk_fma_f16 " + where);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Target.class, names = {"GFX90A", "GFX942", "GFX950"})
    void packedF32ClampClampsEachHalf(Target t) {
        int[] words = assemble(t, "v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7] clamp");
        SplittableRandom r = new SplittableRandom(t.ordinal() + 99);
        Wave w = wave(t, 3, 3);
        double[][] in = new double[6][w.waveSize()];
        for (int lane = 0; lane < w.waveSize(); lane++) {
            for (int k = 0; k < 6; k++) {
                in[k][lane] = VALUES[r.nextInt(VALUES.length)];
                w.setV(2 * (k / 2) + (k / 2 == 2 ? 2 : 0) + k % 2, lane, Float.floatToRawIntBits((float) in[k][lane]));
            }
        }
        run(t, w, words);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            for (int half = 0; half < 2; half++) {
                double exact = in[half][lane] * in[2 + half][lane] + in[4 + half][lane];
                int expected = Float.floatToRawIntBits((float) clamp01(exact));
                assertEquals(Integer.toHexString(expected), Integer.toHexString(w.v(4 + half, lane)),
                        t + " v_pk_fma_f32 half " + half + " lane " + lane);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Target.class, names = {"GFX90A", "GFX942", "GFX950"})
    void packedF32FlushesByTheF32Field(Target t) {
        int[] words = assemble(t, "v_pk_add_f32 v[4:5], v[0:1], v[2:3]");
        SplittableRandom r = new SplittableRandom(t.ordinal() + 5);
        for (int f32 = 0; f32 < 4; f32 += 3) {
            for (int f16 = 0; f16 < 4; f16 += 3) {
                Wave w = wave(t, f32, f16);
                int[][] in = new int[4][w.waveSize()];
                for (int lane = 0; lane < w.waveSize(); lane++) {
                    for (int k = 0; k < 4; k++) {
                        // f32 denormals of either sign (with low 16 bits that look like f16 values), or zero
                        int frac = r.nextInt(4) == 0 ? 0 : r.nextInt(1 << 23);
                        in[k][lane] = (r.nextBoolean() ? 0x8000_0000 : 0) | frac;
                    }
                    w.setV(0, lane, in[0][lane]);
                    w.setV(1, lane, in[1][lane]);
                    w.setV(2, lane, in[2][lane]);
                    w.setV(3, lane, in[3][lane]);
                }
                run(t, w, words);
                for (int lane = 0; lane < w.waveSize(); lane++) {
                    for (int half = 0; half < 2; half++) {
                        float a = Float.intBitsToFloat(in[half][lane]);
                        float b = Float.intBitsToFloat(in[2 + half][lane]);
                        if (f32 == 0) { // inputs flushed to zeros of their signs; a zero or denormal sum flushed too
                            a = Math.copySign(0f, a);
                            b = Math.copySign(0f, b);
                        }
                        float sum = a + b; // exact: two denormals
                        if (f32 == 0 && Math.abs(sum) < Float.MIN_NORMAL) {
                            sum = Math.copySign(0f, sum);
                        }
                        assertEquals(Integer.toHexString(Float.floatToRawIntBits(sum)),
                                Integer.toHexString(w.v(4 + half, lane)), t + " v_pk_add_f32 MODE f32 " + f32 + " f16 "
                                        + f16 + " half " + half + " lane " + lane + " inputs "
                                        + Integer.toHexString(in[half][lane]) + ", "
                                        + Integer.toHexString(in[2 + half][lane]));
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Target.class, names = {"GFX90A", "GFX942", "GFX950"})
    void packedF32SourcesSelectDwords(Target t) {
        // Until 7 Dec the high half of every V_PK_*_F32 read 0: OP_SEL picked 16-bit halves of the 64-bit pair.
        int[] words = assemble(t, "v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7]\n"
                + "v_pk_fma_f32 v[8:9], v[0:1], v[2:3], v[6:7] op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[0,1,0]"
                + " neg_hi:[0,0,1]");
        Wave w = wave(t, 3, 3);
        float[] a = {1f, 2f};
        float[] b = {3f, 5f};
        float[] c = {0.5f, 0.25f};
        for (int lane = 0; lane < w.waveSize(); lane++) {
            for (int h = 0; h < 2; h++) {
                w.setV(h, lane, Float.floatToRawIntBits(a[h] + lane));
                w.setV(2 + h, lane, Float.floatToRawIntBits(b[h]));
                w.setV(6 + h, lane, Float.floatToRawIntBits(c[h]));
            }
        }
        run(t, w, words);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            assertEquals((a[0] + lane) * b[0] + c[0], Float.intBitsToFloat(w.v(4, lane)), "lo, lane " + lane);
            assertEquals((a[1] + lane) * b[1] + c[1], Float.intBitsToFloat(w.v(5, lane)), "hi, lane " + lane);
            // lo: S0's high dword, -S1's low dword, S2's low dword; hi: S0's low dword, S1's high, -S2's high
            assertEquals((a[1] + lane) * -b[0] + c[0], Float.intBitsToFloat(w.v(8, lane)), "op_sel lo, lane " + lane);
            assertEquals((a[0] + lane) * b[1] - c[1], Float.intBitsToFloat(w.v(9, lane)), "op_sel hi, lane " + lane);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Target.class, names = {"GFX90A", "GFX942", "GFX950"})
    void packedMoveSelectsDwords(Target t) {
        int[] words = assemble(t, "v_pk_mov_b32 v[4:5], v[0:1], v[2:3] op_sel:[1,0]\n"
                + "v_pk_mov_b32 v[6:7], v[0:1], v[2:3] op_sel:[0,1]");
        Wave w = wave(t, 3, 3);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            for (int r = 0; r < 4; r++) {
                w.setV(r, lane, 0x1000 * (r + 1) + lane);
            }
        }
        run(t, w, words);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            assertEquals(0x2000 + lane, w.v(4, lane), "op_sel:[1,0] lo");
            assertEquals(0x3000 + lane, w.v(5, lane), "op_sel:[1,0] hi");
            assertEquals(0x1000 + lane, w.v(6, lane), "op_sel:[0,1] lo");
            assertEquals(0x4000 + lane, w.v(7, lane), "op_sel:[0,1] hi");
        }
    }

    /**
     * CDNA 5's reconstructed spec types V_PK_FMA_F32's operands as FMT_NUM_F64 (CDNA 2-4's as FMT_NUM_PK2_F32; llvm-mc
     * takes {@code op_sel} and {@code clamp} on it as on gfx90a): the plain form runs, modifiers and a flushing MODE
     * are refused rather than applied to one f64.
     */
    @org.junit.jupiter.api.Test
    void cdna5PackedF32TypedAsF64RunsPlainAndRefusesModifiers() {
        Target t = Target.GFX1250;
        int[] plain = assemble(t, "v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7]");
        Wave w = wave(t, 3, 3);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            w.setV(0, lane, Float.floatToRawIntBits(1f + lane));
            w.setV(1, lane, Float.floatToRawIntBits(2f));
            w.setV(2, lane, Float.floatToRawIntBits(3f));
            w.setV(3, lane, Float.floatToRawIntBits(5f));
            w.setV(6, lane, Float.floatToRawIntBits(0.5f));
            w.setV(7, lane, Float.floatToRawIntBits(0.25f));
        }
        run(t, w, plain);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            assertEquals((1f + lane) * 3f + 0.5f, Float.intBitsToFloat(w.v(4, lane)));
            assertEquals(2f * 5f + 0.25f, Float.intBitsToFloat(w.v(5, lane)));
        }
        for (String asm : new String[] {"v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7] clamp",
            "v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7] op_sel:[1,0,0] op_sel_hi:[0,1,1]",
            "v_pk_fma_f32 v[4:5], v[0:1], v[2:3], v[6:7] neg_lo:[0,1,0]"}) {
            int[] words = assemble(t, asm);
            UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class, () -> run(t, wave(t, 3, 3), words),
                    asm);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("f64"), e.getMessage());
        }
        assertThrows(UnsupportedInstruction.class, () -> run(t, wave(t, 0, 0), plain));
    }
}
