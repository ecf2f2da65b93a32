package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

/**
 * The 9-bit source-operand encoding shared by every generation, and AMD's inline constants.
 *
 * <pre>
 *   0-127    scalar registers (see {@link io.github.amdisa.runtime.Target} for SGPR/M0/NULL/FLAT_SCRATCH placement)
 *   128      0
 *   129-192  1 .. 64
 *   193-208  -1 .. -16
 *   230/231  FLAT_SCRATCH_BASE lo/hi (GFX940+, GFX11+)
 *   233/234  DPP8 / DPP8 with FI (markers: the real operand is in the DPP dword)
 *   235-238  SHARED_BASE, SHARED_LIMIT, PRIVATE_BASE, PRIVATE_LIMIT (aperture registers)
 *   239      POPS_EXITING_WAVE_ID
 *   240-247  0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0
 *   248      1/(2*pi)
 *   249      SDWA marker (GFX9, GFX10), 250 DPP16 marker
 *   251      VCCZ, 252 EXECZ, 253 SCC
 *   254      LDS_DIRECT (GFX9, GFX10), 255 literal constant (the next instruction dword)
 *   256-511  VGPR 0-255
 * </pre>
 *
 * <h2>What an inline constant's bits are</h2>
 * The value depends on the operand's size and type (LLVM's {@code AMDGPUBaseInfo} documents the hardware
 * behaviour, which the ISA guides describe only loosely):
 * <ul>
 *   <li>Integer constants (128-208) are sign-extended to the operand size; for 16-bit operands they are
 *       produced as sign-extended <em>32-bit</em> values (so the high half of a packed operand is 0 or 0xFFFF).</li>
 *   <li>Float constants (240-248): 32-bit operands get the f32 bits, 64-bit operands the f64 bits (integer or
 *       float alike), 16-bit float operands the f16 bits (high half zero), 16-bit <em>integer</em> operands the
 *       f32 bits, bf16 operands the bf16 bits.</li>
 *   <li>1/(2*pi) per width: f16 {@code 0x3118}, bf16 {@code 0x3E22}, f32 {@code 0x3E22F983}, f64
 *       {@code 0x3FC45F306DC9C882}.</li>
 * </ul>
 * The literal (255) of a 64-bit operand is zero-extended for integer operands and placed in the high dword for
 * f64 operands ({@link #literal64}).
 */
public final class Operands {

    /** Encoding of the inline constant 0. */
    public static final int INLINE_INT_ZERO = 128;
    /** Highest integer inline constant encoding (-16). */
    public static final int INLINE_INT_LAST = 208;
    /** Encoding of SRC_FLAT_SCRATCH_BASE_LO. */
    public static final int FLAT_SCRATCH_BASE_LO = 230;
    /** Encoding of SRC_FLAT_SCRATCH_BASE_HI. */
    public static final int FLAT_SCRATCH_BASE_HI = 231;
    /** Marker: DPP8 encoding. */
    public static final int DPP8 = 233;
    /** Marker: DPP8 encoding with fetch-inactive. */
    public static final int DPP8_FI = 234;
    /** Encoding of SHARED_BASE (aperture). */
    public static final int SHARED_BASE = 235;
    /** Encoding of SHARED_LIMIT. */
    public static final int SHARED_LIMIT = 236;
    /** Encoding of PRIVATE_BASE. */
    public static final int PRIVATE_BASE = 237;
    /** Encoding of PRIVATE_LIMIT. */
    public static final int PRIVATE_LIMIT = 238;
    /** Encoding of POPS_EXITING_WAVE_ID. */
    public static final int POPS_EXITING_WAVE_ID = 239;
    /** Encoding of the float constant 0.5. */
    public static final int INLINE_FLOAT_FIRST = 240;
    /** Encoding of 1/(2*pi). */
    public static final int INV_2PI = 248;
    /** Marker: SDWA encoding (GFX9, GFX10). */
    public static final int SDWA = 249;
    /** Marker: DPP16 encoding. */
    public static final int DPP16 = 250;
    /** Encoding of VCCZ. */
    public static final int VCCZ = 251;
    /** Encoding of EXECZ. */
    public static final int EXECZ = 252;
    /** Encoding of SCC. */
    public static final int SCC = 253;
    /** Encoding of LDS_DIRECT (GFX9, GFX10). */
    public static final int LDS_DIRECT = 254;
    /** Encoding of the literal constant. */
    public static final int LITERAL = 255;
    /** Encoding of VGPR 0. */
    public static final int VGPR_BASE = 256;
    /** Encoding of VCC_LO. */
    public static final int VCC_LO = 106;
    /** Encoding of VCC_HI. */
    public static final int VCC_HI = 107;
    /** Encoding of TTMP0. */
    public static final int TTMP_BASE = 108;
    /** Encoding of EXEC_LO. */
    public static final int EXEC_LO = 126;
    /** Encoding of EXEC_HI. */
    public static final int EXEC_HI = 127;

    /** Float inline constants 240-248 in each width, in encoding order. */
    private static final int[] F16_CONSTANTS = {0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x4400, 0xC400,
        0x3118};
    private static final int[] BF16_CONSTANTS = {0x3F00, 0xBF00, 0x3F80, 0xBF80, 0x4000, 0xC000, 0x4080, 0xC080,
        0x3E22};
    private static final int[] F32_CONSTANTS = {0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000,
        0xC0000000, 0x40800000, 0xC0800000, 0x3E22F983};
    private static final long[] F64_CONSTANTS = {0x3FE0000000000000L, 0xBFE0000000000000L, 0x3FF0000000000000L,
        0xBFF0000000000000L, 0x4000000000000000L, 0xC000000000000000L, 0x4010000000000000L, 0xC010000000000000L,
        0x3FC45F306DC9C882L};

    private Operands() {
    }

    /**
     * Tells whether a 9-bit operand names a VGPR.
     *
     * @param code the operand encoding
     * @return true for 256-511
     */
    public static boolean isVgpr(int code) {
        return code >= VGPR_BASE;
    }

    /**
     * Tells whether a 9-bit operand is an inline constant (integer or float).
     *
     * @param code the operand encoding
     * @return true for 128-208 and 240-248
     */
    public static boolean isInlineConstant(int code) {
        return code >= INLINE_INT_ZERO && code <= INLINE_INT_LAST || code >= INLINE_FLOAT_FIRST && code <= INV_2PI;
    }

    /**
     * Returns the value of an inline constant as the operand reads it.
     *
     * @param code 128-208 or 240-248
     * @param sizeBits the operand size: 16, 32 or 64
     * @param isFloat whether the operand is a floating-point operand (matters for 16-bit operands only)
     * @return the operand bits: for 16- and 32-bit operands in the low 32 bits (zero-extended to long), for
     *         64-bit operands all 64 bits
     * @throws IllegalRegister when {@code code} is not an inline constant
     */
    public static long inlineConstant(int code, int sizeBits, boolean isFloat) {
        if (code >= INLINE_INT_ZERO && code <= INLINE_INT_LAST) {
            long v = code <= 192 ? code - 128 : 192 - code;
            return sizeBits == 64 ? v : v & 0xFFFFFFFFL;
        }
        if (code >= INLINE_FLOAT_FIRST && code <= INV_2PI) {
            int i = code - INLINE_FLOAT_FIRST;
            return switch (sizeBits) {
                case 64 -> F64_CONSTANTS[i];
                case 16 -> isFloat ? F16_CONSTANTS[i] : F32_CONSTANTS[i] & 0xFFFFFFFFL;
                default -> F32_CONSTANTS[i] & 0xFFFFFFFFL;
            };
        }
        throw new IllegalRegister("inline constant", code, "not an inline constant encoding");
    }

    /**
     * Returns an inline constant for a bf16 operand (float constants as bf16 bits in the low half).
     *
     * @param code 128-208 or 240-248
     * @return the operand bits in the low 32 bits
     */
    public static long inlineConstantBf16(int code) {
        if (code >= INLINE_FLOAT_FIRST && code <= INV_2PI) {
            return BF16_CONSTANTS[code - INLINE_FLOAT_FIRST];
        }
        return inlineConstant(code, 16, true);
    }

    /**
     * Extends a 32-bit literal to a 64-bit operand: into the high dword for f64 operands, zero-extended for
     * integer operands.
     *
     * @param literal the literal dword
     * @param isFloat whether the operand is f64
     * @return the 64-bit operand value
     */
    public static long literal64(int literal, boolean isFloat) {
        return isFloat ? (long) literal << 32 : literal & 0xFFFFFFFFL;
    }
}
