package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.Environment;
import io.github.amdisa.generator.pcode.NameKind;
import io.github.amdisa.generator.pcode.ParsedText;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.Stmt;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Infers the {@link PType} of every expression of a parsed text (see the package documentation for the rules) and
 * reports located {@link TypeError}s.
 *
 * <p>Runs twice over the text: the first pass collects the type of every local from all its assignments
 * ({@link TypeRules#join}), the second types every node with those fixed local types, so a local read before a
 * later, wider assignment gets the wider type.
 */
public final class TypeChecker {

    private final ParsedText source;
    private final String instruction;
    private IdentityHashMap<Expr, PType> types = new IdentityHashMap<>();
    private final Map<String, PType> locals = new HashMap<>();
    private final Set<String> literalLocals = new HashSet<>();
    private final Map<String, PType> envDeclared = new HashMap<>();
    private final Map<String, Integer> partWidths = new HashMap<>();
    private Set<String> bound = new HashSet<>();
    private List<TypeError> errors = new ArrayList<>();
    private boolean finalPass;

    private TypeChecker(ParsedText source, String instruction) {
        this.source = source;
        this.instruction = instruction;
    }

    /** Checks {@code text}, the pseudocode of {@code instruction}. */
    public static Typing check(ParsedText text, String instruction) {
        TypeChecker c = new TypeChecker(text, instruction);
        Program p = LambdaInliner.inline(text.program());
        c.scanStmts(p.body());
        c.block(p.body());
        c.finalPass = true;
        c.types = new IdentityHashMap<>();
        c.errors = new ArrayList<>();
        c.bound = new HashSet<>();
        c.block(p.body());
        return new Typing(p, c.types, c.locals, c.envDeclared, c.errors);
    }

    /**
     * The type of an environment name read whole, without a suffix: 1-bit SCC/VCCZ/EXECZ, 64-bit lane masks and
     * PC, BOOL for WAVE32/WAVE64, u32 for laneId; operands default to b32 unless a {@code declare} typed them.
     */
    public static PType environmentType(String name) {
        return switch (name) {
            case "SCC", "VCCZ", "EXECZ", "VSKIP", "HT" -> PType.U1;
            case "VCC", "EXEC", "PC", "TBA", "TTMP", "flat_scratch" -> PType.B64;
            case "WAVE32", "WAVE64", "wave32" -> PType.BOOL;
            case "laneId", "laneID" -> PType.U32;
            case "MEM", "LDS", "VGPR", "SGPR", "HW_REGISTERS" -> PType.STORAGE;
            case "INF", "NAN", "PI" -> new PType(PType.Kind.F, 64, 0, true);
            case "MAX_FLOAT_F32", "UNDERFLOW_F32", "OVERFLOW_F32" -> PType.F32;
            case "UNDERFLOW_F64", "OVERFLOW_F64" -> new PType(PType.Kind.F, 64, 0, false);
            default -> PType.B32;
        };
    }

    private void error(Object node, String message) {
        ParsedText.Position pos = source.position(node);
        errors.add(new TypeError(instruction, pos, message));
    }

    private void block(List<Stmt> body) {
        for (Stmt s : body) {
            stmt(s);
        }
    }

    /** True when a read of {@code name} here means the environment name rather than a local. */
    private boolean isEnvironment(String name) {
        NameKind env = Environment.kindOf(name);
        return env != null && !(Environment.ALSO_LOCAL.contains(name) && bound.contains(name));
    }

    private void bindLocal(String name, PType t) {
        if (Environment.kindOf(name) != null && !Environment.ALSO_LOCAL.contains(name)) {
            return;
        }
        bound.add(name);
        if (finalPass) {
            return;
        }
        PType old = locals.get(name);
        PType joined = TypeRules.join(old, literalLocals.contains(name), t);
        if (old == null || !joined.equals(old)) {
            locals.put(name, joined);
            if (t.literal() && old == null) {
                literalLocals.add(name);
            } else if (!t.literal()) {
                literalLocals.remove(name);
            }
        }
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            PType v = expr(a.value());
            for (Expr t : a.targets()) {
                target(t, v, a.op() != Stmt.AssignOp.SET);
            }
        } else if (s instanceof Stmt.If f) {
            for (Stmt.Branch b : f.branches()) {
                condition(b.cond());
                block(b.body());
            }
            f.otherwise().ifPresent(this::block);
        } else if (s instanceof Stmt.For f) {
            PType t = TypeRules.unify(expr(f.from()), expr(f.to())).fixed();
            if (!t.isInt()) {
                error(s, "for bounds must be integers, not " + t);
                t = PType.I32;
            }
            if (t.width() < 32) {
                t = PType.I32;
            }
            declare(f.variable(), t);
            block(f.body());
        } else if (s instanceof Stmt.While w) {
            condition(w.cond());
            block(w.body());
        } else if (s instanceof Stmt.Declare d) {
            PType t = PType.of(d.type());
            if (d.arrayLength() > 0) {
                t = t.arrayOf(d.arrayLength());
            }
            if (Environment.kindOf(d.name()) != null && !Environment.ALSO_LOCAL.contains(d.name())) {
                envDeclared.put(d.name(), t);
            } else {
                declare(d.name(), t);
            }
        } else if (s instanceof Stmt.Return r) {
            expr(r.value());
            error(s, "return outside an expanded lambda (lambda with a statement body)");
        } else if (s instanceof Stmt.ExprStmt e) {
            if (e.expr() instanceof Expr.Call c) {
                call(c);
            } else {
                types.put(e.expr(), PType.VOID);
            }
        }
    }

    private void declare(String name, PType t) {
        bound.add(name);
        if (!finalPass) {
            locals.put(name, t);
            literalLocals.remove(name);
        }
    }

    private void condition(Expr c) {
        PType t = expr(c);
        if (!(t.kind() == PType.Kind.BOOL || t.isInt())) {
            error(c, "condition must be a truth value or integer, not " + t);
        }
    }

    /** Types an assignment target; binds a local on its first whole assignment. */
    private PType target(Expr t, PType value, boolean compound) {
        PType r;
        if (t instanceof Expr.Ident id) {
            String n = id.name();
            if (Environment.kindOf(n) != null && !Environment.ALSO_LOCAL.contains(n)) {
                r = envDeclared.getOrDefault(n, environmentType(n));
                if (r.kind() == PType.Kind.STORAGE) {
                    error(t, n + " cannot be assigned whole");
                }
            } else {
                if (!compound) {
                    bindLocal(n, value.kind() == PType.Kind.VOID ? PType.B32 : value);
                }
                r = locals.get(n);
                if (r == null) {
                    error(t, "local " + n + " used before it is assigned");
                    r = PType.B32;
                }
            }
        } else if (t instanceof Expr.Typed ty) {
            if (ty.base() instanceof Expr.Ident id && !isEnvironment(id.name()) && !bound.contains(id.name())) {
                bindLocal(id.name(), PType.of(ty.type()));
            }
            targetBase(ty.base());
            r = PType.of(ty.type());
        } else if (t instanceof Expr.Index x) {
            PType b = targetBase(x.base());
            index(x.index());
            r = indexResult(x, b);
        } else if (t instanceof Expr.Slice x) {
            targetBase(x.base());
            r = sliceType(x);
        } else if (t instanceof Expr.PartSelect x) {
            targetBase(x.base());
            r = partType(x);
        } else if (t instanceof Expr.Field f) {
            targetBase(f.base());
            r = PType.U32;
        } else if (t instanceof Expr.Concat c) {
            int w = 0;
            for (Expr p : c.parts()) {
                PType pt = target(p, PType.B32, false);
                w += pt.asInt().width();
            }
            r = PType.b(w);
        } else {
            error(t, "not assignable");
            r = PType.B32;
        }
        types.put(t, r);
        if (compound && !(r.isInt() || r.isFloat())) {
            error(t, "+= / -= on " + r);
        }
        if (value.kind() == PType.Kind.STORAGE || value.kind() == PType.Kind.VOID) {
            error(t, "cannot assign a " + value);
        }
        return r;
    }

    /**
     * The base of a target is typed like a read, except that an unbound local is bound by the write. A local first
     * written in part ({@code tmp[31 : 16].f16 = ...}) is bits as wide as the text ever uses it: the highest
     * constant bit any slice or index of it reaches, or the widest suffix it is read or written with.
     */
    private PType targetBase(Expr base) {
        Expr root = base;
        while (root instanceof Expr.Slice || root instanceof Expr.Typed || root instanceof Expr.PartSelect) {
            root = root instanceof Expr.Slice x ? x.base() : root instanceof Expr.Typed t ? t.base()
                    : ((Expr.PartSelect) root).base();
        }
        if (root instanceof Expr.Ident id && !isEnvironment(id.name()) && !locals.containsKey(id.name())
                && partWidths.containsKey(id.name())) {
            bindLocal(id.name(), PType.b(partWidths.get(id.name())));
        }
        if (base instanceof Expr.Ident id && !isEnvironment(id.name()) && !locals.containsKey(id.name())) {
            error(base, "local " + id.name() + " written in part before it is declared or assigned");
            types.put(base, PType.B64);
            return PType.B64;
        }
        if (base instanceof Expr.Ident id && !isEnvironment(id.name())) {
            bound.add(id.name());
        }
        return expr(base);
    }

    // ---- widths of locals written in part ----------------------------------------------------------------------

    private void scanStmts(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a) {
                a.targets().forEach(this::scan);
                scan(a.value());
            } else if (s instanceof Stmt.If f) {
                for (Stmt.Branch b : f.branches()) {
                    scan(b.cond());
                    scanStmts(b.body());
                }
                f.otherwise().ifPresent(this::scanStmts);
            } else if (s instanceof Stmt.For f) {
                scanStmts(f.body());
            } else if (s instanceof Stmt.While w) {
                scan(w.cond());
                scanStmts(w.body());
            } else if (s instanceof Stmt.ExprStmt e) {
                scan(e.expr());
            }
        }
    }

    private void widthHint(Expr base, long width) {
        if (base instanceof Expr.Ident id && width > 0 && width <= 1024) {
            partWidths.merge(id.name(), (int) width, Math::max);
        }
    }

    private void scan(Expr e) {
        if (e instanceof Expr.Slice x) {
            Optional<Long> hi = constant(x.hi());
            Optional<Long> lo = constant(x.lo());
            if (hi.isPresent() && lo.isPresent()) {
                widthHint(x.base(), Math.max(hi.get(), lo.get()) + 1);
            }
            scan(x.base());
        } else if (e instanceof Expr.Index x) {
            constant(x.index()).ifPresent(i -> widthHint(x.base(), i + 1));
            scan(x.base());
            scan(x.index());
        } else if (e instanceof Expr.Typed t) {
            widthHint(t.base(), t.type().width());
            scan(t.base());
        } else if (e instanceof Expr.Unary u) {
            scan(u.operand());
        } else if (e instanceof Expr.Binary b) {
            scan(b.left());
            scan(b.right());
        } else if (e instanceof Expr.Ternary t) {
            scan(t.cond());
            scan(t.then());
            scan(t.otherwise());
        } else if (e instanceof Expr.PartSelect x) {
            scan(x.base());
        } else if (e instanceof Expr.Field f) {
            scan(f.base());
        } else if (e instanceof Expr.Call c) {
            c.args().forEach(this::scan);
        } else if (e instanceof Expr.Cast c) {
            scan(c.operand());
        } else if (e instanceof Expr.Concat c) {
            c.parts().forEach(this::scan);
        }
    }

    private PType expr(Expr e) {
        PType t = infer(e);
        types.put(e, t);
        return t;
    }

    private void index(Expr i) {
        PType t = expr(i);
        if (!t.asInt().isInt()) {
            error(i, "index must be an integer, not " + t);
        }
    }

    private PType indexResult(Expr.Index x, PType base) {
        if (base.isArray()) {
            return base.element();
        }
        if (base.kind() == PType.Kind.STORAGE) {
            if (x.base() instanceof Expr.Ident id && id.name().equals("VGPR")) {
                return PType.STORAGE; // VGPR[lane], indexed again by register
            }
            return PType.B32;
        }
        if (!(base.isInt() || base.isFloat())) {
            error(x, "cannot index a " + base);
        }
        return PType.U1;
    }

    private static Optional<Long> constant(Expr e) {
        if (e instanceof Expr.IntLit l) {
            return l.value().bitLength() < 63 ? Optional.of(l.value().longValue()) : Optional.empty();
        }
        if (e instanceof Expr.Unary u && u.op() == io.github.amdisa.generator.pcode.ast.UnaryOp.NEG) {
            return constant(u.operand()).map(v -> -v);
        }
        if (e instanceof Expr.Binary b) {
            Optional<Long> l = constant(b.left());
            Optional<Long> r = constant(b.right());
            if (l.isPresent() && r.isPresent()) {
                return switch (b.op()) {
                    case ADD -> Optional.of(l.get() + r.get());
                    case SUB -> Optional.of(l.get() - r.get());
                    case MUL -> Optional.of(l.get() * r.get());
                    default -> Optional.empty();
                };
            }
        }
        return Optional.empty();
    }

    /** True when {@code x} has constant bounds written high-first reversed, {@code [0 : 31]}: a bit reversal. */
    public static boolean reversed(Expr.Slice x) {
        Optional<Long> hi = constant(x.hi());
        Optional<Long> lo = constant(x.lo());
        return hi.isPresent() && lo.isPresent() && hi.get() < lo.get();
    }

    /** The value of a constant integer expression (literals with + - *), if it is one. */
    public static Optional<Long> constantValue(Expr e) {
        return constant(e);
    }

    private PType sliceType(Expr.Slice x) {
        index(x.hi());
        index(x.lo());
        Optional<Long> hi = constant(x.hi());
        Optional<Long> lo = constant(x.lo());
        if (hi.isPresent() && lo.isPresent()) {
            // [lo : hi] with the bounds reversed reads the same bits in reverse order (S_BREV_B32: S0.u32[0 : 31]).
            long w = Math.abs(hi.get() - lo.get()) + 1;
            return PType.b((int) w);
        }
        Optional<Integer> w = symbolicWidth(x);
        return w.isPresent() ? PType.b(w.get()) : PType.B64;
    }

    /**
     * The width of a slice whose bounds are variable but differ by a constant, {@code x[lo + c : lo]} (the texts
     * write {@code tmp[dOffset + 5 : dOffset]}, {@code S0[sOffset + 31 : sOffset]}): c + 1, when the upper bound is
     * the lower bound expression plus a positive literal.
     */
    public static Optional<Integer> symbolicWidth(Expr.Slice x) {
        Map.Entry<String, Long> hi = offsetForm(x.hi());
        Map.Entry<String, Long> lo = offsetForm(x.lo());
        if (hi.getKey().equals(lo.getKey())) {
            long w = hi.getValue() - lo.getValue() + 1;
            if (w >= 1 && w <= 64) {
                return Optional.of((int) w);
            }
        }
        return Optional.empty();
    }

    /** An expression as (printed base, constant offset): {@code e + c} gives (e, c), anything else (e, 0). */
    private static Map.Entry<String, Long> offsetForm(Expr e) {
        if (e instanceof Expr.Binary b && b.op() == io.github.amdisa.generator.pcode.ast.BinaryOp.ADD) {
            Optional<Long> c = constant(b.right());
            if (c.isPresent()) {
                return Map.entry(io.github.amdisa.generator.pcode.Printer.print(b.left()), c.get());
            }
        }
        return Map.entry(io.github.amdisa.generator.pcode.Printer.print(e), 0L);
    }

    private PType partType(Expr.PartSelect x) {
        index(x.start());
        index(x.width());
        Optional<Long> w = constant(x.width());
        if (w.isEmpty() || w.get() < 1) {
            error(x, "part-select width must be a positive constant");
            return PType.B32;
        }
        return PType.b(w.get().intValue());
    }

    private PType infer(Expr e) {
        if (e instanceof Expr.Ident id) {
            String n = id.name();
            if (isEnvironment(n)) {
                return envDeclared.getOrDefault(n, environmentType(n));
            }
            PType t = locals.get(n);
            if (t == null) {
                error(e, "unknown identifier or local read before it is assigned: " + n);
                return PType.B32;
            }
            return t;
        } else if (e instanceof Expr.IntLit l) {
            return intLiteral(l);
        } else if (e instanceof Expr.FloatLit l) {
            if (l.width() > 0) {
                return PType.f(l.width());
            }
            return l.single() ? PType.F32 : new PType(PType.Kind.F, 64, 0, true);
        } else if (e instanceof Expr.StringLit) {
            return PType.VOID;
        } else if (e instanceof Expr.Unary u) {
            PType t = expr(u.operand());
            return switch (u.op()) {
                case NOT -> PType.BOOL;
                case BIT_NOT -> t.kind() == PType.Kind.BOOL ? PType.BOOL : intOnly(u, t);
                case NEG, PLUS -> t.asInt();
            };
        } else if (e instanceof Expr.Binary b) {
            PType l = expr(b.left());
            PType r = expr(b.right());
            for (PType t : List.of(l, r)) {
                if (!(t.isInt() || t.isFloat() || t.kind() == PType.Kind.BOOL)) {
                    error(e, "operator " + b.op().symbol() + " on a " + t);
                }
            }
            return TypeRules.binary(b.op(), l, r);
        } else if (e instanceof Expr.Ternary t) {
            condition(t.cond());
            return TypeRules.unify(expr(t.then()), expr(t.otherwise()));
        } else if (e instanceof Expr.Index x) {
            PType b = expr(x.base());
            index(x.index());
            return indexResult(x, b);
        } else if (e instanceof Expr.Slice x) {
            expr(x.base());
            return sliceType(x);
        } else if (e instanceof Expr.PartSelect x) {
            expr(x.base());
            return partType(x);
        } else if (e instanceof Expr.Typed t) {
            PType b = expr(t.base());
            if (b.kind() == PType.Kind.STORAGE && !(t.base() instanceof Expr.Index)) {
                error(e, "suffix on an unindexed register file or memory");
            }
            return PType.of(t.type());
        } else if (e instanceof Expr.Field f) {
            expr(f.base());
            return f.base() instanceof Expr.Ident id && id.name().equals("TADDR") ? PType.B64 : PType.U32;
        } else if (e instanceof Expr.Cast c) {
            PType o = expr(c.operand());
            if (!(o.isInt() || o.isFloat() || o.kind() == PType.Kind.BOOL)) {
                error(e, "cannot cast a " + o);
            }
            return PType.of(c.type());
        } else if (e instanceof Expr.Concat c) {
            int w = 0;
            for (Expr p : c.parts()) {
                PType pt = expr(p).asInt();
                if (pt.literal() && !(p instanceof Expr.IntLit l && l.width() > 0)) {
                    error(p, "unsized literal in a concatenation");
                }
                w += pt.width();
            }
            return PType.b(w);
        } else if (e instanceof Expr.Call c) {
            return call(c);
        } else if (e instanceof Expr.Lambda || e instanceof Expr.LambdaBlock) {
            error(e, "lambda with a statement body is not supported");
            return PType.VOID;
        }
        throw new IllegalStateException("unknown node " + e);
    }

    private PType intOnly(Expr e, PType t) {
        if (!t.isInt()) {
            error(e, "integer operator on a " + t);
        }
        return t;
    }

    private static PType intLiteral(Expr.IntLit l) {
        if (l.width() > 0) {
            // N'v without a suffix takes the signedness of what it meets (n <= 16'0 with n an i16 is a signed
            // comparison, as in SAT8 of V_SAT_PK_U8_I16); N'vU is unsigned.
            return l.suffix() == Expr.IntSuffix.NONE ? new PType(PType.Kind.U, l.width(), 0, true)
                    : PType.u(l.width());
        }
        BigInteger v = l.value();
        return switch (l.suffix()) {
            case U -> v.bitLength() > 32 ? PType.U64 : PType.U32;
            case LL -> PType.I64;
            case ULL -> PType.U64;
            case NONE -> new PType(PType.Kind.I, v.bitLength() > 31 ? 64 : 32, 0, true);
        };
    }

    private PType call(Expr.Call c) {
        List<PType> args = new ArrayList<>();
        for (Expr a : c.args()) {
            args.add(expr(a));
        }
        Optional<Signatures.Signature> s = Signatures.find(c.function(), args.size());
        PType r;
        if (s.isEmpty()) {
            // Recorded as unsupported by the lowering; typed loosely so the rest of the text still checks.
            r = PType.B32;
        } else if (s.get().result() == null) {
            PType u = args.get(0);
            for (PType a : args.subList(1, c.function().equals("ldexp") ? 1 : args.size())) {
                u = TypeRules.unify(u, a);
            }
            r = c.function().equals("signext_from_bit") ? args.get(0).asInt().fixed() : u.fixed();
        } else {
            r = s.get().result();
        }
        types.put(c, r);
        return r;
    }
}
