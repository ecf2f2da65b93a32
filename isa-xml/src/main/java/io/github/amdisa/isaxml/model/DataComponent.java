package io.github.amdisa.isaxml.model;

import java.util.List;

/** One {@code BitMap} of a data format's {@code DataAttributes}: the fields of component {@code order}. */
public record DataComponent(int order, List<DataField> fields) {
    public DataComponent {
        fields = List.copyOf(fields);
    }
}
