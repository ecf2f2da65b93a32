package io.github.amdisa.runtime.syntax;

/**
 * The value type of a source operand, which decides how LLVM reads and prints inline constants and literals in it.
 * It corresponds to LLVM's {@code OPERAND_REG_*} kinds; AMD's XML gives the same information as the operand's data
 * format (for example {@code FMT_NUM_F16}).
 */
public enum OperandType {
    /** 16-bit integer ({@code v_add_u16}): float inline constants print as f16 bit patterns, {@code 0x3c00}. */
    INT16(16, false),
    /** IEEE half. */
    FP16(16, true),
    /** bfloat16. */
    BF16(16, true),
    /** 32-bit integer or untyped 32 bits. */
    INT32(32, false),
    /** IEEE single. */
    FP32(32, true),
    /** 64-bit integer. */
    INT64(64, false),
    /** IEEE double. */
    FP64(64, true),
    /** Two packed 16-bit integers (VOP3P). Float inline constants are f32 patterns, as for INT32. */
    V2INT16(32, false),
    /** Two packed halves (VOP3P). */
    V2FP16(32, true),
    /** Two packed bfloat16 (VOP3P). */
    V2BF16(32, true);

    private final int bits;
    private final boolean floating;

    OperandType(int bits, boolean floating) {
        this.bits = bits;
        this.floating = floating;
    }

    /**
     * Returns the width of the value (packed types count both halves).
     *
     * @return 16, 32 or 64
     */
    public int bits() {
        return bits;
    }

    /**
     * Tells whether the type is floating point.
     *
     * @return true for FP16, BF16, FP32, FP64, V2FP16 and V2BF16
     */
    public boolean isFloating() {
        return floating;
    }

    /**
     * Tells whether the type is 64 bits wide.
     *
     * @return true for INT64 and FP64
     */
    public boolean is64() {
        return bits == 64;
    }
}
