package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The semantic pass: resolves every identifier and every called function of a parsed text.
 *
 * <p>Names are looked up in text order with one flat scope per text (the pseudocode has no block scoping: a local
 * assigned in both arms of an {@code if} is read after it); a lambda body gets its own scope holding its parameters
 * and sees the names bound before it. A name that is bound (assigned as a whole or in part, {@code declare}d,
 * a {@code for} variable, a lambda parameter) before it is read is a local; a name read first must be an
 * {@link Environment} name, else it is {@link NameKind#UNKNOWN} and reported. Calls resolve to a lambda bound in
 * the text, a catalogued built-in ({@link Builtins}), or another instruction written as a lower-case mnemonic;
 * anything else is reported, as is an argument count the catalogue has not seen.
 */
public final class Resolver {

    /** What a called name is. */
    public enum FunctionKind {
        /** A lambda bound earlier in the text. */
        LAMBDA,
        /** A catalogued built-in function. */
        BUILTIN,
        /** Another instruction used as a function ({@code v_max_f32(a, b)}). */
        INSTRUCTION,
        /** None of these: reported. */
        UNKNOWN
    }

    /** How serious a finding is. */
    public enum Severity { ERROR, WARNING }

    /**
     * A finding of the pass.
     *
     * @param severity errors are names that cannot be resolved; warnings are unusual but resolvable
     * @param instruction the instruction
     * @param position where, or null
     * @param message what
     */
    public record Problem(Severity severity, String instruction, ParsedText.Position position, String message) {
        @Override
        public String toString() {
            return severity + " " + instruction + " " + position + ": " + message;
        }
    }

    /**
     * The result: the kind of each {@link Expr.Ident} and {@link Expr.Call} node (by identity), the findings, and
     * the locals and lambdas the text binds.
     */
    public static final class Resolution {
        private final IdentityHashMap<Expr.Ident, NameKind> names = new IdentityHashMap<>();
        private final IdentityHashMap<Expr.Call, FunctionKind> calls = new IdentityHashMap<>();
        private final List<Problem> problems = new ArrayList<>();

        /** The kind of an identifier node of the resolved tree. */
        public NameKind kind(Expr.Ident ident) {
            return names.get(ident);
        }

        /** The kind of a call node of the resolved tree. */
        public FunctionKind kind(Expr.Call call) {
            return calls.get(call);
        }

        /** Every identifier node with its kind. */
        public Map<Expr.Ident, NameKind> names() {
            return java.util.Collections.unmodifiableMap(names);
        }

        /** Every call node with its kind. */
        public Map<Expr.Call, FunctionKind> calls() {
            return java.util.Collections.unmodifiableMap(calls);
        }

        public List<Problem> problems() {
            return java.util.Collections.unmodifiableList(problems);
        }
    }

    private final ParsedText text;
    private final String instruction;
    private final Resolution result = new Resolution();
    private Map<String, NameKind> scope = new HashMap<>();
    private int loopDepth;
    private int lambdaDepth;

    private Resolver(ParsedText text, String instruction) {
        this.text = text;
        this.instruction = instruction;
    }

    /** Resolves the names of {@code text}, the pseudocode of {@code instruction}. */
    public static Resolution resolve(ParsedText text, String instruction) {
        Resolver r = new Resolver(text, instruction);
        r.block(text.program().body());
        return r.result;
    }

    private void block(List<Stmt> body) {
        for (Stmt s : body) {
            stmt(s);
        }
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            boolean lambdaTarget = a.targets().size() == 1 && a.targets().get(0) instanceof Expr.Ident
                    && (a.value() instanceof Expr.Lambda || a.value() instanceof Expr.LambdaBlock);
            read(a.value());
            for (Expr target : a.targets()) {
                if (lambdaTarget) {
                    Expr.Ident id = (Expr.Ident) target;
                    scope.put(id.name(), NameKind.LAMBDA);
                    result.names.put(id, NameKind.LAMBDA);
                } else {
                    write(target, a.op() != Stmt.AssignOp.SET);
                }
            }
        } else if (s instanceof Stmt.If f) {
            for (Stmt.Branch b : f.branches()) {
                read(b.cond());
                block(b.body());
            }
            f.otherwise().ifPresent(this::block);
        } else if (s instanceof Stmt.For f) {
            read(f.from());
            read(f.to());
            bindIfFree(f.variable(), NameKind.LOOP_VARIABLE);
            loopDepth++;
            block(f.body());
            loopDepth--;
        } else if (s instanceof Stmt.While w) {
            read(w.cond());
            loopDepth++;
            block(w.body());
            loopDepth--;
        } else if (s instanceof Stmt.Declare d) {
            bindIfFree(d.name(), NameKind.LOCAL);
        } else if (s instanceof Stmt.Return r) {
            if (lambdaDepth == 0) {
                problem(Severity.ERROR, s, "return outside a lambda");
            }
            read(r.value());
        } else if (s instanceof Stmt.Break) {
            if (loopDepth == 0) {
                problem(Severity.ERROR, s, "break outside a loop");
            }
        } else if (s instanceof Stmt.ExprStmt e) {
            read(e.expr());
        }
    }

    /** Binds {@code name} unless it is an environment name (which keeps its kind) or already bound. */
    private void bindIfFree(String name, NameKind kind) {
        if (scope.containsKey(name)) {
            return;
        }
        NameKind env = Environment.kindOf(name);
        if (env == null || Environment.ALSO_LOCAL.contains(name)) {
            scope.put(name, kind);
        }
    }

    /** An assignment target: its root name is written (read too for {@code +=}); index expressions are read. */
    private void write(Expr target, boolean alsoRead) {
        if (target instanceof Expr.Ident id) {
            if (alsoRead || scope.containsKey(id.name())) {
                read(id);
            } else {
                bindIfFree(id.name(), NameKind.LOCAL);
                result.names.put(id, lookup(id.name()).orElseThrow());
            }
        } else if (target instanceof Expr.Index x) {
            write(x.base(), alsoRead);
            read(x.index());
        } else if (target instanceof Expr.Slice x) {
            write(x.base(), alsoRead);
            read(x.hi());
            read(x.lo());
        } else if (target instanceof Expr.PartSelect x) {
            write(x.base(), alsoRead);
            read(x.start());
            read(x.width());
        } else if (target instanceof Expr.Typed t) {
            write(t.base(), alsoRead);
        } else if (target instanceof Expr.Field f) {
            write(f.base(), alsoRead);
        } else if (target instanceof Expr.Concat c) {
            c.parts().forEach(p -> write(p, alsoRead));
        } else {
            throw new IllegalArgumentException("not a target: " + target);
        }
    }

    private Optional<NameKind> lookup(String name) {
        NameKind bound = scope.get(name);
        return Optional.ofNullable(bound != null ? bound : Environment.kindOf(name));
    }

    private void read(Expr e) {
        if (e instanceof Expr.Ident id) {
            NameKind kind = lookup(id.name()).orElse(NameKind.UNKNOWN);
            if (kind == NameKind.UNKNOWN) {
                problem(Severity.ERROR, e, "unknown identifier " + id.name() + " (read before it is bound)");
            }
            result.names.put(id, kind);
        } else if (e instanceof Expr.Unary u) {
            read(u.operand());
        } else if (e instanceof Expr.Binary b) {
            read(b.left());
            read(b.right());
        } else if (e instanceof Expr.Ternary t) {
            read(t.cond());
            read(t.then());
            read(t.otherwise());
        } else if (e instanceof Expr.Index x) {
            read(x.base());
            read(x.index());
        } else if (e instanceof Expr.Slice x) {
            read(x.base());
            read(x.hi());
            read(x.lo());
        } else if (e instanceof Expr.PartSelect x) {
            read(x.base());
            read(x.start());
            read(x.width());
        } else if (e instanceof Expr.Typed t) {
            read(t.base());
        } else if (e instanceof Expr.Field f) {
            read(f.base());
        } else if (e instanceof Expr.Cast c) {
            read(c.operand());
        } else if (e instanceof Expr.Concat c) {
            c.parts().forEach(this::read);
        } else if (e instanceof Expr.Call c) {
            call(c);
        } else if (e instanceof Expr.Lambda l) {
            lambda(l.params(), () -> read(l.body()));
        } else if (e instanceof Expr.LambdaBlock l) {
            lambda(l.params(), () -> block(l.body()));
        }
        // Literals have no names.
    }

    private void call(Expr.Call c) {
        c.args().forEach(this::read);
        String name = c.function();
        NameKind bound = scope.get(name);
        FunctionKind kind;
        if (bound == NameKind.LAMBDA) {
            kind = FunctionKind.LAMBDA;
        } else if (bound != null) {
            kind = FunctionKind.UNKNOWN;
            problem(Severity.ERROR, c, "calls " + name + ", which is a " + bound + ", not a function");
        } else if (Builtins.find(name).isPresent()) {
            Builtins.Function f = Builtins.find(name).get();
            kind = f.category() == Builtins.Category.INSTRUCTION ? FunctionKind.INSTRUCTION : FunctionKind.BUILTIN;
            if (!f.arities().contains(c.args().size())) {
                problem(Severity.WARNING, c, name + " called with " + c.args().size()
                        + " arguments; the catalogue has seen " + f.arities());
            }
        } else if (Builtins.isInstructionMnemonic(name)) {
            kind = FunctionKind.INSTRUCTION;
        } else {
            kind = FunctionKind.UNKNOWN;
            problem(Severity.ERROR, c, "unknown function " + name);
        }
        result.calls.put(c, kind);
    }

    private void lambda(List<String> params, Runnable body) {
        Map<String, NameKind> outer = scope;
        scope = new HashMap<>(outer);
        params.forEach(p -> scope.put(p, NameKind.PARAMETER));
        int savedLoops = loopDepth;
        loopDepth = 0;
        lambdaDepth++;
        body.run();
        lambdaDepth--;
        loopDepth = savedLoops;
        scope = outer;
    }

    private void problem(Severity severity, Object node, String message) {
        result.problems.add(new Problem(severity, instruction, text.position(node), message));
    }
}
