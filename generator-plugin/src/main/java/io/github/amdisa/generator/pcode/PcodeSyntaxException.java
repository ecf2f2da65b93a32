package io.github.amdisa.generator.pcode;

/**
 * A text that is not in the core pseudocode grammar, with the place where the lexer or parser stopped. The message
 * reads {@code V_FOO 3:5: expected 'then', found IDENT 'addr'}.
 */
public final class PcodeSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String instruction;
    private final int line;
    private final int column;
    private final String expected;
    private final String found;

    /**
     * @param instruction the instruction whose text this is, or {@code ""} when unknown
     * @param line 1-based line
     * @param column 1-based column
     * @param expected what the grammar allows here, e.g. {@code 'then'} or {@code expression}
     * @param found what is there, e.g. {@code IDENT 'addr'}
     */
    public PcodeSyntaxException(String instruction, int line, int column, String expected, String found) {
        super((instruction.isEmpty() ? "" : instruction + " ") + line + ":" + column + ": expected " + expected
                + ", found " + found);
        this.instruction = instruction;
        this.line = line;
        this.column = column;
        this.expected = expected;
        this.found = found;
    }

    public String instruction() {
        return instruction;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String expected() {
        return expected;
    }

    public String found() {
        return found;
    }
}
