package io.github.amdisa.runtime.pcode;

/**
 * Integer helpers for generated code. Integer values of up to 64 bits are held in a {@code long} in canonical form:
 * unsigned and untyped-bits values zero-extended from their width, signed values sign-extended. Every helper takes
 * and returns canonical values.
 */
public final class PcodeBits {

    private PcodeBits() {
    }

    /** The low {@code width} bits of {@code x}, zero-extended (width 1..64). */
    public static long zext(long x, int width) {
        return width >= 64 ? x : x & ((1L << width) - 1);
    }

    /** The low {@code width} bits of {@code x}, sign-extended from bit width-1 (width 1..64). */
    public static long sext(long x, int width) {
        return width >= 64 ? x : (x << (64 - width)) >> (64 - width);
    }

    /** {@code x << n} with the shift count as written: counts of 64 or more (or negative) give 0. */
    public static long shl(long x, long n) {
        return n < 0 || n >= 64 ? 0 : x << n;
    }

    /** Logical right shift of a canonical unsigned value; counts of 64 or more give 0. */
    public static long shru(long x, long n) {
        return n < 0 || n >= 64 ? 0 : x >>> n;
    }

    /** Arithmetic right shift of a canonical signed value; counts of 64 or more give all sign bits. */
    public static long shrs(long x, long n) {
        return n < 0 || n >= 64 ? x >> 63 : x >> n;
    }

    /** Bits {@code lo .. lo+width-1} of {@code x} (lo may be any value; bits past 63 are zero). */
    public static long slice(long x, long lo, long width) {
        if (lo < 0 || lo >= 64 || width <= 0) {
            return 0;
        }
        return zext(x >>> lo, (int) Math.min(64, width));
    }

    /** {@code x} with bits {@code lo .. lo+width-1} replaced by the low bits of {@code v}. */
    public static long insert(long x, long lo, long width, long v) {
        if (lo < 0 || lo >= 64 || width <= 0) {
            return x;
        }
        int w = (int) Math.min(64 - lo, width);
        long mask = (w >= 64 ? -1L : (1L << w) - 1) << lo;
        return (x & ~mask) | ((v << lo) & mask);
    }

    /**
     * The low {@code width} (1..64) bits of {@code x} in reverse order: bit 0 becomes bit width-1. AMD writes this
     * as a slice with its bounds reversed, {@code S0.u32[0 : 31]} (S_BREV_B32).
     */
    public static long reverse(long x, int width) {
        return Long.reverse(x) >>> (64 - width);
    }

    /** Bit {@code i} of {@code x} as 0 or 1; indexes outside 0..63 read as 0. */
    public static long bit(long x, long i) {
        return i < 0 || i >= 64 ? 0 : (x >>> i) & 1;
    }

    /**
     * {@code signext_from_bit(x, n)}: the low n bits of x sign-extended from bit n-1; n = 0 gives 0, n >= 64 gives x.
     */
    public static long signextFromBit(long x, long n) {
        if (n <= 0) {
            return 0;
        }
        return n >= 64 ? x : sext(x, (int) n);
    }

    /** Unsigned division; division by zero gives all ones (what the pseudocode leaves undefined). */
    public static long divu(long a, long b) {
        return b == 0 ? -1L : Long.divideUnsigned(a, b);
    }

    /** Signed division truncating toward zero; division by zero gives -1. */
    public static long divs(long a, long b) {
        return b == 0 ? -1L : a / b;
    }

    /** Unsigned remainder; by zero gives a. */
    public static long remu(long a, long b) {
        return b == 0 ? a : Long.remainderUnsigned(a, b);
    }

    /** Signed remainder; by zero gives a. */
    public static long rems(long a, long b) {
        return b == 0 ? a : a % b;
    }

    /** Unsigned 64-bit comparison as {@link Long#compareUnsigned}. */
    public static int cmpu(long a, long b) {
        return Long.compareUnsigned(a, b);
    }

    /** {@code base ** exp} on integers (wrapping). */
    public static long pow(long base, long exp) {
        long r = 1;
        for (long i = 0; i < exp && i < 4096; i++) {
            r *= base;
        }
        return r;
    }
}
