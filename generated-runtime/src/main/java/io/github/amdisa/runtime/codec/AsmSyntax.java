package io.github.amdisa.runtime.codec;

/**
 * Prints one decoded instruction as assembly text. The runtime ships {@link LlvmSyntax}, a small hand-written
 * approximation of LLVM's AMDGPU printer; the full syntax library can replace it by implementing this interface.
 */
@FunctionalInterface
public interface AsmSyntax {

    /** Appends the text of {@code variant} decoded from {@code words} at {@code offset} to {@code out}. */
    void print(InstructionSet isa, int variant, int[] words, int offset, int length, StringBuilder out);
}
