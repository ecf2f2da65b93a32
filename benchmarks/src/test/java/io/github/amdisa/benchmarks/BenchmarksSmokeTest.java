package io.github.amdisa.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the normal build checks of the benchmarks: the workloads are what they claim (valid instances of many
 * encodings, streams that decode back instruction by instruction, files that read back). No timing is measured or
 * asserted here; the measurements run with {@code benchmarks/run.sh}.
 */
class BenchmarksSmokeTest {

    @Test
    void poolInstancesDecodeToTheirVariants() {
        InstructionSet isa = Isas.forMcpu("gfx1100");
        InstructionPool pool = InstructionPool.build(isa, 1, 7);
        assertTrue(pool.byEncoding().size() >= 40, "encodings covered: " + pool.byEncoding().keySet());
        assertTrue(pool.coveredVariants() > isa.variantCount() / 2,
                pool.coveredVariants() + " of " + isa.variantCount());
        int[] found = new int[1];
        for (List<InstructionPool.Instance> list : pool.byEncoding().values()) {
            for (InstructionPool.Instance i : list) {
                int length = isa.decode(i.words(), 0, (v, w, o, n) -> found[0] = v);
                assertEquals(i.variant(), found[0]);
                assertEquals(i.words().length, length);
                assertEquals(isa.encodingName(i.variant()), isa.encodingName(found[0]));
            }
        }
    }

    @Test
    void streamsDecodeBackAndSurviveTheirFiles(@TempDir Path dir) throws Exception {
        InstructionSet isa = Isas.forMcpu("gfx908");
        InstructionStream s = InstructionPool.build(isa, 1, 7).stream(5000, 11, i -> true);
        assertEquals(5000, s.count());
        assertEquals(List.of(java.util.Arrays.stream(s.offsets()).boxed().toArray()),
                List.of(java.util.Arrays.stream(Workloads.boundaries(isa, s.words())).boxed().toArray()));
        s.writeBinary(dir.resolve("s.bin"));
        s.writeLlvmMcInput(dir.resolve("s.txt"));
        InstructionStream back = Workloads.read(isa, dir.resolve("s.bin"));
        assertTrue(java.util.Arrays.equals(s.words(), back.words()));
        List<String> lines = Files.readAllLines(dir.resolve("s.txt"));
        assertEquals(5000, lines.size());
        int first = s.offsets().length > 1 ? s.offsets()[1] : s.words().length;
        assertEquals(4 * first, lines.get(0).split(",").length);
        assertTrue(lines.get(0).matches("(0x[0-9a-f]{2},)*0x[0-9a-f]{2}"), lines.get(0));
    }

    @Test
    void theBenchmarkBodiesRun() throws Exception {
        RawDecodeBenchmark raw = new RawDecodeBenchmark();
        raw.mcpu = "gfx1200";
        raw.family = "SOPP";
        raw.setup();
        assertEquals(RawDecodeBenchmark.BATCH, raw.decode(), "SOPP instructions are one dword each");

        DecodePrintBenchmark print = new DecodePrintBenchmark();
        print.mcpu = "gfx1100";
        print.streamFile = "";
        print.setup();
        assertTrue(print.decodeAndPrint() > DecodePrintBenchmark.BATCH * 5, "every line has text");

        EncodeBenchmark encode = new EncodeBenchmark();
        encode.mcpu = "gfx90a";
        encode.setup();
        encode.encode();

        for (String mcpu : new String[] {"gfx1100", "gfx942"}) {
            TypedEncodeWorkload typed = new TypedEncodeWorkload(mcpu);
            for (int i = 0; i < 70; i++) {
                typed.batch(); // every register/immediate combination of the workload encodes (no exception)
            }
        }
    }
}
