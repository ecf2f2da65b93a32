package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ast.ScalarType;

/**
 * The type the checker gives an expression: a kind, a bit width, an array length (0 for scalars) and whether it is
 * an unsized literal that adapts to the other operand ({@code 1}, {@code 0.5}).
 *
 * @param kind what the bits mean
 * @param width bits per element (0 for kinds without bits: BOOL counts as 1)
 * @param length array length, 0 for a scalar
 * @param literal true for an unsized literal whose type yields to a typed operand
 */
public record PType(Kind kind, int width, int length, boolean literal) {

    /** Kinds of values. */
    public enum Kind {
        /** Unsigned integer. */
        U,
        /** Signed two's-complement integer. */
        I,
        /** Untyped bits; arithmetic and comparisons treat them as unsigned. */
        B,
        /** IEEE float f16/f32/f64. */
        F,
        /** bfloat16 / bf8 (E5M2) / bf6. */
        BF,
        /** fp8 (E4M3) / fp6 / fp4. */
        FP,
        /** A truth value: comparisons, logical operators, {@code isNAN}. */
        BOOL,
        /** A register file or memory, only usable indexed. */
        STORAGE,
        /** No value (a statement call, a string). */
        VOID
    }

    public static final PType BOOL = new PType(Kind.BOOL, 1, 0, false);
    public static final PType VOID = new PType(Kind.VOID, 0, 0, false);
    public static final PType STORAGE = new PType(Kind.STORAGE, 0, 0, false);
    public static final PType U1 = u(1);
    public static final PType U32 = u(32);
    public static final PType U64 = u(64);
    public static final PType I32 = i(32);
    public static final PType I64 = i(64);
    public static final PType B32 = b(32);
    public static final PType B64 = b(64);
    public static final PType F32 = f(32);
    public static final PType F64 = f(64);

    public static PType u(int w) {
        return new PType(Kind.U, w, 0, false);
    }

    public static PType i(int w) {
        return new PType(Kind.I, w, 0, false);
    }

    public static PType b(int w) {
        return new PType(Kind.B, w, 0, false);
    }

    public static PType f(int w) {
        return new PType(Kind.F, w, 0, false);
    }

    /** The type a suffix or cast names. */
    public static PType of(ScalarType t) {
        Kind k = switch (t.kind()) {
            case U -> Kind.U;
            case I -> Kind.I;
            case B -> Kind.B;
            case F -> Kind.F;
            case BF -> Kind.BF;
            case FP -> Kind.FP;
        };
        return new PType(k, t.width(), 0, false);
    }

    public boolean isInt() {
        return kind == Kind.U || kind == Kind.I || kind == Kind.B;
    }

    public boolean isFloat() {
        return kind == Kind.F || kind == Kind.BF || kind == Kind.FP;
    }

    public boolean isSigned() {
        return kind == Kind.I;
    }

    public boolean isArray() {
        return length > 0;
    }

    /** The element type of an array. */
    public PType element() {
        return new PType(kind, width, 0, false);
    }

    /** This type as an array of {@code n}. */
    public PType arrayOf(int n) {
        return new PType(kind, width, n, false);
    }

    /** The same type, no longer an adaptable literal. */
    public PType fixed() {
        return literal ? new PType(kind, width, length, false) : this;
    }

    /** Same kind and width (ignoring the literal flag). */
    public boolean sameAs(PType o) {
        return kind == o.kind && width == o.width && length == o.length;
    }

    /** A value treated as an integer: BOOL counts as u1. */
    public PType asInt() {
        return kind == Kind.BOOL ? U1 : this;
    }

    @Override
    public String toString() {
        String base = switch (kind) {
            case BOOL -> "bool";
            case VOID -> "void";
            case STORAGE -> "storage";
            default -> kind.name().toLowerCase(java.util.Locale.ROOT) + width;
        };
        return base + (length > 0 ? "[" + length + "]" : "") + (literal ? "(literal)" : "");
    }
}
