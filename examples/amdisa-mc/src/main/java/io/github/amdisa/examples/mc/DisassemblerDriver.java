package io.github.amdisa.examples.mc;

/**
 * llvm-mc's {@code -disassemble} mode ({@code Disassembler::disassemble} and {@code PrintInsts}): scans the input
 * with {@link ByteStreamScanner} and decodes each run instruction by instruction.
 *
 * <p>A byte sequence that does not decode prints {@code warning: invalid instruction encoding} pointing at its
 * first byte. Outside a {@code [...]} block decoding goes on after {@link McException#skip()} bytes and the exit
 * status is unaffected; inside a block the rest of the block is dropped and the exit status becomes 1. No header is
 * printed (llvm-mc prints none in this mode, whatever the triple).
 */
public final class DisassemblerDriver {

    private DisassemblerDriver() {
    }

    /**
     * Disassembles the whole input.
     *
     * @param source       the input
     * @param backend      the codec
     * @param showEncoding whether to append encoding comments
     * @param out          receives instruction lines
     * @param err          receives diagnostics
     * @return whether llvm-mc would exit with 1
     */
    public static boolean run(SourceText source, McBackend backend, boolean showEncoding, StringBuilder out,
                              StringBuilder err) {
        return run(source, backend, showEncoding, out, err, null);
    }

    /**
     * Disassembles the whole input, handing {@code out} to {@code drain} whenever it holds more than {@link #DRAIN_AT}
     * characters (and so streaming the output of a long input instead of holding all of it: a million instructions
     * print some 60 MB of text).
     *
     * @param drain writes out and empties the buffer it is given; null keeps everything in {@code out}
     * @return whether llvm-mc would exit with 1
     */
    public static boolean run(SourceText source, McBackend backend, boolean showEncoding, StringBuilder out,
                              StringBuilder err, java.util.function.Consumer<StringBuilder> drain) {
        boolean[] failed = {false};
        StringBuilder text = new StringBuilder();
        boolean bracketError = ByteStreamScanner.scan(source.text(), new ByteStreamScanner.Listener() {
            @Override
            public void run(byte[] bytes, int[] offsets, int count, boolean atomic) {
                if (backend.concurrentDisassembly() && count >= PARALLEL_MIN_BYTES && threads() > 1) {
                    failed[0] |= runParallel(source, backend, showEncoding, bytes, offsets, count, atomic, out, err,
                            drain);
                    return;
                }
                int index = 0;
                boolean[] undefined = new boolean[1];
                while (index < count) {
                    text.setLength(0);
                    int size;
                    try {
                        size = backend.disassemble(bytes, index, count - index, text, undefined);
                    } catch (McException e) {
                        err.append(source.diagnostic(offsets[index], 1, SourceText.Severity.WARNING,
                                "invalid instruction encoding"));
                        if (atomic) {
                            failed[0] = true;
                            return;
                        }
                        index += Math.min(Math.max(1, e.skip()), count - index);
                        continue;
                    }
                    checkSize(size, count - index);
                    if (undefined[0]) {
                        err.append(potentiallyUndefined(source, offsets[index]));
                    }
                    OutputFormat.appendInstruction(out, text, showEncoding ? bytes : null, index, size);
                    if (drain != null && out.length() >= DRAIN_AT) {
                        drain.accept(out);
                    }
                    index += size;
                }
            }

            @Override
            public void diagnostic(int offset, SourceText.Severity severity, String message) {
                err.append(source.diagnostic(offset, 1, severity, message));
            }
        });
        return failed[0] || bracketError;
    }

    /** Output held before it is drained (when a drain is given). */
    static final int DRAIN_AT = 1 << 18;

    /** Runs shorter than this are printed on the calling thread (about 10,000 instructions). */
    static final int PARALLEL_MIN_BYTES = 64 * 1024;
    /** Instructions per parallel printing task. */
    private static final int CHUNK = 8192;

    /**
     * Printing threads, from the system property {@code amdisa.mc.threads} (default 1: the calling thread only).
     * Measured on the 2-core reference machine (1M gfx1100 / gfx908 instructions), two threads were slower than
     * one (5.1-6.1 s vs 4.7 s wall; 5.2 vs 3.7 s): most of such a run happens before C2 has compiled the printer,
     * and the printing threads then compete with the compiler threads for the two cores. Machines with more cores
     * may gain; that is not measured yet, so it is not the default.
     */
    static int threads() {
        return Math.max(1, Math.min(Integer.getInteger("amdisa.mc.threads", 1),
                Runtime.getRuntime().availableProcessors() * 4));
    }

    /**
     * A long run on all cores: first the instruction boundaries and the diagnostics, in order, on this thread (a
     * length decode, much faster than printing), then the text of chunks of instructions in parallel, appended in
     * input order. Output and diagnostics are the same as the sequential loop's.
     *
     * @return whether the run failed (an atomic run that does not decode)
     */
    private static boolean runParallel(SourceText source, McBackend backend, boolean showEncoding, byte[] bytes,
                                       int[] offsets, int count, boolean atomic, StringBuilder out,
                                       StringBuilder err, java.util.function.Consumer<StringBuilder> drain) {
        int[] starts = new int[Math.max(16, count / 4 + 1)];
        int[] sizes = new int[starts.length];
        int n = 0;
        boolean failed = false;
        int index = 0;
        while (index < count) {
            int size;
            try {
                size = backend.decodedLength(bytes, index, count - index);
            } catch (McException e) {
                err.append(source.diagnostic(offsets[index], 1, SourceText.Severity.WARNING,
                        "invalid instruction encoding"));
                if (atomic) {
                    failed = true;
                    break;
                }
                index += Math.min(Math.max(1, e.skip()), count - index);
                continue;
            }
            checkSize(size, count - index);
            softFail(source, backend, bytes, offsets, index, count, err);
            if (n == starts.length) {
                starts = java.util.Arrays.copyOf(starts, n * 2);
                sizes = java.util.Arrays.copyOf(sizes, n * 2);
            }
            starts[n] = index;
            sizes[n++] = size;
            index += size;
        }
        int chunks = (n + CHUNK - 1) / CHUNK;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.min(threads(), Math.max(1, chunks)), r -> {
                    Thread t = new Thread(r, "amdisa-mc-print");
                    t.setDaemon(true);
                    return t;
                });
        try {
            java.util.List<java.util.concurrent.Future<StringBuilder>> parts = new java.util.ArrayList<>();
            final int[] s = starts;
            final int[] z = sizes;
            final int total = n;
            for (int c = 0; c < chunks; c++) {
                int from = c * CHUNK;
                int to = Math.min(total, from + CHUNK);
                parts.add(pool.submit(() -> {
                    StringBuilder part = new StringBuilder((to - from) * 48);
                    StringBuilder text = new StringBuilder();
                    for (int i = from; i < to; i++) {
                        text.setLength(0);
                        int size = backend.disassemble(bytes, s[i], count - s[i], text);
                        if (size != z[i]) {
                            throw new IllegalStateException("backend printed length " + size + " where it decoded "
                                    + z[i] + " at byte " + s[i]);
                        }
                        OutputFormat.appendInstruction(part, text, showEncoding ? bytes : null, s[i], size);
                    }
                    return part;
                }));
            }
            for (java.util.concurrent.Future<StringBuilder> part : parts) {
                out.append(part.get());
                if (drain != null && out.length() >= DRAIN_AT) {
                    drain.accept(out);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while printing", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("printing failed: " + cause, cause);
        } finally {
            pool.shutdownNow();
        }
        return failed;
    }

    /**
     * llvm-mc's {@code warning: potentially undefined instruction encoding} for an instruction it prints all the same
     * ({@link McBackend#potentiallyUndefined}), pointing at its first byte like the invalid-encoding warning.
     */
    private static void softFail(SourceText source, McBackend backend, byte[] bytes, int[] offsets, int index,
                                 int count, StringBuilder err) {
        if (backend.potentiallyUndefined(bytes, index, count - index)) {
            err.append(potentiallyUndefined(source, offsets[index]));
        }
    }

    private static String potentiallyUndefined(SourceText source, int offset) {
        return source.diagnostic(offset, 1, SourceText.Severity.WARNING, "potentially undefined instruction encoding");
    }

    private static void checkSize(int size, int available) {
        if (size < 1 || size > available) {
            throw new IllegalStateException("backend returned length " + size + " with " + available
                    + " bytes available");
        }
    }
}
