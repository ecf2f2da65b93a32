package io.github.amdisa.runtime.codec;

/**
 * Receives decoded instructions as primitives, in the style of a bytecode visitor: the decoder allocates nothing
 * per instruction and hands over ids that the generation's {@link InstructionSet} resolves to names, operands and
 * fields on demand.
 */
@FunctionalInterface
public interface DecodeSink {

    /**
     * Called once per decoded instruction.
     *
     * @param variant the generation's id of the (instruction, encoding, condition) variant that matched
     * @param words the input words (not copied; valid only during the call if the caller reuses its buffer)
     * @param offset the dword offset of the instruction's first word
     * @param length the instruction's length in dwords
     */
    void instruction(int variant, int[] words, int offset, int length);

    /** A sink that ignores everything: decode only to learn the length. */
    DecodeSink IGNORE = (variant, words, offset, length) -> { };
}
