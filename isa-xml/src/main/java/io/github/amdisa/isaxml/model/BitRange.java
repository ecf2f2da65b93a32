package io.github.amdisa.isaxml.model;

/**
 * One contiguous range of a field's bit layout: {@code count} bits starting at bit {@code offset} of the
 * instruction (bit 0 is the least significant bit of the first dword). For multi-range fields, the range with the
 * lowest {@code order} holds the field's least significant bits.
 */
public record BitRange(int order, int offset, int count) {

    public BitRange {
        if (offset < 0 || count <= 0) {
            throw new IllegalArgumentException("bit range needs offset >= 0 and count > 0, got offset " + offset
                    + " count " + count);
        }
    }

    /** The highest bit this range covers. */
    public int lastBit() {
        return offset + count - 1;
    }

    /** Whether this range shares at least one bit with {@code other}. */
    public boolean overlaps(BitRange other) {
        return offset <= other.lastBit() && other.offset <= lastBit();
    }
}
