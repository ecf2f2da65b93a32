package io.github.amdisa.runtime.codec;

import java.util.Locale;

/**
 * A small hand-written approximation of the text {@code llvm-mc -disassemble} prints for AMDGPU, for the
 * generation's default wave size. It knows LLVM's conventions, not instructions: mnemonic suffixes by encoding
 * family ({@code _e32}, {@code _e64}, {@code _dpp}, {@code _sdwa}), register ranges for operands wider than
 * 32 bits, lane-mask registers by wave size, literals in hex, and the common modifiers. Everything
 * instruction-specific comes from the {@link InstructionSet}. The full syntax library replaces this class.
 */
public class LlvmSyntax implements AsmSyntax {

    @Override
    public void print(InstructionSet isa, int variant, int[] words, int offset, int length, StringBuilder out) {
        out.append(mnemonic(isa, variant));
        int n = isa.operandCount(variant);
        String sep = " ";
        for (int i = 0; i < n; i++) {
            String text = operand(isa, variant, i, words, offset);
            if (text != null) {
                out.append(sep).append(text);
                sep = ", ";
            }
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
                if (family.equals("VOPC")) {
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

    /** The text of operand {@code i}, or {@code null} when LLVM does not print it. */
    protected String operand(InstructionSet isa, int variant, int i, int[] words, int offset) {
        int flags = isa.operandFlags(variant, i);
        String type = isa.operandType(variant, i);
        int size = operandSize(isa, variant, i);
        if ((flags & InstructionSet.IMPLICIT) != 0) {
            String family = isa.encodingFamily(variant);
            boolean vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
            if (vopShort && type.equals("OPR_VCC")) {
                return isa.defaultWaveSize() == 64 ? "vcc" : "vcc_lo";
            }
            return null;
        }
        String field = isa.operandField(variant, i);
        long value = isa.operandValue(variant, i, words, offset);
        if ("LITERAL".equals(field) || field != null && field.startsWith("LITERAL")) {
            return "0x" + Long.toHexString(value);
        }
        String name = isa.valueName(type, value);
        if (name != null) {
            if (name.equals("literal")) {
                return "0x" + Long.toHexString(isa.field(variant, "LITERAL", words, offset));
            }
            return registerRange(name, size);
        }
        return Long.toString(value);
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
