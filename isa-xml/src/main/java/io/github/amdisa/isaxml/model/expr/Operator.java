package io.github.amdisa.isaxml.model.expr;

/** The operator kinds of AMD's expression vocabulary that amdisa understands. */
public enum Operator {
    AND("&&", 2, "&&"), OR("||", 2, "||"), NOT("!", 1, "!"),
    EQ("==", 2, "=="), NE("!=", 2, "!="), LT("<", 2, "<"), LE("<=", 2, "<="), GT(">", 2, ">"), GE(">=", 2, ">="),
    BIT_AND("&", 2, "&"), BIT_OR("|", 2, "|"), BIT_XOR("^", 2, "^"), BIT_NOT("~", 1, "~"),
    SHL("<<", 2, "<<"), SHR(">>", 2, ">>"), ADD("+", 2, "+"), SUB("-", 2, "-"),
    /** {@code x .within [a, b, ...]}: x equals one of the array elements. */
    WITHIN(".within", 2, "in"),
    /** {@code x .notwithin [a, b, ...]}: x equals none of them. */
    NOT_WITHIN(".notwithin", 2, "notin"),
    /** {@code a.b}: member access; {@code INST.VOP3.SRC0} is a field of the instruction word. */
    FIELD_DEREF(".fieldderef", 2, "."),
    /** {@code [a, b, ...]}: an array constructor. */
    CONS_ARRAY(".cons_array", -1, ","),
    UNKNOWN("", -1, "?");

    private final String xml;
    private final int arity;
    private final String symbol;

    Operator(String xml, int arity, String symbol) {
        this.xml = xml;
        this.arity = arity;
        this.symbol = symbol;
    }

    /** The {@code type} attribute AMD writes. */
    public String xml() {
        return xml;
    }

    /** Number of operands, or -1 for variadic. */
    public int arity() {
        return arity;
    }

    /** The infix symbol used when printing. */
    public String symbol() {
        return symbol;
    }

    public static Operator of(String xml) {
        for (Operator o : values()) {
            if (o != UNKNOWN && o.xml.equals(xml)) {
                return o;
            }
        }
        return UNKNOWN;
    }
}
