package io.github.amdisa.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code llvm-mc-22 -disassemble} once for many instructions (one per input line) and maps its output back
 * to the input lines. With {@code -show-encoding} every printed instruction carries its bytes, so the output can
 * be aligned with the input even where llvm-mc skips undecodable bytes (reported on stderr as
 * {@code <stdin>:LINE:COL: warning: invalid instruction encoding}).
 */
final class LlvmMc {

    static final String EXECUTABLE = "llvm-mc-22";
    /**
     * The invalid-encoding warning. llvm-mc's other disassembly warning, "potentially undefined instruction encoding"
     * (SoftFail bits, e.g. a GFX10 VOP3 v_cmpx whose VDST is not exec_lo), comes with the instruction printed: such
     * words decode.
     */
    private static final Pattern WARNING = Pattern.compile(
            "<stdin>:(\\d+):(\\d+): warning: (invalid instruction encoding.*)");

    /** LLVM's view of one input line: the first instruction it decoded at byte 0, or none. */
    record Result(String text, int lengthBytes) {
        boolean decoded() {
            return text != null;
        }
    }

    private LlvmMc() {
    }

    /** Whether {@link #EXECUTABLE} is on the PATH. */
    static boolean available() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, EXECUTABLE))) {
                return true;
            }
        }
        return false;
    }

    /** Number of llvm-mc processes started (each crash costs a restart). */
    static int processes;

    /** The result for a line on which llvm-mc crashed. */
    static final Result CRASH = new Result(null, -1);
    /** The result for a line whose output could not be told apart from its neighbour's. */
    static final Result LOST = new Result(null, -2);

    private static final Pattern NOP = Pattern.compile("s_nop (0x[0-9a-f]+|\\d+)");

    /**
     * Disassembles each line's bytes (one instruction per line) for {@code mcpu}. Every line gets two sentinels:
     * {@code s_nop <line number>} (valid everywhere; delimits the line's output on stdout) and the invalid dword
     * {@code 0xffffffff} (whose unbuffered stderr warning proves the line was finished). When llvm-mc crashes, the
     * line after the last finished one is the crasher: it gets {@link #CRASH} and a new process continues after it.
     */
    static List<Result> disassemble(String mcpu, List<byte[]> lines) throws IOException, InterruptedException {
        return disassemble(mcpu, lines, 0);
    }

    /**
     * Like {@link #disassemble(String, List)}, for lines that hold more than one instruction (only the first is
     * reported): before its sentinels, every line gets {@code drainDwords} dwords {@code s_nop <line number ^ 0x8000>}.
     * An instruction later in the line may read some of them as its literal or extra dwords, but s_nop is one dword,
     * so with {@code drainDwords} at least the longest instruction's length less one, decoding is back on the
     * line's own dword boundary before the sentinel {@code s_nop <line number>}, which then cannot be swallowed.
     * The drain's immediates lie far from every line number, so its output is never taken for a sentinel.
     */
    static List<Result> disassemble(String mcpu, List<byte[]> lines, int drainDwords)
            throws IOException, InterruptedException {
        return disassemble(mcpu, null, lines, drainDwords);
    }

    /** Like {@link #disassemble(String, List, int)} with {@code -mattr=<mattr>} (none when null). */
    static List<Result> disassemble(String mcpu, String mattr, List<byte[]> lines, int drainDwords)
            throws IOException, InterruptedException {
        List<Result> out = new ArrayList<>();
        int start = 0;
        while (start < lines.size()) {
            Run run = run(mcpu, mattr, lines, start, drainDwords);
            if (run.crashedAt < 0) {
                out.addAll(run.results);
                break;
            }
            if (run.crashedAt > start) {
                // Re-run the finished prefix on its own: its stdout was lost in the crash.
                Run prefix = run(mcpu, mattr, lines.subList(0, run.crashedAt), start, drainDwords);
                if (prefix.crashedAt >= 0) {
                    throw new IOException(EXECUTABLE + " crashed twice at different lines");
                }
                out.addAll(prefix.results);
            }
            out.add(CRASH);
            start = run.crashedAt + 1;
        }
        return out;
    }

    private record Run(List<Result> results, int crashedAt) {
    }

    /**
     * LLVM's assembly of one line: its encoding, or the error message. An encoding with fixups has no bytes; its
     * {@code encoding} is llvm-mc's text ({@code [0xff,0x03,0x80,0xbe,A,A,A,A]}) followed by each fixup line's
     * {@code fixup A - offset: 4, value: u, kind: FK_PCRel_4}, blank-separated. A symbol assignment or a label
     * ({@code i1=1}, {@code .set x, 2}, {@code L0:}) has neither bytes nor error: {@code encoding} is empty.
     */
    record Assembled(byte[] bytes, String error, String encoding) {
        Assembled(byte[] bytes, String error) {
            this(bytes, error, null);
        }

        boolean ok() {
            return bytes != null;
        }

        /** An assignment or label line that printed no encoding and no error. */
        boolean definition() {
            return bytes == null && error == null && "".equals(encoding);
        }

        /** An encoding with fixups. */
        boolean fixups() {
            return bytes == null && error == null && encoding != null && !encoding.isEmpty();
        }
    }

    private static final Pattern FIXUP_LINE = Pattern.compile(";\\s+(fixup [A-Z] - offset: \\d+, value: .*, kind: \\w+)");

    /** Whether a line defines a symbol and prints no encoding: an assignment or a lone label. */
    static boolean definitionLine(String line) {
        return io.github.amdisa.runtime.asm.SymbolTable.looksLikeAssignment(line)
                || line.strip().matches("[A-Za-z_.$][\\w.$]*:");
    }

    private static final Pattern ERROR = Pattern.compile("<stdin>:(\\d+):(\\d+): error: (.*)");

    /**
     * Assembles each line (one instruction per line) with ONE {@code llvm-mc-22 -show-encoding} process for
     * {@code mcpu}. Lines with an error are named on stderr by line number and print nothing on stdout, so the
     * encodings on stdout belong, in order, to the other lines.
     */
    static List<Assembled> assemble(String mcpu, List<String> lines) throws IOException, InterruptedException {
        return assemble(mcpu, null, lines);
    }

    /** Like {@link #assemble(String, List)} with {@code -mattr=<mattr>} (none when null). */
    static List<Assembled> assemble(String mcpu, String mattr, List<String> lines)
            throws IOException, InterruptedException {
        Path in = Files.createTempFile("amdisa-llvm-asm", ".s");
        Path out = Files.createTempFile("amdisa-llvm-out", ".txt");
        Path err = Files.createTempFile("amdisa-llvm-err", ".txt");
        try {
            StringBuilder b = new StringBuilder();
            for (String line : lines) {
                if (line.indexOf('\n') >= 0 || line.indexOf(';') >= 0) {
                    throw new IllegalArgumentException("not one instruction: " + line);
                }
                b.append(line).append('\n');
            }
            Files.writeString(in, b, StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(EXECUTABLE, "-triple=amdgcn", "-mcpu=" + mcpu, "-show-encoding"));
            if (mattr != null) {
                cmd.add("-mattr=" + mattr);
            }
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("LLVM_DISABLE_SYMBOLIZATION", "1");
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(EXECUTABLE + " timed out");
            }
            processes++;
            java.util.Map<Integer, String> errors = new java.util.HashMap<>();
            for (String e : Files.readAllLines(err, StandardCharsets.UTF_8)) {
                Matcher m = ERROR.matcher(e);
                if (m.find()) {
                    errors.putIfAbsent(Integer.parseInt(m.group(1)) - 1, m.group(3));
                }
            }
            List<byte[]> encodings = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (String s : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                Matcher fixup = FIXUP_LINE.matcher(s);
                if (fixup.find() && !texts.isEmpty()) {
                    texts.set(texts.size() - 1, texts.get(texts.size() - 1) + " " + fixup.group(1));
                    continue;
                }
                int k = s.lastIndexOf("; encoding: [");
                if (k < 0 || s.lastIndexOf(']') < k) {
                    continue;
                }
                String bytes = s.substring(k + "; encoding: [".length(), s.lastIndexOf(']'));
                String[] parts = bytes.isEmpty() ? new String[0] : bytes.split(",");
                byte[] enc = new byte[parts.length];
                for (int i = 0; i < parts.length && enc != null; i++) {
                    String part = parts[i].trim();
                    if (part.startsWith("0x")) {
                        enc[i] = (byte) Integer.parseInt(part.substring(2), 16);
                    } else {
                        enc = null; // a fixup (e.g. an unresolved label): no bytes to compare
                    }
                }
                encodings.add(enc);
                texts.add(s.substring(k + "; encoding: ".length(), s.lastIndexOf(']') + 1));
            }
            int definitions = 0;
            for (int i = 0; i < lines.size(); i++) {
                if (!errors.containsKey(i) && definitionLine(lines.get(i))) {
                    definitions++;
                }
            }
            if (encodings.size() + errors.size() + definitions != lines.size()) {
                throw new IOException(EXECUTABLE + " printed " + encodings.size() + " encodings and " + errors.size()
                        + " errors for " + lines.size() + " lines (exit " + p.exitValue() + ")");
            }
            List<Assembled> results = new ArrayList<>();
            int next = 0;
            for (int i = 0; i < lines.size(); i++) {
                String e = errors.get(i);
                if (e != null) {
                    results.add(new Assembled(null, e));
                } else if (definitionLine(lines.get(i))) {
                    results.add(new Assembled(null, null, ""));
                } else {
                    String text = texts.get(next);
                    byte[] enc = encodings.get(next++);
                    results.add(enc != null ? new Assembled(enc, null) : new Assembled(null, null, text));
                }
            }
            return results;
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Run run(String mcpu, String mattr, List<byte[]> lines, int start, int drainDwords)
            throws IOException, InterruptedException {
        Path in = Files.createTempFile("amdisa-llvm-in", ".txt");
        Path out = Files.createTempFile("amdisa-llvm-out", ".txt");
        Path err = Files.createTempFile("amdisa-llvm-err", ".txt");
        try {
            StringBuilder b = new StringBuilder();
            for (int li = start; li < lines.size(); li++) {
                byte[] line = lines.get(li);
                for (byte x : line) {
                    b.append(String.format("0x%02x,", x & 0xff));
                }
                int id = li & 0xffff;
                for (int d = 0; d < drainDwords; d++) {
                    b.append(String.format("0x%02x,0x%02x,0x80,0xbf,", id & 0xff, (id >>> 8) ^ 0x80));
                }
                b.append(String.format("0x%02x,0x%02x,0x80,0xbf,0xff,0xff,0xff,0xff%n", id & 0xff, id >>> 8));
            }
            Files.writeString(in, b, StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(EXECUTABLE, "-disassemble", "-triple=amdgcn", "-mcpu=" + mcpu,
                    "-show-encoding"));
            if (mattr != null) {
                cmd.add("-mattr=" + mattr);
            }
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            // Crashes are expected on a few words; do not spend time symbolising each stack dump.
            pb.environment().put("LLVM_DISABLE_SYMBOLIZATION", "1");
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(EXECUTABLE + " timed out");
            }
            processes++;
            List<String> stderr = Files.readAllLines(err, StandardCharsets.UTF_8);
            java.util.Map<Integer, Set<Integer>> warnings = new java.util.HashMap<>();
            int lastFinished = start - 1;
            for (String e : stderr) {
                Matcher m = WARNING.matcher(e);
                if (m.find()) {
                    int li = start + Integer.parseInt(m.group(1)) - 1;
                    int pos = (Integer.parseInt(m.group(2)) - 1) / 5;
                    warnings.computeIfAbsent(li, k -> new HashSet<>()).add(pos);
                    if (li < lines.size() && pos == lines.get(li).length + 4 * drainDwords + 4) {
                        lastFinished = Math.max(lastFinished, li);
                    }
                }
            }
            if (p.exitValue() != 0) {
                return new Run(List.of(), lastFinished + 1);
            }
            return new Run(align(lines, start, Files.readAllLines(out, StandardCharsets.UTF_8), warnings), -1);
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static List<Result> align(List<byte[]> lines, int start, List<String> stdout,
                                      java.util.Map<Integer, Set<Integer>> warnings) {
        List<String> texts = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        for (String s : stdout) {
            int k = s.lastIndexOf("; encoding: [");
            if (k < 0 || s.lastIndexOf(']') < k) {
                continue;
            }
            texts.add(s.substring(0, k).trim());
            String bytes = s.substring(k + "; encoding: [".length(), s.lastIndexOf(']'));
            lengths.add(bytes.isEmpty() ? 0 : bytes.split(",").length);
        }
        // Scan the output once. Line li's output ends with its sentinel s_nop li. A longer instruction can swallow
        // sentinels (it reads them as its literal); when sentinel X > li closes the group, line li keeps the group's
        // first instruction and lines li+1..X cannot be told apart (LOST).
        List<Result> results = new ArrayList<>();
        int li = start;
        Result first = null;
        for (int e = 0; e < texts.size() && li < lines.size(); e++) {
            String t = texts.get(e);
            boolean firstInvalid = warnings.getOrDefault(li, Set.of()).contains(0);
            Integer id = nopId(t);
            if (id != null && (first != null || firstInvalid)) {
                int x = li + ((id - li) & 0xffff);
                if (x - li < 64) {
                    results.add(firstInvalid || first == null ? new Result(null, 0) : first);
                    for (int k = li + 1; k <= x && k < lines.size(); k++) {
                        results.add(LOST);
                    }
                    li = x + 1;
                    first = null;
                    continue;
                }
            }
            if (first == null && !firstInvalid) {
                first = new Result(t, lengths.get(e));
            }
        }
        while (results.size() < lines.size() - start) {
            results.add(LOST);
        }
        return results;
    }

    private static Integer nopId(String text) {
        Matcher m = NOP.matcher(text);
        if (!m.matches()) {
            return null;
        }
        String v = m.group(1);
        return v.startsWith("0x") ? Integer.parseInt(v.substring(2), 16) : Integer.parseInt(v);
    }
}
