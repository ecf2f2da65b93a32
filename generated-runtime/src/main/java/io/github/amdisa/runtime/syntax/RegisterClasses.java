package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.Target;

/**
 * The operand checks LLVM's GFX9-dialect disassembler (gfx908, gfx90a, gfx942, gfx950) prints after an operand it
 * decodes but whose value its register class does not admit: {@code v[3:4]/*Invalid register, operand has
 * 'VReg_64_Align2' register class*}{@code /} or {@code 17/*Invalid immediate*}{@code /}. The instruction still
 * decodes (same length, same text otherwise), so a faithful LLVM-syntax printer prints the same note.
 *
 * <p>The rules come from the spec's operand types (AMD's {@code OPR_*} names) and from LLVM's register classes,
 * measured with {@code llvm-mc-22 -disassemble} over random words on all four CDNA targets:
 * <ul>
 *   <li>gfx90a and later require VGPR and AGPR tuples of 64 bits or more to start at an even register (AMD's CDNA 2+
 *       ISA guides say so too); LLVM's class is {@code VReg_N_Align2} for VALU destinations and VGPR-only sources,
 *       {@code VS_N_Align2} for VALU sources that also take SGPRs, {@code AV_N_Align2} for memory data and matrix
 *       A/B sources (VGPR or AGPR), {@code VReg}/{@code AReg} by the register file where LLVM has one opcode per
 *       file (matrix C and D; DS data and returning FLAT atomics, whose AGPR forms LLVM does not check);</li>
 *   <li>register-only operands ({@code OPR_SREG*}, {@code OPR_VGPR}, {@code OPR_VGPR_OR_LDS}, the matrix A/B
 *       sources, {@code v_accvgpr_mov} sources, VALU destinations) holding an inline constant or literal:
 *       {@code Invalid immediate};</li>
 *   <li>{@code src_lds_direct} in a 32-bit scalar ALU source: {@code SReg_32};</li>
 *   <li>a scalar register in an operand LLVM types as vector-only: the class {@code VRegOrLds_32}
 *       ({@code v_readlane}/{@code v_readfirstlane}), {@code AGPR_32} ({@code v_accvgpr_read/mov}),
 *       {@code VGPR_32}, {@code AV_N} (matrix A/B) or
 *       {@code VReg_N}/{@code AReg_N} (matrix C, by the accumulator's register file).</li>
 * </ul>
 */
public final class RegisterClasses {
    private static final String IMMEDIATE = "/*Invalid immediate*/";

    private RegisterClasses() {
    }

    /** Where an operand sits, as far as LLVM's register class depends on it. */
    public enum Role {
        /** A VALU destination. */
        VALU_DEST,
        /** A VALU source operand (the 9-bit SRC encoding or a VGPR-only VSRC field). */
        VALU_SOURCE,
        /** The A or B source of a matrix instruction (MFMA, SMFMAC). */
        MATRIX_AB,
        /** The accumulator (C source or D destination) of an MFMA. */
        MATRIX_CD,
        /** The destination of an SMFMAC (read and written, VGPR or AGPR). */
        SPARSE_MATRIX_DEST,
        /** Data of a memory instruction whose one LLVM opcode takes VGPRs or AGPRs (MUBUF, MTBUF, FLAT). */
        MEMORY_DATA_ANY,
        /** Data of a memory instruction LLVM has one opcode per register file for (DS, returning FLAT atomics). */
        MEMORY_DATA_BY_FILE,
        /** A VGPR address of a memory instruction. */
        MEMORY_ADDRESS,
        /** Anything else. */
        OTHER
    }

    /**
     * Returns the note LLVM prints after an operand, or {@code null} if it prints none.
     *
     * @param target the target (GFX9 dialect)
     * @param role the operand's role
     * @param type the spec's operand type ({@code OPR_SREG}, {@code OPR_VGPR}, ...)
     * @param sizeBits the operand width in bits
     * @param text the operand as printed, without source modifiers
     * @param accumulatorAgpr for {@link Role#MATRIX_CD}: whether the accumulator is in AGPRs
     * @return the note, e.g. {@code /*Invalid immediate*}{@code /}, or {@code null}
     */
    public static String note(Target target, Role role, String type, int sizeBits, String text,
            boolean accumulatorAgpr) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        char kind = text.charAt(0);
        boolean vector = (kind == 'v' || kind == 'a') && text.length() > 1
                && (text.charAt(1) == '[' || Character.isDigit(text.charAt(1)));
        boolean constant = !vector && constant(text);
        boolean aligned = target.requiresAlignedVgprTuples();
        if (vector && type.startsWith("OPR_SSRC") && sizeBits == 32) {
            return registerNote("SReg", 32, false); // a VGPR in a scalar-only source (v_readlane's lane select)
        }
        if (vector) {
            int first;
            int count;
            if (text.charAt(1) == '[') {
                int colon = text.indexOf(':');
                int close = text.indexOf(']');
                if (colon < 0 || close < colon) {
                    return null;
                }
                first = Integer.parseInt(text, 2, colon, 10);
                count = Integer.parseInt(text, colon + 1, close, 10) - first + 1;
            } else {
                return null; // a single register is never misaligned
            }
            if (!aligned || count < 2 || (first & 1) == 0) {
                return null;
            }
            String prefix = switch (role) {
                case VALU_DEST, MEMORY_ADDRESS -> "VReg";
                case VALU_SOURCE -> type.startsWith("OPR_SRC") ? "VS" : "VReg";
                case MATRIX_AB, MEMORY_DATA_ANY, SPARSE_MATRIX_DEST -> "AV";
                case MATRIX_CD -> kind == 'a' ? "AReg" : "VReg";
                // LLVM's AGPR forms of DS instructions and returning FLAT atomics take unaligned AGPR tuples.
                case MEMORY_DATA_BY_FILE -> kind == 'a' ? null : "VReg";
                case OTHER -> null;
            };
            return prefix == null ? null : registerNote(prefix, count * 32, true);
        }
        if (constant) {
            boolean registerOnly = type.startsWith("OPR_SREG") || type.equals("OPR_VGPR")
                    || type.equals("OPR_VGPR_OR_LDS") || accvgprOnly(type) || role == Role.MATRIX_AB;
            return registerOnly || role == Role.VALU_DEST ? IMMEDIATE : null;
        }
        if (text.equals("src_lds_direct") && role == Role.OTHER && type.startsWith("OPR_SSRC") && sizeBits == 32) {
            return registerNote("SReg", 32, false); // LDS direct is a VALU source only
        }
        boolean scalar = text.startsWith("s") && !text.startsWith("src_") || text.startsWith("ttmp")
                || text.startsWith("vcc") || text.startsWith("exec") || text.equals("m0")
                || text.startsWith("flat_scratch") || text.startsWith("xnack_mask");
        if (!scalar) {
            return null;
        }
        if (type.equals("OPR_VGPR_OR_LDS")) {
            return registerNote("VRegOrLds", 32, false);
        }
        if (accvgprOnly(type) && sizeBits == 32) {
            return registerNote("AGPR", 32, false);
        }
        if (role == Role.MATRIX_AB) {
            return registerNote("AV", sizeBits, aligned);
        }
        if (role == Role.MATRIX_CD) {
            return registerNote(accumulatorAgpr ? "AReg" : "VReg", sizeBits, aligned);
        }
        if (type.equals("OPR_VGPR") && sizeBits == 32 && role != Role.OTHER) {
            return registerNote("VGPR", 32, false);
        }
        return null;
    }

    /** AGPR-only operand types ({@code v_accvgpr_read/mov} sources). */
    private static boolean accvgprOnly(String type) {
        return type.equals("OPR_ACCVGPR") || type.equals("OPR_SRC_ACCVGPR");
    }

    private static String registerNote(String prefix, int bits, boolean alignedTarget) {
        StringBuilder sb = new StringBuilder("/*Invalid register, operand has '").append(prefix).append('_')
                .append(bits);
        if (alignedTarget && bits >= 64 && !prefix.equals("VRegOrLds") && !prefix.equals("VGPR")
                && !prefix.equals("AGPR")) {
            sb.append("_Align2");
        }
        return sb.append("' register class*/").toString();
    }

    /** An inline constant or literal as printed: {@code -?\d+(\.\d+)?} or {@code 0x[0-9a-f]+}. */
    private static boolean constant(String t) {
        if (t.startsWith("0x")) {
            return t.length() > 2;
        }
        int i = t.startsWith("-") ? 1 : 0;
        if (i >= t.length() || !Character.isDigit(t.charAt(i))) {
            return false;
        }
        for (; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (!Character.isDigit(ch) && ch != '.') {
                return false;
            }
        }
        return true;
    }
}
