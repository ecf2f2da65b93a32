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
     * Whether LLVM prints an instruction's plain 16-bit immediate ({@code simm16}) in hex whatever its value. LLVM
     * declares these operands {@code s16imm}/{@code u16imm} and prints them with {@code formatHex}: every SOPK
     * constant ({@code s_movk_i32 s0, 0x1}, {@code s_cmpk_eq_u32 s1, 0x0}, {@code s_waitcnt_vscnt null, 0x0}) and the
     * SOPP instructions below ({@code s_clause 0x0}, {@code s_round_mode 0x1}, {@code s_wait_loadcnt 0x0}); the other
     * SOPP immediates ({@code i16imm}/{@code i32imm}: {@code s_nop}, {@code s_sleep}, {@code s_setprio},
     * {@code s_denorm_mode}, {@code s_barrier_wait}) print in decimal up to 64. Operands with their own syntax
     * (labels, hwreg, waitcnt, sendmsg) never get here.
     *
     * @param family the encoding family ({@code SOPK}, {@code SOPP}, ...)
     * @param instruction the AMD instruction name
     * @return true to print the immediate with {@link #printHex16}
     */
    public static boolean isHex16(String family, String instruction) {
        if (family.startsWith("SOPK")) {
            return true;
        }
        if (!family.startsWith("SOPP")) {
            return false;
        }
        return switch (instruction) {
            case "S_INST_PREFETCH", "S_CLAUSE", "S_ROUND_MODE", "S_TTRACEDATA_IMM", "S_WAIT_EVENT" -> true;
            default -> instruction.startsWith("S_WAIT_") && instruction.endsWith("CNT")
                    || instruction.startsWith("S_WAIT_") && instruction.contains("CNT_");
        };
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
