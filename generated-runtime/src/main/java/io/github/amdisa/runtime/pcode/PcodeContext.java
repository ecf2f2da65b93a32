package io.github.amdisa.runtime.pcode;

/**
 * What generated pseudocode methods see of the machine while executing one instruction for one lane.
 *
 * <p><b>Lanes.</b> A generated method runs the instruction's text once. For per-lane (VALU, VMEM, DS) instructions the
 * caller invokes it once per lane, for the lanes it wants to execute (normally those set in EXEC), with
 * {@link #laneId()} returning that lane; the generated code never tests EXEC unless the text itself reads it. For
 * scalar instructions, and for texts that iterate over lanes themselves ({@code V_READLANE_B32},
 * {@code S_*_SAVEEXEC}), the caller invokes it once and {@link #laneId()} is irrelevant (return 0).
 *
 * <p><b>Operands and registers.</b> Every operand, instruction field and special register of the texts is a
 * {@link PcodeName} read and written as raw little-endian bits: {@code read(S0, 0, 32)} is {@code S0.b32},
 * {@code read(VDATA, 96, 32)} is {@code VDATA[127 : 96]}. Widths are 1..64; {@code lo + width} may exceed 64 for
 * operands that span several registers (VDATA, SDATA, SRSRC). Reads return the bits zero-extended; writes pass the
 * value in the low {@code width} bits (higher bits are zero) and must leave the other bits of the operand unchanged.
 * Lane masks ({@code VCC}, {@code EXEC}, the SGPR-pair {@code D0} of a VOPC compare) are wave-wide 64-bit values: a
 * per-lane text updates one bit by reading and writing the whole mask, so the caller binds D0 of a compare to one
 * value shared by all lanes (cleared first, as the hardware clears inactive lanes' bits). {@code SCC} is 1 bit.
 *
 * <p><b>Memory.</b> {@code MEM[addr].bN} is {@link #loadMem}/{@link #storeMem} with N in 8, 16, 32, 64 (little-endian);
 * an address calculation {@code CalcGlobalAddr(...)} is {@link #address}.
 */
public interface PcodeContext {

    /** The index of the lane being executed (0..waveSize-1); 0 for scalar instructions. */
    int laneId();

    /** 32 or 64: the wave size ({@code WAVE32}, {@code WAVE64} in the texts). */
    int waveSize();

    /**
     * Reads {@code width} bits of an operand or register starting at bit {@code lo}.
     *
     * @param name the operand or register
     * @param lo the lowest bit, 0 or more
     * @param width 1..64
     * @return the bits, zero-extended
     */
    long read(PcodeName name, int lo, int width);

    /**
     * Writes {@code width} bits of an operand or register starting at bit {@code lo}, keeping the other bits.
     *
     * @param bits the value in the low {@code width} bits; the higher bits are zero
     */
    void write(PcodeName name, int lo, int width, long bits);

    /** Reads a named field of a register ({@code WAVE_MODE.IEEE}, {@code TADDR.X}, {@code TRAPSTS.INVALID}). */
    long readField(PcodeName name, String field);

    /** Writes a named field of a register. */
    void writeField(PcodeName name, String field, long bits);

    /** {@code MEM[addr]}: loads {@code width} (8, 16, 32 or 64) bits, little-endian, zero-extended. */
    long loadMem(long addr, int width);

    /** {@code MEM[addr] = bits}: stores the low {@code width} (8, 16, 32 or 64) bits, little-endian. */
    void storeMem(long addr, int width, long bits);

    /** {@code VGPR[lane][reg]}: {@code width} bits (up to 64, from consecutive registers) of a lane's VGPR. */
    long readVgpr(int lane, int reg, int width);

    /** Writes {@code VGPR[lane][reg]}. */
    void writeVgpr(int lane, int reg, int width, long bits);

    /** {@code SGPR[index]}: {@code width} bits (up to 64, from consecutive registers). */
    long readSgpr(int index, int width);

    /** Writes {@code SGPR[index]}. */
    void writeSgpr(int index, int width, long bits);

    /** {@code HW_REGISTERS[id]}: a hardware register by its S_GETREG id, 32 bits. */
    long readHwReg(int id);

    /** Writes a hardware register by its S_SETREG id. */
    void writeHwReg(int id, long bits);

    /**
     * An address calculation ({@code CalcGlobalAddr(v_addr.b64, s_saddr.b64)} and the like), with the arguments as
     * written in the text (raw bits, each at most 64 bits).
     */
    long address(AddressKind kind, long... args);

    /**
     * The component format of the typed buffer access being executed ({@code ConvertFromFormat},
     * {@code ConvertToFormat}), from the resource descriptor or the instruction's FORMAT field. Contexts that do not
     * execute typed buffer accesses need not implement it.
     */
    default BufferFormat bufferFormat() {
        throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("this context has no buffer format (ConvertFromFormat/ConvertToFormat)");
    }

    /**
     * The rounding mode the pseudocode's {@code ROUND_MODE} starts with (an {@code FpMode.ROUND_*} value, the
     * double/half-precision field of MODE, which governs the f16 conversions the texts round). Texts that name
     * {@code ROUND_MODE} keep it in a local that they save, set and restore.
     */
    default long roundMode() {
        return io.github.amdisa.runtime.fp.FpMode.ROUND_NEAREST_EVEN;
    }

    /**
     * MODE.FP_ROUND (MODE[3:0]: bits 1:0 round f32 results, bits 3:2 f16 and f64 results, each an
     * {@code FpMode.ROUND_*} value), read by the texts whose every rounding follows it (their
     * {@code PcodeTraits.MODE_ROUNDING} bit). Contexts without a MODE register need not implement it.
     */
    default int floatRounding() {
        return io.github.amdisa.runtime.fp.FpMode.ROUND_NEAREST_EVEN;
    }

    /**
     * The instruction's integer CLAMP bit, read by the texts with a saturating variant
     * ({@code PcodeTraits.INT_CLAMP}): results are clamped to their destination's range instead of wrapping.
     */
    default boolean intClamp() {
        return false;
    }

    /**
     * Bits of an operand as lane {@code lane} sees it, for the cross-lane operations that run once per instruction
     * (the matrix instructions). Contexts that do not execute them need not implement it.
     */
    default long readLane(PcodeName name, int lane, int lo, int width) {
        throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("this context has no cross-lane operand access");
    }

    /** Writes bits of an operand of lane {@code lane} (see {@link #readLane}). */
    default void writeLane(PcodeName name, int lane, int lo, int width, long bits) {
        throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("this context has no cross-lane operand access");
    }

    /**
     * The bits of hardware register {@code id} that S_SETREG may change ({@code HwRegWriteMask(id, priv)} and
     * {@code writeableBitMask(id, priv)} in the texts), {@code priv} being STATUS.PRIV.
     */
    default long hwRegWriteMask(long id, long priv) {
        throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("writable bits of hardware register " + id
                + " are not modelled");
    }
}
