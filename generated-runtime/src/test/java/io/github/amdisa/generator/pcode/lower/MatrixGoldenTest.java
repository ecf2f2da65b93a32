package io.github.amdisa.generator.pcode.lower;

import static io.github.amdisa.runtime.pcode.PcodeName.D0;
import static io.github.amdisa.runtime.pcode.PcodeName.S0;
import static io.github.amdisa.runtime.pcode.PcodeName.S1;
import static io.github.amdisa.runtime.pcode.PcodeName.S2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dense MFMAs (texts {@code D = A (MxK) * B (KxN) + C (MxN)}) against an independent matrix product: random
 * matrices are placed into the lanes' registers by this test's own description of the layout, written from the
 * lanes' side (which row, column and k each lane and register holds), and every result element is the exact sum
 * (BigDecimal) rounded once to f32 by {@link Float#parseFloat}.
 */
class MatrixGoldenTest {

    /** Element type of A and B: bits and value. */
    enum El {
        F32(32), F16(16), BF16(16), FP8(8), BF8(8), FP8_FNUZ(8), BF8_FNUZ(8), I8(8);

        final int bits;

        El(int bits) {
            this.bits = bits;
        }

        double value(long code) {
            return switch (this) {
                case F32 -> Float.intBitsToFloat((int) code);
                case F16 -> SmallFloat.F16.value((int) code);
                case BF16 -> SmallFloat.BF16.value((int) code);
                case FP8 -> SmallFloat.FP8.value((int) code);
                case BF8 -> SmallFloat.BF8.value((int) code);
                case FP8_FNUZ -> SmallFloat.FP8_FNUZ.value((int) code);
                case BF8_FNUZ -> SmallFloat.BF8_FNUZ.value((int) code);
                case I8 -> (byte) code;
            };
        }

        /** A random finite code of moderate magnitude (so that sums stay finite). */
        long random(SplittableRandom r) {
            while (true) {
                long c = switch (this) {
                    case F32 -> Float.floatToRawIntBits((float) (r.nextGaussian() * Math.pow(2, r.nextInt(20) - 10)))
                            & 0xFFFFFFFFL;
                    default -> r.nextLong() & ((1L << bits) - 1);
                };
                double v = value(c);
                if (Double.isFinite(v) && Math.abs(v) < 1e4) {
                    return c;
                }
            }
        }
    }

    /** Row of A / column of B held by a lane, block and k-group, seen from the lane. */
    private record Slot(int block, int index, int kGroup) {
    }

    private static Slot abSlot(int lane, int rows, int blocks) {
        int group = lane / rows;
        return new Slot(group % blocks, lane % rows, group / blocks);
    }

    /** The (block, row, column) of D held by register r of lane L. */
    private static int[] dSlot(int m, int n, int blocks, int lane, int r) {
        if (m == 4) {
            return new int[] {lane / 4, r, lane % 4};
        }
        int perBlock = m * n / 64;
        int block = r / perBlock;
        int rr = r % perBlock;
        int laneGroups = 64 / n;
        int row = 4 * (laneGroups * (rr / 4) + lane / n) + rr % 4;
        return new int[] {block, row, lane % n};
    }

    @ParameterizedTest
    @CsvSource({
        "CDNA3, V_MFMA_F32_32X32X8_F16, 32, 8, 1, F16, F16",
        "CDNA3, V_MFMA_F32_16X16X16_BF16, 16, 16, 1, BF16, BF16",
        "CDNA4, V_MFMA_F32_16X16X32_F16, 16, 32, 1, F16, F16",
        "CDNA4, V_MFMA_F32_32X32X16_BF16, 32, 16, 1, BF16, BF16",
        "CDNA3, V_MFMA_F32_4X4X4_16B_F16, 4, 4, 16, F16, F16",
        "CDNA3, V_MFMA_F32_32X32X1_2B_F32, 32, 1, 2, F32, F32",
        "CDNA3, V_MFMA_F32_32X32X2_F32, 32, 2, 1, F32, F32",
        "CDNA3, V_MFMA_F32_16X16X1_4B_F32, 16, 1, 4, F32, F32",
        "CDNA3, V_MFMA_F32_16X16X4_F32, 16, 4, 1, F32, F32",
        "CDNA3, V_MFMA_F32_16X16X4_4B_F16, 16, 4, 4, F16, F16",
        "CDNA3, V_MFMA_F32_32X32X4_2B_BF16, 32, 4, 2, BF16, BF16",
        "CDNA3, V_MFMA_I32_16X16X32_I8, 16, 32, 1, I8, I8",
        "CDNA4, V_MFMA_I32_32X32X32_I8, 32, 32, 1, I8, I8",
        "CDNA3, V_MFMA_I32_4X4X4_16B_I8, 4, 4, 16, I8, I8",
        "CDNA4, V_MFMA_F32_16X16X32_FP8_BF8, 16, 32, 1, FP8, BF8",
        "CDNA4, V_MFMA_F32_32X32X16_BF8_FP8, 32, 16, 1, BF8, FP8",
        "CDNA3, V_MFMA_F32_16X16X32_BF8_FP8, 16, 32, 1, BF8_FNUZ, FP8_FNUZ",
        "CDNA1, V_MFMA_F32_32X32X8F16, 32, 8, 1, F16, F16",
        "CDNA1, V_MFMA_F32_32X32X1F32, 32, 1, 2, F32, F32",
        "CDNA1, V_MFMA_I32_4X4X4I8, 4, 4, 16, I8, I8",
        "CDNA2, V_MFMA_F32_16X16X16BF16_1K, 16, 16, 1, BF16, BF16"})
    void denseMfma(Generation g, String name, int m, int k, int blocks, El ea, El eb) {
        PcodeOp op = Generated.op(g, name);
        int n = m;
        int kpl = m * k * blocks / 64;
        SplittableRandom r = new SplittableRandom(name.hashCode() + g.ordinal());
        for (int round = 0; round < 3; round++) {
            long[][][] a = new long[blocks][m][k];
            long[][][] b = new long[blocks][k][n];
            long[][][] c = new long[blocks][m][n];
            TestContext ctx = new TestContext();
            for (int lane = 0; lane < 64; lane++) {
                Slot sa = abSlot(lane, m, blocks);
                Slot sb = abSlot(lane, n, blocks);
                BigInteger ia = BigInteger.ZERO;
                BigInteger ib = BigInteger.ZERO;
                for (int t = 0; t < kpl; t++) {
                    long va = ea.random(r);
                    long vb = eb.random(r);
                    a[sa.block()][sa.index()][sa.kGroup() * kpl + t] = va;
                    b[sb.block()][sb.kGroup() * kpl + t][sb.index()] = vb;
                    ia = ia.or(BigInteger.valueOf(va).shiftLeft(t * ea.bits));
                    ib = ib.or(BigInteger.valueOf(vb).shiftLeft(t * eb.bits));
                }
                ctx.setLane(S0, lane, ia).setLane(S1, lane, ib);
            }
            int regs = m * n * blocks / 64;
            for (int lane = 0; lane < 64; lane++) {
                BigInteger ic = BigInteger.ZERO;
                for (int reg = 0; reg < regs; reg++) {
                    int[] s = dSlot(m, n, blocks, lane, reg);
                    long v = ea == El.I8 ? r.nextInt() & 0xFFFFFFFFL : El.F32.random(r);
                    c[s[0]][s[1]][s[2]] = v;
                    ic = ic.or(BigInteger.valueOf(v).shiftLeft(32 * reg));
                }
                ctx.setLane(S2, lane, ic);
            }
            op.execute(ctx);
            for (int lane = 0; lane < 64; lane++) {
                for (int reg = 0; reg < regs; reg++) {
                    int[] s = dSlot(m, n, blocks, lane, reg);
                    long got = ctx.readLane(D0, lane, 32 * reg, 32);
                    long expected;
                    if (ea == El.I8) {
                        long sum = (int) c[s[0]][s[1]][s[2]];
                        for (int kk = 0; kk < k; kk++) {
                            sum += (long) (byte) a[s[0]][s[1]][kk] * (byte) b[s[0]][kk][s[2]];
                        }
                        expected = sum & 0xFFFFFFFFL;
                    } else {
                        BigDecimal sum = new BigDecimal(Float.intBitsToFloat((int) c[s[0]][s[1]][s[2]]));
                        for (int kk = 0; kk < k; kk++) {
                            sum = sum.add(new BigDecimal(ea.value(a[s[0]][s[1]][kk]))
                                    .multiply(new BigDecimal(eb.value(b[s[0]][kk][s[2]]))));
                        }
                        float f = Float.parseFloat(sum.toString());
                        expected = Float.floatToRawIntBits(f) & 0xFFFFFFFFL;
                        if (f == 0) {
                            assertEquals(0f, Float.intBitsToFloat((int) got), name + " lane " + lane + " reg " + reg);
                            continue;
                        }
                    }
                    final int fl = lane;
                    final int fr = reg;
                    assertEquals(expected, got, () -> name + " D[" + s[0] + "][" + s[1] + "][" + s[2] + "] lane " + fl
                            + " reg " + fr);
                }
            }
        }
    }

    @Test
    void specialValuesFollowIeee() {
        PcodeOp op = Generated.op(Generation.CDNA3, "V_MFMA_F32_16X16X4_F32");
        // A[i][k] is lane i + 16k, B[k][j] lane j + 16k, D[i][j] register i % 4 of lane j + 16 (i / 4).
        TestContext ctx = new TestContext();
        for (int lane = 0; lane < 64; lane++) {
            ctx.setLane(S0, lane, f(1f)).setLane(S1, lane, f(1f)).setLane(S2, lane, BigInteger.ZERO);
        }
        ctx.setLane(S0, 0, f(Float.POSITIVE_INFINITY));          // A[0][0] = inf
        ctx.setLane(S1, 16 + 1, f(0f));                          // B[1][1] = 0
        ctx.setLane(S1, 2, f(0f));                               // B[0][2] = 0: inf * 0 in D[0][2]
        ctx.setLane(S0, 2, f(Float.NaN));                        // A[2][0] = NaN: row 2 is NaN
        ctx.setLane(S2, 3 + 16, BigInteger.valueOf(Float.floatToRawIntBits(-3f) & 0xFFFFFFFFL)); // C[4][3] = -3
        op.execute(ctx);
        assertEquals(Float.POSITIVE_INFINITY, d(ctx, 0, 0));
        assertEquals(Float.POSITIVE_INFINITY, d(ctx, 0, 1));
        assertTrue(Float.isNaN(d(ctx, 0, 2)));
        assertTrue(Float.isNaN(d(ctx, 2, 5)));
        assertEquals(4f, d(ctx, 1, 0));
        assertEquals(3f, d(ctx, 1, 1));
        assertEquals(1f, d(ctx, 4, 3));
        assertEquals(3f, d(ctx, 5, 2));
    }

    private static BigInteger f(float x) {
        return BigInteger.valueOf(Float.floatToRawIntBits(x) & 0xFFFFFFFFL);
    }

    private static float d(TestContext ctx, int i, int j) {
        return Float.intBitsToFloat((int) ctx.readLane(D0, j + 16 * (i / 4), 32 * (i % 4), 32));
    }
}
