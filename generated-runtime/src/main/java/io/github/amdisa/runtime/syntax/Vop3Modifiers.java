package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * VOP3/VOP3P instruction modifiers after the operands: {@code clamp}, output modifiers {@code mul:2},
 * {@code mul:4}, {@code div:2}, and bit arrays {@code op_sel:[0,1,0]}, {@code op_sel_hi:[...]},
 * {@code neg_lo:[...]}, {@code neg_hi:[...]}, plus {@code byte_sel:N}.
 *
 * <p>Print methods append a leading space, as LLVM's printers do, and print nothing for default values: LLVM
 * omits {@code clamp} when clear, omod when 0, {@code op_sel}/{@code neg_lo}/{@code neg_hi} when all zero and
 * {@code op_sel_hi} when it equals its default (all ones for VOP3P, see {@code v_pk_add_f16 v1, v2, v3
 * op_sel_hi:[1,1]} printing without it).
 *
 * <p>Parse methods are {@code tryParse...}: they consume the modifier and return its value if it is next, and
 * otherwise consume nothing and return -1, so a generated parser can loop over the modifiers an instruction accepts
 * in any order.
 */
public final class Vop3Modifiers {
    /** Output modifier field value for {@code mul:2}. */
    public static final int OMOD_MUL2 = 1;
    /** Output modifier field value for {@code mul:4}. */
    public static final int OMOD_MUL4 = 2;
    /** Output modifier field value for {@code div:2}. */
    public static final int OMOD_DIV2 = 3;

    private Vop3Modifiers() {
    }

    /**
     * Prints {@code " clamp"} if set.
     *
     * @param sb where to print
     * @param clamp the clamp bit
     */
    public static void printClamp(StringBuilder sb, boolean clamp) {
        if (clamp) {
            sb.append(" clamp");
        }
    }

    /**
     * Prints the output modifier: {@code " mul:2"}, {@code " mul:4"}, {@code " div:2"}, nothing for 0.
     *
     * @param sb where to print
     * @param omod the 2-bit OMOD field
     */
    public static void printOmod(StringBuilder sb, int omod) {
        switch (omod & 3) {
            case OMOD_MUL2:
                sb.append(" mul:2");
                break;
            case OMOD_MUL4:
                sb.append(" mul:4");
                break;
            case OMOD_DIV2:
                sb.append(" div:2");
                break;
            default:
                break;
        }
    }

    /**
     * Prints a bit-array modifier such as {@code " op_sel:[0,1,0]"} unless {@code bits} equals
     * {@code defaultBits}.
     *
     * @param sb where to print
     * @param name the modifier name, for example {@code "op_sel"}
     * @param bits the bits, element i in bit i
     * @param count the number of elements
     * @param defaultBits the value LLVM does not print (0, or all ones for VOP3P {@code op_sel_hi})
     */
    public static void printBitArray(StringBuilder sb, String name, int bits, int count, int defaultBits) {
        int mask = (1 << count) - 1;
        if ((bits & mask) == (defaultBits & mask)) {
            return;
        }
        sb.append(' ').append(name).append(":[");
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append((bits >>> i) & 1);
        }
        sb.append(']');
    }

    /**
     * Prints {@code " byte_sel:N"} unless N is 0.
     *
     * @param sb where to print
     * @param byteSel the byte selector
     */
    public static void printByteSel(StringBuilder sb, int byteSel) {
        if (byteSel != 0) {
            sb.append(" byte_sel:").append(byteSel);
        }
    }

    /**
     * Consumes {@code clamp} if next.
     *
     * @param cursor the text
     * @return true if consumed
     */
    public static boolean tryParseClamp(AsmCursor cursor) {
        return cursor.tryWord("clamp");
    }

    /**
     * Consumes an output modifier if next: {@code mul:1}, {@code mul:2}, {@code mul:4}, {@code div:1},
     * {@code div:2}.
     *
     * @param cursor the text
     * @return the OMOD field value (0..3), or -1 if no output modifier is next
     * @throws AsmSyntaxException for another factor
     */
    public static int tryParseOmod(AsmCursor cursor) {
        if (cursor.tryText("mul:")) {
            int at = cursor.skipBlanks().position();
            long v = cursor.scanInteger();
            if (v == 1) {
                return 0;
            }
            if (v == 2) {
                return OMOD_MUL2;
            }
            if (v == 4) {
                return OMOD_MUL4;
            }
            throw cursor.errorAt(at, "invalid mul value.");
        }
        if (cursor.tryText("div:")) {
            int at = cursor.skipBlanks().position();
            long v = cursor.scanInteger();
            if (v == 1) {
                return 0;
            }
            if (v == 2) {
                return OMOD_DIV2;
            }
            throw cursor.errorAt(at, "invalid div value.");
        }
        return -1;
    }

    /**
     * Consumes a bit-array modifier {@code name:[b0,b1,...]} with exactly {@code count} elements of 0 or 1, if
     * next.
     *
     * @param cursor the text
     * @param name the modifier name, for example {@code "neg_lo"}
     * @param count the number of elements expected
     * @return the bits (element i in bit i), or -1 if the modifier is not next
     * @throws AsmSyntaxException for a malformed array
     */
    public static int tryParseBitArray(AsmCursor cursor, String name, int count) {
        int save = cursor.skipBlanks().position();
        if (!cursor.tryWord(name) || !cursor.tryChar(':')) {
            cursor.position(save);
            return -1;
        }
        cursor.expectChar('[');
        int bits = 0;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                cursor.expectChar(',');
            }
            bits |= cursor.scanInteger(0, 1) << i;
        }
        cursor.expectChar(']');
        return bits;
    }

    /**
     * Consumes {@code byte_sel:N} (N in 0..3) if next.
     *
     * @param cursor the text
     * @return N, or -1 if not next
     */
    public static int tryParseByteSel(AsmCursor cursor) {
        if (!cursor.tryText("byte_sel:")) {
            return -1;
        }
        return cursor.scanInteger(0, 3);
    }
}
