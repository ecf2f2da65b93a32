package io.github.amdisa.runtime.fp;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * An independent, slow reference for rounding: exact {@link BigDecimal} arithmetic straight from the IEEE
 * definition (find the two representable neighbours of the exact value, pick one by the rounding rule). It shares
 * no code with {@link FpConvert}.
 */
final class BigOracle {

    static final BigDecimal TWO = BigDecimal.valueOf(2);

    private BigOracle() {
    }

    private static final BigDecimal[] POW2 = new BigDecimal[2 * 2400 + 1];

    static BigDecimal pow2(int e) {
        BigDecimal p = POW2[e + 2400];
        if (p == null) {
            p = e >= 0 ? TWO.pow(e) : BigDecimal.ONE.divide(TWO.pow(-e));
            POW2[e + 2400] = p;
        }
        return p;
    }

    /**
     * Rounds a non-zero exact value to a binary format with {@code mant} fraction bits and exponent range
     * [{@code emin}, {@code emax}] and returns the exact rounded value, or {@code null} on overflow to infinity.
     */
    static BigDecimal round(BigDecimal x, int mant, int emin, int emax, int rm) {
        BigDecimal ax = x.abs();
        boolean neg = x.signum() < 0;
        int e = Math.getExponent(ax.doubleValue());
        if (e < -1074) {
            e = -1074;
        }
        while (pow2(e).compareTo(ax) > 0) {
            e--;
        }
        while (pow2(e + 1).compareTo(ax) <= 0) {
            e++;
        }
        int qe = Math.max(e, emin) - mant;
        BigDecimal q = pow2(qe);
        BigDecimal n = ax.multiply(pow2(-qe));
        BigDecimal lo = n.setScale(0, RoundingMode.FLOOR);
        BigDecimal frac = n.subtract(lo);
        boolean up;
        switch (rm) {
            case FpMode.ROUND_NEAREST_EVEN -> {
                int c = frac.compareTo(new BigDecimal("0.5"));
                up = c > 0 || c == 0 && lo.toBigInteger().testBit(0);
            }
            case FpMode.ROUND_PLUS_INF -> up = frac.signum() > 0 && !neg;
            case FpMode.ROUND_MINUS_INF -> up = frac.signum() > 0 && neg;
            default -> up = false;
        }
        BigDecimal mag = (up ? lo.add(BigDecimal.ONE) : lo).multiply(q);
        BigDecimal max = pow2(emax).multiply(TWO.subtract(pow2(-mant)));
        if (mag.compareTo(max) > 0) {
            boolean toInf = rm == FpMode.ROUND_NEAREST_EVEN || rm == FpMode.ROUND_PLUS_INF && !neg
                    || rm == FpMode.ROUND_MINUS_INF && neg;
            if (toInf) {
                return null;
            }
            mag = max;
        }
        return neg ? mag.negate() : mag;
    }

    static BigDecimal exact(double d) {
        return new BigDecimal(d);
    }

    static BigDecimal exactF16(int bits) {
        int e = (bits >>> 10) & 0x1F;
        int m = bits & 0x3FF;
        BigDecimal v = e == 0 ? BigDecimal.valueOf(m).multiply(pow2(-24))
                : BigDecimal.valueOf(1024 + m).multiply(pow2(e - 25));
        return (bits & 0x8000) != 0 ? v.negate() : v;
    }

    static final MathContext MC = MathContext.UNLIMITED;
}
