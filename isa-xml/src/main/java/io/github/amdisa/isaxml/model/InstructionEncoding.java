package io.github.amdisa.isaxml.model;

import java.util.List;
import java.util.OptionalInt;

/**
 * An instruction in one encoding variant: the encoding, the condition under which the variant applies, the opcode
 * and the operands in this variant.
 *
 * @param conditionId the schema 1.2.0 {@code Id} attribute of {@code <EncodingCondition>}
 */
public record InstructionEncoding(String encodingName, String conditionName, OptionalInt conditionId, long opcode,
                                  List<Operand> operands, SourceLocation location) {

    public InstructionEncoding {
        operands = List.copyOf(operands);
    }
}
