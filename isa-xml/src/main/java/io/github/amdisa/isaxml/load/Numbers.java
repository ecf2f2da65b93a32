package io.github.amdisa.isaxml.load;

import java.math.BigInteger;
import java.util.Locale;

/** Parsing of AMD's numbers: decimal counts and radix-tagged values ({@code Radix="2"} bit strings, opcodes). */
final class Numbers {

    private Numbers() {
    }

    /** A non-negative value in {@code radix}, or {@code null} when the text is not one. */
    static BigInteger parseRadix(String text, int radix) {
        if (text == null) {
            return null;
        }
        String t = text.trim().replace("_", "");
        String lower = t.toLowerCase(Locale.ROOT);
        if (radix == 16 && lower.startsWith("0x")) {
            t = t.substring(2);
        } else if (radix == 2 && lower.startsWith("0b")) {
            t = t.substring(2);
        }
        // No spec value needs more than 1024 bits; longer texts are refused before BigInteger spends quadratic time.
        if (t.isEmpty() || t.length() > 1100 || t.startsWith("-") || t.startsWith("+")) {
            return null;
        }
        try {
            return new BigInteger(t, radix);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The radix attribute as a number, or -1 when it is missing or not one of 2, 8, 10, 16. */
    static int radixOf(String radixAttribute) {
        if (radixAttribute == null) {
            return -1;
        }
        return switch (radixAttribute.trim()) {
            case "2" -> 2;
            case "8" -> 8;
            case "10" -> 10;
            case "16" -> 16;
            default -> -1;
        };
    }

    /** A decimal int (optionally negative), or {@code null}. */
    static Integer parseInt(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code TRUE}/{@code FALSE} in any case, or {@code null}. */
    static Boolean parseBoolean(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (t.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        return null;
    }
}
