package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code v_mfma_f32_16x16x4_f32 v[0:3], v4, v5, v[8:11]} and {@code v_mfma_i32_16x16x32_i8} on gfx942 through the
 * decoder, the interpreter's binding and the generated op, against a plain Java matrix product (A[i][k] in lane
 * i + 16k, B[k][j] in lane j + 16k, D[i][j] in register i % 4 of lane j + 16 (i / 4); the i8 form holds 8
 * consecutive k of A and B per lane); the f64 MFMAs on gfx90a, gfx942 and gfx950 against an exact sum rounded once
 * (BigDecimal), with the layout of AMD's matrix instruction calculator (C/D rows one register pair tall); and the
 * forms it refuses.
 */
class MatrixThroughInterpreterTest {

    private static final Target T = Target.GFX942;

    private static int[] mfma(String name, Object... fields) {
        InstructionSet isa = Interpreters.forTarget(T).instructionSet();
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals(name) && isa.variantKind(v).equals("MFMA")) {
                return new RawCode(isa).add(v, fields).add("S_ENDPGM", "SOPP").words();
            }
        }
        throw new AssertionError(name + " has no MFMA variant");
    }

    private static Wave wave() {
        Wave w = new Wave(T, 64, 32, 0);
        w.setPc(0x100);
        w.setExec(-1L);
        return w;
    }

    private static void run(Wave w, int[] words) {
        Interpreters.forTarget(T).run(w, new Program(0x100, words), 100);
    }

    @Test
    void f32MatrixProduct() {
        int[] words = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 256 + 4, "SRC1", 256 + 5, "SRC2", 256 + 8);
        SplittableRandom r = new SplittableRandom(3);
        Wave w = wave();
        float[][] a = new float[16][4];
        float[][] b = new float[4][16];
        float[][] c = new float[16][16];
        for (int lane = 0; lane < 64; lane++) {
            a[lane % 16][lane / 16] = (float) r.nextInt(-50, 50) / 4;
            b[lane / 16][lane % 16] = (float) r.nextInt(-50, 50) / 8;
            w.setV(4, lane, Float.floatToRawIntBits(a[lane % 16][lane / 16]));
            w.setV(5, lane, Float.floatToRawIntBits(b[lane / 16][lane % 16]));
            for (int reg = 0; reg < 4; reg++) {
                int i = 4 * (lane / 16) + reg;
                c[i][lane % 16] = r.nextInt(-100, 100);
                w.setV(8 + reg, lane, Float.floatToRawIntBits(c[i][lane % 16]));
            }
        }
        run(w, words);
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                double sum = c[i][j];
                for (int k = 0; k < 4; k++) {
                    sum += (double) a[i][k] * b[k][j]; // small dyadic values: exact
                }
                float got = Float.intBitsToFloat(w.v(i % 4, j + 16 * (i / 4)));
                assertEquals((float) sum, got, "D[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void i8MatrixProduct() {
        int[] words = mfma("V_MFMA_I32_16X16X32_I8", "VDST", 12, "SRC0", 256 + 0, "SRC1", 256 + 2, "SRC2", 256 + 12);
        SplittableRandom r = new SplittableRandom(4);
        Wave w = wave();
        byte[][] a = new byte[16][32];
        byte[][] b = new byte[32][16];
        int[][] c = new int[16][16];
        for (int lane = 0; lane < 64; lane++) {
            long pa = 0;
            long pb = 0;
            for (int t = 0; t < 8; t++) {
                int k = 8 * (lane / 16) + t;
                a[lane % 16][k] = (byte) r.nextInt();
                b[k][lane % 16] = (byte) r.nextInt();
                pa |= (a[lane % 16][k] & 0xFFL) << (8 * t);
                pb |= (b[k][lane % 16] & 0xFFL) << (8 * t);
            }
            w.setV64(0, lane, pa);
            w.setV64(2, lane, pb);
            for (int reg = 0; reg < 4; reg++) {
                c[4 * (lane / 16) + reg][lane % 16] = r.nextInt();
                w.setV(12 + reg, lane, c[4 * (lane / 16) + reg][lane % 16]);
            }
        }
        run(w, words);
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                int sum = c[i][j];
                for (int k = 0; k < 32; k++) {
                    sum += a[i][k] * b[k][j];
                }
                assertEquals(sum, w.v(12 + i % 4, j + 16 * (i / 4)), "D[" + i + "][" + j + "]");
            }
        }
    }

    private static int[] mfmaOn(Target t, String name, Object... fields) {
        InstructionSet isa = Interpreters.forTarget(t).instructionSet();
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals(name) && isa.variantKind(v).equals("MFMA")) {
                return new RawCode(isa).add(v, fields).add("S_ENDPGM", "SOPP").words();
            }
        }
        throw new AssertionError(name + " has no MFMA variant on " + t);
    }

    /** A random f64 with a 53-bit significand and a moderate exponent, so products are inexact in double. */
    private static double f64(SplittableRandom r) {
        double d = Math.scalb(1.0 + (r.nextLong() >>> 12) * 0x1p-52, r.nextInt(-30, 30));
        return r.nextBoolean() ? d : -d;
    }

    /** C + sum A[k] B[k], exactly, rounded once to double (BigDecimal's doubleValue rounds to nearest). */
    private static double exactDot(double c, double[] a, double[] b) {
        BigDecimal sum = new BigDecimal(c);
        for (int k = 0; k < a.length; k++) {
            sum = sum.add(new BigDecimal(a[k]).multiply(new BigDecimal(b[k])));
        }
        return sum.doubleValue();
    }

    @ParameterizedTest
    @CsvSource({"GFX90A, V_MFMA_F64_16X16X4F64", "GFX942, V_MFMA_F64_16X16X4_F64", "GFX950, V_MFMA_F64_16X16X4_F64"})
    void f64MatrixProduct16x16x4(Target t, String name) {
        // v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[12:19]
        int[] words = mfmaOn(t, name, "VDST", 0, "SRC0", 256 + 8, "SRC1", 256 + 10, "SRC2", 256 + 12);
        SplittableRandom r = new SplittableRandom(t.ordinal());
        Wave w = new Wave(t, 64, 32, 0);
        w.setPc(0x100);
        w.setExec(-1L);
        double[][] a = new double[16][4];
        double[][] b = new double[16][4]; // b[j][k] = B[k][j]
        double[][] c = new double[16][16];
        for (int lane = 0; lane < 64; lane++) {
            a[lane % 16][lane / 16] = f64(r); // A[i][k]: lane i + 16 k
            b[lane % 16][lane / 16] = f64(r); // B[k][j]: lane j + 16 k
            w.setV64(8, lane, Double.doubleToRawLongBits(a[lane % 16][lane / 16]));
            w.setV64(10, lane, Double.doubleToRawLongBits(b[lane % 16][lane / 16]));
        }
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                c[i][j] = f64(r);
                w.setV64(12 + 2 * (i / 4), 16 * (i % 4) + j, Double.doubleToRawLongBits(c[i][j])); // pair i/4
            }
        }
        Interpreters.forTarget(t).run(w, new Program(0x100, words), 100);
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                double want = exactDot(c[i][j], a[i], b[j]);
                double got = Double.longBitsToDouble(w.v64(2 * (i / 4), 16 * (i % 4) + j));
                assertEquals(want, got, t + " D[" + i + "][" + j + "]");
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"GFX90A, V_MFMA_F64_4X4X4F64", "GFX942, V_MFMA_F64_4X4X4_4B_F64", "GFX950, V_MFMA_F64_4X4X4_4B_F64"})
    void f64MatrixProduct4x4x4FourBlocks(Target t, String name) {
        // v_mfma_f64_4x4x4_4b_f64 v[0:1], v[8:9], v[10:11], v[12:13]
        int[] words = mfmaOn(t, name, "VDST", 0, "SRC0", 256 + 8, "SRC1", 256 + 10, "SRC2", 256 + 12);
        SplittableRandom r = new SplittableRandom(100 + t.ordinal());
        Wave w = new Wave(t, 64, 32, 0);
        w.setPc(0x100);
        w.setExec(-1L);
        double[][][] a = new double[4][4][4]; // [block][i][k]
        double[][][] b = new double[4][4][4]; // [block][j][k]
        double[][][] c = new double[4][4][4]; // [block][i][j]
        for (int blk = 0; blk < 4; blk++) {
            for (int x = 0; x < 4; x++) {
                for (int y = 0; y < 4; y++) {
                    a[blk][x][y] = f64(r);
                    b[blk][x][y] = f64(r);
                    c[blk][x][y] = f64(r);
                    // A[i][k] of block b: lane i + 4 b + 16 k; B[k][j]: lane j + 4 b + 16 k; C[i][j]: lane 4 b + 16 i + j
                    w.setV64(8, x + 4 * blk + 16 * y, Double.doubleToRawLongBits(a[blk][x][y]));
                    w.setV64(10, x + 4 * blk + 16 * y, Double.doubleToRawLongBits(b[blk][x][y]));
                    w.setV64(12, 4 * blk + 16 * x + y, Double.doubleToRawLongBits(c[blk][x][y]));
                }
            }
        }
        Interpreters.forTarget(t).run(w, new Program(0x100, words), 100);
        for (int blk = 0; blk < 4; blk++) {
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    double want = exactDot(c[blk][i][j], a[blk][i], b[blk][j]);
                    double got = Double.longBitsToDouble(w.v64(0, 4 * blk + 16 * i + j));
                    assertEquals(want, got, t + " block " + blk + " D[" + i + "][" + j + "]");
                }
            }
        }
    }

    @Test
    void refusedFormsAreUnsupportedNotApproximated() {
        Interpreter in = Interpreters.forTarget(T);
        int[] acc = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264, "ACC_CD", 1);
        // ACC_CD runs since 7 Dec (AgprThroughInterpreterTest); this wave has no AGPRs, so C is a typed fault.
        IllegalRegister f = assertThrows(IllegalRegister.class, () -> in.run(wave(), new Program(0x100, acc), 10));
        assertTrue(f.getMessage().contains("AGPR"), f.getMessage());
        int[] bcast = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264, "CBSZ", 2);
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                () -> in.run(wave(), new Program(0x100, bcast), 10));
        assertTrue(e.getMessage().contains("CBSZ"), e.getMessage());
        int[] plain = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264);
        Wave partial = wave();
        partial.setExec(0xFFFF);
        e = assertThrows(UnsupportedInstruction.class, () -> in.run(partial, new Program(0x100, plain), 10));
        assertTrue(e.getMessage().contains("EXEC"), e.getMessage());
    }
}
