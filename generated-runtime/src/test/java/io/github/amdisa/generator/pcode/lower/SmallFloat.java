package io.github.amdisa.generator.pcode.lower;

/**
 * Test oracle for narrow float formats, independent of {@code runtime.fp}: a format is described by its field
 * widths; its positive finite values are listed by code (they grow with the code), decoded with plain double
 * arithmetic, and a value is rounded by searching that list. Every value of these formats and every f32/f16/bf16
 * input (also scaled by a power of two within the double range) is exact in a double, so the comparisons are exact.
 */
final class SmallFloat {

    /** How the top exponent is used. */
    enum Kind {
        /** IEEE: the top exponent holds infinities and NaNs. */
        IEEE,
        /** OCP E4M3 "FN": only S.1111.111 is NaN, no infinities. */
        FN,
        /** OCP MX FP6/FP4: every code is finite. */
        NONE,
        /** CDNA 3 "FNUZ" fp8/bf8: 0x80 is the only NaN, no negative zero, no infinities. */
        FNUZ
    }

    static final SmallFloat F16 = new SmallFloat(5, 10, 15, Kind.IEEE);
    static final SmallFloat BF16 = new SmallFloat(8, 7, 127, Kind.IEEE);
    static final SmallFloat FP8 = new SmallFloat(4, 3, 7, Kind.FN);
    static final SmallFloat BF8 = new SmallFloat(5, 2, 15, Kind.IEEE);
    static final SmallFloat FP6 = new SmallFloat(2, 3, 1, Kind.NONE);
    static final SmallFloat BF6 = new SmallFloat(3, 2, 3, Kind.NONE);
    static final SmallFloat FP4 = new SmallFloat(2, 1, 1, Kind.NONE);
    static final SmallFloat FP8_FNUZ = new SmallFloat(4, 3, 8, Kind.FNUZ);
    static final SmallFloat BF8_FNUZ = new SmallFloat(5, 2, 16, Kind.FNUZ);

    final int e;
    final int m;
    final int bias;
    final Kind kind;
    final int bits;
    final int maxCode;

    private SmallFloat(int e, int m, int bias, Kind kind) {
        this.e = e;
        this.m = m;
        this.bias = bias;
        this.kind = kind;
        this.bits = 1 + e + m;
        this.maxCode = switch (kind) {
            case IEEE -> (((1 << e) - 2) << m) | ((1 << m) - 1);
            case FN -> (1 << (e + m)) - 2;
            case NONE, FNUZ -> (1 << (e + m)) - 1;
        };
    }

    /** The value of a code (sign included); NaN for NaN codes, infinities for infinity codes. */
    double value(int code) {
        int sign = (code >>> (bits - 1)) & 1;
        int mag = code & ((1 << (bits - 1)) - 1);
        double v;
        if (kind == Kind.FNUZ && code == 1 << (bits - 1)) {
            return Double.NaN;
        }
        if (kind == Kind.IEEE && (mag >>> m) == (1 << e) - 1) {
            v = (mag & ((1 << m) - 1)) == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (kind == Kind.FN && mag == (1 << (bits - 1)) - 1) {
            v = Double.NaN;
        } else {
            int exp = mag >>> m;
            int man = mag & ((1 << m) - 1);
            v = exp == 0 ? man * Math.pow(2, 1 - bias - m) : (man + (1 << m)) * Math.pow(2, exp - bias - m);
        }
        return sign == 1 ? -v : v;
    }

    /** Whether a code is a NaN. */
    boolean isNaN(int code) {
        return Double.isNaN(value(code));
    }

    /**
     * Rounds {@code x} into the format.
     *
     * @param x any double (NaN and infinities included)
     * @param towardZero round toward zero instead of to nearest even
     * @param saturate overflow (and infinities) give the largest finite value instead of infinity (IEEE) or NaN
     *                 (FN); formats without either always saturate
     * @return the code
     */
    int round(double x, boolean towardZero, boolean saturate) {
        int signBit = (Double.doubleToRawLongBits(x) < 0 ? 1 : 0) << (bits - 1);
        if (Double.isNaN(x)) {
            return switch (kind) {
                case IEEE -> signBit | (((1 << e) - 1) << m) | (1 << (m - 1));
                case FN -> signBit | ((1 << (bits - 1)) - 1);
                case NONE -> signBit | maxCode;
                case FNUZ -> 1 << (bits - 1);
            };
        }
        double a = Math.abs(x);
        double max = value(maxCode);
        if (a > max) {
            double ulp = Math.pow(2, (maxCode >>> m) - bias - m);
            boolean over = Double.isInfinite(a) || !towardZero && a >= max + ulp / 2;
            if (!over) {
                return signBit | maxCode;
            }
            if (saturate || kind == Kind.NONE || towardZero && !Double.isInfinite(a)) {
                return signBit | maxCode;
            }
            return switch (kind) {
                case IEEE -> signBit | (((1 << e) - 1) << m);
                case FNUZ -> 1 << (bits - 1);
                default -> signBit | ((1 << (bits - 1)) - 1);
            };
        }
        int lo = 0;
        int hi = maxCode;
        while (lo < hi) { // largest code with value <= a
            int mid = (lo + hi + 1) >>> 1;
            if (value(mid) <= a) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int c = lo;
        if (!towardZero && value(c) != a && c < maxCode) {
            double down = a - value(c);
            double up = value(c + 1) - a;
            if (up < down || up == down && (c & 1) == 1) {
                c++;
            }
        }
        if (kind == Kind.FNUZ && c == 0) {
            return 0; // no negative zero
        }
        return signBit | c;
    }
}
