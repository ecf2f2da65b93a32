package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code v_mfma_f32_16x16x4_f32 v[0:3], v4, v5, v[8:11]} and {@code v_mfma_i32_16x16x32_i8} on gfx942 through the
 * decoder, the interpreter's binding and the generated op, against a plain Java matrix product (A[i][k] in lane
 * i + 16k, B[k][j] in lane j + 16k, D[i][j] in register i % 4 of lane j + 16 (i / 4); the i8 form holds 8
 * consecutive k of A and B per lane); and the forms it refuses.
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

    @Test
    void refusedFormsAreUnsupportedNotApproximated() {
        Interpreter in = Interpreters.forTarget(T);
        int[] acc = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264, "ACC_CD", 1);
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                () -> in.run(wave(), new Program(0x100, acc), 10));
        assertTrue(e.getMessage().contains("ACC_CD"), e.getMessage());
        int[] bcast = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264, "CBSZ", 2);
        e = assertThrows(UnsupportedInstruction.class, () -> in.run(wave(), new Program(0x100, bcast), 10));
        assertTrue(e.getMessage().contains("CBSZ"), e.getMessage());
        int[] plain = mfma("V_MFMA_F32_16X16X4_F32", "VDST", 0, "SRC0", 260, "SRC1", 261, "SRC2", 264);
        Wave partial = wave();
        partial.setExec(0xFFFF);
        e = assertThrows(UnsupportedInstruction.class, () -> in.run(partial, new Program(0x100, plain), 10));
        assertTrue(e.getMessage().contains("EXEC"), e.getMessage());
    }
}
