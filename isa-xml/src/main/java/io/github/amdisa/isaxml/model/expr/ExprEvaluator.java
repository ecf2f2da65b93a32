package io.github.amdisa.isaxml.model.expr;

import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates condition expressions against instruction words. Field references ({@code INST.VOP3.SRC0}) resolve to
 * the named field of the encoding being tested; comparisons and logic give 1 or 0.
 */
public final class ExprEvaluator {

    /** Resolves a dotted reference such as {@code [INST, VOP3, SRC0]} to a value. */
    @FunctionalInterface
    public interface Resolver {
        long resolve(List<String> path);
    }

    private ExprEvaluator() {
    }

    /** Whether {@code condition} holds for the words at {@code offset}, fields taken from {@code encoding}. */
    public static boolean holds(Expr condition, Encoding encoding, int[] words, int offset) {
        return evaluate(condition, path -> {
            String fieldName = path.get(path.size() - 1);
            Field f = encoding.field(fieldName).orElseThrow(() -> new ExprException(
                    "condition refers to field " + String.join(".", path) + ", which encoding " + encoding.name()
                            + " does not have"));
            return f.extract(words, offset);
        }) != 0;
    }

    /** Evaluates {@code e} with identifiers and field references resolved by {@code resolver}. */
    public static long evaluate(Expr e, Resolver resolver) {
        if (e instanceof Expr.Lit lit) {
            return parseLiteral(lit.value());
        }
        if (e instanceof Expr.Id id) {
            return resolver.resolve(List.of(id.name()));
        }
        return evaluateOp((Expr.Op) e, resolver);
    }

    private static long evaluateOp(Expr.Op op, Resolver resolver) {
        List<Expr> a = op.operands();
        Operator o = op.operator();
        if (o.arity() > 0 && a.size() != o.arity()) {
            throw new ExprException("operator " + op.kind() + " needs " + o.arity() + " operands, has " + a.size());
        }
        return switch (o) {
            case FIELD_DEREF -> resolver.resolve(path(op));
            case AND -> truth(evaluate(a.get(0), resolver)) && truth(evaluate(a.get(1), resolver)) ? 1 : 0;
            case OR -> truth(evaluate(a.get(0), resolver)) || truth(evaluate(a.get(1), resolver)) ? 1 : 0;
            case NOT -> truth(evaluate(a.get(0), resolver)) ? 0 : 1;
            case BIT_NOT -> ~evaluate(a.get(0), resolver);
            case EQ -> evaluate(a.get(0), resolver) == evaluate(a.get(1), resolver) ? 1 : 0;
            case NE -> evaluate(a.get(0), resolver) != evaluate(a.get(1), resolver) ? 1 : 0;
            case LT -> evaluate(a.get(0), resolver) < evaluate(a.get(1), resolver) ? 1 : 0;
            case LE -> evaluate(a.get(0), resolver) <= evaluate(a.get(1), resolver) ? 1 : 0;
            case GT -> evaluate(a.get(0), resolver) > evaluate(a.get(1), resolver) ? 1 : 0;
            case GE -> evaluate(a.get(0), resolver) >= evaluate(a.get(1), resolver) ? 1 : 0;
            case BIT_AND -> evaluate(a.get(0), resolver) & evaluate(a.get(1), resolver);
            case BIT_OR -> evaluate(a.get(0), resolver) | evaluate(a.get(1), resolver);
            case BIT_XOR -> evaluate(a.get(0), resolver) ^ evaluate(a.get(1), resolver);
            case SHL -> evaluate(a.get(0), resolver) << evaluate(a.get(1), resolver);
            case SHR -> evaluate(a.get(0), resolver) >>> evaluate(a.get(1), resolver);
            case ADD -> evaluate(a.get(0), resolver) + evaluate(a.get(1), resolver);
            case SUB -> evaluate(a.get(0), resolver) - evaluate(a.get(1), resolver);
            case WITHIN, NOT_WITHIN -> {
                long v = evaluate(a.get(0), resolver);
                boolean found = false;
                for (long element : elements(a.get(1), resolver)) {
                    found |= element == v;
                }
                yield found == (o == Operator.WITHIN) ? 1 : 0;
            }
            case CONS_ARRAY -> throw new ExprException("an array " + op + " cannot be used as a value");
            case UNKNOWN -> throw new ExprException("unknown operator '" + op.kind() + "'");
        };
    }

    private static List<Long> elements(Expr array, Resolver resolver) {
        List<Long> out = new ArrayList<>();
        if (array instanceof Expr.Op op && op.operator() == Operator.CONS_ARRAY) {
            for (Expr e : op.operands()) {
                out.add(evaluate(e, resolver));
            }
        } else {
            out.add(evaluate(array, resolver));
        }
        return out;
    }

    /** The dotted path of a {@code .fieldderef} chain, e.g. {@code [INST, VOP3, SRC0]}. */
    public static List<String> path(Expr e) {
        List<String> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<String> out) {
        if (e instanceof Expr.Id id) {
            out.add(id.name());
        } else if (e instanceof Expr.Op op && op.operator() == Operator.FIELD_DEREF) {
            op.operands().forEach(c -> collect(c, out));
        } else {
            throw new ExprException("not a field reference: " + e);
        }
    }

    private static boolean truth(long v) {
        return v != 0;
    }

    /** Parses a literal as AMD writes it: decimal, {@code 0x} hex, {@code 0b} binary, optionally negative. */
    public static long parseLiteral(String text) {
        String t = text.trim();
        boolean neg = t.startsWith("-");
        if (neg) {
            t = t.substring(1);
        }
        try {
            long v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = Long.parseUnsignedLong(t.substring(2), 16);
            } else if (t.startsWith("0b") || t.startsWith("0B")) {
                v = Long.parseUnsignedLong(t.substring(2), 2);
            } else if (t.equalsIgnoreCase("true")) {
                v = 1;
            } else if (t.equalsIgnoreCase("false")) {
                v = 0;
            } else {
                v = Long.parseLong(t);
            }
            return neg ? -v : v;
        } catch (NumberFormatException ex) {
            throw new ExprException("bad literal '" + text + "'");
        }
    }
}
