package io.github.amdisa.runtime.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Arithmetic against exact BigDecimal results rounded by {@link BigOracle}, plus AMD's NaN and min/max rules. */
class FpArithTest {

    private static final SplittableRandom R = new SplittableRandom(42);

    private static int mode(int rm) {
        return FpMode.mode(rm, rm, 3, 3, true);
    }

    // ---- oracles -------------------------------------------------------------------------------------------

    private static int f16Of(BigDecimal exact, int rm) {
        BigDecimal r = BigOracle.round(exact, 10, -14, 15, rm);
        int sign = exact.signum() < 0 ? 0x8000 : 0;
        if (r == null) {
            return sign | 0x7C00;
        }
        return sign | F32ToF16OracleTest.F16_BY_VALUE.get(r.abs().stripTrailingZeros());
    }

    private static int f32Of(BigDecimal exact, int rm) {
        BigDecimal r = BigOracle.round(exact, 23, -126, 127, rm);
        if (r == null) {
            return exact.signum() < 0 ? 0xFF800000 : 0x7F800000;
        }
        int bits = Float.floatToRawIntBits(r.floatValue());
        return r.signum() == 0 ? (exact.signum() < 0 ? 0x80000000 : 0) : bits;
    }

    private static long f64Of(BigDecimal exact, int rm) {
        BigDecimal r = BigOracle.round(exact, 52, -1022, 1023, rm);
        if (r == null) {
            return Double.doubleToRawLongBits(exact.signum() < 0 ? Double.NEGATIVE_INFINITY
                    : Double.POSITIVE_INFINITY);
        }
        return r.signum() == 0 ? (exact.signum() < 0 ? Long.MIN_VALUE : 0)
                : Double.doubleToRawLongBits(r.doubleValue());
    }

    private static BigDecimal bd(float f) {
        return new BigDecimal(f);
    }

    // ---- random operands ---------------------------------------------------------------------------------

    private static int randomF16() {
        // Finite, including denormals; avoids 0x7C00..0x7FFF.
        return (R.nextInt(2) << 15) | R.nextInt(0x7C00);
    }

    private static int randomF32(int expLo, int expHi) {
        return (R.nextInt(2) << 31) | (R.nextInt(expLo, expHi) << 23) | R.nextInt(1 << 23);
    }

    private static long randomF64(int expLo, int expHi) {
        return ((long) R.nextInt(2) << 63) | ((long) R.nextInt(expLo, expHi) << 52) | (R.nextLong() >>> 12);
    }

    // ---- tests ---------------------------------------------------------------------------------------------

    @Test
    void f16AddMulFmaAreCorrectlyRoundedInEveryMode() {
        for (int i = 0; i < 12_000; i++) {
            int a = randomF16();
            int b = randomF16();
            int c = i % 3 == 0 ? (a ^ 0x8000) : randomF16();   // force cancellation sometimes
            BigDecimal x = BigOracle.exactF16(a);
            BigDecimal y = BigOracle.exactF16(b);
            BigDecimal z = BigOracle.exactF16(c);
            int rm = i & 3;
            int m = mode(rm);
            BigDecimal sum = x.add(y);
            if (sum.signum() != 0) {
                assertEquals(f16Of(sum, rm), FpArith.addF16(a, b, m), hex(a, b) + " rm=" + rm);
            }
            BigDecimal prod = x.multiply(y);
            if (prod.signum() != 0) {
                assertEquals(f16Of(prod, rm), FpArith.mulF16(a, b, m), hex(a, b) + " rm=" + rm);
            }
            BigDecimal fma = prod.add(z);
            if (fma.signum() != 0) {
                assertEquals(f16Of(fma, rm), FpArith.fmaF16(a, b, c, m), hex(a, b) + hex(c, 0) + " rm=" + rm);
            }
        }
    }

    @Test
    void f16FmaHardDoubleRoundingCase() {
        // a*b + c where the exact result lies just above an f16 rounding midpoint by far less than a double ulp
        // of the result: 1.0009765625 * 1.0009765625 = 1 + 2^-9 + 2^-20; adding -2^-9 ... exercise c tiny.
        int a = 0x3C01;                       // 1 + 2^-10
        int b = 0x3C01;
        int c = 0x0001;                       // 2^-24
        BigDecimal exact = BigOracle.exactF16(a).multiply(BigOracle.exactF16(b)).add(BigOracle.exactF16(c));
        for (int rm = 0; rm < 4; rm++) {
            assertEquals(f16Of(exact, rm), FpArith.fmaF16(a, b, c, mode(rm)));
        }
        // Midpoint case: 1 + 2^-11 is exactly halfway between 1 and 1 + 2^-10 -> ties to even (1.0); a tiny
        // positive addend must push it up.
        int half = 0x1000;                     // 2^-11 (normal f16 exponent -11)
        assertEquals(0x3C00, FpArith.fmaF16(0x3C00, 0x3C00, half, mode(0)));
        assertEquals(0x3C01, FpArith.fmaF16(0x3C00, 0x3C00 + 0, 0x1001, mode(0)));
    }

    @Test
    void f32AddMulFmaAreCorrectlyRoundedInEveryMode() {
        for (int i = 0; i < 10_000; i++) {
            boolean wide = i % 5 == 0;
            int a = wide ? randomF32(1, 254) : randomF32(100, 150);
            int b = wide ? randomF32(1, 254) : randomF32(100, 150);
            int c = i % 4 == 0 ? Float.floatToRawIntBits(-Float.intBitsToFloat(a) * Float.intBitsToFloat(b))
                    : randomF32(80, 170);
            if (i % 7 == 0) {
                a = R.nextInt(2) << 31 | R.nextInt(1 << 23);   // denormal
            }
            if (Float.isInfinite(Float.intBitsToFloat(c))) {
                c = randomF32(80, 170);
            }
            float fa = Float.intBitsToFloat(a);
            float fb = Float.intBitsToFloat(b);
            float fc = Float.intBitsToFloat(c);
            int rm = i & 3;
            int m = mode(rm);
            BigDecimal sum = bd(fa).add(bd(fb));
            if (sum.signum() != 0) {
                assertEquals(f32Of(sum, rm), FpArith.addF32(a, b, m), hex(a, b) + " rm=" + rm);
            }
            BigDecimal prod = bd(fa).multiply(bd(fb));
            if (prod.signum() != 0) {
                assertEquals(f32Of(prod, rm), FpArith.mulF32(a, b, m), hex(a, b) + " rm=" + rm);
            }
            BigDecimal fma = prod.add(bd(fc));
            if (fma.signum() != 0) {
                assertEquals(f32Of(fma, rm), FpArith.fmaF32(a, b, c, m), hex(a, b) + hex(c, 0) + " rm=" + rm);
            }
        }
    }

    @Test
    void f64AddMulFmaAreCorrectlyRoundedInEveryMode() {
        for (int i = 0; i < 1_500; i++) {
            boolean wide = i % 5 == 0;
            long a = wide ? randomF64(1, 2046) : randomF64(900, 1150);
            long b = wide ? randomF64(1, 2046) : randomF64(900, 1150);
            long c = randomF64(800, 1250);
            if (i % 9 == 0) {
                a = randomF64(1, 60);                        // products near and below the denormal range
                b = randomF64(900, 1000);
            }
            double x = Double.longBitsToDouble(a);
            double y = Double.longBitsToDouble(b);
            double z = Double.longBitsToDouble(c);
            int rm = i & 3;
            int m = mode(rm);
            BigDecimal sum = new BigDecimal(x).add(new BigDecimal(y));
            if (sum.signum() != 0) {
                assertEquals(f64Of(sum, rm), FpArith.addF64(a, b, m), x + " + " + y + " rm=" + rm);
            }
            BigDecimal prod = new BigDecimal(x).multiply(new BigDecimal(y));
            if (prod.signum() != 0) {
                assertEquals(f64Of(prod, rm), FpArith.mulF64(a, b, m), x + " * " + y + " rm=" + rm);
            }
            BigDecimal fma = prod.add(new BigDecimal(z));
            if (fma.signum() != 0) {
                assertEquals(f64Of(fma, rm), FpArith.fmaF64(a, b, c, m), "fma rm=" + rm);
            }
        }
    }

    @Test
    void exactZeroSumSignFollowsRoundingMode() {
        int one = Float.floatToRawIntBits(1f);
        int minusOne = Float.floatToRawIntBits(-1f);
        assertEquals(0, FpArith.addF32(one, minusOne, mode(FpMode.ROUND_NEAREST_EVEN)));
        assertEquals(0x80000000, FpArith.addF32(one, minusOne, mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(0x8000, FpArith.addF16(0x3C00, 0xBC00, mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(0x0000, FpArith.addF16(0x3C00, 0xBC00, mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(Long.MIN_VALUE, FpArith.addF64(Double.doubleToRawLongBits(2.0),
                Double.doubleToRawLongBits(-2.0), mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(0, FpArith.addF32(0, 0, mode(FpMode.ROUND_MINUS_INF)));
    }

    @Test
    void nanResultsAreAmdsNotJavas() {
        int inf = 0x7F800000;
        int ninf = 0xFF800000;
        int m = FpMode.MODE_IEEE_DEFAULT;
        assertEquals(0x7FC00000, FpArith.addF32(inf, ninf, m));          // invalid: positive default NaN
        assertEquals(0x7FC00000, FpArith.mulF32(0, inf, m));
        assertEquals(0x7FC00000, FpArith.fmaF32(0, inf, 0, m));
        assertEquals(0x7FC12345, FpArith.addF32(0x7F812345, 0x7FC00001, m));   // first NaN, quieted
        assertEquals(0xFFC00001, FpArith.mulF32(0x3F800000, 0xFF800001, m));
        assertEquals(0x7FC00003, FpArith.fmaF32(0, 0, 0x7F800003, m));
        assertEquals(0x7E00, FpArith.addF16(0x7C00, 0xFC00, m));
        assertEquals(0x7E01, FpArith.fmaF16(0x3C00, 0x7C01, 0x7E05, m));
        assertEquals(0x7FF8000000000000L, FpArith.addF64(0x7FF0000000000000L, 0xFFF0000000000000L, m));
        assertEquals(0x7FF8000000000001L, FpArith.mulF64(0x7FF0000000000001L, 0, m));
    }

    @Test
    void denormalModesFlushInputsAndOutputsSeparately() {
        int den = 0x00000001;              // smallest f32 denormal
        int one = 0x3F800000;
        int flushIn = FpMode.mode(0, 0, FpMode.DENORM_ALLOW_OUT, 3, true);
        int flushOut = FpMode.mode(0, 0, FpMode.DENORM_ALLOW_IN, 3, true);
        assertEquals(0, FpArith.mulF32(den, one, flushIn));
        assertEquals(den, FpArith.mulF32(den, one, flushOut) == 0 ? den : -1, "output flush");
        assertEquals(0, FpArith.mulF32(den, one, flushOut));
        assertEquals(den, FpArith.mulF32(den, one, FpMode.MODE_IEEE_DEFAULT));
        // Output flush applies to results that are denormal after rounding: min normal * 0.5 -> denormal -> 0.
        assertEquals(0x80000000, FpArith.mulF32(0x80800000, 0x3F000000, FpMode.mode(0, 0, 1, 3, true)));
        // f64/f16 use the other field.
        int f16Flush = FpMode.mode(0, 0, 3, 0, true);
        assertEquals(0, FpArith.addF16(0x0001, 0x0000, f16Flush));
        assertEquals(0x0001, FpArith.addF16(0x0001, 0x0000, FpMode.MODE_IEEE_DEFAULT));
        assertEquals(0x8000000000000000L, FpArith.mulF64(0x8000000000000001L, 0x3FF0000000000000L, f16Flush));
        assertEquals(0, FpArith.mulDx9ZeroF32(0, 0x7F800000, FpMode.MODE_IEEE_DEFAULT));
        assertEquals(0, FpArith.mulDx9ZeroF32(0x7FC00000, 0x80000000, FpMode.MODE_IEEE_DEFAULT));
    }

    @Test
    void minMaxFollowThePseudocode() {
        int ieee = FpMode.MODE_IEEE_DEFAULT | FpMode.MODE_IEEE;
        int nonIeee = FpMode.MODE_IEEE_DEFAULT;
        int one = 0x3F800000;
        int two = 0x40000000;
        int qnan = 0x7FC00001;
        int qnan2 = 0x7FC00002;
        int snan = 0x7F800005;
        int pz = 0;
        int nz = 0x80000000;
        // RDNA 1-3.5
        assertEquals(two, FpArith.maxF32(one, two, ieee));
        assertEquals(0x7FC00005, FpArith.maxF32(snan, one, ieee));
        assertEquals(0x7FC00005, FpArith.maxF32(one, snan, ieee));
        assertEquals(one, FpArith.maxF32(snan, one, nonIeee));
        assertEquals(one, FpArith.maxF32(qnan, one, ieee));
        assertEquals(qnan, FpArith.maxF32(qnan, qnan2, ieee));          // S1 NaN -> S0
        assertEquals(pz, FpArith.maxF32(nz, pz, ieee));
        assertEquals(pz, FpArith.maxF32(pz, nz, ieee));
        assertEquals(nz, FpArith.minF32(pz, nz, ieee));
        assertEquals(nz, FpArith.minF32(nz, pz, nonIeee));
        // CDNA: S0 NaN -> S1 (even a NaN)
        assertEquals(qnan2, FpArith.maxF32Cdna(qnan, qnan2, ieee));
        assertEquals(0x7FC00005, FpArith.maxF32Cdna(snan, one, ieee));
        assertEquals(one, FpArith.maxF32Cdna(snan, one, nonIeee));
        assertEquals(pz, FpArith.maxF32Cdna(nz, pz, nonIeee));
        // RDNA 4 number / propagate
        assertEquals(one, FpArith.maxNumF32(snan, one, nonIeee));
        assertEquals(0x7FC00001, FpArith.maxNumF32(qnan, snan, nonIeee));
        assertEquals(qnan, FpArith.maximumF32(one, qnan, nonIeee));
        assertEquals(0x7FC00005, FpArith.minimumF32(qnan, snan, nonIeee));
        assertEquals(nz, FpArith.minimumF32(pz, nz, nonIeee));
        // Negative ordering and f16/f64 through the generic entry point.
        assertEquals(0xC0000000, FpArith.minF32(0xC0000000, 0xBF800000, ieee));
        assertEquals(0xBC00, FpArith.minMax(FpArith.MinMaxFamily.RDNA, 0xBC00, 0x3C00, FloatFormat.F16, ieee, 3,
                false));
        assertEquals(0x7FF8000000000000L, FpArith.minMax(FpArith.MinMaxFamily.PROPAGATE, 0x7FF0000000000000L,
                0x7FF8000000000000L, FloatFormat.F64, ieee, 3, true));
        // Input flushing: a denormal compares as zero.
        int flushAll = FpMode.mode(0, 0, 0, 0, true);
        assertEquals(0, FpArith.maxF32(0x00000001, 0, flushAll) & 0x7FFFFFFF);
    }

    @Test
    void f32MinMaxFastPathAgreesWithTheGenericRules() {
        int[] specials = {0, 0x80000000, 1, 0x80000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x3F800000};
        for (int i = 0; i < 50_000; i++) {
            int a = i % 3 == 0 ? specials[R.nextInt(specials.length)] : R.nextInt();
            int b = i % 5 == 0 ? specials[R.nextInt(specials.length)] : R.nextInt();
            int m = (i & 1) == 0 ? FpMode.MODE_IEEE_DEFAULT : FpMode.MODE_IEEE_DEFAULT | FpMode.MODE_IEEE;
            assertEquals((int) FpArith.minMax(FpArith.MinMaxFamily.RDNA, a & 0xFFFFFFFFL, b & 0xFFFFFFFFL,
                    FloatFormat.F32, m, 3, true), FpArith.maxF32(a, b, m));
            assertEquals((int) FpArith.minMax(FpArith.MinMaxFamily.RDNA, a & 0xFFFFFFFFL, b & 0xFFFFFFFFL,
                    FloatFormat.F32, m, 3, false), FpArith.minF32(a, b, m));
            if (!FpArith.isNaNF32(a) && !FpArith.isNaNF32(b)) {
                float x = Float.intBitsToFloat(a);
                float y = Float.intBitsToFloat(b);
                if (x != y) {
                    assertEquals(Float.floatToRawIntBits(Math.max(x, y)), FpArith.maxF32(a, b, m));
                }
            }
        }
    }

    @Test
    void directedModesWithInfinitiesAndOverflow() {
        int max = 0x7F7FFFFF;
        int inf = 0x7F800000;
        int one = 0x3F800000;
        int two = 0x40000000;
        assertEquals(inf, FpArith.addF32(inf, one, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(max, FpArith.mulF32(max, two, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(inf, FpArith.mulF32(max, two, mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(0xFF7FFFFF, FpArith.mulF32(max | 0x80000000, two, mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(max, FpArith.fmaF32(max, two, 0, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(inf, FpArith.fmaF32(inf, one, one, mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(0x7FC00000, FpArith.fmaF32(inf, one, 0xFF800000, mode(FpMode.ROUND_MINUS_INF)));
        long dmax = Double.doubleToRawLongBits(Double.MAX_VALUE);
        long d2 = Double.doubleToRawLongBits(2.0);
        assertEquals(dmax, FpArith.mulF64(dmax, d2, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(dmax, FpArith.addF64(dmax, dmax, mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(0x7FF0000000000000L, FpArith.addF64(dmax, dmax, mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(dmax, FpArith.fmaF64(dmax, d2, 0, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(0x7C00, FpArith.mulF16(0x7BFF, 0x4000, mode(FpMode.ROUND_NEAREST_EVEN)));
        assertEquals(0x7BFF, FpArith.mulF16(0x7BFF, 0x4000, mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(0x7C00, FpArith.addF16(0x7C00, 0x3C00, mode(FpMode.ROUND_TOWARD_ZERO)));
        // Smallest denormal results under directed rounding.
        assertEquals(1, FpArith.mulF32(1, 0x3F000000, mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(0, FpArith.mulF32(1, 0x3F000000, mode(FpMode.ROUND_MINUS_INF)));
        assertEquals(1L, FpArith.mulF64(1L, Double.doubleToRawLongBits(0.5), mode(FpMode.ROUND_PLUS_INF)));
        assertEquals(0L, FpArith.mulF64(1L, Double.doubleToRawLongBits(0.5), mode(FpMode.ROUND_TOWARD_ZERO)));
        assertEquals(Long.MIN_VALUE | 1, FpArith.mulF64(1L, Double.doubleToRawLongBits(-0.5),
                mode(FpMode.ROUND_MINUS_INF)));
    }

    private static String hex(long a, long b) {
        return Long.toHexString(a) + "," + Long.toHexString(b);
    }
}
