package io.github.amdisa.runtime.codec;

/**
 * Prints one decoded instruction as assembly text. The runtime ships {@link LlvmSyntax}, a small hand-written
 * approximation of LLVM's AMDGPU printer; the full syntax library can replace it by implementing this interface.
 */
@FunctionalInterface
public interface AsmSyntax {

    /** Appends the text of {@code variant} decoded from {@code words} at {@code offset} to {@code out}. */
    void print(InstructionSet isa, int variant, int[] words, int offset, int length, StringBuilder out);

    /**
     * Why words that decode as {@code variant} are nevertheless no instruction in this syntax (its assembler has no
     * text for them), or null when they are one. {@link Disassembler} reports such words as a {@link DecodeException}.
     * The default accepts every decoded word.
     */
    default String invalidEncoding(InstructionSet isa, int variant, int[] words, int offset, int length) {
        return null;
    }

    /**
     * Why words that decode as {@code variant} and print are nevertheless "potentially undefined" in this syntax
     * (bits its encoding fixes hold another value, which its decoder accepts with a warning: LLVM's SoftFail bits),
     * or null when they are not. The default finds nothing.
     */
    default String softFail(InstructionSet isa, int variant, int[] words, int offset, int length) {
        return null;
    }
}
