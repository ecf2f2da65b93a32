package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.syntax.AsmCursor;
import io.github.amdisa.runtime.syntax.Expr;
import io.github.amdisa.runtime.syntax.Symbols;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The assembler symbols of one source, filled line by line as llvm-mc-22 fills them: assignments
 * ({@code i1=1}, {@code .set sym, expr}, {@code .equ sym, expr}, {@code .equiv sym, expr}) and labels. It is the
 * {@link Symbols} view an {@link Assembler} reads statements with ({@link Assembler#assemble(CharSequence,
 * Symbols)}), so each statement sees the symbols as defined above it.
 *
 * <p>The rules, measured with llvm-mc-22: a variable keeps its expression, with the variables that had a plain
 * number substituted when it was assigned ({@code x=i1+u} is {@code 1+u}); it is absolute when that expression
 * evaluates with the symbols as they are at the use ({@code q=w}, then {@code w=3}, makes {@code q} 3). {@code =},
 * {@code .set} and {@code .equ} may reassign a variable; {@code .equiv} may not define a name that exists, and a
 * name it defined may not be reassigned; no assignment may redefine a label ("redefinition of 'L0'"). A label may
 * follow a variable of the same name (the name is then the label) but not another label or an {@code .equiv}
 * ("symbol 'L0' is already defined"). A variable whose expression refers back to itself is not absolute.
 *
 * <p>Instances are not thread-safe.
 */
public final class SymbolTable implements Symbols {

    /** How an assignment was written. */
    public enum Form {
        /** {@code name = expr}. */
        EQUALS,
        /** {@code .set name, expr}. */
        SET,
        /** {@code .equ name, expr}. */
        EQU,
        /** {@code .equiv name, expr}: the name must be new and cannot be reassigned. */
        EQUIV
    }

    /**
     * A symbol assignment that was applied.
     *
     * @param name  the symbol
     * @param value its expression, a {@link Expr.Constant} when it was absolute
     * @param form  how it was written
     */
    public record Assignment(String name, Expr value, Form form) {
        /** Whether it was written as a directive ({@code .set}, {@code .equ}, {@code .equiv}), not with {@code =}. */
        public boolean directive() {
            return form != Form.EQUALS;
        }
    }

    /** A name's definition: a label (expression null) or a variable. */
    private record Entry(Expr value, boolean fixed) {
        boolean label() {
            return value == null;
        }
    }

    private final Map<String, Entry> entries = new HashMap<>();
    /** The variables being evaluated, to stop at a cycle. */
    private final Set<String> evaluating = new HashSet<>();

    @Override
    public Long value(String name) {
        Entry e = entries.get(name);
        if (e == null || e.label() || !evaluating.add(name)) {
            return null;
        }
        try {
            java.util.OptionalLong v = e.value().evaluate(this);
            return v.isPresent() ? v.getAsLong() : null;
        } finally {
            evaluating.remove(name);
        }
    }

    @Override
    public boolean isConstant(String name) {
        Entry e = entries.get(name);
        return e != null && e.value() instanceof Expr.Constant;
    }

    /**
     * Whether {@code name} is defined, as a label or a variable.
     *
     * @param name the symbol
     * @return true if defined
     */
    public boolean isDefined(String name) {
        return entries.containsKey(name);
    }

    /**
     * Whether {@code name} is a label.
     *
     * @param name the symbol
     * @return true for a label
     */
    public boolean isLabel(String name) {
        Entry e = entries.get(name);
        return e != null && e.label();
    }

    /**
     * The expression a variable was assigned.
     *
     * @param name the symbol
     * @return the expression, or null for a label or an undefined name
     */
    public Expr definition(String name) {
        Entry e = entries.get(name);
        return e == null ? null : e.value();
    }

    /**
     * Defines a label.
     *
     * @param name the label
     * @return false, defining nothing, if the name is already a label or an {@code .equiv} symbol
     */
    public boolean defineLabel(String name) {
        Entry e = entries.get(name);
        if (e != null && (e.label() || e.fixed())) {
            return false;
        }
        entries.put(name, new Entry(null, false));
        return true;
    }

    /**
     * Applies {@code statement} if it is an assignment: {@code name = expr} ({@code ==} is not one),
     * {@code .set name, expr}, {@code .equ name, expr} or {@code .equiv name, expr} (directive names in any case).
     * The expression may name this table's symbols.
     *
     * @param statement one statement without comment
     * @return the assignment, or null (nothing applied) if the statement is not one
     * @throws AsmSyntaxException for a malformed assignment or a forbidden redefinition, located in the statement as
     *                            llvm-mc-22 locates it (the name, the missing comma, the expression)
     */
    public Assignment assign(CharSequence statement) {
        AsmCursor cur = new AsmCursor(statement, 0, statement.length(), this);
        int start = cur.skipBlanks().position();
        Form form;
        String name;
        int nameEnd = cur.identifierEnd();
        if (nameEnd == start) {
            return null;
        }
        if (statement.charAt(start) == '.' && directive(statement, start, nameEnd) != null) {
            form = directive(statement, start, nameEnd);
            cur.position(nameEnd);
            int at = cur.skipBlanks().position();
            int end = cur.identifierEnd();
            if (end == at || Character.isDigit(statement.charAt(at))) {
                throw new AsmSyntaxException(at, "expected identifier");
            }
            name = statement.subSequence(at, end).toString();
            cur.position(end);
            if (!cur.tryChar(',')) {
                throw cur.error("expected comma");
            }
        } else {
            cur.position(nameEnd);
            if (cur.peek() != '=' || cur.peekRaw(1) == '=') {
                return null;
            }
            cur.expectChar('=');
            form = Form.EQUALS;
            name = statement.subSequence(start, nameEnd).toString();
        }
        int at = cur.skipBlanks().position();
        if (cur.atEnd()) {
            throw new AsmSyntaxException(at, "missing expression");
        }
        Expr value = cur.parseExpression();
        if (!cur.atEnd()) {
            throw cur.error("expected newline");
        }
        Entry old = entries.get(name);
        if (old != null && (old.label() || old.fixed() || form == Form.EQUIV)) {
            throw new AsmSyntaxException(at, "redefinition of '" + name + "'");
        }
        entries.put(name, new Entry(value, form == Form.EQUIV));
        return new Assignment(name, value, form);
    }

    /**
     * Whether {@code statement} has the shape of an assignment ({@link #assign} would apply it or report it as
     * malformed, never return null): {@code name =} (not {@code ==}) or a {@code .set}, {@code .equ} or {@code
     * .equiv} directive.
     *
     * @param statement one statement without comment
     * @return true for an assignment
     */
    public static boolean looksLikeAssignment(CharSequence statement) {
        AsmCursor cur = new AsmCursor(statement);
        int start = cur.skipBlanks().position();
        int end = cur.identifierEnd();
        if (end == start) {
            return false;
        }
        if (statement.charAt(start) == '.' && directive(statement, start, end) != null) {
            return true;
        }
        cur.position(end);
        return cur.peek() == '=' && cur.peekRaw(1) != '=';
    }

    /**
     * {@code e} with every variable replaced by its expression, recursively (a variable in a cycle stays a name):
     * what it means with the variables as they are now, in terms of labels and undefined symbols only.
     *
     * @param e the expression
     * @return the expanded expression
     */
    public Expr expand(Expr e) {
        if (e instanceof Expr.Symbol s) {
            Entry entry = entries.get(s.name());
            if (s.variant() != null || entry == null || entry.label() || !evaluating.add(s.name())) {
                return e;
            }
            try {
                return expand(entry.value());
            } finally {
                evaluating.remove(s.name());
            }
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), expand(u.operand()));
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), expand(b.left()), expand(b.right()));
        }
        return e;
    }

    private static Form directive(CharSequence s, int from, int to) {
        return switch (s.subSequence(from, to).toString().toLowerCase(Locale.ROOT)) {
            case ".set" -> Form.SET;
            case ".equ" -> Form.EQU;
            case ".equiv" -> Form.EQUIV;
            default -> null;
        };
    }
}
