package io.github.amdisa.examples.mc;

/**
 * llvm-mc's instruction line layout: a tab, the instruction, and with {@code -show-encoding} the encoding comment.
 * The comment's {@code ;} sits at character 41 of the line (the tab counting as one) or one space after the
 * instruction if that is longer, as measured on llvm-mc 22:
 * <pre>
 * \ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]
 * </pre>
 */
public final class OutputFormat {

    /** Index of the {@code ;} of the encoding comment in a line whose instruction is short enough. */
    public static final int COMMENT_COLUMN = 41;

    private OutputFormat() {
    }

    /**
     * Appends one instruction line, ending in a newline.
     *
     * @param out      the output
     * @param text     the instruction text
     * @param encoding the bytes, or null to omit the encoding comment
     * @param offset   where the instruction's bytes start in {@code encoding}
     * @param length   how many bytes
     */
    public static void appendInstruction(StringBuilder out, CharSequence text, byte[] encoding, int offset,
                                         int length) {
        appendInstruction(out, text, encoding, offset, length, java.util.List.of());
    }

    /**
     * Like {@link #appendInstruction(StringBuilder, CharSequence, byte[], int, int)} for an encoding with fixups:
     * their bytes print as {@code A}, and each gets llvm-mc's line {@code ;   fixup A - offset: 0, value: loop,
     * kind: fixup_si_sopp_br} under the instruction (fixups are only shown with the encoding).
     */
    public static void appendInstruction(StringBuilder out, CharSequence text, byte[] encoding, int offset,
                                         int length, java.util.List<McBackend.Fixup> fixups) {
        int lineStart = out.length();
        out.append('\t').append(text);
        if (encoding != null) {
            do {
                out.append(' ');
            } while (out.length() - lineStart < COMMENT_COLUMN);
            out.append("; encoding: [");
            for (int i = 0; i < length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                int fixup = fixupAt(fixups, i);
                if (fixup >= 0) {
                    out.append((char) ('A' + fixup));
                    continue;
                }
                int b = encoding[offset + i] & 0xff;
                out.append("0x").append(Character.forDigit(b >>> 4, 16)).append(Character.forDigit(b & 15, 16));
            }
            out.append(']');
            for (int f = 0; f < fixups.size(); f++) {
                McBackend.Fixup x = fixups.get(f);
                out.append('\n').append(" ".repeat(COMMENT_COLUMN - 1)).append(";   fixup ").append((char) ('A' + f))
                        .append(" - offset: ").append(x.firstByte()).append(", value: ").append(x.value())
                        .append(", kind: ").append(x.kind());
            }
        }
        out.append('\n');
    }

    /** The index of the fixup covering byte {@code i}, or -1. */
    private static int fixupAt(java.util.List<McBackend.Fixup> fixups, int i) {
        for (int f = 0; f < fixups.size(); f++) {
            McBackend.Fixup x = fixups.get(f);
            if (i >= x.firstByte() && i < x.firstByte() + x.bytes()) {
                return f;
            }
        }
        return -1;
    }
}
