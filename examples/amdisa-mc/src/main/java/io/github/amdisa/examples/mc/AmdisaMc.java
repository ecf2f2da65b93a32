package io.github.amdisa.examples.mc;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code amdisa-mc}: a drop-in for {@code llvm-mc} on AMDGPU, so that tests can run either and diff the outputs.
 * Input is read as ISO-8859-1 so that one character is one byte (LLVM's columns count bytes) and written back
 * the same way, which leaves UTF-8 text untouched.
 *
 * <p>Exit status as llvm-mc's: 0 on success, also when {@code -disassemble} only met invalid tokens or
 * undecodable bytes outside {@code [...]} blocks; 1 for usage errors, unreadable input, any assembler error, and
 * decode failures inside blocks or unbalanced brackets. With {@code -o} the file is only written on success, as
 * LLVM's {@code ToolOutputFile} deletes it otherwise.
 *
 * <p>Deliberate differences: a missing {@code -triple} means {@code amdgcn} (llvm-mc would use the host's);
 * {@code -mcpu} is required and must be a known processor or generation (llvm-mc warns and uses a generic one);
 * generation names such as {@code rdna3.5} are accepted; {@code --hex}, {@code -filetype}, {@code -M} and the other
 * llvm-mc options are not.
 */
public final class AmdisaMc {

    /** The program name used in messages. */
    public static final String PROGRAM = "amdisa-mc";

    private AmdisaMc() {
    }

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.ISO_8859_1);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.ISO_8859_1);
        int status = run(args, System.in, out, err, McBackends.load());
        out.flush();
        System.exit(status);
    }

    /**
     * Runs the tool without touching the process state, for tests.
     *
     * @param args     the command line without the program name
     * @param stdin    standard input
     * @param stdout   standard output
     * @param stderr   standard error
     * @param backends where to find the codec
     * @return the exit status
     */
    public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr,
                          McBackends backends) {
        if (RunCommand.requested(args)) {
            return RunCommand.run(args, stdin, stdout, stderr, backends);
        }
        McOptions options;
        try {
            options = new McOptionsParser(PROGRAM).parse(args);
        } catch (McUsageException e) {
            stderr.println(e.getMessage());
            return 1;
        }
        switch (options.action()) {
            case HELP -> {
                stdout.print(usage());
                return 0;
            }
            case VERSION -> {
                stdout.print(version(backends));
                return 0;
            }
            default -> {
            }
        }

        String name = options.input().equals("-") ? "<stdin>" : options.input();
        String text;
        try {
            byte[] data = options.input().equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(name));
            text = new String(data, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            stderr.println(PROGRAM + ": error: " + name + ": No such file or directory");
            return 1;
        } catch (IOException e) {
            stderr.println(PROGRAM + ": error: " + name + ": " + e.getMessage());
            return 1;
        }

        if (options.cpu().isEmpty()) {
            stderr.println(PROGRAM + ": error: no processor given; use -mcpu=<gfx target or generation>, e.g. "
                    + "-mcpu=gfx1100 or -mcpu=rdna3");
            return 1;
        }
        Optional<McTarget> target = McTarget.resolve(options.cpu().get());
        if (target.isEmpty()) {
            stderr.println(PROGRAM + ": error: '" + options.cpu().get()
                    + "' is not a recognized processor for this target; known: " + McTarget.knownNames());
            return 1;
        }
        Optional<McBackend> backend = backends.find(target.get(), options.features());
        if (backend.isEmpty()) {
            stderr.println(PROGRAM + ": error: no amdisa backend is registered for " + target.get().cpu() + " ("
                    + target.get().generation() + "); put a jar with a " + McBackendProvider.class.getName()
                    + " service on the class path");
            return 1;
        }

        SourceText source = new SourceText(name, text);
        Optional<String> output = options.output().filter(o -> !o.equals("-"));
        StringBuilder out = new StringBuilder(options.disassemble() ? DisassemblerDriver.DRAIN_AT + 256 : 16);
        StringBuilder err = new StringBuilder();
        boolean failed;
        if (options.disassemble()) {
            // To standard output the text streams out in blocks as it is printed (llvm-mc's output is buffered the
            // same way); to a file it is kept until the end, since a failed run writes no file.
            java.util.function.Consumer<StringBuilder> drain = output.isPresent() ? null : block -> {
                write(block, stdout);
                block.setLength(0);
            };
            failed = DisassemblerDriver.run(source, backend.get(), options.showEncoding(), out, err, drain);
        } else {
            if (options.os().equals("amdhsa")) {
                out.append(AssemblerDriver.amdhsaHeader(target.get().cpu(), options.features()));
            }
            failed = AssemblerDriver.run(source, backend.get(), options.showEncoding(), out, err);
        }
        stderr.print(err);
        stderr.flush();

        if (output.isEmpty()) {
            write(out, stdout);
            stdout.flush();
        } else if (!failed) {
            try {
                Files.writeString(Path.of(output.get()), out, StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                stderr.println(PROGRAM + ": error: " + output.get() + ": " + e.getMessage());
                return 1;
            }
        }
        return failed ? 1 : 0;
    }

    /**
     * Prints {@code text} to {@code stream} as {@code stream.print(text)} would for ASCII text, without first copying
     * it into a {@code String} and then into the encoder's {@code char[]} (disassembly output is tens of megabytes):
     * ASCII characters go out as bytes in large blocks, any other character through {@code print} and so through the
     * stream's own charset.
     */
    static void write(CharSequence text, PrintStream stream) {
        byte[] block = new byte[1 << 16];
        int n = 0;
        for (int i = 0, length = text.length(); i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                stream.write(block, 0, n);
                n = 0;
                stream.print(c);
                continue;
            }
            block[n++] = (byte) c;
            if (n == block.length) {
                stream.write(block, 0, n);
                n = 0;
            }
        }
        stream.write(block, 0, n);
    }

    /** @return the {@code --help} text */
    static String usage() {
        return """
                OVERVIEW: amdisa-mc, an llvm-mc drop-in for AMDGPU

                USAGE: amdisa-mc [options] <input file>

                OPTIONS:
                  --disassemble        Disassemble strings of hex bytes
                  --show-encoding      Show instruction encodings
                  --triple=<triple>    amdgcn, optionally with vendor and OS (amdgcn-amd-amdhsa); default amdgcn
                  --mcpu=<cpu>         A processor (gfx1100) or generation (rdna3, rdna3.5, cdna3); required
                  --mattr=<a1,+a2,-a3> Target features, passed to the backend (e.g. +wavefrontsize64,
                                       +real-true16); +/-sramecc and +/-xnack also name the amdhsa target id
                  -o <filename>        Output filename ('-' for standard output)
                  --run                Execute the program on one wave until s_endpgm, print a JSON object
                  --state=<file>       With --run: initial state (wave, vgpr, sgpr, exec, vcc, scc, m0,
                                       memory, lds) as JSON
                  --dump=<items>       With --run: what to print: vN, v[N:M], sN, s[N:M], vcc, exec, scc,
                                       m0, pc, mem:ADDR:BYTES, lds:ADDR:BYTES (comma-separated)
                  --max-steps=<n>      With --run: instruction budget (default 10000000)
                  --version            Display the version of this program
                  -h, --help           Display available options

                Input is read from the file, or from standard input if it is '-' or missing.
                """;
    }

    private static String version(McBackends backends) {
        String v = AmdisaMc.class.getPackage().getImplementationVersion();
        return PROGRAM + " version " + (v == null ? "(development)" : v) + "\n  llvm-mc compatible front end; "
                + backends.providers().size() + " backend provider(s) registered\n";
    }
}
