package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * The {@code swizzle(...)} macro of {@code ds_swizzle_b32}'s offset, as LLVM's assembler reads it (the printer's
 * side is {@code LlvmSyntax.swizzle}):
 * <ul>
 *   <li>{@code swizzle(QUAD_PERM,a,b,c,d)}: 0x8000 with two bits per lane of a quad;</li>
 *   <li>{@code swizzle(BITMASK_PERM,"ppppp")}: five characters, most significant lane bit first, {@code 0}/{@code 1}
 *       force the bit, {@code p} keeps it, {@code i} inverts it (and, or and xor masks in bits 4:0, 9:5, 14:10);</li>
 *   <li>{@code swizzle(BROADCAST,group,lane)}, {@code swizzle(SWAP,n)}, {@code swizzle(REVERSE,n)}: the bitmask
 *       modes LLVM derives from them;</li>
 *   <li>{@code swizzle(FFT,n)} (0xe000 | n) and {@code swizzle(ROTATE,dir,size)} (0xc000 | dir &lt;&lt; 10 |
 *       size &lt;&lt; 5).</li>
 * </ul>
 */
public final class DsSwizzle {
    private DsSwizzle() {
    }

    /**
     * Tells whether the text continues with the macro.
     *
     * @param cursor the text
     * @return true if {@code swizzle(} is next
     */
    public static boolean at(AsmCursor cursor) {
        int save = cursor.position();
        boolean found = cursor.tryWord("swizzle") && cursor.peek() == '(';
        cursor.position(save);
        return found;
    }

    /**
     * Parses the macro.
     *
     * @param cursor the text, at {@code swizzle}
     * @return the 16-bit offset
     * @throws AsmSyntaxException for an unknown mode or an argument out of range
     */
    public static int parse(AsmCursor cursor) {
        cursor.expectWord("swizzle");
        cursor.expectChar('(');
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        String mode = cursor.text().subSequence(at, end).toString();
        cursor.position(end);
        int imm;
        switch (mode) {
            case "QUAD_PERM" -> {
                imm = 0x8000;
                for (int i = 0; i < 4; i++) {
                    imm |= argument(cursor, 0, 3) << 2 * i;
                }
            }
            case "BITMASK_PERM" -> {
                cursor.expectChar(',');
                int q = cursor.skipBlanks().position();
                cursor.expectChar('"');
                int and = 0;
                int or = 0;
                int xor = 0;
                for (int mask = 0x10; mask > 0; mask >>= 1) {
                    int ch = cursor.peekRaw(0);
                    switch (ch) {
                        case '0' -> {
                        }
                        case '1' -> or |= mask;
                        case 'p' -> and |= mask;
                        case 'i' -> {
                            and |= mask;
                            xor |= mask;
                        }
                        default -> throw cursor.errorAt(q, "expected a 5-character mask");
                    }
                    cursor.position(cursor.position() + 1);
                }
                cursor.expectChar('"');
                imm = and | or << 5 | xor << 10;
            }
            case "BROADCAST" -> {
                int group = powerOfTwo(cursor, 2, 32);
                int lane = argument(cursor, 0, group - 1);
                imm = (0x20 - group) | lane << 5;
            }
            case "SWAP" -> imm = 0x1f | powerOfTwo(cursor, 1, 16) << 10;
            case "REVERSE" -> imm = 0x1f | powerOfTwo(cursor, 2, 32) - 1 << 10;
            case "FFT" -> imm = 0xe000 | argument(cursor, 0, 31);
            case "ROTATE" -> {
                int dir = argument(cursor, 0, 1);
                imm = 0xc000 | dir << 10 | argument(cursor, 0, 31) << 5;
            }
            default -> throw cursor.errorAt(at, "expected a swizzle mode");
        }
        cursor.expectChar(')');
        return imm;
    }

    private static int argument(AsmCursor cursor, int min, int max) {
        cursor.expectChar(',');
        int at = cursor.skipBlanks().position();
        long v = cursor.scanInteger();
        if (v < min || v > max) {
            throw cursor.errorAt(at, "expected a value in [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    private static int powerOfTwo(AsmCursor cursor, int min, int max) {
        int at = cursor.skipBlanks().position();
        int v = argument(cursor, min, max);
        if (Integer.bitCount(v) != 1) {
            throw cursor.errorAt(at, "expected a power of two");
        }
        return v;
    }
}
