package io.github.amdisa.runtime.syntax;

/**
 * A reusable, mutable holder for one parsed operand, so that parsers allocate nothing per operand. A parser
 * {@linkplain #reset() resets} it and fills in what it found; the generated assembler reads the fields and encodes
 * them.
 *
 * <p>For source operands, {@link #code()} is the 9-bit SRC encoding AMD's XML uses (OPR_SRC): 0..105 SGPRs, 106
 * {@code vcc_lo}, 108..123 {@code ttmp}, 128..208 integer inline constants, 240..248 float inline constants, 254
 * the 64-bit literal marker (gfx1250), 255 a 32-bit literal, 256..511 VGPRs. AGPRs use 256..511 with
 * {@link #isAgpr()} set.
 */
public final class Operand {
    /** {@link #half()} value of an operand that is not a 16-bit register half. */
    public static final int NO_HALF = -1;
    /** {@link #half()} value for the low half, {@code v5.l}. */
    public static final int LOW_HALF = 0;
    /** {@link #half()} value for the high half, {@code v5.h}. */
    public static final int HIGH_HALF = 1;

    int code;
    boolean agpr;
    RegisterKind kind;
    int index;
    int dwords;
    int half;
    long literal;
    boolean hasLiteral;
    Expr expression;
    boolean neg;
    boolean abs;
    boolean sext;
    int start;
    int end;

    /** Creates an empty holder. */
    public Operand() {
        reset();
    }

    /**
     * Clears every field.
     *
     * @return this holder
     */
    public Operand reset() {
        code = -1;
        agpr = false;
        kind = null;
        index = -1;
        dwords = 0;
        half = NO_HALF;
        literal = 0;
        hasLiteral = false;
        expression = null;
        neg = false;
        abs = false;
        sext = false;
        start = -1;
        end = -1;
        return this;
    }

    /**
     * Returns the SRC encoding of the operand (see the class description).
     *
     * @return 0..511, or -1 if nothing was parsed
     */
    public int code() {
        return code;
    }

    /**
     * Tells whether the register is an AGPR ({@code a5}, {@code a[0:3]}).
     *
     * @return true for an accumulation register
     */
    public boolean isAgpr() {
        return agpr;
    }

    /**
     * Returns the register file of a numbered register, or null for named registers ({@code vcc}, {@code m0}) and
     * constants.
     *
     * @return the kind or null
     */
    public RegisterKind kind() {
        return kind;
    }

    /**
     * Returns the index of the first register of a numbered register or range: 5 for {@code v[5:6]}.
     *
     * @return the index, or -1 for named registers and constants
     */
    public int index() {
        return index;
    }

    /**
     * Returns the width of a register operand in dwords: 2 for {@code v[5:6]} or {@code vcc}.
     *
     * @return the width, or 0 for constants
     */
    public int dwords() {
        return dwords;
    }

    /**
     * Returns which 16-bit half of a VGPR was named.
     *
     * @return {@link #NO_HALF}, {@link #LOW_HALF} or {@link #HIGH_HALF}
     */
    public int half() {
        return half;
    }

    /**
     * Tells whether the operand needs a literal dword (or two, for {@code lit64}).
     *
     * @return true if {@link #literal()} is meaningful
     */
    public boolean hasLiteral() {
        return hasLiteral;
    }

    /**
     * The relocatable expression a literal holds ({@code s_mov_b32 s0, u+1}), left for a fixup; the literal itself
     * is then a placeholder ({@link SourceOperands#RELOCATABLE_PLACEHOLDER}).
     *
     * @return the expression, or null for a literal with a value (or no literal)
     */
    public Expr expression() {
        return expression;
    }

    /**
     * Returns the literal to encode after the instruction: 32 bits (zero-extended) for code 255, 64 bits for code
     * 254.
     *
     * @return the literal
     */
    public long literal() {
        return literal;
    }

    /**
     * Tells whether a negate modifier was given ({@code -v1} or {@code neg(v1)}).
     *
     * @return the neg modifier bit
     */
    public boolean neg() {
        return neg;
    }

    /**
     * Tells whether an absolute-value modifier was given ({@code |v1|} or {@code abs(v1)}).
     *
     * @return the abs modifier bit
     */
    public boolean abs() {
        return abs;
    }

    /**
     * Tells whether a sign-extend modifier was given ({@code sext(v1)}, SDWA).
     *
     * @return the sext modifier bit
     */
    public boolean sext() {
        return sext;
    }

    /**
     * Returns the offset in the text where the operand started.
     *
     * @return the start offset
     */
    public int start() {
        return start;
    }

    /**
     * Returns the offset just after the operand.
     *
     * @return the end offset
     */
    public int end() {
        return end;
    }
}
