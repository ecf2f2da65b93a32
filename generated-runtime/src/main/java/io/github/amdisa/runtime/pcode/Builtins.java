package io.github.amdisa.runtime.pcode;

/**
 * The built-in functions of AMD's pseudocode that generated code calls, in plain Java. Floats follow the
 * representation of {@link PcodeFloat} (f16/bf16 values held in {@code float}); integers are canonical longs (see
 * {@link PcodeBits}). Functions whose meaning depends on the float format carry the format in their name
 * ({@code exponentF16}); the others are overloaded on {@code float}/{@code double}.
 *
 * <p>The float helpers here are small and self-contained; once the {@code runtime.fp} library lands they should
 * delegate to it (rounding modes, denormal flushing and AMD's NaN rules for min/max live there).
 */
public final class Builtins {

    private Builtins() {
    }

    // ---- float inspection -------------------------------------------------------------------------------------

    /** {@code isNAN}. */
    public static boolean isNan(double x) {
        return x != x;
    }

    /** {@code isSignalNAN} for an f64 (quiet bit 51 clear). */
    public static boolean isSignalNan(double x) {
        return x != x && (Double.doubleToRawLongBits(x) & (1L << 51)) == 0;
    }

    /** {@code isSignalNAN} for an f32, f16 or bf16 held in a float (quiet bit 22 clear). */
    public static boolean isSignalNan(float x) {
        return x != x && (Float.floatToRawIntBits(x) & (1 << 22)) == 0;
    }

    /** {@code isQuietNAN} for an f64. */
    public static boolean isQuietNan(double x) {
        return x != x && (Double.doubleToRawLongBits(x) & (1L << 51)) != 0;
    }

    /** {@code isQuietNAN} for a float-held value. */
    public static boolean isQuietNan(float x) {
        return x != x && (Float.floatToRawIntBits(x) & (1 << 22)) != 0;
    }

    /** {@code cvtToQuietNAN} for an f64: sets the quiet bit of a NaN. */
    public static double quiet(double x) {
        return x != x ? Double.longBitsToDouble(Double.doubleToRawLongBits(x) | (1L << 51)) : x;
    }

    /** {@code cvtToQuietNAN} for a float-held value. */
    public static float quiet(float x) {
        return x != x ? Float.intBitsToFloat(Float.floatToRawIntBits(x) | (1 << 22)) : x;
    }

    /** {@code sign(x)}: the sign bit, 0 or 1. */
    public static long sign(double x) {
        return Double.doubleToRawLongBits(x) >>> 63;
    }

    /** {@code sign(x)} of a float-held value. */
    public static long sign(float x) {
        return Float.floatToRawIntBits(x) >>> 31;
    }

    /** {@code exponent(x)} of an f64: the biased exponent field. */
    public static long exponent(double x) {
        return (Double.doubleToRawLongBits(x) >>> 52) & 0x7FF;
    }

    /** {@code exponent(x)} of an f32. */
    public static long exponent(float x) {
        return (Float.floatToRawIntBits(x) >>> 23) & 0xFF;
    }

    /** {@code exponent(x)} of an f16. */
    public static long exponentF16(float x) {
        return (PcodeFloat.f16Bits(x) >>> 10) & 0x1F;
    }

    /** {@code exponent(x)} of a bf16. */
    public static long exponentBf16(float x) {
        return exponent(x);
    }

    /** {@code mantissa(x)} of an f64: the stored fraction bits. */
    public static long mantissa(double x) {
        return Double.doubleToRawLongBits(x) & 0x000F_FFFF_FFFF_FFFFL;
    }

    /** {@code mantissa(x)} of an f32. */
    public static long mantissa(float x) {
        return Float.floatToRawIntBits(x) & 0x7F_FFFF;
    }

    /** {@code mantissa(x)} of an f16. */
    public static long mantissaF16(float x) {
        return PcodeFloat.f16Bits(x) & 0x3FF;
    }

    /** {@code isEven(x)}: x is an even integer. */
    public static boolean isEven(double x) {
        return x % 2.0 == 0.0;
    }

    // ---- arithmetic ------------------------------------------------------------------------------------------

    /** {@code trunc} of an f64. */
    public static double trunc(double x) {
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    /** {@code trunc} of a float-held value (exact in every narrower format). */
    public static float trunc(float x) {
        return (float) trunc((double) x);
    }

    /** {@code floor} of a float-held value. */
    public static float floor(float x) {
        return (float) Math.floor(x);
    }

    /** {@code fract} of an f64: {@code x - floor(x)}, below 1.0. */
    public static double fract(double x) {
        return Math.min(x - Math.floor(x), Math.nextDown(1.0));
    }

    /** {@code fract} of an f32. */
    public static float fract(float x) {
        return Math.min((float) (x - Math.floor(x)), Math.nextDown(1.0f));
    }

    /** {@code fract} of an f16. */
    public static float fractF16(float x) {
        return Math.min(PcodeFloat.round16(x - Math.floor(x)), PcodeFloat.f16(0x3BFF));
    }

    /** {@code ldexp(x, n)}. */
    public static double ldexp(double x, long n) {
        return Math.scalb(x, (int) Math.max(-10000, Math.min(10000, n)));
    }

    /** {@code ldexp(x, n)} for an f32. */
    public static float ldexp(float x, long n) {
        return Math.scalb(x, (int) Math.max(-10000, Math.min(10000, n)));
    }

    /** {@code log2(x)}. */
    public static double log2(double x) {
        return Math.log(x) / Math.log(2.0);
    }

    // ---- conversions to normalised integers --------------------------------------------------------------------

    /** {@code f32_to_snorm}/{@code f16_to_snorm}: clamp to [-1, 1], scale by 32767, round to nearest even. */
    public static long toSnorm(double x) {
        if (x != x) {
            return 0;
        }
        return (long) Math.rint(Math.max(-1.0, Math.min(1.0, x)) * 32767.0);
    }

    /** {@code f32_to_unorm}/{@code f16_to_unorm}: clamp to [0, 1], scale by 65535, round to nearest even. */
    public static long toUnorm(double x) {
        if (x != x) {
            return 0;
        }
        return (long) Math.rint(Math.max(0.0, Math.min(1.0, x)) * 65535.0);
    }

    /** Saturating integer narrowing ({@code i32_to_i16}, {@code u32_to_u16}). */
    public static long saturate(long x, boolean signed, int width) {
        if (signed) {
            long min = -(1L << (width - 1));
            long max = (1L << (width - 1)) - 1;
            return Math.max(min, Math.min(max, x));
        }
        long max = (1L << width) - 1;
        return Long.compareUnsigned(x, max) > 0 ? max : x;
    }

    // ---- integer CLAMP: exact arithmetic, clamped writes ---------------------------------------------------

    // The saturating variant of a text (an instruction with integer CLAMP set) computes its +, - and * of at most
    // 32 bits exactly. The operands are within +-2^33 or so, far from the long range, except a 32 x 32-bit product
    // and sums of those: a result outside the long range becomes the extreme of its sign, which stays outside
    // every 32-bit range through the rest of such a text and clamps the same way.

    /** {@code a + b}, exact, or the long extreme of its sign. */
    public static long satAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
    }

    /** {@code a - b}, exact, or the long extreme of its sign. */
    public static long satSub(long a, long b) {
        long r = a - b;
        return ((a ^ b) & (a ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
    }

    /** {@code a * b}, exact, or the long extreme of its sign. */
    public static long satMul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != lo >> 63 ? ((a ^ b) < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : lo;
    }

    /** An exact (signed) value clamped to the range of a {@code width}-bit integer, width at most 32. */
    public static long clampInt(long x, boolean signed, int width) {
        long min = signed ? -(1L << (width - 1)) : 0;
        long max = signed ? (1L << (width - 1)) - 1 : (1L << width) - 1;
        return Math.max(min, Math.min(max, x));
    }

    /** An unsigned 64-bit value clamped to the range of a {@code width}-bit integer, width at most 32. */
    public static long clampU64(long x, boolean signed, int width) {
        return x < 0 ? clampInt(Long.MAX_VALUE, signed, width) : clampInt(x, signed, width);
    }

    // ---- instructions used as functions ----------------------------------------------------------------------

    /** IEEE maxNum as {@code v_max_f32}/{@code v_max_num_f32}: a NaN operand yields the other; +0 > -0. */
    public static double maxNum(double a, double b) {
        if (a != a) {
            return b != b ? quiet(a) : b;
        }
        if (b != b) {
            return a;
        }
        return Math.max(a, b);
    }

    /** IEEE minNum as {@code v_min_f32}/{@code v_min_num_f32}. */
    public static double minNum(double a, double b) {
        if (a != a) {
            return b != b ? quiet(a) : b;
        }
        if (b != b) {
            return a;
        }
        return Math.min(a, b);
    }

    /** {@code maxNum} for float-held values. */
    public static float maxNum(float a, float b) {
        if (a != a) {
            return b != b ? quiet(a) : b;
        }
        if (b != b) {
            return a;
        }
        return Math.max(a, b);
    }

    /** {@code minNum} for float-held values. */
    public static float minNum(float a, float b) {
        if (a != a) {
            return b != b ? quiet(a) : b;
        }
        if (b != b) {
            return a;
        }
        return Math.min(a, b);
    }

    /** {@code v_maximum_*}: IEEE maximum, NaN-propagating. */
    public static float maximum(float a, float b) {
        return a != a ? quiet(a) : b != b ? quiet(b) : Math.max(a, b);
    }

    /** {@code v_minimum_*}: IEEE minimum, NaN-propagating. */
    public static float minimum(float a, float b) {
        return a != a ? quiet(a) : b != b ? quiet(b) : Math.min(a, b);
    }

    /** {@code v_sad_u8(a, b, c)}: sum of absolute differences of the four bytes plus c, 32 bits. */
    public static long sadU8(long a, long b, long c) {
        long sum = c;
        for (int i = 0; i < 32; i += 8) {
            sum += Math.abs(((a >>> i) & 0xFF) - ((b >>> i) & 0xFF));
        }
        return sum & 0xFFFF_FFFFL;
    }

    /** {@code v_msad_u8(a, b, c)}: as sadU8, skipping bytes where b is zero. */
    public static long msadU8(long a, long b, long c) {
        long sum = c;
        for (int i = 0; i < 32; i += 8) {
            if (((b >>> i) & 0xFF) != 0) {
                sum += Math.abs(((a >>> i) & 0xFF) - ((b >>> i) & 0xFF));
            }
        }
        return sum & 0xFFFF_FFFFL;
    }

    /** {@code s_ff1_i32_b32/b64(x)}: index of the lowest set bit, -1 if none. */
    public static long ff1(long x) {
        return x == 0 ? -1 : Long.numberOfTrailingZeros(x);
    }

    /**
     * {@code ChannelOffsetX()} ... {@code ChannelOffsetW()}: the byte offset of component {@code component} (X = 0,
     * Y = 1, Z = 2, W = 3) of the context's buffer format, see {@link BufferFormat#componentOffset(int)}.
     */
    public static long channelOffset(PcodeContext ctx, int component) {
        return ctx.bufferFormat().componentOffset(component);
    }

    /** {@code ConvertFromFormat(MEM[addr])}: one component of the context's buffer format, as a 32-bit value. */
    public static long convertFromFormat(PcodeContext ctx, long addr) {
        BufferFormat f = ctx.bufferFormat();
        return f.load(ctx.loadMem(addr, f.componentBits()));
    }

    /** {@code MEM[addr] = ConvertToFormat(value)}: stores the 32-bit {@code value} as one component. */
    public static void storeConverted(PcodeContext ctx, long addr, long value) {
        BufferFormat f = ctx.bufferFormat();
        ctx.storeMem(addr, f.componentBits(), f.store(value));
    }
}
