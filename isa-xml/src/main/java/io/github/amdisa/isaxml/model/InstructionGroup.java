package io.github.amdisa.isaxml.model;

import java.util.List;

/** An instruction's {@code <FunctionalGroup>}: the group name and its subgroups. */
public record InstructionGroup(String name, List<String> subgroups) {
    public InstructionGroup {
        subgroups = List.copyOf(subgroups);
    }
}
