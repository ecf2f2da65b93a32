package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Stmt;
import io.github.amdisa.generator.pcode.types.PType;
import io.github.amdisa.generator.pcode.types.TypeRules;
import io.github.amdisa.generator.pcode.types.Typing;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a text can run with the integer CLAMP bit of its encoding: clamp saturates the result to the range of the
 * destination instead of wrapping (LLVM's saturating adds, subtractions and dot products use it). The lowering's
 * saturating variant ({@code Lowerer}, {@code saturating}) computes the text's integer +, - and * of at most 32 bits
 * exactly (in a {@code long}, saturating far outside any 32-bit range if a 32 x 32-bit product leaves it) and
 * clamps each value it writes to an operand or a slice to the written type's range.
 *
 * <p>That is the meaning of the text only where an exact value flows nowhere but into further +, - and *, into a
 * view of the same kind and at least its width, or straight into an assignment: a comparison, shift, bit operation,
 * ternary, call or narrowing cast would see a value the text means to be wrapped. This class checks exactly that on
 * the typed tree, and that the text has such arithmetic at all; a text that fails keeps refusing CLAMP.
 *
 * <p>Two further limits. Index, slice and loop bounds may be exact (bit positions, where exact and wrapped agree), but
 * their arithmetic alone does not make a text clampable. A product must not be able to leave its range by itself
 * ({@link #magnitude}: {@code u8 * u8} in a u32 dot product may, {@code u32 * u32} or {@code u24 * u24} may not):
 * AMD's Vega guide describes the integer adds as supporting saturation and LLVM selects CLAMP for saturating sums,
 * differences and dot products (D83715), but nothing says what it does to an overflowing product, so those
 * instructions keep refusing it.
 * {@link #refusal} says why a text has no saturating reading.
 */
final class Saturation {

    private final Typing typing;
    /** Locals of at most 32 bits that hold exact values: assigned an exact value, or added to. */
    private final Set<String> exactLocals = new HashSet<>();
    /** Locals assigned an integer +, - or * of any width (a carry sum such as V_ADD_CO_U32's 64-bit tmp). */
    private final Set<String> sumLocals = new HashSet<>();
    /** Assignments {@code D0.u32 = tmp.u32} whose write clamps the wider operand itself (by identity). */
    private final Set<Stmt.Assign> clampedViews =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Every assignment of the text, nested ones included (both fixpoints below walk it). */
    private final List<Stmt.Assign> assignments;
    /** Within an index, slice bound or loop bound: exact values are fine there but do not make a text clampable. */
    private int boundDepth;
    /** Per local (scalar or array): k such that every value assigned to it is below 2^k in magnitude. */
    private final java.util.Map<String, Integer> localBits = new java.util.HashMap<>();
    private boolean arithmetic;
    private boolean safe = true;
    /** Why the text has no saturating reading, or null. */
    private String unsafeBecause;

    Saturation(Typing typing) {
        this.typing = typing;
        this.assignments = assignments(typing.program().body(), new java.util.ArrayList<>());
    }

    /** The saturating reading of {@code typing}'s text under CLAMP, or null if it has none (see the class comment). */
    static Saturation of(Typing typing) {
        Saturation s = checked(typing);
        return s.safe && s.arithmetic ? s : null;
    }

    private static Saturation checked(Typing typing) {
        Saturation s = new Saturation(typing);
        s.findExactLocals();
        s.findLocalBits();
        s.statements(typing.program().body());
        return s;
    }

    private void unsafe(String why) {
        if (safe) {
            unsafeBecause = why;
        }
        safe = false;
    }

    /** Why {@code typing}'s text has no saturating reading under CLAMP ("no integer arithmetic" if none), or null. */
    static String refusal(Typing typing) {
        Saturation s = checked(typing);
        return !s.safe ? s.unsafeBecause : s.arithmetic ? null : "no integer arithmetic";
    }

    /** Whether assignment {@code a} writes the operand of its narrowing view, clamped ({@code D0.u32 = tmp.u32}). */
    boolean clampsView(Stmt.Assign a) {
        return clampedViews.contains(a);
    }

    /** The type the lowering computes an arithmetic operator in (as {@code Lowerer.arith}). */
    static PType arithType(Expr.Binary b, Typing typing) {
        return TypeRules.unify(typing.type(b.left()), typing.type(b.right())).asInt().fixed();
    }

    static boolean small(PType t) {
        return t.isInt() && !t.isArray() && t.width() <= 32;
    }

    private static boolean arithmeticOp(BinaryOp op) {
        return op == BinaryOp.ADD || op == BinaryOp.SUB || op == BinaryOp.MUL;
    }

    /** A view or cast that keeps an exact value as it is: same integer kind, at least as wide. */
    private static boolean keeps(PType from, PType to) {
        return from.isInt() && to.isInt() && from.kind() == to.kind() && to.width() >= from.width();
    }

    private boolean exact(Expr e) {
        if (e instanceof Expr.Binary b) {
            return arithmeticOp(b.op()) && small(arithType(b, typing));
        }
        if (e instanceof Expr.Ident id) {
            return exactLocals.contains(id.name()) && typing.locals().containsKey(id.name());
        }
        Expr inner = viewed(e);
        return inner != null && small(typing.type(e)) && keeps(typing.type(inner), typing.type(e)) && exact(inner);
    }

    private void findExactLocals() {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Stmt.Assign a : assignments) {
                for (Expr t : a.targets()) {
                    if (t instanceof Expr.Ident id && typing.locals().containsKey(id.name())
                            && (a.op() != Stmt.AssignOp.SET || a.value() instanceof Expr.Binary b
                            && arithmeticOp(b.op()))) {
                        sumLocals.add(id.name());
                    }
                    if (t instanceof Expr.Ident id && typing.locals().containsKey(id.name())
                            && small(typing.locals().get(id.name())) && !exactLocals.contains(id.name())
                            && (a.op() != Stmt.AssignOp.SET || exact(a.value()))) {
                        exactLocals.add(id.name());
                        changed = true;
                    }
                }
            }
        }
    }

    private static List<Stmt.Assign> assignments(List<Stmt> body, List<Stmt.Assign> out) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a) {
                out.add(a);
            } else if (s instanceof Stmt.If i) {
                i.branches().forEach(b -> assignments(b.body(), out));
                i.otherwise().ifPresent(o -> assignments(o, out));
            } else if (s instanceof Stmt.For f) {
                assignments(f.body(), out);
            } else if (s instanceof Stmt.While w) {
                assignments(w.body(), out);
            }
        }
        return out;
    }

    private void statements(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a) {
                boolean clampedWrite = true;
                for (Expr t : a.targets()) {
                    target(t);
                    clampedWrite &= !isLocal(t);
                }
                Expr viewed = viewed(a.value());
                if (clampedWrite && viewed != null && narrowsInt(viewed, a.value())
                        && (exact(viewed) || viewed instanceof Expr.Ident id && sumLocals.contains(id.name()))) {
                    // D0.u32 = tmp.u32 of a wider sum: the saturating lowering clamps tmp itself
                    arithmetic = true;
                    clampedViews.add(a);
                    value(viewed, true);
                } else {
                    value(a.value(), true);
                }
            } else if (s instanceof Stmt.If i) {
                for (Stmt.Branch b : i.branches()) {
                    value(b.cond(), false);
                    statements(b.body());
                }
                i.otherwise().ifPresent(this::statements);
            } else if (s instanceof Stmt.For f) {
                bound(f.from());
                bound(f.to());
                statements(f.body());
            } else if (s instanceof Stmt.While w) {
                value(w.cond(), false);
                statements(w.body());
            } else if (s instanceof Stmt.ExprStmt e) {
                value(e.expr(), false);
            } else if (s instanceof Stmt.Return r) {
                value(r.value(), false);
            }
        }
    }

    /** A whole local: written as it is, never clamped. */
    boolean isLocal(Expr t) {
        return t instanceof Expr.Ident id && typing.locals().containsKey(id.name());
    }

    /** The operand of an integer view or cast, or null. */
    static Expr viewed(Expr e) {
        return e instanceof Expr.Typed t ? t.base() : e instanceof Expr.Cast c ? c.operand() : null;
    }

    /**
     * A target's index and slice bounds may be exact (they index bits, far from any overflow, where an exact and a
     * wrapped value agree); the target itself is written, not read.
     */
    private void target(Expr t) {
        if (t instanceof Expr.Slice s) {
            target(s.base());
            bound(s.hi());
            bound(s.lo());
        } else if (t instanceof Expr.Typed ty) {
            target(ty.base());
        } else if (t instanceof Expr.Index x) {
            target(x.base());
            bound(x.index());
        } else if (t instanceof Expr.PartSelect p) {
            target(p.base());
            bound(p.start());
            bound(p.width());
        } else if (t instanceof Expr.Concat c) {
            // { D1, D0 } = ...: which part saturates is not a question the texts answer
            unsafe("a concatenated target");
        } else if (!(t instanceof Expr.Ident)) {
            value(t, false);
        }
    }

    /**
     * Checks {@code e}, which its parent may read exactly when {@code exactParent} (an assignment, an exact
     * arithmetic operator or a keeping view); then its operands.
     */
    private void value(Expr e, boolean exactParent) {
        if (e == null) {
            return;
        }
        boolean ex = exact(e);
        if (ex && !exactParent) {
            unsafe("an exact value read by " + e.getClass().getSimpleName() + " "
                    + io.github.amdisa.generator.pcode.Printer.print(e));
        }
        if (e instanceof Expr.Binary b) {
            boolean arith = ex;
            if (arith) {
                arithmetic |= boundDepth == 0;
                if (boundDepth == 0 && b.op() == BinaryOp.MUL
                        && magnitude(b.left()) + magnitude(b.right()) > arithType(b, typing).width()) {
                    // a product that can leave the range by itself (V_MUL_LO_U32, V_MAD_U32_U24, V_MUL_LO_U16):
                    // what CLAMP does to it is not documented; sums of small products (the dots) are fine
                    unsafe("a product that can overflow by itself");
                }
                if (!keeps(arithType(b, typing), typing.type(b))) {
                    // the lowering converts the result to the node's type: a wrap
                    unsafe("a sum converted to another type");
                }
            }
            value(b.left(), arith);
            value(b.right(), arith);
        } else if (e instanceof Expr.Typed t) {
            value(t.base(), keeps(typing.type(t.base()), typing.type(t)));
        } else if (e instanceof Expr.Cast c) {
            value(c.operand(), keeps(typing.type(c.operand()), typing.type(c)));
        } else if (e instanceof Expr.Unary u) {
            value(u.operand(), false);
        } else if (e instanceof Expr.Ternary t) {
            value(t.cond(), false);
            value(t.then(), false);
            value(t.otherwise(), false);
        } else if (e instanceof Expr.Index x) {
            value(x.base(), false);
            bound(x.index());
        } else if (e instanceof Expr.Slice s) {
            value(s.base(), false);
            bound(s.hi());
            bound(s.lo());
        } else if (e instanceof Expr.PartSelect p) {
            value(p.base(), false);
            bound(p.start());
            bound(p.width());
        } else if (e instanceof Expr.Field f) {
            value(f.base(), false);
        } else if (e instanceof Expr.Call c) {
            c.args().forEach(a -> value(a, false));
        } else if (e instanceof Expr.Concat c) {
            c.parts().forEach(p -> value(p, false));
        } else if (e instanceof Expr.Lambda || e instanceof Expr.LambdaBlock) {
            unsafe("a lambda"); // lambdas are inlined at their calls; their arithmetic is not checked here
        }
    }

    private void findLocalBits() {
        for (int round = 0; round < 70; round++) {
            boolean changed = false;
            for (Stmt.Assign a : assignments) {
                for (Expr t : a.targets()) {
                    String name = t instanceof Expr.Ident id ? id.name()
                            : t instanceof Expr.Index x && x.base() instanceof Expr.Ident id ? id.name() : root(t);
                    if (name == null || !typing.locals().containsKey(name)) {
                        continue;
                    }
                    boolean whole = t instanceof Expr.Ident
                            || t instanceof Expr.Index x && x.base() instanceof Expr.Ident;
                    int bits = whole && a.op() == Stmt.AssignOp.SET ? magnitude(a.value()) : 64;
                    if (bits > localBits.getOrDefault(name, 0)) {
                        localBits.put(name, bits);
                        changed = true;
                    }
                }
            }
            if (!changed) {
                return;
            }
        }
    }

    private static String root(Expr t) {
        while (true) {
            if (t instanceof Expr.Ident id) {
                return id.name();
            }
            t = t instanceof Expr.Slice s ? s.base() : t instanceof Expr.Typed ty ? ty.base()
                    : t instanceof Expr.Index x ? x.base() : t instanceof Expr.PartSelect p ? p.base()
                    : t instanceof Expr.Field f ? f.base() : null;
            if (t == null) {
                return null;
            }
        }
    }

    private int width(Expr e) {
        PType t = typing.type(e);
        return t.isInt() ? (t.isArray() ? t.element().width() : t.width()) : 64;
    }

    /**
     * A bound k on the magnitude of {@code e}'s values (|v| < 2^k, at most 64), from the widths its value passes
     * through: {@code 32'U(S0.u16)} and {@code u8_to_u32(S0[7 : 0].u8)} are 16 and 8.
     */
    int magnitude(Expr e) {
        int w = width(e);
        int m;
        if (e instanceof Expr.Typed || e instanceof Expr.Cast) {
            Expr inner = viewed(e);
            PType from = typing.type(inner);
            PType to = typing.type(e);
            m = !from.isInt() || !to.isInt() || from.isSigned() && !to.isSigned() ? w : Math.min(w, magnitude(inner));
        } else if (e instanceof Expr.Call c && c.args().size() == 1
                && (c.function().equals("signext") || c.function().matches("[iu][0-9]+_to_[iu][0-9]+"))) {
            m = Math.min(w, magnitude(c.args().get(0)));
        } else if (e instanceof Expr.Ternary t) {
            m = Math.max(magnitude(t.then()), magnitude(t.otherwise()));
        } else if (e instanceof Expr.IntLit l) {
            m = l.value().abs().bitLength() + 1;
        } else if (e instanceof Expr.Ident id && localBits.containsKey(id.name())) {
            m = localBits.get(id.name());
        } else if (e instanceof Expr.Index x && x.base() instanceof Expr.Ident id && localBits.containsKey(id.name())) {
            m = localBits.get(id.name());
        } else if (e instanceof Expr.Slice s && s.hi() instanceof Expr.IntLit hi && s.lo() instanceof Expr.IntLit lo) {
            m = hi.value().intValue() - lo.value().intValue() + 1;
        } else if (e instanceof Expr.Binary b && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB)) {
            m = Math.max(magnitude(b.left()), magnitude(b.right())) + 1;
        } else if (e instanceof Expr.Binary b && b.op() == BinaryOp.MUL) {
            m = magnitude(b.left()) + magnitude(b.right());
        } else {
            m = w;
        }
        return Math.max(1, Math.min(64, m));
    }

    /**
     * An index, slice or loop bound: it may be exact (bit positions and counts are far from any overflow, where an
     * exact and a wrapped value agree), and its arithmetic alone does not give the text a saturating reading.
     */
    private void bound(Expr e) {
        boundDepth++;
        value(e, true);
        boundDepth--;
    }

    /** An integer view narrower than its (at most 64-bit) integer operand. */
    boolean narrowsInt(Expr inner, Expr view) {
        PType from = typing.type(inner);
        PType to = typing.type(view);
        return from.isInt() && to.isInt() && !from.isArray() && to.width() < from.width() && from.width() <= 64;
    }
}
