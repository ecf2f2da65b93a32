package io.github.amdisa.runtime.fp;

import static io.github.amdisa.runtime.fp.FpMode.ROUND_MINUS_INF;
import static io.github.amdisa.runtime.fp.FpMode.ROUND_NEAREST_EVEN;
import static io.github.amdisa.runtime.fp.FpMode.ROUND_PLUS_INF;

import java.math.BigDecimal;

/**
 * Floating-point arithmetic with AMD semantics: the MODE register's rounding and denormal fields, AMD's NaN results,
 * and the several min/max families. Static, bit patterns in and out (f16 in the low 16 bits of an {@code int}, f32
 * in an {@code int}, f64 in a {@code long}); the common case (round to nearest even, denormals allowed) is a plain
 * Java operation plus one NaN test.
 *
 * <h2>Rounding</h2>
 * f32 and f64 in round-to-nearest-even use Java's IEEE operations ({@link Math#fma} for fused multiply-add). The
 * other modes, and all f16 arithmetic, are computed once exactly and rounded once:
 * <ul>
 *   <li>f16 and f32 operands are exact doubles; a product of two of them is exact in a double (at most 48
 *       significand bits). A sum {@code s = x + y} is rounded to nearest in double and its exact error {@code e}
 *       is recovered with Knuth's TwoSum, so {@code x + y == s + e} exactly (TwoSum cannot overflow in these
 *       ranges).</li>
 *   <li>{@code s + e} is then reduced to a 53-bit <em>round-to-odd</em> value (truncate, then force the last bit to
 *       one if inexact) and that is rounded into the target format by {@link FpConvert#roundPack}. Rounding to odd
 *       with at least two more bits than the target (53 &ge; 24 + 2) and then rounding once more in any IEEE mode
 *       gives the correctly rounded result (Boldo and Melquiond, "Emulation of FMA and correctly-rounded sums:
 *       proved algorithms using rounding to odd", IEEE TC 2008). This is why f16 {@code fma} computed through
 *       double cannot suffer double rounding.</li>
 *   <li>f64 in a directed mode: TwoSum (addition) or the FMA-based exact product error (multiplication) gives the
 *       sign of the rounding error, and the round-to-nearest result is moved by one ulp when the mode requires it.
 *       Products in the subnormal range and directed f64 {@code fma} fall back to exact {@link BigDecimal}
 *       arithmetic (slow, rare).</li>
 * </ul>
 *
 * <h2>NaNs</h2>
 * When an operation yields NaN, the result is the first NaN operand (in operand order) made quiet, or the
 * format's default quiet NaN ({@code 0x7E00}, {@code 0x7FC00000}, {@code 0x7FF8000000000000}: positive, unlike
 * x86) for an invalid operation on non-NaN operands. Java's own NaN bits are never returned.
 *
 * <h2>Denormals</h2>
 * Inputs are flushed to a signed zero first when MODE's denormal field for that precision flushes inputs;
 * results are flushed after rounding when it flushes outputs. f32 uses {@code MODE[5:4]}; f16 and f64 use
 * {@code MODE[7:6]}.
 */
public final class FpArith {

    private static final int F32_DEFAULT_NAN = 0x7FC00000;
    private static final int F16_DEFAULT_NAN = 0x7E00;
    private static final long F64_DEFAULT_NAN = 0x7FF8000000000000L;

    private FpArith() {
    }

    // ------------------------------------------------------------------------------------------------------------
    // f32

    /**
     * {@code S0.f32 + S1.f32}.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param mode the MODE register
     * @return the f32 bits of the sum
     */
    public static int addF32(int a, int b, int mode) {
        int dn = FpMode.denormF32(mode);
        if ((dn & 1) == 0) {
            a = flushF32(a);
            b = flushF32(b);
        }
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        int rm = FpMode.roundF32(mode);
        int r;
        if (rm == ROUND_NEAREST_EVEN) {
            r = Float.floatToRawIntBits(x + y);
        } else {
            double dx = x;
            double dy = y;
            double s = dx + dy;
            r = (int) roundSum(s, twoSumError(dx, dy, s), zeroSign(dx, dy, s, rm), FloatFormat.F32, rm);
        }
        if (isNaNF32(r)) {
            return nanF32(a, b, b);
        }
        return (dn & 2) == 0 ? flushF32(r) : r;
    }

    /**
     * {@code S0.f32 - S1.f32}, computed as {@code S0 + (-S1)}.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param mode the MODE register
     * @return the f32 bits of the difference
     */
    public static int subF32(int a, int b, int mode) {
        return isNaNF32(b) ? addF32(a, b, mode) : addF32(a, b ^ 0x80000000, mode);
    }

    /**
     * {@code S0.f32 * S1.f32}.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param mode the MODE register
     * @return the f32 bits of the product
     */
    public static int mulF32(int a, int b, int mode) {
        int dn = FpMode.denormF32(mode);
        if ((dn & 1) == 0) {
            a = flushF32(a);
            b = flushF32(b);
        }
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        int rm = FpMode.roundF32(mode);
        int r;
        if (rm == ROUND_NEAREST_EVEN) {
            r = Float.floatToRawIntBits(x * y);
        } else {
            // The double product is exact, so a single rounding into f32 is all that is needed.
            r = (int) FpConvert.convert(Double.doubleToRawLongBits((double) x * (double) y), FloatFormat.F64,
                    FloatFormat.F32, rm, false, false, false);
        }
        if (isNaNF32(r)) {
            return nanF32(a, b, b);
        }
        return (dn & 2) == 0 ? flushF32(r) : r;
    }

    /**
     * {@code fma(S0.f32, S1.f32, S2.f32)} with a single rounding.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param c f32 bits
     * @param mode the MODE register
     * @return the f32 bits of {@code a * b + c}
     */
    public static int fmaF32(int a, int b, int c, int mode) {
        int dn = FpMode.denormF32(mode);
        if ((dn & 1) == 0) {
            a = flushF32(a);
            b = flushF32(b);
            c = flushF32(c);
        }
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        float z = Float.intBitsToFloat(c);
        int rm = FpMode.roundF32(mode);
        int r;
        if (rm == ROUND_NEAREST_EVEN) {
            r = Float.floatToRawIntBits(Math.fma(x, y, z));
        } else {
            double p = (double) x * (double) y;   // exact
            double dz = z;
            double s = p + dz;
            r = (int) roundSum(s, twoSumError(p, dz, s), zeroSign(p, dz, s, rm), FloatFormat.F32, rm);
        }
        if (isNaNF32(r)) {
            return nanF32(a, b, c);
        }
        return (dn & 2) == 0 ? flushF32(r) : r;
    }

    /**
     * {@code V_MUL_DX9_ZERO_F32} / {@code V_MUL_LEGACY_F32}: like {@link #mulF32}, except that zero times anything
     * (infinity and NaN included) is +0.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param mode the MODE register
     * @return the f32 bits of the product
     */
    public static int mulDx9ZeroF32(int a, int b, int mode) {
        int dn = FpMode.denormF32(mode);
        int fa = (dn & 1) == 0 ? flushF32(a) : a;
        int fb = (dn & 1) == 0 ? flushF32(b) : b;
        if ((fa & 0x7FFFFFFF) == 0 || (fb & 0x7FFFFFFF) == 0) {
            return 0;
        }
        return mulF32(a, b, mode);
    }

    // ------------------------------------------------------------------------------------------------------------
    // f64

    /**
     * {@code S0.f64 + S1.f64}.
     *
     * @param a f64 bits
     * @param b f64 bits
     * @param mode the MODE register
     * @return the f64 bits of the sum
     */
    public static long addF64(long a, long b, int mode) {
        int dn = FpMode.denormF64F16(mode);
        if ((dn & 1) == 0) {
            a = flushF64(a);
            b = flushF64(b);
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double s = x + y;
        int rm = FpMode.roundF64F16(mode);
        if (rm != ROUND_NEAREST_EVEN && s == s) {
            if (Double.isInfinite(s)) {
                if (!Double.isInfinite(x) && !Double.isInfinite(y)) {
                    s = overflowF64(s > 0, rm);
                }
            } else {
                s = nudge(zeroSign(x, y, s, rm), twoSumError(x, y, s), rm);
            }
        }
        long r = Double.doubleToRawLongBits(s);
        if (s != s) {
            return nanF64(a, b, b);
        }
        return (dn & 2) == 0 ? flushF64(r) : r;
    }

    /**
     * {@code S0.f64 - S1.f64}, computed as {@code S0 + (-S1)}.
     *
     * @param a f64 bits
     * @param b f64 bits
     * @param mode the MODE register
     * @return the f64 bits of the difference
     */
    public static long subF64(long a, long b, int mode) {
        return isNaNF64(b) ? addF64(a, b, mode) : addF64(a, b ^ Long.MIN_VALUE, mode);
    }

    /**
     * {@code S0.f64 * S1.f64}.
     *
     * @param a f64 bits
     * @param b f64 bits
     * @param mode the MODE register
     * @return the f64 bits of the product
     */
    public static long mulF64(long a, long b, int mode) {
        int dn = FpMode.denormF64F16(mode);
        if ((dn & 1) == 0) {
            a = flushF64(a);
            b = flushF64(b);
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double p = x * y;
        int rm = FpMode.roundF64F16(mode);
        if (rm != ROUND_NEAREST_EVEN && p == p) {
            if (Double.isInfinite(p)) {
                if (!Double.isInfinite(x) && !Double.isInfinite(y)) {
                    p = overflowF64(p > 0, rm);
                }
            } else if (Math.abs(p) < 0x1p-968 && p != 0 || p == 0 && x != 0 && y != 0) {
                // Near or in the subnormal range the FMA error term is no longer exact: use exact arithmetic.
                p = roundExact(new BigDecimal(x).multiply(new BigDecimal(y)), p, rm);
            } else {
                p = nudge(p, Math.fma(x, y, -p), rm);
            }
        }
        if (p != p) {
            return nanF64(a, b, b);
        }
        long r = Double.doubleToRawLongBits(p);
        return (dn & 2) == 0 ? flushF64(r) : r;
    }

    /**
     * {@code fma(S0.f64, S1.f64, S2.f64)} with a single rounding.
     *
     * @param a f64 bits
     * @param b f64 bits
     * @param c f64 bits
     * @param mode the MODE register
     * @return the f64 bits of {@code a * b + c}
     */
    public static long fmaF64(long a, long b, long c, int mode) {
        int dn = FpMode.denormF64F16(mode);
        if ((dn & 1) == 0) {
            a = flushF64(a);
            b = flushF64(b);
            c = flushF64(c);
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double z = Double.longBitsToDouble(c);
        double r = Math.fma(x, y, z);
        int rm = FpMode.roundF64F16(mode);
        if (rm != ROUND_NEAREST_EVEN && r == r && Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z)) {
            BigDecimal exact = new BigDecimal(x).multiply(new BigDecimal(y)).add(new BigDecimal(z));
            if (exact.signum() == 0) {
                r = zeroSign(x * y, z, 0.0, rm);
            } else {
                r = roundExact(exact, r, rm);
            }
        }
        if (r != r) {
            return nanF64(a, b, c);
        }
        long bits = Double.doubleToRawLongBits(r);
        return (dn & 2) == 0 ? flushF64(bits) : bits;
    }

    // ------------------------------------------------------------------------------------------------------------
    // f16 (computed exactly in double, rounded once)

    /**
     * {@code S0.f16 + S1.f16}.
     *
     * @param a f16 bits (low 16 bits)
     * @param b f16 bits
     * @param mode the MODE register
     * @return the f16 bits of the sum
     */
    public static int addF16(int a, int b, int mode) {
        int dn = FpMode.denormF64F16(mode);
        double x = f16ToDouble(a, dn);
        double y = f16ToDouble(b, dn);
        int rm = FpMode.roundF64F16(mode);
        double s = x + y;
        if (s != s) {
            return nanF16(a, b, b);
        }
        return (int) roundSum(s, twoSumError(x, y, s), zeroSign(x, y, s, rm), FloatFormat.F16, rm,
                (dn & 2) == 0);
    }

    /**
     * {@code S0.f16 - S1.f16}, computed as {@code S0 + (-S1)}.
     *
     * @param a f16 bits
     * @param b f16 bits
     * @param mode the MODE register
     * @return the f16 bits of the difference
     */
    public static int subF16(int a, int b, int mode) {
        return isNaNF16(b) ? addF16(a, b, mode) : addF16(a, b ^ 0x8000, mode);
    }

    /**
     * {@code S0.f16 * S1.f16}.
     *
     * @param a f16 bits
     * @param b f16 bits
     * @param mode the MODE register
     * @return the f16 bits of the product
     */
    public static int mulF16(int a, int b, int mode) {
        int dn = FpMode.denormF64F16(mode);
        double p = f16ToDouble(a, dn) * f16ToDouble(b, dn);   // exact: 11 x 11 bits
        if (p != p) {
            return nanF16(a, b, b);
        }
        return (int) FpConvert.convert(Double.doubleToRawLongBits(p), FloatFormat.F64, FloatFormat.F16,
                FpMode.roundF64F16(mode), false, (dn & 2) == 0, false);
    }

    /**
     * {@code fma(S0.f16, S1.f16, S2.f16)} with a single rounding (see the class comment for the proof).
     *
     * @param a f16 bits
     * @param b f16 bits
     * @param c f16 bits
     * @param mode the MODE register
     * @return the f16 bits of {@code a * b + c}
     */
    public static int fmaF16(int a, int b, int c, int mode) {
        int dn = FpMode.denormF64F16(mode);
        double p = f16ToDouble(a, dn) * f16ToDouble(b, dn);
        double z = f16ToDouble(c, dn);
        double s = p + z;
        if (s != s) {
            return nanF16(a, b, c);
        }
        int rm = FpMode.roundF64F16(mode);
        return (int) roundSum(s, twoSumError(p, z, s), zeroSign(p, z, s, rm), FloatFormat.F16, rm, (dn & 2) == 0);
    }

    /**
     * Mixed-precision fma as {@code V_FMA_MIX*} and {@code V_MAD_MIX*} need it: f32 inputs (f16 inputs are
     * converted exactly by the caller), result rounded once to f16.
     *
     * @param a f32 bits
     * @param b f32 bits
     * @param c f32 bits
     * @param mode the MODE register (f16 rounding and output flush apply)
     * @return the f16 bits of {@code a * b + c}
     */
    public static int fmaF32ToF16(int a, int b, int c, int mode) {
        double p = (double) Float.intBitsToFloat(a) * (double) Float.intBitsToFloat(b);
        double z = Float.intBitsToFloat(c);
        double s = p + z;
        if (s != s) {
            int n = nanF32(a, b, c);
            return FpConvert.f32ToF16(n, ROUND_NEAREST_EVEN, false, false);
        }
        int rm = FpMode.roundF64F16(mode);
        return (int) roundSum(s, twoSumError(p, z, s), zeroSign(p, z, s, rm), FloatFormat.F16, rm,
                FpMode.flushesOutput(FpMode.denormF64F16(mode)));
    }

    // ------------------------------------------------------------------------------------------------------------
    // min / max families

    /**
     * {@code V_MAX_F32} as RDNA 1-3.5 define it: with {@code MODE.IEEE} a signalling NaN operand gives its quiet
     * version and a quiet NaN operand is ignored; without it any NaN operand is ignored (if both are NaN, S0 is
     * returned unchanged). +0 is greater than -0.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register (IEEE bit and single-precision input flush)
     * @return the f32 bits of the maximum
     */
    public static int maxF32(int a, int b, int mode) {
        if (!isNaNF32(a) && !isNaNF32(b) && (mode & 0x10) != 0) {
            return orderKeyF32(a) > orderKeyF32(b) ? a : b;     // fast path: no NaN, denormal inputs kept
        }
        return (int) minMaxRdna(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, mode, FpMode.denormF32(mode),
                true);
    }

    /**
     * {@code V_MIN_F32} as RDNA 1-3.5 define it (see {@link #maxF32}); -0 is less than +0.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits of the minimum
     */
    public static int minF32(int a, int b, int mode) {
        if (!isNaNF32(a) && !isNaNF32(b) && (mode & 0x10) != 0) {
            return orderKeyF32(a) < orderKeyF32(b) ? a : b;
        }
        return (int) minMaxRdna(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, mode, FpMode.denormF32(mode),
                false);
    }

    /**
     * {@code V_MAX_F32} as the GFX9-based CDNA 1-4 define it: like {@link #maxF32} except that when S0 is a quiet
     * NaN (or any NaN without {@code MODE.IEEE}), S1 is returned even if it is a NaN too.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits of the maximum
     */
    public static int maxF32Cdna(int a, int b, int mode) {
        return (int) minMaxCdna(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, mode, FpMode.denormF32(mode),
                true);
    }

    /**
     * {@code V_MIN_F32} on CDNA (see {@link #maxF32Cdna}).
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits of the minimum
     */
    public static int minF32Cdna(int a, int b, int mode) {
        return (int) minMaxCdna(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, mode, FpMode.denormF32(mode),
                false);
    }

    /**
     * RDNA 4 {@code V_MAX_NUM_F32} (IEEE 754-2019 maximumNumber): a NaN operand is ignored; two NaNs give S0 made
     * quiet. The caller sets {@code TRAPSTS.INVALID} when either operand {@link FloatFormat#isSignalingNaN}.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register (input flush)
     * @return the f32 bits
     */
    public static int maxNumF32(int a, int b, int mode) {
        return (int) minMaxNum(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, FpMode.denormF32(mode), true);
    }

    /**
     * RDNA 4 {@code V_MIN_NUM_F32} (see {@link #maxNumF32}).
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int minNumF32(int a, int b, int mode) {
        return (int) minMaxNum(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, FpMode.denormF32(mode), false);
    }

    /**
     * {@code V_MAXIMUM_F32} (IEEE 754-2019 maximum): any NaN operand propagates (S0 first), quieted.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int maximumF32(int a, int b, int mode) {
        return (int) minMaxPropagate(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, FpMode.denormF32(mode),
                true);
    }

    /**
     * {@code V_MINIMUM_F32} (IEEE 754-2019 minimum): any NaN operand propagates (S0 first), quieted.
     *
     * @param a f32 bits (S0)
     * @param b f32 bits (S1)
     * @param mode the MODE register
     * @return the f32 bits
     */
    public static int minimumF32(int a, int b, int mode) {
        return (int) minMaxPropagate(a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, FloatFormat.F32, FpMode.denormF32(mode),
                false);
    }

    /**
     * The min/max families for any format (f16 and f64 callers pass {@link FloatFormat#F16} or
     * {@link FloatFormat#F64} and MODE's double/half denormal field).
     *
     * @param family which instruction family's NaN rules apply
     * @param a S0 bits
     * @param b S1 bits
     * @param format the operand format
     * @param mode the MODE register (IEEE bit)
     * @param denorm the {@code DENORM_*} value for this precision
     * @param max true for maximum, false for minimum
     * @return the result bits
     */
    public static long minMax(MinMaxFamily family, long a, long b, FloatFormat format, int mode, int denorm,
            boolean max) {
        return switch (family) {
            case RDNA -> minMaxRdna(a, b, format, mode, denorm, max);
            case CDNA -> minMaxCdna(a, b, format, mode, denorm, max);
            case NUMBER -> minMaxNum(a, b, format, denorm, max);
            case PROPAGATE -> minMaxPropagate(a, b, format, denorm, max);
        };
    }

    /** Which NaN rules a min/max instruction follows. */
    public enum MinMaxFamily {
        /** RDNA 1-3.5 {@code V_MIN/MAX_F*} ({@link #maxF32}). */
        RDNA,
        /** CDNA 1-4 {@code V_MIN/MAX_F*} ({@link #maxF32Cdna}). */
        CDNA,
        /** RDNA 4 {@code V_MIN/MAX_NUM_F*} ({@link #maxNumF32}). */
        NUMBER,
        /** {@code V_MINIMUM/MAXIMUM_F*} ({@link #maximumF32}). */
        PROPAGATE
    }

    private static long minMaxRdna(long a, long b, FloatFormat f, int mode, int denorm, boolean max) {
        if ((mode & FpMode.MODE_IEEE) != 0) {
            if (f.isSignalingNaN(a)) {
                return f.quiet(a);
            }
            if (f.isSignalingNaN(b)) {
                return f.quiet(b);
            }
        }
        if (f.isNaN(b)) {
            return a;
        }
        if (f.isNaN(a)) {
            return b;
        }
        return pick(a, b, f, denorm, max);
    }

    private static long minMaxCdna(long a, long b, FloatFormat f, int mode, int denorm, boolean max) {
        if ((mode & FpMode.MODE_IEEE) != 0) {
            if (f.isSignalingNaN(a)) {
                return f.quiet(a);
            }
            if (f.isSignalingNaN(b)) {
                return f.quiet(b);
            }
        }
        if (f.isNaN(a)) {
            return b;
        }
        if (f.isNaN(b)) {
            return a;
        }
        return pick(a, b, f, denorm, max);
    }

    private static long minMaxNum(long a, long b, FloatFormat f, int denorm, boolean max) {
        boolean na = f.isNaN(a);
        boolean nb = f.isNaN(b);
        if (na && nb) {
            return f.quiet(a);
        }
        if (na) {
            return b;
        }
        if (nb) {
            return a;
        }
        return pick(a, b, f, denorm, max);
    }

    private static long minMaxPropagate(long a, long b, FloatFormat f, int denorm, boolean max) {
        if (f.isSignalingNaN(a)) {
            return f.quiet(a);
        }
        if (f.isSignalingNaN(b)) {
            return f.quiet(b);
        }
        if (f.isNaN(a)) {
            return a;
        }
        if (f.isNaN(b)) {
            return b;
        }
        return pick(a, b, f, denorm, max);
    }

    /** Chooses between two non-NaN values with -0 ordered below +0; flushes denormal inputs when asked. */
    private static long pick(long a, long b, FloatFormat f, int denorm, boolean max) {
        if ((denorm & 1) == 0) {
            a = f.flushDenormal(a);
            b = f.flushDenormal(b);
        }
        long ka = orderKey(a, f);
        long kb = orderKey(b, f);
        return max ? (ka > kb ? a : b) : (ka < kb ? a : b);
    }

    /** {@link #orderKey} for f32 bits. */
    private static int orderKeyF32(int v) {
        return v < 0 ? -(v & 0x7FFFFFFF) - 1 : v;
    }

    /** A signed integer that orders non-NaN values numerically, with -0 just below +0. */
    private static long orderKey(long v, FloatFormat f) {
        long mag = v & f.magMask;
        return (v & f.signMask) != 0 ? -mag - 1 : mag;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Helpers

    /**
     * Flushes an f32 denormal to a zero of the same sign.
     *
     * @param v f32 bits
     * @return the flushed bits
     */
    public static int flushF32(int v) {
        return (v & 0x7F800000) == 0 ? v & 0x80000000 : v;
    }

    /**
     * Flushes an f64 denormal to a zero of the same sign.
     *
     * @param v f64 bits
     * @return the flushed bits
     */
    public static long flushF64(long v) {
        return (v & 0x7FF0000000000000L) == 0 ? v & Long.MIN_VALUE : v;
    }

    /**
     * Flushes an f16 denormal to a zero of the same sign.
     *
     * @param v f16 bits
     * @return the flushed bits
     */
    public static int flushF16(int v) {
        return (v & 0x7C00) == 0 ? v & 0x8000 : v & 0xFFFF;
    }

    /**
     * Tells whether f32 bits are a NaN.
     *
     * @param v f32 bits
     * @return true for NaN
     */
    public static boolean isNaNF32(int v) {
        return (v & 0x7FFFFFFF) > 0x7F800000;
    }

    /**
     * Tells whether f64 bits are a NaN.
     *
     * @param v f64 bits
     * @return true for NaN
     */
    public static boolean isNaNF64(long v) {
        return (v & Long.MAX_VALUE) > 0x7FF0000000000000L;
    }

    /**
     * Tells whether f16 bits are a NaN.
     *
     * @param v f16 bits
     * @return true for NaN
     */
    public static boolean isNaNF16(int v) {
        return (v & 0x7FFF) > 0x7C00;
    }

    private static int nanF32(int a, int b, int c) {
        if (isNaNF32(a)) {
            return a | 0x00400000;
        }
        if (isNaNF32(b)) {
            return b | 0x00400000;
        }
        if (isNaNF32(c)) {
            return c | 0x00400000;
        }
        return F32_DEFAULT_NAN;
    }

    private static long nanF64(long a, long b, long c) {
        if (isNaNF64(a)) {
            return a | 0x0008000000000000L;
        }
        if (isNaNF64(b)) {
            return b | 0x0008000000000000L;
        }
        if (isNaNF64(c)) {
            return c | 0x0008000000000000L;
        }
        return F64_DEFAULT_NAN;
    }

    private static int nanF16(int a, int b, int c) {
        if (isNaNF16(a)) {
            return (a | 0x0200) & 0xFFFF;
        }
        if (isNaNF16(b)) {
            return (b | 0x0200) & 0xFFFF;
        }
        if (isNaNF16(c)) {
            return (c | 0x0200) & 0xFFFF;
        }
        return F16_DEFAULT_NAN;
    }

    private static double f16ToDouble(int v, int denorm) {
        return Float.intBitsToFloat(FpConvert.f16ToF32(v & 0xFFFF, (denorm & 1) == 0));
    }

    /** Knuth's TwoSum: the exact error of {@code s = RN(x + y)}, so that {@code x + y == s + e}. */
    static double twoSumError(double x, double y, double s) {
        double yv = s - x;
        double xv = s - yv;
        return (x - xv) + (y - yv);
    }

    /**
     * IEEE's sign of an exact zero sum: -0 in round-toward-minus-infinity unless both addends are +0; otherwise
     * Java's round-to-nearest result is already right.
     */
    private static double zeroSign(double x, double y, double s, int rm) {
        if (s == 0 && rm == ROUND_MINUS_INF
                && !(Double.doubleToRawLongBits(x) == 0 && Double.doubleToRawLongBits(y) == 0)) {
            return -0.0;
        }
        return s;
    }

    private static long roundSum(double s, double e, double zero, FloatFormat to, int rm) {
        return roundSum(s, e, zero, to, rm, false);
    }

    /**
     * Rounds the exact value {@code s + e} (with {@code |e| <= ulp(s)/2}) once into {@code to}, via a 53-bit
     * round-to-odd intermediate.
     */
    private static long roundSum(double s, double e, double zero, FloatFormat to, int rm, boolean flushOut) {
        if (s == 0) {
            s = zero;
        }
        long bits = Double.doubleToRawLongBits(s);
        if (e != 0 && e == e && !Double.isInfinite(s)) {
            if ((e < 0) != (s < 0)) {
                bits--;          // |exact| < |s|: truncation is the next double toward zero
            }
            bits |= 1;           // round to odd
        }
        return FpConvert.convert(bits, FloatFormat.F64, to, rm, false, flushOut, false);
    }

    /** Moves a round-to-nearest f64 result to the directed-rounding result, given the sign of the error. */
    private static double nudge(double s, double e, int rm) {
        if (e == 0 || e != e) {
            return s;
        }
        return switch (rm) {
            case ROUND_PLUS_INF -> e > 0 ? Math.nextUp(s) : s;
            case ROUND_MINUS_INF -> e < 0 ? Math.nextDown(s) : s;
            default -> (s > 0 && e < 0) ? Math.nextDown(s) : (s < 0 && e > 0) ? Math.nextUp(s) : s;
        };
    }

    private static double overflowF64(boolean positive, int rm) {
        boolean toInf = switch (rm) {
            case ROUND_PLUS_INF -> positive;
            case ROUND_MINUS_INF -> !positive;
            case ROUND_NEAREST_EVEN -> true;
            default -> false;
        };
        double m = toInf ? Double.POSITIVE_INFINITY : Double.MAX_VALUE;
        return positive ? m : -m;
    }

    /** Rounds an exact non-zero value given its round-to-nearest double. */
    private static double roundExact(BigDecimal exact, double nearest, int rm) {
        if (Double.isInfinite(nearest)) {
            return overflowF64(nearest > 0, rm);
        }
        if (nearest == 0) {
            nearest = exact.signum() < 0 ? -0.0 : 0.0;
        }
        return nudge(nearest, exact.compareTo(new BigDecimal(nearest)), rm);
    }
}
