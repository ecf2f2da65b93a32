package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Expands calls of expression lambdas ({@code ABSDIFF = lambda(x, y) (x > y ? x - y : y - x)}) in place, with the
 * arguments substituted for the parameters, and drops the binding statements. The parameters of AMD's lambdas are
 * untyped, so each call site is typed on its own; every node of the result is a fresh object (positions are lost
 * inside expansions) so that the checker's identity-keyed types never clash. Arguments are pure expressions in
 * these texts, so evaluating one more than once is harmless.
 *
 * <p>Lambdas with a statement body ({@code SAT8 = lambda(n) ( if n <= 0 then return 8'0 elsif ... endif )},
 * {@code BYTE_PERMUTE} of {@code V_PERM_B32}) are expanded too when they have the shape all of AMD's have: some
 * statements without {@code return} (the prelude) followed by a return tree, i.e. a {@code return e} or an
 * {@code if}/{@code elsif}/{@code else} whose every branch is a single return tree. The return tree becomes nested
 * conditional expressions at the call; the prelude is copied, with the arguments substituted, just before the
 * statement that holds the call. The names the prelude binds ({@code declare}, {@code for}) get a fresh name per
 * expansion ({@code in} becomes {@code in__BYTE_PERMUTE_2}) so that expansions never share a local. Hoisting is
 * only done where the statement evaluates the call once, after nothing else it does: in assignments, expression
 * statements and the conditions of an {@code if} (which are pure), and the bounds of a {@code for}; not in a
 * {@code while} condition. A statement-body lambda of any other shape (a {@code return} in the prelude, an else-less
 * return tree, a prelude that assigns a name it did not bind, which would be a side effect on the caller's state)
 * is left in place and reported by the checker.
 */
public final class LambdaInliner {

    private final Map<String, Expr.Lambda> lambdas = new HashMap<>();
    private final Map<String, BlockLambda> blockLambdas = new HashMap<>();
    /** Where statements hoisted out of the statement being copied go; null where hoisting is not allowed. */
    private List<Stmt> hoist;
    private int expansions;

    /**
     * A statement-body lambda in expandable form.
     *
     * @param params the parameter names
     * @param prelude the statements before the return tree
     * @param result the return tree as one expression
     * @param locals the names the prelude binds, renamed at each expansion
     */
    private record BlockLambda(List<String> params, List<Stmt> prelude, Expr result, List<String> locals) {
    }

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
            if (s instanceof Stmt.Assign a && a.targets().size() == 1 && a.targets().get(0) instanceof Expr.Ident id
                    && a.value() instanceof Expr.LambdaBlock l) {
                Optional<BlockLambda> b = expandable(l);
                if (b.isPresent()) {
                    blockLambdas.put(id.name(), b.get());
                    continue;
                }
            }
            List<Stmt> outer = hoist;
            hoist = new ArrayList<>();
            Stmt copied = stmt(s);
            out.addAll(hoist);
            hoist = outer;
            out.add(copied);
        }
        return out;
    }

    /** The lambda split into prelude and return tree, if it has that shape. */
    private static Optional<BlockLambda> expandable(Expr.LambdaBlock l) {
        List<Stmt> body = l.body();
        if (body.isEmpty()) {
            return Optional.empty();
        }
        List<Stmt> prelude = body.subList(0, body.size() - 1);
        Set<String> locals = new LinkedHashSet<>();
        for (Stmt s : prelude) {
            if (!bindings(s, locals)) {
                return Optional.empty();
            }
        }
        for (Stmt s : prelude) {
            if (!writesOnly(s, locals)) {
                return Optional.empty();
            }
        }
        return returnTree(body.get(body.size() - 1))
                .map(r -> new BlockLambda(l.params(), List.copyOf(prelude), r, List.copyOf(locals)));
    }

    /** Collects the names {@code s} binds into {@code into}; false if {@code s} holds a return. */
    private static boolean bindings(Stmt s, Set<String> into) {
        if (s instanceof Stmt.Return) {
            return false;
        } else if (s instanceof Stmt.Declare d) {
            into.add(d.name());
        } else if (s instanceof Stmt.For f) {
            into.add(f.variable());
            return f.body().stream().allMatch(b -> bindings(b, into));
        } else if (s instanceof Stmt.While w) {
            return w.body().stream().allMatch(b -> bindings(b, into));
        } else if (s instanceof Stmt.If f) {
            return f.branches().stream().allMatch(br -> br.body().stream().allMatch(b -> bindings(b, into)))
                    && f.otherwise().map(o -> o.stream().allMatch(b -> bindings(b, into))).orElse(true);
        }
        return true;
    }

    /** Whether every assignment in {@code s} writes (a part of) one of {@code locals}. */
    private static boolean writesOnly(Stmt s, Set<String> locals) {
        if (s instanceof Stmt.Assign a) {
            for (Expr t : a.targets()) {
                Expr base = t;
                while (!(base instanceof Expr.Ident)) {
                    if (base instanceof Expr.Index x) {
                        base = x.base();
                    } else if (base instanceof Expr.Slice x) {
                        base = x.base();
                    } else if (base instanceof Expr.PartSelect x) {
                        base = x.base();
                    } else if (base instanceof Expr.Typed x) {
                        base = x.base();
                    } else {
                        return false;
                    }
                }
                if (!locals.contains(((Expr.Ident) base).name())) {
                    return false;
                }
            }
        } else if (s instanceof Stmt.For f) {
            return f.body().stream().allMatch(b -> writesOnly(b, locals));
        } else if (s instanceof Stmt.While w) {
            return w.body().stream().allMatch(b -> writesOnly(b, locals));
        } else if (s instanceof Stmt.If f) {
            return f.branches().stream().allMatch(br -> br.body().stream().allMatch(b -> writesOnly(b, locals)))
                    && f.otherwise().map(o -> o.stream().allMatch(b -> writesOnly(b, locals))).orElse(true);
        }
        return true;
    }

    /** {@code return e} as e; an if-chain of single return trees with an else as nested conditionals. */
    private static Optional<Expr> returnTree(Stmt s) {
        if (s instanceof Stmt.Return r) {
            return Optional.of(r.value());
        }
        if (!(s instanceof Stmt.If f) || f.otherwise().isEmpty() || f.otherwise().get().size() != 1) {
            return Optional.empty();
        }
        Optional<Expr> tree = returnTree(f.otherwise().get().get(0));
        for (int i = f.branches().size() - 1; i >= 0 && tree.isPresent(); i--) {
            Stmt.Branch b = f.branches().get(i);
            if (b.body().size() != 1) {
                return Optional.empty();
            }
            Optional<Expr> then = returnTree(b.body().get(0));
            Expr otherwise = tree.get();
            tree = then.map(t -> new Expr.Ternary(b.cond(), t, otherwise));
        }
        return tree;
    }

    private Stmt stmt(Stmt s) {
        return stmt(s, Map.of());
    }

    /** Copies {@code s} with {@code subst} applied; For and Declare names are renamed by Ident entries of it. */
    private Stmt stmt(Stmt s, Map<String, Expr> subst) {
        if (lambdas.isEmpty() && blockLambdas.isEmpty()) {
            return s;
        }
        if (s instanceof Stmt.Declare d) {
            return subst.get(d.name()) instanceof Expr.Ident r ? new Stmt.Declare(r.name(), d.type(), d.arrayLength())
                    : s;
        }
        if (s instanceof Stmt.Assign a) {
            return new Stmt.Assign(a.targets().stream().map(t -> expr(t, subst)).toList(), a.op(),
                    expr(a.value(), subst));
        } else if (s instanceof Stmt.If f) {
            return new Stmt.If(f.branches().stream()
                    .map(b -> new Stmt.Branch(expr(b.cond(), subst), block(b.body(), subst))).toList(),
                    f.otherwise().map(o -> block(o, subst)));
        } else if (s instanceof Stmt.For f) {
            String v = subst.get(f.variable()) instanceof Expr.Ident r ? r.name() : f.variable();
            return new Stmt.For(v, expr(f.from(), subst), expr(f.to(), subst), block(f.body(), subst));
        } else if (s instanceof Stmt.While w) {
            List<Stmt> outer = hoist;
            hoist = null; // the condition is evaluated again at every iteration
            Expr cond = expr(w.cond(), subst);
            hoist = outer;
            return new Stmt.While(cond, block(w.body(), subst));
        } else if (s instanceof Stmt.Return r) {
            return new Stmt.Return(expr(r.value(), subst));
        } else if (s instanceof Stmt.ExprStmt e) {
            return new Stmt.ExprStmt(expr(e.expr(), subst));
        }
        return s;
    }

    /** A nested block: with no substitution as {@link #block(List)}, else statement by statement. */
    private List<Stmt> block(List<Stmt> body, Map<String, Expr> subst) {
        if (subst.isEmpty()) {
            return block(body);
        }
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : body) {
            List<Stmt> outer = hoist;
            hoist = new ArrayList<>();
            Stmt copied = stmt(s, subst);
            out.addAll(hoist);
            hoist = outer;
            out.add(copied);
        }
        return out;
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
            BlockLambda bl = blockLambdas.get(c.function());
            if (bl != null && bl.params().size() == args.size() && hoist != null) {
                return expandBlock(c.function(), bl, args);
            }
            return new Expr.Call(c.function(), args);
        } else if (e instanceof Expr.Lambda l) {
            return new Expr.Lambda(l.params(), expr(l.body(), Optional.<Map<String, Expr>>empty().orElse(Map.of())));
        }
        return e;
    }

    /** Hoists the prelude of {@code l} for this call, with fresh local names, and returns its result. */
    private Expr expandBlock(String name, BlockLambda l, List<Expr> args) {
        int n = ++expansions;
        Map<String, Expr> inner = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            inner.put(l.params().get(i), args.get(i));
        }
        for (String local : l.locals()) {
            inner.put(local, new Expr.Ident(local + "__" + name + "_" + n));
        }
        List<Stmt> sink = hoist;
        for (Stmt s : l.prelude()) {
            hoist = new ArrayList<>();
            Stmt copied = stmt(s, inner);
            sink.addAll(hoist);
            sink.add(copied);
        }
        hoist = sink;
        return expr(l.result(), inner);
    }

    private Expr copy(Expr e) {
        return expr(e, Map.of());
    }
}
