package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.examples.mc.backend.GeneratedCodecProvider;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Long inputs can be printed on several threads ({@link DisassemblerDriver}, {@code -Damdisa.mc.threads=N}): the
 * output, the diagnostics and the exit status must be exactly those of the one-thread loop, which the same backend
 * gives when it does not declare {@link McBackend#concurrentDisassembly()} (the wrapper delegates everything else,
 * the soft-fail warning too). The input is random words (about half of them invalid on every target, so warnings
 * and resynchronisation are frequent) between real instructions, long enough to be split into many chunks, once as
 * a plain stream and once with a long {@code [...]} block that fails part way.
 */
class ParallelDisassemblyTest {

    @ParameterizedTest
    @ValueSource(strings = {"gfx1100", "gfx908", "gfx1250", "gfx1030"})
    void parallelPrintingEqualsTheSequentialLoop(String cpu) {
        Random rnd = new Random(cpu.hashCode());
        StringBuilder plain = new StringBuilder();
        int dwords = 100_000; // 400 KB: about ten printing chunks, and a [...] block above the parallel threshold
        for (int i = 0; i < dwords; i++) {
            int w = rnd.nextInt(4) == 0 ? 0xbf800000 | rnd.nextInt(1 << 16) : rnd.nextInt();
            for (int k = 0; k < 4; k++) {
                plain.append(String.format("0x%02x", w >>> 8 * k & 0xff)).append(k == 3 ? '\n' : ',');
            }
        }
        String block = "[" + plain.substring(0, plain.length() / 2) + "]\n" + plain.substring(plain.length() / 2);
        for (String input : List.of(plain.toString(), block)) {
            McRun parallel;
            System.setProperty("amdisa.mc.threads", "3");
            try {
                parallel = McRun.run(McBackends.load(), input, "-triple=amdgcn", "-mcpu=" + cpu, "-disassemble",
                        "-show-encoding");
            } finally {
                System.clearProperty("amdisa.mc.threads");
            }
            McRun sequential = McRun.run(McBackends.of(new SequentialProvider()), input, "-triple=amdgcn",
                    "-mcpu=" + cpu, "-disassemble", "-show-encoding");
            assertTrue(parallel.out().length() > DisassemblerDriver.PARALLEL_MIN_BYTES, "output too short to test");
            assertEquals(sequential.status(), parallel.status(), cpu);
            assertEquals(sequential.err(), parallel.err(), cpu);
            assertEquals(sequential.out(), parallel.out(), cpu);
        }
    }

    /**
     * Output to standard output streams out in blocks ({@link DisassemblerDriver#DRAIN_AT}): the blocks, joined,
     * are the text the driver gives when it keeps everything, sequentially and on several threads.
     */
    @ParameterizedTest
    @ValueSource(strings = {"1", "3"})
    void streamedOutputEqualsHeldOutput(String threads) {
        Random rnd = new Random(7);
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 60_000; i++) {
            int w = rnd.nextInt(4) == 0 ? 0xbf800000 | rnd.nextInt(1 << 16) : rnd.nextInt();
            input.append(String.format("0x%08x", Integer.reverseBytes(w)).replaceAll("0x(..)(..)(..)(..)",
                    "0x$1,0x$2,0x$3,0x$4")).append('\n');
        }
        McBackend backend = new GeneratedCodecProvider().create(McTarget.resolve("gfx1100").orElseThrow(), List.of())
                .orElseThrow();
        SourceText source = new SourceText("<test>", input.toString());
        System.setProperty("amdisa.mc.threads", threads);
        try {
            StringBuilder held = new StringBuilder();
            StringBuilder heldErr = new StringBuilder();
            boolean heldFailed = DisassemblerDriver.run(source, backend, true, held, heldErr);
            StringBuilder streamed = new StringBuilder();
            StringBuilder buffer = new StringBuilder();
            StringBuilder streamedErr = new StringBuilder();
            int[] blocks = {0};
            boolean streamedFailed = DisassemblerDriver.run(source, backend, true, buffer, streamedErr, b -> {
                assertTrue(b.length() >= DisassemblerDriver.DRAIN_AT);
                streamed.append(b);
                b.setLength(0);
                blocks[0]++;
            });
            streamed.append(buffer);
            assertTrue(blocks[0] > 3, "the output was not drained: " + blocks[0] + " blocks");
            assertEquals(heldFailed, streamedFailed);
            assertEquals(heldErr.toString(), streamedErr.toString());
            assertEquals(held.toString(), streamed.toString());
        } finally {
            System.clearProperty("amdisa.mc.threads");
        }
    }

    /** The generated backend without its declaration of thread safety, so that the driver uses one thread. */
    private static final class SequentialProvider implements McBackendProvider {
        private final GeneratedCodecProvider generated = new GeneratedCodecProvider();

        @Override
        public Optional<McBackend> create(McTarget target, List<String> features) {
            return generated.create(target, features).map(b -> new McBackend() {
                @Override
                public int disassemble(byte[] bytes, int offset, int length, StringBuilder out) throws McException {
                    return b.disassemble(bytes, offset, length, out);
                }

                @Override
                public Assembly assemble(String statement) throws McException {
                    return b.assemble(statement);
                }

                @Override
                public boolean potentiallyUndefined(byte[] bytes, int offset, int length) {
                    return b.potentiallyUndefined(bytes, offset, length);
                }
            });
        }
    }
}
