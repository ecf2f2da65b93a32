package io.github.amdisa.isaxml.model;

import java.util.List;

/**
 * A named bit field of an encoding's or partitioned operand type's {@code MicrocodeFormat}. Its value is the
 * concatenation of its ranges, the range with the lowest order supplying the least significant bits.
 *
 * @param conditional AMD's {@code IsConditional} attribute
 * @param predefinedValues the field's {@code FieldPredefinedValues} (names for values, e.g. hardware register IDs)
 */
public record Field(String name, String description, boolean conditional, List<BitRange> ranges,
                    List<PredefinedValue> predefinedValues, SourceLocation location) {

    public Field {
        ranges = List.copyOf(ranges);
        predefinedValues = List.copyOf(predefinedValues);
    }

    /** Total width in bits (the sum of the ranges). */
    public int width() {
        int w = 0;
        for (BitRange r : ranges) {
            w += r.count();
        }
        return w;
    }

    /** The lowest bit any range covers. */
    public int lowestBit() {
        return ranges.stream().mapToInt(BitRange::offset).min().orElse(0);
    }

    /** The highest bit any range covers. */
    public int highestBit() {
        return ranges.stream().mapToInt(BitRange::lastBit).max().orElse(-1);
    }

    /** Extracts this field's value (at most 64 bits wide) from instruction words starting at {@code offset}. */
    public long extract(int[] words, int offset) {
        long value = 0;
        int shift = 0;
        for (BitRange r : ranges) {
            value |= extractRange(words, offset, r.offset(), r.count()) << shift;
            shift += r.count();
        }
        return value;
    }

    /** {@code count} (at most 64) bits at bit {@code bit} of the words at {@code offset}; missing words read 0. */
    private static long extractRange(int[] words, int offset, int bit, int count) {
        int wi = offset + (bit >>> 5);
        int sh = bit & 31;
        // Gather up to three dwords (64 bits starting anywhere in a dword span at most three).
        long lo = wi < words.length ? Integer.toUnsignedLong(words[wi]) : 0;
        long mid = wi + 1 < words.length ? Integer.toUnsignedLong(words[wi + 1]) : 0;
        long v = (lo | mid << 32) >>> sh;
        if (sh + count > 64) {
            long hi = wi + 2 < words.length ? Integer.toUnsignedLong(words[wi + 2]) : 0;
            v |= hi << (64 - sh);
        }
        return count == 64 ? v : v & ((1L << count) - 1);
    }

    /** Stores {@code value} (masked to the field's width) into instruction words starting at {@code offset}. */
    public void insert(int[] words, int offset, long value) {
        int shift = 0;
        for (BitRange r : ranges) {
            for (int i = 0; i < r.count(); i++) {
                int bit = r.offset() + i;
                int wi = offset + (bit >>> 5);
                int m = 1 << (bit & 31);
                if ((value >>> (shift + i) & 1) != 0) {
                    words[wi] |= m;
                } else {
                    words[wi] &= ~m;
                }
            }
            shift += r.count();
        }
    }
}
