package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the generated typed instruction factories call: builds the LLVM statement from typed operands and
 * assembles it (variant choice, range checks and verification as in {@link Assembler}).
 */
public final class Factories {

    private static final Map<InstructionSet, Assembler> ASSEMBLERS = new ConcurrentHashMap<>();

    private Factories() {
    }

    /**
     * Assembles {@code mnemonic operands... modifiers...}.
     *
     * @param isa the generation
     * @param mnemonic the LLVM mnemonic
     * @param operands the operands in LLVM order
     * @param modifiers the modifiers
     * @return the assembled instruction
     * @throws io.github.amdisa.runtime.AsmSyntaxException if the operands do not fit any encoding; the offset is into
     *         the statement text, which the message quotes
     */
    public static Assembler.Assembly assemble(InstructionSet isa, String mnemonic, AsmOperand[] operands,
            AsmModifier[] modifiers) {
        StringBuilder b = new StringBuilder(mnemonic);
        for (int i = 0; i < operands.length; i++) {
            b.append(i == 0 ? " " : ", ").append(operands[i].text());
        }
        for (AsmModifier m : modifiers) {
            b.append(' ').append(m.text());
        }
        Assembler asm = ASSEMBLERS.computeIfAbsent(isa, Assembler::llvm);
        synchronized (asm) {
            try {
                return asm.assemble(b);
            } catch (io.github.amdisa.runtime.AsmSyntaxException e) {
                throw new io.github.amdisa.runtime.AsmSyntaxException(e.offset(), e.detail() + " in `" + b + "`");
            }
        }
    }
}
