package io.github.amdisa.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.Encoding;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The decoder's table-driven first try ({@code decodeSet<n>} backed by {@link DecodeFastPath}) must give exactly what
 * the set's ordinary decode ({@code decodeSet<n>Slow}) gives - same variant and length, or the same error - for any
 * word that reaches the set, not only for the one sample word per table entry it was built from. The generator
 * decides from the spec which bits can matter; this test checks that claim on random words: every bit outside the
 * top-9-bit bucket random, key fields (in the first and the second dword) biased towards the values the encoding
 * conditions name, extra dwords random, and inputs cut short. Dwords 2 and up are biased towards the identifiers of
 * encodings identified there (CDNA4's {@code ENC_VOP3PX2}, which the fast path checks before its lookup), taken from
 * the spec.
 */
class DecodeFastPathTest {

    @ParameterizedTest
    @EnumSource(Generation.class)
    void tableLookupAgreesWithTheOrdinaryDecode(Generation g) throws Exception {
        String stem = g.fileStem();
        Class<?> decoder = Class.forName("io.github.amdisa." + stem + "."
                + Character.toUpperCase(stem.charAt(0)) + stem.substring(1) + "Decoder");
        Field bucketsField = decoder.getDeclaredField("SET_OF_BUCKET");
        bucketsField.setAccessible(true);
        int[] setOfBucket = (int[]) bucketsField.get(null);
        List<int[]> far = farIdentifiers(g);
        Random rnd = new Random(0xfa57 + g.ordinal());
        int sets = 0;
        long compared = 0;
        long farCompared = 0;
        for (Method slow : decoder.getDeclaredMethods()) {
            if (!slow.getName().matches("decodeSet\\d+Slow")) {
                continue;
            }
            sets++;
            int n = Integer.parseInt(slow.getName().replaceAll("\\D", ""));
            Method fast = decoder.getDeclaredMethod("decodeSet" + n, int[].class, int.class, DecodeSink.class);
            slow.setAccessible(true);
            fast.setAccessible(true);
            List<Integer> buckets = new ArrayList<>();
            for (int b = 0; b < setOfBucket.length; b++) {
                if (setOfBucket[b] == n) {
                    buckets.add(b);
                }
            }
            int[] special = {0, 1, 0x7c, 0x7d, 0x7e, 0x7f, 0x80, 0xc1, 0xe9, 0xea, 0xf0, 0xf9, 0xfa, 0xfb, 0xfd, 0xfe,
                0xff, 0x100, 0x1ff};
            for (int i = 0; i < 8_000; i++) {
                int length = rnd.nextInt(8) == 0 ? 1 + rnd.nextInt(3) : 6;
                int[] words = new int[length];
                for (int k = 0; k < length; k++) {
                    words[k] = rnd.nextInt();
                }
                int low = rnd.nextInt(1 << 23);
                if (rnd.nextBoolean()) {
                    // a named value in one of the usual source-field places (bits 0..8, 0..7 or 8..15)
                    int v = special[rnd.nextInt(special.length)];
                    low = switch (rnd.nextInt(3)) {
                        case 0 -> low & ~0x1ff | v & 0x1ff;
                        case 1 -> low & ~0xff | v & 0xff;
                        default -> low & ~0xff00 | (v & 0xff) << 8;
                    };
                }
                words[0] = buckets.get(rnd.nextInt(buckets.size())) << 23 | low;
                if (length > 1 && rnd.nextBoolean()) {
                    // named values in the second dword's source fields (VOP3 SRC0..SRC2 at bits 0, 9 and 18)
                    for (int shift = 0; shift <= 18; shift += 9) {
                        if (rnd.nextInt(3) > 0) {
                            int v = special[rnd.nextInt(special.length)] & 0x1ff;
                            words[1] = words[1] & ~(0x1ff << shift) | v << shift;
                        }
                    }
                }
                if (!far.isEmpty() && rnd.nextInt(3) == 0) {
                    // the identifier of an encoding identified beyond the second dword, where the input reaches
                    int[] id = far.get(rnd.nextInt(far.size()));
                    for (int d = 2; d < Math.min(length, id.length / 2); d++) {
                        words[d] = words[d] & ~id[2 * d] | id[2 * d + 1];
                    }
                    farCompared++;
                }
                assertEquals(outcome(slow, words), outcome(fast, words),
                        () -> g + " " + slow.getName() + " word 0x" + Integer.toHexString(words[0]) + ", "
                                + words.length + " dwords");
                compared++;
            }
        }
        System.out.printf("%s: %d candidate sets with a table-driven first try, %d words compared (%d with a far"
                + " identifier)%n", g, sets, compared, farCompared);
        assertTrue(sets > 0, g + ": no set has a table-driven first try");
    }

    /**
     * Per identifier of an encoding whose identifier mask has bits in dword 2 or later: {mask, value} per dword
     * (the entries of dwords 0 and 1 stay zero and unused), read from the spec.
     */
    private static List<int[]> farIdentifiers(Generation g) throws Exception {
        List<int[]> out = new ArrayList<>();
        for (Encoding e : new SpecLoader().loadBundled(g).spec().encodingsInOrder()) {
            Bits mask = e.identifierMask();
            boolean beyond = false;
            for (int d = 2; d < mask.dwordCount(); d++) {
                beyond |= mask.dword(d) != 0;
            }
            if (!beyond) {
                continue;
            }
            for (Bits id : e.identifiers()) {
                int[] pairs = new int[2 * mask.dwordCount()];
                for (int d = 2; d < mask.dwordCount(); d++) {
                    pairs[2 * d] = mask.dword(d);
                    pairs[2 * d + 1] = (d < id.dwordCount() ? id.dword(d) : 0) & mask.dword(d);
                }
                out.add(pairs);
            }
        }
        return out;
    }

    /** "variant/length" or the error message. */
    private static String outcome(Method m, int[] words) throws IllegalAccessException {
        int[] found = {-1};
        try {
            int n = (int) m.invoke(null, words, 0, (DecodeSink) (v, w, o, len) -> found[0] = v);
            return found[0] + "/" + n;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof DecodeException d) {
                return "error: " + d.getMessage();
            }
            throw new AssertionError(e.getCause());
        }
    }
}
