package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.Stmt;
import java.util.List;

/**
 * Prints a tree as canonical pseudocode: one statement per line, two-space indentation, {@code ;} between
 * statements, single spaces around binary operators, parentheses only where precedence needs them (and around a
 * ternary used as a condition or a then-branch, for the reader), {@code <>} printed as {@code !=}, comments dropped.
 * Parsing the output gives a tree equal to the input.
 */
public final class Printer {

    private static final String INDENT = "  ";

    private final StringBuilder out = new StringBuilder();

    private Printer() {
    }

    /** The canonical text of a program. */
    public static String print(Program program) {
        Printer p = new Printer();
        p.block(program.body(), 0);
        return p.out.toString();
    }

    /** The canonical text of one expression. */
    public static String print(Expr e) {
        Printer p = new Printer();
        p.expr(e, 0);
        return p.out.toString();
    }

    private void block(List<Stmt> body, int depth) {
        for (int i = 0; i < body.size(); i++) {
            if (i > 0) {
                out.append(";\n");
            }
            out.append(INDENT.repeat(depth));
            stmt(body.get(i), depth);
        }
    }

    private void nestedBlock(List<Stmt> body, int depth) {
        out.append('\n');
        if (!body.isEmpty()) {
            block(body, depth + 1);
            out.append('\n');
        }
        out.append(INDENT.repeat(depth));
    }

    private void stmt(Stmt s, int depth) {
        if (s instanceof Stmt.Assign a) {
            for (Expr t : a.targets()) {
                expr(t, 0);
                out.append(' ').append(a.targets().size() > 1 ? "=" : a.op().symbol()).append(' ');
            }
            expr(a.value(), 0);
        } else if (s instanceof Stmt.If f) {
            for (int i = 0; i < f.branches().size(); i++) {
                out.append(i == 0 ? "if " : "elsif ");
                expr(f.branches().get(i).cond(), 1);
                out.append(" then");
                nestedBlock(f.branches().get(i).body(), depth);
            }
            f.otherwise().ifPresent(body -> {
                out.append("else");
                nestedBlock(body, depth);
            });
            out.append("endif");
        } else if (s instanceof Stmt.For f) {
            out.append("for ").append(f.variable()).append(" in ");
            expr(f.from(), 1);
            out.append(" : ");
            expr(f.to(), 1);
            out.append(" do");
            nestedBlock(f.body(), depth);
            out.append("endfor");
        } else if (s instanceof Stmt.While w) {
            out.append("while ");
            expr(w.cond(), 1);
            out.append(" do");
            nestedBlock(w.body(), depth);
            out.append("endwhile");
        } else if (s instanceof Stmt.Declare d) {
            out.append("declare ").append(d.name()).append(" : ").append(d.type().castSpelling());
            if (d.arrayLength() > 0) {
                out.append('[').append(d.arrayLength()).append(']');
            }
        } else if (s instanceof Stmt.Return r) {
            out.append("return ");
            expr(r.value(), 0);
        } else if (s instanceof Stmt.Break) {
            out.append("break");
        } else if (s instanceof Stmt.ExprStmt e) {
            expr(e.expr(), 0);
        } else {
            throw new IllegalArgumentException("unknown statement " + s);
        }
    }

    /**
     * Prints {@code e} where the context requires precedence above {@code minPrecedence}; 0 accepts anything,
     * 1 anything but a ternary.
     */
    private void expr(Expr e, int minPrecedence) {
        int own = precedence(e);
        boolean parens = own < minPrecedence;
        if (parens) {
            out.append('(');
        }
        exprBare(e);
        if (parens) {
            out.append(')');
        }
    }

    private static int precedence(Expr e) {
        if (e instanceof Expr.Ternary || e instanceof Expr.Lambda || e instanceof Expr.LambdaBlock) {
            return BinaryOp.TERNARY_PRECEDENCE;
        } else if (e instanceof Expr.Binary b) {
            return b.op().precedence();
        } else if (e instanceof Expr.Unary) {
            return BinaryOp.UNARY_PRECEDENCE;
        }
        return BinaryOp.UNARY_PRECEDENCE + 1; // primary and postfix forms
    }

    private void exprBare(Expr e) {
        if (e instanceof Expr.Ident i) {
            out.append(i.name());
        } else if (e instanceof Expr.IntLit l) {
            if (l.width() > 0) {
                out.append(l.width()).append('\'');
            }
            out.append(l.hex() ? "0x" + l.value().toString(16) : l.value().toString()).append(l.suffix().spelling());
        } else if (e instanceof Expr.FloatLit f) {
            if (f.width() > 0) {
                out.append(f.width()).append('\'');
            }
            out.append(f.digits()).append(f.single() ? "F" : "");
        } else if (e instanceof Expr.StringLit s) {
            out.append('"').append(s.value()).append('"');
        } else if (e instanceof Expr.Unary u) {
            out.append(u.op().symbol());
            expr(u.operand(), BinaryOp.UNARY_PRECEDENCE);
        } else if (e instanceof Expr.Binary b) {
            int p = b.op().precedence();
            expr(b.left(), b.op().rightAssociative() ? p + 1 : p);
            out.append(' ').append(b.op().symbol()).append(' ');
            expr(b.right(), b.op().rightAssociative() ? p : p + 1);
        } else if (e instanceof Expr.Ternary t) {
            expr(t.cond(), 1);
            out.append(" ? ");
            expr(t.then(), 1);
            out.append(" : ");
            expr(t.otherwise(), 0);
        } else if (e instanceof Expr.Index x) {
            postfixBase(x.base());
            out.append('[');
            expr(x.index(), 0);
            out.append(']');
        } else if (e instanceof Expr.Slice s) {
            postfixBase(s.base());
            out.append('[');
            expr(s.hi(), 0);
            out.append(" : ");
            expr(s.lo(), 0);
            out.append(']');
        } else if (e instanceof Expr.PartSelect s) {
            postfixBase(s.base());
            out.append('[');
            expr(s.start(), 0);
            out.append(" +: ");
            expr(s.width(), 0);
            out.append(']');
        } else if (e instanceof Expr.Typed t) {
            postfixBase(t.base());
            out.append('.').append(t.type().suffix());
        } else if (e instanceof Expr.Field f) {
            postfixBase(f.base());
            out.append('.').append(f.name());
        } else if (e instanceof Expr.Call c) {
            out.append(c.function()).append('(');
            list(c.args());
            out.append(')');
        } else if (e instanceof Expr.Cast c) {
            out.append(c.type().castSpelling()).append('(');
            expr(c.operand(), 0);
            out.append(')');
        } else if (e instanceof Expr.Concat c) {
            out.append("{ ");
            list(c.parts());
            out.append(" }");
        } else if (e instanceof Expr.Lambda l) {
            out.append("lambda(").append(String.join(", ", l.params())).append(") (");
            expr(l.body(), 0);
            out.append(')');
        } else if (e instanceof Expr.LambdaBlock l) {
            out.append("lambda(").append(String.join(", ", l.params())).append(") (\n");
            // Lambda blocks appear only at statement level; indent their body one step below the column 0.
            Printer inner = new Printer();
            inner.block(l.body(), 1);
            out.append(inner.out).append("\n)");
        } else {
            throw new IllegalArgumentException("unknown expression " + e);
        }
    }

    private void postfixBase(Expr base) {
        boolean parens = precedence(base) <= BinaryOp.UNARY_PRECEDENCE;
        if (parens) {
            out.append('(');
        }
        exprBare(base);
        if (parens) {
            out.append(')');
        }
    }

    private void list(List<Expr> items) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            expr(items.get(i), 0);
        }
    }
}
