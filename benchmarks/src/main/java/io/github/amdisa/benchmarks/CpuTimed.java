package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.asm.Assembler;
import io.github.amdisa.runtime.codec.DecodeSink;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.IntSupplier;

/**
 * The benchmarks of the JMH classes measured in <em>thread CPU time</em> instead of wall time: on a machine shared
 * with other work (the two-core build machine usually is) wall-clock rates mostly measure the other work, while
 * the CPU time this thread was given still tells the rate per core. Each figure: warm up for one CPU second (five for
 * decode + print), then run batches until {@code seconds} CPU seconds have passed; instructions divided by CPU
 * seconds.
 */
final class CpuTimed {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuTimed() {
    }

    /** Runs {@code batch} (which returns how many instructions it did) and returns instructions per CPU second. */
    static double rate(IntSupplier batch, double seconds) {
        return rate(batch, seconds, 1);
    }

    /** {@link #rate(IntSupplier, double)} after {@code warmSeconds} CPU seconds of warm-up. */
    static double rate(IntSupplier batch, double seconds, double warmSeconds) {
        long sink = 0;
        long warm = THREADS.getCurrentThreadCpuTime() + (long) (warmSeconds * 1e9);
        while (THREADS.getCurrentThreadCpuTime() < warm) {
            sink += batch.getAsInt();
        }
        long start = THREADS.getCurrentThreadCpuTime();
        long end = start + (long) (seconds * 1e9);
        long done = 0;
        long now;
        do {
            done += batch.getAsInt();
            now = THREADS.getCurrentThreadCpuTime();
        } while (now < end);
        if (sink == 42) {
            System.out.print("");
        }
        return done / ((now - start) / 1e9);
    }

    /**
     * Raw decode rates per encoding family or, with {@code byEncoding}, per encoding: a family's stream mixes its
     * encodings (SOPK's is half SOPK_INST_LITERAL, whose one instruction has a bucket and candidate set of its own),
     * so its figure also measures the mispredicted dispatch between them.
     */
    static void rawDecode(String mcpu, double seconds, boolean byEncoding) throws Exception {
        InstructionSet isa = Isas.forMcpu(mcpu);
        java.util.function.IntFunction<String> groupOf = byEncoding ? isa::encodingName : isa::encodingFamily;
        TreeSet<String> groups = new TreeSet<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            groups.add(groupOf.apply(v));
        }
        String what = byEncoding ? "encoding" : "family";
        System.out.printf("%nRaw decode, %s: million instructions per CPU second, one thread, no-op sink, per %s%n%n",
                mcpu, what);
        System.out.println("| " + what + " | instructions in stream | M instr/s |");
        System.out.println("|---|---|---|");
        if (!byEncoding) {
            groups.add("ALL");
        }
        InstructionPool pool = InstructionPool.build(isa, Workloads.PER_VARIANT, Workloads.SEED);
        for (String group : groups) {
            InstructionStream s;
            try {
                s = pool.stream(1 << 16, Workloads.SEED,
                        i -> group.equals("ALL") || groupOf.apply(i.variant()).equals(group));
            } catch (IllegalStateException e) {
                System.out.printf("| %s | 0 | (no instance) |%n", group);
                continue;
            }
            int[] w = s.words();
            int[] pos = {0};
            double r = rate(() -> {
                int p = pos[0];
                int sum = 0;
                for (int n = 0; n < 8192; n++) {
                    int length = isa.decode(w, p, DecodeSink.IGNORE);
                    sum += length;
                    p += length;
                    if (p == w.length) {
                        p = 0;
                    }
                }
                pos[0] = p;
                return 8192 + (sum & 0);
            }, seconds);
            System.out.printf(Locale.ROOT, "| %s | %d | %.1f |%n", group, s.count(), r / 1e6);
        }
    }

    static void decodePrint(String mcpu, String file, double seconds) throws Exception {
        InstructionStream s = Workloads.stream(mcpu, file, 1 << 18, "ALL");
        Disassembler d = Disassembler.llvm(s.isa());
        int[] w = s.words();
        int[] off = s.offsets();
        int[] cursor = {0};
        StringBuilder out = new StringBuilder(1 << 20);
        double r = rate(() -> {
            out.setLength(0);
            int c = cursor[0];
            for (int i = 0; i < 4096; i++) {
                d.disassemble(w, off[c], out);
                out.append('\n');
                if (++c == off.length) {
                    c = 0;
                }
            }
            cursor[0] = c;
            return 4096;
        }, seconds, 5); // the printer's large methods reach C2 only after ~4 CPU seconds when the JIT threads
                        // share the cores with other work (1 s of warm-up measured half-compiled code then)
        System.out.printf(Locale.ROOT, "decode + print, %s, %d-instruction stream%s: %.3f M instructions per CPU"
                + " second (one thread)%n", mcpu, s.count(), file.isEmpty() ? "" : " " + file, r / 1e6);
    }

    static void encode(String mcpu, double seconds) {
        EncodeBenchmark b = new EncodeBenchmark();
        b.mcpu = mcpu;
        b.setup();
        double r = rate(() -> {
            b.encode();
            return EncodeBenchmark.BATCH;
        }, seconds);
        System.out.printf(Locale.ROOT, "raw encode, %s: %.1f M instructions per CPU second (one thread)%n", mcpu,
                r / 1e6);
    }

    /**
     * Assembling LLVM-syntax statements with {@link Assembler#llvm}: the lines of {@code file} (one statement a line,
     * {@code ;} comments and blank lines left out), or, without a file, the generated disassembler's text of the
     * in-process benchmark stream (drawn as for {@link #decodePrint}). Statements the assembler rejects are timed
     * too; the figure also gives how many of the statements it accepts.
     */
    static void assemble(String mcpu, String file, double seconds) throws Exception {
        InstructionSet isa = Isas.forMcpu(mcpu);
        List<String> statements = new ArrayList<>();
        if (!file.isEmpty()) {
            for (String line : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8)) {
                int comment = line.indexOf(';');
                String statement = (comment < 0 ? line : line.substring(0, comment)).strip();
                if (!statement.isEmpty()) {
                    statements.add(statement);
                }
            }
        } else {
            InstructionStream s = Workloads.stream(mcpu, "", 1 << 14, "ALL");
            Disassembler d = Disassembler.llvm(isa);
            for (int offset : s.offsets()) {
                statements.add(d.disassemble(s.words(), offset).strip());
            }
        }
        Assembler asm = Assembler.llvm(isa);
        int accepted = 0;
        for (String statement : statements) {
            try {
                asm.assemble(statement);
                accepted++;
            } catch (AsmSyntaxException e) {
                // rejected: not counted as accepted
            }
        }
        String[] text = statements.toArray(new String[0]);
        int[] cursor = {0};
        int[] sink = {0};
        double r = rate(() -> {
            int c = cursor[0];
            for (int i = 0; i < 1024; i++) {
                try {
                    sink[0] += asm.assemble(text[c]).words()[0];
                } catch (AsmSyntaxException e) {
                    sink[0] += e.offset();
                }
                if (++c == text.length) {
                    c = 0;
                }
            }
            cursor[0] = c;
            return 1024;
        }, seconds, 3); // as for decode + print: the large parser and printer methods reach C2 late
        System.out.printf(Locale.ROOT, "assemble (LLVM syntax), %s, %d statements%s, %d accepted: %.3f M statements"
                + " per CPU second (one thread; checksum %d)%n", mcpu, text.length, file.isEmpty() ? "" : " " + file,
                accepted, r / 1e6, sink[0]);
    }

    /** Encoding through the generated typed factories ({@link TypedEncodeWorkload}). */
    static void typedEncode(String mcpu, double seconds) {
        TypedEncodeWorkload w = new TypedEncodeWorkload(mcpu);
        int[] sink = new int[1];
        double r = rate(() -> {
            sink[0] += w.batch();
            return TypedEncodeWorkload.BATCH;
        }, seconds);
        System.out.printf(Locale.ROOT, "typed encode (generated factories), %s: %.3f M instructions per CPU second"
                + " (one thread; checksum %d)%n", mcpu, r / 1e6, sink[0]);
    }
}
