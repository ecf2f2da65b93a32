package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ast.BinaryOp;

/** The widening rules (see the package documentation), shared by the checker and the lowering. */
public final class TypeRules {

    private TypeRules() {
    }

    /**
     * The type two operands of an arithmetic, bitwise or comparison operator are brought to: an unsized literal
     * takes the other operand's type; a float operand makes the operation float at the wider float width; integers
     * work at the wider width, signed only if both are signed (bits count as unsigned; bits and bits stay bits);
     * BOOL with BOOL stays BOOL (for {@code & | ^ == !=}), otherwise BOOL counts as u1.
     */
    public static PType unify(PType a, PType b) {
        if (a.kind() == PType.Kind.BOOL && b.kind() == PType.Kind.BOOL) {
            return PType.BOOL;
        }
        a = a.asInt();
        b = b.asInt();
        if (a.literal() && !b.literal()) {
            return adapt(a, b);
        }
        if (b.literal() && !a.literal()) {
            return adapt(b, a);
        }
        boolean lit = a.literal() && b.literal();
        PType r;
        if (a.isFloat() || b.isFloat()) {
            if (a.isFloat() && b.isFloat()) {
                r = a.width() >= b.width() ? a : b;
            } else {
                r = a.isFloat() ? a : b;
            }
        } else {
            int w = Math.max(a.width(), b.width());
            PType.Kind k = a.kind() == PType.Kind.I && b.kind() == PType.Kind.I ? PType.Kind.I
                    : a.kind() == PType.Kind.B && b.kind() == PType.Kind.B ? PType.Kind.B : PType.Kind.U;
            r = new PType(k, w, 0, false);
        }
        return new PType(r.kind(), r.width(), 0, lit);
    }

    /** A literal meeting a typed operand: the typed operand's type (a float if either is a float). */
    private static PType adapt(PType literal, PType typed) {
        if (literal.isFloat() && typed.isInt()) {
            return literal.fixed();
        }
        return typed.fixed();
    }

    /** The result type of a binary operator given its operands' types. */
    public static PType binary(BinaryOp op, PType l, PType r) {
        return switch (op) {
            case LOGICAL_AND, LOGICAL_OR, EQ, NE, LT, LE, GT, GE -> PType.BOOL;
            case SHL, SHR -> l.asInt().literal() && !r.literal() ? l.asInt().fixed() : l.asInt();
            case BIT_AND, BIT_OR, BIT_XOR -> unify(l, r);
            default -> unify(l, r).asInt();
        };
    }

    /** The type a local takes from its value: the value's type, a literal made definite. */
    public static PType localType(PType value) {
        return value.fixed();
    }

    /**
     * Joins two types assigned to one local: the first non-literal type wins; two integer types give the wider.
     */
    public static PType join(PType old, boolean oldFromLiteral, PType now) {
        if (old == null) {
            return now.fixed();
        }
        if (oldFromLiteral && !now.literal()) {
            return now.fixed();
        }
        if (old.isInt() && now.isInt() && now.width() > old.width() && !now.literal()) {
            return new PType(old.kind(), now.width(), old.length(), false);
        }
        return old;
    }
}
