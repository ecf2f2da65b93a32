package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sparse SMFMACs of CDNA 3 (gfx942) and CDNA 4 (gfx950) through the decoder, the binding and the generated op.
 * The test draws a dense A with 4:2 structured sparsity (two non-zeros at random positions in every group of four K
 * positions), compresses it into the registers as AMD's matrix instruction calculator describes the layout (stored
 * element c of row i in lane i + M (c / kpl), its 2-bit position in the index VGPR set chosen by CBSZ/ABID), and
 * checks D against the dense product {@code A * B + C} over the full K, computed here by a triple loop.
 */
class SmfmacThroughInterpreterTest {

    private static final int D_REG = 0;
    private static final int A_REG = 16;
    private static final int B_REG = 20;
    private static final int IDX_REG = 28;

    private static int[] smfmac(Target t, String name, int cbsz, int abid) {
        InstructionSet isa = Interpreters.forTarget(t).instructionSet();
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals(name) && isa.variantKind(v).equals("MFMA")) {
                return new RawCode(isa).add(v, "VDST", D_REG, "SRC0", 256 + A_REG, "SRC1", 256 + B_REG, "SRC2",
                        256 + IDX_REG, "CBSZ", cbsz, "ABID", abid).add("S_ENDPGM", "SOPP").words();
            }
        }
        throw new AssertionError(name + " has no MFMA variant on " + t);
    }

    /** Element encodings: values are small multiples of 1/4, exact in every format used and in every sum. */
    enum El {
        F16(16), BF16(16), I8(8), FP8_FNUZ(8), FP8_OCP(8);

        final int bits;

        El(int bits) {
            this.bits = bits;
        }

        /** A random non-zero value of this element type. */
        double draw(SplittableRandom r) {
            if (this == I8) {
                int v = r.nextInt(-128, 127);
                return v == 0 ? 1 : v;
            }
            if (this == FP8_FNUZ || this == FP8_OCP) {
                double[] vs = {0.5, 1, 1.5, 2, 3, -0.5, -1, -1.5, -2, -3};
                return vs[r.nextInt(vs.length)];
            }
            int v = r.nextInt(-40, 40);
            return (v == 0 ? 1 : v) / 4.0;
        }

        long encode(double v) {
            int f = Float.floatToRawIntBits((float) v);
            return switch (this) {
                case I8 -> (long) v & 0xFF;
                case BF16 -> f >>> 16;
                case F16 -> {
                    if (v == 0) {
                        yield 0;
                    }
                    int e = ((f >>> 23) & 0xFF) - 127 + 15;
                    yield (f >>> 16 & 0x8000) | e << 10 | (f >>> 13 & 0x3FF);
                }
                default -> {
                    // E4M3: 3 mantissa bits; FNUZ's bias is 8, OCP's 7 (values here are normal in both)
                    if (v == 0) {
                        yield 0;
                    }
                    int e = ((f >>> 23) & 0xFF) - 127 + (this == FP8_FNUZ ? 8 : 7);
                    yield (f >>> 24 & 0x80) | e << 3 | (f >>> 20 & 0x7);
                }
            };
        }
    }

    private static void put(Wave w, int reg, int lane, int bitPos, int width, long value) {
        int r = reg + bitPos / 32;
        int sh = bitPos % 32;
        int mask = (int) (((1L << width) - 1) << sh);
        w.setV(r, lane, (w.v(r, lane) & ~mask) | (int) (value << sh) & mask);
    }

    /** D/C[i][j] of the 32-bit layouts (calculator: 16x16 GPR i % 4, lane 16 (i / 4) + j; 32x32 GPR 4 (i / 8) + i % 4, lane 32 (i / 4) % 64 + j). */
    private static int dReg(int m, int i) {
        return m == 16 ? i % 4 : 4 * (i / 8) + i % 4;
    }

    private static int dLane(int m, int i, int j) {
        return m == 16 ? 16 * (i / 4) + j : (32 * (i / 4)) % 64 + j;
    }

    @ParameterizedTest
    @CsvSource({
        "GFX942, V_SMFMAC_F32_16X16X32_F16, 16, 32, F16, 0, 2",
        "GFX942, V_SMFMAC_F32_32X32X16_BF16, 32, 16, BF16, 1, 3",
        "GFX942, V_SMFMAC_I32_16X16X64_I8, 16, 64, I8, 0, 1",
        "GFX942, V_SMFMAC_I32_32X32X32_I8, 32, 32, I8, 0, 0",
        "GFX942, V_SMFMAC_F32_16X16X64_FP8_FP8, 16, 64, FP8_FNUZ, 0, 1",
        "GFX950, V_SMFMAC_F32_16X16X32_BF16, 16, 32, BF16, 0, 3",
        "GFX950, V_SMFMAC_F32_16X16X64_F16, 16, 64, F16, 0, 1",
        "GFX950, V_SMFMAC_F32_32X32X32_BF16, 32, 32, BF16, 2, 1",
        "GFX950, V_SMFMAC_F32_16X16X128_FP8_FP8, 16, 128, FP8_OCP, 0, 0",
        "GFX950, V_SMFMAC_I32_32X32X64_I8, 32, 64, I8, 0, 0",
    })
    void sparseProductEqualsTheDenseExpansion(Target t, String name, int m, int k, El el, int cbsz, int abid) {
        int n = m;
        int kplA = m * k / 128;
        int kplB = k * n / 64;
        int set = cbsz != 0 ? 0 : abid;
        SplittableRandom r = new SplittableRandom(name.hashCode());
        Wave w = new Wave(t, 64, 32, 0);
        w.setPc(0x100);
        w.setExec(-1L);
        for (int reg = 0; reg < 32; reg++) {
            for (int lane = 0; lane < 64; lane++) {
                w.setV(reg, lane, r.nextInt()); // garbage in unused bits and other index sets
            }
        }
        double[][] a = new double[m][k];
        for (int i = 0; i < m; i++) {
            for (int g = 0; g < k / 4; g++) {
                int p0 = r.nextInt(4);
                int p1 = (p0 + 1 + r.nextInt(3)) % 4;
                int[] pos = {Math.min(p0, p1), Math.max(p0, p1)};
                for (int s = 0; s < 2; s++) {
                    a[i][4 * g + pos[s]] = el.draw(r);
                    int c = 2 * g + s; // stored element c of row i
                    int lane = i + m * (c / kplA);
                    int item = c % kplA;
                    put(w, A_REG, lane, item * el.bits, el.bits, el.encode(a[i][4 * g + pos[s]]));
                    put(w, IDX_REG, lane, set * 2 * kplA + 2 * item, 2, pos[s]);
                }
            }
        }
        double[][] b = new double[k][n];
        for (int kk = 0; kk < k; kk++) {
            for (int j = 0; j < n; j++) {
                b[kk][j] = el.draw(r);
                put(w, B_REG, j + n * (kk / kplB), (kk % kplB) * el.bits, el.bits, el.encode(b[kk][j]));
            }
        }
        double[][] c = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                c[i][j] = el == El.I8 ? r.nextInt(-100000, 100000) : r.nextInt(-400, 400) / 4.0;
                w.setV(D_REG + dReg(m, i), dLane(m, i, j), el == El.I8 ? (int) c[i][j]
                        : Float.floatToRawIntBits((float) c[i][j]));
            }
        }
        Interpreters.forTarget(t).run(w, new Program(0x100, smfmac(t, name, cbsz, abid)), 100);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double sum = c[i][j];
                for (int kk = 0; kk < k; kk++) {
                    sum += a[i][kk] * b[kk][j]; // the dense expansion; every partial sum is exact in double
                }
                int got = w.v(D_REG + dReg(m, i), dLane(m, i, j));
                String where = t + " " + name + " D[" + i + "][" + j + "]";
                if (el == El.I8) {
                    assertEquals((int) sum, got, where);
                } else {
                    assertEquals((float) sum, Float.intBitsToFloat(got), where);
                }
            }
        }
    }

    @Test
    void anIndexSetPastTheVgprIsRefused() {
        // gfx950's 16x16x128 fp8 form needs all 32 index bits: ABID 1 names no set
        Wave w = new Wave(Target.GFX950, 64, 32, 0);
        w.setPc(0x100);
        w.setExec(-1L);
        int[] words = smfmac(Target.GFX950, "V_SMFMAC_F32_16X16X128_FP8_FP8", 0, 1);
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                () -> Interpreters.forTarget(Target.GFX950).run(w, new Program(0x100, words), 10));
        assertTrue(e.getMessage().contains("ABID"), e.getMessage());
    }
}
