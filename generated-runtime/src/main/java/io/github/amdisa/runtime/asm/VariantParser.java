package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.LlvmSyntax;
import io.github.amdisa.runtime.syntax.AsmCursor;
import io.github.amdisa.runtime.syntax.DelayAlu;
import io.github.amdisa.runtime.syntax.DepCtr;
import io.github.amdisa.runtime.syntax.DsSwizzle;
import io.github.amdisa.runtime.syntax.Expr;
import io.github.amdisa.runtime.syntax.GprIdx;
import io.github.amdisa.runtime.syntax.UcVersion;
import io.github.amdisa.runtime.syntax.Dpp;
import io.github.amdisa.runtime.syntax.HwReg;
import io.github.amdisa.runtime.syntax.MemoryModifiers;
import io.github.amdisa.runtime.syntax.Operand;
import io.github.amdisa.runtime.syntax.InlineConstants;
import io.github.amdisa.runtime.syntax.OperandType;
import io.github.amdisa.runtime.syntax.RegisterKind;
import io.github.amdisa.runtime.syntax.Registers;
import io.github.amdisa.runtime.syntax.Sdwa;
import io.github.amdisa.runtime.syntax.SendMsg;
import io.github.amdisa.runtime.syntax.SourceOperands;
import io.github.amdisa.runtime.syntax.Symbols;
import io.github.amdisa.runtime.syntax.Vop3Modifiers;
import io.github.amdisa.runtime.syntax.Waitcnt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the operands and modifiers of one statement as one variant: the inverse of the codec printer
 * ({@code runtime.codec.LlvmSyntax}), operand by operand, from the same tables (operand fields, types, formats,
 * sizes, value names) and with the same {@code runtime.syntax} parsers that the printer's rules are checked
 * against. The result is a field assignment; the {@link Assembler} encodes it and verifies it by printing.
 */
final class VariantParser {

    /** Resolves a symbol used as a branch target to a SIMM16 value, or returns null if it is unknown. */
    interface Labels {
        Long resolve(String name, int statementStart);
    }

    /**
     * A source operand's literal that holds a relocatable expression (llvm-mc's literal fixup), from the last
     * successful {@link #parse}.
     *
     * @param value the expression
     * @param wide  whether the literal is gfx1250's 64-bit one
     * @param at    where the operand starts in the statement
     */
    record Relocatable(Expr value, boolean wide, int at) {
    }

    /** The relocatable literal of the last {@link #parse} that returned, or null. */
    private Relocatable relocatable;

    private final InstructionSet isa;
    private final Target target;
    private final CheckedEncoder encoder;
    private final int waveSize;
    private final Map<String, Map<String, Long>> namedValues = new HashMap<>();
    private final boolean gfx9;
    private final boolean true16;
    /** Per variant, its operand slots for a statement that writes every operand (filled on first use). */
    private final Slot[][] slotCache;
    /** Per variant, the index in {@link #slotCache} of an atomic's return destination, or -1. */
    private final int[] atomicDestination;
    /** Per variant, what every parse of it asks about its encoding and instruction (filled on first use). */
    private final Shape[] shapes;
    /** Per operand type, its value names of numbered registers as arrays ({@link #registerNames}). */
    private final Map<String, RegisterNames> registerNames = new HashMap<>();

    /**
     * Per variant, how many operands the printer writes for the instance with every field zero (-1: not yet
     * known): a trailing immediate may be left out of a statement only where the printer leaves it out too
     * ({@code s_endpgm}, {@code s_barrier}), not where LLVM's syntax has it ({@code s_mulk_i32 s30, 0},
     * {@code s_sethalt 0}: llvm-mc-22 says "too few operands for instruction").
     */
    private final int[] printedOperands;
    private final java.util.function.IntUnaryOperator printedOperandCount;
    /** The scalar reads of the statement being parsed (VALU instructions only). */
    private final ConstantBus bus;
    /** Per variant: 0 not yet known, 1 no, 2 one of LLVM's LDS-DMA loads ({@link LlvmSyntax#ldsDmaLoad}). */
    private final byte[] ldsDma;
    /** Per variant: 0 not yet known, else {@link #MODS_KNOWN} and the {@code *_OK} bits of {@link #vop3Mods(Ctx)}. */
    private final byte[] vop3Mods;
    private static final int MODS_KNOWN = 1;
    private static final int OMOD_OK = 2;
    private static final int CLAMP_OK = 4;
    private static final int OPSEL_OK = 8;

    VariantParser(InstructionSet isa, Target target, CheckedEncoder encoder, int waveSize, boolean true16) {
        this(isa, target, encoder, waveSize, true16, v -> 0);
    }

    /**
     * @param printedOperandCount per variant, the number of operands the printer writes for its all-zero instance
     */
    VariantParser(InstructionSet isa, Target target, CheckedEncoder encoder, int waveSize, boolean true16,
                  java.util.function.IntUnaryOperator printedOperandCount) {
        this.printedOperandCount = printedOperandCount;
        this.printedOperands = new int[isa.variantCount()];
        java.util.Arrays.fill(printedOperands, -1);
        this.isa = isa;
        this.target = target;
        this.encoder = encoder;
        this.waveSize = waveSize;
        this.gfx9 = isa.llvmTarget().startsWith("gfx9");
        this.true16 = true16;
        this.slotCache = new Slot[isa.variantCount()][];
        this.atomicDestination = new int[isa.variantCount()];
        this.shapes = new Shape[isa.variantCount()];
        this.ldsDma = new byte[isa.variantCount()];
        this.vop3Mods = new byte[isa.variantCount()];
        this.bus = new ConstantBus(target);
    }

    /**
     * One operand slot in printed order, with the classification of its field and type computed once. A slot belongs
     * to one variant (the {@link #slotCache} entry, or one parse for the slots made per statement), so what it
     * remembers of that variant ({@link #fieldMax}, {@link #valueType}, ...) is computed on first use and kept.
     */
    private static final class Slot {
        private static final long UNKNOWN = Long.MIN_VALUE;

        final int operand;
        final String field;
        final String type;
        final int size;
        final int flags;
        final String special;
        final boolean literal;
        final boolean sourceType;
        final boolean sourceField;
        /** {@link CheckedEncoder#fieldMax} of the field, or {@link #UNKNOWN}. */
        long fieldMax = UNKNOWN;
        /** {@link #valueType(Ctx, Slot)}, or null. */
        OperandType valueType;
        /** {@link LlvmSyntax#laneMask} of the operand: 0 not yet known, 1 no, 2 yes. */
        byte laneMask;
        /** {@link #literalBits(Ctx, Slot)}, or -1. */
        int literalBits = -1;
        /** The value names of the operand type's numbered registers, or null. */
        RegisterNames names;

        Slot(int operand, String field, String type, int size, int flags, String special) {
            this.operand = operand;
            this.field = field;
            this.type = type;
            this.size = size;
            this.flags = flags;
            this.special = special;
            this.literal = literalField(field);
            this.sourceType = isSource(type);
            this.sourceField = VariantParser.sourceField(field);
        }
    }

    /** The memoized per-slot facts: each computed as before, once per slot. */
    private long fieldMax(Ctx c, Slot s) {
        long max = s.fieldMax;
        if (max == Slot.UNKNOWN) {
            max = encoder.fieldMax(c.v, s.field);
            s.fieldMax = max;
        }
        return max;
    }

    private OperandType slotValueType(Ctx c, Slot s) {
        OperandType t = s.valueType;
        if (t == null) {
            t = valueType(c, s);
            s.valueType = t;
        }
        return t;
    }

    private boolean laneMask(Ctx c, Slot s) {
        if (s.laneMask == 0) {
            s.laneMask = LlvmSyntax.laneMask(isa, c.v, s.operand) ? (byte) 2 : (byte) 1;
        }
        return s.laneMask == 2;
    }

    private int slotLiteralBits(Ctx c, Slot s) {
        int bits = s.literalBits;
        if (bits < 0) {
            bits = literalBits(c, s);
            s.literalBits = bits;
        }
        return bits;
    }

    /**
     * Per variant, what the parses of it ask about its encoding family, kind and fields, computed once: the
     * classifications {@link Ctx} used to compute per statement.
     */
    private static final class Shape {
        final String family;
        final String kind;
        final String name;
        final boolean vopShort;
        final boolean vop3;
        final boolean buffer;
        final boolean global;
        final boolean scratch;
        final boolean interpAttr;
        final boolean valu;
        /** The constant bus limit (VALU variants only). */
        final int busLimit;
        final boolean vopdxy;
        /** An image encoding (MIMG, VIMAGE, VSAMPLE). */
        final boolean image;
        /** A source may be a literal: the encoding has a literal field, or it is a VOPD half. */
        final boolean literalForm;
        /** GFX12 image address fields (VADDR0...). */
        final boolean vaddr0;
        /** The SRC0 marker code {@link #markers} sets, or -1. */
        final long marker;

        Shape(VariantParser p, int v) {
            InstructionSet isa = p.isa;
            CheckedEncoder encoder = p.encoder;
            this.family = isa.encodingFamily(v);
            this.kind = isa.variantKind(v);
            this.name = isa.instructionName(v);
            this.vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
            this.vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
            this.buffer = family.equals("MUBUF") || family.equals("MTBUF") || family.equals("VBUFFER");
            this.global = family.startsWith("FLAT_GL") || family.equals("VGLOBAL") || family.equals("FLAT")
                    || family.equals("VFLAT");
            this.scratch = family.startsWith("FLAT_SCR") || family.equals("VSCRATCH");
            this.interpAttr = vop3 && LlvmSyntax.vop3InterpAttribute(isa, v);
            this.valu = vopShort || vop3 || family.startsWith("VOP3P");
            this.busLimit = valu ? p.target.constantBusLimit(name) : 0;
            this.vopdxy = family.equals("VOPDXY");
            this.image = family.contains("MIMG") || family.equals("VIMAGE") || family.equals("VSAMPLE");
            this.literalForm = encoder.hasField(v, "LITERAL") || encoder.hasField(v, "SIMM32")
                    || encoder.hasField(v, "SIMM64") || vopdxy;
            this.vaddr0 = encoder.hasField(v, "VADDR0");
            this.marker = marker(isa, encoder, v, kind);
        }

        /** The SRC0 marker codes of DPP, DPP8 and SDWA encodings, set unless SRC0 is an operand. */
        private static long marker(InstructionSet isa, CheckedEncoder encoder, int v, String kind) {
            if (!encoder.hasField(v, "SRC0") || !encoder.hasField(v, "VSRC0")) {
                return -1;
            }
            for (int i = 0; i < isa.operandCount(v); i++) {
                if ("SRC0".equals(isa.operandField(v, i))) {
                    return -1;
                }
            }
            return switch (kind) {
                case "DPP16", "DPP" -> 250L;
                case "DPP8" -> 233L;
                case "SDWA" -> 249L;
                default -> -1;
            };
        }
    }

    private Shape shape(int v) {
        Shape shape = shapes[v];
        if (shape == null) {
            shape = new Shape(this, v);
            shapes[v] = shape;
        }
        return shape;
    }

    /**
     * Parses {@code text[start, end)} (the operands and modifiers after the mnemonic) as variant {@code v}.
     *
     * @return the fields, in the order set
     * @throws AsmSyntaxException located in {@code text} for anything the variant cannot take
     */
    Map<String, Long> parse(int v, CharSequence text, int start, int end, Labels labels) {
        return parse(v, text, start, end, labels, null);
    }

    /**
     * Like {@link #parse(int, CharSequence, int, int, Labels)}, reading symbol names in expressions: absolute ones
     * as numbers, relocatable ones in a source literal ({@link #relocatable()}) or as a branch target (resolved by
     * {@code labels}).
     *
     * @param symbols the symbols, or null to read numbers only
     */
    Map<String, Long> parse(int v, CharSequence text, int start, int end, Labels labels, Symbols symbols) {
        relocatable = null;
        Ctx c = new Ctx(v);
        if (c.kind.startsWith("DPP") && (c.vop3() || c.family.equals("VOP3P")) && !target.hasVop3Dpp()) {
            // The reconstructed RDNA 1/2 specs list VOP3 DPP encodings; llvm-mc-22 has none before GFX11.
            throw new AsmSyntaxException(start, "e64_dpp variant of this instruction is not supported");
        }
        if (c.valu) {
            // Counted first, so that the explicit operand that exceeds the limit is the one located.
            implicitScalarReads(c, start);
        }
        int count = countOperands(text, start, end);
        List<Slot> slots = slots(c, count, flatSaddr(c, text, start, end, count));
        int ldsAt = ldsDma(v) ? ldsWord(text, start, end) : -1;
        if (ldsAt >= 0) {
            // LLVM's LDS-DMA form writes LDS, not VGPRs: no data operand (buffer_load_dword off, s[4:7], s1 lds;
            // scratch_load_dword off, off offset:8 lds), where llvm-mc-22 rejects one at the lds.
            if (count >= slots.size()) {
                throw new AsmSyntaxException(ldsAt, "invalid operand for instruction");
            }
            slots.removeIf(s -> "VDATA".equals(s.field) || "VDST".equals(s.field));
            c.ldsForm = true;
        }
        AsmCursor cur = new AsmCursor(text, start, end, symbols);
        Map<String, Long> f = c.fields;
        markers(c);
        if (c.family.equals("VOPC") && slots.size() == count + 1 && slots.get(0).field == null
                && "OPR_VCC".equals(slots.get(0).type)) {
            // llvm-mc-22 takes a VOPC e32/DPP compare without its implicit vcc destination (v_cmp_eq_u32 v1, v2).
            slots.remove(0);
        } else if (c.family.equals("VOP2") && count < slots.size() && slots.size() - count == implicitVcc(slots)
                && (!c.gfx9() || !c.kind.startsWith("DPP") && !c.kind.equals("SDWA"))) {
            // ... and a VOP2 e32 form without all of its implicit vcc operands (v_cndmask_b32 v5, v1, v2;
            // v_add_co_ci_u32 v5, v1, v2 on gfx1030), though not without only some of them; from GFX10 on also
            // the DPP and SDWA forms (gfx908 rejects v_cndmask_b32_dpp v5, v1, v2 quad_perm:[0,1,2,3]).
            slots.removeIf(s -> s.field == null && "OPR_VCC".equals(s.type));
        }
        while (slots.size() > count && optionalTrailing(slots.get(slots.size() - 1))
                && slots.size() > printedOperands(v)) {
            // LLVM omits a trailing immediate that is zero (s_endpgm) or that its syntax lacks (s_barrier).
            slots.remove(slots.size() - 1);
        }
        if (slots.isEmpty()) {
            count = 0;
        }
        if (c.family.equals("MTBUF") && c.has("DFMT") && count > slots.size()) {
            count -= legacyFormatItems(text, start, end, count);
        }
        if (slots.size() == 1 && slots.get(0).type.equals("OPR_WAITCNT") && count > 1) {
            // s_waitcnt's counters may be separated by commas (s_waitcnt vmcnt(0), lgkmcnt(0)): one operand.
            count = 1;
        }
        // Exports: the target is separated from the first source by a blank, not a comma (exp mrt0 v1, v2, ...).
        boolean exportTarget = !slots.isEmpty() && slots.get(0).type.equals("OPR_TGT") && count > 0;
        if (exportTarget) {
            count++;
        }
        if (count > slots.size() && !slots.isEmpty() && counterList(c, slots.get(slots.size() - 1))) {
            // s_waitcnt and depctr counters may be separated by commas (s_waitcnt vmcnt(0), lgkmcnt(0);
            // s_waitcnt_depctr depctr_va_vdst(1), depctr_vm_vsrc(1)), as llvm-mc-22 accepts: one operand.
            count = slots.size();
        }
        if (slots.size() != count) {
            if (count > slots.size() && slots.size() > 0) {
                // Point at the first surplus operand.
                int at = nthOperand(text, start, end, slots.size());
                throw new AsmSyntaxException(at, "invalid operand for instruction");
            }
            throw new AsmSyntaxException(start, "too few operands for instruction");
        }
        for (int k = 0; k < slots.size(); k++) {
            if (k > 0 && !(exportTarget && k == 1)) {
                cur.expectChar(',');
            }
            operand(c, slots.get(k), cur, labels);
        }
        modifiers(c, cur);
        f8f6f4Widths(c);
        if (c.family.equals("DS") && c.name.startsWith("DS_GWS_") && c.has("GDS")
                && c.fields.getOrDefault("GDS", 0L) == 0) {
            // The global wave sync instructions work on GDS: LLVM's syntax ends with gds, which sets the bit
            // (llvm-mc-22 rejects ds_gws_init v1 without it: "too few operands for instruction").
            throw new AsmSyntaxException(start, "too few operands for instruction");
        }
        if (c.vdataDwords > 0 && c.vdataDwords != c.vdataRegs + (c.fields.getOrDefault("TFE", 0L) != 0 ? 1 : 0)) {
            throw new AsmSyntaxException(c.vdataAt, "invalid operand for instruction");
        }
        if (c.scratch && target.dialect() == io.github.amdisa.runtime.Dialect.GFX10 && c.scratchVaddr == 0
                && c.saddrOff) {
            // GFX10 scratch without any address (scratch_load_dword v1, off, off) is LLVM's ST mode, SADDR 0x7f:
            // gfx1030's flat-scratch-st-mode, and on gfx1010 only the LDS-DMA form (llvm-mc-22: "operands are not
            // valid for this GPU or mode").
            if (target != Target.GFX1030 && !c.ldsForm) {
                throw new AsmSyntaxException(start, "operands are not valid for this GPU or mode");
            }
            c.fields.put("SADDR", 0x7fL);
        }
        if (c.scratch && c.gfx9() && !target.isGfx940() && c.scratchVaddr >= 0 && c.has("SADDR")
                && (c.scratchVaddr == 1) == (c.fields.getOrDefault("SADDR", 0x7fL) != 0x7f)) {
            // gfx908/gfx90a scratch: the address is a VGPR exactly when SADDR is off (no SVE bit before gfx940).
            throw new AsmSyntaxException(start, "operands are not valid for this GPU or mode");
        }
        if (exportTarget && c.fields.getOrDefault("COMPR", 0L) != 0) {
            throw new AsmSyntaxException(start, "compressed exports are not supported by the amdisa assembler");
        }
        if (c.valu) {
            bus.verify();
        }
        if (c.vaddrDwords > 0) {
            // A global/flat VGPR address is 64-bit without an SGPR base and a 32-bit offset with one; a scratch
            // address is 32-bit (llvm-mc-22 rejects global_load_dword v1, v[2:3], s[0:1], global_load_dword v1, v2,
            // off and scratch_load_dword v1, v[2:3], off on gfx90a, gfx1030 and gfx1200).
            long saddr = c.fields.getOrDefault("SADDR", -1L);
            boolean base = saddr >= 0 && saddr != 0x7f && saddr != target.nullEncoding();
            int expected = c.scratch || base ? 1 : 2;
            if (c.vaddrDwords != expected) {
                throw new AsmSyntaxException(c.vaddrAt, "invalid operand for instruction");
            }
        }
        if (c.dataFiles == 3) {
            // One ACC bit selects the register file of every data operand: llvm-mc-22 rejects ds_and_rtn_b32 a1, v2,
            // v3 and global_atomic_add a1, v[2:3], v4, off glc on gfx90a ("invalid operand for instruction").
            throw new AsmSyntaxException(start, "invalid operand for instruction");
        }
        atomicReturnBit(c, start);
        imageAddressSize(c, start);
        defaults(c);
        packedF32ScalarHalves(c, start);
        imageDmask(c, start);
        mfmaAccumulatorOverlap(c, start);
        relocatable = c.relocatable;
        return f;
    }

    /**
     * The relocatable literal of the last {@link #parse} that returned normally.
     *
     * @return the literal, or null if the statement has none
     */
    Relocatable relocatable() {
        return relocatable;
    }

    /** Per-parse state. */
    private final class Ctx {
        final int v;
        final String family;
        final String kind;
        final String name;
        final Map<String, Long> fields = new LinkedHashMap<>();
        int srcIndex;
        int anySource;
        long literal;
        boolean hasLiteral;
        /** Registers and position of an F8F6F4 matrix's A and B tuples ({@link #f8f6f4Matrix}); 0 if none. */
        final int[] matrixRegs = new int[2];
        final int[] matrixAt = new int[2];
        int literalAt;
        /** The source literal that holds a relocatable expression, or null. */
        Relocatable relocatable;
        /** A scratch address operand: -1 none seen, 0 off, 1 a VGPR. */
        int scratchVaddr = -1;
        /** A buffer load/store's data registers as written, the spec's count, and where (0: none). */
        int vdataDwords;
        int vdataRegs;
        int vdataAt;
        /** A global/scratch SGPR base written {@code off}. */
        boolean saddrOff;
        /** The LDS-DMA form: the statement ends with {@code lds} and has no data operand. */
        boolean ldsForm;
        /** Width in dwords of a global/scratch VGPR address (0: none), and where it was written. */
        int vaddrDwords;
        int vaddrAt;
        /** Register files of the data operands of a gfx90a+ memory instruction: 1 a VGPR seen, 2 an AGPR seen. */
        int dataFiles;
        /** Bit k: source k is a scalar register (codes below 128). */
        int scalarSources;
        /** The address dwords of a GFX10+ image instruction as written (0: none), whether as a list, and where. */
        int imageAddrDwords;
        boolean imageAddrList;
        int imageAddrAt;
        /** A FLAT/global atomic written with its return destination (1), without it (0); -1 for other variants. */
        int atomicReturn = -1;

        private final boolean vopShort;
        private final boolean vop3;
        /** A VALU instruction, whose scalar reads go through the {@link ConstantBus} (VOPD pairs excepted). */
        final boolean valu;
        final boolean buffer;
        final boolean global;
        final boolean scratch;
        /** {@link LlvmSyntax#vop3InterpAttribute}: SRC0 is written as an attribute, {@code high} sets its bit 8. */
        final boolean interpAttr;
        /** The variant's facts, computed once. */
        final Shape shape;

        Ctx(int v) {
            this.v = v;
            Shape shape = shape(v);
            this.shape = shape;
            this.family = shape.family;
            this.kind = shape.kind;
            this.name = shape.name;
            this.vopShort = shape.vopShort;
            this.vop3 = shape.vop3;
            this.buffer = shape.buffer;
            this.global = shape.global;
            this.scratch = shape.scratch;
            this.interpAttr = shape.interpAttr;
            this.valu = shape.valu;
            if (valu) {
                bus.reset(shape.busLimit);
            }
        }

        boolean has(String field) {
            return encoder.hasField(v, field);
        }

        boolean vopShort() {
            return vopShort;
        }

        boolean vop3() {
            return vop3;
        }

        boolean gfx9() {
            return gfx9;
        }

        boolean true16() {
            return true16;
        }

        void set(String field, long value, int at) {
            if (shape.vopdxy && field.equals("VDSTY") && value >= 0 && value < 256) {
                // The Y destination register; the Assembler stores its upper 7 bits (the VOPD pairing rule).
                fields.put(field, value);
                return;
            }
            // One look-up for both checks (CheckedEncoder.hasField and fits read the same mask).
            long mask = encoder.fieldMask(v, field);
            if (mask == 0) {
                throw new AsmSyntaxException(at, "not a valid operand for this encoding (no field " + field + ")");
            }
            if (!CheckedEncoder.fits(mask, value)) {
                throw new AsmSyntaxException(at, "value " + value + " does not fit field " + field + " of "
                        + isa.encodingName(v) + " (" + name + ")");
            }
            if (literalField(field)) {
                claimLiteral(field, value, at);
            }
            fields.put(field, value);
        }

        /**
         * The literal dword is one field that several operands may name (the spec gives some variants, e.g. a
         * SOPC form of s_set_gpr_idx_on, a literal slot for an operand that is not a source): a second operand
         * must not overwrite a value already there with another, which would drop the first operand's value.
         */
        void claimLiteral(String field, long value, int at) {
            Long old = fields.get(field);
            if (old != null && (old & 0xffffffffL) != (value & 0xffffffffL)) {
                throw new AsmSyntaxException(at, "only one unique literal operand is allowed");
            }
        }

        void or(String field, long bits, int at) {
            set(field, fields.getOrDefault(field, 0L) | bits, at);
        }
    }

    // ------------------------------------------------------------------------------------------------ slots

    /** Operands in the order LLVM prints them, mirroring {@code LlvmSyntax.operands}. */
    private List<Slot> slots(Ctx c, int textCount, boolean flatSaddr) {
        Slot[] all = slotCache[c.v];
        if (all == null) {
            List<Slot> computed = new ArrayList<>();
            atomicDestination[c.v] = allSlots(c, computed);
            all = computed.toArray(new Slot[0]);
            slotCache[c.v] = all;
        }
        List<Slot> out = new ArrayList<>(all.length + 1);
        int vdst = atomicDestination[c.v];
        int total = all.length + (flatSaddr ? 1 : 0);
        for (int i = 0; i < all.length; i++) {
            if (i != vdst || textCount != total - 1) {
                // An atomic without the return bit has no destination in LLVM's syntax.
                out.add(all[i]);
            }
        }
        c.atomicReturn = vdst < 0 ? -1 : textCount != total - 1 ? 1 : 0;
        if (flatSaddr) {
            out.add(new Slot(-1, "SADDR", "OPR_SREG", 64, InstructionSet.IN, null));
        }
        if (all.length == 0 && textCount == 1 && c.name.equals("S_ENDPGM") && c.has("SIMM16")) {
            // LLVM's s_endpgm takes an optional immediate (s_endpgm 5) that the spec does not list as an operand.
            out.add(new Slot(-1, "SIMM16", "OPR_SIMM16", 16, InstructionSet.IN, null));
        }
        return out;
    }

    /**
     * Whether a FLAT statement names an SGPR base address after its other operands (gfx1250; the spec's FLAT
     * operand lists leave it out): its last operand is not a VGPR.
     */
    private boolean flatSaddr(Ctx c, CharSequence text, int start, int end, int count) {
        if (!target.hasFlatSaddr() || count < 2 || !(c.family.equals("FLAT") || c.family.equals("VFLAT"))
                || !c.has("SADDR")) {
            return false;
        }
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ("SADDR".equals(isa.operandField(c.v, i))) {
                return false;
            }
        }
        int p = nthOperand(text, start, end, count - 1);
        return p < end && Character.toLowerCase(text.charAt(p)) != 'v';
    }

    /** LLVM's cache-policy flags, each of which also has a negated {@code no} spelling (noglc, nont, ...). */
    static final java.util.Set<String> CACHE_POLICY_BITS = java.util.Set.of("glc", "slc", "dlc", "scc", "sc0", "sc1",
            "nt");

    /** The cache-policy spellings of the GFX9 targets (all but GFX10's dlc), of which each target takes some. */
    private static final java.util.Set<String> GFX9_CACHE_SPELLINGS = java.util.Set.of("glc", "slc", "scc", "sc0",
            "sc1", "nt");

    /** LLVM's DPP control spellings: each sets the one DPP_CTRL field, so a statement takes only one of them. */
    private static final java.util.Set<String> DPP_CONTROLS = java.util.Set.of("quad_perm", "row_shl", "row_shr",
            "row_ror", "wave_shl", "wave_rol", "wave_shr", "wave_ror", "row_mirror", "row_half_mirror", "row_bcast",
            "row_share", "row_xmask", "row_newbcast", "dpp8");

    /**
     * The name of the modifier at the cursor (the word before its {@code :value}, a flag's word, a negated cache flag
     * as the flag, any DPP control as {@code dpp_ctrl}: llvm-mc-22 rejects row_shl:1 row_shr:1), or null where no
     * word starts; the cursor does not move past it. llvm-mc-22 takes each modifier once: a repeat is "invalid
     * operand for instruction" (offen offen, clamp clamp, offset:4 offset:8, th:... th:..., gds gds) and for a
     * cache-policy flag, set or negated, "duplicate cache policy modifier" (glc glc, glc noglc, slc noslc) on every
     * target that has the flag.
     */
    private static String modifierName(AsmCursor cur) {
        int save = cur.position();
        int end = cur.identifierEnd();
        String word = end == cur.position() ? null
                : cur.text().subSequence(cur.position(), end).toString().toLowerCase(Locale.ROOT);
        cur.position(save);
        if (word != null && word.startsWith("no") && CACHE_POLICY_BITS.contains(word.substring(2))) {
            return word.substring(2);
        }
        return word != null && DPP_CONTROLS.contains(word) ? "dpp_ctrl" : word;
    }

    /**
     * LLVM's GFX10+ image operand checks ({@code validateMIMGDim}, {@code validateMIMGMSAA},
     * {@code validateMIMGAddrSize}), which llvm-mc-22 applies on gfx1010-gfx1250: a dim is required ("missing dim
     * operand"; the ray intersections have none), image_msaa_load takes only the MSAA dims ("invalid dim; must be MSAA
     * type"), and the address dwords written must be those the instruction reads for its dim and a16
     * ({@link LlvmSyntax#imageAddressCount}, with G16 packing as llvm-mc-22 counts it on every GFX10+ target: "image
     * address size does not match dim and a16", "... does not match a16" for the ray intersections). A register
     * range above 12 dwords is 16 wide, and an 8-dword range stands for 5 to 7 addresses (LLVM's compatibility with
     * assembly written before the 160/192/224-bit classes). amdisa had encoded image_load v[1:4], v2, s[4:11]
     * dmask:0xf dim:SQ_RSRC_IMG_2D (the second coordinate silently v3 or, on GFX12, v0) and taken
     * image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] without a16, which reads v[9:19].
     */
    private void imageAddressSize(Ctx c, int at) {
        if (c.imageAddrDwords == 0 || !target.dialect().isGfx10Plus()) {
            return;
        }
        boolean bvh = c.name.endsWith("_BVH_INTERSECT_RAY") || c.name.endsWith("_BVH64_INTERSECT_RAY");
        if (!bvh && c.has("DIM") && !c.fields.containsKey("DIM")) {
            throw new AsmSyntaxException(at, "missing dim operand");
        }
        int dim = (int) (c.fields.getOrDefault("DIM", 0L) & 7);
        if (c.name.contains("MSAA_LOAD") && dim != 6 && dim != 7) {
            throw new AsmSyntaxException(at, "invalid dim; must be MSAA type");
        }
        int expected = LlvmSyntax.imageAddressCount(c.name, dim, c.fields.getOrDefault("A16", 0L) != 0, true);
        int actual = c.imageAddrDwords;
        if (!c.imageAddrList) {
            if (expected > 12) {
                expected = 16;
            }
            if (actual == 8 && expected >= 5 && expected <= 7) {
                return;
            }
        }
        if (actual != expected) {
            throw new AsmSyntaxException(c.imageAddrAt, bvh ? "image address size does not match a16"
                    : "image address size does not match dim and a16");
        }
    }

    /**
     * A FLAT/global atomic's return bit (GLC, gfx940's SC0, GFX12's TH_ATOMIC_RETURN bit 0 of TH) must be set exactly
     * when the statement writes the return destination, as the printer reads it ({@code LlvmSyntax.skipped}):
     * llvm-mc-22 rejects flat_atomic_cmpswap v0, v[1:2], v[3:4] ("instruction must use glc") and
     * flat_atomic_cmpswap v[1:2], v[3:4] glc ("instruction must not use glc") on gfx908, gfx1030 and gfx1100, and
     * global_atomic_add_u32 v1, v[3:4], v5, off on gfx1200 ("instruction must use th:TH_ATOMIC_RETURN"), where the
     * written destination would otherwise be dropped or a v0 destination invented. GFX12 checks only that side: it
     * takes global_atomic_add_u32 v[3:4], v5, off th:TH_ATOMIC_RETURN (VDST 0).
     */
    private void atomicReturnBit(Ctx c, int at) {
        if (c.atomicReturn < 0) {
            return;
        }
        String bit = c.has("GLC") ? "GLC" : c.has("SC0") ? "SC0" : c.has("TH") ? "TH" : null;
        if (bit == null) {
            return;
        }
        boolean set = (c.fields.getOrDefault(bit, 0L) & 1) != 0;
        String name = bit.equals("TH") ? "th:TH_ATOMIC_RETURN" : target.isGfx940() ? "sc0" : "glc";
        if (set != (c.atomicReturn == 1) && !(set && bit.equals("TH"))) {
            throw new AsmSyntaxException(at, "instruction must " + (set ? "not " : "") + "use " + name);
        }
    }

    /** Every operand slot of the variant into {@code out}; returns the index of an atomic's destination or -1. */
    private int allSlots(Ctx c, List<Slot> out) {
        boolean vccOut = false;
        boolean vccIn = false;
        int vdst = -1;
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            int flags = isa.operandFlags(c.v, i);
            String type = isa.operandType(c.v, i);
            if ((flags & InstructionSet.IMPLICIT) != 0) {
                if (c.vopShort() && type.equals("OPR_VCC")) {
                    vccOut |= (flags & InstructionSet.OUT) != 0;
                    vccIn |= (flags & InstructionSet.IN) != 0 && (flags & InstructionSet.OUT) == 0;
                }
                continue;
            }
            String field = isa.operandField(c.v, i);
            if (c.family.equals("DS") && c.name.contains("_SRC2_") && !"ADDR".equals(field)) {
                // The DS *_src2_* forms take only the address (ds_xor_src2_b32 v1 offset:4 with llvm-mc-22, which
                // rejects ds_xor_src2_b32 v1, v2, v3, v4); the spec lists the generic DS destination and data.
                continue;
            }
            if (c.vop3() && !c.gfx9() && (flags & InstructionSet.OUT) != 0 && (flags & InstructionSet.IN) == 0
                    && c.name.startsWith("V_CMPX")) {
                continue;
            }
            if ("SDST".equals(field) && c.family.equals("VOPC") && c.kind.equals("SDWA") && c.has("SD")
                    && !c.gfx9() && c.name.startsWith("V_CMPX")) {
                continue;
            }
            if ("VDST".equals(field) && atomic(c)) {
                vdst = out.size();
            }
            out.add(new Slot(i, field, type, operandSize(c.v, i), flags, null));
        }
        String vcc = "vcc";
        if (c.family.equals("VOPC")) {
            boolean cmpx = c.name.startsWith("V_CMPX") && !c.gfx9();
            if (!cmpx && !c.kind.equals("SDWA")) {
                out.add(0, new Slot(-1, null, "OPR_VCC", waveSize, 0, vcc));
                if (vdst >= 0) {
                    vdst++;
                }
            }
        } else if (c.vopShort() && vccOut) {
            out.add(Math.min(1, out.size()), new Slot(-1, null, "OPR_VCC", waveSize, 0, vcc));
        }
        if (c.vopShort() && vccIn && !c.family.equals("VOPC")) {
            out.add(new Slot(-1, null, "OPR_VCC", waveSize, 0, vcc));
        }
        return vdst;
    }

    private int printedOperands(int v) {
        int n = printedOperands[v];
        if (n < 0) {
            n = printedOperandCount.applyAsInt(v);
            printedOperands[v] = n;
        }
        return n;
    }

    private static boolean optionalTrailing(Slot s) {
        return s.field != null && (s.type.equals("OPR_SIMM16") || s.field.equals("SIMM16"))
                && (s.flags & InstructionSet.OUT) == 0;
    }

    private static boolean atomic(Ctx c) {
        return (c.family.startsWith("FLAT") || c.family.startsWith("VFLAT") || c.family.equals("VGLOBAL"))
                && c.name.contains("ATOMIC");
    }

    private int operandSize(int v, int i) {
        int size = isa.operandSize(v, i);
        if (LlvmSyntax.laneMask(isa, v, i)) {
            return waveSize;
        }
        if (waveSize != isa.defaultWaveSize()) {
            return new io.github.amdisa.runtime.SyntaxMode(waveSize, true16).waveScaledSize(target,
                    isa.instructionName(v), isa.operandField(v, i), size);
        }
        return size;
    }

    /** The SRC0 marker codes of DPP, DPP8 and SDWA encodings, set unless SRC0 is an operand ({@link Shape#marker}). */
    private void markers(Ctx c) {
        long marker = c.shape.marker;
        if (marker >= 0) {
            c.fields.put("SRC0", marker);
        }
    }

    // ------------------------------------------------------------------------------------------------ operands

    private void operand(Ctx c, Slot s, AsmCursor cur, Labels labels) {
        if ("SOFFSET".equals(s.field) && c.has("DFMT")) {
            legacyFormat(c, cur);
        }
        int at = cur.skipBlanks().position();
        if (s.special != null) {
            Operand op = new Operand();
            // The implicit lane mask is vcc in wave64 and vcc_lo in wave32; llvm-mc rejects the other one.
            if (!Registers.tryParse(cur, target, op) || op.code() != Registers.VCC_LO
                    || op.dwords() != waveSize / 32) {
                throw new AsmSyntaxException(at, "expected " + (waveSize == 64 ? "vcc" : "vcc_lo"));
            }
            return;
        }
        String field = s.field;
        String type = s.type;
        int size = s.size;
        boolean in = (s.flags & InstructionSet.IN) != 0;
        if (c.interpAttr && "SRC0".equals(field)) {
            long[] attr = attributeText(cur, at);
            c.set("SRC0", attr[0] | attr[1] << 6, at);
            return;
        }
        // Literal constants that are operands of their own (MADAK/MADMK K, SOPK 32-bit immediates).
        if (s.literal && type.equals("OPR_SIMM64") && c.kind.equals("LIT64")) {
            // The 64-bit literal form's operand: a source whose value is the 64-bit literal (code 254).
            source(c, s, cur, at, true, false);
            return;
        }
        if (s.literal && !s.sourceType) {
            boolean k16 = c.valu && halfPrecisionResult(c) && !AsmCursor.isIdentifierStart(cur.peek());
            long bits = k16 ? halfConstant(cur, at) : number(cur, c, s);
            if (c.valu || c.family.equals("VOPDXY")) {
                // The MADAK/MADMK/FMAAK/FMAMK constant shares the one literal dword with a literal source:
                // llvm-mc-22 rejects v_fmaak_f32 v19, 0x4d9333cf, v99, 1 and v_dual_fmamk_f32 v6, 0x1234, 0xdead, v5
                // ("only one unique literal operand is allowed"), which the source's literal used to be overwritten
                // for. It is a 32-bit literal on the constant bus (a VOPD pair's bus is counted by the Assembler).
                if (c.hasLiteral && (c.literal & 0xffffffffL) != (bits & 0xffffffffL) || c.relocatable != null) {
                    throw new AsmSyntaxException(at, "only one unique literal operand is allowed");
                }
                c.hasLiteral = true;
                c.literal = bits;
                c.literalAt = at;
                if (c.valu) {
                    bus.literal(32, at);
                }
            }
            c.set(field, bits, at);
            return;
        }
        if ("SDST".equals(field) && c.family.equals("VOPC") && c.kind.equals("SDWA") && c.has("SD")) {
            Operand op = new Operand();
            Registers.parse(cur, target, op);
            if (op.dwords() != waveSize / 32) {
                // A lane mask: an SGPR pair (or vcc) in wave64, one SGPR (or vcc_lo) in wave32.
                throw new AsmSyntaxException(at, "invalid operand for instruction");
            }
            if (op.code() == Registers.VCC_LO && op.kind() == null) {
                c.set("SD", 0, at);
            } else {
                c.set("SD", 1, at);
                c.set("SDST", op.code(), at);
            }
            return;
        }
        if (type.equals("OPR_TGT")) {
            c.set(field, exportTarget(cur, at), at);
            return;
        }
        if (slotsExportSource(c, s)) {
            // An export source: a VGPR, or off (its EN bit stays clear).
            if (!cur.tryWord("off")) {
                Operand op = new Operand();
                Registers.parse(cur, target, op);
                if (op.kind() != RegisterKind.VGPR || op.dwords() > 1) {
                    throw new AsmSyntaxException(at, "expected a VGPR or off");
                }
                c.set(field, op.index(), at);
                c.or("EN", 1L << (field.charAt(4) - '0'), at);
            }
            return;
        }
        if (address(c, s, cur, at)) {
            return;
        }
        if (field != null && (field.equals("SBASE") || field.equals("SRSRC") || field.equals("SSAMP")
                || field.equals("RSRC") || field.equals("SAMP"))) {
            Operand op = new Operand();
            Registers.parse(cur, target, op);
            int regs = Math.max(1, (s.size + 31) / 32);
            boolean image = c.family.contains("MIMG") || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE");
            boolean isNull = op.code() == target.nullEncoding() && op.kind() == null;
            if (s.size > 0 && op.dwords() != regs && !isNull && !(image && c.gfx9() && op.dwords() == 4)) {
                // The base/descriptor is exactly as wide as the spec's operand (s[0:1] for a 64-bit SBASE, not s0;
                // s[0:7] for a GFX10+ image resource): llvm-mc-22 rejects other widths. GFX9 images also take a
                // 128-bit resource (the r128 form). null stands for a base of any width.
                throw new AsmSyntaxException(at, "invalid operand for instruction");
            }
            int div = field.equals("SBASE") ? 2 : field.equals("SRSRC") || field.equals("SSAMP") ? 4 : 1;
            if (op.code() % div != 0) {
                throw new AsmSyntaxException(at, "invalid register alignment");
            }
            c.set(field, op.code() / div, at);
            return;
        }
        if (type.equals("OPR_SMEM_OFFSET")) {
            smemOffset(c, s, cur, at);
            return;
        }
        if ("ATTR".equals(field) && c.has("ATTR_CHAN")) {
            attribute(c, cur, at);
            return;
        }
        if (special(c, s, cur, at)) {
            return;
        }
        if (type.equals("OPR_LABEL")) {
            c.set(field, label(c, cur, at, labels), at);
            return;
        }
        boolean anySource = dppVop3Source(c, type, field);
        if (s.sourceType || anySource || in && s.sourceField) {
            source(c, s, cur, at, in, !anySource && !s.sourceType);
            return;
        }
        if ((AsmCursor.isIdentifierStart(cur.peek()) || cur.peek() == '[') && !symbolAhead(cur)) {
            register(c, s, cur, at);
            return;
        }
        if (type.contains("VGPR") || type.contains("AGPR")) {
            // A vector register operand written as a number (235 for v235): llvm-mc-22 rejects it.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        long value = cur.scanInteger();
        if (field == null) {
            throw new AsmSyntaxException(at, "operand has no field in this encoding");
        }
        c.set(field, value, at);
    }

    /**
     * Whether a symbol name that is not a register comes next, where an operand may be a register or an immediate
     * ({@code s_nop i1}, {@code s_movk_i32 s0, i4*100}): it is then an expression, which must be absolute.
     */
    private boolean symbolAhead(AsmCursor cur) {
        if (cur.symbols() == null || cur.peek() == '[' || !cur.atExpression()) {
            return false;
        }
        int save = cur.position();
        try {
            return !Registers.tryParse(cur, target, new Operand());
        } catch (AsmSyntaxException e) {
            return false; // a malformed register (s1000): reported as one by the register path
        } finally {
            cur.position(save);
        }
    }

    /** {@code SRCn} or {@code VSRCn} (one digit): the fields of source operands. */
    private static boolean sourceField(String field) {
        if (field == null) {
            return false;
        }
        int p = field.startsWith("V") ? 1 : 0;
        return field.length() == p + 4 && field.startsWith("SRC", p) && Character.isDigit(field.charAt(p + 3));
    }

    private static boolean literalField(String field) {
        return field != null && (field.startsWith("LITERAL") || field.startsWith("SIMM32")
                || field.startsWith("SIMM64"));
    }

    /** Operand types whose values are codes of the 9-bit SRC encoding (or its scalar prefix). */
    private static boolean isSource(String type) {
        return type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.startsWith("OPR_SDST")
                || type.startsWith("OPR_SREG");
    }

    private boolean dppVop3Source(Ctx c, String type, String field) {
        return type.equals("OPR_VGPR") && !c.gfx9() && (c.vop3() || c.family.equals("VOP3P"))
                && c.kind.startsWith("DPP") && ("SRC1".equals(field) || "SRC2".equals(field));
    }

    private void source(Ctx c, Slot s, AsmCursor cur, int at, boolean in, boolean vgprOnly) {
        boolean src = in && (s.sourceField || "LITERAL".equals(s.field));
        int k = src ? c.srcIndex++ : -1;
        if (src && c.interpAttr && s.field.startsWith("SRC")) {
            // GFX10 VOP3 interpolation: modifiers by field (the VGPR written first is SRC1); SRC1 is a VGPR
            // (llvm-mc-22 rejects v_interp_p1ll_f16 v5, s1, attr0.x)
            k = s.field.charAt(3) - '0';
            vgprOnly |= k == 1;
        }
        int anyK = in ? c.anySource++ : -1;
        OperandType vt = slotValueType(c, s);
        // A VOPD half takes a literal whatever its variant: the pair then has the literal dword (Assembler).
        boolean literalForm = c.shape.literalForm;
        int flags = literalForm ? (c.kind.equals("LIT64") || target.has64BitLiterals() && !c.vop3()
                ? SourceOperands.ALLOW_LITERAL64 : 0) : SourceOperands.NO_LITERAL;
        int dwords = Math.max(1, (s.size + 31) / 32);
        int matrix = f8f6f4Matrix(c, s.field);
        if (matrix >= 0) {
            flags |= SourceOperands.ANY_WIDTH; // checked against the format in f8f6f4Widths
        }
        Operand op = new Operand();
        if (c.kind.equals("SDWA") && src && !vt.isFloating() && c.has("SRC" + k + "_SEXT")) {
            SourceOperands.parseWithSext(cur, target, vt, dwords, op);
        } else if (src) {
            SourceOperands.parseWithModifiers(cur, target, vt, dwords, flags, op);
        } else {
            SourceOperands.parse(cur, target, vt, dwords, flags, op);
        }
        if (matrix >= 0) {
            int regs = op.dwords();
            if (regs != 0 && regs != dwords && regs != dwords * 3 / 4 && regs != dwords / 2) {
                throw new AsmSyntaxException(at, "invalid operand for instruction");
            }
            c.matrixRegs[matrix] = regs;
            c.matrixAt[matrix] = at;
        }
        int code = op.code();
        long literalValue = op.literal();
        boolean folded = false;
        if (op.expression() != null) {
            relocatableSource(c, vt, k, code, at);
        }
        if ((op.neg() || op.abs()) && k >= 0 && s.size <= 32 && !modifierFields(c, k)
                && (code == InlineConstants.LITERAL || InlineConstants.isInline(code))) {
            // An encoding without source-modifier bits (VOP1/VOP2/VOPC e32): LLVM applies neg/abs to the
            // immediate's bits instead (sign bit of the operand's size), so v_rcp_f32 v1, neg(0.5) is the e32
            // form with the inline constant -0.5 and -|1| is the literal 0x80000001.
            int size = s.size <= 16 ? 16 : 32;
            long mask = size == 32 ? 0xffffffffL : 0xffffL;
            long sign = 1L << (size - 1);
            long bits = code == InlineConstants.LITERAL ? literalValue
                    : code >= InlineConstants.FLOAT_FIRST ? InlineConstants.floatBits(code, vt)
                    : InlineConstants.intValue(code);
            bits &= mask;
            if (op.abs()) {
                bits &= ~sign;
            }
            if (op.neg()) {
                bits ^= sign;
            }
            code = immediateCode(bits, size, vt);
            literalValue = bits;
            folded = true;
        }
        if ((op.neg() || op.abs()) && k >= 0 && (c.vop3() || c.kind.startsWith("DPP")) && !vt.isFloating()
                && !c.name.startsWith("V_CNDMASK") && code != InlineConstants.LITERAL
                && !InlineConstants.isInline(code)) {
            // VOP3 and DPP integer sources take no neg/abs (llvm-mc-22: "not a valid operand." for v_mov_b32_e64
            // v1, -v2, v_add_u32_e64 v1, |v2|, v3, v_cvt_f32_i32_e64 v1, -v2 on gfx90a; v_not_b32_e64 v5, -v1,
            // v_cmp_eq_i32_e64 s10, |v1|, v2 and v_mov_b32_dpp v5, -v2 row_shl:1 on gfx908, gfx1030, gfx1100,
            // gfx1200); v_cndmask_b32 is LLVM's exception.
            throw new AsmSyntaxException(at, "not a valid operand.");
        }
        if (k >= 0 && k < 31 && code < 128) {
            c.scalarSources |= 1 << k;
        }
        if (s.type.equals("OPR_SRC_VGPR") && !c.kind.startsWith("DPP")) {
            // The spec's VGPR-only source type (v_permlane16_b32 and v_movrels_b32 SRC0, v_mqsad_u32_u8 SRC2, WMMA
            // and VINTERP sources): llvm-mc-22 rejects SGPRs and constants there too. In VOP3 DPP forms the type marks
            // SRC1, whose rule is the target's (below).
            vgprOnly = true;
        }
        if (vgprOnly && code < 256 && !(c.kind.equals("SDWA") && k >= 0 && c.has("S" + k))) {
            throw new AsmSyntaxException(at, "invalid operand for instruction (a VGPR is required)");
        }
        if (op.isAgpr()) {
            agpr(c, s, at);
        } else if (s.type.equals("OPR_SRC_ACCVGPR")) {
            // v_accvgpr_read/mov read an AGPR (LLVM's AGPR_32 class): no VGPR, SGPR or constant.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        dataFile(c, s, op);
        if (code == 255 || code == 254 && op.hasLiteral()) {
            // (254 is also gfx908's src_lds_direct, a register: llvm-mc-22 takes v_add_f32_e64 v5, src_lds_direct, v2)
            literal(c, literalValue, at, op.expression());
        } else if (target == Target.GFX908 && in && c.name.startsWith("V_ACCVGPR_WRITE") && code < 256
                && !InlineConstants.isInline(code)) {
            // gfx908's v_accvgpr_write reads a VGPR or an inline constant (gfx90a added SGPRs): llvm-mc-22's message.
            throw new AsmSyntaxException(at, "source operand must be either a VGPR or an inline constant");
        } else if (target == Target.GFX908 && in && "SRC2".equals(s.field) && c.name.startsWith("V_MFMA")
                && InlineConstants.isInline(code)) {
            // gfx908's MFMA accumulator input is an AGPR tuple: llvm-mc-22 rejects v_mfma_f32_4x4x1f32 a[0:3], v0,
            // v1, 1.0 there (gfx90a takes it).
            throw new AsmSyntaxException(at, "inline constants are not allowed for this operand");
        } else if (code == 254 && in && c.valu) {
            // LLVM's lds_direct rules (llvm-mc-22 on gfx908): not in SDWA or DPP forms nor in the reversed-operand
            // instructions (v_lshrrev_b32, v_subrev_f32), and only as the first source.
            if (c.kind.equals("SDWA") || c.kind.startsWith("DPP")
                    || c.name.contains("REV_") && !c.name.contains("BFREV")) {
                throw new AsmSyntaxException(at, "lds_direct cannot be used with this instruction");
            }
            if (k != 0) {
                throw new AsmSyntaxException(at, "lds_direct may be used as src0 only");
            }
        }
        if (in && c.valu && s.operand >= 0 && laneMask(c, s)
                && (InlineConstants.isInline(code) || code == 254 || code == 255)) {
            // A lane mask read (v_cndmask_b32_e64 SRC2, the carry-in of v_addc_co_u32_e64) is a scalar register:
            // llvm-mc-22 rejects v_cndmask_b32_e64 v1, v2, v3, 0 and the literal forms the spec lists.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        if (!in && (InlineConstants.isInline(code) || code == 254 || code == 255)) {
            // A scalar destination (VOP3 compare or carry-out, v_readlane) is a register: llvm-mc-22 rejects a
            // constant or a literal there (v_cmp_eq_u32_e64 5, v1, v2), though it takes the read-only scalar
            // registers of the SReg classes (v_cmp_t_i32_e64 src_private_base, v1, v2; src_scc; src_execz).
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        if ("SRC1".equals(s.field) && c.kind.startsWith("DPP") && (c.vop3() || c.family.equals("VOP3P"))
                && !target.hasDppSrc1Sgpr() && code < 256) {
            // gfx1100 VOP3 DPP: the second source is a VGPR (no FeatureDPPSrc1SGPR); llvm-mc-22's messages.
            throw new AsmSyntaxException(at, code >= 128 ? "src1 immediate operand invalid for instruction"
                    : "invalid operand for instruction");
        }
        if (c.valu && in && !(c.gfx9() && c.name.equals("V_WRITELANE_B32") && "SRC1".equals(s.field)
                && code == target.m0Encoding()) && !(code == 254 && !op.hasLiteral())) {
            // (src_lds_direct is not a constant bus read: llvm-mc-22 takes v_addc_co_u32_e64 v5, s[6:7],
            // src_lds_direct, v2, vcc on gfx908)
            // GFX9's v_writelane_b32 may read an SGPR and its m0 lane select (llvm-mc-22 takes v_writelane_b32 v1,
            // s1, m0 on gfx908), LLVM's one exception to the limit of one.
            bus.read(code, op.dwords(), slotLiteralBits(c, s), at);
        }
        if (op.half() == Operand.NO_HALF && s.size == 16 && c.vopShort() && target.dialect().isGfx11Plus()
                && code >= 256 && code - 256 > 127) {
            // A 16-bit VGPR operand of a GFX11+ e32 encoding has 7 index bits (the eighth selects the high half):
            // v128 and above need the VOP3 form, which LLVM then picks.
            throw new AsmSyntaxException(at, "register index out of range for a 16-bit operand of this encoding");
        }
        fake16(c, s, op, at);
        if (op.half() != Operand.NO_HALF) {
            if (c.vopShort()) {
                if (op.index() > 127) {
                    throw new AsmSyntaxException(at, "register index out of range for a 16-bit half");
                }
                code |= op.half() == Operand.HIGH_HALF ? 128 : 0;
            } else if (op.half() == Operand.HIGH_HALF) {
                c.or("OP_SEL", 1L << opSelBit(s.field), at);
            }
        }
        if (!folded && (op.neg() || op.abs())) {
            if (c.vop3() && (LlvmSyntax.bitop3(c.name) || LlvmSyntax.scaledConversion(c.name))) {
                // bitop3: its NEG and ABS fields hold the truth table (llvm-mc-22 rejects v_bitop3_b32 v1, -v2, v3,
                // v4); the scaled conversions have no source modifiers in LLVM.
                throw new AsmSyntaxException(at, "not a valid operand.");
            }
            if (k < 0) {
                throw new AsmSyntaxException(at, "source modifiers are not valid for this operand");
            }
            if (c.vop3() && c.has("NEG") && c.has("ABS")) {
                if (op.neg()) {
                    c.or("NEG", 1L << k, at);
                }
                if (op.abs()) {
                    c.or("ABS", 1L << k, at);
                }
            } else if (c.family.equals("VOP3P") && c.name.contains("_MIX") && c.has("NEG") && c.has("NEG_HI")) {
                // The mix instructions take neg and abs on their f32/f16 sources: abs sits in NEG_HI (as LlvmSyntax
                // reads it; llvm-mc-22: v_fma_mix_f32 v0, |v1|, v2, v3 sets bit 0 of the second byte).
                if (op.neg()) {
                    c.or("NEG", 1L << k, at);
                }
                if (op.abs()) {
                    c.or("NEG_HI", 1L << k, at);
                }
            } else if (c.has("SRC" + k + "_NEG")) {
                if (op.neg()) {
                    c.set("SRC" + k + "_NEG", 1, at);
                }
                if (op.abs()) {
                    if (!c.has("SRC" + k + "_ABS")) {
                        throw new AsmSyntaxException(at, "abs is not valid for this operand");
                    }
                    c.set("SRC" + k + "_ABS", 1, at);
                }
            } else if (!c.family.equals("VOP3P") && c.has("NEG") && !c.has("ABS")) {
                // A per-source NEG field with no ABS field beside it (GFX11+ VINTERP, the VOP3SD encoding of
                // v_div_scale_f32/f64): neg is written there (llvm-mc-22: v_interp_p10_f32 v0, -v1, v2, v3 sets bit
                // 61). llvm-mc-22 also takes |v1| but encodes nothing for it, so the text would not survive a round
                // trip: refused here.
                if (op.abs()) {
                    throw new AsmSyntaxException(at, "abs is not valid for this operand");
                }
                c.or("NEG", 1L << k, at);
            } else {
                throw new AsmSyntaxException(at, "source modifiers are not valid in this encoding");
            }
        }
        if (op.sext()) {
            c.set("SRC" + k + "_SEXT", 1, at);
        }
        if (s.field == null) {
            throw new AsmSyntaxException(at, "operand has no field in this encoding");
        }
        if (op.half() != Operand.NO_HALF && s.size != 16) {
            throw new AsmSyntaxException(at, "16-bit register halves are not valid for a " + s.size
                    + "-bit operand");
        }
        if (s.literal) {
            // The literal form's operand: the source field holds the literal marker, the literal its value.
            if (code != 255 && !(code == 254 && op.hasLiteral())) {
                throw new AsmSyntaxException(at, "expected a literal constant");
            }
            if (c.kind.equals("LIT64") != (code == 254)) {
                throw new AsmSyntaxException(at, code == 254 ? "a 64-bit literal needs the 64-bit literal form"
                        : "a 32-bit literal needs the 32-bit literal form");
            }
            String sourceField = null;
            for (String prefix : new String[] {"SRC", "SSRC"}) {
                if (c.has(prefix + anyK)) {
                    sourceField = prefix + anyK;
                    break;
                }
            }
            if (sourceField != null) {
                c.set(sourceField, code, at);
            }
            return;
        }
        if (c.kind.equals("SDWA") && c.has("S" + Math.max(k, 0)) && k >= 0 && code < 256) {
            // GFX9/GFX10 SDWA: an SGPR or constant source sets S0/S1; the field holds the scalar code.
            c.set("S" + k, 1, at);
        } else if (c.kind.equals("SDWA") && k >= 0 && code >= 256) {
            code -= 256;
        }
        long max = fieldMax(c, s);
        if (max >= 0 && max < 511 && code > max) {
            if (code >= 256 && max == 255 && isVgprField(s)) {
                code -= 256;
            } else {
                throw new AsmSyntaxException(at, "invalid operand for instruction");
            }
        }
        c.set(s.field, code, at);
    }

    /**
     * The size LLVM gives a literal in this operand, for the constant bus: the operand's size, except 0 (either) for
     * the spec's untyped and packed 64-bit formats ({@code FMT_NUM_B64}, {@code FMT_NUM_PK2_*}), which LLVM types
     * either as 64-bit integers or as 32-bit pairs ({@code v2i32}, literal size 4): llvm-mc-22 takes
     * {@code v_perm_pk16_b4_u4 v[0:1], 0x1234, s1, 0x1234} on gfx1250 but not
     * {@code v_qsad_pk_u16_u8 v[0:1], 0x1234, 0x1234, s[0:1]}.
     */
    private int literalBits(Ctx c, Slot s) {
        if (s.size > 32 && s.operand >= 0) {
            String format = isa.operandFormat(c.v, s.operand);
            if (format.endsWith("_B64") || format.contains("_PK2_")) {
                return 0;
            }
        }
        return s.size;
    }

    /**
     * Scalar registers a VALU instruction reads without naming them in its operand fields: {@code vcc} for the
     * VOP1/VOP2/VOPC forms whose spec operand list has an implicit VCC input (the carry-in of
     * {@code v_addc_co_u32_e32}, the mask of {@code v_cndmask_b32_e32}; their VOP3 forms name it in SRC2, which is
     * counted as a source), and for {@code v_div_fmas}, which LLVM defines with an implicit VCC use in every form
     * (llvm-mc-22 rejects {@code v_div_fmas_f32 v1, s1, v2, v3} on gfx90a, {@code v_div_fmas_f32 v1, s1, s2, v3}
     * on gfx1030). LLVM's implicit register of v_div_fmas is the 64-bit VCC in wave32 too, so an explicit
     * {@code vcc_lo} is another register ({@code v_div_fmas_f32 v1, s1, v2, vcc_lo} is rejected on gfx1030).
     */
    private void implicitScalarReads(Ctx c, int at) {
        if (c.name.startsWith("V_DIV_FMAS")) {
            bus.read(ConstantBus.VCC, 2, 64, at);
            return;
        }
        boolean vcc = false;
        if (c.vopShort()) {
            for (int i = 0; i < isa.operandCount(c.v) && !vcc; i++) {
                int flags = isa.operandFlags(c.v, i);
                vcc = (flags & InstructionSet.IMPLICIT) != 0 && (flags & InstructionSet.IN) != 0
                        && (flags & InstructionSet.OUT) == 0 && isa.operandType(c.v, i).equals("OPR_VCC");
            }
        }
        if (vcc) {
            bus.read(ConstantBus.VCC, waveSize / 32, waveSize, at);
        }
    }

    /** Whether source {@code k} of this encoding has neg/abs bits (VOP3 NEG/ABS, DPP/SDWA SRCn_NEG). */
    private static boolean modifierFields(Ctx c, int k) {
        return c.vop3() && c.has("NEG") && c.has("ABS") || c.has("SRC" + k + "_NEG") || c.has("NEG");
    }

    /** The inline-constant code of {@code bits} for an operand of {@code size} bits and type {@code vt}, or 255. */
    private static int immediateCode(long bits, int size, OperandType vt) {
        if (size == 32) {
            int v = (int) bits;
            int code = InlineConstants.intCode(v);
            if (code < 0) {
                code = InlineConstants.f32Code(v);
            }
            return code < 0 ? InlineConstants.LITERAL : code;
        }
        short v = (short) bits;
        int code = InlineConstants.intCode(v);
        if (code < 0 && vt == OperandType.FP16) {
            code = InlineConstants.f16Code(v & 0xffff);
        } else if (code < 0 && vt == OperandType.BF16) {
            code = InlineConstants.bf16Code(v & 0xffff);
        }
        return code < 0 ? InlineConstants.LITERAL : code;
    }

    /**
     * Accepts an AGPR operand where LLVM's CDNA syntax has one, setting the bit that selects it (as
     * {@code LlvmSyntax} prints them): {@code v_accvgpr_write} destinations; MFMA accumulators (VDST, SRC2: always
     * AGPRs on gfx908, ACC_CD on gfx90a+) and MFMA SRC0/SRC1 (their ACC bits); on gfx90a+ the data registers of
     * memory instructions (ACC).
     */
    private void agpr(Ctx c, Slot s, int at) {
        String f = s.field;
        if (s.type.equals("OPR_ACCVGPR") || s.type.equals("OPR_SRC_ACCVGPR")) {
            return;
        }
        if (c.gfx9() && (c.kind.equals("MFMA") || c.name.startsWith("V_MFMA") || c.name.startsWith("V_SMFMAC"))) {
            if ("VDST".equals(f) || "SRC2".equals(f)) {
                if (isa.llvmTarget().equals("gfx908")) {
                    return; // always AGPRs; the encoding's ACC_CD bit stays 0
                }
                if (c.has("ACC_CD")) {
                    c.set("ACC_CD", 1, at);
                    return;
                }
            } else if (("SRC0".equals(f) || "SRC1".equals(f)) && c.has("ACC")) {
                c.or("ACC", 1L << (f.charAt(3) - '0'), at);
                return;
            }
        } else if (target.isGfx90aPlus() && !c.family.startsWith("VOP") && c.has("ACC") && f != null
                && (f.equals("VDATA") || f.equals("VDST") || f.equals("DATA") || f.equals("DATA0")
                || f.equals("DATA1"))) {
            c.set("ACC", 1, at);
            return;
        }
        throw new AsmSyntaxException(at, "AGPR operands are not valid for this operand");
    }

    /** Notes the register file of a gfx90a+ memory data operand (the fields {@link #agpr} sets ACC for). */
    private void dataFile(Ctx c, Slot s, Operand op) {
        String f = s.field;
        if (target.isGfx90aPlus() && !c.family.startsWith("VOP") && c.has("ACC") && f != null
                && (f.equals("VDATA") || f.equals("VDST") || f.equals("DATA") || f.equals("DATA0")
                || f.equals("DATA1"))) {
            c.dataFiles |= op.isAgpr() ? 2 : op.kind() == RegisterKind.VGPR ? 1 : 0;
        }
    }

    /**
     * LLVM's image dmask rules: a gather4 returns one component (exactly one dmask bit: "invalid image_gather dmask:
     * only one bit must be set"), an atomic takes dmask 0x1, 0x3 (64-bit or cmpswap) or 0xf (64-bit cmpswap)
     * ("invalid atomic image dmask"); an omitted dmask is 0. Checked with llvm-mc-22 on gfx90a, gfx1030 and gfx1200.
     */
    private static void imageDmask(Ctx c, int at) {
        boolean image = c.family.contains("MIMG") || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE");
        if (!image || !c.has("DMASK")) {
            return;
        }
        long dmask = c.fields.getOrDefault("DMASK", 0L) & 0xf;
        if (c.name.contains("GATHER4") && Long.bitCount(dmask) != 1) {
            throw new AsmSyntaxException(at, "invalid image_gather dmask: only one bit must be set");
        }
        if (c.name.contains("_ATOMIC") && dmask != 0x1 && dmask != 0x3 && dmask != 0xf) {
            throw new AsmSyntaxException(at, "invalid atomic image dmask");
        }
    }

    /**
     * GFX12+ packed f32 instructions read one SGPR of a scalar source for both halves: llvm-mc-22 (gfx1250) rejects an
     * SGPR source whose op_sel or op_sel_hi bit is set ("invalid op_sel operand"), so v_pk_mul_f32 v[4:5], s[8:9],
     * v[16:17] needs op_sel_hi:[0,1]. gfx90a-gfx950 take it.
     */
    private void packedF32ScalarHalves(Ctx c, int at) {
        if (c.scalarSources == 0 || !c.family.equals("VOP3P") || !target.dialect().isGfx12Plus()
                || !LlvmSyntax.packedF32(c.name)) {
            return;
        }
        long halves = c.fields.getOrDefault("OP_SEL", 0L) | c.fields.getOrDefault("OP_SEL_HI", 0L);
        if ((halves & c.scalarSources) != 0) {
            throw new AsmSyntaxException(at, "invalid op_sel operand");
        }
    }

    /**
     * An MFMA accumulator wider than 128 bits is the destination itself or disjoint from it (LLVM's validateMFMA:
     * llvm-mc-22 rejects v_mfma_f32_32x32x4bf16 v[168:183], a81, v83, v[154:169] on gfx90a, "source 2 operand must
     * not partially overlap with dst").
     */
    private void mfmaAccumulatorOverlap(Ctx c, int at) {
        if (!c.name.startsWith("V_MFMA") || !c.fields.containsKey("VDST") || !c.fields.containsKey("SRC2")) {
            return;
        }
        int dstBits = 0;
        int srcBits = 0;
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ("VDST".equals(isa.operandField(c.v, i))) {
                dstBits = isa.operandSize(c.v, i);
            } else if ("SRC2".equals(isa.operandField(c.v, i))) {
                srcBits = isa.operandSize(c.v, i);
            }
        }
        long src2 = c.fields.get("SRC2");
        if (encoder.fieldMax(c.v, "SRC2") >= 511) {
            if (src2 < 256) {
                return; // a constant accumulator
            }
            src2 -= 256;
        }
        long dst = c.fields.get("VDST");
        long dstEnd = dst + Math.max(1, dstBits / 32);
        long srcEnd = src2 + Math.max(1, srcBits / 32);
        if (dstBits > 128 && src2 != dst && src2 < dstEnd && dst < srcEnd) {
            throw new AsmSyntaxException(at, "source 2 operand must not partially overlap with dst");
        }
    }

    /**
     * Where llvm-mc-22 takes a relocatable expression as a source literal beyond the operand-type rules of {@link
     * SourceOperands}: not in a VOPD half ({@code v_dual_mov_b32 v0, u :: ...}: "not a valid operand."), not in a
     * source with floating-point input modifiers ({@code v_add_f32_e64 v0, u, v1}, {@code v_fma_f32 v0, u, v1, v2},
     * {@code v_cndmask_b32_e64 v0, u, v1, s[0:1]}, where integer VOP3 sources such as {@code v_bfe_u32}'s take
     * it), and as a 64-bit literal only in a scalar instruction ({@code s_mov_b64 s[0:1], u} on gfx1250, not
     * {@code v_mov_b64 v[0:1], u}).
     */
    private void relocatableSource(Ctx c, OperandType vt, int k, int code, int at) {
        if (c.family.equals("VOPDXY")) {
            throw new AsmSyntaxException(at, "not a valid operand.");
        }
        if (k >= 0 && modifierFields(c, k) && (vt.isFloating() || c.name.startsWith("V_CNDMASK"))) {
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        if (code == InlineConstants.LITERAL64 && c.valu) {
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
    }

    /** VSRC/VDST-style 8-bit fields typed as sources hold VGPR numbers. */
    private static boolean isVgprField(Slot s) {
        return s.field.startsWith("V");
    }

    private void literal(Ctx c, long value, int at, Expr expression) {
        if ((c.vop3() || c.family.equals("VOP3P")) && !target.hasVop3Literal()) {
            // The XML lists VOP3 literal forms for GFX9, but the hardware (and LLVM) has none.
            throw new AsmSyntaxException(at, "literal operands are not supported");
        }
        if (c.hasLiteral && c.literal != value && (c.literal & 0xffffffffL) != (value & 0xffffffffL)
                || c.hasLiteral && (expression != null || c.relocatable != null)) {
            // A relocatable expression counts as a literal of its own, even beside the same expression: llvm-mc-22
            // rejects s_sub_u32 s0, 123, u and s_sub_u32 s0, u, u.
            throw new AsmSyntaxException(at, "only one unique literal operand is allowed");
        }
        if (expression != null) {
            c.relocatable = new Relocatable(expression, (value >>> 32) != 0, at);
        }
        c.hasLiteral = true;
        c.literal = value;
        c.literalAt = at;
        String field = c.has("LITERAL") ? "LITERAL" : c.has("SIMM32") ? "SIMM32" : c.has("SIMM64") ? "SIMM64"
                : null;
        if (field == null && c.family.equals("VOPDXY")) {
            c.fields.put("LITERAL", value & 0xffffffffL); // the pair's literal dword, placed by the Assembler
            return;
        }
        if (field == null) {
            throw new AsmSyntaxException(at, "literal operands are not supported in this encoding");
        }
        c.claimLiteral(field, value & encoder.fieldMask(c.v, field), at);
        c.fields.put(field, value & encoder.fieldMask(c.v, field));
    }

    private static int opSelBit(String field) {
        return field.equals("VDST") ? 3 : field.endsWith("0") ? 0 : field.endsWith("1") ? 1 : 2;
    }

    /**
     * Image address lists ({@code [v4, v0, v9]}, two or more elements): the first register goes to
     * VADDR/VADDR0, the others to ADDR1.. (GFX10/11 NSA forms, which also set the NSA dword count) or VADDR1..
     * (GFX12).
     *
     * @return false, consuming nothing, if the text is not such a list
     */
    private boolean imageAddressList(Ctx c, Slot s, AsmCursor cur, int at) {
        boolean image = c.shape.image;
        if (!image || s.field == null || !s.field.startsWith("VADDR") || cur.peek() != '[') {
            return false;
        }
        int save = cur.position();
        cur.expectChar('[');
        List<Integer> regs = new ArrayList<>();
        List<Integer> elements = new ArrayList<>();
        Operand op = new Operand();
        do {
            int p = cur.skipBlanks().position();
            op.reset();
            if (!Registers.tryParse(cur, target, op) || op.kind() != RegisterKind.VGPR) {
                cur.position(save);
                return false;
            }
            if (c.has("VADDR0") && op.dwords() > 1 && c.has("VADDR" + (elements.size() + 1))) {
                // GFX12 image addresses are one VGPR per field; only the encoding's last address field (VADDR4 of
                // VIMAGE, VADDR3 of VSAMPLE) may hold a range with the remaining components
                throw new AsmSyntaxException(p, "operands are not valid for this GPU or mode");
            }
            elements.add(op.index());
            for (int i = 0; i < Math.max(1, op.dwords()); i++) {
                regs.add(op.index() + i);
            }
            if (regs.size() > 13) {
                throw new AsmSyntaxException(p, "too many address registers");
            }
        } while (cur.tryChar(','));
        cur.expectChar(']');
        c.imageAddrDwords = regs.size();
        c.imageAddrList = elements.size() > 1;
        c.imageAddrAt = at;
        boolean gfx12 = c.has("VADDR0");
        if (elements.size() == 1 && !gfx12 && !c.kind.equals("NSA")) {
            // One element is the register (range) itself. A list of two or more is the NSA form on GFX10/GFX11
            // even when its registers are consecutive: llvm-mc-22 encodes image_load v[1:4], [v2, v3], s[4:11]
            // dmask:0xf dim:SQ_RSRC_IMG_2D with an NSA dword, as it prints it.
            c.set(s.field, regs.get(0), at);
            return true;
        }
        // One address field per list element; a wider last element (v[0:1]) holds the remaining components.
        String first = gfx12 ? "VADDR0" : "VADDR";
        c.set(first, elements.get(0), at);
        for (int i = 1; i < elements.size(); i++) {
            String f = gfx12 ? "VADDR" + i : "ADDR" + i;
            if (!c.has(f)) {
                throw new AsmSyntaxException(at, "too many address registers for this encoding");
            }
            c.set(f, elements.get(i), at);
        }
        if (c.has("NSA")) {
            c.set("NSA", (elements.size() - 1 + 3) / 4, at);
        }
        return true;
    }

    /** Registers of non-source operand types, through the generated value names of the type. */
    private void register(Ctx c, Slot s, AsmCursor cur, int at) {
        if (imageAddressList(c, s, cur, at)) {
            return;
        }
        Operand op = new Operand();
        Registers.parse(cur, target, op);
        if (s.field == null) {
            throw new AsmSyntaxException(at, "operand has no field in this encoding");
        }
        if (op.isAgpr()) {
            agpr(c, s, at);
        } else if (s.type.equals("OPR_SRC_ACCVGPR")) {
            // v_accvgpr_read/mov read an AGPR (LLVM's AGPR_32 class): no VGPR, SGPR or constant.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        dataFile(c, s, op);
        int regs = Math.max(1, (s.size + 31) / 32);
        boolean image = c.shape.image;
        if (image && ("VADDR".equals(s.field) || "VADDR0".equals(s.field))) {
            c.imageAddrDwords = Math.max(1, op.dwords());
            c.imageAddrAt = at;
        }
        if (c.shape.vaddr0 && s.field != null && s.field.startsWith("VADDR") && op.dwords() > 1) {
            // GFX12 image addresses are separate VGPRs, written as a list ([v2, v3]); a range would leave the
            // other address fields at v0 (llvm-mc rejects it the same way)
            throw new AsmSyntaxException(at, "operands are not valid for this GPU or mode");
        }
        if (c.buffer && "VDATA".equals(s.field) && op.dwords() != 0 && !c.name.contains("ATOMIC")) {
            // A buffer load/store's data is one register wider with tfe (the status dword), which comes later in
            // the statement: checked after the modifiers (llvm-mc-22 rejects buffer_load_dword v5, off, s[8:11], s3
            // tfe and takes buffer_load_dwordx2 v[5:7], off, s[8:11], s3 tfe).
            if (op.dwords() != regs && op.dwords() != regs + 1) {
                throw new AsmSyntaxException(at, "invalid register width for this operand");
            }
            c.vdataDwords = op.dwords();
            c.vdataRegs = regs;
            c.vdataAt = at;
        } else if (op.dwords() != 0 && op.dwords() != regs && (!relaxedWidth(c, s)
                || op.dwords() > (image ? 16 : Math.max(regs, 2)))) {
            throw new AsmSyntaxException(at, "invalid register width for this operand");
        }
        if (op.half() != Operand.NO_HALF && s.size != 16) {
            throw new AsmSyntaxException(at, "16-bit register halves are not valid for a " + s.size
                    + "-bit operand");
        }
        // The value the type names v<index>, s<index> or ttmp<index>, if any.
        RegisterKind kind = op.kind();
        long value = kind == RegisterKind.VGPR || kind == RegisterKind.SGPR || kind == RegisterKind.TTMP
                ? registerNames(s).value(kind, op.index()) : -1;
        if (value < 0) {
            // Fall back on the SRC code for names the spec does not list (reconstructed specs name few values).
            long max = fieldMax(c, s);
            int code = op.code();
            if ((op.kind() == RegisterKind.VGPR || op.isAgpr()) && max < 256 + op.index()) {
                code = op.index();
            }
            value = code;
        }
        long v = value;
        long fieldMax = fieldMax(c, s);
        if (v > fieldMax && v >= 256 && (op.kind() == RegisterKind.VGPR || op.isAgpr())) {
            v -= 256;
        }
        if (op.half() == Operand.NO_HALF && s.size == 16 && c.vopShort() && target.dialect().isGfx11Plus()
                && op.kind() == RegisterKind.VGPR && op.index() > 127) {
            // A 16-bit VGPR operand of a GFX11+ e32 encoding has 7 index bits (the eighth selects the high half):
            // v128 and above need the VOP3 form, which LLVM then picks.
            throw new AsmSyntaxException(at, "register index out of range for a 16-bit operand of this encoding");
        }
        fake16(c, s, op, at);
        if (op.half() != Operand.NO_HALF) {
            if (c.vopShort()) {
                if (op.index() > 127) {
                    // As for sources: 7 index bits and the half bit in e32/DPP; v128.l and above need the VOP3 form
                    // (llvm-mc-22 picks v_add_f16_e64 for v_add_f16 v200.l, v1.l, v2.l; amdisa wrote v72.h).
                    throw new AsmSyntaxException(at, "register index out of range for a 16-bit half");
                }
                v |= op.half() == Operand.HIGH_HALF ? 128 : 0;
            } else if (op.half() == Operand.HIGH_HALF) {
                c.or("OP_SEL", 1L << opSelBit(s.field), at);
            }
        }
        c.set(s.field, v, at);
    }

    /**
     * LLVM's fake16 syntax (GFX11+ without real true16: GFX12's default, GFX11 with {@code -real-true16}) has no
     * 16-bit register halves; llvm-mc-22's message. (A whole register above v127 in a 16-bit e32 operand is refused
     * in both modes, above.)
     */
    private void fake16(Ctx c, Slot s, Operand op, int at) {
        if (!true16 && s.size == 16 && target.dialect().isGfx11Plus() && op.half() != Operand.NO_HALF) {
            throw new AsmSyntaxException(at, "operands are not valid for this GPU or mode");
        }
    }

    /** Address-like operands whose register width LLVM decides from other fields. */
    private static boolean relaxedWidth(Ctx c, Slot s) {
        return c.family.contains("MIMG") || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE")
                || "VADDR".equals(s.field) || "ADDR".equals(s.field) || "VDATA".equals(s.field);
    }

    /**
     * The value names of an operand type's numbered registers ({@code v5}, {@code s3}, {@code ttmp2}) by register
     * index, from {@link #named}: what {@code named(type).get("v" + index)} finds, without building the name.
     */
    private static final class RegisterNames {
        private static final long[] NONE = new long[0];
        /** Indices below this are in the arrays; the few names beyond (none in the bundled specs) stay in the map. */
        private static final int LIMIT = 10000;
        private final Map<String, Long> named;
        long[] vgpr = NONE;
        long[] sgpr = NONE;
        long[] ttmp = NONE;

        RegisterNames(Map<String, Long> named) {
            this.named = named;
            for (Map.Entry<String, Long> e : named.entrySet()) {
                String n = e.getKey();
                if (n.startsWith("ttmp")) {
                    ttmp = put(ttmp, n, 4, e.getValue());
                } else if (n.startsWith("v")) {
                    vgpr = put(vgpr, n, 1, e.getValue());
                } else if (n.startsWith("s")) {
                    sgpr = put(sgpr, n, 1, e.getValue());
                }
            }
        }

        /** {@code values} with the value of {@code name} at its index if the rest of it is an index as Java writes one. */
        private static long[] put(long[] values, String name, int prefix, long value) {
            int index = 0;
            int n = name.length() - prefix;
            if (n < 1 || n > 4 || n > 1 && name.charAt(prefix) == '0') {
                return values;
            }
            for (int i = prefix; i < name.length(); i++) {
                char ch = name.charAt(i);
                if (ch < '0' || ch > '9') {
                    return values;
                }
                index = index * 10 + ch - '0';
            }
            if (index >= values.length) {
                int old = values.length;
                values = java.util.Arrays.copyOf(values, index + 1);
                java.util.Arrays.fill(values, old, index + 1, -1L);
            }
            values[index] = value;
            return values;
        }

        /** The named value of register {@code index} of {@code kind} (VGPR, SGPR or TTMP), or -1. */
        long value(RegisterKind kind, int index) {
            if (index < 0 || index >= LIMIT) {
                String prefix = kind == RegisterKind.VGPR ? "v" : kind == RegisterKind.SGPR ? "s" : "ttmp";
                Long value = named.get(prefix + index);
                return value == null ? -1 : value;
            }
            long[] values = kind == RegisterKind.VGPR ? vgpr : kind == RegisterKind.SGPR ? sgpr : ttmp;
            return index < values.length ? values[index] : -1;
        }
    }

    private RegisterNames registerNames(Slot s) {
        RegisterNames names = s.names;
        if (names == null) {
            names = registerNames.computeIfAbsent(s.type, t -> new RegisterNames(named(t)));
            s.names = names;
        }
        return names;
    }

    private Map<String, Long> named(String type) {
        return namedValues.computeIfAbsent(type, t -> {
            Map<String, Long> m = new HashMap<>();
            for (long v = 0; v < 1024; v++) {
                String n = isa.valueName(t, v);
                if (n != null) {
                    m.putIfAbsent(n, v);
                }
            }
            return m;
        });
    }

    /** Memory address operands written {@code off} or as a register, mirroring {@code LlvmSyntax.addressOperand}. */
    private boolean address(Ctx c, Slot s, AsmCursor cur, int at) {
        String field = s.field;
        if (field == null) {
            return false;
        }
        boolean buffer = c.buffer;
        boolean off = cur.tryWord("off");
        if (buffer && field.equals("VADDR") && c.has("OFFEN") && c.has("IDXEN")) {
            if (!off) {
                Operand op = new Operand();
                Registers.parse(cur, target, op);
                if (op.kind() != RegisterKind.VGPR) {
                    throw new AsmSyntaxException(at, "expected a VGPR address or off");
                }
                c.set(field, op.index(), at);
            }
            return true;
        }
        boolean global = c.global;
        boolean scratch = c.scratch;
        if ((global || scratch) && c.has("SADDR")) {
            if (field.equals("SADDR")) {
                if (off) {
                    c.set("SADDR", c.gfx9() ? 0x7f : target.nullEncoding(), at);
                    c.saddrOff = true;
                } else {
                    Operand op = new Operand();
                    Registers.parse(cur, target, op);
                    // a scratch SADDR may be M0 (124 up to GFX10, 125 on GFX11+), as llvm-mc-22 takes it
                    int m0 = target.nullEncoding() == 124 ? 125 : 124;
                    if (op.code() > 123 && !(scratch && op.code() == m0) || op.kind() == RegisterKind.VGPR) {
                        throw new AsmSyntaxException(at, "invalid operand for instruction");
                    }
                    c.set("SADDR", op.code(), at);
                }
                return true;
            }
            if (field.equals("ADDR") || field.equals("VADDR")) {
                if (off) {
                    if (!scratch) {
                        throw new AsmSyntaxException(at, "invalid operand for instruction");
                    }
                    if (c.has("SVE") && sveBit()) {
                        c.set("SVE", 0, at);
                    }
                    c.scratchVaddr = 0;
                } else {
                    Operand op = new Operand();
                    Registers.parse(cur, target, op);
                    if (op.kind() != RegisterKind.VGPR) {
                        throw new AsmSyntaxException(at, "expected a VGPR address");
                    }
                    c.set(field, op.index(), at);
                    c.vaddrDwords = Math.max(1, op.dwords());
                    c.vaddrAt = at;
                    if (scratch && c.has("SVE") && sveBit()) {
                        c.set("SVE", 1, at);
                    }
                    c.scratchVaddr = 1;
                }
                return true;
            }
        }
        if (off && cur.symbols() != null) {
            // Not an address: with symbols, off is a symbol name there (llvm-mc-22: s_mov_b32 s0, off is a fixup).
            cur.position(at);
        } else if (off) {
            throw new AsmSyntaxException(at, "off is not valid for this operand");
        }
        return false;
    }

    /**
     * Whether a scratch instruction's SVE bit says that a VGPR address is present: gfx940+ and GFX11+ (llvm-mc-22:
     * scratch_load_b32 v1, v3, off sets it on gfx1100, gfx1200 and gfx1250); gfx908/gfx90a and GFX10 have none (the
     * address is a VGPR exactly when SADDR is off).
     */
    private boolean sveBit() {
        return target.isGfx940() || target.dialect().isGfx11Plus();
    }

    /**
     * GFX9 MTBUF's legacy format spelling before the SGPR offset ({@code tbuffer_load_format_x v1, off, s[4:7],
     * dfmt:1, nfmt:2, s1}), each item followed by an optional comma, as llvm-mc-22 reads it.
     */
    private void legacyFormat(Ctx c, AsmCursor cur) {
        while (true) {
            int at = cur.skipBlanks().position();
            boolean d = cur.tryText("dfmt:");
            if (!d && !cur.tryText("nfmt:")) {
                return;
            }
            c.set(d ? "DFMT" : "NFMT", cur.scanInteger(0, d ? 15 : 7), at);
            cur.tryChar(',');
        }
    }

    /** The number of legacy {@code dfmt:}/{@code nfmt:} items followed by a comma among the operands. */
    private static int legacyFormatItems(CharSequence text, int start, int end, int count) {
        int n = 0;
        for (int k = 0; k < count - 1; k++) {
            int p = nthOperand(text, start, end, k);
            String head = text.subSequence(p, Math.min(end, p + 5)).toString();
            if (head.equals("dfmt:") || head.equals("nfmt:")) {
                n++;
            }
        }
        return n;
    }

    private void smemOffset(Ctx c, Slot s, AsmCursor cur, int at) {
        Operand op = new Operand();
        boolean reg = AsmCursor.isIdentifierStart(cur.peek()) && Registers.tryParse(cur, target, op);
        if (reg && (op.isAgpr() || op.kind() == RegisterKind.VGPR)) {
            // A scalar offset: llvm-mc-22 rejects s_buffer_load_dwordx4 s[28:31], ttmp[4:7], a0 on gfx90a.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        if (reg && op.dwords() > 1) {
            // A scalar offset register is one SGPR or M0 (s_load_dword s1, s[2:3], s[4:5]: llvm-mc-22 rejects it).
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        if (c.has("IMM")) {
            if (reg) {
                c.set("IMM", 0, at);
                c.set("OFFSET", op.code(), at);
            } else {
                c.set("IMM", 1, at);
                long off = cur.scanInteger();
                if (c.gfx9() && c.has("SOFFSET_EN")) {
                    // GFX9 SMEM: s_buffer_* offsets are 20-bit unsigned, the others 21-bit signed (llvm-mc-22).
                    boolean buffer = c.name.contains("BUFFER");
                    if (buffer ? off < 0 || off > 0xfffff : off < -0x100000 || off > 0xfffff) {
                        throw new AsmSyntaxException(at, buffer ? "expected a 20-bit unsigned offset"
                                : "expected a 21-bit signed offset");
                    }
                }
                c.set("OFFSET", off, at);
            }
            return;
        }
        String off = c.has("OFFSET") ? "OFFSET" : c.has("IOFFSET") ? "IOFFSET" : s.field;
        if (reg) {
            if (!c.has("SOFFSET")) {
                throw new AsmSyntaxException(at, "expected an immediate offset");
            }
            c.set("SOFFSET", op.code(), at);
        } else {
            if (c.has("SOFFSET")) {
                c.set("SOFFSET", target.nullEncoding(), at);
            }
            long value = cur.scanInteger();
            smemImmediateRange(c, off, value, at);
            c.set(off, value, at);
        }
    }

    /**
     * Before GFX12 a FLAT-segment offset (not global, not scratch) is unsigned, one bit narrower than LLVM's flat
     * offset width (13 bits on GFX9 and GFX11, 12 on GFX10), whatever the spec's field holds: llvm-mc-22 rejects
     * flat_load_dword v1, v[3:4] offset:-1 on gfx908 ("expected a 12-bit unsigned offset"), gfx1030 ("11-bit") and
     * gfx1100 ("12-bit", where offset:4096 also fits the 13-bit field), which amdisa had wrapped into the field.
     */
    private void flatSegmentOffsetRange(Ctx c, long off, int at) {
        if (!c.family.equals("FLAT") || target.dialect().isGfx12Plus()) {
            return;
        }
        int bits = target.dialect() == io.github.amdisa.runtime.Dialect.GFX10 ? 11 : 12;
        if (off < 0 || off >= 1L << bits) {
            throw new AsmSyntaxException(at, "expected a " + bits + "-bit unsigned offset");
        }
    }

    /**
     * GFX10+ SMEM immediate offsets, as llvm-mc-22 checks them from the field's width W (21 bits on GFX10/GFX11, 24
     * on GFX12): W-bit signed, but (W-1)-bit unsigned for the s_buffer_* forms, whose base is a buffer resource
     * ("expected a 21-bit signed offset" for s_load_dword s5, s[2:3], 0x100000 on gfx1030, "expected a 20-bit
     * unsigned offset" for s_buffer_load_dword s5, s[4:7], -1). GFX9 has its own rule ({@link #smemOffset}).
     */
    private void smemImmediateRange(Ctx c, String field, long off, int at) {
        if (c.gfx9() || !c.family.contains("SMEM") || !"OFFSET".equals(field)) {
            return;
        }
        int bits = 64 - Long.numberOfLeadingZeros(encoder.fieldMax(c.v, field));
        long max = (1L << (bits - 1)) - 1;
        boolean buffer = c.name.contains("BUFFER");
        if (buffer ? off < 0 || off > max : off < -max - 1 || off > max) {
            throw new AsmSyntaxException(at, buffer ? "expected a " + (bits - 1) + "-bit unsigned offset"
                    : "expected a " + bits + "-bit signed offset");
        }
    }

    /** A counter list operand (waitcnt, depctr), whose items may be separated by commas. */
    private static boolean counterList(Ctx c, Slot s) {
        return s.type.equals("OPR_WAITCNT") || c.name.equals("S_WAITCNT_DEPCTR") || c.name.equals("S_WAIT_ALU");
    }

    /** {@code s_waitcnt}, {@code hwreg}, {@code sendmsg}, {@code s_delay_alu} and depctr operands. */
    private boolean special(Ctx c, Slot s, AsmCursor cur, int at) {
        int imm;
        switch (s.type) {
            case "OPR_WAITCNT" -> imm = Waitcnt.parse(cur, target);
            case "OPR_HWREG" -> imm = HwReg.parse(cur, target);
            case "OPR_SENDMSG", "OPR_SENDMSG_RTN" -> imm = SendMsg.parse(cur, target);
            default -> {
                if (c.name.equals("S_DELAY_ALU")) {
                    imm = DelayAlu.parse(cur);
                } else if (c.name.equals("S_WAITCNT_DEPCTR") || c.name.equals("S_WAIT_ALU")) {
                    imm = DepCtr.parse(cur, target);
                } else if (c.name.equals("S_VERSION")) {
                    imm = UcVersion.parse(cur);
                } else if (LlvmSyntax.gprIdxMode(c.name, s.type)) {
                    imm = GprIdx.parse(cur);
                } else {
                    return false;
                }
            }
        }
        c.set(s.field, imm, at);
        return true;
    }

    private static boolean slotsExportSource(Ctx c, Slot s) {
        return (c.family.equals("EXP") || c.family.equals("VEXPORT")) && s.field != null
                && s.field.length() == 5 && s.field.startsWith("VSRC") && Character.isDigit(s.field.charAt(4));
    }

    /**
     * An export target as LLVM names it: {@code mrt0}-{@code mrt7}, {@code mrtz}, {@code null}, {@code pos0}-
     * {@code pos4}, {@code prim}, {@code dual_src_blend0/1}, {@code param0}-{@code param31}.
     */
    private long exportTarget(AsmCursor cur, int at) {
        int end = cur.identifierEnd();
        String word = cur.text().subSequence(cur.position(), end).toString();
        long value = switch (word) {
            case "mrtz" -> 8;
            case "null" -> 9;
            case "prim" -> 20;
            case "dual_src_blend0" -> 21;
            case "dual_src_blend1" -> 22;
            default -> -1;
        };
        if (value < 0) {
            value = indexed(word, "mrt", 0, 7, 0);
        }
        if (value < 0) {
            value = indexed(word, "pos", 0, 4, 12);
        }
        if (value < 0) {
            value = indexed(word, "param", 0, 31, 32);
        }
        if (value < 0) {
            throw new AsmSyntaxException(at, "invalid exp target");
        }
        // Targets by generation, as llvm-mc accepts them: pos4 and prim from GFX10, dual_src_blend from GFX11,
        // param and null before GFX11.
        boolean gfx10 = target.dialect().isGfx10Plus();
        boolean gfx11 = target.dialect().isGfx11Plus();
        boolean supported = value == 16 || value == 20 ? gfx10 : value == 21 || value == 22 ? gfx11
                : value >= 32 || value == 9 ? !gfx11 : true;
        if (!supported) {
            throw new AsmSyntaxException(at, "exp target is not supported on this GPU");
        }
        cur.position(end);
        return value;
    }

    /** {@code prefix} followed by a decimal number in [min, max], as {@code base + number}; else -1. */
    private static long indexed(String word, String prefix, int min, int max, int base) {
        if (!word.startsWith(prefix) || word.length() == prefix.length() || word.length() > prefix.length() + 2) {
            return -1;
        }
        int n = 0;
        for (int i = prefix.length(); i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch < '0' || ch > '9') {
                return -1;
            }
            n = n * 10 + ch - '0';
        }
        return n >= min && n <= max ? base + n : -1;
    }

    /** An interpolation attribute and channel, {@code attr12.y}: ATTR and ATTR_CHAN. */
    private void attribute(Ctx c, AsmCursor cur, int at) {
        long[] attr = attributeText(cur, at);
        c.set("ATTR", attr[0], at);
        c.set("ATTR_CHAN", attr[1], at);
    }

    /** {@code attrN.c}: the attribute number and the channel (x, y, z, w as 0-3). */
    private static long[] attributeText(AsmCursor cur, int at) {
        if (!cur.tryText("attr")) {
            throw new AsmSyntaxException(at, "expected an attribute (attrN.x, .y, .z or .w)");
        }
        long index = 0;
        int digits = 0;
        while (cur.peekRaw(0) >= '0' && cur.peekRaw(0) <= '9' && digits < 9) {
            index = index * 10 + cur.peekRaw(0) - '0';
            cur.position(cur.position() + 1);
            digits++;
        }
        if (digits == 0 || cur.peekRaw(0) != '.') {
            throw new AsmSyntaxException(at, "expected an attribute (attrN.x, .y, .z or .w)");
        }
        cur.position(cur.position() + 1);
        int chan = "xyzw".indexOf(Character.toLowerCase(cur.peekRaw(0)));
        if (chan < 0) {
            throw new AsmSyntaxException(cur.position(), "expected an attribute channel x, y, z or w");
        }
        cur.position(cur.position() + 1);
        if (index > 32) {
            // llvm-mc-22 takes attr0 to attr32 on every target (its disassembler prints any field value)
            throw new AsmSyntaxException(at, "out of bounds interpolation attribute number");
        }
        return new long[] {index, chan};
    }

    /**
     * A branch target: a number (the SIMM16 word offset) or a label. With symbols, as llvm-mc-22 reads it: an
     * absolute expression ({@code s_branch i1+1}) is the offset; a symbol that is not absolute, alone or in
     * parentheses, is a label for {@code labels} to resolve; any other expression ({@code s_branch L0+4}) is an
     * error, "expected an absolute expression or a label".
     */
    private long label(Ctx c, AsmCursor cur, int at, Labels labels) {
        if (cur.symbols() != null) {
            cur.scanNumberOrExpression();
            if (cur.lastWasFloat()) {
                throw new AsmSyntaxException(at, "expected an absolute expression or a label");
            }
            Expr e = cur.lastExpression();
            if (e == null) {
                return cur.lastInteger();
            }
            if (!(e instanceof Expr.Symbol sym) || sym.variant() != null) {
                throw new AsmSyntaxException(at, "expected an absolute expression or a label");
            }
            Long value = labels == null ? null : labels.resolve(sym.name(), at);
            if (value == null) {
                throw new AsmSyntaxException(at, "unknown label " + sym.name());
            }
            return value;
        }
        if (AsmCursor.isIdentifierStart(cur.peek())) {
            int end = cur.identifierEnd();
            String name = cur.text().subSequence(at, end).toString();
            cur.position(end);
            Long value = labels == null ? null : labels.resolve(name, at);
            if (value == null) {
                throw new AsmSyntaxException(at, "unknown label " + name);
            }
            return value;
        }
        return cur.scanInteger();
    }

    /** A whole-dword (or 64-bit) constant: integer bit pattern or a float converted to the operand's format. */
    private long number(AsmCursor cur, Ctx c, Slot s) {
        int at = cur.skipBlanks().position();
        boolean lit = cur.tryWord("lit");
        if (lit) {
            cur.expectChar('(');
        }
        cur.scanNumberOrExpression();
        if (cur.lastExpression() != null) {
            // A constant of its own (MADAK/FMAAK K, SOPK immediate) is no literal fixup in llvm-mc-22.
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        long bits;
        if (cur.lastWasFloat()) {
            OperandType vt = valueType(c, s);
            double d = cur.lastFloat();
            bits = switch (vt) {
                case FP16 -> io.github.amdisa.runtime.syntax.InlineConstants.toHalfBits(d);
                case BF16 -> io.github.amdisa.runtime.syntax.InlineConstants.toBFloat16Bits(d);
                case FP64 -> Double.doubleToRawLongBits(d);
                default -> Float.floatToRawIntBits((float) d) & 0xffffffffL;
            };
        } else {
            bits = cur.lastInteger();
            long max = encoder.fieldMax(c.v, s.field);
            if (bits < 0 && max > 0) {
                bits &= max;
            }
        }
        if (lit) {
            cur.expectChar(')');
        }
        if (bits < 0) {
            throw new AsmSyntaxException(at, "invalid immediate");
        }
        return bits;
    }

    /** Whether the instruction writes a 16-bit VGPR result (its MADMK/MADAK constant is then LLVM's KIMM16). */
    private boolean halfPrecisionResult(Ctx c) {
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ("VDST".equals(isa.operandField(c.v, i))) {
                return isa.operandSize(c.v, i) == 16;
            }
        }
        return false;
    }

    /**
     * The constant of a 16-bit FMAMK/FMAAK (the spec types it OPR_SIMM32 of 32 bits; LLVM's KIMM16): a float is
     * converted to half precision ({@code v_fmamk_f16 v1, v2, 1.5, v3} is K = 0x3e00 with llvm-mc-22), an integer
     * must fit 16 bits, signed or not, and is stored as written (-1 gives 0xffffffff, as llvm-mc encodes it);
     * {@code v_fmamk_f16 v1, v2, 0x10000, v3} is "invalid operand for instruction".
     */
    private static long halfConstant(AsmCursor cur, int at) {
        cur.scanNumber();
        if (cur.lastWasFloat()) {
            return InlineConstants.toHalfBits(cur.lastFloat());
        }
        long v = cur.lastInteger();
        if (v < Short.MIN_VALUE || v > 0xffff) {
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
        return v & 0xffffffffL;
    }

    /** The value type of an operand, as {@code LlvmSyntax.valueType} decides it. */
    private OperandType valueType(Ctx c, Slot s) {
        if (s.size == 64 && c.family.equals("VOP3P") && LlvmSyntax.packedF32(c.name)) {
            return OperandType.FP32; // v2f32 sources (LlvmSyntax.packedF32)
        }
        if (LlvmSyntax.gfx10AlignSource2(isa, c.v, s.operand)) {
            return OperandType.INT32; // a 32-bit source in LLVM's GFX10 definitions (LlvmSyntax.gfx10AlignSource2)
        }
        OperandType t = valueType(isa.operandFormat(c.v, s.operand), s.size);
        if (c.family.equals("VOP3P") && s.size == 32 && c.name.contains("_MIX") && s.sourceType) {
            // LLVM types the mix sources f16 (as LlvmSyntax prints them): 0x3c00 is the inline 1.0, 1.1 the literal
            // 0x3c66, and a literal that does not fit 16 bits is rejected.
            return OperandType.FP16;
        }
        if (t.bits() == 16 && c.family.startsWith("SOP")) {
            // Scalar 16-bit operands read 32-bit sources: hex values are literals, floats are f32 constants.
            return OperandType.INT32;
        }
        if (t.bits() == 16 && s.size == 32 && (c.family.startsWith("VOP3P") || !LlvmSyntax.gfx10(isa))) {
            // packed or whole (as LlvmSyntax.valueType: on GFX10 outside VOP3P it is the 16-bit value)
            return c.family.startsWith("SOP") ? OperandType.INT32 : t == OperandType.INT16 ? OperandType.V2INT16
                    : t == OperandType.FP16 ? OperandType.V2FP16 : OperandType.V2BF16;
        }
        return t == OperandType.INT16 && c.family.startsWith("SOP") ? OperandType.INT32 : t;
    }

    static OperandType valueType(String format, int size) {
        return switch (format) {
            case "FMT_NUM_F16" -> OperandType.FP16;
            case "FMT_NUM_BF16" -> OperandType.BF16;
            case "FMT_NUM_I16", "FMT_NUM_U16", "FMT_NUM_B16" -> OperandType.INT16;
            case "FMT_NUM_F32" -> OperandType.FP32;
            case "FMT_NUM_F64" -> OperandType.FP64;
            case "FMT_NUM_I64", "FMT_NUM_U64", "FMT_NUM_B64" -> OperandType.INT64;
            case "FMT_NUM_PK2_F16" -> OperandType.V2FP16;
            case "FMT_NUM_PK2_BF16" -> OperandType.V2BF16;
            case "FMT_NUM_PK2_I16", "FMT_NUM_PK2_U16" -> OperandType.V2INT16;
            default -> size == 64 ? OperandType.INT64 : size == 16 ? OperandType.INT16 : OperandType.INT32;
        };
    }

    // ----------------------------------------------------------------------------------------------- modifiers

    private void modifiers(Ctx c, AsmCursor cur) {
        boolean fiSeen = false;
        java.util.Set<String> seen = null; // made for the first modifier: most statements have none
        while (!cur.atEnd()) {
            int at = cur.position();
            if (cur.tryChar(',')) {
                at = cur.skipBlanks().position();
            }
            String name = modifierName(cur);
            if (name != null && seen == null) {
                seen = new java.util.HashSet<>();
            }
            if (name != null && !seen.add(name)) {
                throw new AsmSyntaxException(at, CACHE_POLICY_BITS.contains(name) ? "duplicate cache policy modifier"
                        : "invalid operand for instruction");
            }
            if (c.interpAttr && cur.tryWord("high")) {
                c.or("SRC0", 0x100, at);
                continue;
            }
            if (c.vop3() && target.dialect().isGfx12Plus() && LlvmSyntax.byteSel(c.name)) {
                int b = Vop3Modifiers.tryParseByteSel(cur);
                if (b >= 0) {
                    c.set("OP_SEL", LlvmSyntax.byteSelToOpSel(c.name, b), at);
                    continue;
                }
            }
            if (c.vop3() && LlvmSyntax.scaleSel(c.name) && cur.tryText("scale_sel:")) {
                int sel = cur.skipBlanks().position();
                long v = cur.scanInteger();
                if (v < 0 || v > 15) {
                    throw new AsmSyntaxException(sel, "invalid scale_sel value.");
                }
                c.set("OP_SEL", v, at);
                continue;
            }
            if (Vop3Modifiers.tryParseClamp(cur)) {
                if (c.vop3() && LlvmSyntax.scaledConversion(c.name)) {
                    throw new AsmSyntaxException(at, "invalid operand for instruction"); // LLVM's have no clamp
                }
                if (c.vop3() && LlvmSyntax.bitop3(c.name)) {
                    throw new AsmSyntaxException(at, "invalid operand for instruction"); // LLVM's bitop3 has no clamp
                }
                if (c.vop3() && c.gfx9() && LlvmSyntax.gfx940Fp8Pack(c.name)) {
                    // gfx940's V_CVT_PK/SR_FP8/BF8_F32: llvm-mc-22 -mcpu=gfx942/gfx950 rejects clamp and decodes no
                    // word with the bit set.
                    throw new AsmSyntaxException(at, "invalid operand for instruction");
                }
                if (wmma(c) && floatingResult(c) || c.vop3() && !c.gfx9() && (vop3Mods(c) & CLAMP_OK) == 0) {
                    // GFX11/GFX12 WMMA and SWMMAC clamp only integer results (llvm-mc-22 rejects clamp on
                    // v_wmma_f32_16x16x16_f16 and v_swmmac_f32_16x16x32_f16, takes it on the iu8/iu4 forms); other
                    // VOP3 forms by their operand formats (vop3Mods).
                    throw new AsmSyntaxException(at, "invalid operand for instruction");
                }
                c.set("CLAMP", 1, at);
                continue;
            }
            if (wmma(c) && (target.dialect() != Dialect.GFX11 || !halfResult(c))) {
                // op_sel selects the half of a 16-bit GFX11 WMMA result; f32/i32 results and GFX12's packed 16-bit
                // results have none (llvm-mc-22: "not a valid operand." for v_wmma_f32_16x16x16_f16 ... op_sel:[0,0,1]).
                int save = cur.position();
                boolean opSel = cur.tryText("op_sel") && !cur.tryText("_hi");
                cur.position(save);
                if (opSel) {
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
            }
            if (c.vop3() && LlvmSyntax.permlaneSwap(c.name) && c.has("OP_SEL")) {
                // fi and bound_ctrl in OP_SEL bits 0 and 1 (LlvmSyntax.permlaneSwap); bound_ctrl:0 sets the bit on
                // gfx950 too, as for GFX9 DPP (Dpp.tryParseBoundCtrl), which llvm-mc-22 does. The bits are not
                // written as op_sel (llvm-mc-22: "not a valid operand.").
                if (cur.tryText("op_sel")) {
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
                int bound = Dpp.tryParseBoundCtrl(cur, target);
                int fi = bound < 0 ? Dpp.tryParseFetchInactive(cur) : -1;
                if (bound >= 0 && fiSeen || fi >= 0 && fiSeen) {
                    // llvm-mc-22 takes bound_ctrl before fi, each once (fi:1 bound_ctrl:1 is "not a valid operand.")
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
                fiSeen |= fi >= 0;
                if (bound >= 0 || fi >= 0) {
                    long opSel = c.fields.getOrDefault("OP_SEL", 0L);
                    c.set("OP_SEL", bound >= 0 ? opSel & ~2L | (long) bound << 1 : opSel & ~1L | fi, at);
                    continue;
                }
            }
            boolean bitop3 = c.vop3() && LlvmSyntax.bitop3(c.name);
            if (bitop3 && cur.tryText("bitop3:")) {
                // The truth table (LlvmSyntax.bitop3): 8 bits spread over NEG, ABS and OMOD; LLVM keeps the low 8
                // bits of the number (bitop3:256 is 0, bitop3:-1 is 0xff), takes it once and before op_sel.
                if (c.fields.containsKey("OP_SEL") || c.fields.containsKey("OMOD")) {
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
                long table = cur.scanInteger() & 0xff;
                c.set("NEG", table & 7, at);
                c.set("ABS", table >>> 3 & 7, at);
                c.set("OMOD", table >>> 6 & 3, at);
                continue;
            }
            int omod = bitop3 ? -1 : Vop3Modifiers.tryParseOmod(cur);
            if (omod >= 0 && c.vop3() && LlvmSyntax.scaledConversion(c.name)) {
                throw new AsmSyntaxException(at, "not a valid operand.");
            }
            if (omod >= 0) {
                if (c.vop3() && !c.gfx9() && (vop3Mods(c) & OMOD_OK) == 0) {
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
                c.set("OMOD", omod, at);
                continue;
            }
            if (gfx950ScaledMatrix(c) && cur.tryText("abid:")) {
                throw new AsmSyntaxException(at, "not a valid operand.");
            }
            if (c.vop3() && target.dialect() == io.github.amdisa.runtime.Dialect.GFX10
                    && (vop3Mods(c) & OPSEL_OK) == 0 && cur.tryText("op_sel:")) {
                throw new AsmSyntaxException(at, "not a valid operand.");
            }
            if (c.family.equals("VOP3P") && target.dialect() == io.github.amdisa.runtime.Dialect.GFX10
                    && !halfLanes(c) && (cur.tryText("op_sel:") || cur.tryText("op_sel_hi:"))) {
                // VOP3P instructions without 16-bit lanes (v_dot4_i32_i8, v_dot8_u32_u4: packed 8- and 4-bit data)
                // select no halves (llvm-mc-22 on gfx1030: "not a valid operand.")
                throw new AsmSyntaxException(at, "not a valid operand.");
            }
            if (c.family.equals("VOP3P") && gfx1250Matrix(c) && matrixModifier(c, cur, at)) {
                continue;
            }
            if (c.gfx9() && c.family.equals("VOP3P") && c.name.startsWith("V_DOT")) {
                dotOpSel(c, cur, at);
            }
            if (c.family.equals("VOP3P") && LlvmSyntax.gfx12IndexKey(target, c.name) && cur.tryText("index_key:")) {
                if (c.name.equals("V_SWMMAC_I32_16X16X64_IU4")) {
                    throw new AsmSyntaxException(at, "not a valid operand.");
                }
                int key = cur.skipBlanks().position();
                long v = cur.scanInteger();
                if (v < 0 || v > (waveSize == 64 && !c.name.contains("_IU4") ? 3 : 1)) {
                    // llvm-mc-22: 0-1 in wave32, 0-3 in wave64 but for the iu4 ones
                    throw new AsmSyntaxException(key, "out of range index_key");
                }
                c.set("OP_SEL", v, at);
                continue;
            }
            if (bitArray(c, cur, "op_sel_hi", "OP_SEL_HI", at) || bitArray(c, cur, "op_sel", "OP_SEL", at)
                    || bitArray(c, cur, "neg_lo", "NEG", at) || bitArray(c, cur, "neg_hi", "NEG_HI", at)) {
                continue;
            }
            if (c.kind.startsWith("DPP") || c.kind.equals("DPP")) {
                if (c.kind.equals("DPP8")) {
                    int sel = Dpp.tryParseDpp8(cur);
                    if (sel >= 0) {
                        for (int i = 0; i < 8; i++) {
                            c.set("LANE_SEL_" + i, sel >>> 3 * i & 7, at);
                        }
                        continue;
                    }
                    int fi = Dpp.tryParseFetchInactive(cur);
                    if (fi >= 0) {
                        c.fields.put("SRC0", fi != 0 ? 234L : 233L);
                        continue;
                    }
                } else {
                    int ctrl = Dpp.tryParseCtrl(cur, target);
                    if (ctrl >= 0) {
                        c.set("DPP_CTRL", ctrl, at);
                        continue;
                    }
                    int m = Dpp.tryParseRowMask(cur);
                    if (m >= 0) {
                        c.set("ROW_MASK", m, at);
                        continue;
                    }
                    m = Dpp.tryParseBankMask(cur);
                    if (m >= 0) {
                        c.set("BANK_MASK", m, at);
                        continue;
                    }
                    m = Dpp.tryParseBoundCtrl(cur, target);
                    if (m >= 0) {
                        c.set("BOUND_CTRL", m, at);
                        continue;
                    }
                    m = Dpp.tryParseFetchInactive(cur);
                    if (m >= 0) {
                        c.set("FI", m, at);
                        continue;
                    }
                }
            }
            if (c.kind.equals("SDWA")) {
                int sel = Sdwa.tryParseSel(cur, "dst_sel");
                if (sel >= 0) {
                    c.set("DST_SEL", sel, at);
                    continue;
                }
                sel = Sdwa.tryParseDstUnused(cur);
                if (sel >= 0) {
                    c.set("DST_UNUSED", sel, at);
                    continue;
                }
                sel = Sdwa.tryParseSel(cur, "src0_sel");
                if (sel >= 0) {
                    c.set("SRC0_SEL", sel, at);
                    continue;
                }
                sel = Sdwa.tryParseSel(cur, "src1_sel");
                if (sel >= 0) {
                    c.set("SRC1_SEL", sel, at);
                    continue;
                }
            }
            if (memoryModifier(c, cur, at)) {
                continue;
            }
            throw new AsmSyntaxException(at, "invalid operand for instruction");
        }
    }

    /**
     * GFX9 VOP3P dot instructions' op_sel/op_sel_hi, as llvm-mc-22 reads them: the integer dot4/dot8 have neither
     * ("not a valid operand."); on gfx940+ the others take no op_sel_hi at all and only a zero op_sel ("invalid
     * op_sel operand", located at the mnemonic for op_sel_hi, at the op_sel otherwise).
     */
    private void dotOpSel(Ctx c, AsmCursor cur, int at) {
        int save = cur.position();
        boolean hi = cur.tryText("op_sel_hi:");
        boolean lo = !hi && cur.tryText("op_sel:");
        if (!hi && !lo) {
            return;
        }
        if (c.name.startsWith("V_DOT4_") || c.name.startsWith("V_DOT8_")) {
            throw new AsmSyntaxException(at, "not a valid operand.");
        }
        if (target.isGfx940()) {
            if (hi) {
                throw new AsmSyntaxException(0, "invalid op_sel operand");
            }
            cur.expectChar('[');
            do {
                if (cur.scanInteger(0, 1) != 0) {
                    throw new AsmSyntaxException(at, "invalid op_sel operand");
                }
            } while (cur.tryChar(','));
        }
        cur.position(save);
    }

    /** A gfx1250 matrix instruction whose OP_SEL/OP_SEL_HI bits LLVM spells as matrix modifiers. */
    /** A GFX11/GFX12 WMMA or SWMMAC (gfx1250's matrix instructions have their own modifiers). */
    private boolean wmma(Ctx c) {
        return c.family.equals("VOP3P") && (c.name.startsWith("V_WMMA_") || c.name.startsWith("V_SWMMAC_"))
                && !gfx1250Matrix(c);
    }

    /** The format of the destination (VDST) operand, or null. */
    private String resultFormat(Ctx c) {
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ("VDST".equals(isa.operandField(c.v, i))) {
                return isa.operandFormat(c.v, i);
            }
        }
        return null;
    }

    /** Whether the result elements are floating point (FMT_WMMA_DC_F32, FMT_WMMA_DC_16X16_BF16, FMT_NUM_F16...). */
    private boolean floatingResult(Ctx c) {
        String f = resultFormat(c);
        return f != null && (f.endsWith("F32") || f.endsWith("F16") || f.endsWith("F64"));
    }

    /** Whether the result elements are 16-bit (F16/BF16/I16/U16). */
    private boolean halfResult(Ctx c) {
        String f = resultFormat(c);
        return f != null && (f.endsWith("F16") || f.endsWith("I16") || f.endsWith("U16") || f.endsWith("B16"));
    }

    private boolean gfx1250Matrix(Ctx c) {
        return isa.llvmTarget().equals("gfx1250") && LlvmSyntax.gfx1250Wmma(c.name);
    }

    /**
     * gfx1250 matrix modifiers as llvm-mc-22 spells them: index_key:N (OP_SEL bits 0-1), matrix_a_reuse (OP_SEL bit
     * 2), matrix_b_reuse (OP_SEL_HI bit 2), and for F8F6F4 matrix_a_fmt / matrix_b_fmt (OP_SEL, OP_SEL_HI; a name
     * MATRIX_FMT_* or a number).
     */
    private boolean matrixModifier(Ctx c, AsmCursor cur, int at) {
        if (cur.tryText("matrix_a_reuse")) {
            c.set("OP_SEL", c.fields.getOrDefault("OP_SEL", 0L) | 4, at);
            return true;
        }
        if (cur.tryText("matrix_b_reuse")) {
            c.set("OP_SEL_HI", c.fields.getOrDefault("OP_SEL_HI", 3L) | 4, at);
            return true;
        }
        if (cur.tryText("index_key:")) {
            c.set("OP_SEL", c.fields.getOrDefault("OP_SEL", 0L) & ~3L | cur.scanInteger(0, 3), at);
            return true;
        }
        boolean a = cur.tryText("matrix_a_fmt:");
        if (a || cur.tryText("matrix_b_fmt:")) {
            int p = cur.skipBlanks().position();
            int end = cur.identifierEnd();
            long fmt = -1;
            String[] names = {"MATRIX_FMT_FP8", "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6", "MATRIX_FMT_FP4"};
            for (int i = 0; i < names.length && end > p; i++) {
                if (cur.regionEquals(p, end, names[i])) {
                    fmt = i;
                    cur.position(end);
                }
            }
            if (fmt < 0) {
                fmt = cur.scanInteger(0, 7);
            }
            c.set(a ? "OP_SEL" : "OP_SEL_HI", fmt, at);
            return true;
        }
        return false;
    }

    private boolean bitArray(Ctx c, AsmCursor cur, String name, String field, int at) {
        int save = cur.position();
        if (!cur.tryText(name + ":")) {
            return false;
        }
        if (!c.has(field)) {
            cur.position(save);
            throw new AsmSyntaxException(at, name + " is not valid for this encoding");
        }
        if (field.equals("OP_SEL") && c.family.equals("VOP3P") && LlvmSyntax.gfx12IndexKey(target, c.name)) {
            cur.position(save);
            throw new AsmSyntaxException(at, "not a valid operand."); // its OP_SEL bits are index_key
        }
        if (field.equals("OP_SEL") && c.vop3() && (LlvmSyntax.permlaneSwap(c.name) || LlvmSyntax.scaleSel(c.name)
                || target.dialect().isGfx12Plus() && LlvmSyntax.byteSel(c.name))) {
            cur.position(save);
            // its OP_SEL bits are fi/bound_ctrl, scale_sel or byte_sel
            throw new AsmSyntaxException(at, "not a valid operand.");
        }
        if (field.equals("OP_SEL") && c.vop3() && !LlvmSyntax.permlane16(c.name) && !c.name.contains("PERMLANE")
                && !c.name.contains("FP8") && !c.name.contains("BF8")
                && (!narrowOperands(c) || c.gfx9() && c.name.contains("_LEGACY_"))) {
            // A VOP3 instruction whose operands are all 32 bits or wider has no op_sel in LLVM (llvm-mc-22 rejects
            // v_add3_u32 v5, v1, v2, v3 op_sel:[1,0,0,0] from gfx908 to gfx1250, "not a valid operand.").
            cur.position(save);
            throw new AsmSyntaxException(at, "not a valid operand.");
        }
        cur.expectChar('[');
        int bits = 0;
        int i = 0;
        do {
            if (i == 4) {
                throw cur.error("too many elements in " + name);
            }
            bits |= cur.scanInteger(0, 1) << i++;
        } while (cur.tryChar(','));
        cur.expectChar(']');
        if (field.equals("OP_SEL") && !c.family.equals("VOP3P") && i == c.srcIndex + 1 && i < 4
                && encoder.fieldMax(c.v, field) == 15 && !LlvmSyntax.permlane16(c.name)) {
            // VOP3 op_sel lists the sources, then the destination, whose bit is 3 whatever the source count
            // (llvm-mc-22: v_add_nc_u16 v5, v1, v2 op_sel:[0,1,1] sets bits 1 and 3).
            int dst = 1 << (i - 1);
            bits = bits & ~dst | ((bits & dst) != 0 ? 8 : 0);
        }
        if (field.equals("OP_SEL_HI") && gfx950ScaledMatrix(c)) {
            // The scale sources' op_sel_hi: llvm-mc-22 reads three elements and keeps the first two (the field's
            // bits), printing the third as 0.
            bits &= (int) encoder.fieldMax(c.v, field);
        }
        if (field.equals("OP_SEL_HI") && c.family.equals("VOP3P") && !noOpSelHi(c.name)) {
            // LLVM keeps the bits of sources the instruction does not have at 1.
            for (int k = c.srcIndex; k < 3; k++) {
                bits |= 1 << k;
            }
            bits &= (int) encoder.fieldMax(c.v, field);
        }
        c.set(field, bits, at);
        return true;
    }

    /**
     * Whether a VOP3 variant has an operand narrower than 32 bits (16-bit halves; the 8-bit byte select of CDNA's
     * v_alignbyte_b32, which takes op_sel in LLVM) or is V_PK_ASHR*: the instructions op_sel may apply to.
     */
    private boolean narrowOperands(Ctx c) {
        if (LlvmSyntax.vop3HalfOperands(isa, c.v)) {
            return true;
        }
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ((isa.operandFlags(c.v, i) & InstructionSet.IMPLICIT) == 0 && isa.operandField(c.v, i) != null
                    && isa.operandSize(c.v, i) < 32) {
                return true;
            }
        }
        return false;
    }

    private boolean memoryModifier(Ctx c, AsmCursor cur, int at) {
        int save = cur.position();
        int end = cur.identifierEnd();
        if (end == save) {
            return false;
        }
        String word = cur.text().subSequence(save, end).toString();
        cur.position(end);
        boolean valued = cur.peekRaw(0) == ':';
        if (word.equals("inst_offset") && (c.global || c.scratch)) {
            // LLVM's other name of a FLAT/global/scratch offset (llvm-mc-22 takes flat_atomic_add v[3:4], v5
            // inst_offset:8 slc on gfx908 and global_load_b32 v1, v[3:4], off inst_offset:8 on gfx1200, and rejects
            // it on buffer and DS instructions: "not a valid operand.").
            word = "offset";
        }
        switch (word) {
            case "offset", "offset0", "offset1", "dmask", "dim", "format", "th", "scope" -> {
                if (!valued) {
                    throw new AsmSyntaxException(at, "expected ':' after " + word);
                }
            }
            default -> {
            }
        }
        switch (word) {
            case "offset" -> {
                cur.expectChar(':');
                long off = c.name.equals("DS_SWIZZLE_B32") && DsSwizzle.at(cur) ? DsSwizzle.parse(cur)
                        : cur.scanInteger();
                if (c.has("SOFFSET_EN") && c.has("IMM")) {
                    // GFX9 SMEM with an SGPR offset and an immediate one (s_load_dword s1, s[2:3], s4 offset:0x10):
                    // the SGPR moves to SOFFSET (SOFFSET_EN), the immediate takes OFFSET (IMM).
                    if (c.fields.getOrDefault("IMM", 1L) != 0 || c.fields.getOrDefault("SOFFSET_EN", 0L) != 0
                            || off < -0x100000 || off > 0xfffff) {
                        throw new AsmSyntaxException(at, "invalid operand for instruction");
                    }
                    c.set("SOFFSET", c.fields.get("OFFSET"), at);
                    c.set("SOFFSET_EN", 1, at);
                    c.set("IMM", 1, at);
                    c.set("OFFSET", off, at);
                    return true;
                }
                if (c.has("OFFSET0") && c.has("OFFSET1") && !c.has("OFFSET")) {
                    if (off < 0 || off > 0xffff) {
                        throw new AsmSyntaxException(at, "invalid offset");
                    }
                    c.set("OFFSET0", off & 0xff, at);
                    c.set("OFFSET1", off >>> 8, at);
                } else {
                    String field = c.has("IOFFSET") ? "IOFFSET" : "OFFSET";
                    if (c.buffer && c.has("IOFFSET") && (off < 0 || off > 0x7fffff)) {
                        // GFX12 buffer offsets are 23-bit unsigned though the IOFFSET field has 24 bits.
                        throw new AsmSyntaxException(at, "expected a 23-bit unsigned offset for buffer ops");
                    }
                    smemImmediateRange(c, field, off, at);
                    flatSegmentOffsetRange(c, off, at);
                    c.set(field, off, at);
                }
                return true;
            }
            case "offset0", "offset1", "dmask" -> {
                cur.expectChar(':');
                c.set(word.toUpperCase(Locale.ROOT), cur.scanInteger(), at);
                return true;
            }
            case "format" -> {
                cur.position(save);
                int fmt = MemoryModifiers.tryParseFormat(cur, target);
                if (c.has("FORMAT")) {
                    c.set("FORMAT", fmt, at);
                } else {
                    c.set("DFMT", fmt & 15, at);
                    c.set("NFMT", fmt >>> 4, at);
                }
                return true;
            }
            case "dim" -> {
                cur.position(save);
                c.set("DIM", MemoryModifiers.tryParseDim(cur), at);
                return true;
            }
            case "th" -> {
                cur.position(save);
                MemoryModifiers.Access access = c.name.contains("ATOMIC") ? MemoryModifiers.Access.ATOMIC
                        : c.name.contains("STORE") || c.name.contains("WRITE") || c.name.equals("TENSOR_SAVE")
                        ? MemoryModifiers.Access.STORE : MemoryModifiers.Access.LOAD;
                c.set("TH", MemoryModifiers.tryParseTemporalHint(cur, access), at);
                return true;
            }
            case "scope" -> {
                cur.position(save);
                c.set("SCOPE", MemoryModifiers.tryParseScope(cur), at);
                return true;
            }
            default -> {
                String field = word.toUpperCase(Locale.ROOT);
                if (valued) {
                    // Any other NAME:value whose field the encoding has (wait_vdst:, wait_exp:, ...).
                    if (!c.has(field)) {
                        cur.position(save);
                        return false;
                    }
                    cur.expectChar(':');
                    c.set(field, cur.scanInteger(), at);
                    return true;
                }
                if (word.startsWith("no") && word.length() > 2 && !valued) {
                    // LLVM's negated flags (nosc0, nont, noglc, ...): the bit stays clear.
                    String bit = word.substring(2);
                    String cleared = cacheBitField(c, bit);
                    if (cleared == null && !(c.gfx9() && GFX9_CACHE_SPELLINGS.contains(bit))) {
                        cleared = bit.toUpperCase(Locale.ROOT);
                    }
                    if (cleared != null && c.has(cleared) && flag(cleared)) {
                        c.set(cleared, 0, at);
                        return true;
                    }
                    cur.position(save);
                    return false;
                }
                String cache = cacheBitField(c, word);
                if (cache != null) {
                    field = cache;
                } else if (c.gfx9() && GFX9_CACHE_SPELLINGS.contains(word)) {
                    cur.position(save); // a spelling the target does not use (sc0 on gfx908, scc before gfx90a)
                    return false;
                }
                if (field.equals("LDS") && (c.buffer || c.global || c.scratch) && !target.dialect().isGfx11Plus()) {
                    // Only LLVM's LDS-DMA loads take lds (see parse); the gfx908/gfx90a FLAT bit is named SVE.
                    if (!c.ldsForm) {
                        throw new AsmSyntaxException(at, "invalid operand for instruction");
                    }
                    c.set(c.has("LDS") ? "LDS" : "SVE", 1, at);
                    return true;
                }
                if (!c.has(field) || !flag(field)) {
                    cur.position(save);
                    return false;
                }
                if (field.equals("TFE") && c.buffer && bufferStore(c)) {
                    // (llvm-mc-22 on every target; the data of a store is not widened for a status dword)
                    throw new AsmSyntaxException(at, "TFE modifier has no meaning for store instructions");
                }
                if (field.equals("GDS") && target.isGfx90aPlus()) {
                    // The CDNA 2-4 reconstructions keep the DS GDS bit; LLVM has no GDS on gfx90a+.
                    throw new AsmSyntaxException(at, "gds modifier is not supported on this GPU");
                }
                if (field.equals("NV") && target.dialect().isGfx12Plus() && !isa.llvmTarget().equals("gfx1250")) {
                    // The RDNA4 reconstruction keeps the NV bit of SMEM and the VMEM encodings; llvm-mc-22 takes nv on
                    // gfx1250 only among the GFX12 targets (s_load_b32 s5, s[2:3], 0x40 nv on gfx1200).
                    throw new AsmSyntaxException(at, "nv is not supported on this GPU");
                }
                c.set(field, 1, at);
                return true;
            }
        }
    }

    /**
     * The field of a GFX9-GFX11 cache-policy word spelled as the target spells it (glc/slc/scc, gfx940+ vector memory
     * sc0/nt/sc1), whichever name the spec gives the bit: the reconstructed CDNA 1/2 specs name gfx908/gfx90a's
     * GLC/SLC/SCC bits SC0/NT/SC1. Null when the word is not such a keyword or the encoding has no such bit.
     */
    private String cacheBitField(Ctx c, String word) {
        boolean gfx940 = target.isGfx940();
        boolean smem = c.family.contains("SMEM");
        String[] names;
        if (word.equals(gfx940 && !smem ? "sc0" : "glc")) {
            names = new String[] {"GLC", "SC0"};
        } else if (word.equals(gfx940 ? "nt" : "slc")) {
            names = new String[] {"SLC", "NT"};
        } else if (target.isGfx90aPlus() && word.equals(gfx940 ? "sc1" : "scc")) {
            names = new String[] {"SCC", "SC1"};
        } else {
            return null;
        }
        for (String n : names) {
            if (c.has(n)) {
                return n;
            }
        }
        return null;
    }

    /** One-bit modifier fields written as a bare word. */
    private static boolean flag(String field) {
        return switch (field) {
            case "GLC", "SLC", "DLC", "SC0", "SC1", "NT", "SCC", "TFE", "LWE", "LDS", "GDS", "IDXEN", "OFFEN", "D16",
                    "A16", "R128", "UNORM", "NV", "DONE", "VM", "COMPR", "ROW_EN", "DA" -> true;
            default -> false;
        };
    }

    /** LLVM's defaults for controls the text may omit. */
    private void defaults(Ctx c) {
        if ((c.global || c.scratch) && c.has("SADDR") && target.dialect().isGfx12Plus()) {
            // A GFX12 global/scratch instruction without an address (global_wb, global_inv, global_wbinv, gfx1250's
            // tensor_stop): llvm-mc-22 writes SADDR null (0x7c), as for an address with off.
            c.fields.putIfAbsent("SADDR", (long) target.nullEncoding());
        }
        if (c.kind.equals("DPP16") || c.kind.equals("DPP")) {
            c.fields.putIfAbsent("ROW_MASK", 15L);
            c.fields.putIfAbsent("BANK_MASK", 15L);
        }
        if (c.kind.equals("SDWA")) {
            if (!c.family.equals("VOPC")) {
                c.fields.putIfAbsent("DST_SEL", 6L);
                c.fields.putIfAbsent("DST_UNUSED", 2L);
            }
            c.fields.putIfAbsent("SRC0_SEL", 6L);
            if (!c.family.equals("VOP1") && c.has("SRC1_SEL")) {
                c.fields.putIfAbsent("SRC1_SEL", 6L);
            }
            c.fields.keySet().removeIf(f -> !c.has(f));
        }
        if ((c.name.endsWith("_BVH_INTERSECT_RAY") || c.name.endsWith("_BVH64_INTERSECT_RAY")) && c.has("GLC")
                && c.has("DMASK") && c.has("R128")) {
            // The ray intersection instructions have no dmask or r128 operand: LLVM encodes DMASK 0xf, UNORM and R128
            // (image_bvh_intersect_ray v[4:7], v[9:19], s[4:7] is 0x01,0x9f,0x98,0xf1,...).
            c.fields.putIfAbsent("DMASK", 15L);
            c.fields.putIfAbsent("R128", 1L);
            if (c.has("UNORM")) {
                c.fields.putIfAbsent("UNORM", 1L);
            }
        }
        if (c.family.equals("VOP3P") && c.has("OP_SEL_HI") && !c.fields.containsKey("OP_SEL_HI")) {
            // LLVM's default op_sel_hi is all ones for the sources the instruction has (none for the mix and
            // dot instructions, whose OP_SEL_HI bits mean something else).
            // MFMA/SMFMAC get no default: their OP_SEL_HI bits are the ACC bits that select AGPR sources.
            boolean matrix = c.name.startsWith("V_MFMA") || c.name.startsWith("V_SMFMAC");
            if (gfx1250Matrix(c)) {
                // gfx1250 matrices: bits 0-1 set (LLVM decodes no word without them), bit 2 is matrix_b_reuse;
                // for F8F6F4 the field is matrix_b_fmt, FP8 (0) by default.
                c.fields.put("OP_SEL_HI", c.name.endsWith("_F8F6F4") ? 0L : 3L);
            } else if (!matrix) {
                long ones = c.name.contains("_MIX") ? 0 : 7;
                c.fields.put("OP_SEL_HI", ones & encoder.fieldMax(c.v, "OP_SEL_HI"));
            }
        }
        if (gfx950ScaledMatrix(c)) {
            // The first dword is LLVM's v_mfma_ld_scale_b32 (VOP3P opcode 0x2c, not in the CDNA4 spec: X2ENCODING
            // is a plain field there), and llvm-mc-22 sets ABID bit 0 of the MFMA dword (it decodes no scaled
            // MFMA without it, and takes no abid: operand): v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11],
            // v[12:19], v[20:23], v24, v25 is [0x00,0x00,0xac,0xd3,...,0x00,0x08,0xad,0xd3,...].
            c.fields.putIfAbsent("X2ENCODING", GFX950_MFMA_LD_SCALE_WORD);
            c.fields.put("ABID", 1L);
        }
        if (c.has("FORMAT") && !c.fields.containsKey("FORMAT")
                && (c.family.equals("VBUFFER") || c.family.equals("MTBUF"))) {
            c.fields.put("FORMAT", 1L);
        }
        if (c.has("DFMT") && !c.fields.containsKey("DFMT")) {
            c.fields.put("DFMT", 1L);
        }
        if ((c.family.equals("FLAT") || c.family.equals("VFLAT")) && !c.gfx9() && c.has("SADDR")
                && !c.fields.containsKey("SADDR")) {
            // FLAT (not GLOBAL/SCRATCH) on GFX10+: LLVM writes NULL into the SGPR address field it does not print.
            c.fields.put("SADDR", (long) target.nullEncoding());
        }
        if (c.vop3() && !c.gfx9() && c.name.startsWith("V_CMPX") && c.has("VDST")
                && !c.fields.containsKey("VDST")) {
            // GFX10+ VOP3 V_CMPX writes EXEC; LLVM fills the unprinted destination with EXEC_LO's code.
            c.fields.put("VDST", 126L);
        }
    }

    /**
     * 0 or 1 when {@code field} is the A or B matrix of an F8F6F4 matrix instruction (gfx950 MFMA and scaled MFMA,
     * gfx1250 WMMA), whose tuple is as wide as the matrix format needs ({@link LlvmSyntax#f8f6f4MatrixBits}); -1
     * otherwise.
     */
    private int f8f6f4Matrix(Ctx c, String field) {
        if (!c.name.endsWith("_F8F6F4") || !("SRC0".equals(field) || "SRC1".equals(field))
                || !(c.family.equals("VOP3P") || c.family.equals("VOP3PX2"))
                || !(c.gfx9() || gfx1250Matrix(c))) {
            return -1;
        }
        return field.charAt(3) - '0';
    }

    /**
     * The F8F6F4 A and B tuples against their formats, once the modifiers are read: gfx950's cbsz (A) and blgp (B),
     * gfx1250's matrix_a_fmt and matrix_b_fmt; FP6/BF6 take three quarters of the FP8 registers, FP4 half
     * (llvm-mc-22: "wrong register tuple size for cbsz value 4", "... for MATRIX_FMT_FP4").
     */
    private void f8f6f4Widths(Ctx c) {
        for (int m = 0; m < 2; m++) {
            if (c.matrixRegs[m] == 0) {
                continue;
            }
            String field = c.gfx9() ? (m == 0 ? "CBSZ" : "BLGP") : (m == 0 ? "OP_SEL" : "OP_SEL_HI");
            int fmt = (int) (c.fields.getOrDefault(field, 0L) & 7);
            int full = Math.max(1, (slotSize(c, "SRC" + m) + 31) / 32);
            int need = full * LlvmSyntax.f8f6f4MatrixBits(fmt) / 512;
            if (c.matrixRegs[m] != need) {
                String what = c.gfx9() ? (m == 0 ? "cbsz" : "blgp") + " value " + fmt
                        : fmt < FMT_NAMES.length ? FMT_NAMES[fmt] : "matrix format " + fmt;
                throw new AsmSyntaxException(c.matrixAt[m], "wrong register tuple size for " + what);
            }
        }
    }

    private static final String[] FMT_NAMES = {"MATRIX_FMT_FP8", "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6",
            "MATRIX_FMT_FP4"};

    /** The spec's size in bits of the operand in {@code field}, or 0. */
    private int slotSize(Ctx c, String field) {
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if (field.equals(isa.operandField(c.v, i))) {
                return isa.operandSize(c.v, i);
            }
        }
        return 0;
    }

    /** The high half of gfx950's v_mfma_ld_scale_b32 word: VOP3P's encoding bits and opcode 0x2c (LLVM). */
    private static final long GFX950_MFMA_LD_SCALE_WORD = 0xd3acL;

    /** gfx950's scaled MFMAs (ENC_VOP3PX2: a v_mfma_ld_scale_b32 dword, then the MFMA dwords). */
    private boolean gfx950ScaledMatrix(Ctx c) {
        return c.family.equals("VOP3PX2") && c.gfx9() && c.has("X2ENCODING");
    }

    private static boolean noOpSelHi(String name) {
        return name.contains("_MIX") || name.contains("IU8") || name.contains("IU4") || name.contains("_I32_I8")
                || name.contains("_U32_U8") || name.contains("_I32_I4") || name.contains("_U32_U4");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /**
     * Which output modifiers a VOP3 variant takes in LLVM's syntax, from the spec's operand formats (computed once per
     * variant; measured with llvm-mc-22 on every VOP3 instruction of gfx1030, gfx1100 and gfx1200):
     * <ul>
     * <li>omod ({@code mul:2}, {@code div:2}) where the destination is a float VGPR, or an integer one converted from
     * a float (v_cvt_i32_f32); not on compares, integer results of integer sources, packed integer results
     * (v_cvt_pknorm_i16_f16) or bit packs (v_pack_b32_f16). LLVM also refuses it on v_cvt_rpi_i32_f32,
     * v_cvt_flr_i32_f32 and v_frexp_exp_i32_f32, which amdisa still takes;</li>
     * <li>clamp on a compare only where every source is a float (v_cmp_eq_i32_e64 and v_cmp_class_f32_e64 take
     * none), and never without operands (v_nop_e64). Other integer instructions are LLVM's case by case
     * (v_add_nc_u32 takes clamp, v_and_b32 does not) and amdisa takes it on all of them;</li>
     * <li>op_sel on GFX10 only on VOP3-only instructions with a 16-bit operand (v_add_nc_u16, v_fma_f16,
     * v_alignbit_b32, v_pack_b32_f16) and on v_permlane16/x16 (their fi/bound_ctrl bits); llvm-mc-22 rejects it on
     * the VOP3 forms of VOP1/VOP2/VOPC instructions (v_add_f16_e64) there, which take it from GFX11 on, and on
     * the VOP3 interpolations (v_interp_p1ll_f16, which write high instead).</li>
     * </ul>
     */
    private int vop3Mods(Ctx c) {
        int m = vop3Mods[c.v];
        if (m != 0) {
            return m;
        }
        String dst = null;
        String dstType = null;
        int operands = 0;
        boolean allFloat = true;
        boolean any16 = false;
        String src0 = null;
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            int flags = isa.operandFlags(c.v, i);
            if ((flags & InstructionSet.IMPLICIT) != 0) {
                continue;
            }
            operands++;
            String format = isa.operandFormat(c.v, i);
            any16 |= format.matches("FMT_NUM_[IUFB]16");
            String field = isa.operandField(c.v, i);
            if ((flags & InstructionSet.IN) != 0) {
                src0 = src0 == null ? format : src0;
                allFloat &= floatFormat(format);
            } else if ("VDST".equals(field) && dst == null) {
                dst = format;
                dstType = isa.operandType(c.v, i);
            }
        }
        boolean omod = "OPR_VGPR".equals(dstType) && (floatFormat(dst) || dst.matches("FMT_NUM_[IU](16|32|64)")
                && src0 != null && src0.matches("FMT_NUM_(F16|F32|F64|BF16)"));
        boolean clamp = operands > 0 && (!c.name.startsWith("V_CMP") || allFloat);
        boolean opsel = (isa.instructionForms(c.v) & InstructionSet.HAS_VOP_SHORT) == 0 && any16 && !c.interpAttr
                || LlvmSyntax.permlane16(c.name);
        m = MODS_KNOWN | (omod ? OMOD_OK : 0) | (clamp ? CLAMP_OK : 0) | (opsel ? OPSEL_OK : 0);
        vop3Mods[c.v] = (byte) m;
        return m;
    }

    /**
     * Whether a VOP3P variant has a source of 16-bit lanes (the spec's format names end in 16: PK2_F16, I16) or a
     * float operand (the mix instructions, whose op_sel/op_sel_hi pick f16 halves of their sources, typed B32 by the
     * reconstructions): not the integer dot products of 8- and 4-bit data.
     */
    private boolean halfLanes(Ctx c) {
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            String format = isa.operandFormat(c.v, i);
            if ((isa.operandFlags(c.v, i) & InstructionSet.IN) != 0 && format.endsWith("16") || floatFormat(format)) {
                return true;
            }
        }
        return false;
    }

    /** A float data format, scalar or packed ({@code FMT_NUM_F32}, {@code FMT_NUM_PK2_F16}, {@code FMT_NUM_BF16}). */
    private static boolean floatFormat(String format) {
        return format != null && (format.contains("F16") || format.contains("F32") || format.contains("F64"));
    }

    /** A buffer store: its data operand is read only (atomics excepted). */
    private boolean bufferStore(Ctx c) {
        if (c.name.contains("ATOMIC")) {
            return false;
        }
        for (int i = 0; i < isa.operandCount(c.v); i++) {
            if ("VDATA".equals(isa.operandField(c.v, i))) {
                return (isa.operandFlags(c.v, i) & InstructionSet.OUT) == 0;
            }
        }
        return false;
    }

    /** The number of implicit vcc operand slots (a VOP2 carry or condition LLVM writes explicitly). */
    private static int implicitVcc(List<Slot> slots) {
        int n = 0;
        for (Slot s : slots) {
            if (s.field == null && "OPR_VCC".equals(s.type)) {
                n++;
            }
        }
        return n;
    }

    /** Whether variant {@code v} is one of LLVM's LDS-DMA loads, computed once. */
    private boolean ldsDma(int v) {
        if (ldsDma[v] == 0) {
            ldsDma[v] = (byte) (LlvmSyntax.ldsDmaLoad(isa, v) ? 2 : 1);
        }
        return ldsDma[v] == 2;
    }

    /**
     * Where the word {@code lds} is in {@code text[start, end)}, or -1. LLVM's LDS-DMA syntax ends with it: a word
     * after it is rejected there ("invalid operand for instruction", as llvm-mc-22 says of
     * {@code buffer_load_dword off, s[4:7], s1 lds glc}).
     */
    private static int ldsWord(CharSequence text, int start, int end) {
        for (int p = start; p + 3 <= end; p++) {
            if ((text.charAt(p) | 0x20) == 'l' && (text.charAt(p + 1) | 0x20) == 'd'
                    && (text.charAt(p + 2) | 0x20) == 's' && (p == start || !wordChar(text.charAt(p - 1)))
                    && (p + 3 == end || !wordChar(text.charAt(p + 3)))) {
                int q = p + 3;
                while (q < end && Character.isWhitespace(text.charAt(q))) {
                    q++;
                }
                if (q < end) {
                    throw new AsmSyntaxException(q, "invalid operand for instruction");
                }
                return p;
            }
        }
        return -1;
    }

    private static boolean wordChar(char ch) {
        return Character.isLetterOrDigit(ch) || ch == '_' || ch == '.' || ch == ':';
    }

    /** Number of comma-separated operands before the modifiers (commas inside brackets and parentheses do not count). */
    static int countOperands(CharSequence text, int start, int end) {
        int depth = 0;
        int n = 0;
        boolean any = false;
        for (int i = start; i < end; i++) {
            char ch = text.charAt(i);
            if (ch == '[' || ch == '(') {
                depth++;
            } else if (ch == ']' || ch == ')') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                n++;
            } else if (!Character.isWhitespace(ch) && !any) {
                any = true;
            }
        }
        if (!any) {
            return 0;
        }
        // Modifiers after the last operand are separated by blanks, not commas; a modifier-only tail counts
        // as no operand when the text starts with a modifier word.
        return n + 1;
    }

    static int nthOperand(CharSequence text, int start, int end, int n) {
        int depth = 0;
        int k = 0;
        for (int i = start; i < end; i++) {
            char ch = text.charAt(i);
            if (ch == '[' || ch == '(') {
                depth++;
            } else if (ch == ']' || ch == ')') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                k++;
                if (k == n) {
                    int p = i + 1;
                    while (p < end && Character.isWhitespace(text.charAt(p))) {
                        p++;
                    }
                    return p;
                }
            }
        }
        return start;
    }
}
