package io.github.amdisa.runtime.codec;

/** Bit-field helpers for generated encoders, for the rare fields that cross a dword boundary. */
public final class Bitfields {

    private Bitfields() {
    }

    /**
     * Stores the low {@code count} bits of {@code value} at instruction bit {@code bitOffset} (bit 0 = least
     * significant bit of the word at {@code offset}).
     */
    public static void insert(int[] words, int offset, int bitOffset, int count, long value) {
        for (int i = 0; i < count; i++) {
            int bit = bitOffset + i;
            int wi = offset + (bit >>> 5);
            int m = 1 << (bit & 31);
            if ((value >>> i & 1) != 0) {
                words[wi] |= m;
            } else {
                words[wi] &= ~m;
            }
        }
    }
}
