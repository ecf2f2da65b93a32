package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code V_BFE_I32} through the real runtime path on all ten generations: raw-encoded VOP3 words, decoded by the
 * generated decoder, executed by the {@link Interpreter} on a wave with the pseudocode compiled into the runtime
 * jar; 10^6 random triples per generation against independent Java.
 */
class BfeThroughInterpreterTest {

    private static final long M32 = 0xFFFFFFFFL;

    /** Independent: {@code signext_from_bit((S0.i32 >> S1[4:0]) & ((1 << S2[4:0]) - 1), S2[4:0])}. */
    static int bfeI32(int s0, int s1, int s2) {
        int off = s1 & 31;
        int w = s2 & 31;
        if (w == 0) {
            return 0;
        }
        int field = (s0 >> off) & ((1 << w) - 1);
        return (field << (32 - w)) >> (32 - w);
    }

    private static int rnd(SplittableRandom r) {
        return switch (r.nextInt(8)) {
            case 0 -> 0;
            case 1 -> -1;
            case 2 -> 0x80000000;
            case 3 -> 0x7FFFFFFF;
            default -> r.nextInt();
        };
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void millionTriples(Target t) {
        Interpreter in = Interpreters.forTarget(t);
        int[] words = new RawCode(in.instructionSet())
                .add("V_BFE_I32", "VOP3", "VDST", 3, "SRC0", 256, "SRC1", 257, "SRC2", 258).words();
        int size = t.defaultWaveSize();
        Wave w = new Wave(t, size, 8, 0);
        SplittableRandom r = new SplittableRandom(t.ordinal());
        int[][] in3 = new int[3][size];
        for (int done = 0; done < 1_000_000; done += size) {
            for (int l = 0; l < size; l++) {
                in3[0][l] = rnd(r);
                in3[1][l] = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(40);
                in3[2][l] = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(40);
                for (int k = 0; k < 3; k++) {
                    w.setV(k, l, in3[k][l]);
                }
            }
            w.setPc(0);
            assertEquals(words.length, in.execute(w, words, 0));
            for (int l = 0; l < size; l++) {
                int l2 = l;
                assertEquals(bfeI32(in3[0][l], in3[1][l], in3[2][l]), w.v(3, l),
                        () -> t + " lane " + l2 + ": " + in3[0][l2] + " " + in3[1][l2] + " " + in3[2][l2]);
            }
        }
    }
}
