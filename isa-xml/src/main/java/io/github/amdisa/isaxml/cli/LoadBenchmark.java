package io.github.amdisa.isaxml.cli;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures loading all ten bundled specs: wall time of a cold first round and of warm rounds, and the peak heap
 * used (sum of the heap pools' peak usage, reset before the measured round). Prints figures; asserts nothing.
 * Run with {@code -Xmx} set to see how small a heap suffices.
 */
public final class LoadBenchmark {

    private LoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        boolean parallel = args.length > 1 && args[1].equals("parallel");
        SpecLoader loader = new SpecLoader();
        System.out.printf("java %s, %d cores, max heap %d MB%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        for (int round = 0; round <= rounds; round++) {
            System.gc();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            long t0 = System.nanoTime();
            List<IsaSpec> specs = new ArrayList<>();
            if (parallel) {
                loader.loadBundled(List.of()).forEach(r -> specs.add(r.spec()));
            } else {
                for (Generation g : Generation.values()) {
                    specs.add(loader.loadBundled(g).spec());
                }
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            long peak = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            int instructions = specs.stream().mapToInt(s -> s.instructions().size()).sum();
            System.out.printf("%s%s: all ten specs (%d instructions) in %d ms, peak heap %d MB%n",
                    parallel ? "parallel, " : "sequential, ", round == 0 ? "cold" : "warm " + round, instructions, ms, peak >> 20);
        }
    }
}
