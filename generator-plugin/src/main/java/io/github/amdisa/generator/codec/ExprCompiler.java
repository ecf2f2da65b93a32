package io.github.amdisa.generator.codec;

import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import io.github.amdisa.isaxml.model.expr.Operator;
import java.util.List;
import java.util.function.Function;

/**
 * Compiles an encoding condition ({@link Expr} tree) into a Java expression over the instruction words. Field
 * references ({@code INST.VOP3.SRC0}) become calls of the encoding's field extractor ({@code src0(w, o)}), which
 * extract with constant shifts and masks; {@code .within}/{@code .notwithin} become chains of comparisons.
 */
final class ExprCompiler {

    private final Function<String, String> fieldAccess;

    /**
     * @param fieldAccess turns a field name into a Java expression of type {@code long} reading it from {@code w}
     *                    at {@code o}; it throws {@link IllegalArgumentException} for unknown fields
     */
    ExprCompiler(Function<String, String> fieldAccess) {
        this.fieldAccess = fieldAccess;
    }

    /** Whether the condition is the literal constant true (AMD's trivial {@code <lit val="1"/>}). */
    static boolean isTriviallyTrue(Expr e) {
        return e instanceof Expr.Lit lit && ExprEvaluator.parseLiteral(lit.value()) != 0;
    }

    /** A Java {@code boolean} expression. */
    String bool(Expr e) {
        if (e instanceof Expr.Lit lit) {
            return ExprEvaluator.parseLiteral(lit.value()) != 0 ? "true" : "false";
        }
        if (e instanceof Expr.Op op) {
            List<Expr> a = op.operands();
            switch (op.operator()) {
                case AND:
                    return "(" + bool(a.get(0)) + " && " + bool(a.get(1)) + ")";
                case OR:
                    return "(" + bool(a.get(0)) + " || " + bool(a.get(1)) + ")";
                case NOT:
                    return "!" + bool(a.get(0));
                case EQ: case NE: case LT: case LE: case GT: case GE:
                    return "(" + num(a.get(0)) + " " + op.operator().symbol() + " " + num(a.get(1)) + ")";
                case WITHIN:
                case NOT_WITHIN: {
                    String x = num(a.get(0));
                    StringBuilder b = new StringBuilder("(");
                    List<Expr> elements = a.get(1) instanceof Expr.Op arr && arr.operator() == Operator.CONS_ARRAY
                            ? arr.operands() : List.of(a.get(1));
                    boolean within = op.operator() == Operator.WITHIN;
                    for (int i = 0; i < elements.size(); i++) {
                        if (i > 0) {
                            b.append(within ? " || " : " && ");
                        }
                        b.append(x).append(within ? " == " : " != ").append(num(elements.get(i)));
                    }
                    return b.append(")").toString();
                }
                default:
                    break;
            }
        }
        return "(" + num(e) + " != 0L)";
    }

    /** A Java {@code long} expression. */
    String num(Expr e) {
        if (e instanceof Expr.Lit lit) {
            return ExprEvaluator.parseLiteral(lit.value()) + "L";
        }
        if (e instanceof Expr.Id id) {
            return fieldAccess.apply(id.name());
        }
        Expr.Op op = (Expr.Op) e;
        List<Expr> a = op.operands();
        switch (op.operator()) {
            case FIELD_DEREF: {
                List<String> path = ExprEvaluator.path(op);
                return fieldAccess.apply(path.get(path.size() - 1));
            }
            case BIT_AND: case BIT_OR: case BIT_XOR: case ADD: case SUB: case SHL:
                return "(" + num(a.get(0)) + " " + op.operator().symbol() + " " + num(a.get(1)) + ")";
            case SHR:
                return "(" + num(a.get(0)) + " >>> " + num(a.get(1)) + ")";
            case BIT_NOT:
                return "(~" + num(a.get(0)) + ")";
            case UNKNOWN:
                throw new IllegalArgumentException("unknown operator '" + op.kind() + "' in condition " + e);
            case CONS_ARRAY:
                throw new IllegalArgumentException("an array cannot be used as a value: " + e);
            default:
                return "(" + bool(e) + " ? 1L : 0L)";
        }
    }
}
