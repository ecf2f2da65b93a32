package io.github.amdisa.isaxml.pcode;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One architecture's pseudocode companion file: the per-instruction operation texts that AMD's machine-readable ISA
 * XML lacks. Read it with {@link PseudocodeLoader}.
 *
 * @param architectureName the {@code <ArchitectureName>} of the file, e.g. {@code AMD RDNA 3}; the same string as
 *     {@link io.github.amdisa.isaxml.Generation#amdName()}
 * @param source the {@code <Source>} text describing where the texts come from
 * @param schemaVersion the {@code SchemaVersion} attribute of the root element
 * @param entries the entries keyed by instruction name, in name order; unmodifiable
 */
public record PseudocodeSpec(String architectureName, String source, String schemaVersion,
        Map<String, PseudocodeEntry> entries) {

    public PseudocodeSpec {
        Objects.requireNonNull(architectureName, "architectureName");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(schemaVersion, "schemaVersion");
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    /** The entry for {@code instructionName}, or {@code null} when the guide prints no pseudocode for it. */
    public PseudocodeEntry get(String instructionName) {
        return entries.get(instructionName);
    }
}
