package io.github.amdisa.runtime.codec;

import java.nio.ByteBuffer;

/**
 * What a generated generation package tells the runtime about its instructions: the decoder, and per decoded
 * <em>variant</em> (one instruction in one encoding under one encoding condition) its names, operands and fields.
 * Generated classes implement it from AMD's XML; hand-written printers and checkers read it.
 *
 * <p>The decode path ({@link #decode(int[], int, DecodeSink)}) allocates nothing. The descriptive methods look
 * things up in tables and may be slower; they are meant for printing, not for hot loops.
 */
public interface InstructionSet {

    /** Operand flag: the operand is read. */
    int IN = 1;
    /** Operand flag: the operand is written. */
    int OUT = 2;
    /** Operand flag: the operand has no field in the encoding (e.g. {@code VCC}, {@code EXEC}, LDS memory). */
    int IMPLICIT = 4;

    /** Instruction form flag: the instruction also has a VOP3 (64-bit) encoding. */
    int HAS_VOP3 = 1;
    /** Instruction form flag: the instruction also has a VOP1, VOP2 or VOPC (32-bit) encoding. */
    int HAS_VOP_SHORT = 2;

    /** The generation's AMD name, e.g. {@code AMD RDNA 3}. */
    String architectureName();

    /** The LLVM {@code -mcpu} that models the generation, e.g. {@code gfx1100}. */
    String llvmTarget();

    /** The wave size LLVM assumes by default for {@link #llvmTarget()}; decides how lane masks print. */
    int defaultWaveSize();

    /**
     * Decodes the instruction at {@code offset} and reports it to {@code sink}.
     *
     * @return the instruction's length in dwords
     * @throws DecodeException when no encoding matches, the instruction is truncated or the offset is out of range
     */
    int decode(int[] words, int offset, DecodeSink sink);

    /** Like {@link #decode(int[], int, DecodeSink)}, from the remaining bytes of {@code buffer} (little-endian). */
    default int decode(ByteBuffer buffer, DecodeSink sink) {
        return decode(Words.fromBytes(buffer), 0, sink);
    }

    /** Number of variants; variant ids are {@code 0 .. variantCount() - 1}. */
    int variantCount();

    /** The AMD instruction name of a variant, e.g. {@code V_BFE_I32}. */
    String instructionName(int variant);

    /**
     * The other names the spec gives the variant's instruction ({@code <AliasedInstructionNames>}, e.g.
     * {@code DS_WRITE_B32} for {@code DS_STORE_B32}); the assembler accepts them as mnemonics.
     *
     * @param variant the variant
     * @return the aliases, upper case as in the spec; empty when there are none
     */
    default java.util.List<String> instructionAliases(int variant) {
        return java.util.List.of();
    }

    /** The instruction's ordinal in the generation's instruction enum. */
    int instructionOrdinal(int variant);

    /** The encoding name, e.g. {@code VOP3_INST_LITERAL}. */
    String encodingName(int variant);

    /** The encoding condition name, e.g. {@code has_lit_0}. */
    String conditionName(int variant);

    /** The opcode in this encoding. */
    long opcode(int variant);

    /**
     * The encoding's family, the encoding name without {@code ENC_} and variant suffixes: {@code VOP3},
     * {@code VOP2}, {@code SMEM}, {@code FLAT_GLBL}, {@code VOP3_SDST_ENC}, ...
     */
    String encodingFamily(int variant);

    /**
     * How the variant differs from the family's plain encoding: {@code BASE}, {@code LITERAL}, {@code LIT64},
     * {@code DPP16}, {@code DPP8}, {@code DPP}, {@code SDWA}, {@code NSA} or {@code MFMA}.
     */
    String variantKind(int variant);

    /** {@link #HAS_VOP3} and {@link #HAS_VOP_SHORT} flags of the variant's instruction. */
    int instructionForms(int variant);

    /** The encoding's length in dwords. */
    int length(int variant);

    /** Number of operands (explicit and implicit) in AMD's assembly order. */
    int operandCount(int variant);

    /** The field holding operand {@code i}, or {@code null} for an implicit operand. */
    String operandField(int variant, int i);

    /** The operand type of operand {@code i}, e.g. {@code OPR_SRC}. */
    String operandType(int variant, int i);

    /** The data format of operand {@code i}, e.g. {@code FMT_NUM_F32}. */
    String operandFormat(int variant, int i);

    /** The size of operand {@code i} in bits. */
    int operandSize(int variant, int i);

    /** {@link #IN}, {@link #OUT}, {@link #IMPLICIT} flags of operand {@code i}. */
    int operandFlags(int variant, int i);

    /** The raw value of operand {@code i}'s field, or -1 for an implicit operand. */
    long operandValue(int variant, int i, int[] words, int offset);

    /** Whether the variant's encoding has a field named {@code fieldName}. */
    boolean hasField(int variant, String fieldName);

    /** The value of field {@code fieldName} of the variant's encoding, or -1 when the encoding has no such field. */
    long field(int variant, String fieldName, int[] words, int offset);

    /**
     * The index of field {@code fieldName} in the variant's encoding, or -1 when the encoding has no such field. Look
     * a field up once and read it with {@link #fieldValue(int, int, int[], int)}, which does no name lookup (the
     * printer reads many fields per instruction). Generated instruction sets implement it; the default throws.
     */
    default int fieldIndex(int variant, String fieldName) {
        throw new UnsupportedOperationException("indexed field access is not implemented by " + getClass());
    }

    /**
     * The value of the field at {@code fieldIndex} ({@link #fieldIndex(int, String)} of the same variant) of the
     * variant's encoding, or -1 for index -1. Generated instruction sets implement it; the default throws.
     */
    default long fieldValue(int variant, int fieldIndex, int[] words, int offset) {
        throw new UnsupportedOperationException("indexed field access is not implemented by " + getClass());
    }

    /** The name of value {@code value} of {@code operandType} (a register name, a constant), or {@code null}. */
    String valueName(String operandType, long value);

    /**
     * {@link #valueName(String, long)} for the type of operand {@code i} of {@code variant}: the same answer, which
     * generated instruction sets give without looking the type up by name (the printer asks for every operand).
     */
    default String operandValueName(int variant, int i, long value) {
        return valueName(operandType(variant, i), value);
    }

    /**
     * Raw encoder: writes the variant's identifier (encoding bits and opcode) and the given field values (masked
     * to their widths) into {@code out} at {@code offset}; unnamed fields are zero.
     *
     * @return the length in dwords
     * @throws IllegalArgumentException when a field name is not a field of the variant's encoding
     */
    int encode(int variant, String[] fieldNames, long[] values, int[] out, int offset);
}
