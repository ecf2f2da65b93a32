package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs {@code llvm-mc-22} as an oracle: one process per batch of lines, results aligned with the input lines.
 * Tests call {@link #assumeAvailable()} first, which skips them with a clear message when the tool is missing.
 */
final class LlvmMc {
    static final String TOOL = "llvm-mc-22";
    private static final Pattern DIAG = Pattern.compile("<stdin>:(\\d+):(\\d+): (error|warning): (.*)");
    private static final Pattern ENCODING = Pattern.compile("encoding: \\[([^\\]]*)\\]");
    private static Boolean available;

    private LlvmMc() {
    }

    /** Skips the calling test unless {@code llvm-mc-22} runs. */
    static void assumeAvailable() {
        Assumptions.assumeTrue(isAvailable(),
                TOOL + " is not on the PATH; the llvm-mc oracle tests are skipped (install LLVM 22 to run them)");
    }

    static synchronized boolean isAvailable() {
        if (available == null) {
            try {
                Process p = new ProcessBuilder(TOOL, "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                available = p.waitFor() == 0;
            } catch (IOException e) {
                available = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                available = false;
            }
        }
        return available;
    }

    /** One output per input line: the printed instruction, or null with {@link Result#error} set. */
    static final class Result {
        final String text;
        final String error;
        final String encoding;

        Result(String text, String error, String encoding) {
            this.text = text;
            this.error = error;
            this.encoding = encoding;
        }

        boolean ok() {
            return text != null;
        }

        /** Encoding bytes as little-endian dwords. */
        int[] words() {
            String[] parts = encoding.split(",");
            int[] w = new int[(parts.length + 3) / 4];
            for (int i = 0; i < parts.length; i++) {
                w[i / 4] |= Integer.parseInt(parts[i].trim().substring(2), 16) << (8 * (i % 4));
            }
            return w;
        }

        /** The operands after the mnemonic, split at top-level commas. */
        List<String> operands() {
            String t = text;
            int sp = t.indexOf(' ');
            List<String> ops = new ArrayList<>();
            if (sp < 0) {
                return ops;
            }
            t = t.substring(sp + 1);
            int depth = 0;
            int from = 0;
            for (int i = 0; i < t.length(); i++) {
                char c = t.charAt(i);
                if (c == '(' || c == '[') {
                    depth++;
                } else if (c == ')' || c == ']') {
                    depth--;
                } else if (c == ',' && depth == 0) {
                    ops.add(t.substring(from, i).trim());
                    from = i + 1;
                }
            }
            ops.add(t.substring(from).trim());
            return ops;
        }

        @Override
        public String toString() {
            return ok() ? text : "ERROR " + error;
        }
    }

    static List<Result> assemble(Target target, List<String> lines) {
        return run(target, lines, false);
    }

    static List<Result> disassemble(Target target, List<String> byteLines) {
        return run(target, byteLines, true);
    }

    /** Formats dwords as the byte list llvm-mc -disassemble reads. */
    static String bytes(int... words) {
        StringBuilder sb = new StringBuilder();
        for (int w : words) {
            for (int i = 0; i < 4; i++) {
                if (sb.length() > 0) {
                    sb.append(',');
                }
                sb.append(String.format("0x%02x", (w >>> (8 * i)) & 0xff));
            }
        }
        return sb.toString();
    }

    private static List<Result> run(Target target, List<String> lines, boolean disassemble) {
        List<String> cmd = new ArrayList<>(List.of(TOOL, "-triple=amdgcn", "-mcpu=" + target.mcpu()));
        cmd.add(disassemble ? "-disassemble" : "-show-encoding");
        String out;
        String err;
        try {
            Process p = new ProcessBuilder(cmd).start();
            CompletableFuture<String> stdout = read(p.getInputStream());
            CompletableFuture<String> stderr = read(p.getErrorStream());
            try (OutputStream in = p.getOutputStream()) {
                in.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            out = stdout.join();
            err = stderr.join();
            p.waitFor();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + TOOL, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        Map<Integer, String> bad = new HashMap<>();
        Matcher m = DIAG.matcher(err);
        while (m.find()) {
            int line = Integer.parseInt(m.group(1)) - 1;
            boolean isError = m.group(3).equals("error") || disassemble;
            if (isError) {
                bad.putIfAbsent(line, m.group(4));
            }
        }
        List<String> printed = new ArrayList<>();
        for (String l : out.split("\n")) {
            String s = l.trim();
            if (!s.isEmpty() && !s.startsWith(".text") && !s.startsWith(".amdgcn_target")) {
                printed.add(s);
            }
        }
        List<Result> results = new ArrayList<>(lines.size());
        int next = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (bad.containsKey(i)) {
                results.add(new Result(null, bad.get(i), null));
                continue;
            }
            String s = next < printed.size() ? printed.get(next++) : null;
            if (s == null) {
                results.add(new Result(null, "no output", null));
                continue;
            }
            Matcher e = ENCODING.matcher(s);
            String enc = e.find() ? e.group(1) : null;
            int semi = s.indexOf(';');
            String text = (semi >= 0 ? s.substring(0, semi) : s).trim();
            results.add(new Result(text, null, enc));
        }
        return results;
    }

    private static CompletableFuture<String> read(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
