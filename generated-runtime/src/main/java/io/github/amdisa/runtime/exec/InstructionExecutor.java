package io.github.amdisa.runtime.exec;

/**
 * Executes one instruction; the generated interpreter implements this (one implementation per architecture,
 * dispatching on the decoded opcode with a {@code switch}).
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Before the call the run loop has set {@link Wave#pc()} to the instruction's byte address;
 *       {@code words[offset]} is its first dword and following dwords (the rest of a 64-bit encoding, a literal)
 *       are at {@code offset + 1 ...}; reading beyond {@code words.length} means truncated code and should throw
 *       {@link MemoryFault}.</li>
 *   <li>It returns the instruction's length in dwords, literal included (at least 1). The run loop then continues
 *       at {@code pc + 4 * length}, unless the instruction called {@link Wave#branch} (branches, {@code S_SETPC},
 *       {@code S_SWAPPC}, {@code S_RFE}, traps), whose target wins. Branch targets are computed by the instruction
 *       from {@link Wave#pc()} as AMD defines them (for {@code S_BRANCH}: {@code PC + 4 + SIMM16 * 4}).</li>
 *   <li>{@code S_ENDPGM} calls {@link Wave#halt()}; the run loop stops after the instruction.</li>
 *   <li>Errors are {@link ExecutionException}s; the run loop adds the PC and instruction text. Instructions the
 *       interpreter does not implement throw {@link UnsupportedInstruction}.</li>
 *   <li>Memory is reached through the wave ({@link Wave#memory()}, {@link Wave#lds()}, {@link Wave#scratch()}),
 *       so one executor instance serves every wave and holds no per-wave state.</li>
 * </ul>
 * Implementations must not allocate per instruction on their fast paths.
 */
@FunctionalInterface
public interface InstructionExecutor {

    /**
     * Executes the instruction at {@code words[offset]} on {@code wave}.
     *
     * @param wave the wave's state, updated in place
     * @param words the program's dwords
     * @param offset index of the instruction's first dword
     * @return the instruction's length in dwords (&ge; 1)
     */
    int execute(Wave wave, int[] words, int offset);
}
