package io.github.amdisa.examples.objdump;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code amdisa-objdump}: disassembles AMD GPU code objects ({@code .hsaco}, {@code .co}, {@code .o}) like
 * {@code llvm-objdump -d}, with the decoders generated from the bundled specs.
 *
 * <pre>
 * amdisa-objdump [-d] [--symbolize-operands] [--mcpu=gfx1100] FILE...
 * </pre>
 *
 * Exit status 0 when every file was listed, 1 when any file could not be read or is not an AMD GPU code object
 * (the others are still listed), 2 for a bad command line.
 */
public final class AmdisaObjdump {

    private static final String USAGE = """
            usage: amdisa-objdump [-d] [--symbolize-operands] [--mcpu=PROCESSOR] FILE...
              -d, --disassemble       disassemble the executable sections (the default and only action)
              --symbolize-operands    print branch targets as local labels L0, L1, ... and label them
              --mcpu=PROCESSOR        decode for PROCESSOR (e.g. gfx1100) instead of the ELF header's EF_AMDGPU_MACH
            """;

    private AmdisaObjdump() {
    }

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        int status = run(args, out, System.err);
        out.flush();
        System.exit(status);
    }

    /**
     * Runs the tool.
     *
     * @param args the command line
     * @param out receives the listings
     * @param err receives diagnostics
     * @return the exit status
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        boolean symbolize = false;
        Optional<AmdgpuMach> processor = Optional.empty();
        List<String> files = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("-d") || arg.equals("--disassemble")) {
                continue;
            } else if (arg.equals("--symbolize-operands")) {
                symbolize = true;
            } else if (arg.startsWith("--mcpu=") || arg.startsWith("-mcpu=")) {
                String name = arg.substring(arg.indexOf('=') + 1);
                processor = AmdgpuMach.fromProcessor(name);
                if (processor.isEmpty()) {
                    err.println("amdisa-objdump: error: unknown processor '" + name + "'");
                    return 2;
                }
            } else if (arg.equals("-h") || arg.equals("--help")) {
                out.print(USAGE);
                return 0;
            } else if (arg.startsWith("-") && !arg.equals("-")) {
                err.println("amdisa-objdump: error: unknown option '" + arg + "'");
                err.print(USAGE);
                return 2;
            } else {
                files.add(arg);
            }
        }
        if (files.isEmpty()) {
            err.println("amdisa-objdump: error: no input file");
            err.print(USAGE);
            return 2;
        }
        CodeObjectDisassembler disassembler = new CodeObjectDisassembler();
        CodeObjectDisassembler.Options options = new CodeObjectDisassembler.Options(symbolize, processor);
        int status = 0;
        for (String file : files) {
            try {
                byte[] bytes = Files.readAllBytes(Path.of(file));
                out.print(disassembler.disassemble(file, bytes, options));
            } catch (NoSuchFileException e) {
                err.println("amdisa-objdump: error: '" + file + "': no such file");
                status = 1;
            } catch (IOException e) {
                err.println("amdisa-objdump: error: '" + file + "': " + e.getMessage());
                status = 1;
            } catch (ElfFormatException e) {
                err.println("amdisa-objdump: error: '" + file + "': " + e.getMessage());
                status = 1;
            }
        }
        return status;
    }
}
