package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Dialect;

import io.github.amdisa.runtime.Target;

import io.github.amdisa.runtime.fp.FpMode;

/**
 * The architectural state of one wave: scalar and vector register files, EXEC/VCC/SCC/M0, the program counter and
 * the hardware registers the pseudocode reads (MODE, STATUS, TRAPSTS, trap base and memory addresses, apertures).
 *
 * <h2>Scalar registers</h2>
 * Scalar state lives in one {@code int[128]} indexed by the <em>operand encoding</em> (0-127), so a decoded SGPR
 * field indexes it directly: SGPRs, VCC_LO/HI (106/107), TTMP0-15 (108-123), M0, NULL, EXEC_LO/HI (126/127), with
 * M0/NULL placed per {@link io.github.amdisa.runtime.Target}. NULL reads as 0 and ignores writes. On GFX9, encodings 102-105 are
 * FLAT_SCRATCH and XNACK_MASK and live in the same array.
 *
 * <h2>Vector registers</h2>
 * VGPRs (and AGPRs on CDNA) are one {@code int[]} each, laid out register-major: lane {@code l} of register
 * {@code r} is element {@code r * waveSize + l}. A vector instruction's loop over lanes therefore walks
 * consecutive elements; {@link #vgprFile()} and {@link #vgprBase(int)} expose the array for such loops. Register
 * indices are checked (an out-of-range index throws {@link IllegalRegister}); lane numbers are trusted to be
 * below {@link #waveSize()} (the caller's loop bound).
 *
 * <h2>Lane masks</h2>
 * Masks are {@code long}s with lane {@code i} in bit {@code i}. In wave32 a lane mask occupies one SGPR and the
 * upper 32 bits are ignored on write and zero on read ({@link #readLaneMask}, {@link #writeLaneMask}); EXEC and VCC
 * are read as their low half in wave32. The idiomatic loop over active lanes allocates nothing:
 * <pre>{@code
 * for (long m = w.exec(); m != 0; m &= m - 1) {
 *     int lane = Long.numberOfTrailingZeros(m);
 *     ...
 * }
 * }</pre>
 *
 * <h2>Operands</h2>
 * {@link #readSrc32}, {@link #readSrc64} and {@link #readSrc16} resolve a 9-bit source operand for one lane;
 * {@link #scalarSrc32}/{@link #scalarSrc64}/{@link #scalarSrc16} resolve a non-VGPR operand once per instruction,
 * which generated code should hoist out of its lane loop.
 *
 * <p>Not thread-safe; one wave is executed by one thread.
 */
public final class Wave {

    private final Target generation;
    private final int waveSize;
    private final long laneMask;
    private final int numVgprs;
    private final int numAgprs;
    private final int[] sgprs = new int[128];
    private final int m0;
    private final int nullIndex;
    private final int[] vgprs;
    private final int[] agprs;

    private boolean scc;
    private long pc;
    private int mode;
    private int status;
    private int trapsts;
    private long tba;
    private long tma;
    private long flatScratch;
    private long sharedBase;
    private long sharedLimit;
    private long privateBase;
    private long privateLimit;
    private int popsExitingWaveId;

    private boolean halted;
    private boolean branchPending;
    private long branchTarget;

    private Memory memory;
    private Lds lds;
    private Scratch scratch;

    /**
     * Creates a wave: all registers zero except EXEC, which has every lane on, and MODE, which is round to nearest
     * even with denormals kept and the IEEE bit set (what compilers' default compute kernel descriptors request;
     * a loader sets MODE from the real descriptor).
     *
     * @param generation the machine generation
     * @param waveSize 32 or 64 (must be supported by the generation)
     * @param numVgprs VGPRs per lane, 1-256
     * @param numAgprs AGPRs per lane, 0-256 (0 unless the generation has AGPRs)
     */
    public Wave(Target generation, int waveSize, int numVgprs, int numAgprs) {
        if (!generation.supportsWaveSize(waveSize)) {
            throw new IllegalArgumentException(generation + " does not run wave" + waveSize);
        }
        if (numVgprs < 1 || numVgprs > 256) {
            throw new IllegalArgumentException("numVgprs must be 1-256: " + numVgprs);
        }
        if (numAgprs < 0 || numAgprs > 256 || numAgprs > 0 && !generation.hasAgprs()) {
            throw new IllegalArgumentException(generation + " cannot have " + numAgprs + " AGPRs");
        }
        this.generation = generation;
        this.waveSize = waveSize;
        this.laneMask = waveSize == 64 ? -1L : 0xFFFFFFFFL;
        this.numVgprs = numVgprs;
        this.numAgprs = numAgprs;
        this.vgprs = new int[numVgprs * waveSize];
        this.agprs = new int[numAgprs * waveSize];
        this.m0 = generation.m0Encoding();
        this.nullIndex = generation.nullEncoding();
        this.mode = FpMode.MODE_IEEE_DEFAULT | FpMode.MODE_IEEE;
        setExec(laneMask);
    }

    /**
     * Creates a wave of the generation's default size with 256 VGPRs (and 256 AGPRs on CDNA 1-4).
     *
     * @param generation the machine generation
     * @return the wave
     */
    public static Wave of(Target generation) {
        return new Wave(generation, generation.defaultWaveSize(), 256, generation.hasAgprs() ? 256 : 0);
    }

    // ---- shape -----------------------------------------------------------------------------------------------

    /** @return the machine generation */
    public Target generation() {
        return generation;
    }

    /** @return 32 or 64 */
    public int waveSize() {
        return waveSize;
    }

    /** @return a mask with one bit per lane of this wave ({@code 0xFFFFFFFF} or {@code -1}) */
    public long laneMask() {
        return laneMask;
    }

    /** @return VGPRs per lane */
    public int numVgprs() {
        return numVgprs;
    }

    /** @return AGPRs per lane */
    public int numAgprs() {
        return numAgprs;
    }

    // ---- scalar registers ------------------------------------------------------------------------------------

    /**
     * Reads a scalar register by operand encoding (0-127). NULL reads 0.
     *
     * @param idx the encoding
     * @return the 32-bit value
     */
    public int sgpr(int idx) {
        if ((idx & ~127) != 0) {
            throw new IllegalRegister("SGPR", idx, "scalar register encodings are 0-127");
        }
        return sgprs[idx];
    }

    /**
     * Writes a scalar register by operand encoding. Writes to NULL are discarded.
     *
     * @param idx the encoding
     * @param value the 32-bit value
     */
    public void setSgpr(int idx, int value) {
        if ((idx & ~127) != 0) {
            throw new IllegalRegister("SGPR", idx, "scalar register encodings are 0-127");
        }
        if (idx != nullIndex) {
            sgprs[idx] = value;
        }
    }

    /**
     * Reads a 64-bit scalar pair {@code idx+1:idx} (low dword at {@code idx}).
     *
     * @param idx the encoding of the low register
     * @return the 64-bit value
     */
    public long sgpr64(int idx) {
        return (sgpr(idx) & 0xFFFFFFFFL) | ((long) sgpr(idx + 1) << 32);
    }

    /**
     * Writes a 64-bit scalar pair (low dword at {@code idx}). A pair at NULL discards both halves.
     *
     * @param idx the encoding of the low register
     * @param value the 64-bit value
     */
    public void setSgpr64(int idx, long value) {
        if (idx == nullIndex) {
            return;
        }
        setSgpr(idx, (int) value);
        setSgpr(idx + 1, (int) (value >>> 32));
    }

    /**
     * Copies consecutive scalar registers (for descriptors and SMEM results).
     *
     * @param idx the first encoding
     * @param count how many dwords
     * @param dst the destination array
     * @param offset where in {@code dst}
     */
    public void readSgprs(int idx, int count, int[] dst, int offset) {
        for (int i = 0; i < count; i++) {
            dst[offset + i] = sgpr(idx + i);
        }
    }

    /** @return SCC */
    public boolean scc() {
        return scc;
    }

    /** @return SCC as 0 or 1 */
    public int sccBit() {
        return scc ? 1 : 0;
    }

    /**
     * Sets SCC.
     *
     * @param value the new SCC
     */
    public void setScc(boolean value) {
        scc = value;
    }

    /** @return M0 */
    public int m0() {
        return sgprs[m0];
    }

    /**
     * Sets M0.
     *
     * @param value the new M0
     */
    public void setM0(int value) {
        sgprs[m0] = value;
    }

    /**
     * Reads a trap temporary.
     *
     * @param i 0-15
     * @return TTMP{@code i}
     */
    public int ttmp(int i) {
        return sgpr(Operands.TTMP_BASE + (i & 15));
    }

    /**
     * Writes a trap temporary.
     *
     * @param i 0-15
     * @param value the value
     */
    public void setTtmp(int i, int value) {
        sgprs[Operands.TTMP_BASE + (i & 15)] = value;
    }

    // ---- lane masks ------------------------------------------------------------------------------------------

    /** @return EXEC (the low half only in wave32) */
    public long exec() {
        return ((sgprs[Operands.EXEC_LO] & 0xFFFFFFFFL) | ((long) sgprs[Operands.EXEC_HI] << 32)) & laneMask;
    }

    /**
     * Sets EXEC; in wave32 only EXEC_LO is written.
     *
     * @param mask the lane mask
     */
    public void setExec(long mask) {
        writeLaneMask(Operands.EXEC_LO, mask);
    }

    /** @return VCC (the low half only in wave32) */
    public long vcc() {
        return ((sgprs[Operands.VCC_LO] & 0xFFFFFFFFL) | ((long) sgprs[Operands.VCC_HI] << 32)) & laneMask;
    }

    /**
     * Sets VCC; in wave32 only VCC_LO is written.
     *
     * @param mask the lane mask
     */
    public void setVcc(long mask) {
        writeLaneMask(Operands.VCC_LO, mask);
    }

    /** @return true when no lane is active (the EXECZ flag) */
    public boolean execz() {
        return exec() == 0;
    }

    /** @return true when VCC is zero (the VCCZ flag) */
    public boolean vccz() {
        return vcc() == 0;
    }

    /**
     * Tells whether a lane is active in EXEC.
     *
     * @param lane the lane
     * @return true when EXEC has the lane's bit
     */
    public boolean laneActive(int lane) {
        return (exec() >>> lane & 1) != 0;
    }

    /**
     * Reads a lane mask held in scalar registers: one SGPR in wave32, a pair in wave64.
     *
     * @param idx the encoding of the (low) register
     * @return the mask, upper half zero in wave32
     */
    public long readLaneMask(int idx) {
        return waveSize == 32 ? sgpr(idx) & 0xFFFFFFFFL : sgpr64(idx);
    }

    /**
     * Writes a lane mask to scalar registers: one SGPR in wave32 (the upper half of {@code mask} is ignored and
     * {@code idx+1} untouched), a pair in wave64.
     *
     * @param idx the encoding of the (low) register
     * @param mask the mask
     */
    public void writeLaneMask(int idx, long mask) {
        if (waveSize == 32) {
            setSgpr(idx, (int) mask);
        } else {
            setSgpr64(idx, mask);
        }
    }

    // ---- vector registers ------------------------------------------------------------------------------------

    /**
     * Returns the index of lane 0 of a VGPR in {@link #vgprFile()}, checking the register number.
     *
     * @param reg the VGPR number
     * @return {@code reg * waveSize}
     */
    public int vgprBase(int reg) {
        if (reg < 0 || reg >= numVgprs) {
            throw new IllegalRegister("VGPR", reg, "this wave has " + numVgprs + " VGPRs");
        }
        return reg * waveSize;
    }

    /** @return the VGPR file, register-major (see the class comment); for lane loops in generated code */
    public int[] vgprFile() {
        return vgprs;
    }

    /**
     * Reads one lane of a VGPR.
     *
     * @param reg the VGPR number
     * @param lane the lane
     * @return the value
     */
    public int v(int reg, int lane) {
        return vgprs[vgprBase(reg) + lane];
    }

    /**
     * Writes one lane of a VGPR (regardless of EXEC).
     *
     * @param reg the VGPR number
     * @param lane the lane
     * @param value the value
     */
    public void setV(int reg, int lane, int value) {
        vgprs[vgprBase(reg) + lane] = value;
    }

    /**
     * Reads a 64-bit VGPR pair {@code reg+1:reg} for one lane.
     *
     * @param reg the low VGPR
     * @param lane the lane
     * @return the value
     */
    public long v64(int reg, int lane) {
        return (v(reg, lane) & 0xFFFFFFFFL) | ((long) v(reg + 1, lane) << 32);
    }

    /**
     * Writes a 64-bit VGPR pair for one lane.
     *
     * @param reg the low VGPR
     * @param lane the lane
     * @param value the value
     */
    public void setV64(int reg, int lane, long value) {
        setV(reg, lane, (int) value);
        setV(reg + 1, lane, (int) (value >>> 32));
    }

    /**
     * Reads {@code count} consecutive VGPRs of one lane (96/128-bit and larger operands, lowest register first).
     *
     * @param reg the first VGPR
     * @param lane the lane
     * @param count how many registers
     * @param dst destination
     * @param offset where in {@code dst}
     */
    public void readVgprs(int reg, int lane, int count, int[] dst, int offset) {
        for (int i = 0; i < count; i++) {
            dst[offset + i] = vgprs[vgprBase(reg + i) + lane];
        }
    }

    /**
     * Writes {@code count} consecutive VGPRs of one lane (regardless of EXEC).
     *
     * @param reg the first VGPR
     * @param lane the lane
     * @param count how many registers
     * @param src source
     * @param offset where in {@code src}
     */
    public void writeVgprs(int reg, int lane, int count, int[] src, int offset) {
        for (int i = 0; i < count; i++) {
            vgprs[vgprBase(reg + i) + lane] = src[offset + i];
        }
    }

    /**
     * Writes per-lane results to a VGPR for the lanes active in EXEC; inactive lanes keep their value.
     *
     * @param reg the VGPR
     * @param laneValues one value per lane (indexed by lane; a reusable buffer of length {@link #waveSize()})
     */
    public void writeVgprMasked(int reg, int[] laneValues) {
        writeVgprMasked(reg, laneValues, exec());
    }

    /**
     * Writes per-lane results to a VGPR for the lanes in {@code mask}.
     *
     * @param reg the VGPR
     * @param laneValues one value per lane
     * @param mask the lanes to write
     */
    public void writeVgprMasked(int reg, int[] laneValues, long mask) {
        int base = vgprBase(reg);
        for (long m = mask & laneMask; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            vgprs[base + lane] = laneValues[lane];
        }
    }

    /**
     * Writes per-lane 64-bit results to a VGPR pair for the lanes active in EXEC.
     *
     * @param reg the low VGPR
     * @param laneValues one value per lane
     */
    public void writeVgpr64Masked(int reg, long[] laneValues) {
        int lo = vgprBase(reg);
        int hi = vgprBase(reg + 1);
        for (long m = exec(); m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            vgprs[lo + lane] = (int) laneValues[lane];
            vgprs[hi + lane] = (int) (laneValues[lane] >>> 32);
        }
    }

    /**
     * Reads one lane of an AGPR (CDNA accumulation registers).
     *
     * @param reg the AGPR number
     * @param lane the lane
     * @return the value
     */
    public int a(int reg, int lane) {
        return agprs[agprBase(reg) + lane];
    }

    /**
     * Writes one lane of an AGPR.
     *
     * @param reg the AGPR number
     * @param lane the lane
     * @param value the value
     */
    public void setA(int reg, int lane, int value) {
        agprs[agprBase(reg) + lane] = value;
    }

    /**
     * Returns the index of lane 0 of an AGPR in {@link #agprFile()}.
     *
     * @param reg the AGPR number
     * @return {@code reg * waveSize}
     */
    public int agprBase(int reg) {
        if (reg < 0 || reg >= numAgprs) {
            throw new IllegalRegister("AGPR", reg, "this wave has " + numAgprs + " AGPRs");
        }
        return reg * waveSize;
    }

    /** @return the AGPR file, register-major */
    public int[] agprFile() {
        return agprs;
    }

    // ---- source operands -------------------------------------------------------------------------------------

    /**
     * Resolves a 9-bit source operand of a 32-bit instruction for one lane.
     *
     * @param code the operand encoding (0-511)
     * @param lane the lane (used for VGPRs)
     * @param literal the instruction's literal dword (used for 255)
     * @return the operand value
     */
    public int readSrc32(int code, int lane, int literal) {
        if (code >= Operands.VGPR_BASE) {
            return v(code - Operands.VGPR_BASE, lane);
        }
        return scalarSrc32(code, literal);
    }

    /**
     * Resolves a non-VGPR 9-bit operand for a 32-bit operation (the same for every lane).
     *
     * @param code 0-255
     * @param literal the literal dword
     * @return the operand value
     */
    public int scalarSrc32(int code, int literal) {
        if (code < 128) {
            return sgpr(code);
        }
        if (code == Operands.LITERAL) {
            return literal;
        }
        if (Operands.isInlineConstant(code)) {
            return (int) Operands.inlineConstant(code, 32, false);
        }
        return (int) specialSource(code, false);
    }

    /**
     * Resolves a 9-bit source operand of a 64-bit instruction for one lane.
     *
     * @param code the operand encoding (0-511)
     * @param lane the lane
     * @param literal the literal dword
     * @param isFloat whether the operand is f64 (decides how the literal extends)
     * @return the operand value
     */
    public long readSrc64(int code, int lane, int literal, boolean isFloat) {
        if (code >= Operands.VGPR_BASE) {
            return v64(code - Operands.VGPR_BASE, lane);
        }
        return scalarSrc64(code, literal, isFloat);
    }

    /**
     * Resolves a non-VGPR operand for a 64-bit operation.
     *
     * @param code 0-255
     * @param literal the literal dword
     * @param isFloat whether the operand is f64
     * @return the operand value
     */
    public long scalarSrc64(int code, int literal, boolean isFloat) {
        if (code < 128) {
            return sgpr64(code);
        }
        if (code == Operands.LITERAL) {
            return Operands.literal64(literal, isFloat);
        }
        if (Operands.isInlineConstant(code)) {
            return Operands.inlineConstant(code, 64, isFloat);
        }
        return specialSource(code, true);
    }

    /**
     * Resolves a 9-bit source operand of a 16-bit (or packed 16-bit) instruction for one lane; the result holds
     * the full 32 bits the operand supplies (the high half matters for packed operations).
     *
     * @param code the operand encoding (0-511)
     * @param lane the lane
     * @param literal the literal dword
     * @param isFloat whether the operand is f16 (decides float inline constants)
     * @return the operand's 32 bits
     */
    public int readSrc16(int code, int lane, int literal, boolean isFloat) {
        if (code >= Operands.VGPR_BASE) {
            return v(code - Operands.VGPR_BASE, lane);
        }
        return scalarSrc16(code, literal, isFloat);
    }

    /**
     * Resolves a non-VGPR operand for a 16-bit operation.
     *
     * @param code 0-255
     * @param literal the literal dword
     * @param isFloat whether the operand is f16
     * @return the operand's 32 bits
     */
    public int scalarSrc16(int code, int literal, boolean isFloat) {
        if (code < 128) {
            return sgpr(code);
        }
        if (code == Operands.LITERAL) {
            return literal;
        }
        if (Operands.isInlineConstant(code)) {
            return (int) Operands.inlineConstant(code, 16, isFloat);
        }
        return (int) specialSource(code, false);
    }

    private long specialSource(int code, boolean wide) {
        switch (code) {
            case Operands.VCCZ:
                return vccz() ? 1 : 0;
            case Operands.EXECZ:
                return execz() ? 1 : 0;
            case Operands.SCC:
                return sccBit();
            case Operands.SHARED_BASE:
                return wide ? sharedBase : sharedBase >>> 32;
            case Operands.SHARED_LIMIT:
                return wide ? sharedLimit : sharedLimit >>> 32;
            case Operands.PRIVATE_BASE:
                return wide ? privateBase : privateBase >>> 32;
            case Operands.PRIVATE_LIMIT:
                return wide ? privateLimit : privateLimit >>> 32;
            case Operands.FLAT_SCRATCH_BASE_LO:
                return wide ? flatScratch() : flatScratch() & 0xFFFFFFFFL;
            case Operands.FLAT_SCRATCH_BASE_HI:
                return flatScratch() >>> 32;
            case Operands.POPS_EXITING_WAVE_ID:
                return popsExitingWaveId;
            case Operands.LDS_DIRECT:
                throw new IllegalRegister("source operand", code, "LDS_DIRECT is not modelled");
            case Operands.SDWA:
            case Operands.DPP16:
            case Operands.DPP8:
            case Operands.DPP8_FI:
                throw new IllegalRegister("source operand", code,
                        "marks a DPP/SDWA encoding; the decoder must resolve the real operand");
            default:
                throw new IllegalRegister("source operand", code, "not a readable operand encoding");
        }
    }

    /**
     * Sets the aperture registers read through encodings 235-238. As a 32-bit operand each reads the high dword
     * of its 64-bit address (the aperture's base bits), as a 64-bit operand the whole address.
     *
     * @param sharedBase SHARED_BASE
     * @param sharedLimit SHARED_LIMIT
     * @param privateBase PRIVATE_BASE
     * @param privateLimit PRIVATE_LIMIT
     */
    public void setApertures(long sharedBase, long sharedLimit, long privateBase, long privateLimit) {
        this.sharedBase = sharedBase;
        this.sharedLimit = sharedLimit;
        this.privateBase = privateBase;
        this.privateLimit = privateLimit;
    }

    /**
     * Sets the value read through encoding 239 ({@code SRC_POPS_EXITING_WAVE_ID}); 0 by default.
     *
     * @param value the value
     */
    public void setPopsExitingWaveId(int value) {
        popsExitingWaveId = value;
    }

    // ---- hardware registers ----------------------------------------------------------------------------------

    /** @return the MODE register (see {@code FpMode} for the floating-point fields) */
    public int mode() {
        return mode;
    }

    /**
     * Sets MODE.
     *
     * @param value the new MODE
     */
    public void setMode(int value) {
        mode = value;
    }

    /** @return STATUS with its live bits filled in: SCC (0), EXECZ (9), VCCZ (10) */
    public int status() {
        return (status & ~(1 | 1 << 9 | 1 << 10)) | sccBit() | (execz() ? 1 << 9 : 0) | (vccz() ? 1 << 10 : 0);
    }

    /**
     * Sets STATUS; bit 0 also sets SCC (EXECZ and VCCZ are derived and ignored).
     *
     * @param value the new STATUS
     */
    public void setStatus(int value) {
        status = value;
        scc = (value & 1) != 0;
    }

    /** @return TRAPSTS */
    public int trapsts() {
        return trapsts;
    }

    /**
     * Sets TRAPSTS.
     *
     * @param value the new TRAPSTS
     */
    public void setTrapsts(int value) {
        trapsts = value;
    }

    /** @return the trap base address (TBA) */
    public long tba() {
        return tba;
    }

    /**
     * Sets TBA.
     *
     * @param value the trap handler's byte address
     */
    public void setTba(long value) {
        tba = value;
    }

    /** @return the trap memory address (TMA) */
    public long tma() {
        return tma;
    }

    /**
     * Sets TMA.
     *
     * @param value the trap memory address
     */
    public void setTma(long value) {
        tma = value;
    }

    /** @return FLAT_SCRATCH: SGPRs 102/103 on GFX9, a separate register on later families */
    public long flatScratch() {
        return generation.dialect() == Dialect.GFX9 ? sgpr64(102) : flatScratch;
    }

    /**
     * Sets FLAT_SCRATCH.
     *
     * @param value the scratch base address
     */
    public void setFlatScratch(long value) {
        if (generation.dialect() == Dialect.GFX9) {
            setSgpr64(102, value);
        } else {
            flatScratch = value;
        }
    }

    // ---- memories ------------------------------------------------------------------------------------------

    /**
     * Attaches the memories this wave's instructions access.
     *
     * @param memory global memory
     * @param lds the workgroup's LDS (shared by the workgroup's waves), or null
     * @param scratch this wave's private memory, or null
     * @return this wave
     */
    public Wave attach(Memory memory, Lds lds, Scratch scratch) {
        this.memory = memory;
        this.lds = lds;
        this.scratch = scratch;
        return this;
    }

    /** @return global memory, or null when none is attached */
    public Memory memory() {
        return memory;
    }

    /** @return the workgroup's LDS, or null */
    public Lds lds() {
        return lds;
    }

    /** @return this wave's scratch, or null */
    public Scratch scratch() {
        return scratch;
    }

    // ---- control ---------------------------------------------------------------------------------------------

    /** @return the byte address of the current instruction */
    public long pc() {
        return pc;
    }

    /**
     * Sets the program counter (the run loop does this; instructions use {@link #branch}).
     *
     * @param value a byte address
     */
    public void setPc(long value) {
        pc = value;
    }

    /**
     * Requests a jump: the run loop continues at {@code target} instead of the next instruction.
     *
     * @param target the byte address
     */
    public void branch(long target) {
        branchPending = true;
        branchTarget = target;
    }

    /**
     * Consumes a pending branch: returns its target, or {@code fallThrough} when none is pending.
     *
     * @param fallThrough the address of the next instruction
     * @return the next PC
     */
    public long nextPc(long fallThrough) {
        if (branchPending) {
            branchPending = false;
            return branchTarget;
        }
        return fallThrough;
    }

    /** Ends the wave ({@code S_ENDPGM}). */
    public void halt() {
        halted = true;
    }

    /** Clears the halted state and any pending branch, so that a program can run again on this wave. */
    public void resume() {
        halted = false;
        branchPending = false;
    }

    /** @return whether the wave has ended */
    public boolean isHalted() {
        return halted;
    }
}
