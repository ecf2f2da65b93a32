package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Any word sequence either decodes or raises the decoder's own {@link DecodeException} — never another exception —
 * and a decoded length always lies within the input. 100,000 inputs per generation: random words, valid
 * instructions (built from the bundled, reconstructed specs) with one to three bits flipped, valid instructions
 * cut short, and instructions at non-zero offsets at the end of a buffer. The text printer must not fail on
 * anything the decoder accepts.
 */
class DecoderFuzzTest {

    private static final int INPUTS = 100_000;

    @ParameterizedTest
    @EnumSource(Generation.class)
    void everyInputDecodesOrFailsWithTheTypedException(Generation g) throws Exception {
        InstructionSet isa = TestIsas.instructionSet(g);
        IsaSpec spec = new SpecLoader().loadBundled(g).spec();
        Disassembler printer = Disassembler.llvm(isa);
        WordBuilder builder = new WordBuilder(spec, isa, 0xF0221L + g.ordinal());
        List<int[]> valid = new ArrayList<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] w = builder.build(v);
            if (w != null) {
                valid.add(w);
            }
        }
        assertTrue(valid.size() > isa.variantCount() / 2, "the word builder produced too few instructions");
        Random random = new Random(0xAD15AL * (g.ordinal() + 1));
        int decoded = 0;
        int rejected = 0;
        for (int i = 0; i < INPUTS; i++) {
            int[] words;
            int offset = 0;
            switch (i % 4) {
                case 0 -> {
                    words = new int[1 + random.nextInt(6)];
                    for (int k = 0; k < words.length; k++) {
                        words[k] = random.nextInt();
                    }
                }
                case 1 -> {
                    words = valid.get(random.nextInt(valid.size())).clone();
                    for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                        int bit = random.nextInt(words.length * 32);
                        words[bit >>> 5] ^= 1 << (bit & 31);
                    }
                }
                case 2 -> {
                    int[] w = valid.get(random.nextInt(valid.size()));
                    words = Arrays.copyOf(w, Math.max(1, w.length - 1 - random.nextInt(Math.max(1, w.length - 1))));
                }
                default -> {
                    int[] w = valid.get(random.nextInt(valid.size()));
                    offset = 1 + random.nextInt(3);
                    words = new int[offset + w.length - random.nextInt(w.length)];
                    for (int k = 0; k < offset; k++) {
                        words[k] = random.nextInt();
                    }
                    System.arraycopy(w, 0, words, offset, words.length - offset);
                }
            }
            int[] seen = {-1, -1};
            int length;
            try {
                final int at = offset;
                length = isa.decode(words, offset, (variant, w, o, n) -> {
                    assertEquals(at, o, "the sink gets the instruction's offset");
                    seen[0] = variant;
                    seen[1] = n;
                });
            } catch (DecodeException expected) {
                rejected++;
                continue;
            } catch (RuntimeException | Error e) {
                fail(g + ": " + e + " on " + hex(words) + " at offset " + offset, e);
                return;
            }
            final int[] input = words;
            final int at = offset;
            assertTrue(length >= 1 && offset + length <= words.length,
                    () -> g + ": length " + length + " outside the input " + hex(input) + " at offset " + at);
            assertEquals(length, seen[1], "the sink and the return value agree on the length");
            assertTrue(seen[0] >= 0 && seen[0] < isa.variantCount(), "a valid variant id");
            try {
                printer.disassemble(words, offset);
            } catch (RuntimeException | Error e) {
                fail(g + ": printing " + isa.instructionName(seen[0]) + " failed on " + hex(words), e);
            }
            decoded++;
        }
        assertEquals(INPUTS, decoded + rejected);
        assertTrue(decoded > INPUTS / 4, g + ": only " + decoded + " of " + INPUTS + " inputs decoded");
        assertTrue(rejected > 0, g + ": truncated inputs must be rejected");
    }

    private static String hex(int[] words) {
        return Arrays.stream(words).mapToObj(w -> String.format("0x%08x", w)).collect(Collectors.joining(",", "[", "]"));
    }
}
