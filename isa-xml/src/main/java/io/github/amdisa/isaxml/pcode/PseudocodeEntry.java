package io.github.amdisa.isaxml.pcode;

import java.util.Objects;
import java.util.Optional;

/**
 * The pseudocode of one instruction, as printed in an AMD ISA reference guide.
 *
 * @param name the instruction name in the architecture of the file (upper case, as in AMD's {@code <InstructionName>})
 * @param origin the architecture whose manual the text comes from, e.g. {@code AMD RDNA 3.5}
 * @param mappedFrom the name under which the text appears in the origin manual, when the instruction was renamed
 *     between the two architectures (e.g. RDNA 2 {@code DS_WRITE_B32} borrows RDNA 3.5 {@code DS_STORE_B32})
 * @param encoding the encoding the text is specific to, when one name has different texts in different encodings;
 *     the bundled data never uses it
 * @param text the pseudocode verbatim (XML-unescaped), newlines and {@code //} comments included
 */
public record PseudocodeEntry(String name, String origin, Optional<String> mappedFrom, Optional<String> encoding,
        String text) {

    public PseudocodeEntry {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(mappedFrom, "mappedFrom");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(text, "text");
    }
}
