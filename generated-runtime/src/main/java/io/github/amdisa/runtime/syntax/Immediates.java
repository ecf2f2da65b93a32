package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * Plain immediate operands: branch targets, {@code s_nop}-style counts and 16-bit hex immediates.
 *
 * <p>{@code llvm-mc-22 -disassemble} prints SOPP branch targets as the raw signed {@code simm16} in decimal
 * ({@code s_branch 5}, {@code s_branch -1}, {@code s_cbranch_scc0 16}), not as an address or label, and the
 * assembler accepts the same numbers back. {@code s_waitcnt_vscnt null, 0x0} and the GFX12 {@code s_wait_*}
 * counters print their 16-bit immediate in hex.
 */
public final class Immediates {
    private Immediates() {
    }

    /**
     * Prints a signed 16-bit immediate in decimal, as branch targets and {@code s_setprio}/{@code s_nop} print.
     *
     * @param sb where to print
     * @param simm16 the field (sign-extended here)
     */
    public static void printSimm16(StringBuilder sb, int simm16) {
        sb.append((short) simm16);
    }

    /**
     * Prints an unsigned 16-bit immediate in hex ({@code 0x0}, {@code 0xfffe}).
     *
     * @param sb where to print
     * @param imm16 the field
     */
    public static void printHex16(StringBuilder sb, int imm16) {
        SourceOperands.appendHex(sb, imm16 & 0xffff);
    }

    /**
     * Prints a 32-bit immediate operand in hex, as LLVM prints {@code s_setreg_imm32_b32}'s value and other
     * unsigned 32-bit immediates ({@code 0x12345}, {@code 0x5}).
     *
     * @param sb where to print
     * @param imm32 the value
     */
    public static void printHex32(StringBuilder sb, int imm32) {
        SourceOperands.appendHex(sb, imm32 & 0xffffffffL);
    }

    /**
     * Parses a 16-bit immediate, signed or unsigned ({@code -32768..65535}), and returns its 16-bit field.
     *
     * @param cursor the text
     * @return the field, 0..0xffff
     * @throws AsmSyntaxException if no integer is next or it does not fit 16 bits
     */
    public static int parse16(AsmCursor cursor) {
        int at = cursor.skipBlanks().position();
        long v = cursor.scanInteger();
        if (v < Short.MIN_VALUE || v > 0xffff) {
            throw cursor.errorAt(at, "invalid immediate: only 16-bit values are legal");
        }
        return (int) v & 0xffff;
    }
}
