package io.github.amdisa.isaxml.model;

/** The {@code <Architecture>} element: AMD's name and numeric ID for the generation. */
public record Architecture(String name, int id) {
}
