package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * SDWA selectors (GFX9 and GFX10): {@code dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD}.
 *
 * <p>{@code llvm-mc-22} prints every selector the encoding has, defaults included ({@code v_mov_b32_sdwa v1, v2}
 * prints {@code dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD}); VOPC has no {@code dst_sel} /
 * {@code dst_unused}. The parser defaults omitted selectors to {@link #DWORD} and {@link #UNUSED_PRESERVE}.
 */
public final class Sdwa {
    /** Selector value of {@code DWORD}, the default. */
    public static final int DWORD = 6;
    /** {@code dst_unused} value of {@code UNUSED_PRESERVE}, the default. */
    public static final int UNUSED_PRESERVE = 2;

    private static final String[] SEL = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"};
    private static final String[] UNUSED = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};

    private Sdwa() {
    }

    /**
     * Prints {@code " name:SEL"}, for example {@code " src0_sel:WORD_1"}.
     *
     * @param sb where to print
     * @param name {@code "dst_sel"}, {@code "src0_sel"} or {@code "src1_sel"}
     * @param sel the 3-bit selector
     * @return false, printing nothing, for the reserved value 7
     */
    public static boolean printSel(StringBuilder sb, String name, int sel) {
        if (sel < 0 || sel >= SEL.length) {
            return false;
        }
        sb.append(' ').append(name).append(':').append(SEL[sel]);
        return true;
    }

    /**
     * Prints {@code " dst_unused:UNUSED_*"}.
     *
     * @param sb where to print
     * @param unused the 2-bit field
     * @return false, printing nothing, for the reserved value 3
     */
    public static boolean printDstUnused(StringBuilder sb, int unused) {
        if (unused < 0 || unused >= UNUSED.length) {
            return false;
        }
        sb.append(" dst_unused:").append(UNUSED[unused]);
        return true;
    }

    /**
     * Parses {@code name:SEL} if next.
     *
     * @param cursor the text
     * @param name {@code "dst_sel"}, {@code "src0_sel"} or {@code "src1_sel"}
     * @return the selector, or -1 if not next
     * @throws AsmSyntaxException for an unknown selector name
     */
    public static int tryParseSel(AsmCursor cursor, String name) {
        int save = cursor.skipBlanks().position();
        if (!cursor.tryWord(name) || !cursor.tryChar(':')) {
            cursor.position(save);
            return -1;
        }
        return parseName(cursor, SEL, "invalid " + name + " value");
    }

    /**
     * Parses {@code dst_unused:UNUSED_*} if next.
     *
     * @param cursor the text
     * @return the field value, or -1 if not next
     * @throws AsmSyntaxException for an unknown name
     */
    public static int tryParseDstUnused(AsmCursor cursor) {
        if (!cursor.tryText("dst_unused:")) {
            return -1;
        }
        return parseName(cursor, UNUSED, "invalid dst_unused value");
    }

    private static int parseName(AsmCursor cursor, String[] names, String error) {
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        for (int i = 0; i < names.length; i++) {
            if (cursor.regionEquals(at, end, names[i])) {
                cursor.position(end);
                return i;
            }
        }
        throw cursor.errorAt(at, error);
    }
}
