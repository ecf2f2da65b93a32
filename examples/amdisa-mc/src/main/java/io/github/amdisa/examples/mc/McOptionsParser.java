package io.github.amdisa.examples.mc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parses {@code amdisa-mc}'s command line the way LLVM's {@code cl} library parses llvm-mc's: every option may be
 * written with one or two dashes, a value follows after {@code =} or as the next argument, {@code --} ends the
 * options and at most one positional argument (the input file, {@code -} for standard input) is allowed.
 *
 * <p>Options: {@code -triple} (only {@code amdgcn}, optionally with vendor/OS, e.g. {@code amdgcn-amd-amdhsa}),
 * {@code -mcpu}, {@code -mattr} (comma-separated, may repeat), {@code -disassemble}, {@code -show-encoding},
 * {@code -o}, {@code -h}/{@code -help}, {@code -version}. Error texts copy llvm-mc's.
 */
public final class McOptionsParser {

    private final String programName;

    /**
     * @param programName the name used in error messages, {@code amdisa-mc}
     */
    public McOptionsParser(String programName) {
        this.programName = programName;
    }

    /**
     * Parses the arguments.
     *
     * @param args the command line without the program name
     * @return the options
     * @throws McUsageException with llvm-mc's message for unknown options, missing or superfluous values, more than
     *                          one input file or a triple other than amdgcn
     */
    public McOptions parse(String... args) throws McUsageException {
        String triple = null;
        String cpu = null;
        String output = null;
        List<String> features = new ArrayList<>();
        List<String> positionals = new ArrayList<>();
        boolean disassemble = false;
        boolean showEncoding = false;
        McOptions.Action action = McOptions.Action.RUN;
        boolean optionsEnded = false;

        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                positionals.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String inlineValue = eq < 0 ? null : body.substring(eq + 1);
            switch (name) {
                case "triple", "mcpu", "mattr", "o" -> {
                    String value = inlineValue;
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new McUsageException(programName + ": for the " + dashed(name)
                                    + " option: requires a value!");
                        }
                        value = args[++i];
                    }
                    switch (name) {
                        case "triple" -> triple = value;
                        case "mcpu" -> cpu = value;
                        case "o" -> output = value;
                        default -> {
                            for (String feature : value.split(",")) {
                                if (!feature.isEmpty()) {
                                    features.add(feature);
                                }
                            }
                        }
                    }
                }
                case "disassemble", "show-encoding", "h", "help", "version" -> {
                    if (inlineValue != null) {
                        throw new McUsageException(programName + ": for the " + dashed(name)
                                + " option: does not allow a value! '" + inlineValue + "' specified.");
                    }
                    switch (name) {
                        case "disassemble" -> disassemble = true;
                        case "show-encoding" -> showEncoding = true;
                        case "version" -> action = McOptions.Action.VERSION;
                        default -> {
                            if (action == McOptions.Action.RUN) {
                                action = McOptions.Action.HELP;
                            }
                        }
                    }
                }
                default -> throw new McUsageException(programName + ": Unknown command line argument '" + arg
                        + "'.  Try: '" + programName + " --help'");
            }
        }
        if (positionals.size() > 1) {
            throw new McUsageException(programName + ": Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: " + programName + " --help");
        }
        if (triple == null) {
            triple = "amdgcn";
        }
        McOptions options = new McOptions(action, triple, Optional.ofNullable(cpu), features, disassemble,
                showEncoding, Optional.ofNullable(output), positionals.isEmpty() ? "-" : positionals.get(0));
        if (action == McOptions.Action.RUN && !options.arch().equals("amdgcn")) {
            throw new McUsageException(programName + ": error: unable to get target for '" + triple
                    + "', see --version and --triple.");
        }
        return options;
    }

    // LLVM names one-letter options with one dash and the others with two.
    private static String dashed(String name) {
        return (name.length() == 1 ? "-" : "--") + name;
    }
}
