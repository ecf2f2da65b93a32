package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place the interpreter tests get machine code from assembly text: amdisa's own assembler
 * ({@code runtime.asm.Assembler.assembleProgram}), cross-checked word for word with {@code llvm-mc-22 -show-encoding}
 * when llvm-mc is installed.
 * Branch labels, which llvm-mc leaves as fixups in its listing, are resolved here ({@code fixup_si_sopp_br}:
 * SIMM16 = (target - (pc + 4)) / 4). Without llvm-mc-22 the programs still run, from amdisa's bytes alone.
 */
final class LlvmAsm {

    private static final Pattern LABEL = Pattern.compile("^([A-Za-z_.$][\\w.$]*):");
    private static final Pattern ENCODING = Pattern.compile("; encoding: \\[([^\\]]*)\\]");
    private static final Pattern FIXUP = Pattern.compile("fixup A - offset: 0, value: ([\\w.$]+), kind: fixup_si_sopp_br");

    private LlvmAsm() {
    }

    static boolean available() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "llvm-mc-22"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Assembles {@code text} for {@code mcpu} in wave {@code waveSize}.
     *
     * @return the program's dwords
     */
    static int[] assemble(String mcpu, int waveSize, String text) {
        int[] amdisa = io.github.amdisa.runtime.asm.Assembler.llvm(Interpreters.forTarget(
                io.github.amdisa.runtime.Target.forMcpu(mcpu)).instructionSet(), waveSize).assembleProgram(text).words();
        if (!available()) {
            System.err.println("llvm-mc-22 is not installed: program bytes from amdisa's assembler are not cross-checked");
            return amdisa;
        }
        int[] llvm = llvmWords(mcpu, waveSize, text);
        org.junit.jupiter.api.Assertions.assertArrayEquals(llvm, amdisa,
                () -> "amdisa's assembler and llvm-mc-22 disagree on the program for " + mcpu + " wave" + waveSize
                        + ":\n" + text);
        return amdisa;
    }

    /** The program's dwords as {@code llvm-mc-22 -show-encoding} assembles them, branch labels resolved here. */
    static int[] llvmWords(String mcpu, int waveSize, String text) {
        List<String> cmd = new ArrayList<>(List.of("llvm-mc-22", "-triple=amdgcn", "-mcpu=" + mcpu, "-show-encoding"));
        boolean rdna = !mcpu.startsWith("gfx9");
        if (rdna) {
            cmd.add("-mattr=" + (waveSize == 64 ? "+wavefrontsize64" : "+wavefrontsize32"));
        }
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || err.contains("error")) {
                throw new AssertionError("llvm-mc-22 rejected the program:\n" + err + "\n" + text);
            }
            List<Byte> bytes = new ArrayList<>();
            Map<String, Integer> labels = new HashMap<>();
            List<int[]> fixups = new ArrayList<>();
            List<String> fixupLabels = new ArrayList<>();
            int lastInstruction = -1;
            for (String line : out.split("\n")) {
                Matcher l = LABEL.matcher(line);
                if (l.find()) {
                    labels.put(l.group(1), bytes.size());
                    continue;
                }
                Matcher e = ENCODING.matcher(line);
                if (e.find()) {
                    lastInstruction = bytes.size();
                    for (String b : e.group(1).split(",")) {
                        b = b.trim();
                        bytes.add(b.startsWith("0x") ? (byte) Integer.parseInt(b.substring(2), 16) : 0);
                    }
                    continue;
                }
                Matcher f = FIXUP.matcher(line);
                if (f.find()) {
                    fixups.add(new int[] {lastInstruction});
                    fixupLabels.add(f.group(1));
                } else if (line.contains("fixup")) {
                    throw new AssertionError("unsupported fixup in llvm-mc output: " + line);
                }
            }
            for (int i = 0; i < fixups.size(); i++) {
                Integer target = labels.get(fixupLabels.get(i));
                if (target == null) {
                    throw new AssertionError("undefined label " + fixupLabels.get(i));
                }
                int at = fixups.get(i)[0];
                int simm = (target - (at + 4)) / 4;
                bytes.set(at, (byte) simm);
                bytes.set(at + 1, (byte) (simm >> 8));
            }
            byte[] code = new byte[bytes.size()];
            for (int i = 0; i < code.length; i++) {
                code[i] = bytes.get(i);
            }
            return Program.fromBytes(0, code).words();
        } catch (IOException e) {
            throw new AssertionError("cannot run llvm-mc-22", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
