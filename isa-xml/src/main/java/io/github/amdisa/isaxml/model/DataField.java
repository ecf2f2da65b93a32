package io.github.amdisa.isaxml.model;

import java.util.List;

/** A field of one component of a data format (e.g. {@code Integer}, {@code Mantissa}, {@code Exponent}). */
public record DataField(String name, Signedness signedness, List<BitRange> ranges) {
    public DataField {
        ranges = List.copyOf(ranges);
    }
}
