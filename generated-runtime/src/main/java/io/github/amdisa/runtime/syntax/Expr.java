package io.github.amdisa.runtime.syntax;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * An assembler expression kept as a tree because it is not (yet) a number: it names a label, an undefined symbol or
 * a symbol variant ({@code u@rel32@lo}), or divides by zero. {@link AsmCursor#parseExpression()} builds it;
 * {@link #evaluate(Symbols)} reduces it when its symbols have values; {@link #toString()} prints it as llvm-mc-22
 * prints a fixup's value ({@code u+1}, {@code (u*2)-1}, {@code u-(v+w)}), and {@link #pcRelative()} tells which
 * fixup kind llvm-mc-22 gives a literal holding it.
 *
 * <p>Semantics are those of LLVM's absolute expressions, measured with llvm-mc-22: 64-bit two's complement,
 * signed {@code /} and {@code %}, logical {@code >>}, comparisons giving -1 (true) or 0, {@code &&} and
 * {@code ||} giving 1 or 0, unary {@code !} giving 1 or 0, and {@code a ! b} meaning {@code a | ~b}.
 */
public sealed interface Expr permits Expr.Constant, Expr.Symbol, Expr.Unary, Expr.Binary {

    /**
     * A number.
     *
     * @param value the value
     */
    record Constant(long value) implements Expr {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /**
     * A reference to a symbol, with an optional relocation variant.
     *
     * @param name    the symbol name
     * @param variant the variant in lower case ({@code rel32@lo}, {@code abs32@hi}, ...; one of {@link #VARIANTS}),
     *                or null
     */
    record Symbol(String name, String variant) implements Expr {
        @Override
        public String toString() {
            return variant == null ? name : name + "@" + variant;
        }
    }

    /**
     * A unary operator.
     *
     * @param op      {@code -}, {@code +}, {@code ~} or {@code !}
     * @param operand the operand
     */
    record Unary(char op, Expr operand) implements Expr {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            print(this, sb);
            return sb.toString();
        }
    }

    /**
     * A binary operator.
     *
     * @param op    the operator
     * @param left  the left operand
     * @param right the right operand
     */
    record Binary(Op op, Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            print(this, sb);
            return sb.toString();
        }
    }

    /** The binary operators with LLVM's (GNU) precedences: higher binds tighter; all are left-associative. */
    enum Op {
        /** {@code ||}. */
        LOR("||", 1),
        /** {@code &&}. */
        LAND("&&", 2),
        /** {@code ==}. */
        EQ("==", 3),
        /** {@code !=} (also written {@code <>}). */
        NE("!=", 3),
        /** {@code <}. */
        LT("<", 3),
        /** {@code <=}. */
        LE("<=", 3),
        /** {@code >}. */
        GT(">", 3),
        /** {@code >=}. */
        GE(">=", 3),
        /** {@code +}. */
        ADD("+", 4),
        /** {@code -}. */
        SUB("-", 4),
        /** {@code |}. */
        OR("|", 5),
        /** {@code ^}. */
        XOR("^", 5),
        /** {@code &}. */
        AND("&", 5),
        /** {@code !} between operands: {@code a | ~b}. */
        OR_NOT("!", 5),
        /** {@code *}. */
        MUL("*", 6),
        /** {@code /}, signed. */
        DIV("/", 6),
        /** {@code %}, signed. */
        MOD("%", 6),
        /** {@code <<}. */
        SHL("<<", 6),
        /** {@code >>}, logical. */
        SHR(">>", 6);

        private final String text;
        private final int precedence;

        Op(String text, int precedence) {
            this.text = text;
            this.precedence = precedence;
        }

        /** The operator as llvm-mc prints it. */
        public String text() {
            return text;
        }

        /** The precedence, 1 ({@code ||}) to 6 ({@code * / % << >>}). */
        public int precedence() {
            return precedence;
        }

        /**
         * Applies the operator.
         *
         * @return the value, or empty for a division or remainder by zero (not absolute in LLVM either)
         */
        public OptionalLong apply(long a, long b) {
            return switch (this) {
                case LOR -> OptionalLong.of(a != 0 || b != 0 ? 1 : 0);
                case LAND -> OptionalLong.of(a != 0 && b != 0 ? 1 : 0);
                case EQ -> OptionalLong.of(a == b ? -1 : 0);
                case NE -> OptionalLong.of(a != b ? -1 : 0);
                case LT -> OptionalLong.of(a < b ? -1 : 0);
                case LE -> OptionalLong.of(a <= b ? -1 : 0);
                case GT -> OptionalLong.of(a > b ? -1 : 0);
                case GE -> OptionalLong.of(a >= b ? -1 : 0);
                case ADD -> OptionalLong.of(a + b);
                case SUB -> OptionalLong.of(a - b);
                case OR -> OptionalLong.of(a | b);
                case XOR -> OptionalLong.of(a ^ b);
                case AND -> OptionalLong.of(a & b);
                case OR_NOT -> OptionalLong.of(a | ~b);
                case MUL -> OptionalLong.of(a * b);
                case DIV -> b == 0 ? OptionalLong.empty() : OptionalLong.of(a / b);
                case MOD -> b == 0 ? OptionalLong.empty() : OptionalLong.of(a % b);
                case SHL -> OptionalLong.of(a << b);
                case SHR -> OptionalLong.of(a >>> b);
            };
        }
    }

    /**
     * The relocation variants llvm-mc-22 accepts after a symbol on AMDGPU ({@code sym@rel32@lo}); others are
     * "invalid variant".
     */
    List<String> VARIANTS = List.of("gotpcrel", "gotpcrel32@lo", "gotpcrel32@hi", "rel32@lo", "rel32@hi", "rel64",
            "abs32@lo", "abs32@hi", "abs64");

    /**
     * The variant {@code text} names (case-insensitive), in lower case, or null if it names none.
     *
     * @param text the text after {@code @}
     * @return the variant, or null
     */
    static String variant(String text) {
        String v = text.toLowerCase(Locale.ROOT);
        return VARIANTS.contains(v) ? v : null;
    }

    /**
     * Evaluates the expression as LLVM evaluates an absolute one: symbols through {@link Symbols#value}, a
     * symbol with a variant never.
     *
     * @param symbols the symbols, or null for none
     * @return the value, or empty if the expression is not absolute
     */
    default OptionalLong evaluate(Symbols symbols) {
        if (this instanceof Constant c) {
            return OptionalLong.of(c.value());
        }
        if (this instanceof Symbol s) {
            Long v = s.variant() != null || symbols == null ? null : symbols.value(s.name());
            return v == null ? OptionalLong.empty() : OptionalLong.of(v);
        }
        if (this instanceof Unary u) {
            OptionalLong v = u.operand().evaluate(symbols);
            if (v.isEmpty()) {
                return v;
            }
            long x = v.getAsLong();
            return OptionalLong.of(switch (u.op()) {
                case '-' -> -x;
                case '~' -> ~x;
                case '!' -> x == 0 ? 1 : 0;
                default -> x;
            });
        }
        Binary b = (Binary) this;
        OptionalLong l = b.left().evaluate(symbols);
        if (l.isEmpty()) {
            return l;
        }
        OptionalLong r = b.right().evaluate(symbols);
        return r.isEmpty() ? r : b.op().apply(l.getAsLong(), r.getAsLong());
    }

    /**
     * Whether llvm-mc-22 gives a literal holding this expression a PC-relative fixup ({@code FK_PCRel_4}) rather
     * than a data fixup ({@code FK_Data_4}): it does when a symbol without an absolute variant ({@code @abs32@lo},
     * {@code @abs32@hi}, {@code @abs64}) occurs outside every subtraction ({@code u}, {@code u+1}, {@code -u},
     * {@code u*2}), and not for {@code u-1}, {@code L1-L0}, {@code (u-1)*2} or a symbol-free expression.
     *
     * @return true for the PC-relative kind
     */
    default boolean pcRelative() {
        if (this instanceof Symbol s) {
            return s.variant() == null || !s.variant().startsWith("abs");
        }
        if (this instanceof Unary u) {
            return u.operand().pcRelative();
        }
        if (this instanceof Binary b) {
            return b.op() != Op.SUB && (b.left().pcRelative() || b.right().pcRelative());
        }
        return false;
    }

    /**
     * Appends the expression as llvm-mc-22 prints it: numbers in signed decimal; the operand of a unary operator
     * and the right operand of a binary one in parentheses when they are binary; the left operand too, except in
     * a chain of {@code +} and {@code -} ({@code u+1-2}, {@code (u*2)-1}); {@code x+(-n)} as {@code x-n}.
     *
     * @param e  the expression
     * @param sb where to print
     */
    static void print(Expr e, StringBuilder sb) {
        if (e instanceof Unary u) {
            sb.append(u.op());
            printOperand(u.operand(), sb);
        } else if (e instanceof Binary b) {
            boolean additive = b.op() == Op.ADD || b.op() == Op.SUB;
            if (b.left() instanceof Binary l && !(additive && (l.op() == Op.ADD || l.op() == Op.SUB))) {
                sb.append('(');
                print(l, sb);
                sb.append(')');
            } else {
                print(b.left(), sb);
            }
            if (b.op() == Op.ADD && b.right() instanceof Constant c && c.value() < 0) {
                sb.append('-').append(Long.toUnsignedString(-c.value()));
                return;
            }
            sb.append(b.op().text());
            printOperand(b.right(), sb);
        } else {
            sb.append(e);
        }
    }

    private static void printOperand(Expr e, StringBuilder sb) {
        if (e instanceof Binary) {
            sb.append('(');
            print(e, sb);
            sb.append(')');
        } else {
            print(e, sb);
        }
    }
}
