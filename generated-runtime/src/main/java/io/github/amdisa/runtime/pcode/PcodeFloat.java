package io.github.amdisa.runtime.pcode;

/**
 * Floating-point helpers for generated code. f32 values are Java {@code float}s and f64 values {@code double}s;
 * the narrower formats (f16, bf16, fp8, bf8) are held as {@code float}s whose value is exactly representable in the
 * narrow format, so that arithmetic is done in float and rounded back after each operation with {@link #round16}
 * and friends (for +, -, *, / and sqrt, rounding the float result again is the same as rounding the exact result
 * once, since float has more than 2p+2 bits of precision for these formats).
 *
 * <p>Rounding is IEEE round-to-nearest-even with denormals kept; MODE's rounding and denormal controls are not
 * applied. These helpers are deliberately small; they should later delegate to the fuller {@code runtime.fp}
 * library.
 */
public final class PcodeFloat {

    private PcodeFloat() {
    }

    // ---- generic small-format encode/decode -----------------------------------------------------------------

    /**
     * Rounds {@code v} (round to nearest even) to an IEEE-like binary format with {@code eBits} exponent and
     * {@code mBits} mantissa bits (with infinities and NaNs) and returns its bits. NaNs keep the top payload bits
     * and are made quiet.
     */
    public static long encode(double v, int eBits, int mBits) {
        long sign = (Double.doubleToRawLongBits(v) >>> 63) << (eBits + mBits);
        long expAll = ((1L << eBits) - 1) << mBits;
        if (Double.isNaN(v)) {
            long payload = (Double.doubleToRawLongBits(v) & 0x000F_FFFF_FFFF_FFFFL) >>> (52 - mBits);
            return sign | expAll | payload | (1L << (mBits - 1));
        }
        double a = Math.abs(v);
        if (Double.isInfinite(a)) {
            return sign | expAll;
        }
        if (a == 0) {
            return sign;
        }
        int bias = (1 << (eBits - 1)) - 1;
        int emin = 1 - bias;
        int e = Math.max(Math.getExponent(a), emin);
        long n = (long) Math.rint(Math.scalb(a, mBits - e));
        if (n >= (1L << (mBits + 1))) {
            n >>= 1;
            e++;
        }
        if (e > bias) {
            return sign | expAll;
        }
        if (n < (1L << mBits)) {
            return sign | n;
        }
        return sign | ((long) (e + bias) << mBits) | (n & ((1L << mBits) - 1));
    }

    /** The value of IEEE-like bits with {@code eBits} exponent and {@code mBits} mantissa bits. */
    public static double decode(long bits, int eBits, int mBits) {
        boolean neg = ((bits >>> (eBits + mBits)) & 1) != 0;
        int exp = (int) ((bits >>> mBits) & ((1L << eBits) - 1));
        long man = bits & ((1L << mBits) - 1);
        int bias = (1 << (eBits - 1)) - 1;
        double r;
        if (exp == (1 << eBits) - 1) {
            if (man == 0) {
                r = Double.POSITIVE_INFINITY;
            } else {
                // Keep the payload (top bits) and quietness in the double's mantissa.
                return Double.longBitsToDouble((neg ? 1L << 63 : 0) | 0x7FF0_0000_0000_0000L | (man << (52 - mBits)));
            }
        } else if (exp == 0) {
            r = Math.scalb((double) man, 1 - bias - mBits);
        } else {
            r = Math.scalb((double) (man | (1L << mBits)), exp - bias - mBits);
        }
        return neg ? -r : r;
    }

    // ---- f16 ----------------------------------------------------------------------------------------------

    /** The value of half-precision bits. */
    public static float f16(long bits) {
        return widenNarrow(decode(bits & 0xFFFF, 5, 10));
    }

    /** Half-precision bits of a value (round to nearest even). */
    public static long f16Bits(double v) {
        return encode(v, 5, 10);
    }

    /** Rounds a float to the nearest half-precision value. */
    public static float round16(double v) {
        return f16(f16Bits(v));
    }

    // ---- bf16 ---------------------------------------------------------------------------------------------

    /** The value of bfloat16 bits. */
    public static float bf16(long bits) {
        return Float.intBitsToFloat((int) ((bits & 0xFFFF) << 16));
    }

    /** bfloat16 bits of a value (round to nearest even). */
    public static long bf16Bits(double v) {
        return encode(v, 8, 7);
    }

    /** Rounds to the nearest bfloat16 value. */
    public static float roundBf16(double v) {
        return bf16(bf16Bits(v));
    }

    // ---- fp8 (E4M3, OCP: no infinities, NaN = S.1111.111, max 448) and bf8 (E5M2, IEEE-like) ------------

    /** The value of fp8 (E4M3) bits. */
    public static float fp8(long bits) {
        long b = bits & 0xFF;
        if ((b & 0x7F) == 0x7F) {
            return Float.NaN;
        }
        double v = decode(b & 0x7F, 4, 3);
        if ((b & 0x78) == 0x78) { // exponent all ones is a normal number in E4M3
            v = Math.scalb((double) ((b & 7) | 8), 15 - 7 - 3);
        }
        return (float) ((b & 0x80) != 0 ? -v : v);
    }

    /** fp8 (E4M3) bits of a value: round to nearest even, saturating to +-448, NaN to 0x7F. */
    public static long fp8Bits(double v) {
        if (Double.isNaN(v)) {
            return 0x7F;
        }
        long sign = v < 0 || (v == 0 && 1 / v < 0) ? 0x80 : 0;
        double a = Math.min(Math.abs(v), 448.0);
        // E4M3 below the top binade is IEEE-like with bias 7; encode with a wider exponent field, then re-bias.
        long wide = encode(a, 5, 3); // bias 15
        int e = (int) (wide >>> 3) & 0x1F;
        long m = wide & 7;
        if (e == 0) {
            return sign | encode(a, 4, 3);
        }
        int e8 = e - 15 + 7;
        if (e8 <= 0) {
            return sign | encode(a, 4, 3);
        }
        if (e8 > 15 || (e8 == 15 && m == 7)) {
            return sign | 0x7E;
        }
        return sign | ((long) e8 << 3) | m;
    }

    /** The value of bf8 (E5M2) bits. */
    public static float bf8(long bits) {
        return widenNarrow(decode(bits & 0xFF, 5, 2));
    }

    /** bf8 (E5M2) bits of a value (round to nearest even, IEEE-like with infinities). */
    public static long bf8Bits(double v) {
        return encode(v, 5, 2);
    }

    private static float widenNarrow(double d) {
        if (Double.isNaN(d)) {
            long b = Double.doubleToRawLongBits(d);
            return Float.intBitsToFloat((int) ((b >>> 63) << 31) | 0x7F80_0000 | (int) ((b >>> 29) & 0x7F_FFFF));
        }
        return (float) d;
    }

    // ---- f32 / f64 bits, NaN-preserving widening and narrowing -------------------------------------------

    /** The float of f32 bits. */
    public static float f32(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    /** f32 bits, zero-extended to long. */
    public static long f32Bits(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    /** f32 to f64 keeping a signalling NaN signalling (a plain widening quiets it on some CPUs). */
    public static double widen(float f) {
        if (f != f) {
            int b = Float.floatToRawIntBits(f);
            return Double.longBitsToDouble(((long) (b >>> 31) << 63) | 0x7FF0_0000_0000_0000L
                    | ((long) (b & 0x7F_FFFF) << 29));
        }
        return f;
    }

    /** f64 to f32, round to nearest even, keeping NaN payload top bits and signalling state. */
    public static float narrow(double d) {
        if (d != d) {
            long b = Double.doubleToRawLongBits(d);
            int payload = (int) ((b >>> 29) & 0x7F_FFFF);
            if (payload == 0) {
                payload = 0x40_0000;
            }
            return Float.intBitsToFloat((int) ((b >>> 63) << 31) | 0x7F80_0000 | payload);
        }
        return (float) d;
    }

    // ---- float to integer --------------------------------------------------------------------------------

    /**
     * Float to integer as AMD's conversions do: truncate toward zero, NaN gives 0, out-of-range values saturate to
     * the target range.
     *
     * @param signed whether the target is signed
     * @param width target width 1..64
     */
    public static long toInt(double v, boolean signed, int width) {
        if (v != v) {
            return 0;
        }
        if (signed) {
            long min = width >= 64 ? Long.MIN_VALUE : -(1L << (width - 1));
            long max = width >= 64 ? Long.MAX_VALUE : (1L << (width - 1)) - 1;
            if (v <= min) {
                return min;
            }
            if (v >= max) {
                return max;
            }
            return (long) v;
        }
        if (v <= 0) {
            return 0;
        }
        if (width >= 64) {
            if (v >= 18446744073709551615.0) {
                return -1L;
            }
            return v >= 9223372036854775808.0 ? ((long) (v / 2)) << 1 : (long) v;
        }
        long max = (1L << width) - 1;
        return v >= max ? max : (long) v;
    }

    /** An unsigned 64-bit integer as a double (round to nearest even). */
    public static double fromU64(long x) {
        if (x >= 0) {
            return x;
        }
        double d = (double) ((x >>> 1) | (x & 1));
        return d * 2.0;
    }
}
