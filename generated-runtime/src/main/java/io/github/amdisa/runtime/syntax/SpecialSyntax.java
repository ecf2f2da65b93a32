package io.github.amdisa.runtime.syntax;

/** Shared helpers for the symbolic immediate operands ({@code name(value)} lists and name tables). */
final class SpecialSyntax {
    private SpecialSyntax() {
    }

    /**
     * Finds the name at the cursor in a table of (value, name) pairs; consumes it if found.
     *
     * @return the value, or -1 if the identifier at the cursor is not in the table (nothing consumed)
     */
    static int tryName(AsmCursor cursor, int[] values, String[] names) {
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        if (end == at) {
            return -1;
        }
        for (int i = 0; i < names.length; i++) {
            if (cursor.regionEquals(at, end, names[i])) {
                cursor.position(end);
                return values[i];
            }
        }
        return -1;
    }

    /** Looks a value up in a table of (value, name) pairs. */
    static String name(int[] values, String[] names, int value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return names[i];
            }
        }
        return null;
    }

    /** Parses a name from the table or an integer in range. */
    static int nameOrInteger(AsmCursor cursor, int[] values, String[] names, int max, String what) {
        int at = cursor.skipBlanks().position();
        int v = tryName(cursor, values, names);
        if (v >= 0) {
            return v;
        }
        if (!cursor.atNumber()) {
            throw cursor.errorAt(at, "invalid " + what);
        }
        return cursor.scanInteger(0, max);
    }

    /** Consumes an optional separator between list items: '&', ',' or nothing (blanks). */
    static void skipSeparator(AsmCursor cursor) {
        if (!cursor.tryChar('&')) {
            cursor.tryChar(',');
        }
    }
}
