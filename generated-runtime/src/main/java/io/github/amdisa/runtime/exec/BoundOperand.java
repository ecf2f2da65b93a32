package io.github.amdisa.runtime.exec;

/**
 * One pseudocode name of one decoded instruction, resolved once when the instruction is first executed: where its
 * bits live (a VGPR, an SGPR, a lane mask, a constant, wave state) and which operand modifiers apply to it.
 * Mutable only while the {@link Interpreter} builds it; never changed afterwards.
 */
final class BoundOperand {

    /** A VGPR tuple starting at {@link #index}, read for the current lane. */
    static final int VGPR = 0;
    /** Scalar registers starting at operand encoding {@link #index}. */
    static final int SGPR = 1;
    /** A constant ({@link #value}): inline constants, literals, immediate fields. */
    static final int CONST = 2;
    /**
     * A lane mask held in SGPRs ({@link #index} for reads, {@link #writeIndex} for writes; VCC, EXEC, a compare's
     * SDST): one SGPR in wave32, a pair in wave64. Per-lane writes gather in a mask committed after the last lane.
     */
    static final int MASK = 3;
    /** A special source operand encoding read through the wave (SCC 253, VCCZ 251, EXECZ 252, apertures). */
    static final int SPECIAL = 4;
    /** SCC (1 bit). */
    static final int SCC = 5;
    /** The program counter; a write is a branch. */
    static final int PC = 6;
    /** The current lane's memory address, computed from the encoding before the text runs. */
    static final int ADDRESS = 7;
    /** An AGPR tuple (CDNA accumulation registers) starting at {@link #index}, read for the current lane. */
    static final int AGPR = 8;

    final int kind;
    final int index;
    final long value;
    /** The operand size in bits (64 for wave state). */
    int size = 64;
    /** 0 for integer data, otherwise the float width whose sign bit modifiers touch (16, 32, 64). */
    int floatBits;
    /** How MODE's denormal fields apply to the value: one of the {@code DENORM_*} classes below. */
    int denorm;
    /** Integer data: MODE's denormal fields do not apply. */
    static final int DENORM_NONE = 0;
    /** An f32 value (MODE.FP_DENORM bits 5:4). */
    static final int DENORM_F32 = 1;
    /** An f16 value in the low 16 bits (MODE.FP_DENORM bits 7:6). */
    static final int DENORM_F16 = 2;
    /** An f64 value (bits 7:6). */
    static final int DENORM_F64 = 3;
    /** Two packed f16 values (bits 7:6, each half). */
    static final int DENORM_PK_F16 = 4;
    /** Another float format (bf16, fp8, ...), for which amdisa does not know how AMD applies the fields. */
    static final int DENORM_UNKNOWN = 5;
    /** Two packed f32 values in 64 bits (bits 5:4, each half; V_PK_FMA_F32 and friends). */
    static final int DENORM_PK_F32 = 6;
    boolean abs;
    boolean neg;
    /** 16-bit operand in the high half of its VGPR (VOP3 OP_SEL, GFX11 true16 register halves). */
    boolean high;
    /** VOP3P: which half feeds the low (bit 0) and high (bit 1) result lanes; negate low/high halves. */
    int packedSel = -1;
    boolean negLo;
    boolean negHi;
    /** Output modifiers of a float destination: OMOD (0-3) and CLAMP. */
    int omod;
    boolean clamp;
    /** For {@link #MASK}: the register a write goes to (VOP3 carry-out SDST while reads come from SRC2). */
    int writeIndex;
    /** For {@link #MASK} in a per-lane instruction: the slot of the gathered mask. */
    int maskSlot = -1;

    BoundOperand(int kind, int index, long value) {
        this.kind = kind;
        this.index = index;
        this.value = value;
        this.writeIndex = index;
    }

    static BoundOperand vgpr(int reg) {
        return new BoundOperand(VGPR, reg, 0);
    }

    static BoundOperand agpr(int reg) {
        return new BoundOperand(AGPR, reg, 0);
    }

    static BoundOperand sgpr(int idx) {
        return new BoundOperand(SGPR, idx, 0);
    }

    static BoundOperand constant(long value) {
        return new BoundOperand(CONST, 0, value);
    }

    static BoundOperand mask(int idx) {
        return new BoundOperand(MASK, idx, 0);
    }

    /** DPP source: reads the lane the DPP control selects, not the executing lane. */
    boolean dpp;
    /**
     * SDWA source select (0-3 BYTE_n, 4-5 WORD_n; -1 for the whole dword) and sign extension of the selected part;
     * SDWA destination select and what happens to the other bits (0 pad with zeros, 1 sign-extend upwards and zero
     * below, 2 preserve), -1 when the whole dword is written.
     */
    int sdwaSel = -1;
    boolean sext;
    int dstSel = -1;
    int dstUnused;
    /** VOPD X destination: the write is held back until the Y half has read its sources. */
    boolean deferred;
    /** No input or output modifier: the fast paths apply. Set by {@link #seal()}. */
    boolean plain;

    /** Computes {@link #plain} once the operand is complete. */
    BoundOperand seal() {
        plain = !hasInputModifiers() && omod == 0 && !clamp && !dpp && dstSel < 0 && !deferred;
        return this;
    }

    /** Whether reads must go through the modifier path. */
    boolean hasInputModifiers() {
        return abs || neg || high || packedSel >= 0 || sdwaSel >= 0 || sext;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case VGPR -> "v" + index;
            case SGPR -> "s" + index;
            case CONST -> "0x" + Long.toHexString(value);
            case MASK -> "mask(s" + index + (writeIndex != index ? "->s" + writeIndex : "") + ")";
            case SPECIAL -> "src" + index;
            case SCC -> "scc";
            case PC -> "pc";
            case AGPR -> "a" + index;
            default -> "address";
        };
    }
}
