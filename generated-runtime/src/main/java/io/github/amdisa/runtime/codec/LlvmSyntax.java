package io.github.amdisa.runtime.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small hand-written approximation of the text {@code llvm-mc -disassemble} prints for AMDGPU, for the
 * generation's default wave size. It knows LLVM's conventions, not instructions: mnemonic suffixes by encoding
 * family ({@code _e32}, {@code _e64}, {@code _dpp}, {@code _sdwa}), register ranges for operands wider than
 * 32 bits, lane-mask registers by wave size, where LLVM prints the implicit {@code vcc}, true16 halves
 * ({@code v1.l}) on GFX11+, scaled SGPR-tuple fields, literals in hex, and the common modifiers (VOP3 neg/abs/clamp/
 * omod, VOP3P op_sel_hi, DPP/DPP8/SDWA controls, memory offsets and {@code off} addresses). Everything
 * instruction-specific comes from the {@link InstructionSet}. The full syntax library replaces this class.
 */
public class LlvmSyntax implements AsmSyntax {

    private static final String[] SDWA_SEL = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
        "7"};
    private static final String[] SDWA_UNUSED = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "3"};

    @Override
    public void print(InstructionSet isa, int variant, int[] words, int offset, int length, StringBuilder out) {
        Ctx c = new Ctx(isa, variant, words, offset);
        out.append(mnemonic(isa, variant));
        List<String> ops = operands(c);
        for (int i = 0; i < ops.size(); i++) {
            out.append(i == 0 ? " " : ", ").append(ops.get(i));
        }
        modifiers(c, out);
    }

    /** Per-instruction view used while printing. */
    protected static final class Ctx {
        final InstructionSet isa;
        final int v;
        final int[] w;
        final int o;
        final String family;
        final String kind;
        final String target;

        Ctx(InstructionSet isa, int v, int[] w, int o) {
            this.isa = isa;
            this.v = v;
            this.w = w;
            this.o = o;
            this.family = isa.encodingFamily(v);
            this.kind = isa.variantKind(v);
            this.target = isa.llvmTarget();
        }

        long f(String name) {
            return isa.field(v, name, w, o);
        }

        boolean has(String name) {
            return isa.hasField(v, name);
        }

        boolean vopShort() {
            return family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
        }

        boolean vop3() {
            return family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
        }

        boolean gfx9() {
            return target.startsWith("gfx9");
        }

        boolean true16() {
            // Measured with llvm-mc-22: only GFX11 defaults to real true16 (16-bit VGPR operands print as halves);
            // GFX12 prints whole registers in VOP3 and v0.l/v0.h only where the encoding selects a half.
            return target.startsWith("gfx11");
        }
    }

    /** The mnemonic with LLVM's encoding suffix. */
    public String mnemonic(InstructionSet isa, int variant) {
        String base = isa.instructionName(variant).toLowerCase(Locale.ROOT);
        String family = isa.encodingFamily(variant);
        String kind = isa.variantKind(variant);
        int forms = isa.instructionForms(variant);
        boolean vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
        boolean vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
        boolean vop3p = family.equals("VOP3P");
        switch (kind) {
            case "DPP16", "DPP8", "DPP":
                if (family.equals("VOPC") && !isa.llvmTarget().startsWith("gfx9")) {
                    return base;
                }
                return base + (vop3 || vop3p ? "_e64_dpp" : "_dpp");
            case "SDWA":
                return base + "_sdwa";
            default:
                break;
        }
        if (!hasExplicitOperands(isa, variant)) {
            return base;
        }
        if (vopShort && (forms & InstructionSet.HAS_VOP3) != 0) {
            return base + "_e32";
        }
        if (vop3 && (forms & InstructionSet.HAS_VOP_SHORT) != 0) {
            return base + "_e64";
        }
        return base;
    }

    private static boolean hasExplicitOperands(InstructionSet isa, int variant) {
        for (int i = 0; i < isa.operandCount(variant); i++) {
            if ((isa.operandFlags(variant, i) & InstructionSet.IMPLICIT) == 0) {
                return true;
            }
        }
        return false;
    }

    /** The printed operands in order, with LLVM's implicit {@code vcc} placed where it prints it. */
    protected List<String> operands(Ctx c) {
        List<String> out = new ArrayList<>();
        boolean vccOut = false;
        boolean vccIn = false;
        int srcIndex = 0;
        for (int i = 0; i < c.isa.operandCount(c.v); i++) {
            int flags = c.isa.operandFlags(c.v, i);
            String type = c.isa.operandType(c.v, i);
            if ((flags & InstructionSet.IMPLICIT) != 0) {
                if (c.vopShort() && type.equals("OPR_VCC")) {
                    vccOut |= (flags & InstructionSet.OUT) != 0;
                    vccIn |= (flags & InstructionSet.IN) != 0 && (flags & InstructionSet.OUT) == 0;
                }
                continue;
            }
            String field = c.isa.operandField(c.v, i);
            if (skipped(c, field)) {
                continue;
            }
            String text = operand(c, i);
            if (text == null) {
                continue;
            }
            if ((flags & InstructionSet.IN) != 0 && field != null && field.matches("V?SRC\\d|LITERAL")) {
                text = sourceModifiers(c, srcIndex++, text);
            }
            out.add(text);
        }
        String vcc = c.isa.defaultWaveSize() == 64 ? "vcc" : "vcc_lo";
        if (c.family.equals("VOPC")) {
            // VOPC writes VCC (GFX9 V_CMPX too); LLVM prints it first. GFX10+ V_CMPX writes only EXEC.
            boolean cmpx = c.isa.instructionName(c.v).startsWith("V_CMPX") && !c.gfx9();
            if (!cmpx && !c.kind.equals("SDWA")) {
                out.add(0, vcc);
            }
        } else if (c.vopShort() && vccOut) {
            out.add(Math.min(1, out.size()), vcc);
        }
        if (c.vopShort() && vccIn && !c.family.equals("VOPC")) {
            out.add(vcc);
        }
        return out;
    }

    /** Atomics without the return bit have no destination in LLVM's syntax. */
    private static boolean skipped(Ctx c, String field) {
        if (!"VDST".equals(field) || !(c.family.startsWith("FLAT") || c.family.startsWith("VFLAT")
                || c.family.equals("VGLOBAL")) || !c.isa.instructionName(c.v).contains("ATOMIC")) {
            return false;
        }
        for (String bit : new String[] {"GLC", "SC0"}) {
            if (c.has(bit)) {
                return c.f(bit) == 0;
            }
        }
        return false;
    }

    /** Applies VOP3/DPP/SDWA neg and abs bits of source {@code k} to its text. */
    protected String sourceModifiers(Ctx c, int k, String text) {
        boolean neg = false;
        boolean abs = false;
        if (c.vop3() && c.has("NEG") && c.has("ABS")) {
            neg = (c.f("NEG") >>> k & 1) != 0;
            abs = (c.f("ABS") >>> k & 1) != 0;
        } else if (c.has("SRC" + k + "_NEG")) {
            neg = c.f("SRC" + k + "_NEG") != 0;
            abs = c.has("SRC" + k + "_ABS") && c.f("SRC" + k + "_ABS") != 0;
        }
        String t = abs ? "|" + text + "|" : text;
        return neg ? "-" + t : t;
    }

    /** The text of operand {@code i}, or {@code null} when LLVM does not print it. */
    protected String operand(Ctx c, int i) {
        InstructionSet isa = c.isa;
        String type = isa.operandType(c.v, i);
        int size = operandSize(isa, c.v, i);
        String field = isa.operandField(c.v, i);
        long value = isa.operandValue(c.v, i, c.w, c.o);
        if (field != null && (field.startsWith("LITERAL") || field.startsWith("SIMM32") || field.startsWith("SIMM64"))) {
            return literal(value, size);
        }
        if ("SDST".equals(field) && c.family.equals("VOPC") && c.kind.equals("SDWA") && c.has("SD")
                && c.f("SD") == 0) {
            return isa.defaultWaveSize() == 64 ? "vcc" : "vcc_lo";
        }
        String addr = addressOperand(c, field, size);
        if (addr != null) {
            return addr;
        }
        if (field != null && (field.equals("SBASE") || field.equals("SRSRC") || field.equals("SSAMP"))) {
            // These fields count SGPR pairs (SBASE) or quads (SRSRC, SSAMP).
            value *= field.equals("SBASE") ? 2 : 4;
        }
        if (type.equals("OPR_SMEM_OFFSET")) {
            return smemOffset(c, value);
        }
        String name = isa.valueName(type, value);
        if (name != null) {
            if (name.equals("literal")) {
                return literal(c.f("LITERAL"), size);
            }
            if (name.equals("0.15915494") && size == 64) {
                return "0.15915494309189532";
            }
            String f16 = size == 16 && isa.operandFormat(c.v, i).matches("FMT_NUM_[IUB]16") ? F16.get(name) : null;
            if (f16 != null) {
                return f16;
            }
            if (size == 16 && c.true16() && name.matches("v\\d+")) {
                return half(c, field, (int) value, name);
            }
            return registerRange(name, size);
        }
        if (type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.startsWith("OPR_SDST")
                || type.equals("OPR_SREG")) {
            String std = standardSource(value, size, c.gfx9());
            if (std != null) {
                return std;
            }
        }
        if (type.equals("OPR_LABEL")) {
            return Long.toString(value);
        }
        return value >= 0 && value <= 64 ? Long.toString(value) : "0x" + Long.toHexString(value);
    }

    /**
     * LLVM's name of a value of the standard scalar/vector source encoding, for specs whose operand types do not
     * name every value (the RDNA 1/2 reconstructions name only VGPRs and the DPP/SDWA markers).
     */
    static String standardSource(long value, int size, boolean gfx9) {
        int v = (int) value;
        if (v >= 0 && v <= 105) {
            return registerRange("s" + v, size);
        }
        if (v >= 108 && v <= 123) {
            return registerRange("ttmp" + (v - 108), size);
        }
        if (v >= 128 && v <= 192) {
            return Integer.toString(v - 128);
        }
        if (v >= 193 && v <= 208) {
            return Integer.toString(192 - v);
        }
        if (v >= 256 && v <= 511) {
            return registerRange("v" + (v - 256), size);
        }
        return switch (v) {
            case 106 -> size > 32 ? "vcc" : "vcc_lo";
            case 107 -> "vcc_hi";
            case 124 -> gfx9 ? "m0" : "null";
            case 125 -> gfx9 ? null : "m0";
            case 126 -> size > 32 ? "exec" : "exec_lo";
            case 127 -> "exec_hi";
            case 240 -> "0.5";
            case 241 -> "-0.5";
            case 242 -> "1.0";
            case 243 -> "-1.0";
            case 244 -> "2.0";
            case 245 -> "-2.0";
            case 246 -> "4.0";
            case 247 -> "-4.0";
            case 248 -> size == 64 ? "0.15915494309189532" : "0.15915494";
            case 251 -> "src_vccz";
            case 252 -> "src_execz";
            case 253 -> "src_scc";
            default -> null;
        };
    }

    /** Float inline constants as LLVM prints them for 16-bit integer operands: their half-precision bits. */
    private static final java.util.Map<String, String> F16 = java.util.Map.of("0.5", "0x3800", "-0.5", "0xb800",
            "1.0", "0x3c00", "-1.0", "0xbc00", "2.0", "0x4000", "-2.0", "0xc000", "4.0", "0x4400", "-4.0", "0xc400",
            "0.15915494", "0x3118");

    /** True16 register halves: bit 7 of an 8-bit VGPR field selects the high half in VOP1/VOP2/VOPC encodings. */
    private static String half(Ctx c, String field, int value, String name) {
        int reg = Integer.parseInt(name.substring(1));
        if (c.vopShort()) {
            return "v" + (reg & 127) + ((reg & 128) != 0 ? ".h" : ".l");
        }
        if (c.has("OP_SEL") && field != null) {
            int bit = field.equals("VDST") ? 3 : field.endsWith("0") ? 0 : field.endsWith("1") ? 1 : 2;
            return name + ((c.f("OP_SEL") >>> bit & 1) != 0 ? ".h" : ".l");
        }
        return name + ".l";
    }

    private static String literal(long value, int size) {
        long v = size == 16 ? value & 0xffff : value & 0xffffffffL;
        return "0x" + Long.toHexString(v);
    }

    /** Memory address operands that LLVM prints as {@code off} or as a 32-bit register. */
    private String addressOperand(Ctx c, String field, int size) {
        if (field == null) {
            return null;
        }
        boolean buffer = c.family.equals("MUBUF") || c.family.equals("MTBUF");
        if (buffer && field.equals("VADDR") && c.has("OFFEN") && c.has("IDXEN")) {
            long n = (c.f("OFFEN") != 0 ? 1 : 0) + (c.f("IDXEN") != 0 ? 1 : 0);
            long reg = c.f("VADDR");
            return n == 0 ? "off" : n == 1 ? "v" + reg : "v[" + reg + ":" + (reg + 1) + "]";
        }
        boolean global = c.family.startsWith("FLAT_GL") || c.family.equals("VGLOBAL");
        boolean scratch = c.family.startsWith("FLAT_SCR") || c.family.equals("VSCRATCH");
        if ((global || scratch) && c.has("SADDR")) {
            long saddr = c.f("SADDR");
            boolean saddrOff = saddr == 0x7f || saddr == 0x7d && !c.gfx9() || saddr == 0x7c && !c.gfx9();
            if (field.equals("SADDR")) {
                return saddrOff ? "off" : null;
            }
            if (field.equals("ADDR")) {
                long reg = c.f("ADDR");
                if (scratch) {
                    boolean vaddr = c.has("SVE") ? c.f("SVE") != 0 : saddrOff;
                    return vaddr ? "v" + reg : "off";
                }
                return saddrOff ? "v[" + reg + ":" + (reg + 1) + "]" : "v" + reg;
            }
        }
        return null;
    }

    private static String smemOffset(Ctx c, long value) {
        if (c.has("IMM")) {
            return c.f("IMM") != 0 ? "0x" + Long.toHexString(c.f("OFFSET")) : "s" + (c.f("OFFSET") & 0x7f);
        }
        if (c.has("SOFFSET")) {
            long s = c.f("SOFFSET");
            if (s != 0x7c && s != 0x7d) {
                return "s" + s;
            }
        }
        long off = c.has("OFFSET") ? c.f("OFFSET") : c.has("IOFFSET") ? c.f("IOFFSET") : value;
        return "0x" + Long.toHexString(off);
    }

    /** Modifiers LLVM prints after the operands. */
    protected void modifiers(Ctx c, StringBuilder out) {
        if (c.vop3() || c.family.equals("VOP3P")) {
            if (c.has("CLAMP") && c.f("CLAMP") != 0) {
                out.append(" clamp");
            }
            if (c.has("OMOD")) {
                long m = c.f("OMOD");
                out.append(m == 1 ? " mul:2" : m == 2 ? " mul:4" : m == 3 ? " div:2" : "");
            }
        }
        if (c.family.equals("VOP3P") && c.has("OP_SEL_HI")) {
            int srcs = 0;
            for (int i = 0; i < c.isa.operandCount(c.v); i++) {
                String f = c.isa.operandField(c.v, i);
                if (f != null && (c.isa.operandFlags(c.v, i) & InstructionSet.IMPLICIT) == 0
                        && (c.isa.operandFlags(c.v, i) & InstructionSet.IN) != 0
                        && f.matches("V?SRC\\d|LITERAL")) {
                    srcs++;
                }
            }
            long hi = c.f("OP_SEL_HI");
            long all = (1L << srcs) - 1;
            if (srcs > 0 && (hi & all) != all && !noOpSelHi(c.isa.instructionName(c.v))) {
                out.append(" op_sel_hi:").append(bits(hi, srcs));
            }
        }
        switch (c.kind) {
            case "DPP16", "DPP" -> dpp16(c, out);
            case "DPP8" -> {
                out.append(" dpp8:[");
                for (int i = 0; i < 8; i++) {
                    out.append(i == 0 ? "" : ",").append(c.f("LANE_SEL_" + i));
                }
                out.append(']');
                if (c.f("SRC0") == 234) {
                    out.append(" fi:1");
                }
            }
            case "SDWA" -> sdwa(c, out);
            default -> memory(c, out);
        }
    }

    private static boolean noOpSelHi(String name) {
        return name.contains("_MIX") || name.contains("IU8") || name.contains("IU4") || name.contains("_I32_I8")
                || name.contains("_U32_U8") || name.contains("_I32_I4") || name.contains("_U32_U4");
    }

    private static String bits(long value, int n) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append(value >>> i & 1);
        }
        return b.append(']').toString();
    }

    private static void dpp16(Ctx c, StringBuilder out) {
        int ctrl = (int) c.f("DPP_CTRL");
        out.append(' ').append(dppControl(ctrl, c.gfx9()));
        out.append(" row_mask:0x").append(Long.toHexString(c.f("ROW_MASK")));
        out.append(" bank_mask:0x").append(Long.toHexString(c.f("BANK_MASK")));
        if (c.has("BOUND_CTRL") && c.f("BOUND_CTRL") != 0) {
            out.append(c.gfx9() ? " bound_ctrl:0" : " bound_ctrl:1");
        }
        if (c.has("FI") && c.f("FI") != 0) {
            out.append(" fi:1");
        }
    }

    /** LLVM's name of a DPP16 control value. */
    public static String dppControl(int ctrl, boolean gfx9) {
        if (ctrl <= 0xff) {
            return "quad_perm:[" + (ctrl & 3) + "," + (ctrl >> 2 & 3) + "," + (ctrl >> 4 & 3) + "," + (ctrl >> 6 & 3)
                    + "]";
        }
        if (ctrl >= 0x101 && ctrl <= 0x10f) {
            return "row_shl:" + (ctrl & 15);
        }
        if (ctrl >= 0x111 && ctrl <= 0x11f) {
            return "row_shr:" + (ctrl & 15);
        }
        if (ctrl >= 0x121 && ctrl <= 0x12f) {
            return "row_ror:" + (ctrl & 15);
        }
        switch (ctrl) {
            case 0x130: return "wave_shl:1";
            case 0x134: return "wave_rol:1";
            case 0x138: return "wave_shr:1";
            case 0x13c: return "wave_ror:1";
            case 0x140: return "row_mirror";
            case 0x141: return "row_half_mirror";
            case 0x142: return "row_bcast:15";
            case 0x143: return "row_bcast:31";
            default: break;
        }
        if (!gfx9 && ctrl >= 0x150 && ctrl <= 0x15f) {
            return "row_share:" + (ctrl & 15);
        }
        if (!gfx9 && ctrl >= 0x160 && ctrl <= 0x16f) {
            return "row_xmask:" + (ctrl & 15);
        }
        return "dpp_ctrl:0x" + Integer.toHexString(ctrl);
    }

    private static void sdwa(Ctx c, StringBuilder out) {
        if (c.has("CLAMP") && c.f("CLAMP") != 0) {
            out.append(" clamp");
        }
        if (c.has("OMOD")) {
            long m = c.f("OMOD");
            out.append(m == 1 ? " mul:2" : m == 2 ? " mul:4" : m == 3 ? " div:2" : "");
        }
        if (c.has("DST_SEL") && !c.family.equals("VOPC")) {
            out.append(" dst_sel:").append(SDWA_SEL[(int) c.f("DST_SEL") & 7]);
            out.append(" dst_unused:").append(SDWA_UNUSED[(int) c.f("DST_UNUSED") & 3]);
        }
        out.append(" src0_sel:").append(SDWA_SEL[(int) c.f("SRC0_SEL") & 7]);
        if (c.has("SRC1_SEL") && !c.family.equals("VOP1")) {
            out.append(" src1_sel:").append(SDWA_SEL[(int) c.f("SRC1_SEL") & 7]);
        }
    }

    private static void memory(Ctx c, StringBuilder out) {
        switch (c.family) {
            case "MUBUF", "MTBUF" -> {
                if (c.has("IDXEN") && c.f("IDXEN") != 0) {
                    out.append(" idxen");
                }
                if (c.has("OFFEN") && c.f("OFFEN") != 0) {
                    out.append(" offen");
                }
                if (c.family.equals("MTBUF")) {
                    long fmt = c.has("FORMAT") ? c.f("FORMAT") : c.has("DFMT") ? c.f("DFMT") | c.f("NFMT") : -1;
                    if (fmt == 0) {
                        out.append(c.gfx9() ? " format:[BUF_DATA_FORMAT_INVALID]" : " format:[BUF_FMT_INVALID]");
                    }
                }
                offset(c, out, "OFFSET");
                cacheBits(c, out);
            }
            case "FLAT", "FLAT_GLBL", "FLAT_GLOBAL", "FLAT_SCRATCH", "VFLAT", "VGLOBAL", "VSCRATCH" -> {
                offset(c, out, "OFFSET");
                cacheBits(c, out);
            }
            case "DS" -> {
                String name = c.isa.instructionName(c.v);
                if (name.contains("2ADDR") || name.contains("WRITE2") || name.contains("READ2")
                        || name.contains("STORE_2") || name.contains("LOAD_2") || name.contains("XCHG2")) {
                    if (c.f("OFFSET0") != 0) {
                        out.append(" offset0:").append(c.f("OFFSET0"));
                    }
                    if (c.f("OFFSET1") != 0) {
                        out.append(" offset1:").append(c.f("OFFSET1"));
                    }
                } else {
                    long off = c.f("OFFSET0") | c.f("OFFSET1") << 8;
                    if (off != 0) {
                        out.append(" offset:").append(off);
                    }
                }
                if (c.has("GDS") && c.f("GDS") != 0) {
                    out.append(" gds");
                }
            }
            case "SMEM" -> cacheBits(c, out);
            default -> {
            }
        }
    }

    private static void offset(Ctx c, StringBuilder out, String field) {
        if (c.has(field)) {
            long off = c.f(field);
            if (off != 0) {
                out.append(" offset:").append(off);
            }
        }
    }

    private static void cacheBits(Ctx c, StringBuilder out) {
        for (String bit : new String[] {"GLC", "SC0", "SLC", "SC1", "DLC", "NT", "TFE", "LDS"}) {
            if (c.has(bit) && c.f(bit) != 0) {
                out.append(' ').append(bit.toLowerCase(Locale.ROOT));
            }
        }
    }

    /** Operand size in bits, lane masks resized to the wave size. */
    protected int operandSize(InstructionSet isa, int variant, int i) {
        String format = isa.operandFormat(variant, i);
        int size = isa.operandSize(variant, i);
        if (format.contains("_M64") || format.equals("FMT_NUM_M64")) {
            return isa.defaultWaveSize();
        }
        return size;
    }

    /** {@code v2} of 64 bits -> {@code v[2:3]}; {@code vcc_lo} of 64 bits -> {@code vcc}. */
    public static String registerRange(String name, int sizeBits) {
        if (sizeBits <= 32) {
            return name;
        }
        int count = (sizeBits + 31) / 32;
        if (name.endsWith("_lo") && count == 2) {
            return name.substring(0, name.length() - 3);
        }
        int digits = name.length();
        while (digits > 0 && Character.isDigit(name.charAt(digits - 1))) {
            digits--;
        }
        if (digits == name.length() || digits == 0) {
            return name;
        }
        String prefix = name.substring(0, digits);
        if (!(prefix.equals("v") || prefix.equals("s") || prefix.equals("a") || prefix.equals("ttmp"))) {
            return name;
        }
        int first = Integer.parseInt(name.substring(digits));
        return prefix + "[" + first + ":" + (first + count - 1) + "]";
    }
}
