package io.github.amdisa.runtime.pcode;

import io.github.amdisa.runtime.fp.FloatFormat;
import io.github.amdisa.runtime.fp.FpArith;
import io.github.amdisa.runtime.fp.FpConvert;
import io.github.amdisa.runtime.fp.FpMode;

/**
 * Floating-point helpers for generated code. f32 values are Java {@code float}s and f64 values {@code double}s;
 * the narrower formats (f16, bf16, fp8, bf8) are held as {@code float}s whose value is exactly representable in the
 * narrow format, so that arithmetic is done in float and rounded back after each operation with {@link #round16}
 * and friends (for +, -, *, / and sqrt, rounding the float result again is the same as rounding the exact result
 * once, since float has more than 2p+2 bits of precision for these formats).
 *
 * <p>Rounding is IEEE round-to-nearest-even with denormals kept, except in the {@code ...Rm} helpers: the lowering
 * uses those for the roundings of a text whose every rounding can follow MODE.FP_ROUND (see "MODE rounding" below);
 * they take the rounding mode as an argument and are exactly the plain Java operation under round-to-nearest-even.
 * MODE's denormal controls are applied by the executing context at the operands, not here.
 */
public final class PcodeFloat {

    private PcodeFloat() {
    }

    // ---- generic small-format encode/decode -----------------------------------------------------------------

    // All narrow formats go through runtime.fp's single rounding core (FpConvert.convert): one rounding, AMD's
    // NaN quieting, round to nearest even. Values travel as doubles here because the lowered pseudocode computes
    // narrow-float arithmetic in double and rounds once per operation.

    private static long fromDouble(double v, FloatFormat to, boolean saturate) {
        return FpConvert.convert(Double.doubleToRawLongBits(v), FloatFormat.F64, to, FpMode.ROUND_NEAREST_EVEN,
                false, false, saturate);
    }

    private static float toFloat(long bits, FloatFormat from) {
        return Float.intBitsToFloat((int) FpConvert.convert(bits, from, FloatFormat.F32, FpMode.ROUND_NEAREST_EVEN,
                false, false, false));
    }

    // ---- f16 ----------------------------------------------------------------------------------------------

    /** The value of half-precision bits. */
    public static float f16(long bits) {
        return toFloat(bits & 0xFFFF, FloatFormat.F16);
    }

    /** Half-precision bits of a value (round to nearest even). */
    public static long f16Bits(double v) {
        return fromDouble(v, FloatFormat.F16, false);
    }

    /** Rounds a float to the nearest half-precision value. */
    public static float round16(double v) {
        return f16(f16Bits(v));
    }

    /**
     * Rounds to a half-precision value by {@code round} (an {@code FpMode.ROUND_*} value: the pseudocode's
     * {@code ROUND_MODE}).
     */
    public static float round16(double v, long round) {
        return f16(FpConvert.convert(Double.doubleToRawLongBits(v), FloatFormat.F64, FloatFormat.F16, (int) round,
                false, false, false));
    }

    // ---- bf16 ---------------------------------------------------------------------------------------------

    /** The value of bfloat16 bits. */
    public static float bf16(long bits) {
        return Float.intBitsToFloat((int) ((bits & 0xFFFF) << 16));
    }

    /** bfloat16 bits of a value (round to nearest even). */
    public static long bf16Bits(double v) {
        return fromDouble(v, FloatFormat.BF16, false);
    }

    /** Rounds to the nearest bfloat16 value. */
    public static float roundBf16(double v) {
        return bf16(bf16Bits(v));
    }

    /** Rounds to a bfloat16 value by {@code round} (an {@code FpMode.ROUND_*} value). */
    public static float roundBf16(double v, long round) {
        return bf16(FpConvert.convert(Double.doubleToRawLongBits(v), FloatFormat.F64, FloatFormat.BF16, (int) round,
                false, false, false));
    }

    // ---- fp8 (OCP E4M3: no infinities, NaN = S.1111.111, max 448) and bf8 (E5M2, IEEE-like) --------------

    /** The value of fp8 (E4M3) bits. */
    public static float fp8(long bits) {
        return toFloat(bits & 0xFF, FloatFormat.FP8_E4M3);
    }

    /** fp8 (E4M3) bits of a value: round to nearest even, saturating to +-448. */
    public static long fp8Bits(double v) {
        return fromDouble(v, FloatFormat.FP8_E4M3, true);
    }

    /** The value of bf8 (E5M2) bits. */
    public static float bf8(long bits) {
        return toFloat(bits & 0xFF, FloatFormat.BF8_E5M2);
    }

    /** bf8 (E5M2) bits of a value (round to nearest even, IEEE-like with infinities). */
    public static long bf8Bits(double v) {
        return fromDouble(v, FloatFormat.BF8_E5M2, false);
    }

    // ---- CDNA 3 fp8/bf8: E4M3FNUZ, E5M2FNUZ (bias 8/16, 0x80 the only NaN, no -0, no infinities) -----------

    /** The value of CDNA 3 fp8 (E4M3FNUZ) bits. */
    public static float fp8Fnuz(long bits) {
        return toFloat(bits & 0xFF, FloatFormat.FP8_E4M3_FNUZ);
    }

    /** CDNA 3 fp8 (E4M3FNUZ) bits: round to nearest even, saturating to +-240 like the OCP fp8 conversion. */
    public static long fp8FnuzBits(double v) {
        return fromDouble(v, FloatFormat.FP8_E4M3_FNUZ, true);
    }

    /** The value of CDNA 3 bf8 (E5M2FNUZ) bits. */
    public static float bf8Fnuz(long bits) {
        return toFloat(bits & 0xFF, FloatFormat.BF8_E5M2_FNUZ);
    }

    /** CDNA 3 bf8 (E5M2FNUZ) bits: round to nearest even; overflow and infinities give the NaN 0x80. */
    public static long bf8FnuzBits(double v) {
        return fromDouble(v, FloatFormat.BF8_E5M2_FNUZ, false);
    }

    // ---- OCP MX fp6 (E2M3), bf6 (E3M2), fp4 (E2M1): all patterns finite; conversions saturate ---------------

    /** The value of fp6 (E2M3) bits. */
    public static float fp6(long bits) {
        return toFloat(bits & 0x3F, FloatFormat.FP6_E2M3);
    }

    /** fp6 (E2M3) bits of a value: round to nearest even, saturating to +-7.5 (a NaN gives +-7.5). */
    public static long fp6Bits(double v) {
        return fromDouble(v, FloatFormat.FP6_E2M3, true);
    }

    /** The value of bf6 (E3M2) bits. */
    public static float bf6(long bits) {
        return toFloat(bits & 0x3F, FloatFormat.BF6_E3M2);
    }

    /** bf6 (E3M2) bits of a value: round to nearest even, saturating to +-28. */
    public static long bf6Bits(double v) {
        return fromDouble(v, FloatFormat.BF6_E3M2, true);
    }

    /** The value of fp4 (E2M1) bits. */
    public static float fp4(long bits) {
        return toFloat(bits & 0xF, FloatFormat.FP4_E2M1);
    }

    /** fp4 (E2M1) bits of a value: round to nearest even, saturating to +-6. */
    public static long fp4Bits(double v) {
        return fromDouble(v, FloatFormat.FP4_E2M1, true);
    }

    // ---- block-scaled conversions (CDNA 4 V_CVT_SCALEF32_*: X_to_Y_scale(value, scale.u8)) ------------------

    /**
     * {@code X_to_Y_scale(v, scale)}: converts {@code v} (bits of format {@code from}) to format {@code to} with the
     * OCP MX shared scale {@code scale}, an E8M0 biased exponent (the texts pass {@code exponent(S2.f32)}): the value
     * is multiplied by 2<sup>scale - 127</sup> when widening (from an 8/6/4-bit format) and divided by it when
     * narrowing, then rounded once to nearest even. Scale 255 is the E8M0 NaN and gives a NaN (for fp6/fp4, which
     * have none, the largest magnitude). Narrowing to fp8 (E4M3), fp6, bf6 and fp4 (no infinities) saturates; to bf8 (E5M2) it
     * overflows to infinity, as the unscaled {@code f32_to_fp8}/{@code f32_to_bf8} do; widening overflows to
     * infinity. This is the behaviour of AMD's gfx950 host reference for these conversions (HIP
     * {@code amd_hip_ocp_host.hpp}: the scale exponent is subtracted from the source exponent when narrowing and
     * added when widening, round to nearest even).
     *
     * @param v the source bits
     * @param from the source format
     * @param to the destination format
     * @param scale the E8M0 scale in the low 8 bits
     * @return the destination bits
     */
    public static long cvtScale(long v, FloatFormat from, FloatFormat to, long scale) {
        int s = (int) (scale & 0xFF);
        boolean narrowing = to.bits() < from.bits();
        if (s == 0xFF) {
            long sign = to.specials() == FloatFormat.Specials.FNUZ ? 0 : ((v >>> (from.bits() - 1)) & 1) << (to.bits() - 1);
            return sign | to.defaultNaNBits();
        }
        int exp = narrowing ? 127 - s : s - 127;
        boolean saturate = narrowing && !to.hasInfinity();
        return FpConvert.convertScaled(v, from, to, exp, FpMode.ROUND_NEAREST_EVEN, false, false, saturate);
    }

    /**
     * {@code X_to_Y_sr_scale(v, random, scale)}: the narrowing block-scaled conversion of {@link #cvtScale} with
     * stochastic rounding instead of round-to-nearest: with d = (source mantissa bits - destination mantissa bits),
     * the top d bits of {@code random} are added below the destination's last kept bit of the scaled value
     * (truncated to that d-bit grid first), and the sum is truncated. So a value a fraction f of the way between two
     * neighbours rounds up with probability f (in steps of 2<sup>-d</sup>). The same number of random bits as AMD's
     * unscaled {@code V_CVT_SR_FP8_F32}/{@code V_CVT_SR_BF8_F32} texts add (20 / 21 for f32 sources), and AMD's gfx950
     * host reference for these conversions (HIP {@code amd_hip_ocp_host.hpp}, {@code from_float_sr}). Specials,
     * scale 255 and saturation are as in {@link #cvtScale}.
     *
     * @param v the source bits
     * @param from the source format (f32, f16 or bf16)
     * @param to the destination format (8, 6 or 4 bits; f16 or bf16 for {@code f32_to_f16_SR}/{@code f32_to_bf16_SR})
     * @param random the 32 random bits
     * @param scale the E8M0 scale in the low 8 bits
     * @return the destination bits
     */
    public static long cvtScaleSr(long v, FloatFormat from, FloatFormat to, long random, long scale) {
        int sc = (int) (scale & 0xFF);
        long bits = v & ((1L << from.bits()) - 1);
        if (sc == 0xFF || from.isNaN(bits) || from.isInfinite(bits) || from.isZero(bits)) {
            return cvtScale(bits, from, to, sc == 0xFF ? 0xFF : 127);
        }
        int sign = from.sign(bits);
        int expField = (int) ((bits >>> from.mantissaBits()) & ((1 << from.exponentBits()) - 1));
        long sig = bits & ((1L << from.mantissaBits()) - 1);
        int exp; // value = sig * 2^exp
        if (expField == 0) {
            exp = 1 - from.bias() - from.mantissaBits();
        } else {
            sig |= 1L << from.mantissaBits();
            exp = expField - from.bias() - from.mantissaBits();
        }
        exp -= sc - 127;
        int d = from.mantissaBits() - to.mantissaBits();
        int lead = exp + 63 - Long.numberOfLeadingZeros(sig);
        int qe = Math.max(lead, 1 - to.bias()) - to.mantissaBits(); // weight of the kept last bit
        int sh = exp + d - qe;                                      // sig * 2^sh = value on the 2^-d grid
        long t = sh >= 0 ? sig << sh : sh <= -63 ? 0 : sig >>> -sh;
        t += (random & 0xFFFFFFFFL) >>> (32 - d);
        long k = t >>> d;                                           // truncation
        if (to.hasInfinity() && exceedsMax(k, qe, to)) {
            // bf8 (E5M2), f16, bf16 overflow to infinity, as in cvtScale; the others saturate (roundPack below).
            return (long) sign << (to.bits() - 1) | ((1L << to.exponentBits()) - 1) << to.mantissaBits();
        }
        return FpConvert.roundPack(sign, k, qe, to, FpMode.ROUND_TOWARD_ZERO, false, true);
    }

    private static boolean exceedsMax(long k, int qe, FloatFormat to) {
        long max = to.maxFiniteBits();
        int maxExpField = (int) (max >>> to.mantissaBits());
        long maxSig = (max & ((1L << to.mantissaBits()) - 1)) | (1L << to.mantissaBits());
        int maxQe = maxExpField - to.bias() - to.mantissaBits();
        // k * 2^qe > maxSig * 2^maxQe
        if (qe >= maxQe) {
            int s2 = qe - maxQe;
            return s2 >= 40 || k << s2 > maxSig;
        }
        return false; // qe < maxQe means the value is below the top binade's spacing
    }

    /** {@code x == DENORM.f32} in the texts: x is a (non-zero) denormal. */
    public static boolean isDenormalValue(float x) {
        return x != 0 && Math.abs(x) < Float.MIN_NORMAL;
    }

    /** {@code x == DENORM.f64} in the texts: x is a (non-zero) denormal. */
    public static boolean isDenormalValue(double x) {
        return x != 0 && Math.abs(x) < Double.MIN_NORMAL;
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

    // ---- MODE rounding (FP_ROUND) ------------------------------------------------------------------------------

    // The roundings of a text lowered to follow MODE.FP_ROUND. Each takes the mode (an FpMode.ROUND_* value; the
    // lowering passes MODE[1:0] for f32 results and MODE[3:2] for f16 and f64 results) and is the plain Java
    // operation, bit for bit, under round-to-nearest-even and whenever the result is a NaN, so that the NaNs of
    // these texts do not depend on the mode. Under the directed modes the result is the exact value rounded once,
    // computed by runtime.fp (FpArith, FpConvert) with denormals kept (the context flushes at the operands).

    private static final int[] DIRECTED = {
        FpMode.MODE_IEEE_DEFAULT,
        FpMode.withRounding(FpMode.MODE_IEEE_DEFAULT, FpMode.ROUND_PLUS_INF),
        FpMode.withRounding(FpMode.MODE_IEEE_DEFAULT, FpMode.ROUND_MINUS_INF),
        FpMode.withRounding(FpMode.MODE_IEEE_DEFAULT, FpMode.ROUND_TOWARD_ZERO)};

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    private static float orNaN(int bits, float plain) {
        float r = Float.intBitsToFloat(bits);
        return r != r ? plain : r;
    }

    private static double orNaN(long bits, double plain) {
        double r = Double.longBitsToDouble(bits);
        return r != r ? plain : r;
    }

    /** {@code a + b} in f32, rounded by {@code rm}. */
    public static float addF32Rm(float a, float b, long rm) {
        return rm == 0 ? a + b : orNaN(FpArith.addF32(bits(a), bits(b), DIRECTED[(int) rm & 3]), a + b);
    }

    /** {@code a - b} in f32, rounded by {@code rm}. */
    public static float subF32Rm(float a, float b, long rm) {
        return rm == 0 ? a - b : orNaN(FpArith.subF32(bits(a), bits(b), DIRECTED[(int) rm & 3]), a - b);
    }

    /** {@code a * b} in f32, rounded by {@code rm}. */
    public static float mulF32Rm(float a, float b, long rm) {
        return rm == 0 ? a * b : orNaN(FpArith.mulF32(bits(a), bits(b), DIRECTED[(int) rm & 3]), a * b);
    }

    /** {@code fma(a, b, c)} in f32 (one rounding), rounded by {@code rm}. */
    public static float fmaF32Rm(float a, float b, float c, long rm) {
        return rm == 0 ? Math.fma(a, b, c)
                : orNaN(FpArith.fmaF32(bits(a), bits(b), bits(c), DIRECTED[(int) rm & 3]), Math.fma(a, b, c));
    }

    /** {@code a + b} in f64, rounded by {@code rm}. */
    public static double addF64Rm(double a, double b, long rm) {
        return rm == 0 ? a + b : orNaN(FpArith.addF64(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b),
                DIRECTED[(int) rm & 3]), a + b);
    }

    /** {@code a - b} in f64, rounded by {@code rm}. */
    public static double subF64Rm(double a, double b, long rm) {
        return rm == 0 ? a - b : orNaN(FpArith.subF64(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b),
                DIRECTED[(int) rm & 3]), a - b);
    }

    /** {@code a * b} in f64, rounded by {@code rm}. */
    public static double mulF64Rm(double a, double b, long rm) {
        return rm == 0 ? a * b : orNaN(FpArith.mulF64(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b),
                DIRECTED[(int) rm & 3]), a * b);
    }

    /** {@code fma(a, b, c)} in f64 (one rounding), rounded by {@code rm}. */
    public static double fmaF64Rm(double a, double b, double c, long rm) {
        return rm == 0 ? Math.fma(a, b, c) : orNaN(FpArith.fmaF64(Double.doubleToRawLongBits(a),
                Double.doubleToRawLongBits(b), Double.doubleToRawLongBits(c), DIRECTED[(int) rm & 3]),
                Math.fma(a, b, c));
    }

    // f16 values are floats holding an f16 value (so f16Bits of one is exact).

    private static float f16Rm(int bits, float plain) {
        float r = f16(bits);
        return r != r ? plain : r;
    }

    /** {@code a + b} in f16, rounded by {@code rm}. */
    public static float addF16Rm(float a, float b, long rm) {
        return rm == 0 ? round16(a + b)
                : f16Rm(FpArith.addF16((int) f16Bits(a), (int) f16Bits(b), DIRECTED[(int) rm & 3]), round16(a + b));
    }

    /** {@code a - b} in f16, rounded by {@code rm}. */
    public static float subF16Rm(float a, float b, long rm) {
        return rm == 0 ? round16(a - b)
                : f16Rm(FpArith.subF16((int) f16Bits(a), (int) f16Bits(b), DIRECTED[(int) rm & 3]), round16(a - b));
    }

    /** {@code a * b} in f16, rounded by {@code rm}. */
    public static float mulF16Rm(float a, float b, long rm) {
        return rm == 0 ? round16(a * b)
                : f16Rm(FpArith.mulF16((int) f16Bits(a), (int) f16Bits(b), DIRECTED[(int) rm & 3]), round16(a * b));
    }

    /** {@code fma(a, b, c)} in f16 (one rounding), rounded by {@code rm}. */
    public static float fmaF16Rm(float a, float b, float c, long rm) {
        float plain = round16(Math.fma((double) a, (double) b, (double) c));
        return rm == 0 ? plain : f16Rm(FpArith.fmaF16((int) f16Bits(a), (int) f16Bits(b), (int) f16Bits(c),
                DIRECTED[(int) rm & 3]), plain);
    }

    /** f64 to f32 as {@link #narrow(double)}, rounded by {@code rm}. */
    public static float narrowRm(double d, long rm) {
        if (rm == 0 || d != d) {
            return narrow(d);
        }
        return Float.intBitsToFloat((int) FpConvert.convert(Double.doubleToRawLongBits(d), FloatFormat.F64,
                FloatFormat.F32, (int) rm, false, false, false));
    }

    /** An exact value (an integer of at most 53 bits) to f32, rounded by {@code rm}. */
    public static float toF32Rm(double exact, long rm) {
        return rm == 0 ? (float) exact : narrowRm(exact, rm);
    }
}
