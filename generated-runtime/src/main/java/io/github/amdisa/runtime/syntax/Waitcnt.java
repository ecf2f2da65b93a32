package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;

/**
 * The {@code s_waitcnt} operand: {@code vmcnt(0) expcnt(0) lgkmcnt(0)}. Bit layouts (learned from
 * {@code llvm-mc-22 -show-encoding}):
 * <ul>
 *   <li>GFX9: vmcnt bits 3:0 and 15:14, expcnt 6:4, lgkmcnt 11:8 (max 63 / 7 / 15);</li>
 *   <li>GFX10: as GFX9 but lgkmcnt 13:8 (max 63);</li>
 *   <li>GFX11 and GFX12 (gfx1200 still accepts {@code s_waitcnt}): expcnt 2:0, lgkmcnt 9:4, vmcnt 15:10;</li>
 *   <li>gfx1250 has no {@code s_waitcnt}.</li>
 * </ul>
 * LLVM prints the counters that are below their maximum, all three when none is (bits outside the fields are
 * ignored: {@code 0xffff} prints {@code vmcnt(63) expcnt(7) lgkmcnt(15)} on GFX9). Parsing starts from all
 * counters at maximum and other bits zero; items may be separated by blanks, {@code &} or {@code ,}; the
 * {@code _sat} forms clamp to the maximum; a bare integer is taken as the raw field.
 */
public final class Waitcnt {
    private Waitcnt() {
    }

    /**
     * Returns the largest vmcnt.
     *
     * @param target the target
     * @return 63
     */
    public static int vmcntMax(Target target) {
        return 63;
    }

    /**
     * Returns the largest expcnt.
     *
     * @param target the target
     * @return 7
     */
    public static int expcntMax(Target target) {
        return 7;
    }

    /**
     * Returns the largest lgkmcnt.
     *
     * @param target the target
     * @return 15 on GFX9, 63 later
     */
    public static int lgkmcntMax(Target target) {
        return target.dialect() == Dialect.GFX9 ? 15 : 63;
    }

    /**
     * Extracts vmcnt from an encoded {@code simm16}.
     *
     * @param target the target
     * @param imm the operand
     * @return the counter
     */
    public static int vmcnt(Target target, int imm) {
        if (target.dialect().isGfx11Plus()) {
            return (imm >>> 10) & 0x3f;
        }
        return (imm & 0xf) | ((imm >>> 10) & 0x30);
    }

    /**
     * Extracts expcnt.
     *
     * @param target the target
     * @param imm the operand
     * @return the counter
     */
    public static int expcnt(Target target, int imm) {
        return target.dialect().isGfx11Plus() ? imm & 7 : (imm >>> 4) & 7;
    }

    /**
     * Extracts lgkmcnt.
     *
     * @param target the target
     * @param imm the operand
     * @return the counter
     */
    public static int lgkmcnt(Target target, int imm) {
        if (target.dialect().isGfx11Plus()) {
            return (imm >>> 4) & 0x3f;
        }
        return (imm >>> 8) & lgkmcntMax(target);
    }

    /**
     * Encodes the three counters (other bits zero).
     *
     * @param target the target
     * @param vmcnt 0..63
     * @param expcnt 0..7
     * @param lgkmcnt 0..15 on GFX9, 0..63 later
     * @return the {@code simm16}
     */
    public static int encode(Target target, int vmcnt, int expcnt, int lgkmcnt) {
        if (target.dialect().isGfx11Plus()) {
            return (vmcnt & 0x3f) << 10 | (lgkmcnt & 0x3f) << 4 | (expcnt & 7);
        }
        return (vmcnt & 0xf) | (vmcnt & 0x30) << 10 | (expcnt & 7) << 4 | (lgkmcnt & lgkmcntMax(target)) << 8;
    }

    /**
     * Prints the operand as LLVM does.
     *
     * @param sb where to print
     * @param target the target
     * @param imm the {@code simm16}
     */
    public static void print(StringBuilder sb, Target target, int imm) {
        int vm = vmcnt(target, imm);
        int exp = expcnt(target, imm);
        int lgkm = lgkmcnt(target, imm);
        boolean all = vm == vmcntMax(target) && exp == expcntMax(target) && lgkm == lgkmcntMax(target);
        boolean space = false;
        if (all || vm != vmcntMax(target)) {
            sb.append("vmcnt(").append(vm).append(')');
            space = true;
        }
        if (all || exp != expcntMax(target)) {
            sb.append(space ? " " : "").append("expcnt(").append(exp).append(')');
            space = true;
        }
        if (all || lgkm != lgkmcntMax(target)) {
            sb.append(space ? " " : "").append("lgkmcnt(").append(lgkm).append(')');
        }
    }

    /**
     * Parses the operand: counter items or a raw integer.
     *
     * @param cursor the text
     * @param target the target
     * @return the {@code simm16}
     * @throws AsmSyntaxException for malformed items, unknown counters or values too large
     */
    public static int parse(AsmCursor cursor, Target target) {
        int at = cursor.skipBlanks().position();
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        int vm = vmcntMax(target);
        int exp = expcntMax(target);
        int lgkm = lgkmcntMax(target);
        boolean first = true;
        while (first || !cursor.atEnd() && AsmCursor.isIdentifierStart(peekAfterSeparator(cursor))) {
            if (!first) {
                SpecialSyntax.skipSeparator(cursor);
            }
            first = false;
            int itemAt = cursor.skipBlanks().position();
            int end = cursor.identifierEnd();
            String[] names = {"vmcnt", "expcnt", "lgkmcnt", "vmcnt_sat", "expcnt_sat", "lgkmcnt_sat"};
            int which = -1;
            for (int i = 0; i < names.length; i++) {
                if (cursor.regionEquals(itemAt, end, names[i])) {
                    which = i;
                }
            }
            if (which < 0) {
                throw cursor.errorAt(itemAt, "invalid counter name");
            }
            cursor.position(end);
            cursor.expectChar('(');
            int valueAt = cursor.skipBlanks().position();
            long v = cursor.scanInteger();
            cursor.expectChar(')');
            int max = which % 3 == 0 ? vmcntMax(target) : which % 3 == 1 ? expcntMax(target) : lgkmcntMax(target);
            if (v < 0 || v > max && which < 3) {
                throw cursor.errorAt(valueAt, "too large value for " + names[which]);
            }
            int value = (int) Math.min(v, max);
            if (which % 3 == 0) {
                vm = value;
            } else if (which % 3 == 1) {
                exp = value;
            } else {
                lgkm = value;
            }
        }
        return encode(target, vm, exp, lgkm);
    }

    private static int peekAfterSeparator(AsmCursor cursor) {
        int save = cursor.position();
        SpecialSyntax.skipSeparator(cursor);
        int c = cursor.peek();
        cursor.position(save);
        return c;
    }
}
