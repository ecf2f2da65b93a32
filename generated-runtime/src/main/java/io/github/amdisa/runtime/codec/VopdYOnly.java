package io.github.amdisa.runtime.codec;

/**
 * Policy: the VOPD opcodes valid in the Y half only (GFX11/GFX12 dual issue). The specs list V_DUAL_ADD_NC_U32,
 * V_DUAL_LSHLREV_B32 and V_DUAL_AND_B32 at opcodes 16-18, which do not fit the 4-bit OPX field, so the generated
 * instruction sets have no variant for them; they exist only as an OPY value. Their operands are those of a
 * two-source B32 VOPD instruction ({@code vdst, src0, vsrc1}); {@link #TEMPLATE} names the instruction whose operand
 * table reads them. The printer, the assembler and the interpreter take the names from here.
 */
public final class VopdYOnly {

    /** The first Y-only opcode. */
    public static final int FIRST_OPCODE = 16;

    /** The VOPD instruction whose operand table (vdst, src0, vsrc1; 32-bit bits) reads a Y-only instruction. */
    public static final String TEMPLATE = "V_DUAL_CNDMASK_B32";

    private static final String[] NAMES = {"V_DUAL_ADD_NC_U32", "V_DUAL_LSHLREV_B32", "V_DUAL_AND_B32"};

    private VopdYOnly() {
    }

    /** The instruction name (upper case) of Y-only opcode {@code opcode}, or null if it is not one. */
    public static String name(long opcode) {
        long k = opcode - FIRST_OPCODE;
        return k >= 0 && k < NAMES.length ? NAMES[(int) k] : null;
    }

    /** The opcode of a Y-only instruction named {@code name} (any case), or -1. */
    public static int opcode(String name) {
        for (int k = 0; k < NAMES.length; k++) {
            if (NAMES[k].equalsIgnoreCase(name)) {
                return FIRST_OPCODE + k;
            }
        }
        return -1;
    }
}
