package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.syntax.InlineConstants;

/**
 * The scalar values one VALU statement reads over the constant bus, counted as {@code llvm-mc-22}'s
 * {@code validateConstantBusLimitations} counts them: each distinct scalar register once (SGPRs, {@code vcc},
 * {@code m0}, {@code exec}, trap temporaries, {@code scc}, {@code vccz}, {@code execz} and the
 * {@code src_shared_base}-style apertures; {@code s0} and {@code s[0:1]} are different registers; {@code null} is
 * free), implicit reads of {@code vcc} included; one literal counts once, or twice when its value serves both a
 * 32-bit (or narrower) and a 64-bit operand; inline constants are free. The limit is
 * {@link Target#constantBusLimit(String)}.
 *
 * <p>One instance per parse; nothing is allocated after construction.
 */
final class ConstantBus {

    /** Code of {@code vcc_lo} / {@code vcc} in the scalar source encoding. */
    static final int VCC = 106;

    private final Target target;
    private final int[] registers = new int[8];
    private int registerCount;
    /** Literal operand sizes seen: bit 0 for 32 bits or fewer, bit 1 for 64 bits. */
    private int literalSizes;
    /** Whether a literal was read at all (an operand of unknown size sets no size bit). */
    private boolean literal;
    /** Where the first read past the limit was written, or -1. */
    private int overAt = -1;
    private int limit = Integer.MAX_VALUE;

    ConstantBus(Target target) {
        this.target = target;
    }

    /** Starts counting for an instruction with the given limit (see {@link Target#constantBusLimit}). */
    void reset(int limit) {
        this.limit = limit;
        registerCount = 0;
        literalSizes = 0;
        literal = false;
        overAt = -1;
    }

    /**
     * Counts a source operand read.
     *
     * @param code   the operand's source code (SGPRs and special registers below 256, VGPRs from 256)
     * @param dwords the register's width in dwords (for a register), ignored for constants
     * @param bits   the operand's size in bits (for a literal); 0 where LLVM's size is not known from the spec (untyped
     *               or packed 64-bit operands), which then agrees with either size
     * @param at     the operand's offset, for the error
     */
    void read(int code, int dwords, int bits, int at) {
        if (code == InlineConstants.LITERAL || code == 254) {
            literal(bits, at);
        } else if (scalarRegister(code)) {
            int key = code << 5 | Math.max(1, dwords);
            for (int i = 0; i < registerCount; i++) {
                if (registers[i] == key) {
                    return;
                }
            }
            if (registerCount < registers.length) {
                registers[registerCount++] = key;
            }
            check(at);
        }
    }

    /** Counts a literal operand of {@code bits} bits (MADAK/MADMK constants are 32-bit literals; 0: unknown). */
    void literal(int bits, int at) {
        literalSizes |= bits > 32 ? 2 : bits > 0 ? 1 : 0;
        literal = true;
        check(at);
    }

    /**
     * Throws LLVM's error if the reads exceed the limit.
     *
     * @throws AsmSyntaxException located at the first read past the limit
     */
    void verify() {
        if (overAt >= 0) {
            throw new AsmSyntaxException(overAt, "invalid operand (violates constant bus restrictions)");
        }
    }

    private void check(int at) {
        int literals = Math.max(literal ? 1 : 0, Integer.bitCount(literalSizes));
        if (overAt < 0 && registerCount + literals > limit) {
            overAt = at;
        }
    }

    /** Scalar registers that use the bus; {@code null} does not (llvm-mc-22 takes {@code v_fma_f32 v1, s1, s2, null}). */
    private boolean scalarRegister(int code) {
        if (code == target.nullEncoding() && target.dialect().isGfx10Plus()) {
            return false;
        }
        return code < 128 || code >= 235 && code <= 239 || code >= 251 && code <= 253;
    }
}
