package io.github.amdisa.runtime.exec;

/**
 * Renders an instruction as text (typically the generated disassembler), used to label errors and traces. Only
 * called on slow paths.
 */
@FunctionalInterface
public interface InstructionText {

    /**
     * Returns the text of the instruction at {@code words[offset]}.
     *
     * @param words the program's dwords
     * @param offset the instruction's first dword
     * @return for example {@code "v_add_f32_e32 v0, v1, v2"}
     */
    String text(int[] words, int offset);
}
