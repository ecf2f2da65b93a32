package io.github.amdisa.examples.mc;

import java.util.List;
import java.util.Optional;

/**
 * The parsed command line of {@code amdisa-mc}; see {@link McOptionsParser} for the accepted spellings.
 *
 * @param action       what to do
 * @param triple       the {@code -triple} value, {@code amdgcn} if none was given
 * @param cpu          the {@code -mcpu} value as written, if given
 * @param features     the {@code -mattr} features in order, each with its sign ({@code +wavefrontsize64})
 * @param disassemble  {@code -disassemble}: read bytes, print instructions
 * @param showEncoding {@code -show-encoding}: append {@code ; encoding: [...]}
 * @param output       the {@code -o} file, if given ({@code -} means standard output)
 * @param input        the input file, {@code -} for standard input
 */
public record McOptions(Action action, String triple, Optional<String> cpu, List<String> features,
                        boolean disassemble, boolean showEncoding, Optional<String> output, String input) {

    /** What the command line asks for. */
    public enum Action {
        /** Assemble or disassemble the input. */
        RUN,
        /** Print the usage text and exit 0. */
        HELP,
        /** Print the version and exit 0. */
        VERSION
    }

    /** Freezes the feature list. */
    public McOptions {
        features = List.copyOf(features);
    }

    /**
     * The operating system part of the triple ({@code amdhsa} in {@code amdgcn-amd-amdhsa}), or empty.
     *
     * @return the OS component
     */
    public String os() {
        String[] parts = triple.split("-", -1);
        return parts.length >= 3 ? parts[2] : "";
    }

    /**
     * The architecture part of the triple ({@code amdgcn}).
     *
     * @return the arch component
     */
    public String arch() {
        int dash = triple.indexOf('-');
        return dash < 0 ? triple : triple.substring(0, dash);
    }
}
