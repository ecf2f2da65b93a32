package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.Arrays;

/**
 * Builds instruction words with a generation's raw encoder ({@link InstructionSet#encode}), for tests that need
 * exact encodings without an assembler (faults, all-generation golden runs).
 */
final class RawCode {

    private final InstructionSet isa;
    private int[] words = new int[0];

    RawCode(InstructionSet isa) {
        this.isa = isa;
    }

    /** The variant of {@code name} in an encoding family starting with {@code family}, plain (BASE) form. */
    int variant(String name, String family) {
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals(name) && isa.encodingFamily(v).startsWith(family)
                    && isa.variantKind(v).equals("BASE")) {
                return v;
            }
        }
        throw new AssertionError(name + " has no BASE variant in " + family + " on " + isa.architectureName());
    }

    /** Appends {@code name} with the given fields ({@code "VDST", 5, "SRC0", 257, ...}). */
    RawCode add(String name, String family, Object... fields) {
        return add(variant(name, family), fields);
    }

    /** Appends variant {@code v} with the given fields ({@code "VDST", 5, "SRC0", 257, ...}). */
    RawCode add(int v, Object... fields) {
        String[] names = new String[fields.length / 2];
        long[] values = new long[fields.length / 2];
        for (int i = 0; i < names.length; i++) {
            names[i] = (String) fields[2 * i];
            values[i] = ((Number) fields[2 * i + 1]).longValue();
        }
        int[] out = new int[4];
        int n = isa.encode(v, names, values, out, 0);
        int old = words.length;
        words = Arrays.copyOf(words, old + n);
        System.arraycopy(out, 0, words, old, n);
        return this;
    }

    int[] words() {
        return words;
    }
}
