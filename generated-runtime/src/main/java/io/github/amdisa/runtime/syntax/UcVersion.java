package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * The {@code s_version} operand (GFX10 and later) as LLVM's disassembler prints it: the microcode version in bits
 * 7:0 by its symbol ({@code UC_VERSION_GFX7} = 0, {@code UC_VERSION_GFX10} = 4, {@code UC_VERSION_GFX11} = 6,
 * {@code UC_VERSION_GFX12} = 9) or in decimal, then each set flag ({@code UC_VERSION_W64_BIT} = 0x2000,
 * {@code UC_VERSION_W32_BIT} = 0x4000, {@code UC_VERSION_MDP_BIT} = 0x8000) or-ed on as a left-nested expression:
 * {@code s_version (246|UC_VERSION_W64_BIT)|UC_VERSION_MDP_BIT} for 0xa0f6. A value with any of bits 12:8 set is not
 * symbolic (llvm-mc-22 prints {@code s_version 0x106}).
 */
public final class UcVersion {
    private static final String[] FLAG_NAMES = {"UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT", "UC_VERSION_MDP_BIT"};
    private static final int[] FLAG_BITS = {0x2000, 0x4000, 0x8000};
    private static final String[] VERSION_NAMES = {"UC_VERSION_GFX7", "UC_VERSION_GFX10", "UC_VERSION_GFX11",
        "UC_VERSION_GFX12"};
    private static final int[] VERSION_CODES = {0, 4, 6, 9};

    private UcVersion() {
    }

    /**
     * Prints the operand as LLVM does, if it has a symbolic form.
     *
     * @param sb  where to print
     * @param imm the {@code simm16}
     * @return false (nothing printed) when bits 12:8 are set: LLVM then prints the plain immediate
     */
    public static boolean print(StringBuilder sb, int imm) {
        if ((imm & 0x1f00) != 0) {
            return false;
        }
        String expr = Integer.toString(imm & 0xff);
        for (int i = 0; i < VERSION_CODES.length; i++) {
            if (VERSION_CODES[i] == (imm & 0xff)) {
                expr = VERSION_NAMES[i];
            }
        }
        boolean binary = false;
        for (int i = 0; i < FLAG_BITS.length; i++) {
            if ((imm & FLAG_BITS[i]) != 0) {
                expr = (binary ? "(" + expr + ")" : expr) + "|" + FLAG_NAMES[i];
                binary = true;
            }
        }
        sb.append(expr);
        return true;
    }

    /**
     * Parses the operand: integers and the symbols above joined by {@code |}, with parentheses.
     *
     * @param cursor the text
     * @return the {@code simm16}
     * @throws AsmSyntaxException for an unknown symbol
     */
    public static int parse(AsmCursor cursor) {
        int imm = term(cursor);
        while (cursor.tryChar('|')) {
            imm |= term(cursor);
        }
        return imm;
    }

    private static int term(AsmCursor cursor) {
        int at = cursor.skipBlanks().position();
        if (cursor.tryChar('(')) {
            int imm = parse(cursor);
            cursor.expectChar(')');
            return imm;
        }
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        int end = cursor.identifierEnd();
        for (int i = 0; i < VERSION_NAMES.length; i++) {
            if (cursor.regionEquals(at, end, VERSION_NAMES[i])) {
                cursor.position(end);
                return VERSION_CODES[i];
            }
        }
        for (int i = 0; i < FLAG_NAMES.length; i++) {
            if (cursor.regionEquals(at, end, FLAG_NAMES[i])) {
                cursor.position(end);
                return FLAG_BITS[i];
            }
        }
        throw cursor.errorAt(at, "expected an absolute expression");
    }
}
