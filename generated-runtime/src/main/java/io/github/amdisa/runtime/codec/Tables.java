package io.github.amdisa.runtime.codec;

/**
 * Unpacks the constant tables of generated classes. Generated code stores large tables as string constants
 * (integers in base 36 separated by commas, strings separated by newlines) split into chunks below the
 * class-file limit of 65535 bytes per constant; this keeps static initialisers far below the 64 KB method limit
 * however large the ISA is.
 */
public final class Tables {

    private Tables() {
    }

    /** Integers written by the generator as base-36 text separated by commas ({@code -1} as {@code -1}). */
    public static int[] ints(String... chunks) {
        long[] values = longs(chunks);
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Math.toIntExact(values[i]);
        }
        return out;
    }

    /** Longs written by the generator as base-36 text separated by commas (negative ones with a minus sign). */
    public static long[] longs(String... chunks) {
        String c = String.join("", chunks);
        int n = 0;
        for (int i = 0; i < c.length(); i++) {
            if (c.charAt(i) == ',') {
                n++;
            }
        }
        long[] out = new long[n];
        int k = 0;
        int start = 0;
        for (int i = 0; i < c.length(); i++) {
            if (c.charAt(i) == ',') {
                out[k++] = Long.parseLong(c, start, i, 36);
                start = i + 1;
            }
        }
        return out;
    }

    /**
     * A table of {@code size} entries, -1 except {@code table[keys[i]] = values[i]}: lookup tables whose few filled
     * entries are stored instead of all of them.
     */
    public static int[] sparse(int size, int[] keys, int[] values) {
        if (keys.length != values.length) {
            throw new IllegalArgumentException(keys.length + " keys for " + values.length + " values");
        }
        int[] table = new int[size];
        java.util.Arrays.fill(table, -1);
        for (int i = 0; i < keys.length; i++) {
            table[keys[i]] = values[i];
        }
        return table;
    }

    /**
     * Strings written by the generator, each followed by a newline. They are interned: the printer compares family,
     * kind, operand type and format names with string constants, and an interned name equals its constant by
     * identity ({@code String.equals}' first test) instead of byte by byte.
     */
    public static String[] strings(String... chunks) {
        StringBuilder b = new StringBuilder();
        for (String c : chunks) {
            b.append(c);
        }
        String all = b.toString();
        if (all.isEmpty()) {
            return new String[0];
        }
        String[] strings = all.substring(0, all.length() - 1).split("\n", -1);
        for (int i = 0; i < strings.length; i++) {
            strings[i] = strings[i].intern();
        }
        return strings;
    }
}
