package io.github.amdisa.runtime.codec;

import java.util.Arrays;

/**
 * Builds the tables of a generated decoder's branch-free first try (see the generator's {@code DecodeFastPlan}):
 * for a candidate set whose result depends only on some index bits of the first dword and on the classes of a few
 * key fields, one entry per (index value, key class) holding {@code variant | length << 24}, or -1 where the ordinary
 * decode must run (no match, so that it reports the exact error).
 *
 * <p>The entries are not written by the generator but computed when the decoder class loads, by running the set's
 * ordinary decode on one word per entry: the fast path then agrees with the ordinary decode by construction.
 */
public final class DecodeFastPath {

    /** The ordinary decode of a candidate set. */
    @FunctionalInterface
    public interface SetDecoder {
        /** Decodes like {@code decodeSet<n>} of a generated decoder: reports to {@code sink}, returns the length. */
        int decode(int[] words, int offset, DecodeSink sink);
    }

    private DecodeFastPath() {
    }

    /**
     * Computes the entries.
     *
     * @param fixedValue      the first-dword bits every word of the set has
     * @param runs            the index bit runs as {offset, length} pairs, lowest index bits first
     * @param keyOffsets      the bit offset of each key field in the instruction (32 and up: in the second dword)
     * @param representatives per combined key class, one value per key (the first key's class in the high bits),
     *                        or -1 for each key where the combination does not exist
     * @param classBits       bits of the combined class
     * @param set             the set's ordinary decode
     * @return the entries, indexed by {@code index << classBits | class}
     */
    public static int[] entries(int fixedValue, int[] runs, int[] keyOffsets, int[] representatives, int classBits,
                                SetDecoder set) {
        int indexBits = 0;
        for (int i = 1; i < runs.length; i += 2) {
            indexBits += runs[i];
        }
        int classes = 1 << classBits;
        int[] out = new int[classes << indexBits];
        Arrays.fill(out, -1);
        int[] words = new int[16];
        int[] found = new int[1];
        DecodeSink sink = (variant, w, o, length) -> found[0] = variant;
        for (int index = 0; index < 1 << indexBits; index++) {
            int word = fixedValue;
            int shift = 0;
            for (int i = 0; i < runs.length; i += 2) {
                word |= (index >>> shift & (1 << runs[i + 1]) - 1) << runs[i];
                shift += runs[i + 1];
            }
            for (int c = 0; c < classes; c++) {
                Arrays.fill(words, 0);
                words[0] = word;
                boolean exists = true;
                for (int k = 0; k < keyOffsets.length; k++) {
                    int value = representatives[c * keyOffsets.length + k];
                    exists &= value >= 0;
                    if (value >= 0) {
                        words[keyOffsets[k] >>> 5] |= value << (keyOffsets[k] & 31);
                    }
                }
                if (!exists) {
                    continue;
                }
                found[0] = -1;
                try {
                    int length = set.decode(words, 0, sink);
                    if (found[0] >= 0 && found[0] < 1 << 24 && length > 0 && length < 128) {
                        out[index << classBits | c] = found[0] | length << 24;
                    }
                } catch (DecodeException e) {
                    // no match: the ordinary decode reports it
                }
            }
        }
        return out;
    }
}
