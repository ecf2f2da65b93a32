package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.pcode.PcodeName;
import io.github.amdisa.runtime.pcode.PcodeOp;

/**
 * A decoded instruction with every pseudocode name resolved ({@link BoundOperand}), built by the
 * {@link Interpreter} the first time a program offset executes and reused while the words there are unchanged.
 */
final class BoundInstruction {

    /** Run the text (once or per lane). */
    static final int RUN = 0;
    /** {@code S_ENDPGM}: halt the wave. */
    static final int HALT = 1;
    /** Nothing observable in a single-wave model ({@code S_WAITCNT}, {@code S_NOP}, cache invalidations, ...). */
    static final int NOP = 2;
    /** Cannot execute: {@link #problem} says why. */
    static final int REFUSE = 3;
    /** {@code DS_SWIZZLE_B32}: a cross-lane move run by the interpreter itself ({@link DsSwizzleLanes}). */
    static final int SWIZZLE = 4;
    /**
     * A write of MODE bits the interpreter does itself (no usable text): {@code S_ROUND_MODE} / {@code S_DENORM_MODE}
     * (SIMM16[3:0] into FP_ROUND, bits 3:0, or FP_DENORM, bits 7:4) and RDNA 1-3.5 {@code S_SETREG_B32} /
     * {@code S_SETREG_IMM32_B32} to HW_REG_MODE: {@code MODE = MODE & ~modeMask | value << modeShift & modeMask},
     * the value SGPR {@link #modeSgpr}, or {@link #modeValue} when that is -1.
     */
    static final int MODE_WRITE = 5;

    /** Memory reached by {@code MEM[]}. */
    static final int MEM_NONE = 0;
    static final int MEM_GLOBAL = 1;
    static final int MEM_BUFFER = 2;
    static final int MEM_SCRATCH = 3;
    static final int MEM_LDS = 4;
    static final int MEM_FLAT = 5;
    static final int MEM_SCALAR = 6;

    final int word0;
    final int word1;
    final int word2;
    final int length;
    final int variant;
    final String name;

    int action = RUN;
    /** {@link #SWIZZLE}: the 16-bit offset and the destination VGPR (the source is {@link #addrReg}). */
    int swizzle;
    int swizzleDst;
    /** {@link #MODE_WRITE}: where the value goes and where it comes from. */
    int modeShift;
    int modeMask;
    int modeValue;
    int modeSgpr = -1;
    String problem;
    PcodeOp op;
    boolean perLane;
    /** A matrix (MFMA) operation: runs once, reads and writes every lane, needs a full wave64 EXEC. */
    boolean matrix;
    /** An RDNA 3 WMMA ({@link #matrix} too): needs a full wave32 EXEC instead of MFMA's wave64. */
    boolean wmma;
    /** A sparse SMFMAC ({@link #matrix} too): SRC2 is the index VGPR, CBSZ/ABID select its index set. */
    boolean sparse;
    /** The CBSZ and ABID fields of a sparse matrix instruction, read by its op as {@code INST.CBSZ/ABID}. */
    long cbsz;
    long abid;
    final BoundOperand[] names = new BoundOperand[PcodeName.values().length];
    /** Mask operands written per lane, gathered in {@code Interpreter}'s mask slots. */
    BoundOperand[] masks = new BoundOperand[0];

    /** Has a floating-point source or destination: its lowered code rounds to nearest even, denormals kept. */
    boolean floatOp;
    /** Every rounding of its text follows MODE.FP_ROUND ({@code PcodeTraits.MODE_ROUNDING}; both halves of a VOPD). */
    boolean followsRoundingMode;
    /** Its text has a saturating variant ({@code PcodeTraits.INT_CLAMP}). */
    boolean saturatesUnderClamp;
    /** Integer CLAMP is set and the saturating variant runs ({@code PcodeContext.intClamp()}). */
    boolean intClamp;
    /** DPP16 control (-1 when the instruction is not DPP), its row and bank masks, bound control, fetch-inactive. */
    int dppCtrl = -1;
    int rowMask = 0xF;
    int bankMask = 0xF;
    boolean boundCtrl;
    boolean fetchInactive;
    /** DPP8 ({@link #dppCtrl} == {@link #DPP8}): the eight 3-bit lane selects, lane select 0 in bits 2..0. */
    int dpp8Sel;
    /** The {@link #dppCtrl} value of a DPP8 instruction (outside the 9-bit DPP16 control range). */
    static final int DPP8 = 0x1000;
    /** VOPD: the Y half (its own names and text); this instruction is the X half. Null otherwise. */
    BoundInstruction dualY;

    // Memory addressing, resolved from the encoding.
    int memKind = MEM_NONE;
    int addrReg = -1;
    int saddr = -1;
    boolean useVaddr;
    long instOffset;
    /** A GFX9 MTBUF instruction's DFMT and NFMT (-1: the descriptor's DATA_FORMAT/NUM_FORMAT apply). */
    int dfmt = -1;
    int nfmt = -1;
    /** A GFX10+ MTBUF instruction's unified FORMAT (-1: the descriptor's FORMAT applies). */
    int unifiedFormat = -1;
    /** A typed buffer load (its DST_SEL must be X, Y, Z, W) and whether it returns D16 halves. */
    boolean formatLoad;
    boolean d16;
    int soffset = -1;
    boolean idxen;
    boolean offen;
    int rsrc = -1;
    /** Scalar memory offset from an SGPR (GFX9 SMEM with IMM = 0), or -1. */
    int offsetSgpr = -1;

    BoundInstruction(int[] words, int offset, int length, int variant, String name) {
        this.word0 = words[offset];
        this.word1 = length > 1 ? words[offset + 1] : 0;
        this.word2 = length > 2 ? words[offset + 2] : 0;
        this.length = length;
        this.variant = variant;
        this.name = name;
    }

    boolean matches(int[] words, int offset) {
        return words[offset] == word0 && (length < 2 || words[offset + 1] == word1)
                && (length < 3 || words[offset + 2] == word2);
    }

    BoundOperand bind(PcodeName n, BoundOperand o) {
        names[n.ordinal()] = o;
        return o;
    }

    BoundOperand bindIfAbsent(PcodeName n, BoundOperand o) {
        if (names[n.ordinal()] == null) {
            names[n.ordinal()] = o;
        }
        return names[n.ordinal()];
    }

    BoundOperand get(PcodeName n) {
        return names[n.ordinal()];
    }
}
