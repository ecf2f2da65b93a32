package io.github.amdisa.examples.mc;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A processor given with {@code -mcpu}, resolved to its ISA generation.
 *
 * <p>The table mirrors {@code io.github.amdisa.isaxml.Generation} (this module does not depend on isa-xml yet):
 * every LLVM processor of a generation is accepted, and so is the generation's short name ({@code rdna3},
 * {@code rdna3.5} or {@code rdna3_5}, {@code cdna3}), which stands for the generation's representative processor.
 * llvm-mc itself does not accept generation names.
 *
 * @param cpu        the LLVM processor, e.g. {@code gfx1100}
 * @param generation the generation's short name, e.g. {@code rdna3} or {@code rdna3.5}
 */
public record McTarget(String cpu, String generation) {

    private record Row(String generation, List<String> cpus) {
    }

    // The first processor of each row is the representative one (the LLVM target of isa-xml's Generation).
    private static final List<Row> TABLE = List.of(
            new Row("cdna1", List.of("gfx908")),
            new Row("cdna2", List.of("gfx90a")),
            new Row("cdna3", List.of("gfx942", "gfx940", "gfx941")),
            new Row("cdna4", List.of("gfx950")),
            new Row("cdna5", List.of("gfx1250")),
            new Row("rdna1", List.of("gfx1010", "gfx1011", "gfx1012", "gfx1013")),
            new Row("rdna2", List.of("gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036")),
            new Row("rdna3", List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103")),
            new Row("rdna3.5", List.of("gfx1150", "gfx1151", "gfx1152", "gfx1153")),
            new Row("rdna4", List.of("gfx1200", "gfx1201")));

    /**
     * Resolves an {@code -mcpu} value.
     *
     * @param name an LLVM processor ({@code gfx1100}) or a generation ({@code rdna3}, {@code rdna3.5},
     *             {@code RDNA3_5}); case-insensitive
     * @return the target, or empty if the name is unknown
     */
    public static Optional<McTarget> resolve(String name) {
        String key = name.toLowerCase(Locale.ROOT).replace('_', '.');
        for (Row row : TABLE) {
            if (row.generation.equals(key)) {
                return Optional.of(new McTarget(row.cpus.get(0), row.generation));
            }
            if (row.cpus.contains(key)) {
                return Optional.of(new McTarget(key, row.generation));
            }
        }
        return Optional.empty();
    }

    /** @return every accepted processor and generation name, for help texts */
    public static List<String> knownNames() {
        return TABLE.stream()
                .flatMap(row -> java.util.stream.Stream.concat(java.util.stream.Stream.of(row.generation),
                        row.cpus.stream()))
                .toList();
    }
}
