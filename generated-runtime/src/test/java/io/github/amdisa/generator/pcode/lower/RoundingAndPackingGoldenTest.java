package io.github.amdisa.generator.pcode.lower;

import static io.github.amdisa.runtime.pcode.PcodeName.D0;
import static io.github.amdisa.runtime.pcode.PcodeName.OPSEL;
import static io.github.amdisa.runtime.pcode.PcodeName.S0;
import static io.github.amdisa.runtime.pcode.PcodeName.S1;
import static io.github.amdisa.runtime.pcode.PcodeName.S2;
import static io.github.amdisa.runtime.pcode.PcodeName.VDST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Texts that set {@code ROUND_MODE}, write bits of one VGPR ({@code VGPR[laneId][VDST.u32][15 : 0]}), build an f32
 * with {@code float32(s, e, m)}, slice with variable bounds, or use V_DIV_FIXUP's underflow constants, against
 * independent Java (the {@link SmallFloat} oracle, plain double arithmetic), on random and edge inputs.
 */
class RoundingAndPackingGoldenTest {

    private static final long M32 = 0xFFFFFFFFL;
    private static final float[] EDGE = {0f, -0f, 1f, -1f, Float.NaN, -Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
        Float.MIN_NORMAL, 65504f, 65519.99f, 65520f, -65535f, 6.1e-5f, 5.96e-8f, 2.98e-8f, 0.1f, 448f, 464f, 480f,
        -500f, 57344f, 61440f, 1.0e-3f, 0x1p-10f, 0x1p-9f, 0x1.2p-7f, 2.5f, 3.5f};

    private static float rf(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> EDGE[r.nextInt(EDGE.length)];
            case 1 -> (float) ((r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(40) - 20));
            default -> Float.intBitsToFloat(r.nextInt());
        };
    }

    private static long bits(float f) {
        return Float.floatToRawIntBits(f) & M32;
    }

    /** An f16 result against the oracle: NaN only needs to be a NaN of the input's sign. */
    private static void assertHalf(float in, int expected, int got, String what) {
        if (Float.isNaN(in)) {
            assertTrue(SmallFloat.F16.isNaN(got), what + " NaN");
            assertEquals(expected & 0x8000, got & 0x8000, what + " NaN sign");
        } else {
            assertEquals(expected, got, () -> what + " " + in + " expected 0x" + Integer.toHexString(expected)
                    + " got 0x" + Integer.toHexString(got));
        }
    }

    @ParameterizedTest
    @CsvSource({"CDNA3, V_CVT_PKRTZ_F16_F32", "CDNA1, V_CVT_PKRTZ_F16_F32", "RDNA3, V_CVT_PK_RTZ_F16_F32",
        "RDNA4, V_CVT_PK_RTZ_F16_F32", "RDNA4, S_CVT_PK_RTZ_F16_F32"})
    void packRoundTowardZero(Generation g, String name) {
        PcodeOp op = Generated.op(g, name);
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(name.hashCode() + g.ordinal());
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            float b = rf(r);
            c.set(S0, bits(a)).set(S1, bits(b)).set(D0, 0);
            op.execute(c);
            long d = c.get(D0);
            assertHalf(a, SmallFloat.F16.round(a, true, false), (int) (d & 0xFFFF), name + " lo");
            assertHalf(b, SmallFloat.F16.round(b, true, false), (int) ((d >>> 16) & 0xFFFF), name + " hi");
        }
        // Round toward zero never reaches infinity from a finite value: 65535 gives 65504, not +inf.
        c.set(S0, bits(65535f)).set(S1, bits(-1e10f));
        op.execute(c);
        assertEquals(0xFBFF7BFFL, c.get(D0) & M32);
    }

    @ParameterizedTest
    @CsvSource({"RDNA4, V_CVT_PK_FP8_F32, true", "RDNA4, V_CVT_PK_BF8_F32, false", "CDNA4, V_CVT_PK_FP8_F32, true",
        "CDNA4, V_CVT_PK_BF8_F32, false"})
    void packToEightBitKeepsTheOtherHalf(Generation g, String name, boolean fp8) {
        PcodeOp op = Generated.op(g, name);
        SmallFloat f = fp8 ? SmallFloat.FP8 : SmallFloat.BF8;
        TestContext c = new TestContext();
        c.lane = 3;
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            float b = rf(r);
            int old = r.nextInt();
            boolean hi = r.nextBoolean();
            c.set(S0, bits(a)).set(S1, bits(b)).set(VDST, 7).set(OPSEL, hi ? 8 : 0).setVgpr(3, 7, old);
            c.setVgpr(2, 7, 0x5A5A5A5A);
            op.execute(c);
            // fp8 (E4M3) saturates to +-448; bf8 (E5M2) overflows to infinity (the runtime's unscaled rules).
            int packed = (f.round(b, false, fp8) << 8) | f.round(a, false, fp8);
            int expected = hi ? (old & 0xFFFF) | (packed << 16) : (old & 0xFFFF0000) | packed;
            int got = c.vgpr(3, 7);
            if (Float.isNaN(a) || Float.isNaN(b)) {
                assertEquals(expected & (hi ? 0x0000FFFF : 0xFFFF0000), got & (hi ? 0x0000FFFF : 0xFFFF0000));
                int sh = hi ? 16 : 0;
                assertEquals(Float.isNaN(a), f.isNaN((got >>> sh) & 0xFF), name + " " + a);
                assertEquals(Float.isNaN(b), f.isNaN((got >>> (sh + 8)) & 0xFF), name + " " + b);
            } else {
                assertEquals(expected, got, () -> name + " " + a + " " + b + " hi=" + hi);
            }
            assertEquals(0x5A5A5A5A, c.vgpr(2, 7), "other lanes untouched");
        }
    }

    @ParameterizedTest
    @CsvSource({"RDNA4, V_CVT_SR_FP8_F32, true", "RDNA4, V_CVT_SR_BF8_F32, false", "CDNA4, V_CVT_SR_FP8_F32, true",
        "CDNA4, V_CVT_SR_BF8_F32, false"})
    void stochasticRoundingAddsTheRandomBitsToTheMantissa(Generation g, String name, boolean fp8) {
        PcodeOp op = Generated.op(g, name);
        SmallFloat f = fp8 ? SmallFloat.FP8 : SmallFloat.BF8;
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            int rnd = r.nextInt();
            int sel = r.nextInt(4);
            int old = r.nextInt();
            c.set(S0, bits(a)).set(S1, rnd & M32).set(VDST, 2).set(OPSEL, (long) sel << 2).setVgpr(0, 2, old);
            op.execute(c);
            // The texts: S1's top 20 (fp8) or 21 (bf8) bits added to the 23-bit mantissa, wrapping inside it,
            // then rounded to nearest even into byte OPSEL[3:2] of the destination.
            int ab = Float.floatToRawIntBits(a);
            int add = fp8 ? rnd >>> 12 : rnd >>> 11;
            int tb = (ab & 0xFF800000) | ((ab + add) & 0x7FFFFF);
            float t = Float.intBitsToFloat(tb);
            int code = f.round(t, false, fp8);
            int got = (c.vgpr(0, 2) >>> (8 * sel)) & 0xFF;
            int keep = ~(0xFF << (8 * sel));
            assertEquals(old & keep, c.vgpr(0, 2) & keep, "other bytes kept");
            if (Float.isNaN(t)) {
                assertTrue(f.isNaN(got), name + " " + a);
            } else {
                assertEquals(code, got, () -> name + " " + a + " rnd " + Integer.toHexString(rnd));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"RDNA4", "RDNA3", "CDNA3", "CDNA1"})
    void divFixupUnderflowGivesASignedZero(Generation g) {
        PcodeOp op = Generated.op(g, "V_DIV_FIXUP_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(g.ordinal());
        for (int i = 0; i < 20_000; i++) {
            // S1 = denominator, S2 = numerator, S0 = the quotient estimate the fixup passes through.
            float q = rf(r);
            float den = (float) (r.nextDouble() * 2 + 0.5) * (r.nextBoolean() ? 1 : -1);
            float num = (float) (r.nextDouble() * 2 + 0.5) * (r.nextBoolean() ? 1 : -1);
            int shift = r.nextInt(300) - 150;
            num = Math.scalb(num, Math.max(-140, Math.min(126, shift)));
            den = Math.scalb(den, Math.max(-126, Math.min(126, -shift + r.nextInt(60))));
            c.set(S0, bits(q)).set(S1, bits(den)).set(S2, bits(num));
            op.execute(c);
            int eNum = (Float.floatToRawIntBits(num) >>> 23) & 0xFF;
            int eDen = (Float.floatToRawIntBits(den) >>> 23) & 0xFF;
            boolean neg = (num < 0) != (den < 0);
            float expected;
            if (eNum - eDen < -150) {
                expected = neg ? -0f : 0f; // |num / den| < 2^-150: the nearest-even quotient is zero
                assertEquals(0f, Math.abs(num / den), "the guard implies an underflowing quotient");
            } else {
                expected = neg ? -Math.abs(q) : Math.abs(q);
            }
            if (Float.isNaN(q) && eNum - eDen >= -150) {
                // A NaN quotient of finite operands (an overflowing sequence) becomes the signed infinity
                // (TextOverlays, as tinygrad's hardware-checked errata read the instruction).
                float inf = neg ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
                assertEquals(Float.floatToRawIntBits(inf), (int) c.get(D0), num + " / " + den);
            } else {
                assertEquals(Float.floatToRawIntBits(expected), (int) c.get(D0), num + " / " + den);
            }
        }
    }

    @Test
    void divFixupF64Underflow() {
        PcodeOp op = Generated.op(Generation.RDNA4, "V_DIV_FIXUP_F64");
        TestContext c = new TestContext();
        double num = -0x1.8p-1000;
        double den = 0x1.2p+80;
        c.set(S0, Double.doubleToRawLongBits(3.0)).set(S1, Double.doubleToRawLongBits(den))
                .set(S2, Double.doubleToRawLongBits(num));
        op.execute(c);
        assertEquals(Double.doubleToRawLongBits(-0.0), c.get(D0));
        assertEquals(-0.0, num / den);
        c.set(S2, Double.doubleToRawLongBits(0x1p-900));
        op.execute(c);
        assertEquals(Double.doubleToRawLongBits(3.0), c.get(D0));
    }

    @Test
    void pkaccumWritesTheByteSelectedByS1() {
        PcodeOp op = Generated.op(Generation.CDNA3, "V_CVT_PKACCUM_U8_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            float a = r.nextBoolean() ? (float) (r.nextDouble() * 300 - 20) : rf(r);
            int sel = r.nextInt();
            long old = r.nextLong() & M32;
            c.set(S0, bits(a)).set(S1, sel & M32).set(D0, old);
            op.execute(c);
            // f32_to_u8: truncation toward zero, saturating to 0..255, NaN to 0 (the runtime's float-to-integer
            // rule, as for V_CVT_U32_F32).
            int u = Float.isNaN(a) ? 0 : a >= 255 ? 255 : a <= 0 ? 0 : (int) a;
            int byteIndex = sel & 3;
            long expected = old & ~(0xFFL << (8 * byteIndex)) | ((long) u << (8 * byteIndex));
            assertEquals(expected, c.get(D0) & M32, () -> a + " byte " + byteIndex);
        }
    }

    @ParameterizedTest
    @CsvSource({"CDNA3, S_SETREG_B32", "CDNA4, S_SETREG_B32", "RDNA4, S_SETREG_B32"})
    void setregWritesTheFieldUnderTheWritableMask(Generation g, String name) {
        PcodeOp op = Generated.op(g, name);
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            int id = r.nextInt(8);
            int offset = r.nextInt(32);
            int size = 1 + r.nextInt(32);
            long value = r.nextLong() & M32;
            long old = r.nextLong() & M32;
            long writable = r.nextBoolean() ? M32 : r.nextLong() & M32;
            c.writableMask = writable;
            c.hwRegs.put(id, old);
            c.set(io.github.amdisa.runtime.pcode.PcodeName.SIMM16, (long) (size - 1) << 11 | (long) offset << 6 | id)
                    .set(S0, value);
            op.execute(c);
            // SIMM16 = {size - 1, offset, id}: bits offset .. offset + size - 1 (those inside the register) take
            // the low bits of S0 where writable; every other bit keeps its value.
            long field = (size >= 32 ? M32 : (1L << size) - 1) << offset & M32 & writable;
            long expected = old & ~field | (value << offset) & field;
            assertEquals(expected, c.hwRegs.get(id), () -> name + " id " + id + " offset " + offset + " size " + size);
        }
    }

    @ParameterizedTest
    @CsvSource({"CDNA4, V_CVT_SR_F16_F32, false", "CDNA4, V_CVT_SR_BF16_F32, true"})
    void stochasticRoundingToHalf(Generation g, String name, boolean bf16) {
        PcodeOp op = Generated.op(g, name);
        SmallFloat f = bf16 ? SmallFloat.BF16 : SmallFloat.F16;
        int d = bf16 ? 16 : 13;
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            int rnd = r.nextInt();
            boolean hi = r.nextBoolean();
            int old = r.nextInt();
            c.set(S0, bits(a)).set(S1, rnd & M32).set(VDST, 1).set(OPSEL, hi ? 8 : 0).setVgpr(0, 1, old);
            op.execute(c);
            int got = c.vgpr(0, 1);
            assertEquals(hi ? old & 0xFFFF : old & 0xFFFF0000, hi ? got & 0xFFFF : got & 0xFFFF0000, "kept half");
            int h = hi ? got >>> 16 : got & 0xFFFF;
            // Expected in code space: the largest code c0 not above |a|, one code up when the part of |a| - c0 on
            // the 2^-d grid of the spacing plus the top d random bits reaches the spacing; infinity past the top.
            if (Float.isNaN(a)) {
                assertTrue(f.isNaN(h), name + " NaN");
                continue;
            }
            int sign = a < 0 || bits(a) == 0x80000000L ? 0x8000 : 0;
            double x = Math.abs((double) a);
            int expected;
            if (Double.isInfinite(x) || x == 0) {
                expected = sign | f.round(x, false, false);
            } else {
                int c0 = f.round(x, true, true);
                double q = c0 < f.maxCode ? f.value(c0 + 1) - f.value(c0) : f.value(f.maxCode) - f.value(f.maxCode - 1);
                long t = (long) Math.floor((x - f.value(c0)) / (q / Math.scalb(1.0, d))) + ((rnd & M32) >>> (32 - d));
                int code = c0 + (int) (t >> d);
                expected = sign | (code > f.maxCode || x >= f.value(f.maxCode) + q ? f.round(Double.POSITIVE_INFINITY,
                        false, false) : code);
            }
            final int e = expected;
            assertEquals(expected, h, () -> name + " " + a + " rnd " + Integer.toHexString(rnd) + " expected 0x"
                    + Integer.toHexString(e) + " got 0x" + Integer.toHexString(h));
        }
    }

    @ParameterizedTest
    @CsvSource({"CDNA3", "CDNA1", "CDNA4"})
    void forkAndJoinFollowTheConditionalStack(Generation g) {
        PcodeOp fork = Generated.op(g, "S_CBRANCH_G_FORK");
        PcodeOp join = Generated.op(g, "S_CBRANCH_JOIN");
        SplittableRandom r = new SplittableRandom(g.ordinal());
        for (int i = 0; i < 5_000; i++) {
            TestContext c = new TestContext();
            long exec = r.nextInt(4) == 0 ? -1L : r.nextLong();
            long cond = r.nextInt(5) == 0 ? exec : r.nextInt(5) == 0 ? ~exec : r.nextLong();
            long target = (r.nextLong() & 0xFFFFFFFFFCL);
            long pc = 0x4000 + 4L * r.nextInt(1000);
            int csp = r.nextInt(4);
            c.set(io.github.amdisa.runtime.pcode.PcodeName.EXEC, exec).set(S0, cond).set(S1, target)
                    .set(io.github.amdisa.runtime.pcode.PcodeName.PC, pc);
            c.fields.put("WAVE_MODE.CSP", (long) csp);
            fork.execute(c);
            // Independent model of GCN's fork: lanes that pass and fail; all one way is a plain branch or
            // fall-through, otherwise the smaller side runs first and the other side's {PC, mask} is pushed.
            long pass = cond & exec;
            long fail = ~cond & exec;
            long expExec = exec;
            long expPc;
            int expCsp = csp;
            long[] pushed = null;
            if (pass == exec) {
                expPc = target;
            } else if (fail == exec) {
                expPc = pc + 4;
            } else if (Long.bitCount(fail) < Long.bitCount(pass)) {
                expExec = fail;
                pushed = new long[] {target, pass};
                expCsp++;
                expPc = pc + 4;
            } else {
                expExec = pass;
                pushed = new long[] {pc + 4, fail};
                expCsp++;
                expPc = target;
            }
            assertEquals(expPc, c.get(io.github.amdisa.runtime.pcode.PcodeName.PC), "fork pc");
            assertEquals(expExec, c.get(io.github.amdisa.runtime.pcode.PcodeName.EXEC), "fork exec");
            assertEquals(expCsp, (long) c.fields.get("WAVE_MODE.CSP"), "fork csp");
            if (pushed == null) {
                assertTrue(c.sgprs.isEmpty(), "nothing pushed");
                continue;
            }
            int base = csp * 4;
            assertEquals(pushed[1], c.readSgpr(base, 64), "pushed mask");
            assertEquals(pushed[0], c.readSgpr(base + 2, 64), "pushed pc");
            // JOIN with the saved stack pointer (csp): the first time pops the other side ...
            long pcJoin = 0x9000;
            c.set(S0, csp).set(io.github.amdisa.runtime.pcode.PcodeName.PC, pcJoin);
            join.execute(c);
            assertEquals(csp, (long) c.fields.get("WAVE_MODE.CSP"), "join pops");
            assertEquals(pushed[0], c.get(io.github.amdisa.runtime.pcode.PcodeName.PC), "join pc");
            assertEquals(pushed[1], c.get(io.github.amdisa.runtime.pcode.PcodeName.EXEC), "join exec");
            // ... the second time falls through.
            c.set(io.github.amdisa.runtime.pcode.PcodeName.PC, pcJoin);
            join.execute(c);
            assertEquals(pcJoin + 4, c.get(io.github.amdisa.runtime.pcode.PcodeName.PC), "second join");
            assertEquals(csp, (long) c.fields.get("WAVE_MODE.CSP"));
        }
    }

    @ParameterizedTest
    @CsvSource({"V_CVT_PK_FP8_F32, true", "V_CVT_PK_BF8_F32, false"})
    void cdna3PacksIntoTheFnuzFormats(String name, boolean fp8) {
        PcodeOp op = Generated.op(Generation.CDNA3, name);
        PcodeOp back = Generated.op(Generation.CDNA3, fp8 ? "V_CVT_PK_F32_FP8" : "V_CVT_PK_F32_BF8");
        SmallFloat f = fp8 ? SmallFloat.FP8_FNUZ : SmallFloat.BF8_FNUZ;
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(name.hashCode() + 3);
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            float b = rf(r);
            c.set(S0, bits(a)).set(S1, bits(b)).set(VDST, 7).set(OPSEL, 0).setVgpr(0, 7, 0);
            op.execute(c);
            // gfx942: E4M3FNUZ saturates to +-240 (as the OCP fp8 conversion does to +-448); E5M2FNUZ overflows to
            // its only NaN, 0x80; no negative zero.
            int packed = (f.round(b, false, fp8) << 8) | f.round(a, false, fp8);
            assertEquals(packed, c.vgpr(0, 7) & 0xFFFF, () -> name + " " + a + " " + b);
            // ... and back: V_CVT_PK_F32_FP8/BF8 read the FNUZ codes.
            c.set(S0, packed).set(io.github.amdisa.runtime.pcode.PcodeName.SDWA_SRC0_SEL, 0).set(D0, 0);
            back.execute(c);
            for (int h = 0; h < 2; h++) {
                double v = f.value((packed >>> (8 * h)) & 0xFF);
                float got = Float.intBitsToFloat((int) c.read(D0, 32 * h, 32));
                if (Double.isNaN(v)) {
                    assertTrue(Float.isNaN(got));
                } else {
                    assertEquals(Float.floatToRawIntBits((float) v), Float.floatToRawIntBits(got), name + " back");
                }
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"RDNA3_5", "RDNA4", "CDNA3"})
    void divScaleComparesExponentDifferencesSigned(Generation g) {
        PcodeOp op = Generated.op(g, "V_DIV_SCALE_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(g.ordinal() + 40);
        for (int i = 0; i < 5_000; i++) {
            // Normal numerator and denominator whose exponents differ by -127 .. 127, away from the denormal range.
            int eNum = 24 + r.nextInt(200);
            int eDen = 24 + r.nextInt(200);
            float num = Float.intBitsToFloat(eNum << 23 | r.nextInt(1 << 23));
            float den = Float.intBitsToFloat(eDen << 23 | r.nextInt(1 << 23));
            boolean sameAsDen = r.nextBoolean();
            float s0 = sameAsDen ? den : num;
            c.set(S0, bits(s0)).set(S1, bits(den)).set(S2, bits(num)).set(D0, 0x12345678L)
                    .set(io.github.amdisa.runtime.pcode.PcodeName.VCC, 0);
            op.execute(c);
            // The first scaling case of the text: exponent(S2) - exponent(S1) >= 96 (a quotient near the f32 maximum)
            // sets VCC and, when S0 is the denominator, scales it by 2^64. The inputs are never denormal or tiny,
            // so the only other case is a quotient S2 / S1 that is a denormal: VCC set, the numerator scaled by
            // 2^64 when S0 is the numerator. Otherwise the result is S0 unscaled (TextOverlays: the texts leave that
            // default out).
            float q = num / den;
            boolean denormalQuotient = q != 0 && Math.abs(q) < Float.MIN_NORMAL;
            if (eNum - eDen >= 96) {
                assertEquals(1L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VCC), num + " / " + den);
                long expected = sameAsDen ? bits(Math.scalb(den, 64)) : bits(s0);
                assertEquals(expected, c.get(D0) & M32, num + " / " + den);
            } else if (denormalQuotient) {
                assertEquals(1L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VCC), num + " / " + den);
                long expected = sameAsDen ? bits(s0) : bits(Math.scalb(num, 64));
                assertEquals(expected, c.get(D0) & M32, num + " / " + den);
            } else {
                assertEquals(0L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VCC), num + " / " + den);
                assertEquals(bits(s0), c.get(D0) & M32, num + " / " + den);
            }
        }
    }
}
