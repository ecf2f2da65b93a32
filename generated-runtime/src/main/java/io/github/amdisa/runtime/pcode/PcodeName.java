package io.github.amdisa.runtime.pcode;

/**
 * The operands, instruction fields and special registers a pseudocode text names, exactly as spelled in AMD's texts
 * (upper and lower case kept: {@code vgpr_a}, {@code offset}). Generated code reads and writes them through
 * {@link PcodeContext#read} and {@link PcodeContext#write} as raw bits; what each one is bound to (a decoded
 * operand, an SGPR pair, a field of the instruction word, wave state) is the context's business.
 *
 * <p>{@code WAVE32}/{@code WAVE64} are not here: they are {@link PcodeContext#waveSize()}. {@code laneId} is
 * {@link PcodeContext#laneId()}.
 */
public enum PcodeName {
    /** Operand or instruction field {@code S0}. */
    S0(true),
    /** Operand or instruction field {@code S1}. */
    S1(true),
    /** Operand or instruction field {@code S2}. */
    S2(true),
    /** Operand or instruction field {@code D0}. */
    D0(true),
    /** Operand or instruction field {@code D1}. */
    D1(true),
    /** Operand or instruction field {@code D}. */
    D(true),
    /** Operand or instruction field {@code SRC0}. */
    SRC0(true),
    /** Operand or instruction field {@code SRC1}. */
    SRC1(true),
    /** Operand or instruction field {@code SRC2}. */
    SRC2(true),
    /** Operand or instruction field {@code VDST}. */
    VDST(true),
    /** Operand or instruction field {@code DST}. */
    DST(true),
    /** Operand or instruction field {@code ADDR}. */
    ADDR(true),
    /** Operand or instruction field {@code ADDR_BASE}. */
    ADDR_BASE(true),
    /** Operand or instruction field {@code DATA}. */
    DATA(true),
    /** Operand or instruction field {@code DATA0}. */
    DATA0(true),
    /** Operand or instruction field {@code DATA1}. */
    DATA1(true),
    /** Operand or instruction field {@code DATA2}. */
    DATA2(true),
    /** Operand or instruction field {@code VDATA}. */
    VDATA(true),
    /** Operand or instruction field {@code OFFSET}. */
    OFFSET(true),
    /** Operand or instruction field {@code OFFSET0}. */
    OFFSET0(true),
    /** Operand or instruction field {@code OFFSET1}. */
    OFFSET1(true),
    /** Operand or instruction field {@code SOFFSET}. */
    SOFFSET(true),
    /** Operand or instruction field {@code IOFFSET}. */
    IOFFSET(true),
    /** Operand or instruction field {@code INST_OFFSET}. */
    INST_OFFSET(true),
    /** Operand or instruction field {@code SIMM16}. */
    SIMM16(true),
    /** Operand or instruction field {@code SIMM32}. */
    SIMM32(true),
    /** Operand or instruction field {@code SBASE}. */
    SBASE(true),
    /** Operand or instruction field {@code SADDR}. */
    SADDR(true),
    /** Operand or instruction field {@code SDATA}. */
    SDATA(true),
    /** Operand or instruction field {@code SRSRC}. */
    SRSRC(true),
    /** Operand or instruction field {@code VADDR}. */
    VADDR(true),
    /** Operand or instruction field {@code TADDR}. */
    TADDR(true),
    /** Operand or instruction field {@code OPSEL}. */
    OPSEL(true),
    /** Operand or instruction field {@code OPSEL_HI}. */
    OPSEL_HI(true),
    /** Operand or instruction field {@code NEG}. */
    NEG(true),
    /** Operand or instruction field {@code SDWA_SRC0_SEL}. */
    SDWA_SRC0_SEL(true),
    /** Operand or instruction field {@code RETURN_DATA}. */
    RETURN_DATA(true),
    /** Operand or instruction field {@code RETURN_ADDR}. */
    RETURN_ADDR(true),
    /** Operand or instruction field {@code vgpr_a}. */
    vgpr_a(true),
    /** Operand or instruction field {@code v_addr}. */
    v_addr(true),
    /** Operand or instruction field {@code sgpr_o}. */
    sgpr_o(true),
    /** Operand or instruction field {@code s_saddr}. */
    s_saddr(true),
    /** Operand or instruction field {@code s_saddr_off}. */
    s_saddr_off(true),
    /** Operand or instruction field {@code v_addr_off}. */
    v_addr_off(true),
    /** Operand or instruction field {@code sgpr_base}. */
    sgpr_base(true),
    /** Operand or instruction field {@code offset}. */
    offset(true),
    /** Operand or instruction field {@code flat_scratch}. */
    flat_scratch(true),
    /** Operand or instruction field {@code SGPR_ADDR}. */
    SGPR_ADDR(true),
    /** Operand or instruction field {@code INST}. */
    INST(true),
    /** Special register or wave state {@code VCC}. */
    VCC(false),
    /** Special register or wave state {@code EXEC}. */
    EXEC(false),
    /** Special register or wave state {@code EXEC_LO}. */
    EXEC_LO(false),
    /** Special register or wave state {@code SCC}. */
    SCC(false),
    /** Special register or wave state {@code M0}. */
    M0(false),
    /** Special register or wave state {@code PC}. */
    PC(false),
    /** Special register or wave state {@code VCCZ}. */
    VCCZ(false),
    /** Special register or wave state {@code EXECZ}. */
    EXECZ(false),
    /** Special register or wave state {@code TBA}. */
    TBA(false),
    /** Special register or wave state {@code TTMP}. */
    TTMP(false),
    /** Special register or wave state {@code TRAPSTS}. */
    TRAPSTS(false),
    /** Special register or wave state {@code WAVE_STATUS}. */
    WAVE_STATUS(false),
    /** Special register or wave state {@code WAVE_MODE}. */
    WAVE_MODE(false),
    /** Special register or wave state {@code MODE}. */
    MODE(false),
    /** Special register or wave state {@code ROUND_MODE}. */
    ROUND_MODE(false),
    /** Special register or wave state {@code BARRIER_STATE}. */
    BARRIER_STATE(false),
    /** Special register or wave state {@code WAVE_BARRIER_COMPLETE}. */
    WAVE_BARRIER_COMPLETE(false),
    /** Special register or wave state {@code VGT_GS_MAX_WAVE_ID}. */
    VGT_GS_MAX_WAVE_ID(false),
    /** Special register or wave state {@code NUM_VGPRS}. */
    NUM_VGPRS(false),
    /** Special register or wave state {@code VSKIP}. */
    VSKIP(false),
    /** Special register or wave state {@code HT}. */
    HT(false),
    /** Special register or wave state {@code PCRewind}. */
    PCRewind(false);

    private final boolean operand;

    PcodeName(boolean operand) {
        this.operand = operand;
    }

    /** True for operands and instruction fields, false for special registers and wave state. */
    public boolean isOperand() {
        return operand;
    }
}
