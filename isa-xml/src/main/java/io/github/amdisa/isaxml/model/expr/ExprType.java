package io.github.amdisa.isaxml.model.expr;

/**
 * A type annotation of the expression vocabulary, {@code <ty><t base="U" size="1"/></ty>}: a base letter
 * ({@code I} signed, {@code U} unsigned, {@code B} bits, {@code F} float, ...) and a size in bits (0 when absent).
 */
public record ExprType(String base, int size) {

    /** The type of a condition's result: an unsigned 1-bit value. */
    public static final ExprType BOOL = new ExprType("U", 1);

    @Override
    public String toString() {
        return size > 0 ? size + "'" + base : base;
    }
}
