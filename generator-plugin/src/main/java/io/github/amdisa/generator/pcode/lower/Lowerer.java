package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.generator.pcode.Environment;
import io.github.amdisa.generator.pcode.NameKind;
import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Stmt;
import io.github.amdisa.generator.pcode.types.PType;
import io.github.amdisa.generator.pcode.types.Signatures;
import io.github.amdisa.generator.pcode.types.TypeChecker;
import io.github.amdisa.generator.pcode.types.TypeRules;
import io.github.amdisa.generator.pcode.types.Typing;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Lowers one type-checked text to the Java statements of a method {@code static void op(PcodeContext ctx)}. The
 * statements call the runtime helpers {@code PcodeBits}, {@code PcodeFloat} and {@code Builtins} by simple name
 * (the generated file imports them statically) and refer to {@code PcodeName} constants by simple name.
 *
 * <p>Representation: BOOL is {@code boolean}; integers up to 64 bits are canonical {@code long}s (see
 * {@code PcodeBits}); wider integers are {@code BigInteger}s ({@code PcodeWide}); f64 is {@code double}; f32 and
 * the narrower floats are {@code float}s rounded to their format after each operation. Locals are Java locals
 * named {@code l_<name>}, declared at the top of the method (the pseudocode has no block scope).
 */
public final class Lowerer {

    private static final String WIDE = "io.github.amdisa.runtime.pcode.PcodeWide";
    private static final Set<String> NAMES = Environment.all().entrySet().stream()
            .filter(e -> e.getValue() == NameKind.OPERAND || e.getValue() == NameKind.SPECIAL_REGISTER)
            .map(Map.Entry::getKey).filter(n -> !Set.of("WAVE32", "WAVE64", "wave32").contains(n))
            .collect(Collectors.toUnmodifiableSet());

    private final Typing typing;
    /**
     * Whether the text names {@code ROUND_MODE}: it is then a method local {@code rm} (an {@code FpMode.ROUND_*}
     * value) that starts as the context's rounding mode, and the f16/bf16 roundings of the text use it. The texts
     * only ever save it, set it for their own conversions and restore it, so a local is exactly their meaning.
     */
    private final boolean roundMode;
    /** fp8/bf8 are CDNA 3's FNUZ formats (E4M3FNUZ, E5M2FNUZ) instead of OCP's E4M3/E5M2. */
    private final boolean fnuz;
    /**
     * A lowering whose roundings follow MODE.FP_ROUND: float +, -, * and fma and the conversions whose argument is
     * exact go through the {@code PcodeFloat.*Rm} helpers with the mode of their result's precision (the locals
     * {@code fr32}, MODE[1:0], and {@code fr16}, MODE[3:2] for f16 and f64); any other rounding is recorded in
     * {@link #fixedRounding}, and the text is then lowered again without it (see {@link #lowerFull}).
     */
    private final boolean byMode;
    /**
     * The saturating variant for an instruction with integer CLAMP set ({@link Saturation}): integer +, - and * of
     * at most 32 bits are exact ({@code satAdd}/{@code satSub}/{@code satMul}) and writes to operands and slices
     * clamp to the written type.
     */
    private final Saturation saturating;
    /** In a lowering by mode: the first construct that rounds by a fixed mode, or null. */
    private String fixedRounding;
    /** In a lowering by mode: some rounding reads {@code fr32}/{@code fr16}. */
    private boolean readsMode;
    private final StringBuilder out = new StringBuilder();
    private int indent = 0;
    private int temps = 0;

    private Lowerer(Typing typing, boolean fnuz, boolean byMode, Saturation saturating) {
        this.typing = typing;
        this.fnuz = fnuz;
        this.byMode = byMode;
        this.saturating = saturating;
        this.roundMode = io.github.amdisa.generator.pcode.Printer.print(typing.program()).contains("ROUND_MODE");
    }

    /**
     * The Java statements for {@code typing}'s program.
     *
     * @throws LoweringException with the reason when some construct is not supported
     */
    public static String lower(Typing typing) throws LoweringException {
        return lower(typing, false);
    }

    /**
     * The Java statements for {@code typing}'s program, with fp8/bf8 meaning the FNUZ formats when {@code fnuz}
     * (CDNA 3: gfx942's fp8 instructions use E4M3FNUZ/E5M2FNUZ; the borrowed CDNA 4 texts say only fp8/bf8).
     *
     * @throws LoweringException with the reason when some construct is not supported
     */
    public static String lower(Typing typing, boolean fnuz) throws LoweringException {
        return lowerFull(typing, fnuz).body();
    }

    /**
     * A lowered text: its Java statements, whether every rounding in them follows MODE.FP_ROUND
     * ({@code PcodeTraits.MODE_ROUNDING}; also true of a text that does not round at all), and whether they include
     * the saturating variant that runs when {@code ctx.intClamp()} ({@code PcodeTraits.INT_CLAMP}).
     */
    public record Lowered(String body, boolean followsRoundingMode, boolean saturatesUnderClamp) {
    }

    /**
     * Lowers {@code typing}'s program so that its roundings follow MODE.FP_ROUND where all of them can; a text
     * with a rounding that cannot (see {@link #byMode}) is lowered as before, rounding to nearest even.
     *
     * @throws LoweringException with the reason when some construct is not supported
     */
    public static Lowered lowerFull(Typing typing, boolean fnuz) throws LoweringException {
        if (!typing.ok()) {
            throw new LoweringException("type error: " + typing.errors().get(0).message());
        }
        Lowerer byMode = new Lowerer(typing, fnuz, true, null);
        String body = byMode.statements();
        boolean follows = byMode.fixedRounding == null;
        if (!follows) {
            body = new Lowerer(typing, fnuz, false, null).statements();
        } else if (byMode.readsMode) {
            body = "int fr = ctx.floatRounding();\nint fr32 = fr & 3;\nint fr16 = fr >>> 2 & 3;\n" + body;
        }
        Saturation saturation = Saturation.of(typing);
        boolean clamp = saturation != null;
        if (clamp) {
            String sat = new Lowerer(typing, fnuz, false, saturation).statements();
            body = "if (ctx.intClamp()) {\n" + indented(sat) + "} else {\n" + indented(body) + "}\n";
        }
        return new Lowered(body, follows, clamp);
    }

    private static String indented(String statements) {
        return statements.lines().map(l -> "    " + l + "\n").collect(Collectors.joining());
    }

    private String statements() throws LoweringException {
        if (roundMode) {
            line("long rm = ctx.roundMode();");
        }
        for (Map.Entry<String, PType> local : new TreeMap<>(typing.locals()).entrySet()) {
            PType t = local.getValue();
            String init = t.isArray() ? "new " + javaType(t.element()) + "[" + t.length() + "]" : zero(t);
            line(javaType(t) + " l_" + local.getKey() + " = " + init + ";");
        }
        block(typing.program().body());
        return out.toString();
    }

    /** In a lowering by mode: {@code what} rounds by a fixed mode, so the text cannot follow MODE. */
    private void fixed(String what) {
        if (byMode && fixedRounding == null) {
            fixedRounding = what;
        }
    }

    /** The rounding mode local for a result of format {@code t} (f32: MODE[1:0]; f16, f64: MODE[3:2]). */
    private String modeOf(PType t) {
        if (roundMode && t.width() != 32) {
            return "rm";
        }
        readsMode = true;
        return t.width() == 32 ? "fr32" : "fr16";
    }

    // ---- representation -------------------------------------------------------------------------------------

    static String javaType(PType t) throws LoweringException {
        String base = switch (t.kind()) {
            case BOOL -> "boolean";
            case U, I, B -> t.width() <= 64 ? "long" : "java.math.BigInteger";
            case F, BF, FP -> {
                if (t.width() == 64 && t.kind() == PType.Kind.F) {
                    yield "double";
                }
                if (t.width() > 32) {
                    throw new LoweringException("float type " + t + " not supported");
                }
                yield "float";
            }
            default -> throw new LoweringException("no Java type for " + t);
        };
        return t.isArray() ? base + "[]" : base;
    }

    private static String zero(PType t) throws LoweringException {
        return switch (javaType(t)) {
            case "boolean" -> "false";
            case "long" -> "0L";
            case "float" -> "0f";
            case "double" -> "0.0";
            default -> "java.math.BigInteger.ZERO";
        };
    }

    private static boolean wide(PType t) {
        return t.isInt() && t.width() > 64;
    }

    private static String norm(PType t, String c) {
        if (wide(t)) {
            return WIDE + ".norm(" + c + ", " + t.isSigned() + ", " + t.width() + ")";
        }
        int w = t.width();
        if (w >= 64) {
            return c;
        }
        if (t.isSigned()) {
            return switch (w) {
                case 32 -> "(long) (int) (" + c + ")";
                case 16 -> "(long) (short) (" + c + ")";
                case 8 -> "(long) (byte) (" + c + ")";
                default -> "sext(" + c + ", " + w + ")";
            };
        }
        return w == 32 ? "((" + c + ") & 0xFFFFFFFFL)" : "zext(" + c + ", " + w + ")";
    }

    /** Raw bits (zero-extended long) of a value of type t (at most 64 bits). */
    private String bitsOf(String c, PType t) throws LoweringException {
        switch (t.kind()) {
            case BOOL:
                return "(" + c + " ? 1L : 0L)";
            case U, B:
                if (wide(t)) {
                    throw new LoweringException("bits of a " + t + " value used as at most 64 bits");
                }
                return c;
            case I:
                if (wide(t)) {
                    throw new LoweringException("bits of a " + t + " value used as at most 64 bits");
                }
                return t.width() == 64 ? c : "zext(" + c + ", " + t.width() + ")";
            default:
                return floatBits(c, t);
        }
    }

    private String floatBits(String c, PType t) throws LoweringException {
        return switch (t.kind() + "" + t.width()) {
            case "F64" -> "Double.doubleToRawLongBits(" + c + ")";
            case "F32" -> "f32Bits(" + c + ")";
            case "F16" -> "f16Bits(" + c + ")";
            case "BF16" -> "bf16Bits(" + c + ")";
            case "FP8" -> (fnuz ? "fp8FnuzBits(" : "fp8Bits(") + c + ")";
            case "BF8" -> (fnuz ? "bf8FnuzBits(" : "bf8Bits(") + c + ")";
            case "FP6" -> "fp6Bits(" + c + ")";
            case "BF6" -> "bf6Bits(" + c + ")";
            case "FP4" -> "fp4Bits(" + c + ")";
            default -> throw new LoweringException("float format " + t + " not supported");
        };
    }

    /** A value of type t from raw bits (a long holding at least t.width valid low bits). */
    private String fromBits(String bits, PType t) throws LoweringException {
        return switch (t.kind()) {
            case BOOL -> "((" + bits + ") != 0)";
            case U, I, B -> {
                if (wide(t)) {
                    yield WIDE + ".of(" + bits + ", true)";
                }
                yield norm(t, bits);
            }
            default -> switch (t.kind() + "" + t.width()) {
                case "F64" -> "Double.longBitsToDouble(" + bits + ")";
                case "F32" -> "f32(" + bits + ")";
                case "F16" -> "f16(" + bits + ")";
                case "BF16" -> "bf16(" + bits + ")";
                case "FP8" -> (fnuz ? "fp8Fnuz(" : "fp8(") + bits + ")";
                case "BF8" -> (fnuz ? "bf8Fnuz(" : "bf8(") + bits + ")";
                case "FP6" -> "fp6(" + bits + ")";
                case "BF6" -> "bf6(" + bits + ")";
                case "FP4" -> "fp4(" + bits + ")";
                default -> throw new LoweringException("float format " + t + " not supported");
            };
        };
    }

    /**
     * Rounds the float-valued Java expression {@code c} to format t; in a lowering by mode, by MODE when {@code c}
     * is exact (its Java value is the value to round) and the format's rounding can follow it (f32, f16; bf16 in a
     * text that sets ROUND_MODE), otherwise the rounding is {@link #fixed}.
     */
    private String roundBy(PType t, String c, boolean exact, String what) throws LoweringException {
        if (!byMode) {
            return roundTo(t, c);
        }
        String f = t.kind() + "" + t.width();
        if (exact && f.equals("F32")) {
            return "toF32Rm(" + c + ", " + modeOf(t) + ")";
        }
        if (exact && f.equals("F64")) {
            return "(double) (" + c + ")";
        }
        if (exact && f.equals("F16")) {
            return "round16(" + c + ", " + modeOf(t) + ")";
        }
        if (exact && f.equals("BF16") && roundMode) {
            return "roundBf16(" + c + ", rm)";
        }
        fixed(what + " to " + t);
        return roundTo(t, c);
    }

    /** Rounds a float-valued Java expression to format t (for f16/bf16/fp8/bf8 results), to nearest even. */
    private String roundTo(PType t, String c) throws LoweringException {
        return switch (t.kind() + "" + t.width()) {
            case "F64" -> "(double) (" + c + ")";
            case "F32" -> "(float) (" + c + ")";
            // A text that sets ROUND_MODE rounds its f16/bf16 results by the local mode (see ROUND_MODE below).
            case "F16" -> roundMode ? "round16(" + c + ", rm)" : "round16(" + c + ")";
            case "BF16" -> roundMode ? "roundBf16(" + c + ", rm)" : "roundBf16(" + c + ")";
            case "FP8" -> fnuz ? "fp8Fnuz(fp8FnuzBits(" + c + "))" : "fp8(fp8Bits(" + c + "))";
            case "BF8" -> fnuz ? "bf8Fnuz(bf8FnuzBits(" + c + "))" : "bf8(bf8Bits(" + c + "))";
            case "FP6" -> "fp6(fp6Bits(" + c + "))";
            case "BF6" -> "bf6(bf6Bits(" + c + "))";
            case "FP4" -> "fp4(fp4Bits(" + c + "))";
            default -> throw new LoweringException("float format " + t + " not supported");
        };
    }

    /**
     * Converts a value: integers wrap or extend by their source signedness; bits to float and float to bits
     * reinterpret (when {@code bitsToFloat}); integers to float and float to U/I convert the value (float to
     * integer truncates toward zero and saturates, NaN gives 0).
     */
    private String convert(String c, PType from, PType to, boolean bitsToFloat) throws LoweringException {
        if (to.kind() == PType.Kind.VOID || to.kind() == PType.Kind.STORAGE || from.kind() == PType.Kind.VOID
                || from.kind() == PType.Kind.STORAGE) {
            throw new LoweringException("conversion from " + from + " to " + to);
        }
        if (from.isArray() || to.isArray()) {
            if (from.sameAs(to)) {
                return c;
            }
            throw new LoweringException("array conversion " + from + " to " + to);
        }
        if (to.kind() == PType.Kind.BOOL) {
            if (from.kind() == PType.Kind.BOOL) {
                return c;
            }
            return wide(from) ? "(" + c + ".signum() != 0)" : "(" + c + " != 0)";
        }
        if (from.kind() == PType.Kind.BOOL) {
            return to.isFloat() ? roundTo(to, "(" + c + " ? 1.0 : 0.0)") : fromBits("(" + c + " ? 1L : 0L)", to);
        }
        if (from.isInt() && to.isInt()) {
            if (wide(from) || wide(to)) {
                String big = wide(from) ? c : WIDE + ".of(" + c + ", " + (!from.isSigned() && from.width() == 64) + ")";
                if (!wide(to)) {
                    return norm(to, big + ".longValue()");
                }
                return norm(to, big);
            }
            if (!from.isSigned() && from.width() < to.width() || from.isSigned() && to.isSigned()
                    && from.width() <= to.width() || from.width() == to.width() && to.width() == 64
                    || from.kind() == to.kind() && from.width() == to.width()) {
                return c;
            }
            return norm(to, c);
        }
        if (from.isInt() && to.isFloat()) {
            if (wide(from)) {
                throw new LoweringException("wide integer to float");
            }
            if (from.kind() == PType.Kind.B || bitsToFloat) {
                return fromBits(from.width() > to.width() ? "zext(" + c + ", " + to.width() + ")" : c, to);
            }
            String d = !from.isSigned() && from.width() == 64 ? "fromU64(" + c + ")" : "(double) (" + c + ")";
            // An integer of at most 53 bits is exact in double; a 64-bit one is rounded on the way.
            boolean exact = from.width() <= 53;
            if (byMode && to.kind() == PType.Kind.F && to.width() >= 32) {
                return to.width() == 64 && exact ? d : roundBy(to, d, exact, "integer " + from);
            }
            if (to.kind() == PType.Kind.F && to.width() == 32) {
                return !from.isSigned() && from.width() == 64 ? "(float) " + d : "(float) (" + c + ")";
            }
            return roundBy(to, d, exact, "integer " + from);
        }
        if (from.isFloat() && to.isInt()) {
            if (wide(to)) {
                throw new LoweringException("float to wide integer");
            }
            if (to.kind() == PType.Kind.B) {
                return norm(to, floatBits(c, from));
            }
            return "toInt(" + c + ", " + to.isSigned() + ", " + to.width() + ")";
        }
        // float to float
        if (from.sameAs(to)) {
            return c;
        }
        String f = from.kind() + "" + from.width();
        String t = to.kind() + "" + to.width();
        if (t.equals("F64")) {
            return f.equals("F64") ? c : "widen(" + c + ")";
        }
        if (t.equals("F32")) {
            if (f.equals("F64")) {
                return byMode ? "narrowRm(" + c + ", " + modeOf(to) + ")" : "narrow(" + c + ")";
            }
            return c;
        }
        return roundBy(to, c, true, from.toString());
    }

    // ---- output -----------------------------------------------------------------------------------------------

    private void line(String s) {
        out.append("    ".repeat(indent)).append(s).append('\n');
    }

    private String temp() {
        return "t" + (temps++);
    }

    private PType type(Expr e) {
        return typing.type(e);
    }

    // ---- statements ------------------------------------------------------------------------------------------

    private void block(List<Stmt> body) throws LoweringException {
        for (Stmt s : body) {
            stmt(s);
        }
    }

    private void stmt(Stmt s) throws LoweringException {
        if (s instanceof Stmt.Assign a) {
            assign(a);
        } else if (s instanceof Stmt.If f) {
            for (int i = 0; i < f.branches().size(); i++) {
                Stmt.Branch b = f.branches().get(i);
                line((i == 0 ? "if (" : "} else if (") + cond(b.cond()) + ") {");
                indent++;
                block(b.body());
                indent--;
            }
            if (f.otherwise().isPresent()) {
                line("} else {");
                indent++;
                block(f.otherwise().get());
                indent--;
            }
            line("}");
        } else if (s instanceof Stmt.For f) {
            PType vt = typing.locals().get(f.variable());
            String v = "l_" + f.variable();
            line("for (" + v + " = " + convert(ex(f.from()), type(f.from()), vt, false) + "; " + v + " <= "
                    + convert(ex(f.to()), type(f.to()), vt, false) + "; " + v + "++) {");
            indent++;
            block(f.body());
            indent--;
            line("}");
        } else if (s instanceof Stmt.While w) {
            line("while (" + cond(w.cond()) + ") {");
            indent++;
            block(w.body());
            indent--;
            line("}");
        } else if (s instanceof Stmt.Declare) {
            // Locals are declared at the top of the method.
        } else if (s instanceof Stmt.Break) {
            line("break;");
        } else if (s instanceof Stmt.Return) {
            throw new LoweringException("lambda with a statement body");
        } else if (s instanceof Stmt.ExprStmt e) {
            if (e.expr() instanceof Expr.StringLit str) {
                throw new LoweringException("prose action \"" + str.value() + "\"");
            }
            Expr.Call c = (Expr.Call) e.expr();
            if (c.function().equals("nop") || c.function().equals("s_nop")) {
                line("// " + c.function() + "(): no architectural effect");
            } else if (c.function().equals("PrefetchScalarData") || c.function().equals("PrefetchScalarInst")) {
                // A cache hint: nothing a program can observe changes (the arguments have no side effects).
                line("// " + c.function() + "(): prefetch, no architectural effect");
            } else {
                throw new LoweringException("machine built-in " + c.function() + " not implemented");
            }
        }
    }

    private String cond(Expr c) throws LoweringException {
        return convert(ex(c), type(c), PType.BOOL, false);
    }

    private void assign(Stmt.Assign a) throws LoweringException {
        if (a.value() instanceof Expr.Call c && c.function().equals("ConvertToFormat")) {
            // MEM[addr] = ConvertToFormat(v): the component size (and so the memory access) depends on the format.
            if (a.targets().size() != 1 || a.op() != Stmt.AssignOp.SET || c.args().size() != 1
                    || !(a.targets().get(0) instanceof Expr.Index x) || !(x.base() instanceof Expr.Ident m)
                    || !m.name().equals("MEM")) {
                throw new LoweringException("ConvertToFormat other than MEM[addr] = ConvertToFormat(value)");
            }
            Expr v = c.args().get(0);
            fixed("ConvertToFormat");
            line("storeConverted(ctx, " + longOf(x.index()) + ", " + convert(ex(v), type(v), PType.B32, false)
                    + ");");
            return;
        }
        Expr valueExpr = a.value();
        Saturation sat = saturating;
        if (sat != null && sat.clampsView(a)) {
            // D0.u32 = tmp.u32 of a wider tmp: the write clamps tmp itself
            valueExpr = Saturation.viewed(valueExpr);
        }
        PType vt = type(valueExpr);
        String v = ex(valueExpr);
        if (a.targets().size() > 1 || a.op() != Stmt.AssignOp.SET) {
            String tmp = temp();
            line(javaType(vt.fixed()) + " " + tmp + " = " + v + ";");
            v = tmp;
        }
        for (Expr t : a.targets()) {
            PType tt = type(t);
            String value = v;
            PType valueType = vt;
            if (a.op() != Stmt.AssignOp.SET) {
                value = arith(a.op() == Stmt.AssignOp.ADD ? BinaryOp.ADD : BinaryOp.SUB, ex(t), tt, v, vt);
                valueType = TypeRules.unify(tt, vt).asInt();
            }
            if (sat != null && !sat.isLocal(t) && Saturation.small(tt) && valueType.isInt() && !wide(valueType)) {
                write(t, (!valueType.isSigned() && valueType.width() == 64 ? "clampU64(" : "clampInt(") + value + ", "
                        + tt.isSigned() + ", " + tt.width() + ")", tt);
            } else {
                write(t, convert(value, valueType, tt, false), tt);
            }
        }
    }

    /** Writes {@code value} (already of the target's type {@code tt}) to target {@code t}. */
    private void write(Expr t, String value, PType tt) throws LoweringException {
        if (t instanceof Expr.Ident id) {
            String n = id.name();
            if (n.equals("ROUND_MODE")) {
                line("rm = " + bitsOf(value, tt) + ";");
            } else if (typing.locals().containsKey(n) && !isEnvironmentRef(id)) {
                line("l_" + n + " = " + value + ";");
            } else if (NAMES.contains(n)) {
                writeName(n, "0", tt, value);
            } else {
                throw new LoweringException("cannot assign " + n);
            }
        } else if (t instanceof Expr.Typed ty) {
            Expr base = ty.base();
            if (base instanceof Expr.Ident id && NAMES.contains(id.name()) && isEnvironmentRef(id)) {
                writeName(id.name(), "0", tt, value);
            } else if (base instanceof Expr.Ident id) {
                PType lt = typing.locals().get(id.name());
                if (lt == null) {
                    throw new LoweringException("cannot assign " + id.name());
                }
                if (lt.isInt() && !wide(lt) && tt.width() < lt.width()) {
                    line("l_" + id.name() + " = " + norm(lt, "insert(l_" + id.name() + ", 0, " + tt.width() + ", "
                            + bitsOf(value, tt) + ")") + ";");
                } else {
                    line("l_" + id.name() + " = " + convert(value, tt, lt, true) + ";");
                }
            } else if (base instanceof Expr.Index x && storage(x.base()).isPresent()) {
                storeStorage(x, tt, value);
            } else {
                writeAt(base, "0", tt.width(), bitsOf(value, tt));
            }
        } else if (t instanceof Expr.Index x) {
            PType bt = type(x.base());
            if (bt.isArray()) {
                line(ex(x.base()) + "[(int) (" + longOf(x.index()) + ")] = " + value + ";");
            } else if (storage(x.base()).isPresent()) {
                storeStorage(x, PType.B32, convert(value, tt, PType.B32, false));
            } else {
                writeAt(x.base(), longOf(x.index()), 1, bitsOf(value, tt));
            }
        } else if (t instanceof Expr.Slice x) {
            Optional<Long> hi = TypeChecker.constantValue(x.hi());
            Optional<Long> lo = TypeChecker.constantValue(x.lo());
            if (hi.isEmpty() || lo.isEmpty()) {
                Optional<Integer> sw = TypeChecker.symbolicWidth(x);
                if (sw.isEmpty()) {
                    throw new LoweringException("assignment to a slice with variable bounds");
                }
                writeAt(x.base(), longOf(x.lo()), sw.get(), bitsOf(value, tt));
                return;
            }
            if (TypeChecker.reversed(x)) {
                int w = (int) (lo.get() - hi.get() + 1);
                writeAt(x.base(), String.valueOf(hi.get()), w, "reverse(" + bitsOf(value, tt) + ", " + w + ")");
            } else if (hi.get() - lo.get() + 1 > 64 && lo.get() == 0 && x.base() instanceof Expr.Ident id
                    && NAMES.contains(id.name()) && isEnvironmentRef(id)) {
                // D0[191 : 0] = tmp.b192: a whole wide operand from bit 0.
                PType wt = PType.b((int) (hi.get() + 1));
                writeName(id.name(), "0", wt, convert(value, tt, wt, false));
            } else {
                writeAt(x.base(), String.valueOf(lo.get()), (int) (hi.get() - lo.get() + 1), bitsOf(value, tt));
            }
        } else if (t instanceof Expr.PartSelect x) {
            writeAt(x.base(), longOf(x.start()), tt.width(), bitsOf(value, tt));
        } else if (t instanceof Expr.Field f && f.base() instanceof Expr.Ident id && NAMES.contains(id.name())) {
            line("ctx.writeField(" + id.name() + ", \"" + f.name() + "\", " + bitsOf(value, tt) + ");");
        } else if (t instanceof Expr.Concat c) {
            int total = tt.width();
            if (total > 64) {
                String tmp = temp();
                line("java.math.BigInteger " + tmp + " = " + value + ";");
                int hiBit = total;
                for (Expr p : c.parts()) {
                    PType pt = type(p);
                    int w = pt.asInt().width();
                    hiBit -= w;
                    if (w > 64) {
                        throw new LoweringException("concatenation target part wider than 64 bits");
                    }
                    write(p, fromBits(WIDE + ".slice(" + tmp + ", " + hiBit + ", " + w + ")", pt), pt);
                }
            } else {
                String tmp = temp();
                line("long " + tmp + " = " + value + ";");
                int hiBit = total;
                for (Expr p : c.parts()) {
                    PType pt = type(p);
                    int w = pt.asInt().width();
                    hiBit -= w;
                    write(p, fromBits("slice(" + tmp + ", " + hiBit + ", " + w + ")", pt), pt);
                }
            }
        } else {
            throw new LoweringException("assignment target " + t.getClass().getSimpleName());
        }
    }

    private boolean isEnvironmentRef(Expr.Ident id) {
        return !typing.locals().containsKey(id.name()) || Environment.kindOf(id.name()) != null
                && !Environment.ALSO_LOCAL.contains(id.name());
    }

    private void writeName(String n, String lo, PType tt, String value) throws LoweringException {
        if (wide(tt)) {
            if (!lo.equals("0")) {
                throw new LoweringException("wide write at an offset");
            }
            line(WIDE + ".write(ctx, " + n + ", " + tt.width() + ", " + value + ");");
            return;
        }
        line("ctx.write(" + n + ", " + lo + ", " + tt.width() + ", " + bitsOf(value, tt) + ");");
    }

    /** Writes {@code w} raw bits at bit {@code lo} (a Java int/long expression) of {@code base}. */
    private void writeAt(Expr base, String lo, int w, String bits) throws LoweringException {
        if (base instanceof Expr.Typed ty) {
            if (ty.base() instanceof Expr.Index x && storage(x.base()).isPresent()) {
                PType st = PType.of(ty.type());
                String tmp = temp();
                String addr = tmp + "a";
                line("long " + addr + " = " + longOf(x.index()) + ";");
                String old = loadStorage(x, st, addr);
                line("long " + tmp + " = insert(" + bitsOf(old, st) + ", " + lo + ", " + w + ", " + bits + ");");
                storeStorageAt(x, st, fromBits(tmp, st), addr);
                return;
            }
            writeAt(ty.base(), lo, w, bits);
        } else if (base instanceof Expr.Ident id) {
            String n = id.name();
            if (NAMES.contains(n) && isEnvironmentRef(id)) {
                line("ctx.write(" + n + ", (int) (" + lo + "), " + w + ", " + bits + ");");
                return;
            }
            PType lt = typing.locals().get(n);
            if (lt == null) {
                throw new LoweringException("cannot write bits of " + n);
            }
            if (wide(lt)) {
                line("l_" + n + " = " + norm(lt, WIDE + ".insert(" + "l_" + n + ", " + lo + ", " + w + ", " + bits
                        + ")") + ";");
            } else if (lt.isInt()) {
                line("l_" + n + " = " + norm(lt, "insert(l_" + n + ", " + lo + ", " + w + ", " + bits + ")") + ";");
            } else if (lt.isFloat() && !lt.isArray()) {
                line("l_" + n + " = " + fromBits("insert(" + bitsOf("l_" + n, lt) + ", " + lo + ", " + w + ", "
                        + bits + ")", lt) + ";");
            } else {
                throw new LoweringException("bit write into a " + lt + " local");
            }
        } else if (base instanceof Expr.Index x && type(x.base()).isArray() && type(x.base()).isInt()) {
            String el = ex(x.base()) + "[(int) (" + longOf(x.index()) + ")]";
            line(el + " = " + norm(type(x.base()).element(), "insert(" + el + ", " + lo + ", " + w + ", " + bits + ")")
                    + ";");
        } else if (base instanceof Expr.Slice s && TypeChecker.constantValue(s.lo()).isPresent() && !TypeChecker.reversed(s)) {
            writeAt(s.base(), "(" + lo + ") + " + TypeChecker.constantValue(s.lo()).get(), w, bits);
        } else if (base instanceof Expr.Slice s && TypeChecker.symbolicWidth(s).isPresent()) {
            writeAt(s.base(), "(" + lo + ") + (" + longOf(s.lo()) + ")", w, bits);
        } else if (base instanceof Expr.Index x && storage(x.base()).filter(Set.of("VGPR", "SGPR")::contains)
                .isPresent()) {
            // Bits of one register (VGPR[lane][reg][15 : 0] = ...): read-modify-write of the register, or of the
            // pair when the bits reach past bit 31; the other bits are preserved.
            String tmp = temp();
            boolean vgpr = storage(x.base()).get().equals("VGPR");
            String lane = vgpr ? "(int) (" + longOf(((Expr.Index) x.base()).index()) + "), " : "";
            line("int " + tmp + "r = (int) (" + longOf(x.index()) + ");");
            line("int " + tmp + "o = (int) (" + lo + ");");
            line("int " + tmp + "w = " + tmp + "o + " + w + " > 32 ? 64 : 32;");
            String rd = vgpr ? "ctx.readVgpr(" : "ctx.readSgpr(";
            String wr = vgpr ? "ctx.writeVgpr(" : "ctx.writeSgpr(";
            line(wr + lane + tmp + "r, " + tmp + "w, insert(" + rd + lane + tmp + "r, " + tmp + "w), " + tmp + "o, "
                    + w + ", " + bits + "));");
        } else {
            throw new LoweringException("bit write into " + base.getClass().getSimpleName());
        }
    }

    // ---- storage: MEM, SGPR, VGPR, HW_REGISTERS ------------------------------------------------------------

    /** The storage an index base names: MEM, SGPR, HW_REGISTERS, or VGPR[lane]. */
    private Optional<String> storage(Expr base) {
        if (base instanceof Expr.Ident id && Set.of("MEM", "SGPR", "HW_REGISTERS", "LDS").contains(id.name())) {
            return Optional.of(id.name());
        }
        if (base instanceof Expr.Index x && x.base() instanceof Expr.Ident id && id.name().equals("VGPR")) {
            return Optional.of("VGPR");
        }
        return Optional.empty();
    }

    private static void checkWidth(String what, int w) throws LoweringException {
        if (w > 64) {
            throw new LoweringException(what + " access wider than 64 bits");
        }
    }

    private String loadStorage(Expr.Index x, PType t, String addr) throws LoweringException {
        String s = storage(x.base()).orElseThrow();
        if (s.equals("SGPR") && t.width() == 128 && t.isInt()) {
            // SGPR[n].b128 (S_CBRANCH_JOIN): four consecutive SGPRs, two 64-bit halves.
            return norm(t, WIDE + ".of(ctx.readSgpr((int) (" + addr + "), 64), true).or(" + WIDE
                    + ".of(ctx.readSgpr((int) (" + addr + ") + 2, 64), true).shiftLeft(64))");
        }
        checkWidth(s, t.width());
        String bits = switch (s) {
            case "MEM" -> {
                if (!Set.of(8, 16, 32, 64).contains(t.width())) {
                    throw new LoweringException("MEM access of " + t.width() + " bits");
                }
                yield "ctx.loadMem(" + addr + ", " + t.width() + ")";
            }
            case "SGPR" -> "ctx.readSgpr((int) (" + addr + "), " + t.width() + ")";
            case "VGPR" -> "ctx.readVgpr((int) (" + longOf(((Expr.Index) x.base()).index()) + "), (int) (" + addr + "), "
                    + t.width() + ")";
            case "HW_REGISTERS" -> "ctx.readHwReg((int) (" + addr + "))";
            default -> throw new LoweringException(s + " access");
        };
        return fromBits(bits, t);
    }

    private void storeStorage(Expr.Index x, PType t, String value) throws LoweringException {
        String addr = temp();
        line("long " + addr + " = " + longOf(x.index()) + ";");
        storeStorageAt(x, t, value, addr);
    }

    private void storeStorageAt(Expr.Index x, PType t, String value, String addr) throws LoweringException {
        String s = storage(x.base()).orElseThrow();
        if (s.equals("SGPR") && t.width() == 128 && t.isInt()) {
            // SGPR[n].b128 = { hi64, lo64 } (S_CBRANCH_G_FORK/I_FORK): four consecutive SGPRs.
            String tmp = temp();
            line("java.math.BigInteger " + tmp + " = " + value + ";");
            line("ctx.writeSgpr((int) (" + addr + "), 64, " + WIDE + ".slice(" + tmp + ", 0, 64));");
            line("ctx.writeSgpr((int) (" + addr + ") + 2, 64, " + WIDE + ".slice(" + tmp + ", 64, 64));");
            return;
        }
        checkWidth(s, t.width());
        String bits = bitsOf(value, t);
        switch (s) {
            case "MEM" -> {
                if (!Set.of(8, 16, 32, 64).contains(t.width())) {
                    throw new LoweringException("MEM access of " + t.width() + " bits");
                }
                line("ctx.storeMem(" + addr + ", " + t.width() + ", " + bits + ");");
            }
            case "SGPR" -> line("ctx.writeSgpr((int) (" + addr + "), " + t.width() + ", " + bits + ");");
            case "VGPR" -> line("ctx.writeVgpr((int) (" + longOf(((Expr.Index) x.base()).index()) + "), (int) (" + addr
                    + "), " + t.width() + ", " + bits + ");");
            case "HW_REGISTERS" -> line("ctx.writeHwReg((int) (" + addr + "), " + bits + ");");
            default -> throw new LoweringException(s + " access");
        }
    }

    // ---- expressions -----------------------------------------------------------------------------------------

    /** An integer-valued expression as a Java long (for indexes, shift counts, bounds). */
    private String longOf(Expr e) throws LoweringException {
        PType t = type(e);
        if (t.kind() == PType.Kind.BOOL) {
            return "(" + ex(e) + " ? 1L : 0L)";
        }
        if (wide(t)) {
            return ex(e) + ".longValue()";
        }
        if (!t.isInt()) {
            throw new LoweringException("float used as an index or count");
        }
        return ex(e);
    }

    /** Bits of any expression of at most 64 bits, as a zero-extended long. */
    private String bitsExpr(Expr e) throws LoweringException {
        return bitsOf(ex(e), type(e));
    }

    private String ex(Expr e) throws LoweringException {
        PType t = type(e);
        if (e instanceof Expr.Ident id) {
            return ident(id, t);
        } else if (e instanceof Expr.IntLit l) {
            if (wide(t)) {
                return "new java.math.BigInteger(\"" + l.value().toString(16) + "\", 16)";
            }
            if (l.value().bitLength() > 64) {
                throw new LoweringException("integer literal wider than its type");
            }
            return norm(t, "0x" + Long.toHexString(l.value().longValue()) + "L");
        } else if (e instanceof Expr.FloatLit l) {
            String d = l.digits();
            if (!d.contains(".") && !d.contains("e") && !d.contains("E")) {
                d = d + ".0";
            }
            return t.width() == 64 ? d : t.width() == 32 ? d + "f" : roundTo(t, d);
        } else if (e instanceof Expr.Unary u) {
            PType ot = type(u.operand());
            String o = ex(u.operand());
            return switch (u.op()) {
                case NOT -> "!" + convert(o, ot, PType.BOOL, false);
                case PLUS -> o;
                case BIT_NOT -> ot.kind() == PType.Kind.BOOL ? "!" + o
                        : wide(ot) ? norm(ot, o + ".not()") : norm(ot, "~" + o);
                case NEG -> ot.kind() == PType.Kind.BOOL ? norm(PType.U1, "-" + bitsOf(o, ot))
                        : ot.isFloat() ? "(-" + o + ")" : wide(ot) ? norm(ot, o + ".negate()") : norm(ot, "-" + o);
            };
        } else if (e instanceof Expr.Binary b) {
            return binary(b, t);
        } else if (e instanceof Expr.Ternary tr) {
            return "(" + cond(tr.cond()) + " ? " + convert(ex(tr.then()), type(tr.then()), t, false) + " : "
                    + convert(ex(tr.otherwise()), type(tr.otherwise()), t, false) + ")";
        } else if (e instanceof Expr.Index x) {
            PType bt = type(x.base());
            if (bt.isArray()) {
                return ex(x.base()) + "[(int) (" + longOf(x.index()) + ")]";
            }
            if (storage(x.base()).isPresent()) {
                return loadStorage(x, PType.B32, longOf(x.index()));
            }
            if (wide(bt)) {
                return "(" + WIDE + ".bit(" + ex(x.base()) + ", " + longOf(x.index()) + "))";
            }
            return "bit(" + bitsExpr(x.base()) + ", " + longOf(x.index()) + ")";
        } else if (e instanceof Expr.Slice x) {
            Optional<Long> hi = TypeChecker.constantValue(x.hi());
            Optional<Long> lo = TypeChecker.constantValue(x.lo());
            if (hi.isPresent() && lo.isPresent()) {
                if (TypeChecker.reversed(x)) {
                    int w = (int) (lo.get() - hi.get() + 1);
                    checkWidth("slice", w);
                    return "reverse(" + readBitsAt(x.base(), String.valueOf(hi.get()), w) + ", " + w + ")";
                }
                int w = (int) (hi.get() - lo.get() + 1);
                checkWidth("slice", w);
                return readBitsAt(x.base(), String.valueOf(lo.get()), w);
            }
            Optional<Integer> sw = TypeChecker.symbolicWidth(x);
            if (sw.isPresent()) {
                // x[lo + c : lo]: c + 1 bits at a computed position, read from the operand itself (which may be
                // wider than 64 bits: S0[sOffset + 31 : sOffset] over a 1024-bit source).
                return readBitsAt(x.base(), longOf(x.lo()), sw.get());
            }
            String l = longOf(x.lo());
            return "slice(" + bitsExpr(x.base()) + ", " + l + ", " + longOf(x.hi()) + " - " + l + " + 1)";
        } else if (e instanceof Expr.PartSelect x) {
            checkWidth("part-select", t.width());
            return readBitsAt(x.base(), longOf(x.start()), t.width());
        } else if (e instanceof Expr.Typed ty) {
            return typed(ty, t);
        } else if (e instanceof Expr.Field f) {
            if (f.base() instanceof Expr.Ident id && NAMES.contains(id.name())) {
                return "ctx.readField(" + id.name() + ", \"" + f.name() + "\")";
            }
            throw new LoweringException("field of a computed value");
        } else if (e instanceof Expr.Cast c) {
            Optional<FractionWindow.Match> window = FractionWindow.match(c);
            if (window.isPresent()) {
                FractionWindow.Match m = window.get();
                return convert("(double) " + WIDE + ".fractionWindow(\"" + m.hexBits() + "\", " + m.width() + ", "
                        + longOf(m.shift()) + ", " + m.bits() + ")", PType.F64, t, false);
            }
            PType ot = type(c.operand());
            boolean hexBits = c.operand() instanceof Expr.IntLit l && l.hex();
            return convert(ex(c.operand()), ot, t, hexBits);
        } else if (e instanceof Expr.Concat c) {
            return concat(c, t);
        } else if (e instanceof Expr.Call c) {
            return call(c, t);
        }
        throw new LoweringException("expression " + e.getClass().getSimpleName());
    }

    private String ident(Expr.Ident id, PType t) throws LoweringException {
        String n = id.name();
        if (typing.locals().containsKey(n) && !isEnvironmentRef(id)) {
            return "l_" + n;
        }
        switch (n) {
            case "WAVE32", "wave32":
                return "(ctx.waveSize() == 32)";
            case "WAVE64":
                return "(ctx.waveSize() == 64)";
            case "laneId", "laneID":
                return "((long) ctx.laneId())";
            case "INF":
                return "Double.POSITIVE_INFINITY";
            case "NAN":
                return "Double.NaN";
            case "PI":
                fixed(n); // a constant rounded to nearest even wherever the text converts it
                return "Math.PI";
            // V_DIV_FIXUP's results for a quotient that under- or overflows. The texts never define them; their
            // guards make them exact: the UNDERFLOW branch is taken only when exponent(S2) - exponent(S1) < -150
            // (f32) or < -1075 (f64), where |S2 / S1| < 2^-150 (2^-1075), at most half the smallest denormal, so
            // the correctly rounded (nearest even) quotient is a zero of sign sign_out; the OVERFLOW branch
            // (exponent(S1) all ones) follows the branches that took S1 = NaN or infinity, so it is never reached,
            // and infinity is IEEE 754's overflow result under round-to-nearest.
            // Both are those of round-to-nearest only.
            case "UNDERFLOW_F32":
                fixed(n);
                return "0.0f";
            case "UNDERFLOW_F64":
                fixed(n);
                return "0.0";
            case "OVERFLOW_F32":
                fixed(n);
                return "Float.POSITIVE_INFINITY";
            case "OVERFLOW_F64":
                fixed(n);
                return "Double.POSITIVE_INFINITY";
            case "MAX_FLOAT_F32":
                return "Float.MAX_VALUE"; // the largest finite binary32, 0x7F7FFFFF (IEEE 754)
            // MODE.FP_ROUND encoding (AMD RDNA 3 / CDNA 3 ISA guides, "MODE" register; LLVM SIDefines.h
            // FP_ROUND_ROUND_TO_NEAREST = 0 ... FP_ROUND_ROUND_TO_ZERO = 3). The conversions of the runtime round to
            // nearest even, so a text that selects that mode runs as written; one selecting another mode does not.
            case "ROUND_NEAREST_EVEN":
                return "0L";
            case "ROUND_TOWARD_ZERO":
                return "3L";
            case "ROUND_MODE":
                return "rm";
            // SDWA_SEL encoding (AMD CDNA 3 ISA guide, SDWA fields SRC0_SEL/SRC1_SEL/DST_SEL: 0..3 = BYTE_0..BYTE_3,
            // 4 = WORD_0, 5 = WORD_1, 6 = DWORD; LLVM SIDefines.h SdwaSel).
            case "BYTE1":
                return "1L";
            case "BYTE2":
                return "2L";
            case "BYTE3":
                return "3L";
            case "WORD1":
                return "5L";
            default:
                break;
        }
        if (NAMES.contains(n)) {
            if (wide(t)) {
                return WIDE + ".read(ctx, " + n + ", " + t.width() + ")";
            }
            return fromBits("ctx.read(" + n + ", 0, " + t.width() + ")", t);
        }
        throw new LoweringException("constant or name " + n + " has no defined value");
    }

    /** w bits at bit lo of the value of {@code base}, reading operands directly (they may exceed 64 bits). */
    private String readBitsAt(Expr base, String lo, int w) throws LoweringException {
        Expr b = base;
        if (b instanceof Expr.Typed ty && ty.base() instanceof Expr.Ident id && NAMES.contains(id.name())
                && isEnvironmentRef(id) && ty.type().kind() != io.github.amdisa.generator.pcode.ast.ScalarType.Kind.I) {
            b = id;
        }
        if (b instanceof Expr.Ident id && NAMES.contains(id.name()) && isEnvironmentRef(id)) {
            return "ctx.read(" + id.name() + ", (int) (" + lo + "), " + w + ")";
        }
        PType bt = type(base);
        if (wide(bt)) {
            return WIDE + ".slice(" + ex(base) + ", " + lo + ", " + w + ")";
        }
        return "slice(" + bitsExpr(base) + ", " + lo + ", " + w + ")";
    }

    private String typed(Expr.Typed ty, PType t) throws LoweringException {
        Expr base = ty.base();
        if (base instanceof Expr.Ident id && isEnvironmentRef(id)) {
            String n = id.name();
            if (n.equals("DENORM")) {
                return switch (t.kind() + "" + t.width()) {
                    case "F32" -> "Float.MIN_NORMAL";
                    case "F64" -> "Double.MIN_NORMAL";
                    default -> throw new LoweringException("DENORM." + t);
                };
            }
            if (NAMES.contains(n)) {
                if (wide(t)) {
                    return WIDE + ".read(ctx, " + n + ", " + t.width() + ")";
                }
                return fromBits("ctx.read(" + n + ", 0, " + t.width() + ")", t);
            }
        }
        if (base instanceof Expr.Index x && storage(x.base()).isPresent()) {
            return loadStorage(x, t, longOf(x.index()));
        }
        PType bt = type(base);
        String c = ex(base);
        // Reinterpretation: same bits, new meaning; integers change width by their own signedness.
        if (bt.isFloat() && t.isFloat() && !bt.sameAs(t)) {
            return convert(c, bt, t, false);
        }
        if (bt.isFloat() || t.isFloat()) {
            if (bt.isFloat()) {
                String bits = floatBits(c, bt);
                return t.isInt() ? norm(t, bits) : fromBits(bits, t);
            }
            return convert(c, bt, t, true);
        }
        return convert(c, bt, t, false);
    }

    private String concat(Expr.Concat c, PType t) throws LoweringException {
        if (t.width() > 64) {
            StringBuilder sb = new StringBuilder("java.math.BigInteger.ZERO");
            int hiBit = t.width();
            for (Expr p : c.parts()) {
                PType pt = type(p).asInt();
                hiBit -= pt.width();
                String big = wide(pt) ? ex(p) : WIDE + ".of(" + bitsExpr(p) + ", true)";
                sb = new StringBuilder(sb + ".or(" + big + ".shiftLeft(" + hiBit + "))");
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder("(");
        int hiBit = t.width();
        for (int i = 0; i < c.parts().size(); i++) {
            Expr p = c.parts().get(i);
            PType pt = type(p).asInt();
            hiBit -= pt.width();
            sb.append(i > 0 ? " | " : "").append("(").append(bitsExpr(p)).append(" << ").append(hiBit).append(")");
        }
        return sb.append(")").toString();
    }

    private String arith(BinaryOp op, String a, PType at, String b, PType bt) throws LoweringException {
        PType ot = TypeRules.unify(at, bt).asInt().fixed();
        String l = convert(a, at, ot, false);
        String r = convert(b, bt, ot, false);
        if (ot.isFloat() && byMode && (op == BinaryOp.ADD || op == BinaryOp.SUB || op == BinaryOp.MUL)
                && ot.kind() == PType.Kind.F && (ot.width() == 16 || ot.width() == 32 || ot.width() == 64)) {
            String name = (op == BinaryOp.ADD ? "add" : op == BinaryOp.SUB ? "sub" : "mul") + "F" + ot.width() + "Rm";
            return name + "(" + l + ", " + r + ", " + modeOf(ot) + ")";
        }
        if (ot.isFloat()) {
            fixed(ot + " " + op.symbol());
            String j = switch (op) {
                case ADD -> l + " + " + r;
                case SUB -> l + " - " + r;
                case MUL -> l + " * " + r;
                case DIV -> l + " / " + r;
                case MOD -> l + " % " + r;
                case POW -> "Math.pow(" + l + ", " + r + ")";
                default -> throw new LoweringException("float " + op.symbol());
            };
            return ot.width() == 64 || ot.width() == 32 && op != BinaryOp.POW ? "(" + j + ")" : roundTo(ot, j);
        }
        if (saturating != null && !wide(ot) && Saturation.small(ot)
                && (op == BinaryOp.ADD || op == BinaryOp.SUB || op == BinaryOp.MUL)) {
            // exact (Saturation checked that nothing but arithmetic and writes read it)
            return (op == BinaryOp.ADD ? "satAdd(" : op == BinaryOp.SUB ? "satSub(" : "satMul(") + l + ", " + r + ")";
        }
        if (wide(ot)) {
            String j = switch (op) {
                case ADD -> l + ".add(" + r + ")";
                case SUB -> l + ".subtract(" + r + ")";
                case MUL -> l + ".multiply(" + r + ")";
                default -> throw new LoweringException("wide " + op.symbol());
            };
            return norm(ot, j);
        }
        String j = switch (op) {
            case ADD -> l + " + " + r;
            case SUB -> l + " - " + r;
            case MUL -> l + " * " + r;
            case DIV -> (ot.isSigned() ? "divs(" : "divu(") + l + ", " + r + ")";
            case MOD -> (ot.isSigned() ? "rems(" : "remu(") + l + ", " + r + ")";
            case POW -> "pow(" + l + ", " + r + ")";
            default -> throw new LoweringException("arithmetic " + op.symbol());
        };
        return norm(ot, j);
    }

    private boolean isDenormConstant(Expr e) {
        return e instanceof Expr.Typed ty && ty.base() instanceof Expr.Ident id && isEnvironmentRef(id)
                && id.name().equals("DENORM");
    }

    private String binary(Expr.Binary b, PType t) throws LoweringException {
        PType lt = type(b.left());
        PType rt = type(b.right());
        switch (b.op()) {
            case ADD, SUB, MUL, DIV, MOD, POW:
                return convert(arith(b.op(), ex(b.left()), lt, ex(b.right()), rt),
                        TypeRules.unify(lt, rt).asInt().fixed(), t, false);
            case LOGICAL_AND, LOGICAL_OR:
                return "(" + cond(b.left()) + " " + b.op().symbol() + " " + cond(b.right()) + ")";
            case SHL, SHR: {
                String n = longOf(b.right());
                String l = convert(ex(b.left()), lt, t, false);
                if (wide(t)) {
                    return norm(t, WIDE + (b.op() == BinaryOp.SHL ? ".shl(" : ".shr(") + l + ", " + n + ")");
                }
                if (b.op() == BinaryOp.SHL) {
                    return norm(t, "shl(" + l + ", " + n + ")");
                }
                return t.isSigned() ? "shrs(" + l + ", " + n + ")" : "shru(" + l + ", " + n + ")";
            }
            case BIT_AND, BIT_OR, BIT_XOR: {
                String l = convert(ex(b.left()), lt, t, false);
                String r = convert(ex(b.right()), rt, t, false);
                if (wide(t)) {
                    String m = switch (b.op()) {
                        case BIT_AND -> ".and(";
                        case BIT_OR -> ".or(";
                        default -> ".xor(";
                    };
                    return l + m + r + ")";
                }
                if (t.isFloat()) {
                    throw new LoweringException("bitwise operator on floats");
                }
                return "(" + l + " " + b.op().symbol() + " " + r + ")";
            }
            default: {
                if ((b.op() == BinaryOp.EQ || b.op() == BinaryOp.NE)
                        && (isDenormConstant(b.left()) || isDenormConstant(b.right()))) {
                    // "X == DENORM.f32" (V_DIV_SCALE): the texts' notation for "X is a denormal" — no single value
                    // is "the" denormal — so it tests X's class in the width the DENORM side names.
                    boolean right = isDenormConstant(b.right());
                    Expr x = right ? b.left() : b.right();
                    PType dt = right ? rt : lt;
                    String test = "isDenormalValue(" + convert(ex(x), type(x), dt, false) + ")";
                    return b.op() == BinaryOp.EQ ? test : "!" + test;
                }
                PType ot = TypeRules.unify(lt, rt).fixed();
                String l = convert(ex(b.left()), lt, ot, false);
                String r = convert(ex(b.right()), rt, ot, false);
                String sym = b.op().symbol();
                if (ot.kind() == PType.Kind.BOOL) {
                    if (b.op() == BinaryOp.EQ || b.op() == BinaryOp.NE) {
                        return "(" + l + " " + sym + " " + r + ")";
                    }
                    ot = PType.U1;
                    l = bitsOf(l, PType.BOOL);
                    r = bitsOf(r, PType.BOOL);
                }
                if (wide(ot)) {
                    return "(" + l + ".compareTo(" + r + ") " + sym + " 0)";
                }
                if (ot.isInt() && !ot.isSigned() && ot.width() == 64 && b.op() != BinaryOp.EQ
                        && b.op() != BinaryOp.NE) {
                    return "(Long.compareUnsigned(" + l + ", " + r + ") " + sym + " 0)";
                }
                return "(" + l + " " + sym + " " + r + ")";
            }
        }
    }

    // ---- calls ---------------------------------------------------------------------------------------------------

    private String call(Expr.Call c, PType t) throws LoweringException {
        String f = c.function();
        List<Expr> args = c.args();
        if (f.equals("ConvertFromFormat")) {
            if (args.size() != 1 || !(args.get(0) instanceof Expr.Index x) || !(x.base() instanceof Expr.Ident m)
                    || !m.name().equals("MEM")) {
                throw new LoweringException("ConvertFromFormat of something other than MEM[addr]");
            }
            fixed(f);
            return convert("convertFromFormat(ctx, " + longOf(x.index()) + ")", PType.B32, t, false);
        }
        java.util.regex.Matcher sr = Signatures.SCALED_SR.matcher(f);
        if (sr.matches() && args.size() == 3) {
            fixed(f);
            PType from = Signatures.named(sr.group(1));
            String v = bitsOf(convert(ex(args.get(0)), type(args.get(0)), from, false), from);
            String rnd = bitsOf(convert(ex(args.get(1)), type(args.get(1)), PType.U32, false), PType.U32);
            String s = bitsOf(convert(ex(args.get(2)), type(args.get(2)), PType.u(8), false), PType.u(8));
            return fromBits("cvtScaleSr(" + v + ", " + format(sr.group(1)) + ", " + format(sr.group(2)) + ", " + rnd
                    + ", " + s + ")", t);
        }
        java.util.regex.Matcher scaled = Signatures.SCALED.matcher(f);
        if (scaled.matches() && args.size() == 2) {
            fixed(f);
            // X_to_Y_scale(value, scale.u8): the runtime's one-rounding block-scaled conversion.
            PType from = Signatures.named(scaled.group(1));
            String v = bitsOf(convert(ex(args.get(0)), type(args.get(0)), from, false), from);
            String s = bitsOf(convert(ex(args.get(1)), type(args.get(1)), PType.u(8), false), PType.u(8));
            return fromBits("cvtScale(" + v + ", " + format(scaled.group(1)) + ", " + format(scaled.group(2)) + ", "
                    + s + ")", t);
        }
        Optional<Signatures.Signature> sig = Signatures.find(f, args.size());
        if (sig.isEmpty()) {
            throw new LoweringException("built-in " + f + " not implemented");
        }
        // Arguments converted to the parameter types (generic parameters: to the call's unified type).
        String[] a = new String[args.size()];
        PType[] at = new PType[args.size()];
        for (int i = 0; i < args.size(); i++) {
            PType p = sig.get().params().get(i);
            PType given = type(args.get(i));
            if (p == null) {
                at[i] = f.equals("fma") || f.equals("pow") ? t : given.fixed();
                if (f.equals("signext_from_bit") || f.startsWith("Calc")) {
                    at[i] = given.asInt().fixed();
                }
            } else {
                at[i] = p;
            }
            a[i] = convert(ex(args.get(i)), given, at[i], false);
        }
        String fmt = at.length > 0 ? at[0].kind() + "" + at[0].width() : "";
        boolean f16 = fmt.equals("F16");
        switch (f) {
            case "f32_to_f16_SR", "f32_to_f16_sr", "f32_to_bf16_SR", "f32_to_bf16_sr": {
                fixed(f);
                // The stochastic rounding of the scaled conversions, without scale (scale 127 = 2^0).
                String to = f.contains("bf16") ? "BF16" : "F16";
                return fromBits("cvtScaleSr(" + bitsOf(a[0], at[0]) + ", io.github.amdisa.runtime.fp.FloatFormat.F32, "
                        + "io.github.amdisa.runtime.fp.FloatFormat." + to + ", " + a[1] + ", 127L)", t);
            }
            case "HwRegWriteMask":
                return "ctx.hwRegWriteMask(" + a[0] + ", " + a[1] + ")";
            case "v_prng_b32": {
                // V_PRNG_B32's text: (in << 1U) ^ (in[31] ? 197U : 0U), 32 bits.
                String x = bitsOf(a[0], at[0]);
                return "(((" + x + " << 1) ^ (((" + x + " >>> 31) & 1L) != 0 ? 197L : 0L)) & 0xFFFFFFFFL)";
            }
            case "float32":
                // float32(sign, exponent, mantissa): the f32 with these fields (biased exponent, 23-bit fraction).
                return "f32(((" + a[0] + " & 1L) << 31) | ((" + a[1] + " & 0xFFL) << 23) | (" + a[2] + " & 0x7FFFFFL))";
            case "signext":
                return at[0].isSigned() ? a[0] : "sext(" + a[0] + ", " + at[0].width() + ")";
            case "signext_from_bit":
                return norm(t, "signextFromBit(" + a[0] + ", " + a[1] + ")");
            case "isNAN":
                return "isNan(" + a[0] + ")";
            case "isSignalNAN":
                return "isSignalNan(" + a[0] + ")";
            case "isQuietNAN":
                return "isQuietNan(" + a[0] + ")";
            case "isEven":
                return "isEven(" + a[0] + ")";
            case "cvtToQuietNAN":
                return "quiet(" + a[0] + ")";
            case "sign":
                requireFloat(f, at[0]);
                return "sign(" + a[0] + ")";
            case "exponent":
                requireFloat(f, at[0]);
                return f16 ? "exponentF16(" + a[0] + ")" : "exponent(" + a[0] + ")";
            case "mantissa":
                requireFloat(f, at[0]);
                return f16 ? "mantissaF16(" + a[0] + ")" : "mantissa(" + a[0] + ")";
            case "abs":
                return at[0].isFloat() ? "Math.abs(" + a[0] + ")" : norm(t, "Math.abs(" + a[0] + ")");
            case "fma":
                requireFloat(f, t);
                if (byMode && t.kind() == PType.Kind.F && fmt.equals(t.kind() + "" + t.width())
                        && (t.width() == 16 || t.width() == 32 || t.width() == 64)) {
                    return "fmaF" + t.width() + "Rm(" + a[0] + ", " + a[1] + ", " + a[2] + ", " + modeOf(t) + ")";
                }
                fixed("fma to " + t);
                if (t.width() == 64 || fmt.equals("F32")) {
                    return "Math.fma(" + a[0] + ", " + a[1] + ", " + a[2] + ")";
                }
                return roundTo(t, "Math.fma((double) " + a[0] + ", (double) " + a[1] + ", (double) " + a[2] + ")");
            case "trunc", "floor":
                requireFloat(f, t);
                return t.width() == 64 ? (f.equals("floor") ? "Math.floor(" : "trunc(") + a[0] + ")"
                        : f + "(" + a[0] + ")";
            case "fract":
                requireFloat(f, t);
                fixed(f);
                return f16 ? "fractF16(" + a[0] + ")" : "fract(" + a[0] + ")";
            case "sqrt", "sin", "cos":
                requireFloat(f, t);
                fixed(f);
                return roundTo(t, "Math." + f + "(" + a[0] + ")");
            case "log2":
                requireFloat(f, t);
                fixed(f);
                return roundTo(t, "log2(" + a[0] + ")");
            case "pow":
                requireFloat(f, t);
                fixed(f);
                return roundTo(t, "Math.pow(" + a[0] + ", " + a[1] + ")");
            case "ldexp":
                requireFloat(f, t);
                fixed(f);
                return t.width() == 32 || t.width() == 64 ? "ldexp(" + a[0] + ", " + a[1] + ")"
                        : roundTo(t, "ldexp((double) " + a[0] + ", " + a[1] + ")");
            case "bitCount":
                return "(long) Long.bitCount(" + bitsOf(a[0], at[0]) + ")";
            case "v_sad_u8":
                return "sadU8(" + a[0] + ", " + a[1] + ", " + a[2] + ")";
            case "v_msad_u8":
                return "msadU8(" + a[0] + ", " + a[1] + ", " + a[2] + ")";
            case "s_ff1_i32_b32", "s_ff1_i32_b64":
                return "ff1(" + a[0] + ")";
            case "v_cvt_i16_f32":
                return "toInt(" + a[0] + ", true, 16)";
            case "v_cvt_u16_f32":
                return "toInt(" + a[0] + ", false, 16)";
            case "ChannelOffsetX", "ChannelOffsetY", "ChannelOffsetZ", "ChannelOffsetW":
                // component index (X = 0 ... W = 3) times the component size of the context's buffer format
                return "channelOffset(ctx, " + "XYZW".indexOf(f.charAt(f.length() - 1)) + ")";
            default:
                break;
        }
        if (f.startsWith("Calc")) {
            String kind = switch (f) {
                case "CalcBufferAddr" -> "BUFFER";
                case "CalcDsAddr" -> "DS";
                case "CalcGlobalAddr" -> "GLOBAL";
                case "CalcFlatAddr" -> "FLAT";
                case "CalcScratchAddr" -> "SCRATCH";
                case "CalcScalarBufferAddr" -> "SCALAR_BUFFER";
                case "CalcScalarGlobalAddr" -> "SCALAR_GLOBAL";
                case "CalcScalarScratchAddr" -> "SCALAR_SCRATCH";
                default -> "IMAGE";
            };
            StringBuilder sb = new StringBuilder("ctx.address(io.github.amdisa.runtime.pcode.AddressKind." + kind);
            for (int i = 0; i < a.length; i++) {
                sb.append(", ").append(bitsOf(a[i], at[i]));
            }
            return sb.append(")").toString();
        }
        if (f.startsWith("v_")) {
            return minMax(f, a, t);
        }
        // Conversions X_to_Y: the argument is already of type X; snorm/unorm and narrowing integer conversions
        // have their own rules, everything else is a value conversion.
        if (f.endsWith("_to_snorm")) {
            fixed(f);
            return "toSnorm(" + a[0] + ")";
        }
        if (f.endsWith("_to_unorm")) {
            fixed(f);
            return "toUnorm(" + a[0] + ")";
        }
        if (at[0].isInt() && t.isInt() && t.width() < at[0].width()) {
            return "saturate(" + a[0] + ", " + t.isSigned() + ", " + t.width() + ")";
        }
        return convert(a[0], at[0], t, false);
    }

    private String format(String name) {
        String f = switch (name) {
            case "f32" -> "F32";
            case "f16" -> "F16";
            case "bf16" -> "BF16";
            case "fp8" -> fnuz ? "FP8_E4M3_FNUZ" : "FP8_E4M3";
            case "bf8" -> fnuz ? "BF8_E5M2_FNUZ" : "BF8_E5M2";
            case "fp6" -> "FP6_E2M3";
            case "bf6" -> "BF6_E3M2";
            default -> "FP4_E2M1";
        };
        return "io.github.amdisa.runtime.fp.FloatFormat." + f;
    }

    private static void requireFloat(String f, PType t) throws LoweringException {
        if (!t.isFloat()) {
            throw new LoweringException(f + " of a non-float " + t);
        }
    }

    private String minMax(String f, String[] a, PType t) throws LoweringException {
        String op = f.substring(2, f.lastIndexOf('_'));
        boolean max = op.startsWith("max");
        String fn;
        if (t.isFloat()) {
            fn = op.startsWith("maximum") ? "maximum" : op.startsWith("minimum") ? "minimum" : max ? "maxNum"
                    : "minNum";
            if (t.width() == 64) {
                throw new LoweringException("f64 " + f);
            }
        } else {
            fn = max ? "Math.max" : "Math.min";
        }
        String r = fn + "(" + a[0] + ", " + a[1] + ")";
        if (a.length == 3) {
            r = fn + "(" + r + ", " + a[2] + ")";
        }
        if (t.isFloat() && t.width() < 32) {
            return roundTo(t, r);
        }
        return r;
    }
}
