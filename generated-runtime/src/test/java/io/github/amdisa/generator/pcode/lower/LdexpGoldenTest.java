package io.github.amdisa.generator.pcode.lower;

import static io.github.amdisa.runtime.pcode.PcodeName.D0;
import static io.github.amdisa.runtime.pcode.PcodeName.S0;
import static io.github.amdisa.runtime.pcode.PcodeName.S1;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.pcode.PcodeOp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * V_LDEXP_F16/F32/F64 on every generation where the exponent alone leaves the format's range but the result does
 * not: S0 * 2^S1 exactly, rounded once (TextOverlays). Expected values are written as bit patterns here.
 */
class LdexpGoldenTest {

    private static long f32(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFFFFFFL;
    }

    private static long run(Generation g, String name, long s0, long s1) {
        PcodeOp op = Generated.op(g, name);
        TestContext c = new TestContext();
        c.set(S0, s0).set(S1, s1 & 0xFFFFFFFFL);
        op.execute(c);
        return c.get(D0);
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void ldexpScalesExactly(Generation g) {
        // f32: 1.5 * 2^-100 scaled by 2^200 is 1.5 * 2^100 (0x71C00000); 2^100 by 2^-160 is 2^-60 (0x21800000);
        // 0 by 2^1000 is 0; -inf by 2^-1000 is -inf; 1.0 by 2^-149 is the smallest denormal (1); 2^127 by 2 is inf.
        assertEquals(0x71C0_0000L, run(g, "V_LDEXP_F32", 0x0DC0_0000L, 200) & 0xFFFFFFFFL);
        assertEquals(0x2180_0000L, run(g, "V_LDEXP_F32", 0x7180_0000L, -160) & 0xFFFFFFFFL);
        assertEquals(0L, run(g, "V_LDEXP_F32", 0L, 1000) & 0xFFFFFFFFL);
        assertEquals(f32(Float.NEGATIVE_INFINITY), run(g, "V_LDEXP_F32", f32(Float.NEGATIVE_INFINITY), -1000)
                & 0xFFFFFFFFL);
        assertEquals(1L, run(g, "V_LDEXP_F32", 0x3F80_0000L, -149) & 0xFFFFFFFFL);
        assertEquals(0x7F80_0000L, run(g, "V_LDEXP_F32", 0x7F00_0000L, 2) & 0xFFFFFFFFL);
        // f64: 2^-1000 by 2^1900 is 2^900 (exponent field 0x783 = 1923); 0 by 2^5000 stays 0.
        assertEquals(0x7830_0000_0000_0000L, run(g, "V_LDEXP_F64", 0x0170_0000_0000_0000L, 1900));
        assertEquals(0L, run(g, "V_LDEXP_F64", 0L, 5000));
        // f16: 2^-10 (0x1400) by 2^20 is 1024 (0x6400); 1.0 by 2^-24 is the smallest denormal (0x0001).
        assertEquals(0x6400L, run(g, "V_LDEXP_F16", 0x1400L, 20) & 0xFFFFL);
        assertEquals(0x0001L, run(g, "V_LDEXP_F16", 0x3C00L, -24 & 0xFFFF) & 0xFFFFL);
    }
}
