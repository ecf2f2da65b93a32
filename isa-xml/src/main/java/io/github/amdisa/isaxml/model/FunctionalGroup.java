package io.github.amdisa.isaxml.model;

/** An entry of {@code <FunctionalGroups>} or {@code <FunctionalSubgroups>}. */
public record FunctionalGroup(String name, String description) {
}
