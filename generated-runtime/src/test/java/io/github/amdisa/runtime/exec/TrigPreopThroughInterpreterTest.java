package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code V_TRIG_PREOP_F64} through the real runtime path on all ten generations (raw VOP3 words, the generated
 * decoder, the lowered text), every lane against an independent segment of 2/PI: the test computes pi by the
 * Gauss-Legendre iteration (the generator uses Machin's formula), takes the 1201 fraction bits of 2/PI the text
 * names, and per lane cuts out the 53 bits after the first {@code S1[4:0] * 53 + max(0, exponent(S0) - 1077)}
 * ones, scaled by {@code 2^(-53 - shift)} (plus 128 when exponent(S0) >= 1968).
 */
class TrigPreopThroughInterpreterTest {

    private static final int WIDTH = 1201;
    /** floor(2/PI * 2^1201): the text's {@code 1201'B(2.0 / PI)}, b_1200 the first bit after the binary point. */
    private static final BigInteger TWO_OVER_PI = twoOverPiBits();

    private static BigInteger twoOverPiBits() {
        MathContext mc = new MathContext(420, RoundingMode.HALF_EVEN);
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal a = BigDecimal.ONE;
        BigDecimal b = BigDecimal.ONE.divide(two.sqrt(mc), mc);
        BigDecimal t = new BigDecimal("0.25");
        BigDecimal p = BigDecimal.ONE;
        for (int i = 0; i < 12; i++) { // the digits double per step: 12 steps give far more than 420
            BigDecimal an = a.add(b).divide(two, mc);
            b = a.multiply(b, mc).sqrt(mc);
            t = t.subtract(p.multiply(a.subtract(an).pow(2), mc), mc);
            a = an;
            p = p.multiply(two);
        }
        BigDecimal pi = a.add(b).pow(2).divide(t.multiply(BigDecimal.valueOf(4)), mc);
        return two.divide(pi, mc).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(WIDTH))).toBigInteger();
    }

    /** The expected result bits for S0 (f64 bits) and S1. */
    static long expected(long s0, int s1) {
        int exponent = (int) (s0 >>> 52) & 0x7FF;
        int shift = (s1 & 31) * 53 + Math.max(0, exponent - 1077);
        // 53 bits starting shift bits after the point: floor(frac * 2^(shift + 53)) mod 2^53 of the 1201-bit value
        BigInteger window = TWO_OVER_PI.shiftLeft(shift + 53).shiftRight(WIDTH)
                .and(BigInteger.ONE.shiftLeft(53).subtract(BigInteger.ONE));
        int scale = -53 - shift + (exponent >= 1968 ? 128 : 0);
        return Double.doubleToRawLongBits(Math.scalb((double) window.longValueExact(), scale));
    }

    @Test
    void theConstantIsTwoOverPi() {
        // the first word of every 2/PI table (fdlibm, LLVM's trig_preop folding): 0xa2f9836e
        assertEquals(0xa2f9836eL, TWO_OVER_PI.shiftRight(WIDTH - 32).longValueExact());
        assertEquals(2 / Math.PI, Double.longBitsToDouble(expected(Double.doubleToRawLongBits(1.0), 0)), 0x1p-53);
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void segmentsOfTwoOverPi(Target t) {
        Interpreter in = Interpreters.forTarget(t);
        int[] words = new RawCode(in.instructionSet())
                .add("V_TRIG_PREOP_F64", "VOP3", "VDST", 4, "SRC0", 256, "SRC1", 258).words();
        int size = t.defaultWaveSize();
        Wave w = new Wave(t, size, 8, 0);
        SplittableRandom r = new SplittableRandom(t.ordinal() * 31L + 7);
        long[] s0 = new long[size];
        int[] s1 = new int[size];
        for (int round = 0; round < 200; round++) {
            for (int l = 0; l < size; l++) {
                s0[l] = switch (r.nextInt(6)) {
                    case 0 -> Double.doubleToRawLongBits(r.nextDouble() * 1e300 * (r.nextBoolean() ? 1 : -1));
                    case 1 -> (long) (1968 + r.nextInt(80)) << 52 | r.nextLong() >>> 12; // the 2^128 rescale
                    case 2 -> (long) (1000 + r.nextInt(150)) << 52 | r.nextLong() >>> 12; // around 1077
                    case 3 -> new long[] {0, 1, 0x7FF0000000000000L, 0x7FF8000000000000L, 0xFFEFFFFFFFFFFFFFL,
                        0x3FF0000000000000L}[r.nextInt(6)];
                    default -> r.nextLong();
                };
                s1[l] = r.nextInt(3) == 0 ? r.nextInt() : r.nextInt(32);
                w.setV64(0, l, s0[l]);
                w.setV(2, l, s1[l]);
            }
            w.setPc(0);
            assertEquals(words.length, in.execute(w, words, 0));
            for (int l = 0; l < size; l++) {
                long got = w.v64(4, l);
                int l2 = l;
                assertEquals(expected(s0[l], s1[l]), got, () -> t + " lane " + l2 + ": S0 "
                        + Long.toHexString(s0[l2]) + " S1 " + s1[l2]);
            }
        }
    }
}
