package io.github.amdisa.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FieldTable} against a reference that reads bits one at a time from the words as one little-endian
 * {@link BigInteger}: every offset and width a field can have (1 to 64 bits, any start), including ranges that reach
 * a third dword, and fields of several ranges.
 */
class FieldTableTest {

    /** Bits {@code [offset, offset + count)} of the words, dword 0 in the low bits. */
    private static long reference(int[] words, int offset, int count) {
        BigInteger all = BigInteger.ZERO;
        for (int i = words.length - 1; i >= 0; i--) {
            all = all.shiftLeft(32).or(BigInteger.valueOf(Integer.toUnsignedLong(words[i])));
        }
        return all.shiftRight(offset).and(BigInteger.ONE.shiftLeft(count).subtract(BigInteger.ONE)).longValue();
    }

    @Test
    void everySingleRangeReadsTheBitsItNames() {
        SplittableRandom random = new SplittableRandom(7);
        int[] words = new int[5];
        for (int offset = 0; offset < 64; offset++) {
            for (int count = 1; count <= 64; count++) {
                FieldTable table = new FieldTable(new String[][] {{"F"}}, new int[] {1}, new int[] {offset, count});
                for (int trial = 0; trial < 4; trial++) {
                    for (int i = 0; i < words.length; i++) {
                        words[i] = random.nextInt();
                    }
                    assertEquals(reference(words, offset, count), table.value(0, 0, words, 0),
                            "offset " + offset + ", " + count + " bits");
                }
            }
        }
    }

    @Test
    void severalRangesConcatenateFirstRangeLow() {
        // field G = bits [3, 8) then bits [40, 47) then bits [60, 100): 5 + 7 + 40 = 52 bits
        FieldTable table = new FieldTable(new String[][] {{"F", "G"}}, new int[] {1, 3},
                new int[] {0, 32, 3, 5, 40, 7, 60, 40});
        SplittableRandom random = new SplittableRandom(11);
        int[] words = new int[6];
        for (int trial = 0; trial < 1000; trial++) {
            for (int i = 0; i < words.length; i++) {
                words[i] = random.nextInt();
            }
            int o = 1; // read at an offset into the array
            int[] view = java.util.Arrays.copyOfRange(words, o, words.length);
            long expected = reference(view, 3, 5) | reference(view, 40, 7) << 5 | reference(view, 60, 40) << 12;
            assertEquals(expected, table.value(0, table.index(0, "G"), words, o));
            assertEquals(Integer.toUnsignedLong(words[o]), table.value(0, table.index(0, "F"), words, o));
        }
    }

    @Test
    void absurdRangesAreRejectedWhenTheTableIsBuilt() {
        assertThrows(IllegalArgumentException.class,
                () -> new FieldTable(new String[][] {{"F"}}, new int[] {1}, new int[] {0, 65}));
        assertThrows(IllegalArgumentException.class,
                () -> new FieldTable(new String[][] {{"F"}}, new int[] {1}, new int[] {0, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> new FieldTable(new String[][] {{"F"}}, new int[] {1}, new int[] {-3, 4}));
    }
}
