package io.github.amdisa.runtime.fp;

/**
 * A binary floating-point format the GPU reads or writes, described by its field widths and how it encodes the
 * special values. Instances are constants; every method works on raw bit patterns held in the low
 * {@link #bits()} bits of a {@code long} and allocates nothing.
 *
 * <p>Three encodings of the special values occur:
 * <ul>
 *   <li>{@link Specials#IEEE}: exponent all ones means infinity (mantissa 0) or NaN (mantissa non-zero); the top
 *       mantissa bit is the quiet bit. f16, bf16, f32, f64 and OCP E5M2 ("bf8").</li>
 *   <li>{@link Specials#FN}: OCP E4M3 ("fp8"): no infinities; only {@code S.1111.111} is NaN, so {@code S.1111.000}
 *       to {@code S.1111.110} are finite and the largest magnitude is 448. There is no quiet bit.</li>
 *   <li>{@link Specials#FNUZ}: the "NANOO" variants (E4M3FNUZ, E5M2FNUZ) CDNA 3 uses: no infinities, no negative
 *       zero, the single NaN is {@code 0x80}.</li>
 * </ul>
 */
public final class FloatFormat {

    /** How a format encodes infinities and NaNs. */
    public enum Specials {
        /** IEEE 754: exponent all ones holds infinities and NaNs. */
        IEEE,
        /** OCP "FN": no infinities, only the all-ones pattern (per sign) is NaN. */
        FN,
        /** "FNUZ": no infinities, no negative zero, {@code 0x80} is the only NaN. */
        FNUZ,
        /**
         * OCP MX FP6/FP4 (E2M3, E3M2, E2M1): every pattern is a finite number; there are no infinities or NaNs.
         * Conversions into such a format saturate, and a NaN becomes the largest magnitude with its sign.
         */
        NONE
    }

    /** IEEE binary16. */
    public static final FloatFormat F16 = new FloatFormat("f16", 5, 10, 15, Specials.IEEE);
    /** bfloat16: the top half of an f32. */
    public static final FloatFormat BF16 = new FloatFormat("bf16", 8, 7, 127, Specials.IEEE);
    /** IEEE binary32. */
    public static final FloatFormat F32 = new FloatFormat("f32", 8, 23, 127, Specials.IEEE);
    /** IEEE binary64. */
    public static final FloatFormat F64 = new FloatFormat("f64", 11, 52, 1023, Specials.IEEE);
    /** OCP 8-bit E4M3 ({@code fp8} in AMD's pseudocode on CDNA 4 and RDNA 4), bias 7, max 448. */
    public static final FloatFormat FP8_E4M3 = new FloatFormat("fp8", 4, 3, 7, Specials.FN);
    /** OCP 8-bit E5M2 ({@code bf8} in AMD's pseudocode on CDNA 4 and RDNA 4), bias 15, max 57344. */
    public static final FloatFormat BF8_E5M2 = new FloatFormat("bf8", 5, 2, 15, Specials.IEEE);
    /** E4M3FNUZ (CDNA 3 {@code fp8}), bias 8, max 240. */
    public static final FloatFormat FP8_E4M3_FNUZ = new FloatFormat("fp8_fnuz", 4, 3, 8, Specials.FNUZ);
    /** E5M2FNUZ (CDNA 3 {@code bf8}), bias 16, max 57344. */
    public static final FloatFormat BF8_E5M2_FNUZ = new FloatFormat("bf8_fnuz", 5, 2, 16, Specials.FNUZ);
    /** OCP MX 6-bit E2M3 ({@code fp6} in AMD's pseudocode), bias 1, max 7.5. */
    public static final FloatFormat FP6_E2M3 = new FloatFormat("fp6", 2, 3, 1, Specials.NONE);
    /** OCP MX 6-bit E3M2 ({@code bf6} in AMD's pseudocode), bias 3, max 28. */
    public static final FloatFormat BF6_E3M2 = new FloatFormat("bf6", 3, 2, 3, Specials.NONE);
    /** OCP MX 4-bit E2M1 ({@code fp4} in AMD's pseudocode), bias 1, max 6. */
    public static final FloatFormat FP4_E2M1 = new FloatFormat("fp4", 2, 1, 1, Specials.NONE);

    private final String name;
    final int bits;
    final int expBits;
    final int mantBits;
    final int bias;
    final Specials specials;
    final long mantMask;
    final int expFieldMax;
    final long signMask;
    final long magMask;
    /** Largest finite magnitude as a bit pattern without the sign. */
    final long maxFinite;
    /** Canonical quiet NaN (positive where the format has a sign on NaNs). */
    final long defaultNaN;
    /** Positive infinity, or -1 when the format has none. */
    final long infinity;

    private FloatFormat(String name, int expBits, int mantBits, int bias, Specials specials) {
        this.name = name;
        this.bits = 1 + expBits + mantBits;
        this.expBits = expBits;
        this.mantBits = mantBits;
        this.bias = bias;
        this.specials = specials;
        this.mantMask = (1L << mantBits) - 1;
        this.expFieldMax = (1 << expBits) - 1;
        this.signMask = 1L << (bits - 1);
        this.magMask = signMask - 1;
        switch (specials) {
            case IEEE -> {
                this.maxFinite = ((long) (expFieldMax - 1) << mantBits) | mantMask;
                this.infinity = (long) expFieldMax << mantBits;
                this.defaultNaN = infinity | (1L << (mantBits - 1));
            }
            case FN -> {
                this.maxFinite = magMask - 1;
                this.infinity = -1;
                this.defaultNaN = magMask;
            }
            case NONE -> {
                this.maxFinite = magMask;
                this.infinity = -1;
                this.defaultNaN = magMask;
            }
            default -> {
                this.maxFinite = magMask;
                this.infinity = -1;
                this.defaultNaN = signMask;
            }
        }
    }

    /** @return the short name used in AMD's pseudocode, e.g. {@code "f16"} or {@code "fp8"} */
    public String name() {
        return name;
    }

    /** @return the total width in bits */
    public int bits() {
        return bits;
    }

    /** @return the exponent field width */
    public int exponentBits() {
        return expBits;
    }

    /** @return the stored mantissa (fraction) width, without the implicit bit */
    public int mantissaBits() {
        return mantBits;
    }

    /** @return the exponent bias */
    public int bias() {
        return bias;
    }

    /** @return the special-value encoding */
    public Specials specials() {
        return specials;
    }

    /** @return the largest finite positive value's bit pattern */
    public long maxFiniteBits() {
        return maxFinite;
    }

    /** @return the canonical quiet NaN the GPU produces for invalid operations in this format */
    public long defaultNaNBits() {
        return defaultNaN;
    }

    /** @return whether the format can represent infinities */
    public boolean hasInfinity() {
        return infinity >= 0;
    }

    /**
     * Tells whether a bit pattern is a NaN.
     *
     * @param v the pattern in the low {@link #bits()} bits
     * @return true for any NaN
     */
    public boolean isNaN(long v) {
        long mag = v & magMask;
        return switch (specials) {
            case IEEE -> mag > infinity;
            case FN -> mag == magMask;
            case NONE -> false;
            default -> (v & ((1L << bits) - 1)) == signMask;
        };
    }

    /**
     * Tells whether a pattern is a signalling NaN (IEEE formats only: quiet bit clear).
     *
     * @param v the pattern
     * @return true for a signalling NaN
     */
    public boolean isSignalingNaN(long v) {
        return specials == Specials.IEEE && isNaN(v) && (v & (1L << (mantBits - 1))) == 0;
    }

    /**
     * Tells whether a pattern is a quiet NaN. The NaNs of {@link Specials#FN} and {@link Specials#FNUZ} formats
     * count as quiet.
     *
     * @param v the pattern
     * @return true for a quiet NaN
     */
    public boolean isQuietNaN(long v) {
        return isNaN(v) && !isSignalingNaN(v);
    }

    /**
     * Tells whether a pattern is an infinity.
     *
     * @param v the pattern
     * @return true for plus or minus infinity
     */
    public boolean isInfinite(long v) {
        return infinity >= 0 && (v & magMask) == infinity;
    }

    /**
     * Tells whether a pattern is a non-zero subnormal (denormal).
     *
     * @param v the pattern
     * @return true for a denormal
     */
    public boolean isSubnormal(long v) {
        long mag = v & magMask;
        return mag != 0 && mag <= mantMask && !(specials == Specials.FNUZ && (v & ((1L << bits) - 1)) == signMask);
    }

    /**
     * Tells whether a pattern is plus or minus zero.
     *
     * @param v the pattern
     * @return true for a zero
     */
    public boolean isZero(long v) {
        return (v & magMask) == 0 && !(specials == Specials.FNUZ && (v & signMask) != 0);
    }

    /**
     * Returns the sign bit.
     *
     * @param v the pattern
     * @return 0 or 1
     */
    public int sign(long v) {
        return (int) ((v >>> (bits - 1)) & 1);
    }

    /**
     * Returns the quiet version of a NaN (sets the quiet bit, keeps sign and payload); other values unchanged.
     *
     * @param v the pattern
     * @return the quieted pattern
     */
    public long quiet(long v) {
        return specials == Specials.IEEE && isNaN(v) ? v | (1L << (mantBits - 1)) : v;
    }

    /**
     * Replaces a denormal by a zero of the same sign (the GPU's denormal flush); other values unchanged.
     *
     * @param v the pattern
     * @return the flushed pattern
     */
    public long flushDenormal(long v) {
        return isSubnormal(v) ? v & signMask : v;
    }

    /**
     * Classifies a value the way {@code V_CMP_CLASS_*} does and returns the single matching class bit: bit 0
     * signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
     *
     * @param v the pattern
     * @return a mask with exactly one of bits 0-9 set
     */
    public int classMask(long v) {
        if (isNaN(v)) {
            return isSignalingNaN(v) ? 1 : 2;
        }
        boolean neg = (v & signMask) != 0;
        if (isInfinite(v)) {
            return neg ? 1 << 2 : 1 << 9;
        }
        if (isZero(v)) {
            return neg ? 1 << 5 : 1 << 6;
        }
        if (isSubnormal(v)) {
            return neg ? 1 << 4 : 1 << 7;
        }
        return neg ? 1 << 3 : 1 << 8;
    }

    @Override
    public String toString() {
        return name;
    }
}
