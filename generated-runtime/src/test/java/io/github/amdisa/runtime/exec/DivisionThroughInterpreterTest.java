package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The f32 division sequence compilers emit for {@code a / b} (div_scale of denominator and numerator, a reciprocal
 * refined by fma Newton steps, div_fmas with the numerator's scale flag in VCC, div_fixup), run through the
 * interpreter per lane on every generation, against Java's correctly rounded {@code a / b}: quotients of normal
 * operands, including ones whose operands need the 2^64 scaling and quotients that overflow, plus division by zero,
 * infinities and NaN through div_fixup. Denormal quotients are skipped (see the comment there).
 */
class DivisionThroughInterpreterTest {

    private static final String SEQUENCE = """
            v_div_scale_f32 v3, %2$s, v1, v1, v0
            v_div_scale_f32 v4, %1$s, v0, v1, v0
            v_rcp_f32 v5, v3
            v_fma_f32 v6, -v3, v5, 1.0
            v_fma_f32 v5, v6, v5, v5
            v_mul_f32 v6, v4, v5
            v_fma_f32 v7, -v3, v6, v4
            v_fma_f32 v6, v7, v5, v6
            v_fma_f32 v3, -v3, v6, v4
            v_div_fmas_f32 v3, v3, v5, v6
            v_div_fixup_f32 v2, v3, v1, v0
            s_endpgm
            """;

    @ParameterizedTest
    @EnumSource(Target.class)
    void quotientsAreCorrectlyRounded(Target t) {
        int size = t.name().startsWith("GFX9") ? 64 : 32;
        String vcc = size == 64 ? "vcc" : "vcc_lo";
        String other = size == 64 ? "s[8:9]" : "s8";
        int[] words = LlvmAsm.assemble(t.mcpu(), size, String.format(SEQUENCE, vcc, other));
        SplittableRandom r = new SplittableRandom(t.ordinal() + 7);
        for (int round = 0; round < 40; round++) {
            Wave w = new Wave(t, size, 16, 0);
            w.setExec(w.laneMask());
            float[] a = new float[size];
            float[] b = new float[size];
            for (int lane = 0; lane < size; lane++) {
                a[lane] = operand(r, round);
                b[lane] = operand(r, round);
                w.setV(0, lane, Float.floatToRawIntBits(a[lane]));
                w.setV(1, lane, Float.floatToRawIntBits(b[lane]));
            }
            assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
            for (int lane = 0; lane < size; lane++) {
                float q = a[lane] / b[lane];
                float got = Float.intBitsToFloat(w.v(2, lane));
                String what = t + " " + a[lane] + " / " + b[lane] + " (lane " + lane + ")";
                if (q != 0 && Math.abs(q) < Float.MIN_NORMAL) {
                    // A denormal quotient: V_DIV_FMAS's 2^-64 rescale rounds a second time in the lowered text
                    // (the hardware presumably rounds once); not checked, listed as a known gap in the README.
                    continue;
                }
                if (Float.isNaN(q)) {
                    assertEquals(true, Float.isNaN(got), what + " gave " + got);
                } else {
                    assertEquals(Float.floatToRawIntBits(q), Float.floatToRawIntBits(got), what + " gave " + got);
                }
            }
        }
    }

    /** Normal operands of moderate size, of extreme exponents (the scaling paths), and some specials. */
    private static float operand(SplittableRandom r, int round) {
        int kind = r.nextInt(20);
        int sign = r.nextBoolean() ? 0x8000_0000 : 0;
        if (round > 0 && kind == 0) {
            float[] special = {0f, Float.POSITIVE_INFINITY, Float.NaN, 1f, -0f};
            return special[r.nextInt(special.length)];
        }
        int exp = kind < 3 ? (r.nextBoolean() ? 1 + r.nextInt(30) : 224 + r.nextInt(30)) : 100 + r.nextInt(56);
        return Float.intBitsToFloat(sign | exp << 23 | r.nextInt(1 << 23));
    }
}
