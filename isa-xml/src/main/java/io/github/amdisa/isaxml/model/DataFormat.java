package io.github.amdisa.isaxml.model;

import java.util.List;

/**
 * A {@code <DataFormat>} such as {@code FMT_NUM_PK4_U8}.
 *
 * @param dataType AMD's {@code DataType}: {@code integer}, {@code float}, {@code bits} or {@code descriptor}
 */
public record DataFormat(String name, String description, String dataType, int bitCount, int componentCount,
                         List<DataComponent> components, SourceLocation location) {
    public DataFormat {
        components = List.copyOf(components);
    }
}
