package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ds_swizzle_b32} through the interpreter on all ten generations (and wave64 on RDNA), from programs
 * assembled by amdisa (cross-checked with {@code llvm-mc-22} when installed, see {@link LlvmAsm}). The expected
 * lane each lane reads is written here from the meaning of LLVM's swizzle macros (AMDGPUModifierSyntax:
 * QUAD_PERM, BITMASK_PERM, SWAP, REVERSE, BROADCAST) and, for the FFT mode, from AMD's own example: the CDNA texts'
 * table of the lanes read for masks 0x00 and 0x10 (1-based there), and "0x1f: No swizzle". A lane whose source lane
 * is inactive reads 0; inactive lanes keep their old value. The rotate mode follows the interpreter's stated
 * reading of AMD's text (rotation of the lane number inside its group of 32, see {@code DsSwizzleLanes}).
 */
class DsSwizzleThroughInterpreterTest {

    /** AMD's CDNA DS_SWIZZLE_B32 table, offset[4:0] = 0x00: the lane each lane reads, 1-based, in hex. */
    private static final String FFT_00 = "1,11,9,19,5,15,d,1d,3,13,b,1b,7,17,f,1f,2,12,a,1a,6,16,e,1e,4,14,c,1c,8,18,10,20";
    /** The same table, offset[4:0] = 0x10. */
    private static final String FFT_10 = "1,9,5,d,3,b,7,f,2,a,6,e,4,c,8,10,11,19,15,1d,13,1b,17,1f,12,1a,16,1e,14,1c,18,20";

    static Stream<Arguments> machines() {
        List<Arguments> out = new ArrayList<>();
        for (Target t : Target.values()) {
            int wave = t.name().startsWith("GFX9") ? 64 : 32;
            out.add(Arguments.of(t, wave));
        }
        out.add(Arguments.of(Target.GFX1100, 64));
        out.add(Arguments.of(Target.GFX1030, 64));
        return out.stream();
    }

    private static IntUnaryOperator table(String hex) {
        String[] s = hex.split(",");
        return lane -> (lane & 0x20) + Integer.parseInt(s[lane & 0x1f], 16) - 1;
    }

    /** A BITMASK_PERM string: most significant lane bit first; 0/1 force, p keeps, i inverts. */
    private static IntUnaryOperator bitmask(String perm) {
        return lane -> {
            int j = lane & 0x20;
            for (int b = 0; b < 5; b++) {
                char c = perm.charAt(4 - b);
                int bit = lane >>> b & 1;
                int r = c == '0' ? 0 : c == '1' ? 1 : c == 'p' ? bit : bit ^ 1;
                j |= r << b;
            }
            return j;
        };
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("swizzle(QUAD_PERM,3,0,2,1)", (IntUnaryOperator) l -> (l & ~3) + new int[] {3, 0, 2, 1}[l & 3]),
                Arguments.of("swizzle(QUAD_PERM,0,0,0,0)", (IntUnaryOperator) l -> l & ~3),
                Arguments.of("swizzle(SWAP,1)", (IntUnaryOperator) l -> l ^ 1),
                Arguments.of("swizzle(SWAP,16)", (IntUnaryOperator) l -> l ^ 16),
                Arguments.of("swizzle(REVERSE,8)", (IntUnaryOperator) l -> (l / 8) * 8 + 7 - l % 8),
                Arguments.of("swizzle(REVERSE,32)", (IntUnaryOperator) l -> (l / 32) * 32 + 31 - l % 32),
                Arguments.of("swizzle(BROADCAST,4,2)", (IntUnaryOperator) l -> (l / 4) * 4 + 2),
                Arguments.of("swizzle(BROADCAST,32,17)", (IntUnaryOperator) l -> (l / 32) * 32 + 17),
                Arguments.of("swizzle(BITMASK_PERM,\"01pip\")", bitmask("01pip")),
                Arguments.of("swizzle(BITMASK_PERM,\"iiiii\")", bitmask("iiiii")),
                Arguments.of("swizzle(FFT,0)", table(FFT_00)),
                Arguments.of("swizzle(FFT,16)", table(FFT_10)),
                Arguments.of("swizzle(FFT,31)", (IntUnaryOperator) l -> l),
                Arguments.of("swizzle(ROTATE,0,5)", (IntUnaryOperator) l -> (l & 0x20) + ((l & 0x1f) + 5) % 32),
                Arguments.of("swizzle(ROTATE,1,3)", (IntUnaryOperator) l -> (l & 0x20) + ((l & 0x1f) + 32 - 3) % 32));
    }

    static Stream<Arguments> machineCases() {
        return machines().flatMap(m -> cases().map(c -> Arguments.of(m.get()[0], m.get()[1], c.get()[0], c.get()[1])));
    }

    @ParameterizedTest(name = "{0} wave{1} {2}")
    @MethodSource("machineCases")
    void lanesReadTheirSourceLane(Target t, int size, String macro, IntUnaryOperator source) {
        SplittableRandom r = new SplittableRandom(macro.hashCode() * 31L + t.ordinal() * 7L + size);
        Wave w = new Wave(t, size, 16, 0);
        int[] in = new int[size];
        int[] old = new int[size];
        for (int lane = 0; lane < size; lane++) {
            in[lane] = r.nextInt();
            old[lane] = r.nextInt();
            w.setV(1, lane, in[lane]);
            w.setV(5, lane, old[lane]);
        }
        long exec = r.nextLong() & w.laneMask();
        w.setExec(exec);
        int[] words = LlvmAsm.assemble(t.mcpu(), size, "ds_swizzle_b32 v5, v1 offset:" + macro + "\ns_endpgm\n");
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
        for (int lane = 0; lane < size; lane++) {
            int expected;
            if ((exec >>> lane & 1) == 0) {
                expected = old[lane];
            } else {
                int j = source.applyAsInt(lane);
                expected = j < size && (exec >>> j & 1) != 0 ? in[j] : 0;
            }
            assertEquals(expected, w.v(5, lane), macro + " lane " + lane);
        }
    }

    @ParameterizedTest(name = "{0} wave{1}")
    @MethodSource("machines")
    void sourceEqualToDestinationReadsTheValuesBeforeTheWrite(Target t, int size) {
        Wave w = new Wave(t, size, 16, 0);
        for (int lane = 0; lane < size; lane++) {
            w.setV(3, lane, 1000 + lane);
        }
        w.setExec(w.laneMask());
        int[] words = LlvmAsm.assemble(t.mcpu(), size, "ds_swizzle_b32 v3, v3 offset:swizzle(SWAP,1)\ns_endpgm\n");
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
        for (int lane = 0; lane < size; lane++) {
            assertEquals(1000 + (lane ^ 1), w.v(3, lane), "lane " + lane);
        }
    }
}
