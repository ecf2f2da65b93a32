package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Expands calls of expression lambdas ({@code ABSDIFF = lambda(x, y) (x > y ? x - y : y - x)}) in place, with the
 * arguments substituted for the parameters, and drops the binding statements. The parameters of AMD's lambdas are
 * untyped, so each call site is typed on its own; every node of the result is a fresh object (positions are lost
 * inside expansions) so that the checker's identity-keyed types never clash. Arguments are pure expressions in
 * these texts, so evaluating one more than once is harmless. Lambdas with a statement body are left in place and
 * reported by the checker.
 */
public final class LambdaInliner {

    private final Map<String, Expr.Lambda> lambdas = new HashMap<>();

    private LambdaInliner() {
    }

    /** The program with expression lambdas expanded; the input's nodes are reused where nothing changed. */
    public static Program inline(Program p) {
        LambdaInliner in = new LambdaInliner();
        return new Program(in.block(p.body()));
    }

    private List<Stmt> block(List<Stmt> body) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a && a.targets().size() == 1 && a.targets().get(0) instanceof Expr.Ident id
                    && a.value() instanceof Expr.Lambda l) {
                lambdas.put(id.name(), new Expr.Lambda(l.params(), expr(l.body(), Map.of())));
                continue;
            }
            out.add(stmt(s));
        }
        return out;
    }

    private Stmt stmt(Stmt s) {
        if (lambdas.isEmpty()) {
            return s;
        }
        if (s instanceof Stmt.Assign a) {
            return new Stmt.Assign(a.targets().stream().map(t -> expr(t, Map.of())).toList(), a.op(),
                    expr(a.value(), Map.of()));
        } else if (s instanceof Stmt.If f) {
            return new Stmt.If(f.branches().stream()
                    .map(b -> new Stmt.Branch(expr(b.cond(), Map.of()), block(b.body()))).toList(),
                    f.otherwise().map(this::block));
        } else if (s instanceof Stmt.For f) {
            return new Stmt.For(f.variable(), expr(f.from(), Map.of()), expr(f.to(), Map.of()), block(f.body()));
        } else if (s instanceof Stmt.While w) {
            return new Stmt.While(expr(w.cond(), Map.of()), block(w.body()));
        } else if (s instanceof Stmt.Return r) {
            return new Stmt.Return(expr(r.value(), Map.of()));
        } else if (s instanceof Stmt.ExprStmt e) {
            return new Stmt.ExprStmt(expr(e.expr(), Map.of()));
        }
        return s;
    }

    /** Copies {@code e}, replacing parameter names by {@code subst} and expanding lambda calls. */
    private Expr expr(Expr e, Map<String, Expr> subst) {
        if (e instanceof Expr.Ident id) {
            Expr r = subst.get(id.name());
            return r != null ? copy(r) : new Expr.Ident(id.name());
        } else if (e instanceof Expr.IntLit l) {
            return new Expr.IntLit(l.value(), l.width(), l.suffix(), l.hex());
        } else if (e instanceof Expr.FloatLit l) {
            return new Expr.FloatLit(l.digits(), l.width(), l.single());
        } else if (e instanceof Expr.StringLit l) {
            return new Expr.StringLit(l.value());
        } else if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), expr(u.operand(), subst));
        } else if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), expr(b.left(), subst), expr(b.right(), subst));
        } else if (e instanceof Expr.Ternary t) {
            return new Expr.Ternary(expr(t.cond(), subst), expr(t.then(), subst), expr(t.otherwise(), subst));
        } else if (e instanceof Expr.Index x) {
            return new Expr.Index(expr(x.base(), subst), expr(x.index(), subst));
        } else if (e instanceof Expr.Slice x) {
            return new Expr.Slice(expr(x.base(), subst), expr(x.hi(), subst), expr(x.lo(), subst));
        } else if (e instanceof Expr.PartSelect x) {
            return new Expr.PartSelect(expr(x.base(), subst), expr(x.start(), subst), expr(x.width(), subst));
        } else if (e instanceof Expr.Typed t) {
            return new Expr.Typed(expr(t.base(), subst), t.type());
        } else if (e instanceof Expr.Field f) {
            return new Expr.Field(expr(f.base(), subst), f.name());
        } else if (e instanceof Expr.Cast c) {
            return new Expr.Cast(c.type(), expr(c.operand(), subst));
        } else if (e instanceof Expr.Concat c) {
            return new Expr.Concat(c.parts().stream().map(p -> expr(p, subst)).toList());
        } else if (e instanceof Expr.Call c) {
            List<Expr> args = c.args().stream().map(a -> expr(a, subst)).toList();
            Expr.Lambda l = lambdas.get(c.function());
            if (l != null && l.params().size() == args.size()) {
                Map<String, Expr> inner = new HashMap<>();
                for (int i = 0; i < args.size(); i++) {
                    inner.put(l.params().get(i), args.get(i));
                }
                return expr(l.body(), inner);
            }
            return new Expr.Call(c.function(), args);
        } else if (e instanceof Expr.Lambda l) {
            return new Expr.Lambda(l.params(), expr(l.body(), Optional.<Map<String, Expr>>empty().orElse(Map.of())));
        }
        return e;
    }

    private Expr copy(Expr e) {
        return expr(e, Map.of());
    }
}
