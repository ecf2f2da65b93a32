package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.DecodeSink;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.io.IOException;
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
 * Raw decode: {@code InstructionSet.decode(int[], int, DecodeSink)} with a sink that does nothing - no text, no
 * allocation - over a stream of one encoding family ({@code ALL}: every family), in instructions per second on one
 * thread (one core).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class RawDecodeBenchmark {

    /** Instructions per benchmark call. */
    static final int BATCH = 8192;

    @Param({"gfx1100"})
    String mcpu;

    /** {@link InstructionSet#encodingFamily} of the instructions to decode, or {@code ALL}. */
    @Param({"ALL"})
    String family;

    private InstructionSet isa;
    private int[] words;
    private int position;

    @Setup
    public void setup() throws IOException {
        InstructionStream s = Workloads.stream(mcpu, "", 1 << 16, family);
        isa = s.isa();
        words = s.words();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int decode() {
        InstructionSet i = isa;
        int[] w = words;
        int p = position;
        int sum = 0;
        for (int n = 0; n < BATCH; n++) {
            int length = i.decode(w, p, DecodeSink.IGNORE);
            sum += length;
            p += length;
            if (p == w.length) {
                p = 0;
            }
        }
        position = p;
        return sum;
    }
}
