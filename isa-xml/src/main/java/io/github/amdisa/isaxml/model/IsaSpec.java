package io.github.amdisa.isaxml.model;

import io.github.amdisa.isaxml.Generation;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One generation's machine-readable ISA: everything a spec file says, as immutable values, with lookups by name.
 * This is the only model the generator sees. (A class rather than a record so that its name indexes are built once
 * and equality stays identity: two specs are compared by {@link #sha256()}.)
 */
public final class IsaSpec {

    private final String source;
    private final String sha256;
    private final SpecDocument document;
    private final Architecture architecture;
    private final List<Encoding> encodings;
    private final List<Instruction> instructions;
    private final List<DataFormat> dataFormats;
    private final List<OperandType> operandTypes;
    private final List<FunctionalGroup> functionalGroups;
    private final List<FunctionalGroup> functionalSubgroups;

    private final Map<String, Encoding> encodingsByName;
    private final Map<String, Instruction> instructionsByName;
    private final Map<String, DataFormat> dataFormatsByName;
    private final Map<String, OperandType> operandTypesByName;
    private final List<Encoding> encodingsInOrder;

    /**
     * @param source a human-readable name of where the spec came from (file, zip member)
     * @param sha256 the hex SHA-256 of the spec file's uncompressed bytes, for provenance and up-to-date checks
     */
    public IsaSpec(String source, String sha256, SpecDocument document, Architecture architecture,
                   List<Encoding> encodings, List<Instruction> instructions, List<DataFormat> dataFormats,
                   List<OperandType> operandTypes, List<FunctionalGroup> functionalGroups,
                   List<FunctionalGroup> functionalSubgroups) {
        this.source = source;
        this.sha256 = sha256;
        this.document = document;
        this.architecture = architecture;
        this.encodings = List.copyOf(encodings);
        this.instructions = List.copyOf(instructions);
        this.dataFormats = List.copyOf(dataFormats);
        this.operandTypes = List.copyOf(operandTypes);
        this.functionalGroups = List.copyOf(functionalGroups);
        this.functionalSubgroups = List.copyOf(functionalSubgroups);
        this.encodingsByName = byName(this.encodings, Encoding::name);
        this.instructionsByName = byName(this.instructions, Instruction::name);
        this.dataFormatsByName = byName(this.dataFormats, DataFormat::name);
        this.operandTypesByName = byName(this.operandTypes, OperandType::name);
        this.encodingsInOrder = this.encodings.stream().sorted(Comparator.comparingInt(Encoding::order)).toList();
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> m = new LinkedHashMap<>();
        for (T t : items) {
            m.putIfAbsent(name.apply(t), t);
        }
        return Collections.unmodifiableMap(m);
    }

    /** Where the spec came from: a file path or {@code zip!member}. */
    public String source() {
        return source;
    }

    /** Hex SHA-256 of the uncompressed spec bytes. */
    public String sha256() {
        return sha256;
    }

    public SpecDocument document() {
        return document;
    }

    public Architecture architecture() {
        return architecture;
    }

    /** Encodings in file order. */
    public List<Encoding> encodings() {
        return encodings;
    }

    /** Instructions in file order. */
    public List<Instruction> instructions() {
        return instructions;
    }

    public List<DataFormat> dataFormats() {
        return dataFormats;
    }

    public List<OperandType> operandTypes() {
        return operandTypes;
    }

    public List<FunctionalGroup> functionalGroups() {
        return functionalGroups;
    }

    public List<FunctionalGroup> functionalSubgroups() {
        return functionalSubgroups;
    }

    /** The generation this spec describes, recognised by its {@code ArchitectureName}. */
    public Optional<Generation> generation() {
        return Generation.forAmdName(architecture.name());
    }

    public Optional<Encoding> encoding(String name) {
        return Optional.ofNullable(encodingsByName.get(name));
    }

    public Optional<Instruction> instruction(String name) {
        return Optional.ofNullable(instructionsByName.get(name));
    }

    public Optional<DataFormat> dataFormat(String name) {
        return Optional.ofNullable(dataFormatsByName.get(name));
    }

    public Optional<OperandType> operandType(String name) {
        return Optional.ofNullable(operandTypesByName.get(name));
    }

    /** Encodings in decode precedence: ascending {@code Order}, ties in file order. */
    public List<Encoding> encodingsInOrder() {
        return encodingsInOrder;
    }

    @Override
    public String toString() {
        return architecture.name() + " (" + source + ", schema " + document.schemaVersion() + ", "
                + instructions.size() + " instructions, " + encodings.size() + " encodings)";
    }
}
