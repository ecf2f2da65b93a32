package io.github.amdisa.benchmarks;

import io.github.amdisa.generator.GenerationRequest;
import io.github.amdisa.generator.GenerationResult;
import io.github.amdisa.generator.IsaGenerator;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Entry point of the benchmarks jar ({@code java -jar benchmarks/target/amdisa-benchmarks-*.jar COMMAND ...}):
 * <ul>
 *   <li>{@code streams DIR COUNT MCPU...}: builds, per processor, a stream of COUNT instructions drawn from every
 *       encoding (see {@link InstructionPool}), keeping only instances {@code llvm-mc-22} reads the same way when it
 *       is installed, and writes {@code DIR/MCPU.txt} (llvm-mc input) and {@code DIR/MCPU.bin} (the words);</li>
 *   <li>{@code families MCPU [SECONDS]}: raw decode per encoding family with JMH, as a table;</li>
 *   <li>{@code generator DIR}: the generator's wall time and peak heap for all ten bundled specs, then a second
 *       run that changes nothing;</li>
 *   <li>{@code jmh ARGS...}: JMH's own command line (e.g. {@code jmh DecodePrintBenchmark -p mcpu=gfx908});</li>
 *   <li>{@code cpu-decode MCPU [SECONDS [encodings]]} (raw decode per family, or per encoding), {@code cpu-print
 *       MCPU [STREAMFILE [SECONDS]]}, {@code cpu-encode MCPU [SECONDS]}: the same workloads timed in thread CPU
 *       time ({@link CpuTimed}), for a machine shared with other work;</li>
 *   <li>{@code cpu-typed MCPU [SECONDS]}: encoding through the generated typed factories, and {@code cpu-assemble
 *       MCPU [STATEMENTFILE [SECONDS]]}: assembling LLVM-syntax statements (one a line; without a file, the
 *       disassembly of the in-process stream), both in thread CPU time.</li>
 * </ul>
 * Everything prints figures; nothing asserts timings.
 */
public final class Bench {

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: Bench streams DIR COUNT MCPU... | families MCPU [SECONDS] | generator DIR"
                    + " | cpu-decode MCPU [SECONDS [encodings]] | cpu-print MCPU STREAM | cpu-encode MCPU"
                    + " | cpu-typed MCPU | cpu-assemble MCPU [STATEMENTFILE [SECONDS]] | jmh ARGS...");
            System.exit(2);
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "streams" -> streams(Path.of(rest[0]), Integer.parseInt(rest[1]),
                    List.of(rest).subList(2, rest.length));
            case "families" -> families(rest[0], rest.length > 1 ? Integer.parseInt(rest[1]) : 1);
            case "generator" -> generator(Path.of(rest[0]));
            case "jmh" -> org.openjdk.jmh.Main.main(rest);
            case "cpu-decode" -> CpuTimed.rawDecode(rest[0], rest.length > 1 ? Double.parseDouble(rest[1]) : 1,
                    rest.length > 2 && rest[2].equals("encodings"));
            case "cpu-print" -> CpuTimed.decodePrint(rest[0], rest.length > 1 ? rest[1] : "",
                    rest.length > 2 ? Double.parseDouble(rest[2]) : 3);
            case "cpu-encode" -> CpuTimed.encode(rest[0], rest.length > 1 ? Double.parseDouble(rest[1]) : 2);
            case "cpu-typed" -> CpuTimed.typedEncode(rest[0], rest.length > 1 ? Double.parseDouble(rest[1]) : 2);
            case "cpu-assemble" -> CpuTimed.assemble(rest[0], rest.length > 1 ? rest[1] : "",
                    rest.length > 2 ? Double.parseDouble(rest[2]) : 3);
            default -> {
                System.err.println("unknown command " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void streams(Path dir, int count, List<String> mcpus) throws Exception {
        Files.createDirectories(dir);
        boolean llvm = onPath("llvm-mc-22");
        for (String mcpu : mcpus) {
            InstructionSet isa = Isas.forMcpu(mcpu);
            long t0 = System.nanoTime();
            InstructionPool pool = InstructionPool.build(isa, Workloads.PER_VARIANT, Workloads.SEED);
            int instances = pool.byEncoding().values().stream().mapToInt(List::size).sum();
            System.out.printf(Locale.ROOT, "%s: pool of %d instances covering %d of %d variants in %d encodings"
                            + " (%d variants whose identifier does not decode back), %.1f s%n", mcpu, instances,
                    pool.coveredVariants(), isa.variantCount(), pool.byEncoding().size(), pool.missing(),
                    (System.nanoTime() - t0) / 1e9);
            Predicate<InstructionPool.Instance> filter = i -> true;
            if (llvm) {
                filter = LlvmMcFilter.accepted(pool, mcpu, dir);
            } else {
                System.out.println("  llvm-mc-22 not found: the stream is not filtered");
            }
            InstructionStream s = pool.stream(count, Workloads.SEED, filter);
            s.writeLlvmMcInput(dir.resolve(mcpu + ".txt"));
            s.writeBinary(dir.resolve(mcpu + ".bin"));
            System.out.printf(Locale.ROOT, "  %s: %d instructions, %d dwords -> %s.txt / .bin%n", mcpu, s.count(),
                    s.words().length, dir.resolve(mcpu));
        }
    }

    private static void families(String mcpu, int seconds) throws Exception {
        InstructionSet isa = Isas.forMcpu(mcpu);
        TreeSet<String> families = new TreeSet<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            families.add(isa.encodingFamily(v));
        }
        families.add("ALL");
        System.out.printf("%nRaw decode, %s, instructions per second on one thread (no text, no allocation)%n%n",
                mcpu);
        System.out.println("| family | M instructions/s | error |");
        System.out.println("|---|---|---|");
        for (String family : families) {
            Options opt = new OptionsBuilder()
                    .include(RawDecodeBenchmark.class.getName())
                    .param("mcpu", mcpu)
                    .param("family", family)
                    .warmupIterations(2).warmupTime(TimeValue.seconds(seconds))
                    .measurementIterations(3).measurementTime(TimeValue.seconds(seconds))
                    .forks(1)
                    .verbosity(org.openjdk.jmh.runner.options.VerboseMode.SILENT)
                    .build();
            try {
                Collection<RunResult> results = new Runner(opt).run();
                for (RunResult r : results) {
                    var s = r.getPrimaryResult();
                    System.out.printf(Locale.ROOT, "| %s | %.1f | ±%.1f |%n", family, s.getScore() / 1e6,
                            s.getScoreError() / 1e6);
                }
            } catch (Exception e) {
                System.out.printf("| %s | (no instances: %s) | |%n", family, e.getMessage());
            }
        }
    }

    private static void generator(Path dir) throws Exception {
        long peak = 0;
        Thread sampler = null;
        long[] sampled = {0};
        sampler = new Thread(() -> {
            Runtime rt = Runtime.getRuntime();
            while (!Thread.currentThread().isInterrupted()) {
                sampled[0] = Math.max(sampled[0], rt.totalMemory() - rt.freeMemory());
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        IsaGenerator generator = new IsaGenerator();
        long t0 = System.nanoTime();
        GenerationResult first = generator.generate(GenerationRequest.bundled(List.of(), "io.github.amdisa", dir));
        double firstSeconds = (System.nanoTime() - t0) / 1e9;
        sampler.interrupt();
        sampler.join();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        long t1 = System.nanoTime();
        GenerationResult second = generator.generate(GenerationRequest.bundled(List.of(), "io.github.amdisa", dir));
        double secondSeconds = (System.nanoTime() - t1) / 1e9;
        System.out.printf(Locale.ROOT, "generator, all ten bundled specs (reconstructed, not AMD's files),"
                        + " fresh JVM, -Xmx%dm:%n  first run: %.2f s wall, %d files written; peak heap %d MB"
                        + " (sampled used), %d MB (sum of pool peaks)%n  second run, nothing changed: %.2f s wall,"
                        + " %d written, %d unchanged%n",
                Runtime.getRuntime().maxMemory() >> 20, firstSeconds, first.written().size(), sampled[0] >> 20,
                peak >> 20, secondSeconds, second.written().size(), second.unchanged().size());
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (Files.isExecutable(Path.of(d, tool))) {
                    return true;
                }
            }
        }
        return false;
    }
}
