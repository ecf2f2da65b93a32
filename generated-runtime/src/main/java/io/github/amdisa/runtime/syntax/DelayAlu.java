package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * The {@code s_delay_alu} operand (GFX11 and later): {@code instid0(VALU_DEP_1) | instskip(NEXT) |
 * instid1(SALU_CYCLE_1)}; instid0 in bits 3:0, instskip in 6:4, instid1 in 10:7.
 *
 * <p>LLVM prints the non-zero fields joined by {@code " | "}, {@code 0} when all are zero (bits above 10 are
 * ignored), and {@code /* invalid instid value *}{@code /} inside the parentheses for values without a name.
 */
public final class DelayAlu {
    private static final String[] INST_ID = {"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4",
        "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2",
        "SALU_CYCLE_3"};
    private static final String[] INST_SKIP = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};

    private DelayAlu() {
    }

    /**
     * Prints the operand as LLVM does.
     *
     * @param sb where to print
     * @param imm the {@code simm16}
     */
    public static void print(StringBuilder sb, int imm) {
        int id0 = imm & 0xf;
        int skip = (imm >>> 4) & 7;
        int id1 = (imm >>> 7) & 0xf;
        boolean any = false;
        if (id0 != 0) {
            sb.append("instid0(").append(id0 < INST_ID.length ? INST_ID[id0] : "/* invalid instid value */")
                    .append(')');
            any = true;
        }
        if (skip != 0) {
            sb.append(any ? " | " : "").append("instskip(")
                    .append(skip < INST_SKIP.length ? INST_SKIP[skip] : "/* invalid instskip value */").append(')');
            any = true;
        }
        if (id1 != 0) {
            sb.append(any ? " | " : "").append("instid1(")
                    .append(id1 < INST_ID.length ? INST_ID[id1] : "/* invalid instid value */").append(')');
            any = true;
        }
        if (!any) {
            sb.append('0');
        }
    }

    /**
     * Parses the operand: items joined by {@code |}, or a raw integer.
     *
     * @param cursor the text
     * @return the {@code simm16}
     * @throws AsmSyntaxException for unknown field or value names
     */
    public static int parse(AsmCursor cursor) {
        int at = cursor.skipBlanks().position();
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        int imm = 0;
        do {
            int itemAt = cursor.skipBlanks().position();
            if (cursor.tryWord("instid0")) {
                imm = (imm & ~0xf) | value(cursor, INST_ID, "instid");
            } else if (cursor.tryWord("instskip")) {
                imm = (imm & ~0x70) | value(cursor, INST_SKIP, "instskip") << 4;
            } else if (cursor.tryWord("instid1")) {
                imm = (imm & ~0x780) | value(cursor, INST_ID, "instid") << 7;
            } else {
                throw cursor.errorAt(itemAt, "invalid field name");
            }
        } while (cursor.tryChar('|'));
        return imm;
    }

    private static int value(AsmCursor cursor, String[] names, String what) {
        cursor.expectChar('(');
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        for (int i = 0; i < names.length; i++) {
            if (cursor.regionEquals(at, end, names[i])) {
                cursor.position(end);
                cursor.expectChar(')');
                return i;
            }
        }
        throw cursor.errorAt(at, "invalid " + what + " value");
    }
}
