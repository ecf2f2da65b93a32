package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.amdisa.runtime.Target;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MODE's denormal fields (FP_DENORM: bits 5:4 for f32, 7:6 for f16 and f64; in each, bit 0 allows denormal inputs
 * and bit 1 denormal outputs, a cleared bit flushing the value to a zero of its sign) on f32, f16, packed f16 and f64
 * arithmetic and conversions, all sixteen combinations, on a CDNA and RDNA generation each (wave64 and wave32). The
 * expected values are computed here: f32 and f64 with Java's IEEE arithmetic, f16 exactly in {@code BigDecimal} and
 * rounded to nearest even by a rounding written in this test, the flushes from the definition above.
 */
class DenormModeThroughInterpreterTest {

    private static final int[] LANES_F32 = {
        0x0000_0001, 0x8000_0003, 0x007F_FFFF, 0x0080_0000, 0x8080_0001, 0x2000_0000, 0x1F00_0000, 0x3F80_0000,
        0x0040_0000, 0xA000_0001, 0x0000_0000, 0x8000_0000, 0x7F80_0000, 0x7FC0_0000, 0x0100_0000, 0x3400_0000};
    private static final int[] LANES_F16 = {
        0x0001, 0x8003, 0x03FF, 0x0400, 0x8401, 0x2000, 0x1C00, 0x3C00, 0x0200, 0xA001, 0x0000, 0x8000, 0x7C00,
        0x1400, 0x0800, 0x2C00};
    private static final long[] LANES_F64 = {
        1L, 0x8000_0000_0000_0003L, 0x000F_FFFF_FFFF_FFFFL, 0x0010_0000_0000_0000L, 0x8010_0000_0000_0001L,
        0x2000_0000_0000_0000L, 0x1FF0_0000_0000_0000L, 0x3FF0_0000_0000_0000L, 0x0008_0000_0000_0000L,
        0xA000_0000_0000_0001L, 0L, 0x8000_0000_0000_0000L, 0x7FF0_0000_0000_0000L, 0x0020_0000_0000_0000L,
        0x1FE0_0000_0000_0000L, 0x3CB0_0000_0000_0000L};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Target t : new Target[] {Target.GFX942, Target.GFX1100, Target.GFX1200, Target.GFX1030}) {
            for (int f32 = 0; f32 < 4; f32++) {
                for (int f16 = 0; f16 < 4; f16++) {
                    out.add(Arguments.of(t, f32, f16));
                }
            }
        }
        return out.stream();
    }

    private static int wave(Target t) {
        return t == Target.GFX942 ? 64 : 32;
    }

    private static boolean isDenorm32(int x) {
        return (x & 0x7F80_0000) == 0 && (x & 0x007F_FFFF) != 0;
    }

    private static int flush32(int x, boolean allowed) {
        return !allowed && isDenorm32(x) ? x & 0x8000_0000 : x;
    }

    private static int flush16(int x, boolean allowed) {
        return !allowed && (x & 0x7C00) == 0 && (x & 0x3FF) != 0 ? x & 0x8000 : x;
    }

    private static long flush64(long x, boolean allowed) {
        return !allowed && (x & 0x7FF0_0000_0000_0000L) == 0 && (x & 0x000F_FFFF_FFFF_FFFFL) != 0
                ? x & 0x8000_0000_0000_0000L : x;
    }

    /** An f16 value as an exact decimal (finite values only). */
    private static BigDecimal f16Exact(int h) {
        int e = h >>> 10 & 0x1F;
        int m = h & 0x3FF;
        BigDecimal mag = e == 0 ? BigDecimal.valueOf(m).multiply(pow2(-24))
                : BigDecimal.valueOf(1024 + m).multiply(pow2(e - 25));
        return (h & 0x8000) != 0 ? mag.negate() : mag;
    }

    private static BigDecimal pow2(int e) {
        return e >= 0 ? BigDecimal.valueOf(2).pow(e) : BigDecimal.ONE.divide(BigDecimal.valueOf(2).pow(-e));
    }

    /** Rounds an exact value to f16, nearest even, overflow to infinity; {@code negZero} for a zero result's sign. */
    private static int toF16(BigDecimal v, boolean negZero) {
        int sign = v.signum() < 0 || v.signum() == 0 && negZero ? 0x8000 : 0;
        BigDecimal a = v.abs();
        // In units of 2^-24 (the smallest denormal): values below 2^-14 are denormals with that unit.
        BigDecimal units = a.multiply(BigDecimal.valueOf(2).pow(24));
        int exp = 0; // scale so that units < 2048 (11 significant bits)
        while (units.compareTo(BigDecimal.valueOf(2048)) >= 0) {
            units = units.divide(BigDecimal.valueOf(2));
            exp++;
        }
        BigDecimal fl = new BigDecimal(units.toBigInteger());
        BigDecimal rest = units.subtract(fl);
        long q = fl.longValueExact();
        int c = rest.compareTo(new BigDecimal("0.5"));
        if (c > 0 || c == 0 && (q & 1) == 1) {
            q++;
        }
        if (q == 2048) {
            q = 1024;
            exp++;
        }
        // q < 2048; q >= 1024 means normal with biased exponent exp + 1, else denormal (exp == 0).
        int bits;
        if (q >= 1024) {
            int be = exp + 1;
            if (be >= 31) {
                return sign | 0x7C00;
            }
            bits = be << 10 | (int) (q - 1024);
        } else {
            bits = (int) q;
        }
        return sign | bits;
    }

    private static Wave wave(Target t, int f32Mode, int f16Mode, SplittableRandom r) {
        Wave w = new Wave(t, wave(t), 32, 0);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            int a = LANES_F32[r.nextInt(16)] ^ (r.nextBoolean() ? 0x8000_0000 : 0);
            int b = LANES_F32[r.nextInt(16)];
            w.setV(0, lane, a);
            w.setV(1, lane, b);
            w.setV(3, lane, LANES_F32[r.nextInt(16)]);
            w.setV(10, lane, LANES_F16[r.nextInt(16)] | LANES_F16[r.nextInt(16)] << 16);
            w.setV(11, lane, LANES_F16[r.nextInt(16)] ^ (r.nextBoolean() ? 0x8000 : 0)
                    | LANES_F16[r.nextInt(16)] << 16);
            w.setV64(6, lane, LANES_F64[r.nextInt(16)] ^ (r.nextBoolean() ? Long.MIN_VALUE : 0));
            w.setV64(8, lane, LANES_F64[r.nextInt(16)]);
        }
        w.setExec(w.laneMask());
        w.setMode(w.mode() & ~0xFF | f32Mode << 4 | f16Mode << 6);
        return w;
    }

    /** Programs assembled once per target, wave size and text (each assembly also runs llvm-mc-22). */
    private static final Map<String, int[]> PROGRAMS = new ConcurrentHashMap<>();

    private static void run(Target t, Wave w, String text) {
        int[] words = PROGRAMS.computeIfAbsent(t.mcpu() + "/" + w.waveSize() + "/" + text,
                k -> LlvmAsm.assemble(t.mcpu(), w.waveSize(), text + "\ns_endpgm\n"));
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
    }

    @ParameterizedTest(name = "{0} f32 denorm {1}, f16/f64 denorm {2}")
    @MethodSource("cases")
    void f32ArithmeticFlushesPerMode(Target t, int f32Mode, int f16Mode) {
        boolean in = (f32Mode & 1) != 0;
        boolean out = (f32Mode & 2) != 0;
        for (String op : new String[] {"add", "mul", "fma"}) {
            Wave w = wave(t, f32Mode, f16Mode, new SplittableRandom(op.hashCode() + 17L * f32Mode + f16Mode));
            int[][] before = {new int[w.waveSize()], new int[w.waveSize()], new int[w.waveSize()]};
            for (int lane = 0; lane < w.waveSize(); lane++) {
                before[0][lane] = w.v(0, lane);
                before[1][lane] = w.v(1, lane);
                before[2][lane] = w.v(3, lane);
            }
            run(t, w, op.equals("fma") ? "v_fma_f32 v2, v0, v1, v3" : "v_" + op + "_f32_e64 v2, v0, v1");
            for (int lane = 0; lane < w.waveSize(); lane++) {
                float a = Float.intBitsToFloat(flush32(before[0][lane], in));
                float b = Float.intBitsToFloat(flush32(before[1][lane], in));
                float c = Float.intBitsToFloat(flush32(before[2][lane], in));
                float r = op.equals("add") ? a + b : op.equals("mul") ? a * b : Math.fma(a, b, c);
                int expected = flush32(Float.floatToRawIntBits(r), out);
                int actual = w.v(2, lane);
                if (Float.isNaN(r)) {
                    assertEquals(true, Float.isNaN(Float.intBitsToFloat(actual)), op + " lane " + lane);
                } else {
                    assertEquals(Integer.toHexString(expected), Integer.toHexString(actual), op + " lane " + lane
                            + " a=" + Integer.toHexString(before[0][lane]) + " b=" + Integer.toHexString(before[1][lane]));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} f32 denorm {1}, f16/f64 denorm {2}")
    @MethodSource("cases")
    void f64ArithmeticFlushesPerMode(Target t, int f32Mode, int f16Mode) {
        boolean in = (f16Mode & 1) != 0;
        boolean out = (f16Mode & 2) != 0;
        for (String op : new String[] {"add", "mul"}) {
            Wave w = wave(t, f32Mode, f16Mode, new SplittableRandom(op.hashCode() * 3L + 17L * f32Mode + f16Mode));
            long[][] before = {new long[w.waveSize()], new long[w.waveSize()]};
            for (int lane = 0; lane < w.waveSize(); lane++) {
                before[0][lane] = w.v64(6, lane);
                before[1][lane] = w.v64(8, lane);
            }
            run(t, w, "v_" + op + "_f64 v[4:5], v[6:7], v[8:9]");
            for (int lane = 0; lane < w.waveSize(); lane++) {
                double a = Double.longBitsToDouble(flush64(before[0][lane], in));
                double b = Double.longBitsToDouble(flush64(before[1][lane], in));
                double r = op.equals("add") ? a + b : a * b;
                long expected = flush64(Double.doubleToRawLongBits(r), out);
                assertEquals(Long.toHexString(expected), Long.toHexString(w.v64(4, lane)), op + " lane " + lane);
            }
        }
    }

    @ParameterizedTest(name = "{0} f32 denorm {1}, f16/f64 denorm {2}")
    @MethodSource("cases")
    void f16ArithmeticAndConversionsFlushPerMode(Target t, int f32Mode, int f16Mode) {
        boolean in16 = (f16Mode & 1) != 0;
        boolean out16 = (f16Mode & 2) != 0;
        boolean out32 = (f32Mode & 2) != 0;
        boolean in32 = (f32Mode & 1) != 0;
        for (String op : new String[] {"add", "mul", "pk_add", "cvt_f32_f16", "cvt_f16_f32"}) {
            Wave w = wave(t, f32Mode, f16Mode, new SplittableRandom(op.hashCode() * 5L + 17L * f32Mode + f16Mode));
            int[] x = new int[w.waveSize()];
            int[] y = new int[w.waveSize()];
            int[] old = new int[w.waveSize()];
            for (int lane = 0; lane < w.waveSize(); lane++) {
                x[lane] = w.v(10, lane);
                y[lane] = w.v(11, lane);
                old[lane] = w.v(2, lane);
            }
            String text = switch (op) {
                case "pk_add" -> "v_pk_add_f16 v2, v10, v11";
                case "cvt_f32_f16" -> "v_cvt_f32_f16_e64 v2, v10";
                case "cvt_f16_f32" -> "v_cvt_f16_f32_e64 v2, v0";
                default -> "v_" + op + "_f16_e64 v2, v10, v11";
            };
            run(t, w, text);
            for (int lane = 0; lane < w.waveSize(); lane++) {
                int actual = w.v(2, lane);
                switch (op) {
                    case "add", "mul" -> {
                        int a = flush16(x[lane] & 0xFFFF, in16);
                        int b = flush16(y[lane] & 0xFFFF, in16);
                        int r = f16Op(op, a, b);
                        assertF16(flush16(r, out16), actual & 0xFFFF, op + " lane " + lane);
                    }
                    case "pk_add" -> {
                        int lo = f16Op("add", flush16(x[lane] & 0xFFFF, in16), flush16(y[lane] & 0xFFFF, in16));
                        int hi = f16Op("add", flush16(x[lane] >>> 16, in16), flush16(y[lane] >>> 16, in16));
                        assertF16(flush16(lo, out16), actual & 0xFFFF, op + " lane " + lane + " low half");
                        assertF16(flush16(hi, out16), actual >>> 16, op + " lane " + lane + " high half");
                    }
                    case "cvt_f32_f16" -> {
                        int h = flush16(x[lane] & 0xFFFF, in16);
                        int expected;
                        if ((h & 0x7C00) == 0x7C00) {
                            expected = (h & 0x8000) << 16 | 0x7F80_0000;
                        } else {
                            expected = flush32(Float.floatToRawIntBits(f16Exact(h).floatValue()), out32);
                            if (f16Exact(h).signum() == 0) {
                                expected = (h & 0x8000) << 16;
                            }
                        }
                        assertEquals(Integer.toHexString(expected), Integer.toHexString(actual), op + " lane " + lane);
                    }
                    default -> {
                        int f = flush32(w.v(0, lane), in32);
                        float v = Float.intBitsToFloat(f);
                        if (Float.isNaN(v) || Float.isInfinite(v)) {
                            continue;
                        }
                        int expected = flush16(toF16(new BigDecimal(v), f < 0), out16);
                        assertEquals(Integer.toHexString(expected), Integer.toHexString(actual & 0xFFFF),
                                op + " lane " + lane + " in " + Integer.toHexString(f));
                    }
                }
            }
        }
    }

    /** Equal f16 bits, or both NaN (the sign and payload of a NaN made from inf - inf or inf * 0 are not checked). */
    private static void assertF16(int expected, int actual, String what) {
        boolean nanE = (expected & 0x7C00) == 0x7C00 && (expected & 0x3FF) != 0;
        boolean nanA = (actual & 0x7C00) == 0x7C00 && (actual & 0x3FF) != 0;
        if (nanE) {
            assertEquals(true, nanA, what + ": NaN expected, got " + Integer.toHexString(actual));
        } else {
            assertEquals(Integer.toHexString(expected), Integer.toHexString(actual), what);
        }
    }

    /** An f16 add or multiply of finite or infinite inputs, rounded to nearest even. */
    private static int f16Op(String op, int a, int b) {
        boolean infA = (a & 0x7C00) == 0x7C00;
        boolean infB = (b & 0x7C00) == 0x7C00;
        if (infA || infB) {
            // The inputs here hold infinities, never NaNs; inf - inf and inf * 0 are NaN, checked loosely below.
            if (op.equals("add")) {
                if (infA && infB && (a ^ b) == 0x8000) {
                    return 0x7E00;
                }
                return infA ? a : b;
            }
            BigDecimal other = infA ? f16Exact(b) : f16Exact(a);
            if (!(infA && infB) && other.signum() == 0) {
                return 0x7E00;
            }
            return ((a ^ b) & 0x8000) | 0x7C00;
        }
        BigDecimal x = f16Exact(a);
        BigDecimal y = f16Exact(b);
        BigDecimal r = op.equals("add") ? x.add(y) : x.multiply(y);
        boolean negZero = op.equals("add") ? (a & b & 0x8000) != 0 : ((a ^ b) & 0x8000) != 0;
        return toF16(r, negZero);
    }

    @Test
    void sDenormModeSetsTheFieldsAProgramThenSees() {
        // s_denorm_mode 0: flush f32 and f16/f64 denormals, inputs and outputs (GFX10+).
        Wave w = new Wave(Target.GFX1100, 32, 32, 0);
        w.setExec(w.laneMask());
        for (int lane = 0; lane < 32; lane++) {
            w.setV(0, lane, 0x0000_0001);
            w.setV(1, lane, 0x3F80_0000);
        }
        run(Target.GFX1100, w, "v_mul_f32_e64 v2, v0, v1\ns_denorm_mode 0\nv_mul_f32_e64 v3, v0, v1");
        for (int lane = 0; lane < 32; lane++) {
            assertEquals(0x0000_0001, w.v(2, lane), "before s_denorm_mode, lane " + lane);
            assertEquals(0, w.v(3, lane), "after s_denorm_mode 0, lane " + lane);
        }
    }

    static Stream<Target> allTargets() {
        return Stream.of(Target.values());
    }

    /**
     * S_SETREG to HW_REG_MODE's f32 denormal field (bits 5:4) on every generation: on RDNA 1-3.5 through the
     * interpreter's reading of the RDNA 4 text (their own texts do not shift the mask), elsewhere through the texts.
     * The f64 field (bits 7:6) must stay as it was.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("allTargets")
    void sSetregWritesTheModeFieldAtItsOffset(Target t) {
        Wave w = new Wave(t, t.name().startsWith("GFX9") ? 64 : 32, 32, 0);
        w.setExec(w.laneMask());
        for (int lane = 0; lane < w.waveSize(); lane++) {
            w.setV(0, lane, 0x0000_0001);
            w.setV(1, lane, 0x3F80_0000);
            w.setV64(6, lane, 1L);
            w.setV64(8, lane, 0x3FF0_0000_0000_0000L);
        }
        run(t, w, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0\n"
                + "v_mul_f32_e64 v2, v0, v1\nv_mul_f64 v[4:5], v[6:7], v[8:9]\n"
                + "s_mov_b32 s5, 3\ns_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s5\nv_mul_f32_e64 v3, v0, v1");
        for (int lane = 0; lane < w.waveSize(); lane++) {
            assertEquals(0, w.v(2, lane), "f32 flushed after s_setreg_imm32_b32, lane " + lane);
            assertEquals(1L, w.v64(4, lane), "f64 field untouched, lane " + lane);
            assertEquals(1, w.v(3, lane), "f32 denormals allowed again after s_setreg_b32, lane " + lane);
        }
        assertEquals(0xF0, w.mode() & 0xFF, "MODE after both writes");
    }
}
