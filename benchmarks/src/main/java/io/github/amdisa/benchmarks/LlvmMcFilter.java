package io.github.amdisa.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the pool instances that {@code llvm-mc-22 -disassemble} decodes as one instruction of the same length, so
 * that a stream drawn from them is read the same way by both tools (no warnings, no resynchronisation). One
 * llvm-mc process reads a chunk of the pool, one instance per line as a bracketed group followed by a sentinel
 * {@code s_nop}; a process that crashes is retried in halves, and the instances that crash it are left out.
 */
final class LlvmMcFilter {

    private static final Pattern WARNING = Pattern.compile(":(\\d+):(\\d+): warning: ");
    private static final Pattern ENCODING = Pattern.compile("; encoding: \\[([^\\]]*)\\]");

    private LlvmMcFilter() {
    }

    /**
     * Runs llvm-mc on the pool.
     *
     * @param pool the pool
     * @param mcpu the processor
     * @param work a folder for the input file
     * @return a filter accepting the instances llvm-mc reads like amdisa
     */
    static Predicate<InstructionPool.Instance> accepted(InstructionPool pool, String mcpu, Path work)
            throws IOException, InterruptedException {
        List<InstructionPool.Instance> all = new ArrayList<>();
        pool.byEncoding().values().forEach(all::addAll);
        List<byte[]> groups = new ArrayList<>();
        for (InstructionPool.Instance i : all) {
            byte[] g = new byte[4 * i.words().length];
            for (int d = 0; d < i.words().length; d++) {
                for (int b = 0; b < 4; b++) {
                    g[4 * d + b] = (byte) (i.words()[d] >>> 8 * b);
                }
            }
            groups.add(g);
        }
        boolean[] ok = new boolean[all.size()];
        int[] crashes = {0};
        for (int from = 0; from < groups.size(); from += CHUNK) {
            check(groups, from, Math.min(groups.size(), from + CHUNK), mcpu, work, ok, crashes);
        }
        Set<InstructionPool.Instance> accepted =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int k = 0; k < all.size(); k++) {
            if (ok[k]) {
                accepted.add(all.get(k));
            }
        }
        System.out.printf("  %s: llvm-mc-22 reads %d of %d pool instances the same way (one instruction, same"
                + " length, same bytes when it encodes them back; %d instances crash it)%n", mcpu, accepted.size(),
                all.size(), crashes[0]);
        return accepted::contains;
    }

    /** Instances per llvm-mc process; a process that crashes is retried in halves down to the crashing instance. */
    private static final int CHUNK = 2000;

    private static void check(List<byte[]> groups, int from, int to, String mcpu, Path work, boolean[] ok,
                              int[] crashes) throws IOException, InterruptedException {
        // One bracketed group per instance, each followed by the sentinel group [s_nop k]: the output between two
        // sentinels belongs to one instance. (Output lengths alone cannot align: llvm-mc re-encodes what it
        // printed, and e.g. drops a literal it calls "Invalid immediate".)
        Path input = work.resolve("pool-" + mcpu + ".txt");
        StringBuilder text = new StringBuilder();
        for (int k = from; k < to; k++) {
            byte[] g = groups.get(k);
            text.append('[');
            for (int b = 0; b < g.length; b++) {
                text.append(b == 0 ? "" : ",").append(String.format("0x%02x", g[b] & 0xff));
            }
            int nop = k - from;
            text.append("]\n[").append(String.format("0x%02x,0x%02x,0x80,0xbf", nop & 0xff, nop >>> 8 & 0xff))
                    .append("]\n");
        }
        Files.writeString(input, text, StandardCharsets.US_ASCII);
        Path err = work.resolve("pool-" + mcpu + ".err");
        Process proc = new ProcessBuilder("llvm-mc-22", "-triple=amdgcn", "-mcpu=" + mcpu, "-disassemble",
                "-show-encoding", input.toString()).redirectError(err.toFile()).start();
        proc.getOutputStream().close();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        proc.waitFor(300, TimeUnit.SECONDS);
        if (proc.exitValue() > 1) {
            if (to - from == 1) {
                crashes[0]++;
                return;
            }
            int mid = (from + to) >>> 1;
            check(groups, from, mid, mcpu, work, ok, crashes);
            check(groups, mid, to, mcpu, work, ok, crashes);
            return;
        }

        Set<Integer> warned = new java.util.HashSet<>();
        Matcher w = WARNING.matcher(Files.readString(err, StandardCharsets.US_ASCII));
        while (w.find()) {
            // Input line 2k+1 holds instance k (1-based lines); invalid and SoftFail instances are both unwanted.
            warned.add((Integer.parseInt(w.group(1)) - 1) / 2);
        }
        List<byte[]> decoded = new ArrayList<>();
        Matcher m = ENCODING.matcher(out);
        while (m.find()) {
            String[] hex = m.group(1).split(",");
            byte[] enc = new byte[hex.length];
            for (int k = 0; k < hex.length; k++) {
                enc[k] = (byte) Integer.parseInt(hex[k].trim().substring(2), 16);
            }
            decoded.add(enc);
        }
        int next = 0;
        for (int g = 0; g < to - from; g++) {
            byte[] sentinel = {(byte) g, (byte) (g >>> 8), (byte) 0x80, (byte) 0xbf};
            int first = next;
            while (next < decoded.size() && !Arrays.equals(decoded.get(next), sentinel)) {
                next++;
            }
            if (next == decoded.size()) {
                System.out.printf("  %s: llvm-mc output ends before the sentinel of pool instance %d%n", mcpu,
                        from + g);
                return;
            }
            if (!warned.contains(g) && next - first == 1 && Arrays.equals(decoded.get(first), groups.get(from + g))) {
                ok[from + g] = true;
            }
            next++;
        }
    }
}
