package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;

/**
 * The {@code depctr_*} operand of {@code s_waitcnt_depctr} (GFX10, GFX11) and {@code s_wait_alu} (GFX12,
 * gfx1250). Fields: {@code sa_sdst} bit 0, {@code va_vcc} bit 1, {@code vm_vsrc} bits 4:2, {@code hold_cnt} bit 7
 * (not on gfx1010), {@code va_ssrc} bit 8, {@code va_sdst} bits 11:9, {@code va_vdst} bits 15:12; every field
 * defaults to its maximum.
 *
 * <p>LLVM prints symbolically only when no bit outside the fields is set ({@code 0xffff} prints as hex because
 * bits 5 and 6 are set); then it prints the fields that are not at their default, or all fields when every one is
 * at its default. Other values print as hex.
 */
public final class DepCtr {
    private static final String[] NAMES = {"depctr_hold_cnt", "depctr_sa_sdst", "depctr_va_vdst", "depctr_va_sdst",
        "depctr_va_ssrc", "depctr_va_vcc", "depctr_vm_vsrc"};
    private static final int[] SHIFT = {7, 0, 12, 9, 8, 1, 2};
    private static final int[] WIDTH = {1, 1, 4, 3, 1, 1, 3};

    private DepCtr() {
    }

    private static boolean hasField(Target target, int field) {
        return field != 0 || target != Target.GFX1010;
    }

    private static int fieldMask(Target target) {
        int mask = 0;
        for (int i = 0; i < NAMES.length; i++) {
            if (hasField(target, i)) {
                mask |= ((1 << WIDTH[i]) - 1) << SHIFT[i];
            }
        }
        return mask;
    }

    /**
     * Returns the encoding with every field at its default and other bits zero.
     *
     * @param target the target
     * @return 0xff9f, or 0xff1f on gfx1010
     */
    public static int defaultValue(Target target) {
        return fieldMask(target);
    }

    /**
     * Prints the operand as LLVM does.
     *
     * @param sb where to print
     * @param target the target
     * @param imm the {@code simm16}
     */
    public static void print(StringBuilder sb, Target target, int imm) {
        imm &= 0xffff;
        int mask = fieldMask(target);
        if ((imm & ~mask) != 0) {
            SourceOperands.appendHex(sb, imm);
            return;
        }
        boolean allDefault = imm == mask;
        boolean space = false;
        for (int i = 0; i < NAMES.length; i++) {
            if (!hasField(target, i)) {
                continue;
            }
            int max = (1 << WIDTH[i]) - 1;
            int v = (imm >>> SHIFT[i]) & max;
            if (allDefault || v != max) {
                sb.append(space ? " " : "").append(NAMES[i]).append('(').append(v).append(')');
                space = true;
            }
        }
    }

    /**
     * Parses {@code depctr_name(value)} items (separated by blanks, {@code &} or {@code ,}) or a raw integer.
     *
     * @param cursor the text
     * @param target the target
     * @return the {@code simm16}
     * @throws AsmSyntaxException for unknown names or values too large
     */
    public static int parse(AsmCursor cursor, Target target) {
        int at = cursor.skipBlanks().position();
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        int imm = fieldMask(target);
        int seen = 0;
        boolean first = true;
        while (first || !cursor.atEnd()) {
            if (!first) {
                SpecialSyntax.skipSeparator(cursor);
            }
            first = false;
            int itemAt = cursor.skipBlanks().position();
            int end = cursor.identifierEnd();
            int field = -1;
            for (int i = 0; i < NAMES.length; i++) {
                if (hasField(target, i) && cursor.regionEquals(itemAt, end, NAMES[i])) {
                    field = i;
                }
            }
            if (field < 0) {
                throw cursor.errorAt(itemAt, "invalid counter name");
            }
            if ((seen & 1 << field) != 0) {
                // llvm-mc-22: s_waitcnt_depctr depctr_va_vdst(1) depctr_va_vdst(2) is an error, not the last value
                throw cursor.errorAt(itemAt, "duplicate counter name " + NAMES[field]);
            }
            seen |= 1 << field;
            cursor.position(end);
            cursor.expectChar('(');
            int max = (1 << WIDTH[field]) - 1;
            int valueAt = cursor.skipBlanks().position();
            long v = cursor.scanInteger();
            if (v < 0 || v > max) {
                throw cursor.errorAt(valueAt, "invalid value for " + NAMES[field]);
            }
            cursor.expectChar(')');
            imm = (imm & ~(max << SHIFT[field])) | ((int) v << SHIFT[field]);
        }
        return imm;
    }
}
