package io.github.amdisa.isaxml.model;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * An immutable bit string of a fixed width, as AMD writes encoding masks and identifiers. Bit 0 is the least
 * significant bit of the first instruction dword; {@link #dword(int)} gives the instruction's dwords in memory
 * order. AMD's radix-2 text is most significant bit first, so the first dword is its rightmost 32 characters.
 */
public final class Bits {

    private final int width;
    private final int[] dwords;

    private Bits(int width, int[] dwords) {
        this.width = width;
        this.dwords = dwords;
    }

    /** A bit string of {@code width} bits holding {@code value} (which must fit). */
    public static Bits of(int width, BigInteger value) {
        if (width <= 0) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
        if (value.signum() < 0 || value.bitLength() > width) {
            throw new IllegalArgumentException("value " + value.toString(16) + " does not fit in " + width + " bits");
        }
        int[] d = new int[(width + 31) / 32];
        for (int i = 0; i < d.length; i++) {
            d[i] = value.shiftRight(32 * i).intValue();
        }
        return new Bits(width, d);
    }

    /** A bit string from dwords in instruction order (dword 0 = bits 0..31). Bits beyond width must be zero. */
    public static Bits ofDwords(int width, int... dwords) {
        int[] d = Arrays.copyOf(dwords, (width + 31) / 32);
        return of(width, toBigInteger(d));
    }

    private static BigInteger toBigInteger(int[] d) {
        BigInteger v = BigInteger.ZERO;
        for (int i = d.length - 1; i >= 0; i--) {
            v = v.shiftLeft(32).or(BigInteger.valueOf(Integer.toUnsignedLong(d[i])));
        }
        return v;
    }

    public int width() {
        return width;
    }

    /** Number of dwords spanned ({@code ceil(width / 32)}). */
    public int dwordCount() {
        return dwords.length;
    }

    /** Dword {@code i} in instruction order. */
    public int dword(int i) {
        return dwords[i];
    }

    /** A copy of the dwords in instruction order. */
    public int[] toDwords() {
        return dwords.clone();
    }

    public BigInteger toBigInteger() {
        return toBigInteger(dwords);
    }

    /** Whether bit {@code bit} is set. */
    public boolean bit(int bit) {
        return bit < width && (dwords[bit >>> 5] >>> (bit & 31) & 1) != 0;
    }

    /** The value of {@code count} (at most 64) bits starting at {@code offset}. */
    public long extract(int offset, int count) {
        return toBigInteger().shiftRight(offset).and(BigInteger.ONE.shiftLeft(count).subtract(BigInteger.ONE))
                .longValue();
    }

    /** Number of set bits. */
    public int bitCount() {
        int n = 0;
        for (int d : dwords) {
            n += Integer.bitCount(d);
        }
        return n;
    }

    /** Whether every set bit of this value is also set in {@code mask}. */
    public boolean within(Bits mask) {
        for (int i = 0; i < dwords.length; i++) {
            int m = i < mask.dwords.length ? mask.dwords[i] : 0;
            if ((dwords[i] & ~m) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the instruction words at {@code offset}, masked with {@code mask}, equal this identifier. Missing words
     * (past the end of {@code words}) do not match unless the mask ignores them.
     */
    public boolean matches(Bits mask, int[] words, int offset) {
        for (int i = 0; i < dwords.length; i++) {
            int m = i < mask.dwords.length ? mask.dwords[i] : 0;
            if (m == 0) {
                continue;
            }
            if (offset + i >= words.length || (words[offset + i] & m) != (dwords[i] & m)) {
                return false;
            }
        }
        return true;
    }

    /** AMD's radix-2 text: {@code width} characters, most significant bit first. */
    public String toBinaryString() {
        StringBuilder b = new StringBuilder(width);
        for (int i = width - 1; i >= 0; i--) {
            b.append(bit(i) ? '1' : '0');
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bits other && other.width == width && Arrays.equals(other.dwords, dwords);
    }

    @Override
    public int hashCode() {
        return 31 * width + Arrays.hashCode(dwords);
    }

    @Override
    public String toString() {
        return width + "'h" + toBigInteger().toString(16);
    }
}
