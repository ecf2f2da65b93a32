package io.github.amdisa.benchmarks;

import static io.github.amdisa.runtime.asm.AsmOperand.imm;
import static io.github.amdisa.runtime.asm.AsmOperand.neg;
import static io.github.amdisa.runtime.asm.AsmOperand.s;
import static io.github.amdisa.runtime.asm.AsmOperand.v;

import io.github.amdisa.cdna3.Cdna3Asm;
import io.github.amdisa.rdna3.Rdna3Asm;
import io.github.amdisa.runtime.asm.AsmModifier;
import io.github.amdisa.runtime.asm.AsmOperand;
import io.github.amdisa.runtime.asm.Assembler;

/**
 * Encoding from typed instructions: the generated per-instruction factories ({@code Rdna3Asm.V_BFE_I32(v(5), ...)})
 * with varying registers and immediates, the way a compiler back end would call them. Each batch makes
 * {@link #BATCH} instructions on gfx1100 or gfx942 (scalar ALU, VOP2/VOP3 with and without modifiers and literals,
 * LDS and global memory).
 */
final class TypedEncodeWorkload {

    static final int BATCH = 8;

    /** The {@code off} operand of a global access without a scalar base. */
    private static final AsmOperand OFF = new AsmOperand.Text("off");

    private final boolean rdna3;
    private int i;

    TypedEncodeWorkload(String mcpu) {
        rdna3 = switch (mcpu) {
            case "gfx1100" -> true;
            case "gfx942" -> false;
            default -> throw new IllegalArgumentException("typed encode benchmark covers gfx1100 and gfx942: " + mcpu);
        };
    }

    /** Makes {@link #BATCH} instructions; returns a checksum of their words so the work cannot be dropped. */
    int batch() {
        int k = i++ & 63;
        int sum = 0;
        if (rdna3) {
            sum += words(Rdna3Asm.V_BFE_I32(v(k + 5), v(k + 1), v(k + 2), s(k & 31)));
            sum += words(Rdna3Asm.V_BFE_I32(v(k), imm(k), v(k + 2), imm(0x12345 + k)));
            sum += words(Rdna3Asm.S_ADD_U32(s(k & 63), s((k + 1) & 63), imm(k - 16)));
            sum += words(Rdna3Asm.V_ADD_F32(v(k), v(k + 1), v(k + 2)));
            sum += words(Rdna3Asm.V_ADD_F32(v(k), neg(v(k + 1)), v(k + 2), AsmModifier.CLAMP));
            sum += words(Rdna3Asm.V_ADD_F32(v(k), imm(0.5), v(k + 3)));
            sum += words(Rdna3Asm.DS_ADD_U32(v(k), v(k + 1), AsmModifier.offset(4 * k)));
            sum += words(Rdna3Asm.GLOBAL_LOAD_B32(v(k), v(2 * k, 2 * k + 1), OFF,
                    AsmModifier.offset(8 * k)));
        } else {
            sum += words(Cdna3Asm.V_BFE_I32(v(k + 5), v(k + 1), v(k + 2), s(k & 31)));
            sum += words(Cdna3Asm.V_BFE_I32(v(k), imm(k), v(k + 2), imm(-7)));
            sum += words(Cdna3Asm.S_ADD_U32(s(k & 63), s((k + 1) & 63), imm(k - 16)));
            sum += words(Cdna3Asm.V_ADD_F32(v(k), v(k + 1), v(k + 2)));
            sum += words(Cdna3Asm.V_ADD_F32(v(k), neg(v(k + 1)), v(k + 2), AsmModifier.CLAMP));
            sum += words(Cdna3Asm.V_ADD_F32(v(k), imm(0.5), v(k + 3)));
            sum += words(Cdna3Asm.DS_ADD_U32(v(k), v(k + 1), AsmModifier.offset(4 * k)));
            sum += words(Cdna3Asm.GLOBAL_LOAD_DWORD(v(k), v(2 * k, 2 * k + 1), OFF,
                    AsmModifier.offset(8 * k)));
        }
        return sum;
    }

    private static int words(Assembler.Assembly a) {
        return a.words()[0] + a.words().length;
    }

}
