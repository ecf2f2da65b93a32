package io.github.amdisa.runtime;

import java.io.IOException;
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
 * Runs {@code llvm-mc-22 -show-encoding} (assemble mode) on many statements in one process and reports, per input
 * line, llvm's canonical text and encoding bytes, or its error message.
 */
final class LlvmAsm {

    private static final Pattern ERROR = Pattern.compile("<stdin>:(\\d+):(\\d+): error: (.*)");
    private static final Pattern ENCODED = Pattern.compile("^\\s*(.*?)\\s*; encoding: \\[([^\\]]*)\\]");

    /** llvm's answer for one line: {@code bytes} null when it reported {@code error}. */
    record Result(String text, byte[] bytes, String error, int errorColumn) {
        boolean ok() {
            return bytes != null;
        }
    }

    private LlvmAsm() {
    }

    /**
     * Assembles each line (one statement per line, no newlines inside) for {@code mcpu}.
     *
     * @return one result per line; a line with neither output nor error (e.g. llvm-mc printed nothing) is an error
     *         result with message "no output"
     */
    static List<Result> assemble(String mcpu, List<String> lines) throws IOException, InterruptedException {
        Path in = Files.createTempFile("amdisa-asm-in", ".s");
        Path out = Files.createTempFile("amdisa-asm-out", ".txt");
        Path err = Files.createTempFile("amdisa-asm-err", ".txt");
        try {
            StringBuilder b = new StringBuilder();
            for (String l : lines) {
                b.append(l.replace('\n', ' ')).append('\n');
            }
            Files.writeString(in, b, StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder(LlvmMc.EXECUTABLE, "-triple=amdgcn", "-mcpu=" + mcpu,
                    "-show-encoding").redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            pb.environment().put("LLVM_DISABLE_SYMBOLIZATION", "1");
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(LlvmMc.EXECUTABLE + " timed out");
            }
            Map<Integer, String[]> errors = new HashMap<>();
            for (String e : Files.readAllLines(err, StandardCharsets.UTF_8)) {
                Matcher m = ERROR.matcher(e);
                if (m.find()) {
                    errors.putIfAbsent(Integer.parseInt(m.group(1)) - 1, new String[] {m.group(3), m.group(2)});
                }
            }
            List<String[]> encoded = new ArrayList<>();
            for (String o : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                Matcher m = ENCODED.matcher(o);
                if (m.find()) {
                    encoded.add(new String[] {m.group(1), m.group(2)});
                }
            }
            List<Result> results = new ArrayList<>();
            int k = 0;
            for (int i = 0; i < lines.size(); i++) {
                String[] e = errors.get(i);
                if (e != null) {
                    results.add(new Result(null, null, e[0], Integer.parseInt(e[1])));
                } else if (k < encoded.size()) {
                    String[] enc = encoded.get(k++);
                    if (enc[1].matches("(\\s*0x[0-9a-f]{2}\\s*,?)+")) {
                        results.add(new Result(enc[0], bytes(enc[1]), null, 0));
                    } else {
                        // A symbol operand leaves a fixup ("A") in llvm-mc's encoding: not comparable.
                        results.add(new Result(null, null, "encoding with a fixup: " + enc[1], 0));
                    }
                } else {
                    results.add(new Result(null, null, "no output", 0));
                }
            }
            return results;
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static byte[] bytes(String list) {
        String[] parts = list.split(",");
        byte[] b = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            b[i] = (byte) Integer.parseInt(parts[i].trim().substring(2), 16);
        }
        return b;
    }
}
