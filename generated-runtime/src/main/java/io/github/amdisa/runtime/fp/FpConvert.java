package io.github.amdisa.runtime.fp;

import static io.github.amdisa.runtime.fp.FpMode.ROUND_MINUS_INF;
import static io.github.amdisa.runtime.fp.FpMode.ROUND_NEAREST_EVEN;
import static io.github.amdisa.runtime.fp.FpMode.ROUND_PLUS_INF;

/**
 * Conversions between the GPU's floating-point formats, with AMD's rounding modes, denormal flushing, NaN
 * quieting and saturation. Everything is static, works on bit patterns and allocates nothing.
 *
 * <p>One exact core, {@link #roundPack}, rounds a sign/significand/exponent triple once into any
 * {@link FloatFormat}; every conversion decodes its input exactly and calls it, so there is a single rounding per
 * conversion and every direction (narrowing or widening) is correct by construction.
 *
 * <p><b>NaNs</b> (AMD behaviour, also IEEE 754's recommendation): a NaN input gives a quiet NaN of the same sign
 * whose payload is the input payload's most significant bits (shifted left when widening, truncated when
 * narrowing); a signalling NaN is quieted. An f32 NaN {@code 0x7F812345} becomes the f16 {@code 0x7E09}. Targets
 * without a quiet bit (E4M3) produce their only NaN. bf16 to f32 is a plain 16-bit shift ({@link #bf16ToF32}),
 * which the pseudocode defines and which keeps even a signalling NaN unchanged.
 *
 * <p><b>Denormals</b>: {@code flushIn} replaces a denormal input by a signed zero before converting;
 * {@code flushOut} replaces a result that is denormal <em>after rounding</em> by a signed zero (a value that rounds
 * up to the smallest normal is kept). fp8/bf8 conversions never flush: the OCP formats rely on their denormals.
 *
 * <p><b>Overflow</b>: the result is infinity or the largest finite value depending on the rounding mode (IEEE
 * 754), the largest finite value when {@code saturate} is set, and NaN for formats without infinity (E4M3) when not
 * saturating (the OCP non-saturating conversion rule). An infinite input gives infinity, or the largest finite
 * value when saturating, or NaN for a format without infinities.
 */
public final class FpConvert {

    private FpConvert() {
    }

    // ------------------------------------------------------------------------------------------------------------
    // The generic core

    /**
     * Converts a bit pattern from one format to another with one rounding.
     *
     * @param v the source pattern in the low {@code from.bits()} bits
     * @param from the source format
     * @param to the target format
     * @param round an {@code FpMode.ROUND_*} constant
     * @param flushIn replace a denormal input by zero
     * @param flushOut replace a denormal result by zero
     * @param saturate clamp overflow and infinities to the largest finite value
     * @return the result pattern in the low {@code to.bits()} bits
     */
    public static long convert(long v, FloatFormat from, FloatFormat to, int round, boolean flushIn,
            boolean flushOut, boolean saturate) {
        return convertScaled(v, from, to, 0, round, flushIn, flushOut, saturate);
    }

    /**
     * Converts {@code v * 2^scaleExp} from one format to another with one rounding (the OCP MX block-scaled
     * conversions multiply by a power of two before rounding into the target). Zeros, infinities and NaNs are not
     * scaled.
     *
     * @param v the source pattern in the low {@code from.bits()} bits
     * @param from the source format
     * @param to the target format
     * @param scaleExp the power of two to multiply by (any int; results past the range overflow or underflow)
     * @param round an {@code FpMode.ROUND_*} constant
     * @param flushIn replace a denormal input by zero
     * @param flushOut replace a denormal result by zero
     * @param saturate clamp overflow and infinities to the largest finite value
     * @return the result pattern in the low {@code to.bits()} bits
     */
    public static long convertScaled(long v, FloatFormat from, FloatFormat to, int scaleExp, int round,
            boolean flushIn, boolean flushOut, boolean saturate) {
        v &= from.signMask | from.magMask;
        if (from.isNaN(v)) {
            return nanTo(v, from, to);
        }
        int sign = from.sign(v);
        if (from.isInfinite(v)) {
            return overflowTo(sign, to, ROUND_NEAREST_EVEN, saturate);
        }
        long mant = v & from.mantMask;
        int expField = (int) ((v & from.magMask) >>> from.mantBits);
        if (expField == 0) {
            if (mant == 0 || flushIn) {
                return signedZero(sign, to);
            }
            return roundPack(sign, mant, 1 - from.bias - from.mantBits + scaleExp, to, round, flushOut, saturate);
        }
        return roundPack(sign, mant | (1L << from.mantBits), expField - from.bias - from.mantBits + scaleExp, to,
                round, flushOut, saturate);
    }

    /**
     * Rounds {@code (-1)^sign * sig * 2^exp} once into {@code to}. This is the only place that rounds.
     *
     * @param sign 0 or 1
     * @param sig the significand, any non-negative value below 2<sup>63</sup>; zero gives a signed zero
     * @param exp the power of two of the significand's lowest bit
     * @param to the target format
     * @param round an {@code FpMode.ROUND_*} constant
     * @param flushOut replace a denormal result by zero
     * @param saturate clamp overflow to the largest finite value
     * @return the result pattern
     */
    public static long roundPack(int sign, long sig, int exp, FloatFormat to, int round, boolean flushOut,
            boolean saturate) {
        if (sig == 0) {
            return signedZero(sign, to);
        }
        // Normalise so that the leading one sits at bit 62.
        int norm = Long.numberOfLeadingZeros(sig) - 1;
        sig <<= norm;
        exp -= norm;
        int lead = exp + 62;                        // exponent of the leading one
        int emin = 1 - to.bias;
        int top = Math.max(lead, emin);
        int shift = top - to.mantBits - exp;        // bits to drop, always >= 62 - 52
        long kept;
        boolean half;
        boolean sticky;
        if (shift >= 64) {
            kept = 0;
            half = false;
            sticky = true;
        } else {
            kept = sig >>> shift;
            half = ((sig >>> (shift - 1)) & 1) != 0;
            sticky = (sig & ((1L << (shift - 1)) - 1)) != 0;
        }
        boolean up = switch (round) {
            case ROUND_NEAREST_EVEN -> half && (sticky || (kept & 1) != 0);
            case ROUND_PLUS_INF -> (half || sticky) && sign == 0;
            case ROUND_MINUS_INF -> (half || sticky) && sign != 0;
            default -> false;
        };
        if (up) {
            kept++;
        }
        // For a normal result kept holds the implicit one at bit mantBits, so adding it to (biased - 1) carries
        // into the exponent; a rounding carry out of the mantissa moves the exponent up by itself. For a
        // subnormal result (top == emin) the base is zero and kept is the stored mantissa.
        long mag = ((long) (top + to.bias - 1) << to.mantBits) + kept;
        if (mag > to.maxFinite) {
            return overflowTo(sign, to, round, saturate);
        }
        if (flushOut && mag <= to.mantMask) {
            mag = 0;
        }
        if (mag == 0) {
            return signedZero(sign, to);
        }
        return ((long) sign << (to.bits - 1)) | mag;
    }

    private static long signedZero(int sign, FloatFormat to) {
        return to.specials == FloatFormat.Specials.FNUZ ? 0 : (long) sign << (to.bits - 1);
    }

    private static long overflowTo(int sign, FloatFormat to, int round, boolean saturate) {
        long s = (long) sign << (to.bits - 1);
        boolean toInfinity = switch (round) {
            case ROUND_NEAREST_EVEN -> true;
            case ROUND_PLUS_INF -> sign == 0;
            case ROUND_MINUS_INF -> sign != 0;
            default -> false;
        };
        if (saturate || !toInfinity) {
            return s | to.maxFinite;
        }
        if (to.infinity >= 0) {
            return s | to.infinity;
        }
        return to.specials == FloatFormat.Specials.FNUZ ? to.defaultNaN : s | to.defaultNaN;
    }

    private static long nanTo(long v, FloatFormat from, FloatFormat to) {
        if (to.specials != FloatFormat.Specials.IEEE) {
            return to.specials == FloatFormat.Specials.FNUZ ? to.defaultNaN
                    : ((long) from.sign(v) << (to.bits - 1)) | to.defaultNaN;
        }
        long sign = from.specials == FloatFormat.Specials.FNUZ ? 0 : (long) from.sign(v) << (to.bits - 1);
        long payload = 0;
        if (from.specials == FloatFormat.Specials.IEEE) {
            long m = v & from.mantMask;
            payload = to.mantBits >= from.mantBits ? m << (to.mantBits - from.mantBits)
                    : m >>> (from.mantBits - to.mantBits);
        }
        return sign | to.infinity | (1L << (to.mantBits - 1)) | payload;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Named conversions taking the MODE register (the form generated code calls)

    /**
     * {@code f32_to_f16}: f32 to IEEE half, rounded by MODE's double/half rounding field, input flushed by the
     * single-precision denormal field and output by the double/half field.
     *
     * @param f32 the f32 bits
     * @param mode the MODE register
     * @return the f16 bits in the low 16 bits
     */
    public static int f32ToF16(int f32, int mode) {
        int abs = f32 & 0x7FFFFFFF;
        if (FpMode.roundF64F16(mode) == ROUND_NEAREST_EVEN && abs >= 0x38800000 && abs < 0x477FF000) {
            // Fast path: the result is a normal f16 (2^-14 <= |x| < 65520). Rebias the exponent (127 - 15 = 112)
            // and round the 13 dropped bits to nearest even by adding 0xFFF plus the kept LSB; a carry out of
            // the mantissa correctly bumps the exponent. Denormal modes cannot matter in this range.
            return (f32 >>> 16 & 0x8000) | (abs - 0x38000000 + 0xFFF + (abs >>> 13 & 1)) >>> 13;
        }
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.F16, FpMode.roundF64F16(mode),
                FpMode.flushesInput(FpMode.denormF32(mode)), FpMode.flushesOutput(FpMode.denormF64F16(mode)),
                false);
    }

    /**
     * {@code f32_to_f16} with an explicit rounding mode and flush flags.
     *
     * @param f32 the f32 bits
     * @param round an {@code FpMode.ROUND_*} constant
     * @param flushIn flush a denormal input
     * @param flushOut flush a denormal result
     * @return the f16 bits
     */
    public static int f32ToF16(int f32, int round, boolean flushIn, boolean flushOut) {
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.F16, round, flushIn, flushOut, false);
    }

    /**
     * {@code f16_to_f32}: exact; the input is flushed when MODE's double/half denormal field flushes inputs.
     *
     * @param f16 the f16 bits in the low 16 bits
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int f16ToF32(int f16, int mode) {
        return f16ToF32(f16, FpMode.flushesInput(FpMode.denormF64F16(mode)));
    }

    /**
     * {@code f16_to_f32} with an explicit input flush flag. Exact (every f16 is a normal f32), NaNs quieted.
     *
     * @param f16 the f16 bits
     * @param flushIn flush a denormal input
     * @return the f32 bits
     */
    public static int f16ToF32(int f16, boolean flushIn) {
        int sign = (f16 << 16) & 0x80000000;
        int exp = (f16 >>> 10) & 0x1F;
        int mant = f16 & 0x3FF;
        if (exp == 0x1F) {
            return sign | 0x7F800000 | (mant << 13) | (mant != 0 ? 0x00400000 : 0);
        }
        if (exp != 0) {
            return sign | ((exp + 112) << 23) | (mant << 13);
        }
        if (mant == 0 || flushIn) {
            return sign;
        }
        int lz = Integer.numberOfLeadingZeros(mant) - 21;   // leading zeros within the 10-bit field, +1
        return sign | ((113 - lz) << 23) | ((mant << lz) & 0x3FF) << 13;
    }

    /**
     * {@code f32_to_f64}: exact; input flushed by MODE's single-precision field.
     *
     * @param f32 the f32 bits
     * @param mode the MODE register
     * @return the f64 bits
     */
    public static long f32ToF64(int f32, int mode) {
        return convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.F64, ROUND_NEAREST_EVEN,
                FpMode.flushesInput(FpMode.denormF32(mode)), false, false);
    }

    /**
     * {@code f64_to_f32}: rounded by MODE's single-precision rounding field.
     *
     * @param f64 the f64 bits
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int f64ToF32(long f64, int mode) {
        return (int) convert(f64, FloatFormat.F64, FloatFormat.F32, FpMode.roundF32(mode),
                FpMode.flushesInput(FpMode.denormF64F16(mode)), FpMode.flushesOutput(FpMode.denormF32(mode)),
                false);
    }

    /**
     * {@code f16} to {@code f64}: exact.
     *
     * @param f16 the f16 bits
     * @param mode the MODE register
     * @return the f64 bits
     */
    public static long f16ToF64(int f16, int mode) {
        return convert(f16 & 0xFFFFL, FloatFormat.F16, FloatFormat.F64, ROUND_NEAREST_EVEN,
                FpMode.flushesInput(FpMode.denormF64F16(mode)), false, false);
    }

    /**
     * {@code f64} to {@code f16} with one rounding (not via f32).
     *
     * @param f64 the f64 bits
     * @param mode the MODE register
     * @return the f16 bits
     */
    public static int f64ToF16(long f64, int mode) {
        int dn = FpMode.denormF64F16(mode);
        return (int) convert(f64, FloatFormat.F64, FloatFormat.F16, FpMode.roundF64F16(mode),
                FpMode.flushesInput(dn), FpMode.flushesOutput(dn), false);
    }

    /**
     * {@code bf16_to_f32}: the bf16 bits become the top half of the f32 (exact, NaNs unchanged).
     *
     * @param bf16 the bf16 bits in the low 16 bits
     * @return the f32 bits
     */
    public static int bf16ToF32(int bf16) {
        return bf16 << 16;
    }

    /**
     * {@code f32_to_bf16}: rounded by MODE's single-precision rounding field, NaNs quieted with their payload's
     * top bits kept. Denormals are kept (bf16 has the f32 exponent range).
     *
     * @param f32 the f32 bits
     * @param mode the MODE register
     * @return the bf16 bits in the low 16 bits
     */
    public static int f32ToBf16(int f32, int mode) {
        return f32ToBf16Round(f32, FpMode.roundF32(mode));
    }

    /**
     * {@code f32_to_bf16} with an explicit rounding mode.
     *
     * @param f32 the f32 bits
     * @param round an {@code FpMode.ROUND_*} constant
     * @return the bf16 bits
     */
    public static int f32ToBf16Round(int f32, int round) {
        if (round == ROUND_NEAREST_EVEN && (f32 & 0x7F800000) != 0x7F800000) {
            // Fast path: the classic add-and-truncate, exact for every finite input (a carry into the
            // exponent field is the correct overflow to the next binade or to infinity).
            return (f32 + 0x7FFF + ((f32 >>> 16) & 1)) >>> 16;
        }
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.BF16, round, false, false, false);
    }

    // ------------------------------------------------------------------------------------------------------------
    // OCP FP8 / BF8 (CDNA 4, RDNA 4) and FNUZ (CDNA 3)

    /**
     * {@code f32_to_fp8}: f32 to OCP E4M3, round to nearest even (the pseudocode forces it).
     *
     * @param f32 the f32 bits
     * @param saturate clamp to +-448 (the instruction's CLAMP bit); otherwise overflow gives NaN
     * @return the fp8 bits in the low 8 bits
     */
    public static int f32ToFp8(int f32, boolean saturate) {
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.FP8_E4M3, ROUND_NEAREST_EVEN, false,
                false, saturate);
    }

    /**
     * {@code f32_to_bf8}: f32 to OCP E5M2, round to nearest even.
     *
     * @param f32 the f32 bits
     * @param saturate clamp to +-57344; otherwise overflow gives infinity
     * @return the bf8 bits in the low 8 bits
     */
    public static int f32ToBf8(int f32, boolean saturate) {
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.BF8_E5M2, ROUND_NEAREST_EVEN, false,
                false, saturate);
    }

    /**
     * {@code fp8_to_f32}: OCP E4M3 to f32 (exact; the NaN becomes the f32 quiet NaN of the same sign).
     *
     * @param fp8 the fp8 bits in the low 8 bits
     * @return the f32 bits
     */
    public static int fp8ToF32(int fp8) {
        return (int) convert(fp8 & 0xFF, FloatFormat.FP8_E4M3, FloatFormat.F32, ROUND_NEAREST_EVEN, false, false,
                false);
    }

    /**
     * {@code bf8_to_f32}: OCP E5M2 to f32 (exact).
     *
     * @param bf8 the bf8 bits in the low 8 bits
     * @return the f32 bits
     */
    public static int bf8ToF32(int bf8) {
        return (int) convert(bf8 & 0xFF, FloatFormat.BF8_E5M2, FloatFormat.F32, ROUND_NEAREST_EVEN, false, false,
                false);
    }

    /**
     * f32 to any 8-bit format with an explicit rounding mode (for the FNUZ formats of CDNA 3 and for callers that
     * implement stochastic rounding by adjusting the input first, as the {@code _SR_} pseudocode does).
     *
     * @param f32 the f32 bits
     * @param to an 8-bit {@link FloatFormat}
     * @param round an {@code FpMode.ROUND_*} constant
     * @param saturate clamp to the largest finite value
     * @return the 8-bit pattern
     */
    public static int f32To8Bit(int f32, FloatFormat to, int round, boolean saturate) {
        return (int) convert(f32 & 0xFFFFFFFFL, FloatFormat.F32, to, round, false, false, saturate);
    }

    /**
     * Any 8-bit format to f32 (exact).
     *
     * @param v the 8-bit pattern
     * @param from an 8-bit {@link FloatFormat}
     * @return the f32 bits
     */
    public static int from8BitToF32(int v, FloatFormat from) {
        return (int) convert(v & 0xFF, from, FloatFormat.F32, ROUND_NEAREST_EVEN, false, false, false);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Integers

    /**
     * {@code i32_to_f32}, rounded by MODE's single-precision rounding field.
     *
     * @param i the signed integer
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int i32ToF32(int i, int mode) {
        long mag = Math.abs((long) i);
        return (int) roundPack(i < 0 ? 1 : 0, mag, 0, FloatFormat.F32, FpMode.roundF32(mode), false, false);
    }

    /**
     * {@code u32_to_f32}, rounded by MODE's single-precision rounding field.
     *
     * @param u the unsigned integer
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int u32ToF32(int u, int mode) {
        return (int) roundPack(0, u & 0xFFFFFFFFL, 0, FloatFormat.F32, FpMode.roundF32(mode), false, false);
    }

    /**
     * {@code i32_to_f64} (exact).
     *
     * @param i the signed integer
     * @return the f64 bits
     */
    public static long i32ToF64(int i) {
        return Double.doubleToRawLongBits(i);
    }

    /**
     * {@code u32_to_f64} (exact).
     *
     * @param u the unsigned integer
     * @return the f64 bits
     */
    public static long u32ToF64(int u) {
        return Double.doubleToRawLongBits(u & 0xFFFFFFFFL);
    }

    /**
     * {@code i16_to_f16}, rounded by MODE's double/half rounding field.
     *
     * @param i the signed 16-bit integer (sign-extended or not; the low 16 bits are used)
     * @param mode the MODE register
     * @return the f16 bits
     */
    public static int i16ToF16(int i, int mode) {
        int s = (short) i;
        return (int) roundPack(s < 0 ? 1 : 0, Math.abs(s), 0, FloatFormat.F16, FpMode.roundF64F16(mode), false,
                false);
    }

    /**
     * {@code u16_to_f16}, rounded by MODE's double/half rounding field (65520 and above overflow to infinity in
     * round-to-nearest).
     *
     * @param u the unsigned 16-bit integer (low 16 bits used)
     * @param mode the MODE register
     * @return the f16 bits
     */
    public static int u16ToF16(int u, int mode) {
        return (int) roundPack(0, u & 0xFFFF, 0, FloatFormat.F16, FpMode.roundF64F16(mode), false, false);
    }

    /**
     * {@code f32_to_i32}: truncates toward zero, saturates out-of-range values, NaN gives 0 (AMD's
     * {@code V_CVT_I32_F32}; the same as Java's cast).
     *
     * @param f32 the f32 bits
     * @return the integer
     */
    public static int f32ToI32(int f32) {
        return (int) Float.intBitsToFloat(f32);
    }

    /**
     * {@code f32_to_u32}: truncates, saturates to [0, 2<sup>32</sup>-1], NaN gives 0.
     *
     * @param f32 the f32 bits
     * @return the unsigned integer
     */
    public static int f32ToU32(int f32) {
        float f = Float.intBitsToFloat(f32);
        if (!(f > 0)) {
            return 0;
        }
        return f >= 4294967296f ? -1 : (int) (long) f;
    }

    /**
     * {@code f64_to_i32}: truncates, saturates, NaN gives 0.
     *
     * @param f64 the f64 bits
     * @return the integer
     */
    public static int f64ToI32(long f64) {
        return (int) Double.longBitsToDouble(f64);
    }

    /**
     * {@code f64_to_u32}: truncates, saturates to [0, 2<sup>32</sup>-1], NaN gives 0.
     *
     * @param f64 the f64 bits
     * @return the unsigned integer
     */
    public static int f64ToU32(long f64) {
        double d = Double.longBitsToDouble(f64);
        if (!(d > 0)) {
            return 0;
        }
        return d >= 4294967296.0 ? -1 : (int) (long) d;
    }

    /**
     * {@code f16_to_i16}: truncates, saturates to [-32768, 32767], NaN gives 0.
     *
     * @param f16 the f16 bits
     * @return the integer in the low 16 bits (sign-extended)
     */
    public static int f16ToI16(int f16) {
        float f = Float.intBitsToFloat(f16ToF32(f16, false));
        if (f != f) {
            return 0;
        }
        return (short) Math.max(-32768, Math.min(32767, (int) f));
    }

    /**
     * {@code f16_to_u16}: truncates, saturates to [0, 65535], NaN gives 0.
     *
     * @param f16 the f16 bits
     * @return the integer in the low 16 bits
     */
    public static int f16ToU16(int f16) {
        float f = Float.intBitsToFloat(f16ToF32(f16, false));
        if (!(f > 0)) {
            return 0;
        }
        return Math.min(65535, (int) f);
    }
}
