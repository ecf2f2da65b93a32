package io.github.amdisa.isaxml.model;

import java.util.Optional;

/**
 * One operand of an instruction in one encoding variant.
 *
 * @param fieldName the encoding field that holds it; absent for implicit operands (e.g. {@code OPR_DSMEM})
 * @param dataFormat the {@code DataFormatName} (e.g. {@code FMT_NUM_I32})
 * @param operandType the {@code OperandType} (e.g. {@code OPR_SRC})
 * @param size the {@code OperandSize} in bits
 * @param order AMD's {@code Order} attribute: the assembly order of the operand
 */
public record Operand(Optional<String> fieldName, String dataFormat, String operandType, int size, boolean input,
                      boolean output, boolean implicit, boolean binaryMicrocodeRequired, int order,
                      SourceLocation location) {
}
