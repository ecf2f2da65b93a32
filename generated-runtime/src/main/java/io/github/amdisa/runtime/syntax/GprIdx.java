package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * The VGPR index mode of GFX9's {@code s_set_gpr_idx_on} (second operand) and {@code s_set_gpr_idx_mode}, as
 * LLVM prints and parses it: {@code gpr_idx(SRC0,SRC1,SRC2,DST)} naming the set bits 0-3 in that order,
 * {@code gpr_idx()} for 0, and plain hex ({@code 0x1f}) for a value with bits above 3 (what the disassembler
 * finds in the word; the assembler takes only 4-bit values). The parser takes the macro (each mode at most once,
 * in any order) or an integer expression in 0..15.
 */
public final class GprIdx {
    private static final String[] MODES = {"SRC0", "SRC1", "SRC2", "DST"};

    private GprIdx() {
    }

    /**
     * Prints the mode as LLVM's disassembler does.
     *
     * @param sb  where to print
     * @param imm the mode bits (the whole field)
     */
    public static void print(StringBuilder sb, int imm) {
        if ((imm & ~0xf) != 0) {
            sb.append("0x").append(Integer.toHexString(imm));
            return;
        }
        sb.append("gpr_idx(");
        String sep = "";
        for (int i = 0; i < MODES.length; i++) {
            if ((imm & 1 << i) != 0) {
                sb.append(sep).append(MODES[i]);
                sep = ",";
            }
        }
        sb.append(')');
    }

    /**
     * Parses {@code gpr_idx(...)} or a 4-bit integer.
     *
     * @param cursor the text
     * @return the mode bits
     * @throws AsmSyntaxException for an unknown or repeated mode, or a value outside 0..15
     */
    public static int parse(AsmCursor cursor) {
        int at = cursor.skipBlanks().position();
        if (!cursor.tryWord("gpr_idx")) {
            if (!cursor.atNumber()) {
                throw cursor.errorAt(at, "expected a VGPR index mode or an absolute expression");
            }
            long v = cursor.scanInteger();
            if (v < 0 || v > 15) {
                throw cursor.errorAt(at, "invalid immediate: only 4-bit values are legal");
            }
            return (int) v;
        }
        cursor.expectChar('(');
        int imm = 0;
        if (cursor.tryChar(')')) {
            return 0;
        }
        do {
            int modeAt = cursor.skipBlanks().position();
            int end = cursor.identifierEnd();
            int bit = -1;
            for (int i = 0; i < MODES.length; i++) {
                if (cursor.regionEquals(modeAt, end, MODES[i])) {
                    bit = 1 << i;
                }
            }
            if (bit < 0) {
                throw cursor.errorAt(modeAt, "expected a VGPR index mode");
            }
            if ((imm & bit) != 0) {
                throw cursor.errorAt(modeAt, "duplicate VGPR index mode");
            }
            imm |= bit;
            cursor.position(end);
        } while (cursor.tryChar(','));
        cursor.expectChar(')');
        return imm;
    }
}
