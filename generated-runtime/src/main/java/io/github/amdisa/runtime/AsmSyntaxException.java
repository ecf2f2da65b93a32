package io.github.amdisa.runtime;

/**
 * Malformed assembly text. Unchecked, so generated parsers can propagate it without declaring it; the parsers in
 * this library never throw any other unchecked exception for bad text.
 *
 * <p>The location is a 0-based {@linkplain #offset() offset} into the parsed {@link CharSequence} and the matching
 * 1-based {@linkplain #column() column}, which is what {@code llvm-mc} reports ({@code <stdin>:1:19}) for a
 * single-line input.
 */
public final class AsmSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int offset;
    private final String detail;

    /**
     * Creates an exception for a problem at an offset of the text.
     *
     * @param offset 0-based offset of the offending character
     * @param detail what is wrong, without location
     */
    public AsmSyntaxException(int offset, String detail) {
        // No stack trace: the location in the text is the information, and assemblers raise and catch these
        // often while trying the candidate encodings of a statement.
        super(null, null, false, false);
        this.offset = offset;
        this.detail = detail;
    }

    /** The location and the detail, e.g. {@code column 19: invalid operand for instruction}. */
    @Override
    public String getMessage() {
        return "column " + (offset + 1) + ": " + detail;
    }

    /**
     * Returns the 0-based offset of the offending character in the parsed text.
     *
     * @return the offset
     */
    public int offset() {
        return offset;
    }

    /**
     * Returns the 1-based column of the offending character, as {@code llvm-mc} counts.
     *
     * @return the column
     */
    public int column() {
        return offset + 1;
    }

    /**
     * Returns the problem description without the location.
     *
     * @return the detail message
     */
    public String detail() {
        return detail;
    }
}
