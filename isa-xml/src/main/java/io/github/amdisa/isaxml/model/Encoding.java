package io.github.amdisa.isaxml.model;

import java.util.List;
import java.util.Optional;

/**
 * An instruction encoding ({@code ENC_VOP3}, {@code VOP3_INST_LITERAL}, ...): its size, how to recognise it
 * (identifier mask and identifiers), its condition variants and its bit fields.
 *
 * @param order AMD's {@code Order} attribute; decoders try encodings in ascending order
 * @param bitCount size in bits (a multiple of 32)
 * @param identifierMask the bits that identify this encoding (and, for most encodings, the opcode)
 * @param identifiers the allowed values under the mask, one per opcode (or one for encodings without opcode bits
 *                    in the mask)
 */
public record Encoding(String name, int order, int bitCount, Bits identifierMask, List<Bits> identifiers,
                       List<EncodingCondition> conditions, String description, List<Field> fields,
                       SourceLocation location) {

    public Encoding {
        identifiers = List.copyOf(identifiers);
        conditions = List.copyOf(conditions);
        fields = List.copyOf(fields);
    }

    /** Size in dwords. */
    public int dwordCount() {
        return (bitCount + 31) / 32;
    }

    /** The field named {@code fieldName}. */
    public Optional<Field> field(String fieldName) {
        return fields.stream().filter(f -> f.name().equals(fieldName)).findFirst();
    }

    /** The condition named {@code conditionName}. */
    public Optional<EncodingCondition> condition(String conditionName) {
        return conditions.stream().filter(c -> c.name().equals(conditionName)).findFirst();
    }

    /** Whether the words at {@code offset} carry one of this encoding's identifiers. */
    public boolean matches(int[] words, int offset) {
        for (Bits id : identifiers) {
            if (id.matches(identifierMask, words, offset)) {
                return true;
            }
        }
        return false;
    }
}
