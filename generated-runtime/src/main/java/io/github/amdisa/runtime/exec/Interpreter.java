package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.VopdYOnly;
import io.github.amdisa.runtime.fp.FpMode;
import io.github.amdisa.runtime.pcode.AddressKind;
import io.github.amdisa.runtime.pcode.PcodeContext;
import io.github.amdisa.runtime.pcode.PcodeName;
import io.github.amdisa.runtime.pcode.PcodeOp;
import io.github.amdisa.runtime.pcode.PcodeTraits;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The interpreter: executes decoded instructions by running their generated pseudocode
 * ({@code <Gen>Pcode.find(name)}) against the {@link Wave}.
 *
 * <h2>How an instruction runs</h2>
 * The first time a program offset executes, the generated decoder identifies the variant and the interpreter
 * resolves every name the text may use ({@link BoundInstruction}): {@code S0..S2} are the instruction's input
 * operands and {@code D0}/{@code D1} its outputs in AMD's operand order, each also under its field name
 * ({@code VDST}, {@code SDATA}, {@code ADDR}, ...); 9-bit sources become VGPRs, SGPRs, inline constants (float
 * constants per operand size and type), literals or special registers; VOP3 ABS/NEG, OP_SEL and VOP3P
 * OP_SEL/OP_SEL_HI/NEG/NEG_HI become read modifiers, CLAMP/OMOD write modifiers of float destinations.
 * The binding is cached per offset (checked against the words on every execution), so the steady state allocates
 * nothing.
 *
 * <p>Scalar encodings (SOP*, SMEM) and texts that index {@code VGPR[lane][reg]} themselves run once; every other
 * vector instruction runs once per lane set in EXEC, inactive lanes untouched. Lane masks a per-lane text writes
 * ({@code D0.u64[laneId]} of a compare, the carry-out {@code VCC}) are gathered and written after the last lane,
 * with the bits of inactive lanes cleared. A write to {@code PC} is a branch; {@code S_ENDPGM} halts the wave.
 *
 * <h2>Memory</h2>
 * {@code MEM[]} reaches global memory (FLAT global, buffer, SMEM), the wave's scratch (per lane), the LDS (DS) or,
 * for FLAT, whichever aperture the lane's address falls into. Addresses are computed from the encoding per lane
 * before the text runs ({@code CalcGlobalAddr} and friends, buffer descriptors with their range checks: an
 * out-of-range buffer load reads 0 and a store is dropped). The texts type {@code ADDR} as 32 bits, so an address
 * the text produces is taken relative to the lane's computed address modulo 2^32 ({@code MEM[ADDR + 4U]} is the
 * next dword of a 64-bit address).
 *
 * <h2>Not modelled</h2>
 * MIMG, WMMA outside RDNA 3/4 wave32, SWMMAC, MFMA broadcast forms, GDS, integer CLAMP (saturation) of products
 * and AGPR memory data (ACC) throw {@link UnsupportedInstruction} naming the instruction (MFMA AGPR operands and the
 * {@code V_ACCVGPR_*} moves run: {@code bindAccumulators}, {@code accvgprMove}); so does every text the generator
 * could not lower. DPP16/DPP (GFX9) and DPP8 source lanes, SDWA selects and VOPD dual issue are modelled: see
 * {@code bindDpp}, {@code bindDpp8}, {@code bindSdwa} and {@code bindDual}. {@code DS_SWIZZLE_B32} runs without its
 * (partial) text, see {@link DsSwizzleLanes}. DPP8 without FI reads 0 from an inactive
 * source lane: an assumption (the DPP16 rule when there is no BOUND_CTRL field; a DPP8 select is never out of range).
 * Errors are {@link ExecutionException}s carrying the PC and the instruction's text.
 *
 * <p>Not thread-safe: one interpreter per thread (it keeps the bound instructions of the last program and a
 * scratch context).
 */
public final class Interpreter implements InstructionExecutor, InstructionText {

    /** Instructions without effect in a single-wave model; they execute as no-ops. */
    private static final Set<String> NO_OPS = Set.of("S_NOP", "S_WAITCNT", "S_WAITCNT_VSCNT", "S_WAITCNT_VMCNT",
            "S_WAITCNT_EXPCNT", "S_WAITCNT_LGKMCNT", "S_WAITCNT_DEPCTR", "S_DELAY_ALU", "S_CLAUSE", "S_BARRIER",
            "S_SETPRIO", "S_SLEEP", "S_ICACHE_INV", "S_DCACHE_INV", "S_DCACHE_INV_VOL", "S_DCACHE_WB",
            "S_DCACHE_WB_VOL", "S_GL1_INV", "S_INST_PREFETCH", "S_SET_INST_PREFETCH_DISTANCE", "S_TTRACEDATA",
            "S_WAKEUP", "S_WAIT_IDLE", "S_WAIT_EVENT", "S_WAIT_LOADCNT", "S_WAIT_STORECNT", "S_WAIT_SAMPLECNT",
            "S_WAIT_BVHCNT", "S_WAIT_EXPCNT", "S_WAIT_DSCNT", "S_WAIT_KMCNT", "S_WAIT_LOADCNT_DSCNT",
            "S_WAIT_STORECNT_DSCNT", "S_WAIT_ALU", "S_BARRIER_WAIT", "S_BARRIER_SIGNAL", "BUFFER_WBINVL1",
            "BUFFER_WBINVL1_VOL", "BUFFER_GL0_INV", "BUFFER_GL1_INV", "BUFFER_WBL2", "BUFFER_INVL2",
            "GLOBAL_WB", "GLOBAL_INV", "GLOBAL_WBINV", "S_PREFETCH_INST", "S_PREFETCH_DATA");
    private static final Set<String> HALTS = Set.of("S_ENDPGM", "S_ENDPGM_SAVED", "S_ENDPGM_ORDERED_PS_DONE");
    private static final long M32 = 0xFFFFFFFFL;

    private final Target target;
    private final InstructionSet isa;
    private final Function<String, PcodeOp> find;
    private final ToIntFunction<String> traits;
    private final Disassembler disassembler;
    private final Context ctx = new Context();

    private int[] cachedWords;
    private BoundInstruction[] cache;

    /**
     * Creates an interpreter from a generation's generated classes; {@link Interpreters#forTarget} does this for
     * the ten bundled generations.
     *
     * @param target the machine (register layout, wave sizes, encodings of M0/NULL)
     * @param isa the generated instruction set ({@code <Gen>Isa.INSTANCE})
     * @param find the generated {@code <Gen>Pcode::find}
     * @param traits the generated {@code <Gen>Pcode::traits}
     */
    public Interpreter(Target target, InstructionSet isa, Function<String, PcodeOp> find,
                       ToIntFunction<String> traits) {
        this.target = target;
        this.isa = isa;
        this.find = find;
        this.traits = traits;
        this.disassembler = Disassembler.llvm(isa);
    }

    /** @return the machine this interpreter executes */
    public Target target() {
        return target;
    }

    /** @return the generated instruction set it decodes with */
    public InstructionSet instructionSet() {
        return isa;
    }

    /**
     * Runs {@code program} on {@code wave} from the wave's PC until {@code S_ENDPGM} or the step budget.
     *
     * @return why the run stopped
     */
    public RunLoop.Stop run(Wave wave, Program program, long maxSteps) {
        return new RunLoop(this, this).run(wave, program, StepListener.NONE, maxSteps);
    }

    @Override
    public String text(int[] words, int offset) {
        try {
            return disassembler.disassemble(words, offset);
        } catch (RuntimeException e) {
            return "<undecodable 0x" + Integer.toHexString(words[offset]) + ">";
        }
    }

    @Override
    public int execute(Wave wave, int[] words, int offset) {
        BoundInstruction b;
        try {
            b = bound(words, offset);
        } catch (ExecutionException e) {
            throw e.at(wave.pc(), null);
        } catch (RuntimeException e) {
            ExecutionException x = new ExecutionException("Binding the instruction failed: " + e, e);
            throw x.at(wave.pc(), text(words, offset));
        }
        try {
            switch (b.action) {
                case BoundInstruction.HALT -> wave.halt();
                case BoundInstruction.NOP -> { }
                case BoundInstruction.REFUSE -> throw new UnsupportedInstruction(b.name, b.problem);
                case BoundInstruction.SWIZZLE -> swizzle(wave, b);
                case BoundInstruction.MODE_WRITE -> {
                    int value = b.modeSgpr < 0 ? b.modeValue : wave.scalarSrc32(b.modeSgpr, 0);
                    wave.setMode(wave.mode() & ~b.modeMask | value << b.modeShift & b.modeMask);
                }
                default -> ctx.run(wave, b);
            }
        } catch (UnsupportedInstruction e) {
            ExecutionException x = e;
            if (!e.getMessage().contains(b.name)) {
                // Thrown by a generated op (a text that could not be lowered): name the instruction.
                x = new UnsupportedInstruction(b.name, e.reason());
                x.initCause(e);
            }
            throw x.at(wave.pc(), text(words, offset));
        } catch (ExecutionException e) {
            throw e.at(wave.pc(), text(words, offset));
        } catch (ArithmeticException | IllegalArgumentException | IllegalStateException
                 | IndexOutOfBoundsException | NullPointerException e) {
            ExecutionException x = new ExecutionException("Executing " + b.name + " failed: " + e, e);
            throw x.at(wave.pc(), text(words, offset));
        }
        return b.length;
    }

    // ---- decoding and binding -------------------------------------------------------------------------------

    private BoundInstruction bound(int[] words, int offset) {
        if (words != cachedWords) {
            cachedWords = words;
            cache = new BoundInstruction[words.length];
        }
        BoundInstruction b = cache[offset];
        if (b == null || !b.matches(words, offset)) {
            b = bind(words, offset);
            cache[offset] = b;
        }
        return b;
    }

    private int decodedVariant;

    private BoundInstruction bind(int[] words, int offset) {
        int length;
        try {
            length = isa.decode(words, offset, (variant, w, o, n) -> decodedVariant = variant);
        } catch (DecodeException e) {
            if (e.reason().startsWith("instruction truncated")) {
                MemoryFault f = new MemoryFault("Instruction runs past the end of the program: " + e.getMessage(),
                        -1, 4, false);
                f.initCause(e);
                throw f;
            }
            throw new IllegalInstruction("Illegal instruction 0x" + Integer.toHexString(words[offset]) + ": "
                    + e.getMessage(), e);
        }
        int v = decodedVariant;
        BoundInstruction b = new BoundInstruction(words, offset, length, v, isa.instructionName(v));
        if (HALTS.contains(b.name)) {
            b.action = BoundInstruction.HALT;
            return b;
        }
        if (NO_OPS.contains(b.name)) {
            b.action = BoundInstruction.NOP;
            return b;
        }
        if (b.name.equals("DS_SWIZZLE_B32")) {
            bindSwizzle(b, words, offset);
            return b;
        }
        if ((b.name.equals("S_SETREG_B32") || b.name.equals("S_SETREG_IMM32_B32")) && isa.hasField(v, "SIMM16")
                && (target.dialect() == Dialect.GFX10 || target.dialect() == Dialect.GFX11)) {
            // The RDNA 1-3.5 texts never shift the size mask by the offset (RDNA 4's and the CDNA texts do), so they
            // are not lowered; the interpreter runs the RDNA 4 text's meaning: mask = ((1 << size) - 1) << offset,
            // value = (S0 << offset) & mask | HW_REGISTERS[id] & ~mask. HW_REG_MODE only, as for the lowered texts.
            long simm16 = isa.field(v, "SIMM16", words, offset);
            int id = (int) (simm16 & 0x3F);
            if (id != 1) {
                b.action = BoundInstruction.REFUSE;
                b.problem = "hardware register " + id + " is not modelled";
                return b;
            }
            int shift = (int) (simm16 >>> 6 & 0x1F);
            int size = (int) (simm16 >>> 11 & 0x1F) + 1;
            b.action = BoundInstruction.MODE_WRITE;
            b.modeShift = shift;
            b.modeMask = (int) ((size == 32 ? M32 : (1L << size) - 1) << shift);
            if (b.name.equals("S_SETREG_IMM32_B32")) {
                b.modeValue = (int) isa.field(v, "SIMM32", words, offset);
            } else {
                b.modeSgpr = (int) isa.field(v, "SDST", words, offset);
            }
            return b;
        }
        if ((b.name.equals("S_ROUND_MODE") || b.name.equals("S_DENORM_MODE")) && isa.hasField(v, "SIMM16")) {
            // AMD's RDNA guides: "Set the round mode / denormal mode of the wave from SIMM16[3:0]".
            b.action = BoundInstruction.MODE_WRITE;
            b.modeShift = b.name.equals("S_ROUND_MODE") ? 0 : 4;
            b.modeMask = 0xF << b.modeShift;
            b.modeValue = (int) (isa.field(v, "SIMM16", words, offset) & 0xF);
            return b;
        }
        try {
            new Binder(b, words, offset).run();
        } catch (UnsupportedInstruction e) {
            b.action = BoundInstruction.REFUSE;
            b.problem = e.reason();
        }
        return b;
    }

    /**
     * {@code DS_SWIZZLE_B32} runs here rather than from its text: the bundled texts give only part of it (see
     * {@link DsSwizzleLanes}).
     */
    private void bindSwizzle(BoundInstruction b, int[] words, int offset) {
        int v = b.variant;
        if (isa.hasField(v, "GDS") && isa.field(v, "GDS", words, offset) != 0) {
            b.action = BoundInstruction.REFUSE;
            b.problem = "GDS is not modelled";
        } else if (isa.hasField(v, "ACC") && isa.field(v, "ACC", words, offset) != 0) {
            b.action = BoundInstruction.REFUSE;
            b.problem = "AGPR data operands (acc) are not modelled";
        } else {
            b.action = BoundInstruction.SWIZZLE;
            b.swizzle = (int) (isa.field(v, "OFFSET0", words, offset) | isa.field(v, "OFFSET1", words, offset) << 8);
            b.addrReg = (int) isa.field(v, "ADDR", words, offset);
            b.swizzleDst = (int) isa.field(v, "VDST", words, offset);
        }
    }

    private final int[] swizzleIn = new int[64];
    private final int[] swizzleOut = new int[64];

    /** Every lane reads its source lane's value of the ADDR VGPR (0 from an inactive lane); EXEC masks the write. */
    private void swizzle(Wave wave, BoundInstruction b) {
        int n = wave.waveSize();
        long exec = wave.exec() & wave.laneMask();
        for (int i = 0; i < n; i++) {
            swizzleIn[i] = wave.v(b.addrReg, i);
        }
        for (long m = exec; m != 0; m &= m - 1) {
            int i = Long.numberOfTrailingZeros(m);
            int j = DsSwizzleLanes.source(b.swizzle, i);
            swizzleOut[i] = j < n && (exec >>> j & 1) != 0 ? swizzleIn[j] : 0;
        }
        wave.writeVgprMasked(b.swizzleDst, swizzleOut, exec);
    }

    /** Resolves the names of one decoded instruction. */
    private final class Binder {
        private final BoundInstruction b;
        private final int[] words;
        private final int offset;
        private final int v;
        private final String family;
        private final String kind;
        private int inputs;
        private int outputs;
        private boolean true16;
        private int maskCount;
        private BoundOperand sdstMask;
        private BoundOperand src2Mask;
        /** VOPD: 1 while binding the X half, 2 for the Y half, 0 for every other encoding. */
        private final int vopdHalf;
        /** VOPD Y half: the literal dword of the X half's variant when its own variant has no literal field. */
        private long dualLiteral = -1;

        Binder(BoundInstruction b, int[] words, int offset) {
            this(b, words, offset, 0);
        }

        Binder(BoundInstruction b, int[] words, int offset, int half) {
            this.b = b;
            this.words = words;
            this.offset = offset;
            this.v = b.variant;
            this.family = isa.encodingFamily(v);
            this.kind = isa.variantKind(v);
            this.vopdHalf = half != 0 ? half : family.startsWith("VOPD") ? 1 : 0;
        }

        private long field(String name) {
            return isa.field(v, name, words, offset);
        }

        private boolean has(String name) {
            return isa.hasField(v, name);
        }

        void run() {
            PcodeOp op = find.apply(b.name);
            if (op == null && vopdHalf != 0 && b.name.startsWith("V_DUAL_")) {
                // The RDNA 3 texts describe each VOPD operation once, under its VOP1/VOP2 name (V_DUAL_MUL_F32
                // computes what V_MUL_F32 does); later specs also list the V_DUAL_ names.
                op = find.apply("V_" + b.name.substring("V_DUAL_".length()));
            }
            if (op == null && b.name.startsWith("V_ACCVGPR_")) {
                op = accvgprMove();
            }
            if (op == null) {
                throw new UnsupportedInstruction(b.name, "the instruction has no pseudocode in the bundled texts");
            }
            int t = traits.applyAsInt(b.name);
            b.followsRoundingMode = (t & PcodeTraits.MODE_ROUNDING) != 0;
            b.saturatesUnderClamp = (t & PcodeTraits.INT_CLAMP) != 0;
            // An op the generator could not lower throws UnsupportedInstruction with its reason when run.
            b.op = op;
            if (b.name.startsWith("V_WMMA_")) {
                bindWmma();
            }
            switch (kind) {
                case "DPP16", "DPP" -> bindDpp();
                case "DPP8" -> bindDpp8();
                case "MFMA" -> bindMatrix();
                case "NSA" -> throw new UnsupportedInstruction(b.name, "image instructions are not modelled");
                default -> { }
            }
            if (vopdHalf == 0 && family.startsWith("VOPD") || family.startsWith("MIMG") || family.startsWith("VIMAGE")
                    || family.startsWith("VSAMPLE") || family.startsWith("EXP") || family.startsWith("VEXPORT")) {
                throw new UnsupportedInstruction(b.name, "the " + family + " encoding is not modelled");
            }
            boolean mfma = b.matrix && !b.wmma;
            if (has("ACC") && field("ACC") != 0 && !mfma) {
                throw new UnsupportedInstruction(b.name, "AGPR data operands (acc) are not modelled");
            }
            if (has("GDS") && field("GDS") != 0) {
                throw new UnsupportedInstruction(b.name, "GDS is not modelled");
            }
            boolean scalar = family.startsWith("SOP") || family.startsWith("SMEM");
            // A text that indexes VGPR[lane][reg] itself runs once, unless it indexes the current lane
            // (VGPR[laneId][addr] of V_MOVRELS_B32, V_INTERP_P2's quad lanes): then once per active lane.
            b.perLane = !scalar && ((t & PcodeTraits.VGPR_INDEX) == 0 || (t & PcodeTraits.LANE_ID) != 0)
                    && !b.matrix;
            true16 = target.isTrue16Default() && (family.equals("VOP1") || family.equals("VOP2")
                    || family.equals("VOPC"));
            bindOperands();
            if (family.startsWith("VOPC") && b.get(PcodeName.D0) == null) {
                // VOPC writes VCC; some specs (CDNA) list no implicit VCC destination.
                b.bind(PcodeName.D0, b.bindIfAbsent(PcodeName.VCC, BoundOperand.mask(Operands.VCC_LO)));
            }
            bindWaveState();
            bindFamily(t);
            bindAddressArguments();
            if ((t & PcodeTraits.VGPR_INDEX) != 0 && !b.matrix || b.name.contains("MOVREL")
                    || b.name.equals("S_SET_GPR_IDX_ON")) {
                bindRegisterNumbers();
            }
            if (!mfma) {
                // (An MFMA has no source or output modifiers in LLVM's syntax; the specs' NEG, NEG_HI, OP_SEL,
                // OP_SEL_HI and CLAMP overlap its BLGP, CBSZ, ABID, ACC and ACC_CD fields.)
                bindModifiers();
            }
            boolean textSelects = (t & PcodeTraits.SDWA_SELECT) != 0;
            if (kind.equals("SDWA")) {
                bindSdwa(textSelects);
            } else if (textSelects) {
                // Without SDWA the select is DWORD (the texts then take byte/word 0); a VOP3 OP_SEL byte select is
                // not modelled.
                if (has("OP_SEL") && field("OP_SEL") != 0) {
                    throw new UnsupportedInstruction(b.name, "a byte select through OP_SEL is not modelled");
                }
                b.bind(PcodeName.SDWA_SRC0_SEL, BoundOperand.constant(6));
            }
            if (mfma) {
                bindAccumulators();
            }
            if (b.matrix) {
                BoundOperand c = b.get(PcodeName.S2);
                if (c != null && c.kind == BoundOperand.CONST && c.value != 0) {
                    throw new UnsupportedInstruction(b.name, "MFMA with a non-zero constant C is not modelled");
                }
                PcodeName[] ranges = b.sparse ? new PcodeName[] {PcodeName.S0, PcodeName.S1, PcodeName.S2, PcodeName.D0}
                        : new PcodeName[] {PcodeName.S0, PcodeName.S1, PcodeName.D0};
                for (PcodeName n : ranges) {
                    BoundOperand o = b.get(n);
                    if (o == null || o.kind != BoundOperand.VGPR && o.kind != BoundOperand.AGPR) {
                        throw new UnsupportedInstruction(b.name, "MFMA operand " + n + " is not a VGPR or AGPR range");
                    }
                }
            }
            if (b.dppCtrl >= 0) {
                BoundOperand s0 = b.get(PcodeName.S0);
                if (s0 == null || s0.kind != BoundOperand.VGPR) {
                    throw new UnsupportedInstruction(b.name, "DPP without a VGPR first source");
                }
                BoundOperand m = copyOf(s0);
                m.abs = s0.abs;
                m.neg = s0.neg;
                m.packedSel = s0.packedSel;
                m.negLo = s0.negLo;
                m.negHi = s0.negHi;
                m.dpp = true;
                if (!family.startsWith("VOP3") && m.floatBits > 0) {
                    m.abs = has("SRC0_ABS") && field("SRC0_ABS") != 0;
                    m.neg = has("SRC0_NEG") && field("SRC0_NEG") != 0;
                }
                b.bind(PcodeName.S0, m);
                bindSrcField(0, m);
                BoundOperand s1 = b.get(PcodeName.S1);
                if (s1 != null && !family.startsWith("VOP3") && s1.floatBits > 0) {
                    BoundOperand m1 = copyOf(s1);
                    m1.abs = has("SRC1_ABS") && field("SRC1_ABS") != 0;
                    m1.neg = has("SRC1_NEG") && field("SRC1_NEG") != 0;
                    b.bind(PcodeName.S1, m1);
                    bindSrcField(1, m1);
                }
            }
            if (b.perLane) {
                java.util.List<BoundOperand> masks = new java.util.ArrayList<>();
                for (BoundOperand o : b.names) {
                    if (o != null && o.kind == BoundOperand.MASK && o.maskSlot < 0) {
                        o.maskSlot = maskCount++;
                        masks.add(o);
                    }
                }
                if (maskCount > 8) {
                    throw new UnsupportedInstruction(b.name, "more than eight lane-mask operands");
                }
                b.masks = masks.toArray(new BoundOperand[0]);
            }
            for (BoundOperand o : b.names) {
                if (o != null) {
                    o.seal();
                }
            }
            for (PcodeName n : new PcodeName[] {PcodeName.S0, PcodeName.S1, PcodeName.S2, PcodeName.D0}) {
                if (b.get(n) != null && b.get(n).floatBits != 0) {
                    b.floatOp = true;
                }
            }
            if (vopdHalf == 1) {
                bindDual();
            }
        }

        /** Rebinds every name bound to {@code old} to {@code m}. */
        private void replace(BoundOperand old, BoundOperand m) {
            for (int k = 0; k < b.names.length; k++) {
                if (b.names[k] == old) {
                    b.names[k] = m;
                }
            }
        }

        /**
         * A VOPD word's raw operand value. The spec lists each VOPD instruction once with the Y operand fields; the X
         * half reads the same operands from VDSTX/SRCX0/VSRCX1, and the Y destination is {@code VDSTY << 1} with
         * the low bit the complement of VDSTX's (AMD's RDNA 3/4 ISA guides: the two destinations must differ in
         * their low bit, so only the upper bits are encoded).
         */
        private long operandRaw(int i, String fieldName) {
            if (vopdHalf == 1 && fieldName != null) {
                switch (fieldName) {
                    case "VDSTY" -> {
                        return field("VDSTX");
                    }
                    case "SRCY0" -> {
                        return field("SRCX0");
                    }
                    case "VSRCY1" -> {
                        return field("VSRCX1");
                    }
                    default -> { }
                }
            }
            if (vopdHalf == 2 && "VDSTY".equals(fieldName)) {
                return field("VDSTY") << 1 | (~field("VDSTX") & 1);
            }
            return isa.operandValue(v, i, words, offset);
        }

        /**
         * VOPD dual issue: this instruction is the X half; the Y half (opcode OPY) is bound as a second instruction
         * on the same words. Both read their sources before either writes: per lane the X result is held back
         * ({@link BoundOperand#deferred}) until Y has run, then both are written.
         */
        private void bindDual() {
            long opy = field("OPY");
            boolean lit = has("LITERAL") || has("SIMM32");
            int vy = -1;
            for (int u = 0; u < isa.variantCount(); u++) {
                if (isa.encodingFamily(u).equals(family) && isa.opcode(u) == opy) {
                    boolean ul = isa.hasField(u, "LITERAL") || isa.hasField(u, "SIMM32");
                    if (vy < 0 || ul == lit) {
                        vy = u;
                    }
                    if (ul == lit) {
                        break;
                    }
                }
            }
            String yName = vy >= 0 ? isa.instructionName(vy) : null;
            if (vy < 0 && VopdYOnly.name(opy) != null) {
                // The Y-only opcodes (ADD_NC_U32, LSHLREV_B32, AND_B32; AMD's RDNA 3/4 guides, VOPD opcode table)
                // have no variant in the specs: their operands are read with the table of a two-source B32 VOPD
                // instruction (vdst, src0, vsrc1), their semantics come from their own (or the VOP2) text.
                yName = VopdYOnly.name(opy);
                for (int u = 0; u < isa.variantCount() && vy < 0; u++) {
                    if (isa.encodingFamily(u).equals(family) && isa.instructionName(u).equals(VopdYOnly.TEMPLATE)
                            && (isa.hasField(u, "LITERAL") || isa.hasField(u, "SIMM32")) == lit) {
                        vy = u;
                    }
                }
            }
            if (vy < 0) {
                throw new UnsupportedInstruction(b.name, "VOPD Y opcode " + opy + " has no instruction in the spec");
            }
            BoundInstruction y = new BoundInstruction(words, offset, b.length, vy, yName);
            Binder yb = new Binder(y, words, offset, 2);
            if (lit) {
                yb.dualLiteral = literal();
            }
            yb.run();
            BoundOperand dx = b.get(PcodeName.D0);
            BoundOperand dy = y.get(PcodeName.D0);
            if (dx == null || dx.kind != BoundOperand.VGPR || dy == null || dy.kind != BoundOperand.VGPR) {
                throw new UnsupportedInstruction(b.name, "VOPD halves without a VGPR destination");
            }
            BoundOperand m = copyOf(dx);
            m.deferred = true;
            m.seal();
            replace(dx, m);
            b.dualY = y;
            b.floatOp |= y.floatOp;
            b.followsRoundingMode &= y.followsRoundingMode;
        }

        /**
         * RDNA 3/4 WMMA ({@code runtime.pcode.Wmma}, called by the generated op): no OP_SEL, NEG_HI, float NEG or CLAMP;
         * the wave32 layout only (checked when it runs).
         */
        private void bindWmma() {
            if (target.dialect() != Dialect.GFX11 && target != Target.GFX1200) {
                throw new UnsupportedInstruction(b.name, "the WMMA register layout of this generation is not modelled"
                        + " (RDNA 3 and RDNA 4 only)");
            }
            for (String f : new String[] {"OP_SEL", "NEG_HI", "CLAMP"}) {
                if (has(f) && field(f) != 0) {
                    throw new UnsupportedInstruction(b.name, "WMMA with " + f + " = " + field(f) + " is not modelled");
                }
            }
            if (!b.name.contains("_IU") && has("NEG") && field("NEG") != 0) {
                throw new UnsupportedInstruction(b.name, "float WMMA with NEG = " + field("NEG") + " is not modelled");
            }
            // The generated op calls runtime.pcode.Wmma (or refuses the forms the generator does not lower).
            b.matrix = true;
            b.wmma = true;
        }

        /** DPP8 (GFX10+): lane {@code l} reads lane {@code (l & ~7) | LANE_SEL_(l & 7)} of src0. */
        private void bindDpp8() {
            int sel = 0;
            for (int k = 0; k < 8; k++) {
                sel |= (int) (field("LANE_SEL_" + k) & 7) << (3 * k);
            }
            b.dppCtrl = BoundInstruction.DPP8;
            b.dpp8Sel = sel;
            // FI is the SRC0 marker: 0xE9 (DPP8), 0xEA (DPP8FI).
            b.fetchInactive = has("FI") ? field("FI") != 0 : has("SRC0") && field("SRC0") == 0xEA;
        }

        /**
         * SDWA (GFX9/GFX10 VOP1/VOP2/VOPC): per source a byte/word select with zero or sign extension and float
         * abs/neg, the S0/S1 bits making VSRC0/VSRC1 a scalar source; the destination select with its unused bits
         * padded, sign-extended or preserved, after OMOD and CLAMP (LLVM's AMDGPUModifierSyntax, AMD's GCN3/Vega
         * and RDNA 1 ISA guides).
         */
        private void bindSdwa(boolean textSelects) {
            PcodeName[] srcs = {PcodeName.S0, PcodeName.S1};
            for (int i = 0; i < 2; i++) {
                String p = "SRC" + i + "_";
                BoundOperand o = b.get(srcs[i]);
                if (!has(p + "SEL") || o == null) {
                    continue;
                }
                BoundOperand m;
                String scalarFlag = "S" + i;
                if (has(scalarFlag) && field(scalarFlag) != 0 && has("VSRC" + i)) {
                    m = source((int) field("VSRC" + i), o.size, o.floatBits != 0, false);
                    m.size = o.size;
                    m.floatBits = o.floatBits;
                    m.denorm = o.denorm;
                } else {
                    m = copyOf(o);
                }
                int sel = (int) field(p + "SEL");
                if (sel > 6) {
                    throw new UnsupportedInstruction(b.name, "SDWA " + p + "SEL " + sel + " is reserved");
                }
                if (textSelects && i == 0) {
                    // The text reads SDWA_SRC0_SEL and selects from the whole S0 itself.
                    b.bind(PcodeName.SDWA_SRC0_SEL, BoundOperand.constant(sel));
                    sel = 6;
                }
                m.sdwaSel = sel == 6 ? -1 : sel;
                m.sext = sel != 6 && has(p + "SEXT") && field(p + "SEXT") != 0;
                boolean abs = has(p + "ABS") && field(p + "ABS") != 0;
                boolean neg = has(p + "NEG") && field(p + "NEG") != 0;
                if ((abs || neg) && o.floatBits <= 0) {
                    throw new UnsupportedInstruction(b.name, "SDWA abs/neg on an integer operand is not modelled");
                }
                m.abs = abs;
                m.neg = neg;
                replace(o, m);
                b.bind(srcs[i], m);
                bindSrcField(i, m);
            }
            BoundOperand d = b.get(PcodeName.D0);
            if (has("DST_SEL") && d != null && d.kind == BoundOperand.VGPR) {
                int sel = (int) field("DST_SEL");
                int unused = has("DST_UNUSED") ? (int) field("DST_UNUSED") : 0;
                if (sel > 6 || unused > 2) {
                    throw new UnsupportedInstruction(b.name, "SDWA DST_SEL " + sel + " / DST_UNUSED " + unused
                            + " is reserved");
                }
                long omod = has("OMOD") ? field("OMOD") : 0;
                boolean clamp = has("CLAMP") && field("CLAMP") != 0;
                if (d.floatBits <= 0 && clamp && sel != 6) {
                    throw new UnsupportedInstruction(b.name, "integer clamp into a sub-dword SDWA destination is not"
                            + " modelled (which width saturates is not documented)");
                }
                if (d.floatBits <= 0 && integerClamp(clamp, omod)) {
                    clamp = false;
                }
                BoundOperand m = copyOf(d);
                m.dstSel = sel == 6 ? -1 : sel;
                m.dstUnused = unused;
                m.omod = (int) omod;
                m.clamp = clamp;
                replace(d, m);
            }
        }

        private void bindOperands() {
            int n = isa.operandCount(v);
            boolean explicitOut = false;
            for (int i = 0; i < n; i++) {
                if ((isa.operandFlags(v, i) & (InstructionSet.IMPLICIT | InstructionSet.OUT)) == InstructionSet.OUT) {
                    explicitOut = true;
                }
            }
            for (int i = 0; i < n; i++) {
                int flags = isa.operandFlags(v, i);
                String type = isa.operandType(v, i);
                String fieldName = isa.operandField(v, i);
                if ((flags & InstructionSet.IMPLICIT) != 0) {
                    BoundOperand o = switch (type) {
                        case "OPR_VCC" -> b.bindIfAbsent(PcodeName.VCC, BoundOperand.mask(Operands.VCC_LO));
                        case "OPR_EXEC" -> b.bindIfAbsent(PcodeName.EXEC, BoundOperand.mask(Operands.EXEC_LO));
                        case "OPR_SCC" -> b.bindIfAbsent(PcodeName.SCC, new BoundOperand(BoundOperand.SCC, 0, 0));
                        default -> null;
                    };
                    if (o != null && (flags & InstructionSet.OUT) != 0 && !explicitOut && outputs == 0) {
                        b.bind(PcodeName.D0, o);
                        outputs++;
                    }
                    continue;
                }
                BoundOperand o = explicit(i, fieldName, type, isa.operandFormat(v, i), isa.operandSize(v, i));
                if (type.equals("OPR_SIMM32") && (flags & InstructionSet.IN) != 0) {
                    // The constant K of FMAMK/FMAAK/MADMK/MADAK and VOPD: the texts name it SIMM32 (SIMM16 for the
                    // 16-bit MADAK/MADMK), never S0-S2, which are the register sources around it.
                    b.bind(PcodeName.SIMM32, o);
                    b.bindIfAbsent(PcodeName.SIMM16, o);
                    continue;
                }
                boolean laneMask = o.kind == BoundOperand.MASK;
                if (laneMask && "SDST".equals(fieldName) && (flags & InstructionSet.OUT) != 0) {
                    sdstMask = o;
                }
                if (laneMask && inputs == 2 && (flags & InstructionSet.IN) != 0) {
                    src2Mask = o;
                }
                PcodeName named = pcodeName(fieldName);
                if (named != null) {
                    b.bindIfAbsent(named, o);
                }
                if (type.equals("OPR_HWREG")) {
                    // S_SETREG/S_GETREG's hwreg(...) descriptor: the texts read it as SIMM16 by name; S0 is the
                    // data source (S_SETREG_B32's SGPR, which the specs list after the descriptor).
                    continue;
                }
                if ((flags & InstructionSet.IN) != 0 && inputs < 3) {
                    b.bind(inputs == 0 ? PcodeName.S0 : inputs == 1 ? PcodeName.S1 : PcodeName.S2, o);
                    bindSrcField(inputs, o);
                    inputs++;
                }
                if ((flags & InstructionSet.OUT) != 0 && outputs < 2) {
                    b.bind(outputs == 0 ? PcodeName.D0 : PcodeName.D1, o);
                    outputs++;
                }
            }
        }

        /**
         * MFMA: the generated op reads A, B, C of every lane and writes D ({@code runtime.pcode.Matrix}). Only the
         * plain form is modelled: VGPR operands, no broadcast controls (CBSZ, ABID, BLGP), no clamp. A sparse
         * SMFMAC reuses CBSZ and ABID to pick its index set; its op reads them as {@code INST.CBSZ/ABID}.
         */
        private void bindMatrix() {
            b.sparse = b.name.startsWith("V_SMFMAC_");
            if (b.sparse) {
                b.cbsz = has("CBSZ") ? field("CBSZ") : 0;
                b.abid = has("ABID") ? field("ABID") : 0;
            }
            // Bit 15 is ACC_CD on CDNA 2-4 (C and D in AGPRs; the specs also name it CLAMP, which no MFMA of LLVM's
            // has). gfx908 has no such bit: its C and D are always AGPRs (llvm-mc-22 -mcpu=gfx908 prints a[...] for
            // them whatever bit 15 holds); a word with the bit set there is refused as the spec's CLAMP.
            boolean cdna1 = !target.isGfx90aPlus();
            accCD = cdna1 || has("ACC_CD") && field("ACC_CD") != 0;
            accAB = has("ACC") ? (int) field("ACC") & 3 : 0;
            for (String f : new String[] {"CBSZ", "ABID", "BLGP", "CLAMP"}) {
                if (b.sparse && (f.equals("CBSZ") || f.equals("ABID")) || f.equals("CLAMP") && !cdna1) {
                    continue;
                }
                if (has(f) && field(f) != 0) {
                    throw new UnsupportedInstruction(b.name, "MFMA with " + f + " = " + field(f) + " is not modelled");
                }
            }
            b.matrix = true;
        }

        /**
         * MFMA/SMFMAC ({@link #bindMatrix}): C and D are AGPR tuples (always on gfx908, with ACC_CD set on CDNA 2-4),
         * and which of A (bit 0) and B (bit 1) are (the ACC bits).
         */
        private boolean accCD;
        private int accAB;

        /**
         * An MFMA's AGPR operands ({@link #accCD}, {@link #accAB}): the VGPR tuples
         * the source and destination fields name become the AGPR tuples of the same numbers (a 9-bit source code
         * 256 + n is a[n] then). A sparse SMFMAC's C is its D; its index source (S2) stays a VGPR.
         */
        private void bindAccumulators() {
            if ((accAB & 1) != 0) {
                toAgpr(PcodeName.S0);
            }
            if ((accAB & 2) != 0) {
                toAgpr(PcodeName.S1);
            }
            if (accCD) {
                toAgpr(PcodeName.D0);
                if (!b.sparse) {
                    toAgpr(PcodeName.S2);
                }
            }
        }

        /** Rebinds every name bound to the VGPR operand {@code n} to the AGPR tuple of the same number. */
        private void toAgpr(PcodeName n) {
            BoundOperand o = b.get(n);
            if (o == null || o.kind != BoundOperand.VGPR) {
                return; // a constant C stays one; anything else is refused by the range check
            }
            BoundOperand a = copyOf(o, BoundOperand.AGPR);
            for (int i = 0; i < b.names.length; i++) {
                if (b.names[i] == o) {
                    b.names[i] = a;
                }
            }
        }

        /**
         * {@code V_ACCVGPR_WRITE} (AGPR = VGPR, SGPR or constant), {@code V_ACCVGPR_READ} (VGPR = AGPR) and {@code
         * V_ACCVGPR_MOV_B32} (AGPR = AGPR), which AMD's guides give no pseudocode: a 32-bit move per active lane
         * between the operands the spec types as AGPRs ({@code OPR_ACCVGPR}, {@code OPR_SRC_ACCVGPR}) and the
         * others. Their DPP and SDWA forms are not modelled.
         */
        private PcodeOp accvgprMove() {
            if (!target.hasAgprs()) {
                throw new UnsupportedInstruction(b.name, "this generation has no AGPRs");
            }
            if (kind.startsWith("DPP") || kind.equals("SDWA")) {
                throw new UnsupportedInstruction(b.name, "the " + kind + " form of an AGPR move is not modelled");
            }
            return ctx -> ctx.write(PcodeName.D0, 0, 32, ctx.read(PcodeName.S0, 0, 32));
        }

        private void bindSrcField(int i, BoundOperand o) {
            PcodeName n = i == 0 ? PcodeName.SRC0 : i == 1 ? PcodeName.SRC1 : PcodeName.SRC2;
            b.bindIfAbsent(n, o);
        }

        private PcodeName pcodeName(String fieldName) {
            if (fieldName == null) {
                return null;
            }
            try {
                PcodeName n = PcodeName.valueOf(fieldName);
                return n.isOperand() ? n : null;
            } catch (IllegalArgumentException e) {
                return null;
            }
        }

        private BoundOperand explicit(int i, String fieldName, String type, String format, int size) {
            boolean isFloat = format.contains("_F") || format.contains("BF16");
            // A 64-bit SGPR operand of a per-lane VALU instruction is a lane mask (the CDNA specs type a compare's
            // SDST as FMT_NUM_B64 where the RDNA specs say FMT_NUM_M64).
            boolean mask = format.equals("FMT_NUM_M64") || type.equals("OPR_VCC") || type.equals("OPR_EXEC")
                    || b.perLane && family.startsWith("VOP") && type.startsWith("OPR_SREG") && size == 64;
            long raw = operandRaw(i, fieldName);
            BoundOperand o;
            if ("SDST".equals(fieldName) && kind.equals("SDWA") && has("SD") && field("SD") == 0) {
                // SDWA VOPC: SD = 0 writes VCC, SDST is ignored.
                o = BoundOperand.mask(Operands.VCC_LO);
            } else if (type.equals("OPR_EXEC")) {
                o = BoundOperand.mask(Operands.EXEC_LO);
            } else if (type.equals("OPR_VCC")) {
                o = BoundOperand.mask(Operands.VCC_LO);
            } else if (fieldName.equals("LITERAL") || fieldName.equals("SIMM32")) {
                o = BoundOperand.constant(size == 64 ? Operands.literal64((int) raw, isFloat) : raw & M32);
            } else if (fieldName.equals("SBASE")) {
                o = BoundOperand.sgpr((int) raw * 2);
            } else if (fieldName.equals("SRSRC") || fieldName.equals("SSAMP")) {
                o = BoundOperand.sgpr((int) raw * 4);
            } else if (type.equals("OPR_ACCVGPR")) {
                o = BoundOperand.agpr((int) raw);
            } else if (type.equals("OPR_SRC_ACCVGPR")) {
                // (the source of V_ACCVGPR_READ/MOV: the 9-bit source code 256 + n is a[n])
                if (raw < Operands.VGPR_BASE) {
                    throw new UnsupportedInstruction(b.name, "AGPR source operand encoding " + raw
                            + " (not an AGPR) is not modelled");
                }
                o = BoundOperand.agpr((int) raw - Operands.VGPR_BASE);
            } else if (type.contains("VGPR") && !type.startsWith("OPR_SRC")) {
                o = vgprOperand((int) raw, size);
            } else if (type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.contains("INL")) {
                o = source((int) raw, size, isFloat, mask);
            } else if (type.startsWith("OPR_SREG") || type.startsWith("OPR_SDST")) {
                int r = (int) raw;
                o = mask ? BoundOperand.mask(r) : BoundOperand.sgpr(r);
            } else {
                o = BoundOperand.constant(raw);
            }
            o.size = size;
            o.floatBits = isFloat ? (format.contains("F16") || format.contains("BF16") ? 16
                    : format.contains("F64") ? 64 : format.contains("F32") ? 32 : 0) : 0;
            if (format.contains("PK2")) {
                o.floatBits = isFloat ? -16 : 0; // packed: modifiers per half
            }
            o.denorm = !isFloat ? BoundOperand.DENORM_NONE : format.contains("BF16") || o.floatBits == 0
                    ? BoundOperand.DENORM_UNKNOWN : o.floatBits == -16 ? (format.contains("F32")
                    ? BoundOperand.DENORM_PK_F32 : BoundOperand.DENORM_PK_F16)
                    : o.floatBits == 16 ? BoundOperand.DENORM_F16 : o.floatBits == 32 ? BoundOperand.DENORM_F32
                    : BoundOperand.DENORM_F64;
            return o;
        }

        private BoundOperand vgprOperand(int reg, int size) {
            if (true16 && size == 16 && reg >= 128) {
                BoundOperand o = BoundOperand.vgpr(reg - 128);
                o.high = true;
                return o;
            }
            return BoundOperand.vgpr(reg);
        }

        /** A 9-bit (or 8-bit scalar) source operand. */
        private BoundOperand source(int code, int size, boolean isFloat, boolean mask) {
            if (code >= Operands.VGPR_BASE) {
                return vgprOperand(code - Operands.VGPR_BASE, size);
            }
            if (code < 128) {
                return mask ? BoundOperand.mask(code) : BoundOperand.sgpr(code);
            }
            if (Operands.isInlineConstant(code)) {
                int width = size <= 16 ? 16 : size == 64 ? 64 : 32;
                return BoundOperand.constant(Operands.inlineConstant(code, width, isFloat));
            }
            if (code == Operands.LITERAL) {
                long lit = literal();
                return BoundOperand.constant(size == 64 ? Operands.literal64((int) lit, isFloat) : lit);
            }
            return switch (code) {
                case Operands.SCC -> new BoundOperand(BoundOperand.SCC, 0, 0);
                case Operands.VCCZ, Operands.EXECZ, Operands.SHARED_BASE, Operands.SHARED_LIMIT,
                        Operands.PRIVATE_BASE, Operands.PRIVATE_LIMIT, Operands.FLAT_SCRATCH_BASE_LO,
                        Operands.FLAT_SCRATCH_BASE_HI, Operands.POPS_EXITING_WAVE_ID ->
                        new BoundOperand(BoundOperand.SPECIAL, code, 0);
                default -> throw new UnsupportedInstruction(b.name, "source operand encoding " + code
                        + " is not modelled");
            };
        }

        private long literal() {
            for (String f : new String[] {"LITERAL", "SIMM32"}) {
                if (has(f)) {
                    return field(f) & M32;
                }
            }
            if (dualLiteral >= 0) {
                return dualLiteral;
            }
            throw new UnsupportedInstruction(b.name, "literal operand without a literal field");
        }

        /** VCC/EXEC/SCC/M0/PC and the VOP3 carry forms. */
        private void bindWaveState() {
            if (sdstMask != null || src2Mask != null) {
                // VOP3 forms of carry/condition instructions: VCC reads come from SRC2, writes go to SDST.
                BoundOperand vcc;
                if (src2Mask != null && src2Mask.kind == BoundOperand.CONST) {
                    if (sdstMask != null) {
                        throw new UnsupportedInstruction(b.name, "a constant carry-in with a carry-out is not modelled");
                    }
                    vcc = BoundOperand.constant(src2Mask.value);
                } else {
                    vcc = BoundOperand.mask(src2Mask != null ? src2Mask.index : Operands.VCC_LO);
                    vcc.writeIndex = sdstMask != null ? sdstMask.index : Operands.VCC_LO;
                }
                b.bind(PcodeName.VCC, vcc);
            }
            b.bindIfAbsent(PcodeName.VCC, BoundOperand.mask(Operands.VCC_LO));
            b.bindIfAbsent(PcodeName.EXEC, BoundOperand.mask(Operands.EXEC_LO));
            b.bindIfAbsent(PcodeName.EXEC_LO, BoundOperand.sgpr(Operands.EXEC_LO));
            b.bindIfAbsent(PcodeName.SCC, new BoundOperand(BoundOperand.SCC, 0, 0));
            b.bindIfAbsent(PcodeName.M0, BoundOperand.sgpr(target.m0Encoding()));
            b.bindIfAbsent(PcodeName.PC, new BoundOperand(BoundOperand.PC, 0, 0));
            b.bindIfAbsent(PcodeName.VCCZ, new BoundOperand(BoundOperand.SPECIAL, Operands.VCCZ, 0));
            b.bindIfAbsent(PcodeName.EXECZ, new BoundOperand(BoundOperand.SPECIAL, Operands.EXECZ, 0));
            for (String f : new String[] {"SIMM16", "SIMM32", "OFFSET", "OFFSET0", "OFFSET1", "IOFFSET"}) {
                if (has(f) && b.get(PcodeName.valueOf(f)) == null) {
                    b.bind(PcodeName.valueOf(f), BoundOperand.constant(field(f)));
                }
            }
            if (has("OP_SEL")) {
                b.bindIfAbsent(PcodeName.OPSEL, BoundOperand.constant(field("OP_SEL")));
            }
            if (has("OP_SEL_HI")) {
                b.bindIfAbsent(PcodeName.OPSEL_HI, BoundOperand.constant(field("OP_SEL_HI")));
            }
            if (has("NEG")) {
                b.bindIfAbsent(PcodeName.NEG, BoundOperand.constant(field("NEG")));
            }
        }

        private boolean nullSgpr(int r) {
            return r == 0x7F || r == target.nullEncoding();
        }

        private long signedField(String f) {
            long raw = field(f);
            int width = fieldWidth(f);
            return width >= 64 ? raw : raw << (64 - width) >> (64 - width);
        }

        /** The width of a field, found by encoding all ones into it. */
        private int fieldWidth(String f) {
            int[] out = new int[isa.length(v) + 2];
            isa.encode(v, new String[] {f}, new long[] {-1L}, out, 0);
            long max = isa.field(v, f, out, 0);
            return 64 - Long.numberOfLeadingZeros(max);
        }

        /**
         * The RDNA 4 and CDNA 5 texts pass lower-case operand names to the address built-ins
         * ({@code CalcGlobalAddr(v_addr.b64, s_saddr.b64)}, {@code CalcBufferAddr(vgpr_a.b64, sgpr_o.b64)},
         * {@code CalcDsAddr(vgpr_a.b32, offset.b32)}, ...). The interpreter computes every address from the encoding
         * ({@link Context#address}), so those names are bound to the lane's computed address (the VGPR/SGPR base
         * names) or to zero (the other parts), except DS's {@code offset}: the instruction's 16-bit offset, which
         * {@code CalcDsAddr} adds to the address VGPR.
         */
        /**
         * Texts that address registers themselves ({@code VGPR[lane][SRC0.u32]} of V_READLANE_B32,
         * {@code VGPR[lane][VDST.u32] = S0.b32} of V_WRITELANE_B32, {@code addr = SRC0.u32 // Raw value from
         * instruction} of the MOVREL family, {@code VGPR[i][ADDR]} of DS_BPERMUTE_B32) read the operand fields as
         * register numbers, not as the registers' values: those names are bound to the field values, a 9-bit source
         * field's VGPR encoding 256 + n as VGPR n. {@code SRC0}/{@code SRC1} are also the SOP fields SSRC0/SSRC1,
         * {@code DST} the destination field (VDST or SDST).
         */
        private void bindRegisterNumbers() {
            for (String f : new String[] {"SRC0", "SRC1", "SRC2", "VDST", "SDST", "ADDR", "DATA0", "DATA1", "VSRC1",
                    "SSRC0", "SSRC1"}) {
                PcodeName n = pcodeName(f);
                if (n != null && has(f)) {
                    b.bind(n, BoundOperand.constant(registerNumber(f)));
                }
            }
            for (int i = 0; i < 2; i++) {
                PcodeName src = i == 0 ? PcodeName.SRC0 : PcodeName.SRC1;
                if (!has("SRC" + i) && has("SSRC" + i)) {
                    b.bind(src, BoundOperand.constant(registerNumber("SSRC" + i)));
                }
            }
            String dst = has("VDST") ? "VDST" : has("SDST") ? "SDST" : null;
            if (dst != null) {
                b.bind(PcodeName.DST, BoundOperand.constant(registerNumber(dst)));
            }
        }

        private long registerNumber(String f) {
            long raw = field(f);
            boolean nineBitSource = f.startsWith("SRC") && fieldWidth(f) == 9;
            return nineBitSource && raw >= 256 ? raw - 256 : raw;
        }

        private void bindAddressArguments() {
            if (b.memKind == BoundInstruction.MEM_NONE) {
                return;
            }
            BoundOperand address = new BoundOperand(BoundOperand.ADDRESS, 0, 0);
            for (PcodeName n : new PcodeName[] {PcodeName.vgpr_a, PcodeName.v_addr, PcodeName.v_addr_off,
                    PcodeName.sgpr_base}) {
                b.bindIfAbsent(n, address);
            }
            for (PcodeName n : new PcodeName[] {PcodeName.sgpr_o, PcodeName.s_saddr, PcodeName.s_saddr_off,
                    PcodeName.flat_scratch}) {
                b.bindIfAbsent(n, BoundOperand.constant(0));
            }
            BoundOperand dsOffset = b.memKind == BoundInstruction.MEM_LDS ? b.get(PcodeName.OFFSET) : null;
            b.bindIfAbsent(PcodeName.offset, dsOffset != null ? dsOffset : BoundOperand.constant(0));
        }

        private void bindFamily(int t) {
            switch (family) {
                case "DS", "VDS" -> {
                    b.memKind = BoundInstruction.MEM_LDS;
                    b.addrReg = (int) field("ADDR");
                    long off0 = field("OFFSET0");
                    long off1 = field("OFFSET1");
                    b.bind(PcodeName.OFFSET, BoundOperand.constant(off1 << 8 | off0));
                    b.instOffset = (t & PcodeTraits.OFFSET_FIELD) != 0 ? 0 : off1 << 8 | off0;
                    b.bind(PcodeName.ADDR, new BoundOperand(BoundOperand.ADDRESS, 0, 0));
                    BoundOperand vdst = has("VDST") ? vgprOperand((int) field("VDST"), 32) : null;
                    if (vdst != null) {
                        b.bind(PcodeName.RETURN_DATA, vdst);
                        b.bindIfAbsent(PcodeName.VDST, vdst);
                    }
                    b.bind(PcodeName.DATA, BoundOperand.vgpr((int) field("DATA0")));
                    b.bind(PcodeName.DATA0, BoundOperand.vgpr((int) field("DATA0")));
                    b.bind(PcodeName.DATA1, BoundOperand.vgpr((int) field("DATA1")));
                }
                case "FLAT", "FLAT_GLOBAL", "FLAT_GLBL", "FLAT_SCRATCH", "VGLOBAL", "VFLAT", "VSCRATCH" -> {
                    boolean scratch = family.contains("SCRATCH");
                    boolean global = family.contains("GL");
                    b.memKind = scratch ? BoundInstruction.MEM_SCRATCH : global ? BoundInstruction.MEM_GLOBAL
                            : BoundInstruction.MEM_FLAT;
                    String addrField = has("ADDR") ? "ADDR" : "VADDR";
                    b.addrReg = (int) field(addrField);
                    String offField = has("OFFSET") ? "OFFSET" : "IOFFSET";
                    b.instOffset = global || scratch || target.dialect() == Dialect.GFX12 ? signedField(offField)
                            : field(offField);
                    int s = has("SADDR") ? (int) field("SADDR") : 0x7F;
                    b.saddr = nullSgpr(s) ? -1 : s;
                    b.useVaddr = has("SVE") ? field("SVE") != 0 : b.saddr < 0 || !scratch;
                    b.bind(PcodeName.OFFSET, BoundOperand.constant(b.instOffset));
                    b.bind(PcodeName.ADDR, new BoundOperand(BoundOperand.ADDRESS, 0, 0));
                    BoundOperand vdst = has("VDST") ? BoundOperand.vgpr((int) field("VDST")) : null;
                    BoundOperand data = has("DATA") ? BoundOperand.vgpr((int) field("DATA"))
                            : has("VSRC") ? BoundOperand.vgpr((int) field("VSRC")) : null;
                    boolean loads = false;
                    for (int i = 0; i < isa.operandCount(v); i++) {
                        if ("VDST".equals(isa.operandField(v, i))
                                && (isa.operandFlags(v, i) & InstructionSet.OUT) != 0) {
                            loads = true;
                        }
                    }
                    if (loads) {
                        b.bind(PcodeName.VDATA, vdst);
                        b.bind(PcodeName.RETURN_DATA, vdst);
                    } else if (data != null) {
                        b.bind(PcodeName.VDATA, data);
                    }
                    if (data != null) {
                        b.bind(PcodeName.DATA, data);
                    }
                }
                case "MUBUF", "MTBUF", "VBUFFER" -> {
                    b.memKind = BoundInstruction.MEM_BUFFER;
                    b.addrReg = (int) field("VADDR");
                    // SRSRC (GFX9-11) counts SGPR quads; GFX12 VBUFFER's 9-bit RSRC is the first SGPR itself.
                    b.rsrc = has("SRSRC") ? (int) field("SRSRC") * 4 : (int) field("RSRC");
                    int so = (int) field("SOFFSET");
                    b.soffset = nullSgpr(so) ? -1 : so;
                    if (so >= 128) {
                        // An inline constant SOFFSET (GFX9+ allow them).
                        b.soffset = -2 - (int) Operands.inlineConstant(so, 32, false);
                    }
                    b.instOffset = field(has("OFFSET") ? "OFFSET" : "IOFFSET");
                    b.idxen = has("IDXEN") && field("IDXEN") != 0;
                    b.offen = has("OFFEN") && field("OFFEN") != 0;
                    if (has("DFMT") && has("NFMT")) {
                        b.dfmt = (int) field("DFMT");
                        b.nfmt = (int) field("NFMT");
                    } else if (has("FORMAT") && b.name.startsWith("TBUFFER_")) {
                        // GFX10+ MTBUF; GFX12's VBUFFER has the field in every buffer instruction, but only TBUFFER
                        // reads it (BUFFER_*_FORMAT_* take the descriptor's).
                        b.unifiedFormat = (int) field("FORMAT");
                    }
                    b.formatLoad = b.name.contains("LOAD_FORMAT");
                    b.d16 = b.name.contains("FORMAT_D16");
                    if (has("LDS") && field("LDS") != 0) {
                        throw new UnsupportedInstruction(b.name, "buffer loads into LDS are not modelled");
                    }
                    BoundOperand vdata = BoundOperand.vgpr((int) field("VDATA"));
                    b.bind(PcodeName.VDATA, vdata);
                    b.bind(PcodeName.DATA, vdata);
                    b.bind(PcodeName.RETURN_DATA, vdata);
                    b.bind(PcodeName.ADDR, new BoundOperand(BoundOperand.ADDRESS, 0, 0));
                }
                case "SMEM" -> {
                    b.memKind = BoundInstruction.MEM_SCALAR;
                    b.addrReg = (int) field("SBASE") * 2;
                    if (has("IMM") && field("IMM") == 0) {
                        b.offsetSgpr = (int) (field("OFFSET") & 0x7F);
                    } else {
                        b.instOffset = signedField(has("OFFSET") ? "OFFSET" : "IOFFSET");
                    }
                    if (has("SOFFSET")) {
                        boolean soe = !has("SOFFSET_EN") || field("SOFFSET_EN") != 0;
                        int so = (int) field("SOFFSET");
                        b.soffset = soe && !nullSgpr(so) && !(has("IMM") && field("IMM") == 0) ? so : -1;
                    }
                    b.bind(PcodeName.ADDR, new BoundOperand(BoundOperand.ADDRESS, 0, 0));
                }
                default -> { }
            }
        }

        /** DPP16 (GFX10+) and DPP (GFX9) lane selection; the controls LLVM documents. */
        private void bindDpp() {
            int ctrl = (int) field("DPP_CTRL");
            boolean gfx9 = target.dialect() == Dialect.GFX9;
            boolean ok = ctrl <= 0xFF || ctrl >= 0x101 && ctrl <= 0x10F || ctrl >= 0x111 && ctrl <= 0x11F
                    || ctrl >= 0x121 && ctrl <= 0x12F || ctrl == 0x140 || ctrl == 0x141
                    || gfx9 && (ctrl == 0x130 || ctrl == 0x134 || ctrl == 0x138 || ctrl == 0x13C
                            || ctrl == 0x142 || ctrl == 0x143)
                    || !gfx9 && ctrl >= 0x150 && ctrl <= 0x16F;
            if (!ok) {
                throw new UnsupportedInstruction(b.name, "DPP control 0x" + Integer.toHexString(ctrl)
                        + " is not modelled");
            }
            b.dppCtrl = ctrl;
            b.rowMask = has("ROW_MASK") ? (int) field("ROW_MASK") : 0xF;
            b.bankMask = has("BANK_MASK") ? (int) field("BANK_MASK") : 0xF;
            b.boundCtrl = has("BOUND_CTRL") && field("BOUND_CTRL") != 0;
            b.fetchInactive = has("FI") && field("FI") != 0;
        }

        /** VOP3/VOP3P input and output modifiers. */
        private void bindModifiers() {
            boolean vop3p = family.startsWith("VOP3P");
            boolean vop3 = family.startsWith("VOP3") && !vop3p;
            if (!vop3 && !vop3p) {
                return;
            }
            long absBits = has("ABS") ? field("ABS") : 0;
            long negBits = has("NEG") ? field("NEG") : 0;
            long negHi = has("NEG_HI") ? field("NEG_HI") : 0;
            long opsel = has("OP_SEL") ? field("OP_SEL") : 0;
            long opselHi = has("OP_SEL_HI") ? field("OP_SEL_HI") : vop3p ? 7 : 0;
            PcodeName[] srcs = {PcodeName.S0, PcodeName.S1, PcodeName.S2};
            for (int i = 0; i < 3; i++) {
                BoundOperand o = b.get(srcs[i]);
                if (o == null || b.sparse && i == 2) {
                    continue; // an SMFMAC's SRC2 holds index bits: no modifiers, no packed half selection
                }
                BoundOperand m = copyOf(o);
                if (vop3p && pairTypedAsF64(o)) {
                    if ((opsel >>> i & 1) != 0 || (negBits >>> i & 1) != 0 || (negHi >>> i & 1) != 0) {
                        throw new UnsupportedInstruction(b.name, "OP_SEL/NEG on an operand the spec types as one f64"
                                + " (a packed f32 pair?) are not modelled");
                    }
                    m.denorm = BoundOperand.DENORM_UNKNOWN;
                    b.bind(srcs[i], m);
                    bindSrcField(i, m);
                    continue;
                }
                if (vop3p) {
                    if (o.floatBits == -16 || o.size == 16 || o.floatBits == 0 && o.size == 32 && isPacked(i)) {
                        m.packedSel = (int) ((opsel >>> i & 1) | (opselHi >>> i & 1) << 1);
                        m.negLo = o.floatBits != 0 && (negBits >>> i & 1) != 0;
                        m.negHi = o.floatBits != 0 && (negHi >>> i & 1) != 0;
                    } else if (o.floatBits > 0) {
                        m.neg = (negBits >>> i & 1) != 0;
                    }
                } else {
                    if (o.floatBits > 0) {
                        m.abs = (absBits >>> i & 1) != 0;
                        m.neg = (negBits >>> i & 1) != 0;
                    }
                    if (o.size == 16 && (opsel >>> i & 1) != 0 && o.kind == BoundOperand.VGPR) {
                        m.high = true;
                    }
                }
                if (m.hasInputModifiers() && m.kind == BoundOperand.MASK) {
                    continue;
                }
                b.bind(srcs[i], m);
                bindSrcField(i, m);
            }
            BoundOperand d = b.get(PcodeName.D0);
            if (d != null && d.kind == BoundOperand.VGPR) {
                long omod = has("OMOD") ? field("OMOD") : 0;
                boolean clamp = has("CLAMP") && field("CLAMP") != 0;
                boolean highDst = vop3 && d.size == 16 && (opsel >>> 3 & 1) != 0;
                if (omod != 0 || clamp || highDst) {
                    BoundOperand m = copyOf(d);
                    m.omod = (int) omod;
                    m.clamp = clamp;
                    m.high = highDst;
                    if (m.floatBits == 0 && integerClamp(clamp, omod)) {
                        m.clamp = false;
                    }
                    if (clamp && vop3p && pairTypedAsF64(m)) {
                        throw new UnsupportedInstruction(b.name, "clamp on a result the spec types as one f64 (a packed"
                                + " f32 pair?) is not modelled");
                    }
                    if (omod != 0 && m.floatBits < 0) {
                        throw new UnsupportedInstruction(b.name, "an output modifier on a packed result is not"
                                + " modelled");
                    }
                    if (clamp && m.floatBits < 0 && m.denorm != BoundOperand.DENORM_PK_F16
                            && m.denorm != BoundOperand.DENORM_PK_F32) {
                        throw new UnsupportedInstruction(b.name, "clamp on a packed bf16 result is not modelled");
                    }
                    b.bind(PcodeName.D0, m);
                    b.bind(PcodeName.VDST, m);
                }
            }
        }

        /**
         * An integer destination's CLAMP/OMOD: CLAMP runs the text's saturating variant where it has one
         * ({@code PcodeTraits.INT_CLAMP}, true returned: the float clamp does not apply); anything else is refused.
         */
        private boolean integerClamp(boolean clamp, long omod) {
            if (omod != 0 || clamp && !b.saturatesUnderClamp) {
                throw new UnsupportedInstruction(b.name, omod != 0 ? "an output modifier on an integer result is not"
                        + " modelled" : "integer clamp is modelled only for texts whose integer arithmetic flows"
                        + " straight into their results (this one has no saturating reading)");
            }
            b.intClamp = clamp;
            return clamp;
        }

        /**
         * A V_PK_ operand the spec types as one f64: CDNA 5's reconstructed spec types V_PK_ADD/MUL/FMA_F32's operands
         * FMT_NUM_F64 (CDNA 2-4: FMT_NUM_PK2_F32). Without modifiers the texts read both dwords right; a modifier or a
         * flushing MODE would be applied to one f64 and give a wrong pair, so they are refused.
         */
        private boolean pairTypedAsF64(BoundOperand o) {
            return o.floatBits == 64 && b.name.startsWith("V_PK_");
        }

        private boolean isPacked(int i) {
            return isa.operandFormat(v, i).contains("PK");
        }

        private BoundOperand copyOf(BoundOperand o) {
            return copyOf(o, o.kind);
        }

        /** {@link #copyOf(BoundOperand)} in register file {@code kind} (a VGPR tuple's AGPR twin). */
        private BoundOperand copyOf(BoundOperand o, int kind) {
            BoundOperand m = new BoundOperand(kind, o.index, o.value);
            m.size = o.size;
            m.floatBits = o.floatBits;
            m.denorm = o.denorm;
            m.high = o.high;
            m.writeIndex = o.writeIndex;
            return m;
        }
    }

    // ---- execution -------------------------------------------------------------------------------------------

    /** The {@link PcodeContext} bound to one wave and one instruction while it runs. Reused; allocation-free. */
    private final class Context implements PcodeContext {
        private Wave w;
        private int[] vf;
        private int ws;
        private int nv;
        private BoundInstruction b;
        private int lane;
        private int srcLane;
        private boolean srcZero;
        private final long[] masks = new long[8];
        private final boolean[] maskWritten = new boolean[8];
        private boolean pcWritten;
        private long newPc;
        /** VOPD: the X half's held-back result for the current lane. */
        private boolean pendingSet;
        private int pendingReg;
        private int pendingValue;
        private long laneAddr;
        private long laneIndex;
        private long laneOffset;
        private int segment;
        private final BufferResource rsrc = new BufferResource();

        void run(Wave wave, BoundInstruction bi) {
            b = bi;
            flushing = false;
            if (bi.floatOp && (wave.mode() & 0xFF) != FpMode.MODE_IEEE_DEFAULT) {
                denormalModes(bi, wave.mode());
            }
            w = wave;
            vf = wave.vgprFile();
            ws = wave.waveSize();
            nv = wave.numVgprs();
            b = bi;
            pcWritten = false;
            BoundOperand[] ms = bi.masks;
            for (int i = 0; i < ms.length; i++) {
                masks[i] = 0;
                maskWritten[i] = false;
            }
            if (bi.memKind == BoundInstruction.MEM_BUFFER) {
                int r = bi.rsrc;
                rsrc.decode(target.dialect(), w.sgpr(r), w.sgpr(r + 1), w.sgpr(r + 2), w.sgpr(r + 3));
            }
            PcodeOp op = bi.op;
            if (bi.matrix && (wave.waveSize() != (bi.wmma ? 32 : 64) || wave.exec() != wave.laneMask())) {
                throw new UnsupportedInstruction(bi.name, (bi.wmma ? "WMMA outside a wave32" : "MFMA outside a wave64")
                        + " with every lane enabled is not modelled (EXEC 0x" + Long.toHexString(wave.exec()) + ")");
            }
            if (bi.perLane) {
                long exec = w.exec();
                for (long m = exec; m != 0; m &= m - 1) {
                    lane = Long.numberOfTrailingZeros(m);
                    if (bi.dppCtrl >= 0 && !dppLane(bi, exec)) {
                        continue;
                    }
                    if (bi.memKind != BoundInstruction.MEM_NONE) {
                        laneAddress();
                    }
                    op.execute(this);
                    BoundInstruction y = bi.dualY;
                    if (y != null) {
                        b = y;
                        try {
                            y.op.execute(this);
                        } finally {
                            b = bi;
                        }
                        if (pendingSet) {
                            pendingSet = false;
                            vf[pendingReg * ws + lane] = pendingValue;
                        }
                    }
                }
                for (int i = 0; i < ms.length; i++) {
                    if (maskWritten[i]) {
                        w.writeLaneMask(ms[i].writeIndex, masks[i]);
                    }
                }
            } else {
                lane = 0;
                if (bi.memKind != BoundInstruction.MEM_NONE) {
                    laneAddress();
                }
                op.execute(this);
            }
            if (pcWritten) {
                w.branch(newPc);
            }
        }

        /**
         * Selects the DPP source lane of {@link #lane} into {@link #srcLane}; false when the lane does not execute
         * (row/bank mask, or an invalid source without BOUND_CTRL). An invalid source with BOUND_CTRL reads 0.
         */
        private boolean dppLane(BoundInstruction bi, long exec) {
            if (bi.dppCtrl == BoundInstruction.DPP8) {
                // No row/bank masks and no out-of-range sources; an inactive source reads 0 unless FI is set.
                int src = (lane & ~7) | (bi.dpp8Sel >>> 3 * (lane & 7) & 7);
                srcLane = src;
                srcZero = !bi.fetchInactive && (exec >>> src & 1) == 0;
                return true;
            }
            if ((bi.rowMask >>> (lane >>> 4) & 1) == 0 || (bi.bankMask >>> (lane >>> 2 & 3) & 1) == 0) {
                return false;
            }
            int c = bi.dppCtrl;
            int row = lane & ~15;
            int l = lane & 15;
            int src;
            if (c <= 0xFF) {
                src = (lane & ~3) | (c >>> (2 * (lane & 3)) & 3);
            } else if (c <= 0x10F) {
                src = l + (c & 15) < 16 ? lane + (c & 15) : -1;
            } else if (c <= 0x11F) {
                src = l >= (c & 15) ? lane - (c & 15) : -1;
            } else if (c <= 0x12F) {
                src = row | (l - (c & 15) & 15);
            } else if (c == 0x130) {
                src = lane + 1 < ws ? lane + 1 : -1;
            } else if (c == 0x134) {
                src = (lane + 1) % ws;
            } else if (c == 0x138) {
                src = lane - 1;
            } else if (c == 0x13C) {
                src = (lane + ws - 1) % ws;
            } else if (c == 0x140) {
                src = row | 15 - l;
            } else if (c == 0x141) {
                src = (lane & ~7) | 7 - (lane & 7);
            } else if (c == 0x142) {
                src = row > 0 ? row - 1 : -1; // row_bcast:15: lane 15 of the previous row
            } else if (c == 0x143) {
                src = lane >= 32 ? 31 : -1; // row_bcast:31: lane 31 into rows 2 and 3
            } else if (c <= 0x15F) {
                src = row | (c & 15);
            } else {
                src = row | (l ^ (c & 15));
            }
            if (src >= 0 && (bi.fetchInactive || (exec >>> src & 1) != 0)) {
                srcLane = src;
                srcZero = false;
                return true;
            }
            if (bi.boundCtrl) {
                srcZero = true;
                return true;
            }
            return false;
        }

        private void laneAddress() {
            BoundInstruction bi = b;
            switch (bi.memKind) {
                case BoundInstruction.MEM_GLOBAL -> laneAddr = bi.saddr >= 0
                        ? Addressing.globalSaddr(w.sgpr64(bi.saddr), w.v(bi.addrReg, lane), (int) bi.instOffset)
                        : Addressing.global(w.v64(bi.addrReg, lane), (int) bi.instOffset);
                case BoundInstruction.MEM_FLAT -> {
                    laneAddr = Addressing.flat(w.v64(bi.addrReg, lane), (int) bi.instOffset);
                    segment = Addressing.flatSegment(laneAddr, w);
                }
                case BoundInstruction.MEM_SCRATCH -> laneAddr = Addressing.scratch(
                        bi.saddr >= 0 ? w.sgpr(bi.saddr) : 0, bi.useVaddr ? w.v(bi.addrReg, lane) : 0,
                        (int) bi.instOffset);
                case BoundInstruction.MEM_LDS -> laneAddr = Addressing.ds(w.v(bi.addrReg, lane), (int) bi.instOffset);
                case BoundInstruction.MEM_SCALAR -> {
                    long off = bi.offsetSgpr >= 0 ? w.sgpr(bi.offsetSgpr) & M32 : bi.instOffset;
                    if (bi.soffset >= 0) {
                        off += w.sgpr(bi.soffset) & M32;
                    }
                    laneAddr = (w.sgpr64(bi.addrReg) & 0xFFFFFFFFFFFFL) + off & ~3L;
                }
                case BoundInstruction.MEM_BUFFER -> {
                    int vidx = 0;
                    int voff = 0;
                    if (bi.idxen) {
                        vidx = w.v(bi.addrReg, lane);
                        if (bi.offen) {
                            voff = w.v(bi.addrReg + 1, lane);
                        }
                    } else if (bi.offen) {
                        voff = w.v(bi.addrReg, lane);
                    }
                    int so = bi.soffset >= 0 ? w.sgpr(bi.soffset) : bi.soffset == -1 ? 0 : -2 - bi.soffset;
                    laneIndex = rsrc.index(vidx, bi.idxen, lane);
                    laneOffset = (voff & M32) + bi.instOffset;
                    laneAddr = rsrc.address(so, laneIndex, laneOffset);
                }
                default -> { }
            }
        }

        /** The address a text computed, taken relative to the lane's address (texts type ADDR as 32 bits). */
        private long rebase(long a) {
            return laneAddr + ((a - laneAddr) & M32);
        }

        @Override
        public int laneId() {
            return lane;
        }

        @Override
        public int waveSize() {
            return w.waveSize();
        }

        /** MODE flushes denormals for this instruction: float operands go through {@link #flush}. */
        private boolean flushing;
        /** MODE's f32 and f16/f64 denormal fields while {@link #flushing}. */
        private int denormF32;
        private int denormF64F16;

        /**
         * A float instruction under a MODE other than round-to-nearest-even with denormals allowed: the denormal
         * fields are honoured at the operands (a denormal input read as a zero of its sign when the field's input
         * bit is clear, a denormal result written as a zero of its sign when its output bit is clear, each operand
         * by its own format: f32 by FP_DENORM[1:0], f16 and f64 by FP_DENORM[3:2]); the rounding modes other than
         * nearest even run the texts whose every rounding follows MODE.FP_ROUND (the lowered op reads
         * {@link #floatRounding()}) without an output modifier; the other texts under such a mode, the
         * class/frexp instructions (which inspect denormals themselves) and bf16/fp8 formats are refused.
         */
        private void denormalModes(BoundInstruction bi, int mode) {
            if ((mode & 0xF) != 0) {
                if (!bi.followsRoundingMode) {
                    throw new UnsupportedInstruction(bi.name, "MODE 0x" + Integer.toHexString(mode & 0xFF)
                            + " asks for a rounding mode other than round-to-nearest-even, and this instruction's"
                            + " text has a rounding (division, square root, a transcendental, ldexp, a bf16/fp8"
                            + " result, ...) that the lowering does not make follow MODE");
                }
                for (BoundOperand o : bi.names) {
                    if (o != null && o.omod != 0) {
                        throw new UnsupportedInstruction(bi.name, "MODE 0x" + Integer.toHexString(mode & 0xFF)
                                + " asks for a directed rounding, and how the output modifier (omod) rounds under"
                                + " it is not modelled");
                    }
                }
            }
            if (bi.name.contains("CLASS") || bi.name.contains("FREXP")) {
                throw new UnsupportedInstruction(bi.name, "MODE 0x" + Integer.toHexString(mode & 0xFF)
                        + " flushes denormals, and how this instruction treats a flushed input is not modelled");
            }
            for (BoundOperand o : bi.names) {
                if (o != null && o.denorm == BoundOperand.DENORM_UNKNOWN) {
                    throw new UnsupportedInstruction(bi.name, "MODE 0x" + Integer.toHexString(mode & 0xFF)
                            + " flushes denormals, and how it applies to this instruction's bf16/fp8 operands is not"
                            + " modelled");
                }
            }
            denormF32 = FpMode.denormF32(mode);
            denormF64F16 = FpMode.denormF64F16(mode);
            flushing = true;
        }

        /** {@code x} (the operand's whole value) with a denormal replaced by a zero of its sign if MODE says so. */
        private long flush(BoundOperand o, long x, boolean output) {
            int field = o.denorm == BoundOperand.DENORM_F32 || o.denorm == BoundOperand.DENORM_PK_F32 ? denormF32
                    : denormF64F16;
            if ((field & (output ? 2 : 1)) != 0) {
                return x;
            }
            switch (o.denorm) {
                case BoundOperand.DENORM_F32:
                    return (x & 0x7F80_0000L) == 0 ? x & ~0x7FFF_FFFFL : x;
                case BoundOperand.DENORM_F16:
                    return (x & 0x7C00L) == 0 ? x & ~0x7FFFL : x;
                case BoundOperand.DENORM_PK_F16:
                    x = (x & 0x7C00L) == 0 ? x & ~0x7FFFL : x;
                    return (x & 0x7C00_0000L) == 0 ? x & ~0x7FFF_0000L : x;
                case BoundOperand.DENORM_PK_F32:
                    x = (x & 0x7F80_0000L) == 0 ? x & ~0x7FFF_FFFFL : x;
                    return (x & 0x7F80_0000_0000_0000L) == 0 ? x & ~0x7FFF_FFFF_0000_0000L : x;
                case BoundOperand.DENORM_F64:
                    return (x & 0x7FF0_0000_0000_0000L) == 0 ? x & 0x8000_0000_0000_0000L : x;
                default:
                    return x;
            }
        }

        @Override
        public long read(PcodeName name, int lo, int width) {
            BoundOperand o = b.names[name.ordinal()];
            if (o == null) {
                throw new UnsupportedInstruction(b.name, "its text reads " + name + ", which this encoding does not bind");
            }
            if (flushing && o.denorm != BoundOperand.DENORM_NONE && lo < 64) {
                long whole = flush(o, o.plain ? raw(o, 0, Math.min(64, Math.max(o.size, 32))) : modified(o), false);
                long bits = whole >>> lo;
                return width >= 64 ? bits : bits & ((1L << width) - 1);
            }
            if (o.kind == BoundOperand.VGPR && o.plain && lo + width <= 32) {
                // The common case: (part of) one VGPR of the current lane.
                int reg = o.index;
                if (reg >= nv) {
                    throw new IllegalRegister("VGPR", reg, "this wave has " + nv + " VGPRs");
                }
                long x = (vf[reg * ws + lane] & M32) >>> lo;
                return width == 32 ? x : x & ((1L << width) - 1);
            }
            long bits;
            if (!o.plain && lo < 64) {
                bits = modified(o) >>> lo;
            } else {
                bits = raw(o, lo, width);
            }
            return width >= 64 ? bits : bits & ((1L << width) - 1);
        }

        /** Bits {@code lo..} of an operand, at least {@code width} of them valid. */
        private long raw(BoundOperand o, int lo, int width) {
            switch (o.kind) {
                case BoundOperand.VGPR: {
                    int reg = o.index + (lo >>> 5);
                    int sh = lo & 31;
                    int l = lane;
                    if (o.dpp) {
                        if (srcZero) {
                            return 0;
                        }
                        l = srcLane;
                    }
                    long x = w.v(reg, l) & M32;
                    if (sh + width > 32) {
                        x |= (long) w.v(reg + 1, l) << 32;
                        if (sh + width > 64) {
                            return x >>> sh | (long) w.v(reg + 2, l) << (64 - sh);
                        }
                    }
                    return x >>> sh;
                }
                case BoundOperand.AGPR: {
                    int reg = o.index + (lo >>> 5);
                    int sh = lo & 31;
                    long x = w.a(reg, lane) & M32;
                    if (sh + width > 32) {
                        x |= (long) w.a(reg + 1, lane) << 32;
                        if (sh + width > 64) {
                            return x >>> sh | (long) w.a(reg + 2, lane) << (64 - sh);
                        }
                    }
                    return x >>> sh;
                }
                case BoundOperand.SGPR: {
                    int reg = o.index + (lo >>> 5);
                    int sh = lo & 31;
                    long x = w.sgpr(reg) & M32;
                    if (sh + width > 32) {
                        x |= (long) w.sgpr(reg + 1) << 32;
                        if (sh + width > 64) {
                            return x >>> sh | (long) w.sgpr(reg + 2) << (64 - sh);
                        }
                    }
                    return x >>> sh;
                }
                case BoundOperand.CONST:
                    return lo >= 64 ? 0 : o.value >>> lo;
                case BoundOperand.MASK:
                    return lo >= 64 ? 0 : w.readLaneMask(o.index) >>> lo;
                case BoundOperand.SCC:
                    return lo == 0 ? w.sccBit() : 0;
                case BoundOperand.PC:
                    return lo >= 64 ? 0 : w.pc() >>> lo;
                case BoundOperand.ADDRESS:
                    return lo >= 64 ? 0 : laneAddr >>> lo;
                default:
                    return lo >= 64 ? 0 : w.scalarSrc64(o.index, 0, false) >>> lo;
            }
        }

        /** The whole operand (up to 64 bits) with its input modifiers applied. */
        private long modified(BoundOperand o) {
            long x = raw(o, 0, Math.min(64, Math.max(o.size, 32)));
            if (o.high) {
                x = x >>> 16 & 0xFFFF;
            }
            if (o.sdwaSel >= 0) {
                int sh = o.sdwaSel < 4 ? 8 * o.sdwaSel : 16 * (o.sdwaSel - 4);
                int w = o.sdwaSel < 4 ? 8 : 16;
                x = x >>> sh & ((1L << w) - 1);
                if (o.sext) {
                    x = x << (64 - w) >> (64 - w) & M32;
                }
            }
            if (o.packedSel >= 0 && o.size == 64) {
                // a packed f32 pair (V_PK_FMA_F32, V_PK_MUL_F32, V_PK_ADD_F32): OP_SEL/OP_SEL_HI pick dwords
                long lo32 = (o.packedSel & 1) != 0 ? x >>> 32 : x & M32;
                long hi32 = (o.packedSel & 2) != 0 ? x >>> 32 : x & M32;
                if (o.negLo) {
                    lo32 ^= 0x8000_0000L;
                }
                if (o.negHi) {
                    hi32 ^= 0x8000_0000L;
                }
                return lo32 | hi32 << 32;
            }
            if (o.packedSel >= 0) {
                long lo16 = (o.packedSel & 1) != 0 ? x >>> 16 & 0xFFFF : x & 0xFFFF;
                long hi16 = (o.packedSel & 2) != 0 ? x >>> 16 & 0xFFFF : x & 0xFFFF;
                if (o.negLo) {
                    lo16 ^= 0x8000;
                }
                if (o.negHi) {
                    hi16 ^= 0x8000;
                }
                return lo16 | hi16 << 16;
            }
            if (o.floatBits > 0) {
                long sign = 1L << (o.floatBits - 1);
                if (o.abs) {
                    x &= ~sign;
                }
                if (o.neg) {
                    x ^= sign;
                }
            }
            return x;
        }

        @Override
        public void write(PcodeName name, int lo, int width, long bits) {
            BoundOperand o = b.names[name.ordinal()];
            if (o == null) {
                throw new UnsupportedInstruction(b.name, "its text writes " + name + ", which this encoding does not bind");
            }
            if (!o.plain) {
                if (o.omod != 0 || o.clamp) {
                    bits = outputModifiers(o, bits, width);
                }
                if (flushing && o.denorm != BoundOperand.DENORM_NONE) {
                    bits = flushResult(o, lo, width, bits);
                }
                if (o.high) {
                    lo += 16;
                }
                if (o.deferred) {
                    deferWrite(o, lo, width, bits);
                    return;
                }
                if (o.dstSel >= 0) {
                    bits = sdwaPlace(o, lo, bits);
                    lo = 0;
                    width = 32;
                }
            } else if (flushing && o.denorm != BoundOperand.DENORM_NONE) {
                bits = flushResult(o, lo, width, bits);
            }
            if (o.kind == BoundOperand.VGPR && lo == 0 && width == 32) {
                int reg = o.index;
                if (reg >= nv) {
                    throw new IllegalRegister("VGPR", reg, "this wave has " + nv + " VGPRs");
                }
                vf[reg * ws + lane] = (int) bits;
                return;
            }
            switch (o.kind) {
                case BoundOperand.VGPR, BoundOperand.AGPR, BoundOperand.SGPR ->
                        writeRegs(o.index, lo, width, bits, o.kind);
                case BoundOperand.MASK -> {
                    if (b.perLane && o.maskSlot >= 0 && lo == 0 && width >= 32 && (bits & ~1L) == 0) {
                        // "VCC = 0x1LL" in a per-lane text (V_DIV_SCALE): the lane's flag, not the whole mask.
                        lo = lane;
                        width = 1;
                    }
                    long m = width >= 64 ? -1L : (1L << width) - 1;
                    if (name == PcodeName.D1 && lo == 0 && width == 1) {
                        lo = lane; // {D1.u1, D0} = ...: the lane's carry-out bit of the SDST mask
                    }
                    if (b.perLane && o.maskSlot >= 0) {
                        int s = o.maskSlot;
                        masks[s] = masks[s] & ~(m << lo) | (bits & m) << lo;
                        maskWritten[s] = true;
                    } else {
                        long old = w.readLaneMask(o.writeIndex);
                        w.writeLaneMask(o.writeIndex, old & ~(m << lo) | (bits & m) << lo);
                    }
                }
                case BoundOperand.SCC -> w.setScc((bits & 1) != 0);
                case BoundOperand.PC -> {
                    pcWritten = true;
                    newPc = bits;
                }
                default -> throw new UnsupportedInstruction(b.name, "its text writes " + name + " (" + o
                        + "), which cannot be written");
            }
        }

        /**
         * A float result with MODE's output flush applied: a whole f32/f16/f64 value, or one or both halves of a
         * packed f16 pair; a part of a wider value written alone is left as written.
         */
        private long flushResult(BoundOperand o, int lo, int width, long bits) {
            if (o.denorm == BoundOperand.DENORM_PK_F16 && lo == 16 && width == 16) {
                return flush(o, bits << 16, true) >>> 16;
            }
            if (o.denorm == BoundOperand.DENORM_PK_F32 && lo == 32 && width == 32) {
                return flush(o, bits << 32, true) >>> 32;
            }
            if (lo != 0 || width < (o.denorm == BoundOperand.DENORM_F64 ? 64
                    : o.denorm == BoundOperand.DENORM_F32 || o.denorm == BoundOperand.DENORM_PK_F32 ? 32 : 16)) {
                return bits;
            }
            return flush(o, bits, true);
        }

        /** A VOPD X result, held back until the Y half of the same lane has read its sources. */
        private void deferWrite(BoundOperand o, int lo, int width, long bits) {
            if (o.kind != BoundOperand.VGPR || lo + width > 32) {
                throw new UnsupportedInstruction(b.name, "a VOPD result wider than one VGPR");
            }
            int old = pendingSet ? pendingValue : get(o.index, BoundOperand.VGPR);
            int m = (int) ((width == 32 ? M32 : (1L << width) - 1) << lo);
            pendingValue = old & ~m | (int) (bits << lo) & m;
            pendingReg = o.index;
            pendingSet = true;
        }

        /** The SDWA destination dword: the result's low byte/word at DST_SEL, the other bits per DST_UNUSED. */
        private long sdwaPlace(BoundOperand o, int lo, long bits) {
            if (lo != 0) {
                throw new UnsupportedInstruction(b.name, "an SDWA result written in parts");
            }
            int sel = o.dstSel;
            int sh = sel < 4 ? 8 * sel : 16 * (sel - 4);
            int w = sel < 4 ? 8 : 16;
            long part = bits & ((1L << w) - 1);
            long out = part << sh;
            if (o.dstUnused == 1 && (part >>> (w - 1) & 1) != 0) {
                out |= M32 & ~((1L << (sh + w)) - 1);
            } else if (o.dstUnused == 2) {
                out |= get(o.index, BoundOperand.VGPR) & M32 & ~(((1L << w) - 1) << sh);
            }
            return out;
        }

        /** Writes bits {@code lo..} of the register tuple at {@code base} of file {@code kind} (VGPR, AGPR, SGPR). */
        private void writeRegs(int base, int lo, int width, long bits, int kind) {
            int reg = base + (lo >>> 5);
            int sh = lo & 31;
            if (sh == 0 && width == 64) {
                put(reg, (int) bits, kind);
                put(reg + 1, (int) (bits >>> 32), kind);
                return;
            }
            int done = 0;
            while (done < width) {
                int n = Math.min(32 - sh, width - done);
                int mask = (int) ((n == 32 ? M32 : (1L << n) - 1) << sh);
                int val = (int) (bits >>> done << sh) & mask;
                put(reg, n == 32 ? val : get(reg, kind) & ~mask | val, kind);
                done += n;
                reg++;
                sh = 0;
            }
        }

        /** One register of the current lane (VGPR, AGPR) or one SGPR, by {@link BoundOperand} kind. */
        private int get(int reg, int kind) {
            if (kind == BoundOperand.VGPR) {
                if (reg >= nv) {
                    throw new IllegalRegister("VGPR", reg, "this wave has " + nv + " VGPRs");
                }
                return vf[reg * ws + lane];
            }
            return kind == BoundOperand.AGPR ? w.a(reg, lane) : w.sgpr(reg);
        }

        private void put(int reg, int value, int kind) {
            if (kind == BoundOperand.VGPR) {
                if (reg >= nv) {
                    throw new IllegalRegister("VGPR", reg, "this wave has " + nv + " VGPRs");
                }
                vf[reg * ws + lane] = value;
            } else if (kind == BoundOperand.AGPR) {
                w.setA(reg, lane, value);
            } else {
                w.setSgpr(reg, value);
            }
        }

        private long outputModifiers(BoundOperand o, long bits, int width) {
            switch (o.floatBits) {
                case 32 -> {
                    double d = Float.intBitsToFloat((int) bits);
                    d = omod(d, o.omod);
                    if (o.clamp) {
                        d = clamp01(d);
                    }
                    return Float.floatToRawIntBits((float) d) & M32;
                }
                case 64 -> {
                    double d = omod(Double.longBitsToDouble(bits), o.omod);
                    return Double.doubleToRawLongBits(o.clamp ? clamp01(d) : d);
                }
                case 16 -> {
                    double d = omod(io.github.amdisa.runtime.pcode.PcodeFloat.f16(bits), o.omod);
                    return io.github.amdisa.runtime.pcode.PcodeFloat.f16Bits(o.clamp ? clamp01(d) : d);
                }
                case -16 -> {
                    return packedClamp(o, bits, width);
                }
                default -> throw new UnsupportedInstruction(b.name, "output modifiers on this type are not modelled");
            }
        }

        /**
         * CLAMP on a packed f16 or f32 result: each half written is clamped to [0, 1] on its own (a NaN half becomes
         * +0, as the scalar clamp). Packed bf16 and writes of other widths are refused.
         */
        private long packedClamp(BoundOperand o, long bits, int width) {
            if (o.denorm == BoundOperand.DENORM_PK_F16 && (width == 16 || width == 32)) {
                long out = 0;
                for (int sh = 0; sh < width; sh += 16) {
                    double d = clamp01(io.github.amdisa.runtime.pcode.PcodeFloat.f16(bits >>> sh & 0xFFFF));
                    out |= io.github.amdisa.runtime.pcode.PcodeFloat.f16Bits(d) << sh;
                }
                return out;
            }
            if (o.denorm == BoundOperand.DENORM_PK_F32 && (width == 32 || width == 64)) {
                long out = 0;
                for (int sh = 0; sh < width; sh += 32) {
                    double d = clamp01(Float.intBitsToFloat((int) (bits >>> sh)));
                    out |= (Float.floatToRawIntBits((float) d) & M32) << sh;
                }
                return out;
            }
            throw new UnsupportedInstruction(b.name, "clamp on this packed result is not modelled");
        }

        private double omod(double d, int omod) {
            return switch (omod) {
                case 1 -> d * 2;
                case 2 -> d * 4;
                case 3 -> d * 0.5;
                default -> d;
            };
        }

        private double clamp01(double d) {
            return Double.isNaN(d) ? 0 : Math.max(0.0, Math.min(1.0, d));
        }

        /**
         * The format of a typed buffer access: an MTBUF instruction's DFMT/NFMT, else the descriptor's
         * DATA_FORMAT/NUM_FORMAT (GFX9, CDNA 1-4; {@link io.github.amdisa.runtime.pcode.BufferFormat#gfx9}); on GFX10+
         * the instruction's or descriptor's unified FORMAT, read as the DATA_FORMAT/NUM_FORMAT pair its name gives.
         * Refused: formats with packed or reserved codes, a load whose DST_SEL is not X, Y, Z, W, and D16 loads of
         * formats that convert to floats (the texts keep the low 16 bits of the f32).
         */
        @Override
        public io.github.amdisa.runtime.pcode.BufferFormat bufferFormat() {
            if (b.memKind != BoundInstruction.MEM_BUFFER) {
                throw new UnsupportedInstruction(b.name, "a buffer format outside a buffer instruction");
            }
            int dfmt;
            int nfmt;
            if (target.dialect() == io.github.amdisa.runtime.Dialect.GFX9) {
                dfmt = b.dfmt >= 0 ? b.dfmt : rsrc.dataFormat();
                nfmt = b.dfmt >= 0 ? b.nfmt : rsrc.numFormat();
            } else {
                // GFX10+: a unified FORMAT code (the instruction's for TBUFFER, else the descriptor's), read as the
                // DATA_FORMAT/NUM_FORMAT pair it names.
                int code = b.unifiedFormat >= 0 ? b.unifiedFormat : rsrc.format();
                int split = io.github.amdisa.runtime.syntax.MemoryModifiers.splitFromUnified(target.dialect(), code);
                if (split < 0) {
                    throw new UnsupportedInstruction(b.name, "buffer FORMAT " + code + " is not modelled (invalid or"
                            + " reserved)");
                }
                dfmt = split & 0xF;
                nfmt = split >>> 4;
            }
            io.github.amdisa.runtime.pcode.BufferFormat f = io.github.amdisa.runtime.pcode.BufferFormat.gfx9(dfmt, nfmt);
            if (f == null) {
                throw new UnsupportedInstruction(b.name, "buffer DATA_FORMAT " + dfmt + " / NUM_FORMAT " + nfmt
                        + " is not modelled (invalid, reserved or packed)");
            }
            if (b.formatLoad && (rsrc.dstSel(0) != 4 || rsrc.dstSel(1) != 5 || rsrc.dstSel(2) != 6
                    || rsrc.dstSel(3) != 7)) {
                throw new UnsupportedInstruction(b.name, "a typed buffer load whose DST_SEL is not X, Y, Z, W is not"
                        + " modelled");
            }
            if (b.d16 && f.number() != io.github.amdisa.runtime.pcode.BufferFormat.Number.UINT
                    && f.number() != io.github.amdisa.runtime.pcode.BufferFormat.Number.SINT) {
                throw new UnsupportedInstruction(b.name, "a D16 typed buffer access of a " + f.number()
                        + " format is not modelled");
            }
            return f;
        }

        @Override
        public long readField(PcodeName name, String field) {
            if (name == PcodeName.INST && b.sparse && (field.equals("CBSZ") || field.equals("ABID"))) {
                return field.equals("CBSZ") ? b.cbsz : b.abid;
            }
            if (name == PcodeName.WAVE_MODE || name == PcodeName.MODE) {
                switch (field) {
                    case "IEEE" -> {
                        return (w.mode() & io.github.amdisa.runtime.fp.FpMode.MODE_IEEE) != 0 ? 1 : 0;
                    }
                    case "DX10_CLAMP" -> {
                        return (w.mode() & io.github.amdisa.runtime.fp.FpMode.MODE_DX10_CLAMP) != 0 ? 1 : 0;
                    }
                    case "CSP" -> {
                        // GCN/CDNA MODE[31:29]: the fork/join conditional stack pointer (S_CBRANCH_*_FORK, _JOIN).
                        return (w.mode() >>> 29) & 7;
                    }
                    case "SCALAR_PREFETCH_EN" -> {
                        // Only S_PREFETCH_* read it, to decide whether to issue a prefetch, which has no
                        // architectural effect; the wave has no caches to warm, so prefetching reads as disabled.
                        return 0;
                    }
                    default -> { }
                }
            }
            if (name == PcodeName.TADDR && b.memKind == BoundInstruction.MEM_BUFFER && field.length() == 1
                    && "XYZW".contains(field)) {
                // RDNA 1-3.5 typed buffer texts: MEM[TADDR.X] is component X's address (the buffer address plus
                // the component's byte offset in the format, ChannelOffsetX() of the other texts).
                return laneAddr + bufferFormat().componentOffset("XYZW".indexOf(field));
            }
            if (name == PcodeName.WAVE_STATUS && field.equals("PRIV")) {
                // STATUS[5], privileged mode: S_SETREG's writable-bit mask depends on it.
                return w.status() >>> 5 & 1;
            }
            throw new UnsupportedInstruction(b.name, "register field " + name + "." + field + " is not modelled");
        }

        @Override
        public void writeField(PcodeName name, String field, long bits) {
            if ((name == PcodeName.WAVE_MODE || name == PcodeName.MODE) && field.equals("CSP")) {
                w.setMode(w.mode() & 0x1FFFFFFF | (int) (bits & 7) << 29);
                return;
            }
            throw new UnsupportedInstruction(b.name, "register field " + name + "." + field + " is not modelled");
        }

        @Override
        public long loadMem(long addr, int width) {
            switch (b.memKind) {
                case BoundInstruction.MEM_GLOBAL, BoundInstruction.MEM_SCALAR:
                    return load(global(), rebase(addr), width);
                case BoundInstruction.MEM_BUFFER: {
                    long a = rebase(addr);
                    if (rsrc.outOfRange(laneIndex, laneOffset + (a - laneAddr), width / 8)) {
                        return 0;
                    }
                    return load(global(), a, width);
                }
                case BoundInstruction.MEM_LDS:
                    return load(lds(), addr & M32, width);
                case BoundInstruction.MEM_SCRATCH:
                    return loadScratch(addr & M32, width);
                case BoundInstruction.MEM_FLAT: {
                    long a = rebase(addr);
                    return switch (segment) {
                        case Addressing.SEGMENT_LDS -> load(lds(), a & M32, width);
                        case Addressing.SEGMENT_PRIVATE -> loadScratch(a & M32, width);
                        default -> load(global(), a, width);
                    };
                }
                default:
                    throw new UnsupportedInstruction(b.name, "its text reads MEM[] but the encoding has no memory");
            }
        }

        @Override
        public void storeMem(long addr, int width, long bits) {
            switch (b.memKind) {
                case BoundInstruction.MEM_GLOBAL, BoundInstruction.MEM_SCALAR -> store(global(), rebase(addr), width, bits);
                case BoundInstruction.MEM_BUFFER -> {
                    long a = rebase(addr);
                    if (!rsrc.outOfRange(laneIndex, laneOffset + (a - laneAddr), width / 8)) {
                        store(global(), a, width, bits);
                    }
                }
                case BoundInstruction.MEM_LDS -> store(lds(), addr & M32, width, bits);
                case BoundInstruction.MEM_SCRATCH -> storeScratch(addr & M32, width, bits);
                case BoundInstruction.MEM_FLAT -> {
                    long a = rebase(addr);
                    switch (segment) {
                        case Addressing.SEGMENT_LDS -> store(lds(), a & M32, width, bits);
                        case Addressing.SEGMENT_PRIVATE -> storeScratch(a & M32, width, bits);
                        default -> store(global(), a, width, bits);
                    }
                }
                default -> throw new UnsupportedInstruction(b.name, "its text writes MEM[] but the encoding has no memory");
            }
        }

        private Memory global() {
            Memory m = w.memory();
            if (m == null) {
                throw new MemoryFault("No global memory is attached to the wave", laneAddr, 0, false);
            }
            return m;
        }

        private Memory lds() {
            Memory m = w.lds();
            if (m == null) {
                throw new MemoryFault("No LDS is attached to the wave", laneAddr, 0, false);
            }
            return m;
        }

        private Scratch scratch() {
            Scratch s = w.scratch();
            if (s == null) {
                throw new MemoryFault("No scratch memory is attached to the wave", laneAddr, 0, false);
            }
            return s;
        }

        private long load(Memory m, long a, int width) {
            return switch (width) {
                case 8 -> m.load8(a);
                case 16 -> m.load16(a);
                case 32 -> m.load32(a) & M32;
                case 64 -> m.load64(a);
                default -> throw new UnsupportedInstruction(b.name, "a " + width + "-bit memory access");
            };
        }

        private void store(Memory m, long a, int width, long bits) {
            switch (width) {
                case 8 -> m.store8(a, (int) bits);
                case 16 -> m.store16(a, (int) bits);
                case 32 -> m.store32(a, (int) bits);
                case 64 -> m.store64(a, bits);
                default -> throw new UnsupportedInstruction(b.name, "a " + width + "-bit memory access");
            }
        }

        private long loadScratch(long a, int width) {
            Scratch s = scratch();
            return switch (width) {
                case 8 -> s.load8(lane, a);
                case 16 -> s.load16(lane, a);
                case 32 -> s.load32(lane, a) & M32;
                case 64 -> s.load64(lane, a);
                default -> throw new UnsupportedInstruction(b.name, "a " + width + "-bit memory access");
            };
        }

        private void storeScratch(long a, int width, long bits) {
            Scratch s = scratch();
            switch (width) {
                case 8 -> s.store8(lane, a, (int) bits);
                case 16 -> s.store16(lane, a, (int) bits);
                case 32 -> s.store32(lane, a, (int) bits);
                case 64 -> s.store64(lane, a, bits);
                default -> throw new UnsupportedInstruction(b.name, "a " + width + "-bit memory access");
            }
        }

        @Override
        public long readVgpr(int l, int reg, int width) {
            long x = w.v(reg, l) & M32;
            return width > 32 ? x | (long) w.v(reg + 1, l) << 32 : width == 32 ? x : x & ((1L << width) - 1);
        }

        @Override
        public void writeVgpr(int l, int reg, int width, long bits) {
            w.setV(reg, l, (int) bits);
            if (width > 32) {
                w.setV(reg + 1, l, (int) (bits >>> 32));
            }
        }

        @Override
        public long readSgpr(int index, int width) {
            long x = w.sgpr(index) & M32;
            return width > 32 ? x | (long) w.sgpr(index + 1) << 32 : width == 32 ? x : x & ((1L << width) - 1);
        }

        @Override
        public void writeSgpr(int index, int width, long bits) {
            w.setSgpr(index, (int) bits);
            if (width > 32) {
                w.setSgpr(index + 1, (int) (bits >>> 32));
            }
        }

        @Override
        public long readLane(PcodeName name, int l, int lo, int width) {
            int saved = lane;
            lane = l;
            try {
                return read(name, lo, width);
            } finally {
                lane = saved;
            }
        }

        @Override
        public void writeLane(PcodeName name, int l, int lo, int width, long bits) {
            int saved = lane;
            lane = l;
            try {
                write(name, lo, width, bits);
            } finally {
                lane = saved;
            }
        }

        @Override
        public long roundMode() {
            return io.github.amdisa.runtime.fp.FpMode.roundF64F16(w.mode());
        }

        @Override
        public int floatRounding() {
            return w.mode() & 0xF;
        }

        @Override
        public boolean intClamp() {
            return b.intClamp;
        }

        @Override
        public long hwRegWriteMask(long id, long priv) {
            if (id == 1) {
                // HW_REG_MODE is the wave's user-writable mode register: S_SETREG may change every field.
                return M32;
            }
            throw new UnsupportedInstruction(b.name, "writable bits of hardware register " + id + " are not modelled");
        }

        @Override
        public long readHwReg(int id) {
            return switch (id) {
                case 1 -> w.mode() & M32;
                case 2 -> w.status() & M32;
                case 3 -> w.trapsts() & M32;
                default -> throw new UnsupportedInstruction(b.name, "hardware register " + id + " is not modelled");
            };
        }

        @Override
        public void writeHwReg(int id, long bits) {
            switch (id) {
                case 1 -> w.setMode((int) bits);
                case 2 -> w.setStatus((int) bits);
                case 3 -> w.setTrapsts((int) bits);
                default -> throw new UnsupportedInstruction(b.name, "hardware register " + id + " is not modelled");
            }
        }

        @Override
        public long address(AddressKind kind, long... args) {
            if (kind == AddressKind.DS) {
                long a = args.length > 0 ? args[0] : 0;
                long o0 = args.length > 1 ? args[1] : 0;
                long o1 = args.length > 2 ? args[2] : 0;
                return a + o0 + (o1 << 8) & M32;
            }
            if (b.memKind == BoundInstruction.MEM_NONE) {
                throw new UnsupportedInstruction(b.name, "address calculation " + kind + " without a memory encoding");
            }
            return laneAddr;
        }
    }
}
