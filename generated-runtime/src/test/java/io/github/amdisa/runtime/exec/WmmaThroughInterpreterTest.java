package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RDNA 3 WMMA through the interpreter on gfx1100 and gfx1150, wave32, from programs assembled by amdisa's assembler
 * (cross-checked with {@code llvm-mc-22}). The expected D is a plain triple loop here.
 *
 * <p>Register layout, placed by this test (AMD's "RDNA3" ISA reference guide, section 7.9, and GPUOpen's "How to
 * accelerate AI applications on RDNA 3 using WMMA"): A[i][k] is element k (16-bit halves, 8-bit bytes or 4-bit
 * nibbles, from bit 0) of lane i's A registers and, replicated, of lane i + 16; B[k][j] likewise in lane j and j + 16;
 * C/D[i][j] (32-bit) is VGPR i / 2 of lane j + 16 * (i % 2). The replication rule and the C/D row interleave are taken
 * from those documents, not observed on hardware. Float inputs are small multiples of 1/4, so every product and sum
 * is exact and the result does not depend on the accumulation order.
 */
class WmmaThroughInterpreterTest {

    private static final int N = 16;

    /** f16 bits of a small multiple of 1/4 (normal or zero), written out by hand. */
    private static int f16(float x) {
        if (x == 0) {
            return 0;
        }
        int sign = x < 0 ? 0x8000 : 0;
        float m = Math.abs(x);
        int e = Math.getExponent(m);
        int frac = (int) ((m / (float) Math.pow(2, e) - 1) * 1024);
        return sign | (e + 15) << 10 | frac;
    }

    private static int bf16(float x) {
        return Float.floatToRawIntBits(x) >>> 16;
    }

    private static void setHalf(Wave w, int reg, int lane, int k, int bits) {
        int r = reg + k / 2;
        int sh = 16 * (k % 2);
        w.setV(r, lane, w.v(r, lane) & ~(0xFFFF << sh) | (bits & 0xFFFF) << sh);
    }

    private static void setNibbles(Wave w, int reg, int lane, int k, int bits, int width) {
        int per = 32 / width;
        int r = reg + k / per;
        int sh = width * (k % per);
        int mask = (1 << width) - 1;
        w.setV(r, lane, w.v(r, lane) & ~(mask << sh) | (bits & mask) << sh);
    }

    private static void run(Target t, Wave w, String text) {
        int[] words = LlvmAsm.assemble(t.mcpu(), 32, text + "s_endpgm\n");
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
    }

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX1100", "GFX1150"})
    void floatWmma(Target t) {
        SplittableRandom r = new SplittableRandom(17);
        Wave w = new Wave(t, 32, 64, 0);
        float[][] a = new float[N][N];
        float[][] b = new float[N][N];
        float[][] c = new float[N][N];
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < N; k++) {
                a[i][k] = (r.nextInt(33) - 16) / 4f;
                b[k][i] = (r.nextInt(33) - 16) / 4f;
                c[i][k] = (r.nextInt(2001) - 1000) / 4f;
            }
        }
        for (int lane = 0; lane < 32; lane++) {
            for (int k = 0; k < N; k++) {
                // A in v[0:7] (f16) and v[56:63] (bf16), B in v[8:15] / v[48:55]: lane % 16 is the row / column.
                setHalf(w, 0, lane, k, f16(a[lane % 16][k]));
                setHalf(w, 8, lane, k, f16(b[k][lane % 16]));
                setHalf(w, 56, lane, k, bf16(a[lane % 16][k]));
                setHalf(w, 48, lane, k, bf16(b[k][lane % 16]));
            }
        }
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                w.setV(16 + i / 2, j + 16 * (i % 2), Float.floatToRawIntBits(c[i][j]));
            }
        }
        run(t, w, """
                v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]
                v_wmma_f32_16x16x16_bf16 v[40:47], v[56:63], v[48:55], 0
                """);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                float dot = 0;
                for (int k = 0; k < N; k++) {
                    dot += a[i][k] * b[k][j];
                }
                int lane = j + 16 * (i % 2);
                assertEquals(Float.floatToRawIntBits(dot + c[i][j]), w.v(16 + i / 2, lane), "f16 D[" + i + "][" + j + "]");
                assertEquals(Float.floatToRawIntBits(dot + 0f), w.v(40 + i / 2, lane), "bf16 D[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void integerWmma() {
        Target t = Target.GFX1100;
        SplittableRandom r = new SplittableRandom(23);
        Wave w = new Wave(t, 32, 64, 0);
        int[][] a8 = new int[N][N];
        int[][] b8 = new int[N][N];
        int[][] a4 = new int[N][N];
        int[][] b4 = new int[N][N];
        int[][] c = new int[N][N];
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < N; k++) {
                a8[i][k] = r.nextInt(256) - 128; // signed (neg_lo[0])
                b8[k][i] = r.nextInt(256);       // unsigned
                a4[i][k] = r.nextInt(16);        // unsigned
                b4[k][i] = r.nextInt(16) - 8;    // signed (neg_lo[1])
                c[i][k] = r.nextInt();
            }
        }
        for (int lane = 0; lane < 32; lane++) {
            for (int k = 0; k < N; k++) {
                setNibbles(w, 24, lane, k, a8[lane % 16][k], 8);
                setNibbles(w, 28, lane, k, b8[k][lane % 16], 8);
                setNibbles(w, 4, lane, k, a4[lane % 16][k], 4);
                setNibbles(w, 6, lane, k, b4[k][lane % 16], 4);
            }
        }
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                w.setV(32 + i / 2, j + 16 * (i % 2), c[i][j]);
                w.setV(48 + i / 2, j + 16 * (i % 2), c[i][j]);
            }
        }
        run(t, w, """
                v_wmma_i32_16x16x16_iu8 v[32:39], v[24:27], v[28:31], v[32:39] neg_lo:[1,0,0]
                v_wmma_i32_16x16x16_iu4 v[48:55], v[4:5], v[6:7], v[48:55] neg_lo:[0,1,0]
                """);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                int d8 = c[i][j];
                int d4 = c[i][j];
                for (int k = 0; k < N; k++) {
                    d8 += a8[i][k] * b8[k][j];
                    d4 += a4[i][k] * b4[k][j];
                }
                int lane = j + 16 * (i % 2);
                assertEquals(d8, w.v(32 + i / 2, lane), "iu8 D[" + i + "][" + j + "]");
                assertEquals(d4, w.v(48 + i / 2, lane), "iu4 D[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void partialExecAndWave64AreRefused() {
        Target t = Target.GFX1100;
        Wave w = new Wave(t, 32, 64, 0);
        w.setExec(0xFFFF);
        int[] words = LlvmAsm.assemble(t.mcpu(), 32, "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]\n");
        assertThrows(UnsupportedInstruction.class, () -> Interpreters.forTarget(t).execute(w, words, 0));
        // Wave64 (the same instruction word; llvm-mc writes D as v[16:19] there): its layout is not modelled.
        Wave w64 = new Wave(t, 64, 64, 0);
        assertThrows(UnsupportedInstruction.class, () -> Interpreters.forTarget(t).execute(w64, words, 0));
    }
}
