package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.Disassembler;
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
 * Decode + print LLVM text, in process: instructions per second over a stream of instructions of one generation
 * (the same stream {@code run.sh} gives {@code llvm-mc-22 -disassemble}, when {@code streamFile} names it). The text
 * goes into a reused {@link StringBuilder}, one line per instruction, as {@code amdisa-mc} builds its output.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class DecodePrintBenchmark {

    /** Instructions per benchmark call. */
    static final int BATCH = 4096;

    @Param({"gfx1100"})
    String mcpu;

    /** A stream written by {@code Bench streams}; empty to draw one in process. */
    @Param({""})
    String streamFile;

    private Disassembler disassembler;
    private int[] words;
    private int[] offsets;
    private int cursor;
    private final StringBuilder out = new StringBuilder(BATCH * 64);

    @Setup
    public void setup() throws IOException {
        InstructionStream s = Workloads.stream(mcpu, streamFile, 1 << 18, "ALL");
        disassembler = Disassembler.llvm(s.isa());
        words = s.words();
        offsets = s.offsets();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int decodeAndPrint() {
        StringBuilder b = out;
        b.setLength(0);
        int c = cursor;
        for (int i = 0; i < BATCH; i++) {
            disassembler.disassemble(words, offsets[c], b);
            b.append('\n');
            if (++c == offsets.length) {
                c = 0;
            }
        }
        cursor = c;
        return b.length();
    }
}
