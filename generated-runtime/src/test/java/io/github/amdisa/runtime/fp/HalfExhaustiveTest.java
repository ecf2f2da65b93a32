package io.github.amdisa.runtime.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Exhaustive checks over all 65,536 f16 and bf16 bit patterns against values computed from the definitions. */
class HalfExhaustiveTest {

    /** The f16 value from the IEEE definition, as a double (exact), NaN for NaNs. */
    private static double f16Value(int h) {
        int s = (h >>> 15) & 1;
        int e = (h >>> 10) & 0x1F;
        int m = h & 0x3FF;
        double v;
        if (e == 31) {
            v = m == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (e == 0) {
            v = Math.scalb((double) m, -24);
        } else {
            v = Math.scalb((double) (1024 + m), e - 25);
        }
        return s == 1 ? -v : v;
    }

    @Test
    void f16ToF32MatchesDefinitionForEveryPattern() {
        for (int h = 0; h < 0x10000; h++) {
            int f = FpConvert.f16ToF32(h, false);
            double expected = f16Value(h);
            if (Double.isNaN(expected)) {
                // Quiet NaN, same sign, payload in the top mantissa bits.
                int expectedBits = ((h & 0x8000) << 16) | 0x7FC00000 | ((h & 0x3FF) << 13);
                assertEquals(expectedBits, f, "NaN " + Integer.toHexString(h));
            } else {
                assertEquals(Double.doubleToRawLongBits(expected),
                        Double.doubleToRawLongBits(Float.intBitsToFloat(f)), Integer.toHexString(h));
            }
            // The generic converter agrees with the specialised one.
            assertEquals(f, (int) FpConvert.convert(h, FloatFormat.F16, FloatFormat.F32, 0, false, false, false));
        }
    }

    @Test
    void f16RoundTripsThroughF32AndF64InEveryRoundingMode() {
        for (int rm = 0; rm < 4; rm++) {
            for (int h = 0; h < 0x10000; h++) {
                int expected = FloatFormat.F16.isNaN(h) ? h | 0x200 : h;
                int f = FpConvert.f16ToF32(h, false);
                assertEquals(expected, FpConvert.f32ToF16(f, rm, false, false), Integer.toHexString(h));
                int mode = FpMode.mode(rm, rm, 3, 3, true);
                assertEquals(expected, FpConvert.f64ToF16(FpConvert.f16ToF64(h, mode), mode));
            }
        }
    }

    @Test
    void f16DenormalFlushing() {
        for (int h = 0; h < 0x10000; h++) {
            boolean sub = (h & 0x7C00) == 0 && (h & 0x3FF) != 0;
            int f = FpConvert.f16ToF32(h, true);
            if (sub) {
                assertEquals((h & 0x8000) << 16, f);
            } else {
                assertEquals(FpConvert.f16ToF32(h, false), f);
            }
            // Output flush when converting back: every f16 denormal becomes a signed zero.
            int back = FpConvert.f32ToF16(FpConvert.f16ToF32(h, false), 0, false, true);
            if (sub) {
                assertEquals(h & 0x8000, back);
            }
        }
        // MODE-driven: f16 uses the double/half field (bits 7:6), not the single one.
        int flushHalf = FpMode.mode(0, 0, 3, 0, false);
        assertEquals(0x80000000, FpConvert.f16ToF32(0x8001, flushHalf));
        assertEquals(0x80000000 | 0x33800000, FpConvert.f16ToF32(0x8001, FpMode.MODE_IEEE_DEFAULT));
    }

    @Test
    void f16ClassificationMatchesDefinition() {
        int[] counts = new int[10];
        for (int h = 0; h < 0x10000; h++) {
            double v = f16Value(h);
            boolean neg = (h & 0x8000) != 0;
            int expected;
            if (Double.isNaN(v)) {
                expected = (h & 0x200) != 0 ? 2 : 1;
            } else if (Double.isInfinite(v)) {
                expected = neg ? 1 << 2 : 1 << 9;
            } else if (v == 0) {
                expected = neg ? 1 << 5 : 1 << 6;
            } else if (Math.abs(v) < 0x1p-14) {
                expected = neg ? 1 << 4 : 1 << 7;
            } else {
                expected = neg ? 1 << 3 : 1 << 8;
            }
            int got = FloatFormat.F16.classMask(h);
            assertEquals(expected, got, Integer.toHexString(h));
            counts[Integer.numberOfTrailingZeros(got)]++;
        }
        // 2 x 511 sNaN, 2 x 512 qNaN, 1 inf per sign, 30 x 1024 normals per sign, 1023 denormals, 1 zero per sign.
        assertEquals(1022, counts[0]);
        assertEquals(1024, counts[1]);
        assertEquals(30720, counts[3]);
        assertEquals(1023, counts[4]);
        assertEquals(1, counts[5]);
    }

    @Test
    void bf16RoundTripsAndClassifiesForEveryPattern() {
        for (int b = 0; b < 0x10000; b++) {
            int f = FpConvert.bf16ToF32(b);
            float v = Float.intBitsToFloat(f);
            boolean nan = Float.isNaN(v);
            int expected = nan ? b | 0x40 : b;
            for (int rm = 0; rm < 4; rm++) {
                assertEquals(expected, FpConvert.f32ToBf16Round(f, rm), Integer.toHexString(b));
            }
            boolean neg = (b & 0x8000) != 0;
            int cls;
            if (nan) {
                cls = (b & 0x40) != 0 ? 2 : 1;
            } else if (Float.isInfinite(v)) {
                cls = neg ? 1 << 2 : 1 << 9;
            } else if (v == 0) {
                cls = neg ? 1 << 5 : 1 << 6;
            } else if (Math.abs(v) < Float.MIN_NORMAL) {
                cls = neg ? 1 << 4 : 1 << 7;
            } else {
                cls = neg ? 1 << 3 : 1 << 8;
            }
            assertEquals(cls, FloatFormat.BF16.classMask(b), Integer.toHexString(b));
        }
    }

    @Test
    void f32ToBf16FastPathAgreesWithGenericRoundingOnRandomInputs() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            int f = r.nextInt();
            int generic = (int) FpConvert.convert(f & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.BF16, 0, false,
                    false, false);
            assertEquals(generic, FpConvert.f32ToBf16(f, FpMode.MODE_IEEE_DEFAULT), Integer.toHexString(f));
        }
        assertTrue(FloatFormat.BF16.isSignalingNaN(0x7F81));
    }
}
