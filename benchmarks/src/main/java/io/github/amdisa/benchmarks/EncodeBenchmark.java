package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encoding with the raw encoder {@code InstructionSet.encode(variant, fieldNames, values, out, offset)}: per
 * instruction the variant and its explicit operand fields (names and values taken from decoded pool instances),
 * in instructions per second. Typed instruction builders are not on main yet; this is the layer they will call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class EncodeBenchmark {

    /** Instructions per benchmark call. */
    static final int BATCH = 4096;

    @Param({"gfx1100"})
    String mcpu;

    private InstructionSet isa;
    private int[] variants;
    private String[][] names;
    private long[][] values;
    private final int[] out = new int[16];
    private int cursor;

    @Setup
    public void setup() {
        InstructionStream s = InstructionPool.build(Isas.forMcpu(mcpu), Workloads.PER_VARIANT, Workloads.SEED)
                .stream(1 << 14, Workloads.SEED, i -> true);
        isa = s.isa();
        int n = s.count();
        variants = new int[n];
        names = new String[n][];
        values = new long[n][];
        int[] found = new int[1];
        for (int k = 0; k < n; k++) {
            int off = s.offsets()[k];
            isa.decode(s.words(), off, (v, w, o, l) -> found[0] = v);
            int v = found[0];
            List<String> f = new ArrayList<>();
            List<Long> x = new ArrayList<>();
            for (int i = 0; i < isa.operandCount(v); i++) {
                String field = isa.operandField(v, i);
                if (field != null && !f.contains(field)) {
                    f.add(field);
                    x.add(isa.operandValue(v, i, s.words(), off));
                }
            }
            variants[k] = v;
            names[k] = f.toArray(new String[0]);
            values[k] = x.stream().mapToLong(Long::longValue).toArray();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int encode() {
        int c = cursor;
        int sum = 0;
        for (int i = 0; i < BATCH; i++) {
            sum += isa.encode(variants[c], names[c], values[c], out, 0) + out[0];
            if (++c == variants.length) {
                c = 0;
            }
        }
        cursor = c;
        return sum;
    }
}
