package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every 9-bit encoding 128-255 in every operand width, against values derived in the test. */
class OperandsTest {

    private static final double[] FLOATS = {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0};

    /** f16 bits of +-2^k from the definition: sign, biased exponent k + 15, zero mantissa. */
    private static int f16PowerOfTwo(double v) {
        int k = Math.getExponent(v);
        return (v < 0 ? 0x8000 : 0) | (k + 15) << 10;
    }

    private static double f16Value(int h) {
        int e = (h >>> 10) & 0x1F;
        return Math.scalb(1024.0 + (h & 0x3FF), e - 25);
    }

    @Test
    void everyEncodingInEveryWidth() {
        int inline = 0;
        for (int code = 128; code <= 255; code++) {
            final int c = code;
            if (code <= 208) {
                long v = code <= 192 ? code - 128 : -(code - 192);
                assertEquals(v, Operands.inlineConstant(code, 64, false));
                assertEquals(v, Operands.inlineConstant(code, 64, true));
                assertEquals(v & 0xFFFFFFFFL, Operands.inlineConstant(code, 32, false));
                assertEquals(v & 0xFFFFFFFFL, Operands.inlineConstant(code, 32, true));
                // 16-bit operands receive the sign-extended 32-bit value.
                assertEquals(v & 0xFFFFFFFFL, Operands.inlineConstant(code, 16, false));
                assertEquals(v & 0xFFFFFFFFL, Operands.inlineConstant(code, 16, true));
                assertEquals(v & 0xFFFFFFFFL, Operands.inlineConstantBf16(code));
                assertTrue(Operands.isInlineConstant(code));
                inline++;
            } else if (code >= 240 && code <= 247) {
                double d = FLOATS[code - 240];
                int f32 = Float.floatToRawIntBits((float) d);
                assertEquals(Double.doubleToRawLongBits(d), Operands.inlineConstant(code, 64, true));
                assertEquals(Double.doubleToRawLongBits(d), Operands.inlineConstant(code, 64, false));
                assertEquals(f32 & 0xFFFFFFFFL, Operands.inlineConstant(code, 32, true));
                assertEquals(f32 & 0xFFFFFFFFL, Operands.inlineConstant(code, 32, false));
                assertEquals(f16PowerOfTwo(d), Operands.inlineConstant(code, 16, true));
                assertEquals(f32 & 0xFFFFFFFFL, Operands.inlineConstant(code, 16, false));
                assertEquals(f32 >>> 16, Operands.inlineConstantBf16(code));
                inline++;
            } else if (code == 248) {
                double inv2pi = 1 / (2 * Math.PI);
                assertEquals(Float.floatToRawIntBits((float) inv2pi) & 0xFFFFFFFFL,
                        Operands.inlineConstant(code, 32, true));
                assertEquals(0x3E22F983L, Operands.inlineConstant(code, 32, false));
                // AMD's f64 constant is one ulp below the correctly rounded double (LLVM's value).
                assertEquals(Double.doubleToRawLongBits(inv2pi) - 1, Operands.inlineConstant(code, 64, true));
                assertEquals(0x3FC45F306DC9C882L, Operands.inlineConstant(code, 64, false));
                long h = Operands.inlineConstant(code, 16, true);
                assertEquals(0x3118, h);
                // It is the f16 nearest to 1/(2*pi).
                assertTrue(Math.abs(f16Value((int) h) - inv2pi) < Math.abs(f16Value((int) h - 1) - inv2pi));
                assertTrue(Math.abs(f16Value((int) h) - inv2pi) < Math.abs(f16Value((int) h + 1) - inv2pi));
                assertEquals(0x3E22F983L, Operands.inlineConstant(code, 16, false));
                assertEquals(0x3E22, Operands.inlineConstantBf16(code));   // the f32 bits' top half, truncated
                inline++;
            } else {
                assertThrows(IllegalRegister.class, () -> Operands.inlineConstant(c, 32, false));
                assertTrue(!Operands.isInlineConstant(code));
            }
        }
        assertEquals(81 + 9, inline);
    }

    @Test
    void waveResolvesSpecialEncodings() {
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setApertures(0x1234_0000_0000_0000L, 0x1234_FFFF_FFFF_FFFFL, 0x5678_0000_0000_0000L, 0x5678_0000_FFFF_FFFFL);
        w.setFlatScratch(0xABCD_0000_1234L);
        w.setScc(true);
        w.setExec(0);
        w.setVcc(1);
        for (int code = 128; code <= 255; code++) {
            final int c = code;
            boolean ok = Operands.isInlineConstant(code) || code == 230 || code == 231 || code >= 235 && code <= 239 || code >= 251 && code <= 253
                    || code == 255;
            if (!ok) {
                assertThrows(IllegalRegister.class, () -> w.scalarSrc32(c, 0), "code " + code);
                continue;
            }
            switch (code) {
                case 251 -> assertEquals(0, w.scalarSrc32(code, 0));               // VCCZ: VCC != 0
                case 252 -> assertEquals(1, w.scalarSrc32(code, 0));               // EXECZ
                case 253 -> assertEquals(1L, w.scalarSrc64(code, 0, false));       // SCC
                case 255 -> {
                    assertEquals(0xCAFE, w.scalarSrc32(code, 0xCAFE));
                    assertEquals(0xCAFEL << 32, w.scalarSrc64(code, 0xCAFE, true));
                    assertEquals(0xFFFFFFFFL, w.scalarSrc64(code, -1, false));
                }
                case 235 -> {
                    assertEquals(0x1234_0000, w.scalarSrc32(code, 0));
                    assertEquals(0x1234_0000_0000_0000L, w.scalarSrc64(code, 0, false));
                }
                case 238 -> assertEquals(0x5678_0000_FFFF_FFFFL, w.scalarSrc64(code, 0, false));
                case 239 -> assertEquals(0, w.scalarSrc32(code, 0));
                case 230 -> assertEquals(0xABCD_0000_1234L, w.scalarSrc64(code, 0, false));
                case 231 -> assertEquals(0xABCD, w.scalarSrc32(code, 0));
                default -> {
                    if (code < 235) {
                        assertEquals((int) Operands.inlineConstant(code, 32, false), w.scalarSrc32(code, 0));
                        assertEquals(Operands.inlineConstant(code, 64, true), w.scalarSrc64(code, 0, true));
                        assertEquals((int) Operands.inlineConstant(code, 16, true), w.scalarSrc16(code, 0, true));
                    }
                }
            }
        }
        assertThrows(IllegalRegister.class, () -> w.scalarSrc32(Operands.LDS_DIRECT, 0));
    }
}
