package io.github.amdisa.runtime;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.PredefinedValue;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.syntax.Waitcnt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Random valid instances of every instruction x encoding variant, built straight from the XML model (independently
 * of the generated decoder): per explicit operand field a random value of its operand type (aligned register tuples
 * that stay inside the register file, inline constants, the literal marker with a random literal dword), the values
 * the variant's condition demands ({@code ==}, {@code .within}), and, unless {@code plain}, random modifiers:
 * clamp/omod and neg/abs on float operands, VOP3P op_sel/op_sel_hi/neg_hi, DPP controls and masks, DPP8 lane
 * selects, SDWA selects, memory offsets and cache-policy bits. Every other field is zero. Each result is checked
 * against the variant's condition with the model's {@link ExprEvaluator}; the raw encoder
 * {@link InstructionSet#encode} writes identifier and fields.
 *
 * <p>The modifier rules say what an assembler accepts for an instruction (e.g. omod only on float results); where a
 * modifier would make the word one that LLVM rejects or prints differently for a reason that is LLVM's own, the
 * {@link DifferentialClassifier} explains it.
 */
final class InstanceGenerator {

    private static final Pattern REGISTER = Pattern.compile("[vsa]\\d+");
    private static final Pattern CONSTANT = Pattern.compile("-?\\d+(\\.\\d+)?");

    private final IsaSpec spec;
    private final InstructionSet isa;
    private final Generation generation;
    private final Random random;
    private final Map<String, List<Long>> pools32 = new HashMap<>();
    private final Map<String, List<Long>> pools64 = new HashMap<>();

    InstanceGenerator(IsaSpec spec, InstructionSet isa, Generation generation, long seed) {
        this.spec = spec;
        this.isa = isa;
        this.generation = generation;
        this.random = new Random(seed);
    }

    /** The field names of the variant's encoding, in the XML's order. */
    List<String> fieldNames(int variant) {
        Encoding enc = spec.encoding(isa.encodingName(variant)).orElseThrow();
        return enc.fields().stream().map(Field::name).toList();
    }

    /**
     * The words of one random instance of {@code variant}, or {@code null} when no assignment satisfies its
     * condition within a few attempts.
     */
    int[] build(int variant, boolean plain) {
        Encoding enc = spec.encoding(isa.encodingName(variant)).orElseThrow();
        EncodingCondition cond = enc.condition(isa.conditionName(variant)).orElseThrow();
        for (int attempt = 0; attempt < 20; attempt++) {
            Map<String, Long> values = new LinkedHashMap<>();
            for (int i = 0; i < isa.operandCount(variant); i++) {
                String fieldName = isa.operandField(variant, i);
                if (fieldName == null) {
                    continue;
                }
                Field f = enc.field(fieldName).orElse(null);
                if (f == null) {
                    continue;
                }
                long value = value(isa.operandType(variant, i), isa.operandSize(variant, i), f);
                if (isa.operandType(variant, i).equals("OPR_WAITCNT")) {
                    // The counters only: the other bits of s_waitcnt's immediate are unused and not printed.
                    Target t = Target.forMcpu(generation.llvmTarget());
                    int imm = (int) value;
                    value = Waitcnt.encode(t, Waitcnt.vmcnt(t, imm), Waitcnt.expcnt(t, imm), Waitcnt.lgkmcnt(t, imm));
                }
                values.put(fieldName, value);
            }
            hardwareRules(variant, enc, values);
            if (!plain) {
                modifiers(variant, enc, values);
            }
            WordBuilder.constrain(cond.expression(), values, random);
            canonical(variant, enc, values);
            constantBus(variant, enc, values);
            String[] names = values.keySet().toArray(new String[0]);
            long[] vals = values.values().stream().mapToLong(Long::longValue).toArray();
            int[] words = new int[isa.length(variant)];
            isa.encode(variant, names, vals, words, 0);
            if (ExprEvaluator.holds(cond.expression(), enc, words, 0)) {
                return words;
            }
        }
        return null;
    }

    /**
     * Field values the hardware requires but the XML does not state (each is a reason in the differential report):
     * GFX10+ VOP3 V_CMPX writes EXEC only and its VDST field holds EXEC_LO (126), as llvm-mc-22 encodes it; plain
     * FLAT (no SADDR operand) holds the "off" code in SADDR (GFX9 0x7f, GFX10 0x7d, GFX11+ 0x7c).
     */
    private void hardwareRules(int variant, Encoding enc, Map<String, Long> values) {
        String family = isa.encodingFamily(variant);
        String target = generation.llvmTarget();
        boolean gfx9 = target.startsWith("gfx9");
        if (enc.field("TGT").isPresent() && enc.field("EN").isPresent() && !values.containsKey("EN")) {
            // An export writes the sources its EN bits enable; an assembler sets EN from the sources it is given
            // (all four here), so sources are not hidden behind "off".
            values.put("EN", 15L);
        }
        if (family.startsWith("VOPD") && enc.field("OPY").isPresent() && enc.field("SRCX0").isPresent()
                && enc.field("VSRCX1").isPresent() && enc.field("VDSTX").isPresent()) {
            vopd(variant, values);
        }
        if (!gfx9 && (family.equals("VOP3") || family.equals("VOP3_SDST_ENC"))
                && isa.instructionName(variant).startsWith("V_CMPX") && enc.field("VDST").isPresent()) {
            values.put("VDST", 126L);
        }
        if ((family.equals("FLAT") || family.equals("VFLAT")) && enc.field("SADDR").isPresent()
                && !values.containsKey("SADDR")) {
            values.put("SADDR", gfx9 ? 0x7fL : target.startsWith("gfx10") ? 0x7dL : 0x7cL);
        }
    }

    /**
     * A dual-issue (VOPD) word holds two instructions; the spec lists the operands of one half only. The other half
     * gets what AMD's VOPD rules demand: a Y opcode of a VOPD instruction (FMAAK/FMAMK only in a variant with the
     * literal dword), the X sources VGPRs in other banks (register number mod 4) than the Y sources, any X
     * destination (the encoding makes the destinations one even, one odd).
     */
    private void vopd(int variant, Map<String, Long> values) {
        boolean literal = isa.variantKind(variant).equals("LITERAL") || isa.length(variant) > 2;
        List<Long> opcodes = new ArrayList<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            long op = isa.opcode(v);
            String n = isa.instructionName(v);
            if (isa.encodingFamily(v).startsWith("VOPD") && !opcodes.contains(op)
                    && (literal || !n.contains("FMAAK") && !n.contains("FMAMK"))) {
                opcodes.add(op);
            }
        }
        if (!values.containsKey("OPY") && !opcodes.isEmpty()) {
            values.put("OPY", opcodes.get(random.nextInt(opcodes.size())));
        }
        long srcY0 = values.getOrDefault("SRCY0", 0L);
        long vsrcY1 = values.getOrDefault("VSRCY1", 0L);
        long srcX0 = random.nextInt(256);
        if (srcY0 >= 256 && (srcX0 & 3) == (srcY0 & 3)) {
            srcX0 ^= 1;
        }
        long vsrcX1 = random.nextInt(256);
        if ((vsrcX1 & 3) == (vsrcY1 & 3)) {
            vsrcX1 ^= 2;
        }
        values.putIfAbsent("SRCX0", 256 + srcX0);
        // V_DUAL_MOV_B32 has no vsrc1: its field is zero (LLVM decodes no VOPD word with bits there).
        values.putIfAbsent("VSRCX1", isa.instructionName(variant).contains("MOV_B32") ? 0 : vsrcX1);
        String y = null;
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.encodingFamily(v).startsWith("VOPD") && isa.opcode(v) == values.get("OPY")) {
                y = isa.instructionName(v);
                break;
            }
        }
        if (y != null && y.contains("MOV_B32")) {
            values.put("VSRCY1", 0L);
        }
        values.putIfAbsent("VDSTX", (long) random.nextInt(256));
    }

    /**
     * Bits the instruction ignores get the value an assembler writes, so that a printed instance can assemble back
     * to the same words: a literal read only by 16-bit operands has zero upper bits; VOP3P op_sel_hi bits of absent
     * sources are 1 (LLVM's default); an address register that is "off" (MUBUF without offen/idxen, scratch
     * without a VGPR address) is 0.
     */
    private void canonical(int variant, Encoding enc, Map<String, Long> values) {
        String family = isa.encodingFamily(variant);
        if (values.containsKey("LITERAL")) {
            boolean wide = false;
            boolean float16 = true;
            for (int i = 0; i < isa.operandCount(variant); i++) {
                String f = isa.operandField(variant, i);
                if (f != null && !f.startsWith("LITERAL") && values.getOrDefault(f, -1L) == 255) {
                    wide |= isa.operandSize(variant, i) > 16;
                    float16 &= isa.operandFormat(variant, i).matches("FMT_NUM_B?F16");
                }
            }
            // Scalar 16-bit integer operands read the whole literal dword; scalar F16 ones (like vector 16-bit
            // operands) read its low half, and an assembler writes zero above it.
            if (!wide && (!family.startsWith("SOP") || float16)) {
                values.put("LITERAL", values.get("LITERAL") & 0xffff);
            }
        }
        for (int i = 0; i < isa.operandCount(variant); i++) {
            // SGPR tuples are aligned: pairs to 2, three or more registers to 4 (an SGPR code below 106).
            String f = isa.operandField(variant, i);
            int size = isa.operandSize(variant, i);
            Long v = f == null ? null : values.get(f);
            if (v != null && size > 32 && v < 106 && !f.matches("SBASE|SRSRC|SSAMP|RSRC|SAMP|LITERAL.*|SIMM.*")
                    && isa.operandType(variant, i).matches("OPR_S.*")) {
                values.put(f, v & (size > 64 ? ~3L : ~1L));
            }
        }
        if (enc.field("SD").isPresent() && enc.field("SDST").isPresent() && values.getOrDefault("SD", 0L) == 0) {
            // SDWA compares without SD write VCC; the SDST field is unused and an assembler leaves it zero.
            values.put("SDST", 0L);
        }
        boolean packed8 = isa.instructionName(variant).matches("V_DOT(4|8)_.*");
        for (int i = 0; i < isa.operandCount(variant); i++) {
            packed8 |= isa.operandFormat(variant, i).matches("FMT_NUM_(PK(4|8)_)?[IU](4|8)");
        }
        if (family.equals("VOP3P") && enc.field("OP_SEL_HI").isPresent() && packed8) {
            // The 4- and 8-bit dot products (integer, FP8/BF8) have no op_sel_hi or neg_hi in LLVM's syntax: an
            // assembler writes ones and zeros, and llvm-mc decodes no other value.
            values.put("OP_SEL_HI", 7L);
            if (enc.field("NEG_HI").isPresent()) {
                values.put("NEG_HI", 0L);
            }
        } else if (family.equals("VOP3P") && enc.field("OP_SEL_HI").isPresent()) {
            int sources = 0;
            for (int i = 0; i < isa.operandCount(variant); i++) {
                String f = isa.operandField(variant, i);
                if (f != null && f.matches("V?SRC[0-2]") && (isa.operandFlags(variant, i) & InstructionSet.IN) != 0) {
                    sources |= 1 << (f.charAt(f.length() - 1) - '0');
                }
            }
            values.put("OP_SEL_HI", values.getOrDefault("OP_SEL_HI", 0L) | (~sources & 7));
        }
        if (family.equals("SMEM") && enc.field("IMM").isPresent() && enc.field("SOFFSET_EN").isPresent()) {
            // GFX9: without IMM the OFFSET field holds an SGPR number (7 bits); without SOFFSET_EN no SOFFSET.
            if (values.getOrDefault("IMM", 0L) == 0) {
                values.put("OFFSET", (long) random.nextInt(100));
            }
            if (values.getOrDefault("SOFFSET_EN", 0L) == 0) {
                values.put("SOFFSET", 0L);
            }
        }
        boolean image = family.contains("MIMG") || family.equals("VIMAGE") || family.equals("VSAMPLE");
        if (image && enc.field("DMASK").isPresent()) {
            // LLVM checks that DMASK matches the data registers: one bit per dword (gather4: one bit).
            int dwords = 1;
            for (int i = 0; i < isa.operandCount(variant); i++) {
                if ("VDATA".equals(isa.operandField(variant, i))) {
                    dwords = Math.max(1, Math.min(4, isa.operandSize(variant, i) / 32));
                }
            }
            String name = isa.instructionName(variant);
            if (name.contains("ATOMIC")) {
                // An image atomic's DMASK gives its data size: one dword, two for a compare-and-swap (AMD's ISA
                // guides; LLVM rejects any other mask), whatever width the spec gives the data operand.
                values.put("DMASK", name.contains("CMPSWAP") ? 3L : 1L);
            } else {
                values.put("DMASK", name.contains("GATHER4") ? 1L : (1L << dwords) - 1);
            }
            String encoding = isa.encodingName(variant);
            boolean gfx10 = generation.llvmTarget().startsWith("gfx10");
            if ((gfx10 || generation.llvmTarget().startsWith("gfx11")) && encoding.startsWith("MIMG_NSA")
                    && enc.field("DIM").isPresent()) {
                // A GFX10 NSA word carries ceil((addresses - 1) / 4) address dwords, as an assembler writes it: pick a
                // dimension whose address count fits this variant's dword count (a longer word than the
                // addresses need is one LLVM reads shorter). An assembler uses NSA only for two or more addresses.
                int nsaDwords = isa.length(variant) - 2;
                List<Integer> fits = new ArrayList<>();
                boolean sampler = name.contains("SAMPLE") || name.contains("GATHER4");
                for (int dim = 0; dim < (sampler ? 6 : 8); dim++) { // no sampling of MSAA resources (dims 6, 7)
                    int n = io.github.amdisa.runtime.codec.LlvmSyntax.imageAddressCount(name, dim, false, true);
                    // GFX11 NSA: one address dword, any count of two or more (partial NSA takes the rest).
                    if (n >= 2 && (!gfx10 || (n + 2) / 4 == nsaDwords)) {
                        fits.add(dim);
                    }
                }
                if (!fits.isEmpty()) {
                    values.put("DIM", (long) fits.get(random.nextInt(fits.size())));
                }
            }
        }
        boolean buffer = family.equals("MUBUF") || family.equals("MTBUF") || family.equals("VBUFFER");
        if (buffer && values.getOrDefault("OFFEN", 0L) == 0 && values.getOrDefault("IDXEN", 0L) == 0
                && enc.field("VADDR").isPresent()) {
            values.put("VADDR", 0L);
        }
        if ((family.startsWith("FLAT_GL") || family.equals("VGLOBAL")) && values.containsKey("SADDR")
                && values.get("SADDR") < 106) {
            values.put("SADDR", values.get("SADDR") & ~1L); // a global SADDR is an aligned SGPR pair
        }
        boolean scratch = family.startsWith("FLAT_SCR") || family.equals("VSCRATCH");
        if (scratch) {
            String addr = enc.field("VADDR").isPresent() ? "VADDR" : "ADDR";
            long saddr = values.getOrDefault("SADDR", 0L);
            boolean saddrOff = saddr == 0x7f || saddr == 0x7d && !generation.llvmTarget().startsWith("gfx9")
                    || saddr == 0x7c && !generation.llvmTarget().startsWith("gfx9");
            boolean vaddr = enc.field("SVE").isPresent() ? values.getOrDefault("SVE", 0L) != 0 : saddrOff;
            if (!vaddr && enc.field(addr).isPresent()) {
                values.put(addr, 0L);
            }
        }
    }

    /**
     * The VALU constant bus: at most one scalar value (a distinct SGPR, special register or the literal) per
     * instruction on GFX9, two on GFX10+, counting an implicit VCC read; sources beyond the limit become VGPRs.
     */
    private void constantBus(int variant, Encoding enc, Map<String, Long> values) {
        String family = isa.encodingFamily(variant);
        if (!family.startsWith("VOP")) {
            return;
        }
        int limit = generation.llvmTarget().startsWith("gfx9") ? 1 : 2;
        java.util.Set<Long> scalars = new java.util.HashSet<>();
        for (int i = 0; i < isa.operandCount(variant); i++) {
            int flags = isa.operandFlags(variant, i);
            if ((flags & InstructionSet.IMPLICIT) != 0 && (flags & InstructionSet.IN) != 0
                    && isa.operandType(variant, i).equals("OPR_VCC")) {
                scalars.add(106L);
            }
        }
        for (String lit : new String[] {"LITERAL", "SIMM32"}) {
            if (values.containsKey(lit) || hasLiteralMarker(values)) {
                scalars.add(255L);
            }
        }
        for (int i = 0; i < isa.operandCount(variant); i++) {
            String f = isa.operandField(variant, i);
            if (f == null || !f.matches("S?SRC[0-2]") || (isa.operandFlags(variant, i) & InstructionSet.IN) == 0
                    || !values.containsKey(f)) {
                continue;
            }
            long v = values.get(f);
            boolean scalar = v < 128 || v == 255;
            if (!scalar || scalars.contains(v)) {
                continue;
            }
            Field field = enc.field(f).orElse(null);
            if (scalars.size() < limit || v == 255 || field == null || field.width() < 9) {
                scalars.add(v);
            } else {
                values.put(f, 256L + random.nextInt(256));
            }
        }
    }

    private static boolean hasLiteralMarker(Map<String, Long> values) {
        for (String f : new String[] {"SRC0", "SRC1", "SRC2", "SSRC0", "SSRC1"}) {
            if (values.getOrDefault(f, -1L) == 255) {
                return true;
            }
        }
        return false;
    }

    /** Random modifier fields of the variant's encoding. */
    private void modifiers(int variant, Encoding enc, Map<String, Long> values) {
        String family = isa.encodingFamily(variant);
        String kind = isa.variantKind(variant);
        String name = isa.instructionName(variant);
        boolean gfx9 = generation.llvmTarget().startsWith("gfx9");
        boolean vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
        boolean vop3p = family.equals("VOP3P");
        int floatSources = 0;
        int sources = 0;
        boolean floatResult = false;
        for (int i = 0; i < isa.operandCount(variant); i++) {
            String field = isa.operandField(variant, i);
            int flags = isa.operandFlags(variant, i);
            if (field == null || (flags & InstructionSet.IMPLICIT) != 0) {
                continue;
            }
            boolean isFloat = isa.operandFormat(variant, i).matches("FMT_NUM_(F|BF|PK2_F|PK2_BF)(16|32|64)");
            if ((flags & InstructionSet.IN) != 0 && field.matches("V?SRC[0-2]")) {
                int k = field.charAt(field.length() - 1) - '0';
                sources |= 1 << k;
                if (isFloat) {
                    floatSources |= 1 << k;
                }
            }
            if ((flags & InstructionSet.OUT) != 0 && isFloat && field.equals("VDST") && !name.startsWith("V_CMP")) {
                // (a compare's VDST is its lane mask, not a float result: no omod)
                floatResult = true;
            }
        }
        boolean memoryOperands = false;
        for (int i = 0; i < isa.operandCount(variant); i++) {
            memoryOperands |= isa.operandField(variant, i) != null
                    && (isa.operandFlags(variant, i) & InstructionSet.IMPLICIT) == 0;
        }
        for (Field f : enc.fields()) {
            String n = f.name();
            long max = f.width() >= 63 ? Long.MAX_VALUE : (1L << f.width()) - 1;
            if (!memoryOperands && !family.startsWith("VOP")) {
                continue; // cache maintenance and other operand-less memory instructions take no modifiers
            }
            Long v = switch (n) {
                case "CLAMP" -> (vop3 || vop3p || kind.equals("SDWA")) && floatResult ? (long) random.nextInt(2)
                        : null;
                case "OMOD" -> (vop3 || kind.equals("SDWA")) && floatResult && !name.contains("F16")
                        ? (long) random.nextInt(4) : null;
                case "NEG" -> vop3 && kind.equals("BASE") || vop3p ? (long) (random.nextInt(8) & floatSources)
                        : null;
                case "ABS" -> vop3 && kind.equals("BASE") ? (long) (random.nextInt(8) & floatSources) : null;
                case "NEG_HI" -> vop3p ? (long) (random.nextInt(8) & floatSources) : null;
                case "OP_SEL_HI" -> vop3p && !gfx9 ? (long) (random.nextInt(8) & sources) : null;
                case "SRC0_NEG", "SRC0_ABS" -> (floatSources & 1) != 0 && !family.startsWith("VOP3")
                        ? (long) random.nextInt(2) : null;
                case "SRC1_NEG", "SRC1_ABS" -> (floatSources & 2) != 0 && !family.startsWith("VOP3")
                        ? (long) random.nextInt(2) : null;
                case "DPP_CTRL" -> (long) dppCtrl(gfx9);
                case "ROW_MASK", "BANK_MASK" -> (long) random.nextInt(16);
                case "BOUND_CTRL", "FI" -> (long) random.nextInt(2);
                case "LANE_SEL_0", "LANE_SEL_1", "LANE_SEL_2", "LANE_SEL_3", "LANE_SEL_4", "LANE_SEL_5",
                        "LANE_SEL_6", "LANE_SEL_7" -> (long) random.nextInt(8);
                case "DST_SEL", "SRC0_SEL" -> (long) random.nextInt(7);
                case "SRC1_SEL" -> (sources & 2) != 0 ? (long) random.nextInt(7) : null;
                case "DST_UNUSED" -> (long) random.nextInt(3);
                case "OFFSET" -> family.equals("SMEM") || family.startsWith("FLAT") || family.equals("MUBUF")
                        || family.equals("MTBUF") || family.startsWith("V") && !family.startsWith("VOP")
                        ? randomBits(max) : null;
                case "IOFFSET" -> randomBits(max);
                case "OFFSET0", "OFFSET1" -> family.equals("DS") && values.containsKey("ADDR")
                        ? (long) random.nextInt(256) : null;
                case "GLC", "SLC", "DLC", "SC0", "SC1", "NT" -> family.startsWith("VOP") || family.startsWith("SOP")
                        ? null : (long) random.nextInt(2);
                case "TH" -> (long) random.nextInt(8);
                case "SCOPE" -> (long) random.nextInt(4);
                default -> null;
            };
            if (v != null && !values.containsKey(n)) {
                values.put(n, v & max);
            }
        }
    }

    /** Zero half of the time, otherwise a random number of random width up to {@code max}. */
    private long randomBits(long max) {
        if (random.nextBoolean()) {
            return 0;
        }
        int width = 64 - Long.numberOfLeadingZeros(max);
        return random.nextLong() & ((1L << (1 + random.nextInt(width))) - 1) & max;
    }

    /** A DPP16 control LLVM defines for the target: quad_perm, row shifts and rotates, mirrors, shares. */
    private int dppCtrl(boolean gfx9) {
        int pick = random.nextInt(8);
        return switch (pick) {
            case 0, 1 -> random.nextInt(256);
            case 2 -> 0x101 + random.nextInt(15);
            case 3 -> 0x111 + random.nextInt(15);
            case 4 -> 0x121 + random.nextInt(15);
            case 5 -> 0x140 + random.nextInt(2);
            case 6 -> gfx9 ? new int[] {0x130, 0x134, 0x138, 0x13c, 0x142, 0x143}[random.nextInt(6)]
                    : 0x150 + random.nextInt(16);
            default -> gfx9 ? 0xe4 : 0x160 + random.nextInt(16);
        };
    }

    /** A random valid value for an operand of {@code type} and {@code size} bits in field {@code f}. */
    private long value(String type, int size, Field f) {
        long fieldMax = f.width() >= 63 ? Long.MAX_VALUE : (1L << f.width()) - 1;
        if (f.name().startsWith("LITERAL") || f.name().startsWith("SIMM32") || f.name().startsWith("SIMM64")) {
            // A literal that is not an inline constant.
            return 0x10000L + random.nextInt(0x7fff0000) & fieldMax;
        }
        List<Long> pool = pool(type, size, fieldMax);
        if (!pool.isEmpty()) {
            for (int attempt = 0; ; attempt++) {
                long v = pool.get(random.nextInt(pool.size()));
                int scale = switch (f.name()) {
                    case "SBASE" -> 2;
                    case "SRSRC", "SSAMP", "RSRC", "SAMP" -> 4;
                    default -> 0;
                };
                if (scale > 0 && v * scale + 8 > 100 && attempt < 50) {
                    continue; // an SGPR tuple that ends beyond s103 (TTMPs, VCC): not a valid descriptor
                }
                if ((type.equals("OPR_VGPR") || type.equals("OPR_SRC_VGPR") || type.equals("OPR_VGPR_OR_LDS"))
                        && f.width() == 9 && v < 256 && !(type.equals("OPR_VGPR_OR_LDS") && v == 254)) {
                    // A VGPR in a 9-bit source field: the source encoding's VGPR codes are 256 + index (254 of
                    // OPR_VGPR_OR_LDS is LDS_DIRECT itself).
                    return 256 + v;
                }
                return v;
            }
        }
        switch (f.name()) {
            case "SBASE" -> {
                return random.nextInt(48); // pairs s0..s95
            }
            case "SRSRC", "SSAMP", "RSRC", "SAMP" -> {
                return random.nextInt(24); // quads s0..s95
            }
            default -> {
            }
        }
        return random.nextInt((int) Math.min(fieldMax, 0xffff) + 1);
    }

    private List<Long> pool(String type, int size, long fieldMax) {
        Map<String, List<Long>> cache = size > 32 ? pools64 : pools32;
        return cache.computeIfAbsent(type + "/" + size + "/" + fieldMax, t -> {
            List<Long> out = new ArrayList<>();
            OperandType ot = spec.operandType(type).orElse(null);
            if (ot == null) {
                return out;
            }
            int regs = Math.max(1, (size + 31) / 32);
            for (PredefinedValue v : ot.predefinedValues()) {
                String n = v.name();
                if (v.value() > fieldMax || v.value() < 0) {
                    continue;
                }
                if (REGISTER.matcher(n).matches()) {
                    int idx = Integer.parseInt(n.substring(1));
                    // Aligned tuples that stay inside the register file; low SGPRs only (high ones are special on
                    // some targets).
                    // SGPR tuples of three or more registers are 4-aligned (LLVM's SGPR_96+ classes; the hardware
                    // ignores the low bits of such a field), pairs 2-aligned.
                    int align = n.charAt(0) == 's' && regs >= 3 ? 4 : Math.min(regs, 2);
                    if (idx % align != 0 || n.charAt(0) == 's' && idx + regs > 100
                            || idx + regs > 256) {
                        continue;
                    }
                    out.add(v.value());
                } else if (CONSTANT.matcher(n).matches() && size <= 64) {
                    out.add(v.value());
                }
            }
            boolean scalar = out.stream().anyMatch(v -> v < 128);
            boolean source = type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.startsWith("OPR_SDST")
                    || type.startsWith("OPR_SREG");
            if (!scalar && source) {
                // The spec's operand type does not name its values (the RDNA 1/2 reconstructions name only VGPRs
                // and the DPP/SDWA markers): the standard source encoding's SGPRs, inline constants and VGPRs.
                for (long r = 0; r + regs <= 100; r += regs >= 3 ? 4 : Math.min(regs, 2)) {
                    out.add(r);
                }
                // OPR_SREG is a scalar register (a lane mask, a descriptor, an SOP destination): no constants or VGPRs.
                if (!type.startsWith("OPR_SDST") && !type.equals("OPR_SREG")) {
                    for (long k = 128; k <= 208; k++) {
                        out.add(k);
                    }
                    for (long k = 240; k <= 248; k++) {
                        out.add(k);
                    }
                    if (fieldMax >= 511 && out.stream().noneMatch(v -> v >= 256)) {
                        for (long k = 256; k + regs <= 512; k += Math.min(regs, 2)) {
                            out.add(k);
                        }
                    }
                }
                // Codes the field cannot hold (inline constants in a 7-bit scalar destination) are not values.
                out.removeIf(v -> v > fieldMax);
            }
            return out;
        });
    }
}
