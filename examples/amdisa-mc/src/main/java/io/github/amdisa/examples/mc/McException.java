package io.github.amdisa.examples.mc;

/**
 * A statement that does not assemble or bytes that do not decode. The message becomes the text after
 * {@code error:} (or {@code warning:}) in the llvm-mc style diagnostic, so it should read like LLVM's, e.g.
 * {@code invalid instruction} or {@code too few operands for instruction}.
 */
public final class McException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int column;
    private final int width;
    private final int skip;

    private McException(String message, int column, int width, int skip) {
        super(message);
        this.column = column;
        this.width = width;
        this.skip = skip;
    }

    /**
     * An assembler error.
     *
     * @param message the message, e.g. {@code invalid instruction}
     * @param column  0-based index into the statement where the caret goes
     * @param width   how many characters the caret underlines (1 gives {@code ^}, 5 gives {@code ^~~~~})
     * @return the exception
     */
    public static McException at(String message, int column, int width) {
        return new McException(message, Math.max(0, column), Math.max(1, width), 0);
    }

    /**
     * An assembler error with a single caret.
     *
     * @param message the message
     * @param column  0-based index into the statement
     * @return the exception
     */
    public static McException at(String message, int column) {
        return at(message, column, 1);
    }

    /**
     * Bytes that are not an instruction. The front end prints llvm-mc's {@code invalid instruction encoding} warning
     * (the message is kept for debugging) and, outside a {@code [...]} group, goes on after {@code skip} bytes.
     *
     * @param message why decoding failed
     * @param skip    how many bytes to skip; values below 1 mean 1
     * @return the exception
     */
    public static McException invalidEncoding(String message, int skip) {
        return new McException(message, 0, 1, Math.max(1, skip));
    }

    /** @return 0-based index into the assembled statement where the caret goes */
    public int column() {
        return column;
    }

    /** @return how many characters the caret underlines, at least 1 */
    public int width() {
        return width;
    }

    /** @return for decoding failures, how many bytes to skip (at least 1); 0 for assembler errors */
    public int skip() {
        return skip;
    }
}
