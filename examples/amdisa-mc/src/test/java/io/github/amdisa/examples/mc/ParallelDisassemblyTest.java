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
 * Long inputs can be printed on several threads ({@link DisassemblerDriver}, {@code -Damdisa.mc.threads=N}): the output, the diagnostics and the exit status
 * must be exactly those of the one-thread loop, which the same backend gives when it does not declare
 * {@link McBackend#concurrentDisassembly()}. The input is random words (about half of them invalid on every target,
 * so warnings and resynchronisation are frequent) between real instructions, long enough to be split into many
 * chunks, once as a plain stream and once with a long {@code [...]} block that fails part way.
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
            });
        }
    }
}
