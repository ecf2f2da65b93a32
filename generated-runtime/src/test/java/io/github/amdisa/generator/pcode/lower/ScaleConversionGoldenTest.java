package io.github.amdisa.generator.pcode.lower;

import static io.github.amdisa.runtime.pcode.PcodeName.D0;
import static io.github.amdisa.runtime.pcode.PcodeName.OPSEL;
import static io.github.amdisa.runtime.pcode.PcodeName.S0;
import static io.github.amdisa.runtime.pcode.PcodeName.S1;
import static io.github.amdisa.runtime.pcode.PcodeName.S2;
import static io.github.amdisa.runtime.pcode.PcodeName.SRC0;
import static io.github.amdisa.runtime.pcode.PcodeName.VDST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * CDNA 4's block-scaled conversions ({@code V_CVT_SCALEF32_*}: {@code X_to_Y_scale(value, exponent(Sn.f32))})
 * against independent Java: the scale s is an E8M0 exponent, a narrowing conversion rounds value / 2^(s - 127) to
 * nearest even into the narrow format (fp8, fp6, bf6, fp4 saturate; bf8 overflows to infinity), a widening one
 * rounds value * 2^(s - 127); s = 255 gives a NaN (fp6/fp4, which have none: the largest magnitude). The
 * {@link SmallFloat} oracle does the rounding; random codes, random scales around 127 and the extreme scales.
 */
class ScaleConversionGoldenTest {

    private static final Generation G = Generation.CDNA4;
    private static final long M32 = 0xFFFFFFFFL;

    private static int scale(SplittableRandom r) {
        return switch (r.nextInt(8)) {
            case 0 -> 255;
            case 1 -> 0;
            case 2 -> 254;
            case 3 -> 127;
            default -> 110 + r.nextInt(35);
        };
    }

    /** An f32 whose exponent field is s (what exponent(Sn.f32) reads), random sign and mantissa. */
    private static long scaleOperand(int s, SplittableRandom r) {
        return ((long) r.nextInt(2) << 31 | (long) s << 23 | r.nextInt(1 << 23)) & M32;
    }

    private static float f32(SplittableRandom r) {
        return switch (r.nextInt(6)) {
            case 0 -> new float[] {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                Float.MIN_VALUE, 448f, 464f, 6f, 7.5f, 7.75f, 28f, 30f, 0.25f, 0x1p-7f}[r.nextInt(15)];
            case 1 -> Float.intBitsToFloat(r.nextInt());
            default -> (float) (r.nextGaussian() * Math.pow(2, r.nextInt(30) - 15));
        };
    }

    private static double pow2(int e) {
        return Math.scalb(1.0, e);
    }

    /** Narrowing: the code of value / 2^(s - 127) in f (NaN result for s = 255). */
    private static int down(SmallFloat f, double value, int s, boolean saturate) {
        boolean neg = Double.doubleToRawLongBits(value) < 0;
        if (s == 255) {
            return f.round(Double.longBitsToDouble(neg ? 0xFFF8000000000000L : 0x7FF8000000000000L), false, true);
        }
        return f.round(value * pow2(127 - s), false, saturate);
    }

    private static void assertCode(SmallFloat f, int expected, int got, String what) {
        if (f.isNaN(expected)) {
            assertTrue(f.isNaN(got), what + ": NaN expected, got 0x" + Integer.toHexString(got));
            assertEquals(expected >>> (f.bits - 1), got >>> (f.bits - 1), what + " NaN sign");
        } else {
            assertEquals(expected, got, () -> what + " expected 0x" + Integer.toHexString(expected) + " got 0x"
                    + Integer.toHexString(got));
        }
    }

    private static int f16Code(double v) {
        return SmallFloat.F16.round(v, false, false);
    }

    @Test
    void pkFp8FromF32() {
        PcodeOp op = Generated.op(G, "V_CVT_SCALEF32_PK_FP8_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 20_000; i++) {
            float a = f32(r);
            float b = f32(r);
            int s = scale(r);
            boolean hi = r.nextBoolean();
            int old = r.nextInt();
            c.set(S0, Float.floatToRawIntBits(a) & M32).set(S1, Float.floatToRawIntBits(b) & M32)
                    .set(S2, scaleOperand(s, r)).set(VDST, 9).set(OPSEL, hi ? 8 : 0).setVgpr(0, 9, old);
            op.execute(c);
            int got = c.vgpr(0, 9);
            int word = hi ? got >>> 16 : got & 0xFFFF;
            assertEquals(hi ? old & 0xFFFF : old & 0xFFFF0000, hi ? got & 0xFFFF : got & 0xFFFF0000, "kept half");
            String what = a + ", " + b + " scale " + s;
            assertCode(SmallFloat.FP8, down(SmallFloat.FP8, a, s, true), word & 0xFF, what + " lo");
            assertCode(SmallFloat.FP8, down(SmallFloat.FP8, b, s, true), word >>> 8, what + " hi");
        }
    }

    @Test
    void pkBf8FromF16AndFp4FromBf16() {
        PcodeOp bf8 = Generated.op(G, "V_CVT_SCALEF32_PK_BF8_F16");
        PcodeOp fp4 = Generated.op(G, "V_CVT_SCALEF32_PK_FP4_BF16");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 20_000; i++) {
            int h0 = r.nextInt(1 << 16);
            int h1 = r.nextInt(1 << 16);
            int s = scale(r);
            int old = r.nextInt();
            int sel = r.nextInt(4);
            c.set(S0, ((long) h1 << 16 | h0) & M32).set(S1, scaleOperand(s, r)).set(VDST, 4).set(OPSEL, (long) sel << 2)
                    .setVgpr(0, 4, old);
            bf8.execute(c);
            int word = (c.vgpr(0, 4) >>> (16 * (sel >> 1))) & 0xFFFF;
            String what = Integer.toHexString(h0) + " " + Integer.toHexString(h1) + " scale " + s;
            assertCode(SmallFloat.BF8, down(SmallFloat.BF8, SmallFloat.F16.value(h0), s, false), word & 0xFF,
                    "bf8 " + what);
            assertCode(SmallFloat.BF8, down(SmallFloat.BF8, SmallFloat.F16.value(h1), s, false), word >>> 8,
                    "bf8 " + what);
            c.setVgpr(0, 4, old);
            fp4.execute(c);
            int got = c.vgpr(0, 4);
            int keep = ~(0xFF << (8 * sel));
            assertEquals(old & keep, got & keep, "other bytes kept");
            int b = (got >>> (8 * sel)) & 0xFF;
            assertCode(SmallFloat.FP4, down(SmallFloat.FP4, SmallFloat.BF16.value(h0), s, true), b & 0xF, "fp4 " + what);
            assertCode(SmallFloat.FP4, down(SmallFloat.FP4, SmallFloat.BF16.value(h1), s, true), b >>> 4, "fp4 " + what);
        }
    }

    @Test
    void widenFp8Bf8Fp4WithScale() {
        PcodeOp toF32 = Generated.op(G, "V_CVT_SCALEF32_PK_F32_FP8");
        PcodeOp toF16 = Generated.op(G, "V_CVT_SCALEF32_PK_F16_BF8");
        PcodeOp toBf16 = Generated.op(G, "V_CVT_SCALEF32_PK_BF16_FP4");
        PcodeOp one = Generated.op(G, "V_CVT_SCALEF32_F32_FP8");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 20_000; i++) {
            int src = r.nextInt();
            int s = scale(r);
            int sel = r.nextInt(4);
            c.set(SRC0, 12).setVgpr(0, 12, src).set(S1, scaleOperand(s, r)).set(OPSEL, sel).set(D0, 0);
            String what = Integer.toHexString(src) + " scale " + s + " opsel " + sel;
            double k = pow2(s - 127);

            toF32.execute(c);
            int word = (src >>> (16 * (sel & 1))) & 0xFFFF;
            for (int h = 0; h < 2; h++) {
                double v = SmallFloat.FP8.value((word >>> (8 * h)) & 0xFF);
                float got = Float.intBitsToFloat((int) c.read(D0, 32 * h, 32));
                if (s == 255 || Double.isNaN(v)) {
                    assertTrue(Float.isNaN(got), "f32 " + what);
                } else {
                    assertEquals(Float.floatToRawIntBits((float) (v * k)), Float.floatToRawIntBits(got), "f32 " + what);
                }
            }

            c.set(D0, 0);
            toF16.execute(c);
            for (int h = 0; h < 2; h++) {
                double v = SmallFloat.BF8.value((word >>> (8 * h)) & 0xFF);
                int got = (int) c.read(D0, 16 * h, 16);
                int expected = f16Code(v * k);
                if (s == 255 || Double.isNaN(v)) {
                    assertTrue(SmallFloat.F16.isNaN(got), "f16 " + what);
                } else {
                    assertEquals(expected, got, "f16 " + what);
                }
            }

            c.set(D0, 0);
            toBf16.execute(c);
            int b = (src >>> (8 * sel)) & 0xFF;
            for (int h = 0; h < 2; h++) {
                double v = SmallFloat.FP4.value((b >>> (4 * h)) & 0xF);
                int got = (int) c.read(D0, 16 * h, 16);
                if (s == 255) {
                    assertTrue(SmallFloat.BF16.isNaN(got), "bf16 " + what);
                } else {
                    assertEquals(SmallFloat.BF16.round(v * k, false, false), got, "bf16 " + what);
                }
            }

            c.set(D0, 0);
            one.execute(c);
            double v = SmallFloat.FP8.value(b);
            float got = Float.intBitsToFloat((int) c.get(D0));
            if (s == 255 || Double.isNaN(v)) {
                assertTrue(Float.isNaN(got), "single " + what);
            } else {
                assertEquals(Float.floatToRawIntBits((float) (v * k)), Float.floatToRawIntBits(got), "single " + what);
            }
        }
    }

    @Test
    void packed32SixBitFormats() {
        PcodeOp fromFp6 = Generated.op(G, "V_CVT_SCALEF32_PK32_F32_FP6");
        PcodeOp toBf6 = Generated.op(G, "V_CVT_SCALEF32_PK32_BF6_F16");
        PcodeOp twoX = Generated.op(G, "V_CVT_SCALEF32_2XPK16_FP6_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 2_000; i++) {
            int s = scale(r);
            double k = pow2(s - 127);
            BigInteger six = new BigInteger(192, new java.util.Random(r.nextLong()));
            c.setBig(S0, six).set(S1, scaleOperand(s, r)).setBig(D0, BigInteger.ZERO);
            fromFp6.execute(c);
            BigInteger d = c.getBig(D0);
            for (int p = 0; p < 32; p++) {
                double v = SmallFloat.FP6.value(six.shiftRight(6 * p).intValue() & 0x3F);
                float got = Float.intBitsToFloat(d.shiftRight(32 * p).intValue());
                if (s == 255) {
                    assertTrue(Float.isNaN(got), "fp6 pass " + p);
                } else {
                    assertEquals(Float.floatToRawIntBits((float) (v * k)), Float.floatToRawIntBits(got),
                            "fp6 pass " + p + " scale " + s);
                }
            }

            BigInteger halves = new BigInteger(512, new java.util.Random(r.nextLong()));
            c.setBig(S0, halves).setBig(D0, BigInteger.ZERO);
            toBf6.execute(c);
            d = c.getBig(D0);
            assertEquals(0, d.shiftRight(192).signum(), "only 192 bits written");
            for (int p = 0; p < 32; p++) {
                double v = SmallFloat.F16.value(halves.shiftRight(16 * p).intValue() & 0xFFFF);
                assertCode(SmallFloat.BF6, down(SmallFloat.BF6, v, s, true), d.shiftRight(6 * p).intValue() & 0x3F,
                        "bf6 pass " + p + " " + v + " scale " + s);
            }

            BigInteger x = BigInteger.ZERO;
            BigInteger y = BigInteger.ZERO;
            float[] xs = new float[16];
            float[] ys = new float[16];
            for (int p = 0; p < 16; p++) {
                xs[p] = f32(r);
                ys[p] = f32(r);
                x = x.or(BigInteger.valueOf(Float.floatToRawIntBits(xs[p]) & M32).shiftLeft(32 * p));
                y = y.or(BigInteger.valueOf(Float.floatToRawIntBits(ys[p]) & M32).shiftLeft(32 * p));
            }
            c.setBig(S0, x).setBig(S1, y).set(S2, scaleOperand(s, r)).setBig(D0, BigInteger.ZERO);
            twoX.execute(c);
            d = c.getBig(D0);
            for (int p = 0; p < 16; p++) {
                assertCode(SmallFloat.FP6, down(SmallFloat.FP6, xs[p], s, true), d.shiftRight(12 * p).intValue() & 0x3F,
                        "2x S0 " + p + " " + xs[p] + " scale " + s);
                assertCode(SmallFloat.FP6, down(SmallFloat.FP6, ys[p], s, true),
                        d.shiftRight(12 * p + 6).intValue() & 0x3F, "2x S1 " + p + " " + ys[p] + " scale " + s);
            }
        }
    }

    /**
     * Stochastic rounding in code space: c0 is the largest code not above |v|, q the spacing above it; the part of
     * |v| - value(c0) on the q / 2^d grid plus the top d random bits, if it reaches q, moves one code up. Beyond the
     * largest finite value: saturation (bf8: infinity).
     */
    private static int sr(SmallFloat f, double v, int random, int d, int s) {
        boolean neg = Double.doubleToRawLongBits(v) < 0;
        if (s == 255 || !Double.isFinite(v) || v == 0) {
            return down(f, v, s, f != SmallFloat.BF8);
        }
        double a = Math.abs(v) * pow2(127 - s);
        int sign = neg ? 1 << (f.bits - 1) : 0;
        int c0 = f.round(a, true, true);
        double q = c0 < f.maxCode ? f.value(c0 + 1) - f.value(c0) : f.value(f.maxCode) - f.value(f.maxCode - 1);
        double grid = q / pow2(d);
        long t = (long) Math.floor((a - f.value(c0)) / grid) + ((random & 0xFFFFFFFFL) >>> (32 - d));
        int c = c0 + (int) (t >> d);
        if (c > f.maxCode || a >= f.value(f.maxCode) + q) {
            return f == SmallFloat.BF8 ? sign | 0x7C : sign | f.maxCode;
        }
        return sign | c;
    }

    private static int prng(int x) {
        return (x << 1) ^ (x < 0 ? 197 : 0);
    }

    @Test
    void stochasticRoundingScaled() {
        PcodeOp fp8 = Generated.op(G, "V_CVT_SCALEF32_SR_FP8_F32");
        PcodeOp bf8 = Generated.op(G, "V_CVT_SCALEF32_SR_BF8_BF16");
        PcodeOp fp4 = Generated.op(G, "V_CVT_SCALEF32_SR_PK_FP4_F16");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            float a = f32(r);
            int rnd = r.nextInt();
            int s = scale(r);
            int sel = r.nextInt(4);
            int old = r.nextInt();
            c.set(S0, Float.floatToRawIntBits(a) & M32).set(S1, rnd & M32).set(S2, scaleOperand(s, r)).set(VDST, 3)
                    .set(OPSEL, (long) sel << 2).setVgpr(0, 3, old);
            fp8.execute(c);
            int got = c.vgpr(0, 3);
            int keep = ~(0xFF << (8 * sel));
            assertEquals(old & keep, got & keep, "other bytes kept");
            String what = a + " rnd " + Integer.toHexString(rnd) + " scale " + s;
            assertCode(SmallFloat.FP8, sr(SmallFloat.FP8, a, rnd, 20, s), (got >>> (8 * sel)) & 0xFF, "fp8 " + what);

            int h = r.nextInt(1 << 16);
            c.set(S0, h).setVgpr(0, 3, old);
            bf8.execute(c);
            got = (c.vgpr(0, 3) >>> (8 * sel)) & 0xFF;
            assertCode(SmallFloat.BF8, sr(SmallFloat.BF8, SmallFloat.BF16.value(h), rnd, 5, s), got,
                    "bf8 " + Integer.toHexString(h) + " rnd " + Integer.toHexString(rnd) + " scale " + s);

            int h0 = r.nextInt(1 << 16);
            int h1 = r.nextInt(1 << 16);
            c.set(S0, ((long) h1 << 16 | h0) & M32).setVgpr(0, 3, old);
            fp4.execute(c);
            got = (c.vgpr(0, 3) >>> (8 * sel)) & 0xFF;
            assertEquals(sr(SmallFloat.FP4, SmallFloat.F16.value(h0), rnd, 9, s), got & 0xF, "fp4 lo");
            assertEquals(sr(SmallFloat.FP4, SmallFloat.F16.value(h1), prng(rnd), 9, s), got >>> 4, "fp4 hi");
        }
    }

    @Test
    void stochasticRoundingPacked32ChainsThePrng() {
        PcodeOp op = Generated.op(G, "V_CVT_SCALEF32_SR_PK32_BF6_F16");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(6);
        for (int i = 0; i < 2_000; i++) {
            int s = scale(r);
            int rnd = r.nextInt();
            BigInteger halves = new BigInteger(512, new java.util.Random(r.nextLong()));
            c.setBig(S0, halves).set(S1, rnd & M32).set(S2, scaleOperand(s, r)).setBig(D0, BigInteger.ZERO);
            op.execute(c);
            BigInteger d = c.getBig(D0);
            int x = rnd;
            for (int p = 0; p < 32; p++) {
                double v = SmallFloat.F16.value(halves.shiftRight(16 * p).intValue() & 0xFFFF);
                assertEquals(sr(SmallFloat.BF6, v, x, 8, s), d.shiftRight(6 * p).intValue() & 0x3F,
                        "pass " + p + " " + v + " scale " + s);
                x = prng(x);
            }
        }
    }
}
