package io.github.amdisa.generator.pcode.ast;

/**
 * Binary operators with their precedence (higher binds tighter). AMD's guides define none; this is C's order with
 * {@code **} above the multiplicative operators, which the README of the pseudocode data shows to parse every text
 * the same way as any other C-like choice. All are left-associative except {@code **}.
 */
public enum BinaryOp {
    LOGICAL_OR("||", 1),
    LOGICAL_AND("&&", 2),
    BIT_OR("|", 3),
    BIT_XOR("^", 4),
    BIT_AND("&", 5),
    /** Equality. */
    EQ("==", 6),
    /** Inequality, spelled {@code !=} or {@code <>} in the guides; printed as {@code !=}. */
    NE("!=", 6),
    LT("<", 7),
    LE("<=", 7),
    GT(">", 7),
    GE(">=", 7),
    SHL("<<", 8),
    SHR(">>", 8),
    ADD("+", 9),
    SUB("-", 9),
    MUL("*", 10),
    DIV("/", 10),
    MOD("%", 10),
    /** Exponentiation, right-associative: {@code 2.0 ** 64}. */
    POW("**", 11);

    /** Precedence of the ternary operator, below every binary operator. */
    public static final int TERNARY_PRECEDENCE = 0;
    /** Precedence of prefix operators, above every binary operator. */
    public static final int UNARY_PRECEDENCE = 12;

    private final String symbol;
    private final int precedence;

    BinaryOp(String symbol, int precedence) {
        this.symbol = symbol;
        this.precedence = precedence;
    }

    public String symbol() {
        return symbol;
    }

    public int precedence() {
        return precedence;
    }

    public boolean rightAssociative() {
        return this == POW;
    }

    /** The operator a token spells, or null; {@code <>} is {@link #NE}. */
    public static BinaryOp forSymbol(String symbol) {
        if (symbol.equals("<>")) {
            return NE;
        }
        for (BinaryOp op : values()) {
            if (op.symbol.equals(symbol)) {
                return op;
            }
        }
        return null;
    }
}
