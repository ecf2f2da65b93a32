package io.github.amdisa.isaxml.model;

/** A named value of an operand type or field, e.g. {@code vcc_lo} = 106 or {@code HW_REG_MODE} = 1. */
public record PredefinedValue(String name, String description, long value) {
}
