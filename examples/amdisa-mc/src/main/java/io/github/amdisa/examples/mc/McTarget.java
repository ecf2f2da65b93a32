package io.github.amdisa.examples.mc;

import io.github.amdisa.runtime.Target;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A processor given with {@code -mcpu}, resolved to its ISA generation.
 *
 * <p>Every LLVM processor of a generation that {@link Target#processors()} lists is accepted, and so is the
 * generation's short name ({@code rdna3}, {@code rdna3.5} or {@code rdna3_5}, {@code cdna3}), which stands for the
 * generation's representative processor ({@link Target#mcpu()}). llvm-mc itself does not accept generation names.
 *
 * @param cpu        the LLVM processor, e.g. {@code gfx1100}
 * @param generation the generation's short name, e.g. {@code rdna3} or {@code rdna3.5}
 */
public record McTarget(String cpu, String generation) {

    /**
     * Resolves an {@code -mcpu} value.
     *
     * @param name an LLVM processor ({@code gfx1100}) or a generation ({@code rdna3}, {@code rdna3.5},
     *             {@code RDNA3_5}); case-insensitive
     * @return the target, or empty if the name is unknown
     */
    public static Optional<McTarget> resolve(String name) {
        String key = name.toLowerCase(Locale.ROOT).replace('_', '.');
        for (Target t : Target.values()) {
            String generation = t.generation().toLowerCase(Locale.ROOT);
            if (generation.equals(key)) {
                return Optional.of(new McTarget(t.mcpu(), generation));
            }
            if (t.processors().contains(key)) {
                return Optional.of(new McTarget(key, generation));
            }
        }
        return Optional.empty();
    }

    /** @return every accepted processor and generation name, for help texts */
    public static List<String> knownNames() {
        return Arrays.stream(Target.values())
                .flatMap(t -> Stream.concat(Stream.of(t.generation().toLowerCase(Locale.ROOT)), t.processors().stream()))
                .toList();
    }
}
