package io.github.amdisa.runtime.pcode;

import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Helpers for integer values wider than 64 bits ({@code 65'U(...)}, {@code .b128}), held as {@link BigInteger} in
 * canonical form: unsigned and bits values in [0, 2^w), signed values in [-2^(w-1), 2^(w-1)).
 */
public final class PcodeWide {

    private static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);
    /** The wide constants of {@link #fractionWindow}, parsed once: hex text to little-endian 64-bit words. */
    private static final Map<String, long[]> CONSTANTS = new ConcurrentHashMap<>();

    private PcodeWide() {
    }

    /** A canonical long (of a type of at most 64 bits) as a BigInteger; {@code unsigned64} for u64/b64 values. */
    public static BigInteger of(long x, boolean unsigned64) {
        BigInteger b = BigInteger.valueOf(x);
        return unsigned64 && x < 0 ? b.add(TWO64) : b;
    }

    /** Brings {@code x} to the canonical form of a {@code width}-bit signed or unsigned value (wrapping). */
    public static BigInteger norm(BigInteger x, boolean signed, int width) {
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        BigInteger r = x.mod(mod);
        if (signed && r.testBit(width - 1)) {
            r = r.subtract(mod);
        }
        return r;
    }

    /** The low 64 bits as a long. */
    public static long low(BigInteger x) {
        return x.longValue();
    }

    /** Bits {@code lo .. lo+width-1} (width at most 64) as a zero-extended long. */
    public static long slice(BigInteger x, long lo, int width) {
        return PcodeBits.zext(x.shiftRight((int) lo).longValue(), width);
    }

    /** {@code x} (canonical unsigned, {@code total} bits) with {@code width} bits at {@code lo} replaced by v. */
    public static BigInteger insert(BigInteger x, long lo, int width, long v) {
        BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE).shiftLeft((int) lo);
        BigInteger val = of(v, true).and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE))
                .shiftLeft((int) lo);
        return x.andNot(mask).or(val);
    }

    /** Bit i as 0 or 1. */
    public static long bit(BigInteger x, long i) {
        return i < 0 ? 0 : x.testBit((int) i) ? 1 : 0;
    }

    /** Shift left by a count as written (counts past 4096 give 0 before wrapping to the width). */
    public static BigInteger shl(BigInteger x, long n) {
        return n < 0 || n > 4096 ? BigInteger.ZERO : x.shiftLeft((int) n);
    }

    /** Shift right (arithmetic for negative canonical values). */
    public static BigInteger shr(BigInteger x, long n) {
        return n < 0 || n > 4096 ? (x.signum() < 0 ? BigInteger.ONE.negate() : BigInteger.ZERO)
                : x.shiftRight((int) n);
    }

    /** Reads {@code width} bits of an operand wider than 64 bits, 64 at a time. */
    public static BigInteger read(PcodeContext ctx, PcodeName name, int width) {
        BigInteger r = BigInteger.ZERO;
        for (int lo = 0; lo < width; lo += 64) {
            int w = Math.min(64, width - lo);
            r = r.or(of(ctx.read(name, lo, w), true).shiftLeft(lo));
        }
        return r;
    }

    /** Writes {@code width} bits of an operand wider than 64 bits, 64 at a time. */
    public static void write(PcodeContext ctx, PcodeName name, int width, BigInteger value) {
        for (int lo = 0; lo < width; lo += 64) {
            int w = Math.min(64, width - lo);
            ctx.write(name, lo, w, slice(value, lo, w));
        }
    }

    /**
     * {@code bits} bits of a {@code width}-bit fixed-point fraction constant {@code 0.{b_(width-1) ... b_0}} (given as
     * hex), starting {@code shift} bits after the binary point: {@code floor(c * 2^(shift + bits)) mod 2^bits}, with
     * zeros past b_0. The generator's overlay for {@code V_TRIG_PREOP_F64}'s segment of 2/PI (its
     * {@code FractionWindow} gives the reading); allocation-free after the constant's first use.
     *
     * @param hexBits the constant's {@code width} bits, most significant first, in hex
     * @param width the constant's width
     * @param shift how many fraction bits precede the window (negative counts as 0)
     * @param bits the window width, at most 63
     * @return the window as a non-negative integer
     */
    public static long fractionWindow(String hexBits, int width, long shift, int bits) {
        long[] words = CONSTANTS.computeIfAbsent(hexBits, PcodeWide::words);
        long lo = width - Math.max(0, shift) - bits; // the window's lowest bit, b_lo
        long r = 0;
        for (int i = bits - 1; i >= 0; i--) {
            long p = lo + i;
            long bit = p < 0 || p >= width ? 0 : (words[(int) (p >>> 6)] >>> (p & 63)) & 1;
            r = r << 1 | bit;
        }
        return r;
    }

    private static long[] words(String hex) {
        BigInteger v = new BigInteger(hex, 16);
        long[] w = new long[(v.bitLength() + 64) / 64];
        for (int i = 0; i < w.length; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return w;
    }
}
