package io.github.amdisa.runtime.codec;

/** Decodes and prints instructions of one generation with an {@link AsmSyntax}. */
public final class Disassembler {

    private final InstructionSet isa;
    private final AsmSyntax syntax;

    public Disassembler(InstructionSet isa, AsmSyntax syntax) {
        this.isa = isa;
        this.syntax = syntax;
    }

    /** A disassembler printing LLVM syntax for the generation's default wave size. */
    public static Disassembler llvm(InstructionSet isa) {
        return new Disassembler(isa, new LlvmSyntax());
    }

    /**
     * A disassembler printing LLVM syntax in {@code mode} (LLVM's {@code -mattr=+wavefrontsize64} and
     * {@code +real-true16}/{@code -real-true16}; see {@link io.github.amdisa.runtime.SyntaxMode#fromFeatures}).
     *
     * @param isa the generated instruction set
     * @param mode the wave size and true16 mode
     * @return the disassembler
     */
    public static Disassembler llvm(InstructionSet isa, io.github.amdisa.runtime.SyntaxMode mode) {
        return new Disassembler(isa, new LlvmSyntax(java.util.Objects.requireNonNull(mode, "mode")));
    }

    public InstructionSet instructionSet() {
        return isa;
    }

    /**
     * Appends the text of the instruction at {@code offset} to {@code out}.
     *
     * @return its length in dwords
     * @throws DecodeException when the words do not decode, or decode to words the syntax has no text for
     *         ({@link AsmSyntax#invalidEncoding})
     */
    public int disassemble(int[] words, int offset, StringBuilder out) {
        int[] found = new int[1];
        int length = decodeChecked(words, offset, found);
        syntax.print(isa, found[0], words, offset, length, out);
        return length;
    }

    /**
     * {@link #disassemble(int[], int, StringBuilder)} and {@link #softFail(int[], int)} of the same instruction with
     * one decode, as a tool that prints and warns (llvm-mc's "potentially undefined instruction encoding") needs them.
     *
     * @param softFail receives in its first element why the instruction is potentially undefined, or null
     * @return its length in dwords
     * @throws DecodeException when the words do not decode, or decode to words the syntax has no text for; then
     *         neither {@code out} nor {@code softFail} is changed
     */
    public int disassemble(int[] words, int offset, StringBuilder out, String[] softFail) {
        int[] found = new int[1];
        int length = decodeChecked(words, offset, found);
        syntax.print(isa, found[0], words, offset, length, out);
        softFail[0] = syntax.softFail(isa, found[0], words, offset, length);
        return length;
    }

    /**
     * The length in dwords of the instruction at {@code offset}, without printing it: the same words decode or fail
     * as in {@link #disassemble(int[], int, StringBuilder)}.
     *
     * @return its length in dwords
     * @throws DecodeException when the words do not decode, or decode to words the syntax has no text for
     */
    public int length(int[] words, int offset) {
        return decodeChecked(words, offset, new int[1]);
    }

    /** Decodes the instruction at {@code offset} into {@code found[0]} and applies the syntax's invalid encodings. */
    private int decodeChecked(int[] words, int offset, int[] found) {
        int length = isa.decode(words, offset, (variant, w, o, n) -> found[0] = variant);
        String invalid = syntax.invalidEncoding(isa, found[0], words, offset, length);
        if (invalid != null) {
            throw new DecodeException(offset, invalid);
        }
        return length;
    }

    /**
     * Why the instruction at {@code offset}, which {@link #disassemble(int[], int, StringBuilder)} prints, is
     * potentially undefined in the syntax ({@link AsmSyntax#softFail}; llvm-mc's "potentially undefined instruction
     * encoding" warning), or null.
     *
     * @throws DecodeException when the words do not decode, or decode to words the syntax has no text for
     */
    public String softFail(int[] words, int offset) {
        int[] found = new int[1];
        int length = decodeChecked(words, offset, found);
        return syntax.softFail(isa, found[0], words, offset, length);
    }

    /** The text of the instruction at {@code offset}. */
    public String disassemble(int[] words, int offset) {
        StringBuilder b = new StringBuilder(64);
        disassemble(words, offset, b);
        return b.toString();
    }
}
