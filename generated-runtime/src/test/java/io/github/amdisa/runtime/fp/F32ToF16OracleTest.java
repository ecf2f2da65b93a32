package io.github.amdisa.runtime.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** f32 to f16 against {@link BigOracle}, for random values and hand-picked edges, in every rounding mode. */
class F32ToF16OracleTest {

    static final Map<BigDecimal, Integer> F16_BY_VALUE = new HashMap<>();

    static {
        for (int h = 0; h < 0x7C00; h++) {
            F16_BY_VALUE.put(BigOracle.exactF16(h).stripTrailingZeros(), h);
        }
    }

    /** The oracle: exact rounding by BigDecimal, then look the value up among the f16 values. */
    static int oracle(int f32, int rm, boolean flushOut) {
        float f = Float.intBitsToFloat(f32);
        int sign = (f32 >>> 16) & 0x8000;
        if (Float.isNaN(f)) {
            return sign | 0x7E00 | ((f32 >>> 13) & 0x3FF);
        }
        if (Float.isInfinite(f)) {
            return sign | 0x7C00;
        }
        if (f == 0) {
            return sign;
        }
        BigDecimal r = BigOracle.round(new BigDecimal(f), 10, -14, 15, rm);
        if (r == null) {
            return sign | 0x7C00;
        }
        if (r.signum() == 0) {
            return sign;
        }
        int h = F16_BY_VALUE.get(r.abs().stripTrailingZeros());
        if (flushOut && h < 0x400) {
            h = 0;
        }
        return sign | h;
    }

    private static List<Integer> edgeValues() {
        List<Integer> v = new ArrayList<>();
        for (int h = 0; h < 0x7C00; h += 23) {
            float x = Float.intBitsToFloat(FpConvert.f16ToF32(h, false));
            float next = Float.intBitsToFloat(FpConvert.f16ToF32(h + 1, false));
            int xb = Float.floatToRawIntBits(x);
            float mid = (x + next) / 2;   // exact: the midpoint needs one more bit
            int mb = Float.floatToRawIntBits(mid);
            for (int d = -2; d <= 2; d++) {
                v.add(xb + d);
                v.add(mb + d);
                v.add((mb + d) | 0x80000000);
            }
        }
        for (float f : new float[] {65504f, 65519.99f, 65520f, 65536f, 1e10f, Float.MAX_VALUE, 0x1p-24f, 0x1p-25f,
            0x1.000002p-25f, 0x1p-26f, 0x1.8p-24f, 0x1.8p-25f, 0x1p-14f, 0x1.ff8p-15f, Float.MIN_VALUE,
            Float.MIN_NORMAL}) {
            v.add(Float.floatToRawIntBits(f));
            v.add(Float.floatToRawIntBits(-f));
        }
        v.add(0x7F800001);
        v.add(0xFFBFFFFF);
        v.add(0x7FC00000);
        v.add(0x7F812345);
        v.add(0x7F800000);
        v.add(0xFF800000);
        v.add(0);
        v.add(0x80000000);
        return v;
    }

    @Test
    void edgesInEveryModeAndFlush() {
        for (int f : edgeValues()) {
            for (int rm = 0; rm < 4; rm++) {
                for (boolean flush : new boolean[] {false, true}) {
                    assertEquals(oracle(f, rm, flush), FpConvert.f32ToF16(f, rm, false, flush),
                            Integer.toHexString(f) + " rm=" + rm + " flush=" + flush);
                }
            }
        }
    }

    @Test
    void randomInF16RangeInEveryMode() {
        SplittableRandom r = new SplittableRandom(2026);
        for (int i = 0; i < 15_000; i++) {
            // Exponents around the f16 range (denormals to overflow) plus fully random patterns.
            int f = i % 4 == 0 ? r.nextInt()
                    : (r.nextInt(2) << 31) | ((r.nextInt(100, 146)) << 23) | r.nextInt(1 << 23);
            for (int rm = 0; rm < 4; rm++) {
                assertEquals(oracle(f, rm, false), FpConvert.f32ToF16(f, rm, false, false),
                        Integer.toHexString(f) + " rm=" + rm);
            }
        }
    }

    @Test
    void modeEntryPointFastPathAgreesWithGenericRounding() {
        SplittableRandom r = new SplittableRandom(99);
        int m = FpMode.MODE_IEEE_DEFAULT;
        for (int i = 0; i < 2_000_000; i++) {
            int f = i < 1_000_000 ? (r.nextInt(2) << 31) | (r.nextInt(100, 145) << 23) | r.nextInt(1 << 23)
                    : r.nextInt();
            assertEquals(FpConvert.f32ToF16(f, 0, false, false), FpConvert.f32ToF16(f, m), Integer.toHexString(f));
        }
        for (int f : edgeValues()) {
            assertEquals(FpConvert.f32ToF16(f, 0, false, false), FpConvert.f32ToF16(f, m), Integer.toHexString(f));
        }
    }

    @Test
    void handPickedResults() {
        assertEquals(0x7BFF, FpConvert.f32ToF16(Float.floatToRawIntBits(65519.99f), 0, false, false));
        assertEquals(0x7C00, FpConvert.f32ToF16(Float.floatToRawIntBits(65520f), 0, false, false));
        assertEquals(0x7BFF, FpConvert.f32ToF16(Float.floatToRawIntBits(1e10f), FpMode.ROUND_TOWARD_ZERO, false,
                false));
        assertEquals(0xFC00, FpConvert.f32ToF16(Float.floatToRawIntBits(-1e10f), FpMode.ROUND_MINUS_INF, false,
                false));
        assertEquals(0xFBFF, FpConvert.f32ToF16(Float.floatToRawIntBits(-1e10f), FpMode.ROUND_PLUS_INF, false,
                false));
        assertEquals(0x0000, FpConvert.f32ToF16(Float.floatToRawIntBits(0x1p-25f), 0, false, false)); // tie to even 0
        assertEquals(0x0001, FpConvert.f32ToF16(Float.floatToRawIntBits(0x1.000002p-25f), 0, false, false));
        assertEquals(0x0002, FpConvert.f32ToF16(Float.floatToRawIntBits(0x1.8p-24f), 0, false, false)); // 1.5 -> 2
        assertEquals(0x7E09, FpConvert.f32ToF16(0x7F812345, 0, false, false)); // sNaN quieted, payload top bits
        assertEquals(0x0400, FpConvert.f32ToF16(Float.floatToRawIntBits(0x1.ffcp-15f), 0, false, true));
        // Input flush follows MODE's single-precision field; output flush the half field.
        int flushF32In = FpMode.mode(0, 0, 2, 3, false);
        assertEquals(0x8000, FpConvert.f32ToF16(0x80000001, flushF32In));
    }
}
