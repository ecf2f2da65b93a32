package io.github.amdisa.isaxml.model;

import java.util.List;
import java.util.Optional;

/** An {@code <Instruction>}: name, aliases, description, flags, every encoding variant and its functional group. */
public record Instruction(String name, List<String> aliases, String description, InstructionFlags flags,
                          List<InstructionEncoding> encodings, InstructionGroup group, SourceLocation location) {

    public Instruction {
        aliases = List.copyOf(aliases);
        encodings = List.copyOf(encodings);
    }

    /** The variant in {@code encodingName} under condition {@code conditionName}. */
    public Optional<InstructionEncoding> encoding(String encodingName, String conditionName) {
        return encodings.stream().filter(e -> e.encodingName().equals(encodingName)
                && e.conditionName().equals(conditionName)).findFirst();
    }
}
