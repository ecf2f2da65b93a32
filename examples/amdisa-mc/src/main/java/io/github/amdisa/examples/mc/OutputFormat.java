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
                int b = encoding[offset + i] & 0xff;
                out.append("0x").append(Character.forDigit(b >>> 4, 16)).append(Character.forDigit(b & 15, 16));
            }
            out.append(']');
        }
        out.append('\n');
    }
}
