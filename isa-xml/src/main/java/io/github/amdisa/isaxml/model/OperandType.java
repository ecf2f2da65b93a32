package io.github.amdisa.isaxml.model;

import java.util.List;
import java.util.Optional;

/**
 * An {@code <OperandType>} such as {@code OPR_SRC} or {@code OPR_HWREG}: its predefined values (register names and
 * the like) and, when partitioned, the sub-fields of its value.
 */
public record OperandType(String name, String description, boolean partitioned,
                          List<PredefinedValue> predefinedValues, List<Field> fields, SourceLocation location) {
    public OperandType {
        predefinedValues = List.copyOf(predefinedValues);
        fields = List.copyOf(fields);
    }

    /** The first predefined value named {@code valueName}. */
    public Optional<PredefinedValue> value(String valueName) {
        return predefinedValues.stream().filter(v -> v.name().equals(valueName)).findFirst();
    }
}
