package io.github.amdisa.generator;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a generation run produces. Today the generator gates at two granularities: the codec classes (instruction
 * enum, one class per encoding, decoder and the {@code InstructionSet} tables, which also hold the raw encoder and
 * drive the disassembler and the assembler) are one unit that any of {@link #ENCODER}, {@link #DECODER},
 * {@link #DISASSEMBLER} and {@link #ASSEMBLER} asks for; {@link #INTERPRETER} asks for the classes lowered from the
 * pseudocode.
 */
public enum Output {
    /** Instruction words from fields: the encoding classes' setters and the raw encoder. */
    ENCODER,
    /** Instruction words to variants and fields: the allocation-free decoder. */
    DECODER,
    /** LLVM-syntax text of decoded instructions (the codec tables the runtime's printer reads). */
    DISASSEMBLER,
    /** LLVM-syntax text to instruction words (the codec tables the runtime's parser reads). */
    ASSEMBLER,
    /** Executable semantics lowered from AMD's pseudocode. */
    INTERPRETER;

    /** Every output. */
    public static Set<Output> all() {
        return EnumSet.allOf(Output.class);
    }

    /** Whether {@code outputs} needs the codec classes. */
    public static boolean needsCodec(Collection<Output> outputs) {
        return outputs.contains(ENCODER) || outputs.contains(DECODER) || outputs.contains(DISASSEMBLER)
                || outputs.contains(ASSEMBLER);
    }

    /**
     * The output named {@code name}, case-insensitively ({@code decoder}, {@code Interpreter}, ...).
     *
     * @throws IllegalArgumentException naming the accepted words when {@code name} is none of them
     */
    public static Output of(String name) {
        String n = name.trim().toUpperCase(Locale.ROOT);
        for (Output o : values()) {
            if (o.name().equals(n)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown output '" + name + "'; expected one of "
                + EnumSet.allOf(Output.class).toString().toLowerCase(Locale.ROOT));
    }
}
