package io.github.amdisa.runtime.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The 8-bit formats against values computed in the test from the OCP (and FNUZ) format definitions. */
class Fp8Test {

    /** The formats under test, with their definitions restated independently of {@link FloatFormat}. */
    enum Def {
        E4M3(FloatFormat.FP8_E4M3, 4, 3, 7, false, 448, 480),
        E5M2(FloatFormat.BF8_E5M2, 5, 2, 15, false, 57344, 65536),
        E4M3_FNUZ(FloatFormat.FP8_E4M3_FNUZ, 4, 3, 8, true, 240, 256),
        E5M2_FNUZ(FloatFormat.BF8_E5M2_FNUZ, 5, 2, 16, true, 57344, 65536);

        final FloatFormat format;
        final int e;
        final int m;
        final int bias;
        final boolean fnuz;
        final double max;
        /** The value an unbounded exponent range would have after max (decides ties at the top). */
        final double beyond;

        Def(FloatFormat format, int e, int m, int bias, boolean fnuz, double max, double beyond) {
            this.format = format;
            this.e = e;
            this.m = m;
            this.bias = bias;
            this.fnuz = fnuz;
            this.max = max;
            this.beyond = beyond;
        }

        /** Value of an encoding from the definition; NaN for NaNs, infinities for E5M2's infinities. */
        double value(int v) {
            int s = (v >>> 7) & 1;
            int ef = (v >>> m) & ((1 << e) - 1);
            int mf = v & ((1 << m) - 1);
            if (fnuz && v == 0x80) {
                return Double.NaN;
            }
            if (this == E4M3 && ef == 15 && mf == 7) {
                return Double.NaN;
            }
            if (this == E5M2 && ef == 31) {
                return mf == 0 ? (s == 1 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY) : Double.NaN;
            }
            double mag = ef == 0 ? Math.scalb((double) mf, 1 - bias - m)
                    : Math.scalb((double) ((1 << m) | mf), ef - bias - m);
            return s == 1 ? -mag : mag;
        }

        int nan(int sign) {
            return switch (this) {
                case E4M3 -> (sign << 7) | 0x7F;
                case E5M2 -> (sign << 7) | 0x7E;
                default -> 0x80;
            };
        }

        int maxBits(int sign) {
            int pos = switch (this) {
                case E4M3 -> 0x7E;
                case E5M2 -> 0x7B;
                default -> 0x7F;
            };
            return (sign << 7) | pos;
        }
    }

    @ParameterizedTest
    @EnumSource(Def.class)
    void decodeTableMatchesDefinition(Def d) {
        int nans = 0;
        for (int v = 0; v < 256; v++) {
            double expected = d.value(v);
            float got = Float.intBitsToFloat(FpConvert.from8BitToF32(v, d.format));
            if (Double.isNaN(expected)) {
                nans++;
                assertTrue(Float.isNaN(got), Integer.toHexString(v));
                assertTrue(d.format.isNaN(v));
            } else {
                assertEquals(expected, (double) got, Integer.toHexString(v));
                assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(got));
            }
        }
        assertEquals(switch (d) {
            case E4M3 -> 2;
            case E5M2 -> 6;
            default -> 1;
        }, nans);
        assertEquals(d.max, d.value(d.maxBits(0)));
    }

    /** Independent round-to-nearest-even by scanning every encoding. */
    static int oracle(Def d, float x, boolean saturate) {
        int sign = Float.floatToRawIntBits(x) >>> 31;
        if (Float.isNaN(x)) {
            return d.nan(sign);
        }
        double ax = Math.abs((double) x);
        if (Double.isInfinite(ax)) {
            if (saturate) {
                return d.maxBits(sign);
            }
            return d == Def.E5M2 ? (sign << 7) | 0x7C : d.nan(sign);
        }
        int best = -1;
        double lo = 0;
        int loBits = 0;
        for (int v = 1; v < 128; v++) {
            double val = d.value(v);
            if (Double.isNaN(val) || Double.isInfinite(val)) {
                continue;
            }
            if (val <= ax && val >= lo) {
                lo = val;
                loBits = v;
            }
        }
        double hi = Double.POSITIVE_INFINITY;
        int hiBits = -1;
        for (int v = 1; v < 128; v++) {
            double val = d.value(v);
            if (!Double.isNaN(val) && val > ax && val < hi) {
                hi = val;
                hiBits = v;
            }
        }
        boolean beyond = false;
        if (hiBits < 0 || Double.isInfinite(hi)) {
            hi = d.beyond;
            beyond = true;
        }
        if (ax == lo) {
            best = loBits;
        } else if (ax > hi) {
            best = -2;   // above everything
        } else {
            double mid = (lo + hi) / 2;
            boolean hiEven = beyond ? d != Def.E4M3 : (hiBits & 1) == 0;   // 480 = 1.111b x 2^8 is odd
            if (ax < mid || ax == mid && !hiEven) {
                best = loBits;
            } else {
                best = beyond ? -2 : hiBits;
            }
        }
        if (best == -2) {
            if (saturate) {
                return d.maxBits(sign);
            }
            return d == Def.E5M2 ? (sign << 7) | 0x7C : d.nan(sign);
        }
        if (best == 0 && d.fnuz) {
            return 0;
        }
        return (sign << 7) | best;
    }

    @ParameterizedTest
    @EnumSource(Def.class)
    void encodeMatchesOracleOnExactValuesMidpointsAndRandom(Def d) {
        SplittableRandom r = new SplittableRandom(8);
        for (int v = 0; v < 128; v++) {
            double a = d.value(v);
            double b = d.value(v + 1);
            if (Double.isNaN(a)) {
                continue;
            }
            double mid = Double.isNaN(b) || Double.isInfinite(b) || v == 127 ? (a + d.beyond) / 2 : (a + b) / 2;
            for (float x : new float[] {(float) a, (float) mid, Math.nextUp((float) mid), Math.nextDown((float) mid),
                (float) -a, (float) -mid, Math.nextUp((float) a)}) {
                check(d, x);
            }
        }
        for (int i = 0; i < 20_000; i++) {
            float x = Float.intBitsToFloat((r.nextInt(2) << 31) | (r.nextInt(100, 145) << 23) | r.nextInt(1 << 23));
            check(d, x);
        }
        for (float x : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e30f, -1e30f,
            0f, -0f, Float.MIN_VALUE, Float.intBitsToFloat(0x7F812345)}) {
            check(d, x);
        }
    }

    private static void check(Def d, float x) {
        int bits = Float.floatToRawIntBits(x);
        for (boolean sat : new boolean[] {false, true}) {
            assertEquals(oracle(d, x, sat), FpConvert.f32To8Bit(bits, d.format, FpMode.ROUND_NEAREST_EVEN, sat),
                    d + " " + x + " (" + Integer.toHexString(bits) + ") sat=" + sat);
        }
    }

    @ParameterizedTest
    @EnumSource(Def.class)
    void roundTripIsExactForEveryFiniteEncoding(Def d) {
        for (int v = 0; v < 256; v++) {
            if (d.format.isNaN(v)) {
                continue;
            }
            int f = FpConvert.from8BitToF32(v, d.format);
            assertEquals(v, FpConvert.f32To8Bit(f, d.format, FpMode.ROUND_NEAREST_EVEN, false));
        }
    }

    @org.junit.jupiter.api.Test
    void namedEntryPoints() {
        assertEquals(0x7E, FpConvert.f32ToFp8(Float.floatToRawIntBits(464f), false));   // tie to even 448
        assertEquals(0x7F, FpConvert.f32ToFp8(Float.floatToRawIntBits(465f), false));   // overflow -> NaN
        assertEquals(0x7E, FpConvert.f32ToFp8(Float.floatToRawIntBits(1e9f), true));    // clamp
        assertEquals(0x7C, FpConvert.f32ToBf8(Float.floatToRawIntBits(61440f), false)); // tie up to inf
        assertEquals(0x7B, FpConvert.f32ToBf8(Float.floatToRawIntBits(61440f), true));
        assertEquals(Float.floatToRawIntBits(448f), FpConvert.fp8ToF32(0x7E));
        assertEquals(Float.floatToRawIntBits(0x1p-9f), FpConvert.fp8ToF32(0x01));
        assertEquals(Float.floatToRawIntBits(-57344f), FpConvert.bf8ToF32(0xFB));
        assertEquals(0xFF800000, FpConvert.bf8ToF32(0xFC));
    }
}
