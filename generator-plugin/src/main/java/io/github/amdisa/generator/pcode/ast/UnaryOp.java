package io.github.amdisa.generator.pcode.ast;

/** Prefix operators. They bind tighter than every binary operator. */
public enum UnaryOp {
    /** {@code -x}: arithmetic negation. */
    NEG("-"),
    /** {@code +x}: identity ({@code +INF}). */
    PLUS("+"),
    /** {@code !x}: logical not. */
    NOT("!"),
    /** {@code ~x}: bitwise complement. */
    BIT_NOT("~");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
