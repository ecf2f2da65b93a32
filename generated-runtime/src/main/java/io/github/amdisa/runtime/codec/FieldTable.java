package io.github.amdisa.runtime.codec;

/**
 * The fields of a generation's encodings as data, built once per generated instruction set: per encoding, a map
 * from field name to field index, and per field its bit ranges. It serves the by-name and by-index field reads of
 * {@link InstructionSet} without a {@code switch} over encodings and fields: the printer reads many fields of a
 * different encoding on every instruction, and those dispatches (an indirect jump per level) were most of its cost.
 *
 * <p>A field's value is its ranges concatenated in range order, the first range in the low bits, exactly as the
 * generated per-encoding accessors compute it (a range that crosses a dword boundary reads the next dword too).
 */
public final class FieldTable {

    /** Per encoding, an open-addressing table of field names (power-of-two size) and their indices. */
    private final String[][] keys;
    private final int[][] slots;
    /** Per encoding and slot, the key's hash code: a probe past another key compares ints, not strings. */
    private final int[][] hashes;
    private final String[][] names;
    private final int[] fieldBase;
    private final int[] rangeBegin;
    private final int[] rangeOffset;
    private final int[] rangeCount;
    /**
     * Per field, {@code dword << 10 | shift << 5 | (bits - 1)} when it is one range inside one dword (nearly every
     * field), else -1: the common case is then a shift and a mask, with no loop at the call site.
     */
    private final int[] simple;

    /**
     * @param names field names per encoding (the generated classes' {@code FIELD_NAMES})
     * @param rangesPerField per field of all encodings in order, its range count
     * @param ranges per range in order: bit offset, bit count
     */
    public FieldTable(String[][] names, int[] rangesPerField, int[] ranges) {
        this.names = names;
        this.keys = new String[names.length][];
        this.slots = new int[names.length][];
        this.hashes = new int[names.length][];
        this.fieldBase = new int[names.length + 1];
        int g = 0;
        for (int e = 0; e < names.length; e++) {
            fieldBase[e] = g;
            int size = Integer.highestOneBit(Math.max(1, names[e].length) * 2) * 2; // at most half full
            keys[e] = new String[size];
            slots[e] = new int[size];
            hashes[e] = new int[size];
            for (int i = 0; i < names[e].length; i++) {
                String n = names[e][i].intern();
                int h = n.hashCode() & (size - 1);
                while (keys[e][h] != null && !keys[e][h].equals(n)) {
                    h = (h + 1) & (size - 1);
                }
                if (keys[e][h] == null) { // the first field of a name wins
                    keys[e][h] = n;
                    slots[e][h] = i;
                    hashes[e][h] = n.hashCode();
                }
            }
            g += names[e].length;
        }
        fieldBase[names.length] = g;
        if (rangesPerField.length != g) {
            throw new IllegalArgumentException(rangesPerField.length + " range counts for " + g + " fields");
        }
        rangeBegin = new int[g + 1];
        for (int f = 0; f < g; f++) {
            rangeBegin[f + 1] = rangeBegin[f] + rangesPerField[f];
        }
        int n = rangeBegin[g];
        if (ranges.length != 2 * n) {
            throw new IllegalArgumentException(ranges.length + " range values for " + n + " ranges");
        }
        rangeOffset = new int[n];
        rangeCount = new int[n];
        for (int r = 0; r < n; r++) {
            rangeOffset[r] = ranges[2 * r];
            rangeCount[r] = ranges[2 * r + 1];
            if (rangeOffset[r] < 0 || rangeCount[r] < 1 || rangeCount[r] > 64) {
                throw new IllegalArgumentException("range " + r + ": offset " + rangeOffset[r] + ", " + rangeCount[r]
                        + " bits (a range is 1 to 64 bits at a non-negative offset)");
            }
        }
        simple = new int[g];
        for (int f = 0; f < g; f++) {
            simple[f] = -1;
            if (rangeBegin[f + 1] - rangeBegin[f] == 1) {
                int off = rangeOffset[rangeBegin[f]];
                int count = rangeCount[rangeBegin[f]];
                if (count >= 1 && (off & 31) + count <= 32 && (off >>> 5) < (1 << 20)) {
                    simple[f] = (off >>> 5) << 10 | (off & 31) << 5 | (count - 1);
                }
            }
        }
    }

    /** The index of field {@code name} of encoding {@code encoding}, or -1 (the first field of a name wins). */
    public int index(int encoding, String name) {
        if (name == null) {
            return -1;
        }
        String[] k = keys[encoding];
        int[] hs = hashes[encoding];
        int mask = k.length - 1;
        int hash = name.hashCode();
        for (int h = hash & mask; ; h = (h + 1) & mask) {
            String key = k[h];
            if (key == null) {
                return -1;
            }
            if (key == name || hs[h] == hash && key.equals(name)) {
                return slots[encoding][h];
            }
        }
    }

    /** The name of field {@code index} of encoding {@code encoding}. */
    public String name(int encoding, int index) {
        return names[encoding][index];
    }

    /** The value of field {@code index} of encoding {@code encoding} in the words at {@code o}; -1 for index -1. */
    public long value(int encoding, int index, int[] w, int o) {
        if (index < 0 || index >= names[encoding].length) {
            return -1L;
        }
        int f = fieldBase[encoding] + index;
        int p = simple[f];
        if (p >= 0) {
            return (w[o + (p >>> 10)] >>> ((p >>> 5) & 31)) & (-1L >>> (63 - (p & 31)));
        }
        return ranges(f, w, o);
    }

    /** A field of several ranges, or of one that crosses a dword boundary (up to three dwords for 64 bits). */
    private long ranges(int f, int[] w, int o) {
        long value = 0;
        int shift = 0;
        for (int r = rangeBegin[f]; r < rangeBegin[f + 1]; r++) {
            int off = rangeOffset[r];
            int count = rangeCount[r];
            int d = off >>> 5;
            int s = off & 31;
            long mask = count == 64 ? -1L : (1L << count) - 1;
            long part;
            if (s + count <= 32) {
                part = (Integer.toUnsignedLong(w[o + d]) >>> s) & mask;
            } else {
                long wide = Integer.toUnsignedLong(w[o + d]) | Integer.toUnsignedLong(w[o + d + 1]) << 32;
                part = wide >>> s;
                if (s + count > 64) {
                    // a range of up to 64 bits that does not start on a dword boundary reaches a third dword
                    part |= Integer.toUnsignedLong(w[o + d + 2]) << (64 - s);
                }
                part &= mask;
            }
            value |= shift == 0 ? part : part << shift;
            shift += count;
        }
        return value;
    }
}
