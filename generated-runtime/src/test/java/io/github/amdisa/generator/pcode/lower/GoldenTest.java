package io.github.amdisa.generator.pcode.lower;

import static io.github.amdisa.runtime.pcode.PcodeName.D0;
import static io.github.amdisa.runtime.pcode.PcodeName.D1;
import static io.github.amdisa.runtime.pcode.PcodeName.S0;
import static io.github.amdisa.runtime.pcode.PcodeName.S1;
import static io.github.amdisa.runtime.pcode.PcodeName.S2;
import static io.github.amdisa.runtime.pcode.PcodeName.SCC;
import static io.github.amdisa.runtime.pcode.PcodeName.VCC;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Generated methods against independent plain-Java math, on random inputs. */
class GoldenTest {

    private static final long M32 = 0xFFFFFFFFL;

    private static long rnd(SplittableRandom r) {
        // Mix uniform values with edge values.
        return switch (r.nextInt(8)) {
            case 0 -> 0;
            case 1 -> M32;
            case 2 -> 0x80000000L;
            case 3 -> 0x7FFFFFFFL;
            default -> r.nextLong() & M32;
        };
    }

    /** Independent: signext_from_bit((S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1), S2[4:0]). */
    static int bfeI32(int s0, int s1, int s2) {
        int off = s1 & 31;
        int w = s2 & 31;
        int field = (s0 >> off) & ((1 << w) - 1);
        if (w == 0) {
            return 0;
        }
        return (field << (32 - w)) >> (32 - w);
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void vBfeI32MillionTriples(Generation g) {
        PcodeOp op = Generated.op(g, "V_BFE_I32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(g.ordinal());
        for (int i = 0; i < 1_000_000; i++) {
            long s0 = rnd(r);
            long s1 = r.nextInt(4) == 0 ? r.nextLong() & M32 : r.nextInt(40);
            long s2 = r.nextInt(4) == 0 ? r.nextLong() & M32 : r.nextInt(40);
            c.set(S0, s0).set(S1, s1).set(S2, s2).set(D0, 0);
            op.execute(c);
            assertEquals(bfeI32((int) s0, (int) s1, (int) s2) & M32, c.get(D0), () -> s0 + " " + s1 + " " + s2);
        }
    }

    private static void binary32(Generation g, String name, LongBinaryOperator expected) {
        PcodeOp op = Generated.op(g, name);
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = r.nextBoolean() ? rnd(r) : r.nextInt(70);
            c.set(S0, a).set(S1, b).set(D0, 0);
            op.execute(c);
            assertEquals(expected.applyAsLong(a, b) & M32, c.get(D0) & M32, name + " " + a + " " + b);
        }
    }

    @Test
    void integerBinaryOps() {
        Generation g = Generation.RDNA3_5;
        binary32(g, "V_LSHLREV_B32", (a, b) -> (b << (a & 31)));
        binary32(g, "V_ASHRREV_I32", (a, b) -> (long) ((int) b >> (a & 31)));
        binary32(g, "V_MIN_U32", (a, b) -> Math.min(a, b));
        binary32(g, "V_MAX_U32", (a, b) -> Math.max(a, b));
        binary32(g, "V_BFM_B32", (a, b) -> ((1L << (a & 31)) - 1) << (b & 31));
        binary32(Generation.CDNA3, "V_BFM_B32", (a, b) -> ((1L << (a & 31)) - 1) << (b & 31));
    }

    @Test
    void sAddU32AndCarries() {
        for (Generation g : new Generation[] {Generation.RDNA3_5, Generation.CDNA4, Generation.RDNA1}) {
            PcodeOp add = Generated.op(g, "S_ADD_U32");
            TestContext c = new TestContext();
            SplittableRandom r = new SplittableRandom(1);
            for (int i = 0; i < 20_000; i++) {
                long a = rnd(r);
                long b = rnd(r);
                c.set(S0, a).set(S1, b);
                add.execute(c);
                assertEquals((a + b) & M32, c.get(D0));
                assertEquals((a + b) >>> 32, c.get(SCC));
            }
        }
        Generation g = Generation.RDNA3_5;
        PcodeOp co = Generated.op(g, "V_ADD_CO_U32");
        PcodeOp ci = Generated.op(g, "V_ADD_CO_CI_U32");
        PcodeOp addc = Generated.op(Generation.CDNA3, "V_ADDC_CO_U32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            int lane = r.nextInt(64);
            long vcc = r.nextLong();
            c.lane = lane;
            c.set(S0, a).set(S1, b).set(VCC, vcc);
            co.execute(c);
            long sum = a + b;
            assertEquals(sum & M32, c.get(D0));
            assertEquals((vcc & ~(1L << lane)) | ((sum >>> 32) << lane), c.get(VCC));
            c.set(VCC, vcc);
            ci.execute(c);
            long sumc = a + b + ((vcc >>> lane) & 1);
            assertEquals(sumc & M32, c.get(D0));
            assertEquals((vcc & ~(1L << lane)) | ((sumc >>> 32) << lane), c.get(VCC));
            c.set(VCC, vcc);
            addc.execute(c);
            assertEquals(sumc & M32, c.get(D0));
            assertEquals((vcc & ~(1L << lane)) | ((sumc >>> 32) << lane), c.get(VCC));
        }
    }

    @Test
    void vMadU64U32() {
        PcodeOp op = Generated.op(Generation.RDNA3_5, "V_MAD_U64_U32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            long s2 = r.nextLong();
            c.set(S0, a).set(S1, b).set(S2, s2);
            op.execute(c);
            BigInteger full = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b))
                    .add(new BigInteger(Long.toUnsignedString(s2)));
            assertEquals(full.longValue(), c.get(D0));
            assertEquals(full.testBit(64) ? 1 : 0, c.get(D1));
        }
    }

    @Test
    void bitfieldOps() {
        Generation g = Generation.RDNA3_5;
        PcodeOp bfi = Generated.op(g, "V_BFI_B32");
        PcodeOp sbfeU = Generated.op(g, "S_BFE_U32");
        PcodeOp sbfeI = Generated.op(g, "S_BFE_I32");
        PcodeOp sbfeU64 = Generated.op(g, "S_BFE_U64");
        PcodeOp med3 = Generated.op(g, "V_MED3_I32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            long d = rnd(r);
            c.set(S0, a).set(S1, b).set(S2, d).set(D0, 0);
            bfi.execute(c);
            assertEquals(((a & b) | (~a & d)) & M32, c.get(D0));
            int[] v = {(int) a, (int) b, (int) d};
            java.util.Arrays.sort(v);
            med3.execute(c);
            assertEquals(v[1] & M32, c.get(D0));
            long off = r.nextInt(40);
            long w = r.nextInt(40);
            long s1 = off | (w << 16);
            c.set(S1, s1).set(D0, 0);
            sbfeU.execute(c);
            long fieldU = ((a >>> (off & 31)) & ((1L << (w & 127)) - 1)) & M32;
            if (w >= 32) {
                fieldU = (a >>> (off & 31)) & M32;
            }
            assertEquals(fieldU, c.get(D0), "S_BFE_U32 " + a + " " + off + " " + w);
            assertEquals(fieldU != 0 ? 1 : 0, c.get(SCC));
            c.set(D0, 0);
            sbfeI.execute(c);
            long ww = w;
            long fieldI = ww >= 32 ? (long) ((int) a >> (off & 31)) : ww == 0 ? 0
                    : ((long) ((int) a >> (off & 31)) << (64 - ww)) >> (64 - ww);
            assertEquals(fieldI & M32, c.get(D0), "S_BFE_I32 " + a + " " + off + " " + w);
            long a64 = r.nextLong();
            long off64 = r.nextInt(70);
            long w64 = r.nextInt(70);
            c.set(S0, a64).set(S1, off64 | (w64 << 16));
            sbfeU64.execute(c);
            long sh = a64 >>> (off64 & 63);
            assertEquals(w64 >= 64 ? sh : sh & ((1L << w64) - 1), c.get(D0));
        }
    }

    @Test
    void compareWritesLaneMask() {
        PcodeOp lt = Generated.op(Generation.RDNA3_5, "V_CMP_LT_U32");
        PcodeOp gtI = Generated.op(Generation.CDNA4, "V_CMP_GT_I32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            int lane = r.nextInt(64);
            long mask = r.nextLong();
            c.lane = lane;
            c.set(S0, a).set(S1, b).set(D0, mask);
            lt.execute(c);
            assertEquals((mask & ~(1L << lane)) | ((a < b ? 1L : 0L) << lane), c.get(D0));
            c.set(D0, mask);
            gtI.execute(c);
            assertEquals((mask & ~(1L << lane)) | (((int) a > (int) b ? 1L : 0L) << lane), c.get(D0));
        }
    }

    private static final float[] EDGE = {0f, -0f, 1f, -1f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL, 65504f,
        65520f, 6.1e-5f, 5.96e-8f, 2.98e-8f, 0.1f};

    private static float rf(SplittableRandom r) {
        return r.nextInt(3) == 0 ? EDGE[r.nextInt(EDGE.length)] : Float.intBitsToFloat(r.nextInt());
    }

    private static void assertFloat(float expected, long bits, String what) {
        float got = Float.intBitsToFloat((int) bits);
        if (Float.isNaN(expected)) {
            assertEquals(true, Float.isNaN(got), what);
        } else {
            assertEquals(Float.floatToRawIntBits(expected), (int) bits, what + " expected " + expected + " got " + got);
        }
    }

    @Test
    void f32Arithmetic() {
        Generation g = Generation.RDNA3_5;
        PcodeOp add = Generated.op(g, "V_ADD_F32");
        PcodeOp mul = Generated.op(g, "V_MUL_F32");
        PcodeOp fma = Generated.op(g, "V_FMA_F32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(6);
        for (int i = 0; i < 20_000; i++) {
            float a = rf(r);
            float b = rf(r);
            float d = rf(r);
            c.set(S0, Float.floatToRawIntBits(a) & M32).set(S1, Float.floatToRawIntBits(b) & M32)
                    .set(S2, Float.floatToRawIntBits(d) & M32);
            add.execute(c);
            assertFloat(a + b, c.get(D0), a + "+" + b);
            mul.execute(c);
            assertFloat(a * b, c.get(D0), a + "*" + b);
            fma.execute(c);
            assertFloat(Math.fma(a, b, d), c.get(D0), "fma " + a + " " + b + " " + d);
        }
    }

    /** Independent f32 -> f16, round to nearest even, via exact BigDecimal-free integer arithmetic. */
    static int f32ToF16(float f) {
        int b = Float.floatToRawIntBits(f);
        int sign = (b >>> 16) & 0x8000;
        int exp = (b >>> 23) & 0xFF;
        int man = b & 0x7FFFFF;
        if (exp == 0xFF) {
            return sign | 0x7C00 | (man != 0 ? 0x200 | (man >>> 13) : 0);
        }
        if (exp == 0 && man == 0) {
            return sign;
        }
        // value = m * 2^(e) with m including the implicit bit
        long m = exp == 0 ? man : man | 0x800000;
        int e = (exp == 0 ? 1 : exp) - 127 - 23;
        // target quantum: 2^-24 for subnormals, else 2^(E-10)
        int ue = exp == 0 ? -126 : exp - 127;
        int q = Math.max(ue, -14) - 10;
        int shift = q - e;
        long n;
        if (shift <= 0) {
            n = m << -shift;
        } else if (shift > 40) {
            n = 0;
        } else {
            long rem = m & ((1L << shift) - 1);
            n = m >>> shift;
            long half = 1L << (shift - 1);
            if (rem > half || rem == half && (n & 1) == 1) {
                n++;
            }
        }
        int E = q + 10 + 15; // biased exponent for n in [2^10, 2^11)
        if (n >= 2048) {
            n >>= 1;
            E++;
        }
        if (n < 1024) {
            return sign | (int) n;
        }
        if (E >= 31) {
            return sign | 0x7C00;
        }
        return sign | (E << 10) | (int) (n & 0x3FF);
    }

    /** Independent f16 -> f32 (exact): integer mantissa times a power of two. */
    static float f16ToF32(int h) {
        int sign = (h >>> 15) & 1;
        int exp = (h >>> 10) & 0x1F;
        int man = h & 0x3FF;
        if (exp == 31) {
            return Float.intBitsToFloat((sign << 31) | 0x7F800000 | (man << 13));
        }
        float mag = exp == 0 ? man * 0x1p-24f : (man | 0x400) * (float) Math.pow(2, exp - 25);
        return sign == 1 ? -mag : mag;
    }

    @Test
    void f16Conversions() {
        PcodeOp toF16 = Generated.op(Generation.RDNA3_5, "V_CVT_F16_F32");
        PcodeOp toF32 = Generated.op(Generation.RDNA3_5, "V_CVT_F32_F16");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 50_000; i++) {
            float a = i < 60_000 && r.nextBoolean() ? Float.intBitsToFloat(r.nextInt()) * 0x1p-100f : rf(r);
            if (r.nextInt(4) == 0) {
                a = (float) (r.nextDouble() * 70000 - 35000);
            }
            c.set(S0, Float.floatToRawIntBits(a) & M32);
            toF16.execute(c);
            int exp = f32ToF16(a);
            if (Float.isNaN(a)) {
                assertEquals(0x7C00, (int) c.get(D0) & 0x7C00);
                assertEquals(true, (c.get(D0) & 0x3FF) != 0);
            } else {
                assertEquals(exp, (int) (c.get(D0) & 0xFFFF), "f32->f16 " + a);
            }
            int h = r.nextInt(0x10000);
            c.set(S0, h);
            toF32.execute(c);
            float expected = f16ToF32(h);
            assertFloat(expected, c.get(D0), "f16->f32 " + Integer.toHexString(h));
        }
    }

    // ---- reversed slices, locals written in part, buffer formats -------------------------------------------------

    @Test
    void reversedSliceIsBitReversal() {
        PcodeOp brev32 = Generated.op(Generation.CDNA3, "S_BREV_B32");
        PcodeOp brev64 = Generated.op(Generation.CDNA3, "S_BREV_B64");
        TestContext c = new TestContext();
        c.set(S0, 0x00000001L).set(D0, 0);
        brev32.execute(c);
        assertEquals(0x80000000L, c.get(D0));
        c.set(S0, 0x12345678L);
        brev32.execute(c);
        assertEquals(0x1E6A2C48L, c.get(D0)); // 0x12345678 reversed, by hand
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            long x = r.nextLong();
            c.set(S0, x & M32).set(D0, 0);
            brev32.execute(c);
            assertEquals(Integer.reverse((int) x) & M32, c.get(D0) & M32);
            c.set(S0, x).set(D0, 0);
            brev64.execute(c);
            assertEquals(Long.reverse(x), c.get(D0));
        }
    }

    @Test
    void localWrittenInPartIsAsWideAsItsUses() {
        // tmp[31 : 16].u16 = ...; tmp[15 : 0].u16 = ...; D0.b32 = tmp.b32: tmp is 32 bits.
        PcodeOp add = Generated.op(Generation.RDNA3, "V_PK_ADD_U16");
        TestContext c = new TestContext();
        c.set(S0, 0x0001FFFFL).set(S1, 0x00020001L).set(D0, 0);
        add.execute(c);
        assertEquals(0x00030000L, c.get(D0) & M32); // low halves wrap: 0xFFFF + 1 = 0x0000; high: 1 + 2 = 3
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 10_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            c.set(S0, a).set(S1, b).set(D0, 0);
            add.execute(c);
            long lo = (a + b) & 0xFFFF;
            long hi = ((a >>> 16) + (b >>> 16)) & 0xFFFF;
            assertEquals(hi << 16 | lo, c.get(D0) & M32);
        }
    }

    @Test
    void bufferFormatLoads() {
        PcodeOp load = Generated.op(Generation.RDNA3, "BUFFER_LOAD_FORMAT_X");
        TestContext c = new TestContext();
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(8,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.UNORM);
        c.mem.put(0L, (byte) 0xFF);
        load.execute(c);
        assertEquals(0x3F800000L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA) & M32); // 255/255 = 1.0f
        c.mem.put(0L, (byte) 0x33);
        load.execute(c);
        assertEquals(Float.floatToRawIntBits(0.2f), (int) c.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA));
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(16,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.SNORM);
        c.mem.put(0L, (byte) 0x00);
        c.mem.put(1L, (byte) 0x80); // -32768 clamps to -1.0
        load.execute(c);
        assertEquals(0xBF800000L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA) & M32);
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(8,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.SINT);
        c.mem.put(0L, (byte) 0x80);
        load.execute(c);
        assertEquals(0xFFFFFF80L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA) & M32);
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(16,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.FLOAT);
        c.mem.put(0L, (byte) 0x00);
        c.mem.put(1L, (byte) 0x3C); // f16 1.0
        load.execute(c);
        assertEquals(0x3F800000L, c.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA) & M32);
    }

    @Test
    void bufferFormatStores() {
        PcodeOp store = Generated.op(Generation.RDNA3, "BUFFER_STORE_FORMAT_X");
        TestContext c = new TestContext();
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(8,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.UNORM);
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VDATA, Float.floatToRawIntBits(1.0f));
        store.execute(c);
        assertEquals((byte) 0xFF, c.mem.get(0L));
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VDATA, Float.floatToRawIntBits(-3.0f)); // clamps to 0
        store.execute(c);
        assertEquals((byte) 0x00, c.mem.get(0L));
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VDATA, Float.floatToRawIntBits(0.2f)); // 0.2 * 255 = 51
        store.execute(c);
        assertEquals((byte) 0x33, c.mem.get(0L));
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(16,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.FLOAT);
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VDATA, Float.floatToRawIntBits(-2.0f)); // f16 0xC000
        store.execute(c);
        assertEquals((byte) 0x00, c.mem.get(0L));
        assertEquals((byte) 0xC0, c.mem.get(1L));
    }

    /**
     * ChannelOffsetX/Y() are the component index times the component size: the Y component of an 8_8 format is
     * the byte after X, of a 16_16 format two bytes after. Expected values by hand: UNORM8 0xFF = 1.0f, 0x33 =
     * 51/255 = 0.2f; f16 0x3C00 = 1.0, 0xC000 = -2.0. Bytes where a wrong component size would read are filled
     * with values that give different results.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CDNA3", "CDNA4", "CDNA5"})
    void bufferLoadFormatXyReadsComponentsAtTheirOffsets(Generation g) {
        PcodeOp load = Generated.op(g, "BUFFER_LOAD_FORMAT_XY");
        TestContext c = new TestContext();
        // The base address operand is VADDR on CDNA 1-4 and vgpr_a on CDNA 5 / RDNA 4; each text reads one of them.
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VADDR, 0x100).set(io.github.amdisa.runtime.pcode.PcodeName.vgpr_a, 0x100);
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(8,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.UNORM);
        byte[] bytes = {(byte) 0xFF, 0x33, 0x00, (byte) 0xC0, 0x11, 0x22};
        for (int i = 0; i < bytes.length; i++) {
            c.mem.put(0x100L + i, bytes[i]);
        }
        load.execute(c);
        BigInteger vdata = c.regs.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA);
        assertEquals(0x3F800000L, vdata.longValue() & M32); // X: byte 0x100
        assertEquals(Float.floatToRawIntBits(0.2f), vdata.shiftRight(32).intValue()); // Y: byte 0x101
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(16,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.FLOAT);
        c.mem.put(0x100L, (byte) 0x00);
        c.mem.put(0x101L, (byte) 0x3C); // X = f16 0x3C00 at 0x100
        c.mem.put(0x102L, (byte) 0x00);
        c.mem.put(0x103L, (byte) 0xC0); // Y = f16 0xC000 at 0x102
        load.execute(c);
        vdata = c.regs.get(io.github.amdisa.runtime.pcode.PcodeName.VDATA);
        assertEquals(0x3F800000L, vdata.longValue() & M32);
        assertEquals(0xC0000000L, vdata.shiftRight(32).longValue() & M32);
    }

    /** A 32_32_32_32 UINT store writes the four dwords of VDATA at byte offsets 0, 4, 8 and 12. */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CDNA1", "CDNA4", "CDNA5", "RDNA4"})
    void bufferStoreFormatXyzwWritesComponentsAtTheirOffsets(Generation g) {
        PcodeOp store = Generated.op(g, "BUFFER_STORE_FORMAT_XYZW");
        TestContext c = new TestContext();
        c.set(io.github.amdisa.runtime.pcode.PcodeName.VADDR, 0x40).set(io.github.amdisa.runtime.pcode.PcodeName.vgpr_a, 0x40);
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(32,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.UINT);
        c.regs.put(io.github.amdisa.runtime.pcode.PcodeName.VDATA,
                new BigInteger("44444444333333332222222211111111", 16));
        store.execute(c);
        for (int k = 0; k < 4; k++) {
            for (int b = 0; b < 4; b++) {
                assertEquals((byte) (0x11 * (k + 1)), c.mem.get(0x40L + 4 * k + b), "component " + k + " byte " + b);
            }
        }
        assertEquals(16, c.mem.size());
        // 16_16_16_16 SINT keeps the low 16 bits of each dword, at offsets 0, 2, 4, 6.
        c.mem.clear();
        c.format = new io.github.amdisa.runtime.pcode.BufferFormat(16,
                io.github.amdisa.runtime.pcode.BufferFormat.Number.SINT);
        store.execute(c);
        assertEquals(8, c.mem.size());
        for (int k = 0; k < 4; k++) {
            assertEquals((byte) (0x11 * (k + 1)), c.mem.get(0x40L + 2 * k));
            assertEquals((byte) (0x11 * (k + 1)), c.mem.get(0x40L + 2 * k + 1));
        }
    }

    /**
     * Independent V_PERM_B32 byte select, after the byte-select table of AMD's guides: the 64-bit value is
     * {S0, S1} (S1 in the low dword); selector 0-7 picks that byte, 8-11 replicate the sign bit of byte 1, 3, 5, 7,
     * 12 gives 0x00 and 13-255 give 0xFF.
     */
    static long permByte(long s0, long s1, int sel) {
        long data = (s0 << 32) | s1;
        if (sel >= 13) {
            return 0xFF;
        }
        if (sel == 12) {
            return 0;
        }
        if (sel >= 8) {
            int signBit = 16 * (sel - 8) + 15; // 8 -> bit 15, 9 -> 31, 10 -> 47, 11 -> 63
            return ((data >>> signBit) & 1) != 0 ? 0xFF : 0;
        }
        return (data >>> (8 * sel)) & 0xFF;
    }

    /** V_PERM_B32 uses a lambda with a statement body (BYTE_PERMUTE: a byte array filled by a loop, then an if-chain). */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void vPermB32SelectsBytes(Generation g) {
        PcodeOp op = Generated.op(g, "V_PERM_B32");
        TestContext c = new TestContext();
        c.set(S0, 0x8877_6655L).set(S1, 0x4433_2211L).set(S2, 0x0C_0B_07_00L).set(D0, 0);
        op.execute(c);
        // byte 3: sel 12 -> 0x00; byte 2: sel 11 -> sign of 0x88 -> 0xFF; byte 1: sel 7 -> 0x88; byte 0: sel 0 -> 0x11
        assertEquals(0x00FF_8811L, c.get(D0) & M32);
        SplittableRandom r = new SplittableRandom(g.ordinal() + 100);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = rnd(r);
            long sel = 0;
            for (int k = 0; k < 4; k++) {
                sel |= (long) (r.nextBoolean() ? r.nextInt(16) : r.nextInt(256)) << (8 * k);
            }
            c.set(S0, a).set(S1, b).set(S2, sel).set(D0, 0);
            op.execute(c);
            long expected = 0;
            for (int k = 0; k < 4; k++) {
                expected |= permByte(a, b, (int) (sel >>> (8 * k)) & 0xFF) << (8 * k);
            }
            long e = expected;
            assertEquals(e, c.get(D0) & M32, () -> Long.toHexString(a) + " " + Long.toHexString(b) + " "
                    + Long.toHexString(e));
        }
    }

    /** V_SAT_PK_U8_I16 (SAT8 with a statement body): each signed 16-bit half clamped to [0, 255], packed in 16 bits. */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void vSatPkU8I16Saturates(Generation g) {
        PcodeOp op = Generated.op(g, "V_SAT_PK_U8_I16");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(g.ordinal() + 200);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            c.set(S0, a).set(D0, 0);
            op.execute(c);
            int lo = Math.max(0, Math.min(255, (short) a));
            int hi = Math.max(0, Math.min(255, (short) (a >>> 16)));
            assertEquals(hi << 8 | lo, c.get(D0) & 0xFFFF, () -> Long.toHexString(a));
        }
    }

    /** V_ASHR_PK_I8_I32 / _U8_I32 (CDNA 4, 5): S0, S1 shifted right arithmetically by S2[4:0], saturated to 8 bits. */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CDNA4", "CDNA5"})
    void vAshrPk8Saturates(Generation g) {
        PcodeOp signed = Generated.op(g, "V_ASHR_PK_I8_I32");
        PcodeOp unsigned = Generated.op(g, "V_ASHR_PK_U8_I32");
        TestContext c = new TestContext();
        SplittableRandom r = new SplittableRandom(g.ordinal() + 300);
        for (int i = 0; i < 20_000; i++) {
            long a = rnd(r);
            long b = r.nextBoolean() ? rnd(r) : r.nextInt(600) - 300 & M32;
            long sh = r.nextInt(40);
            int x = (int) a >> (sh & 31);
            int y = (int) b >> (sh & 31);
            c.set(S0, a).set(S1, b).set(S2, sh).set(D0, 0);
            signed.execute(c);
            long es = (Math.max(-128, Math.min(127, y)) & 0xFF) << 8 | (Math.max(-128, Math.min(127, x)) & 0xFF);
            assertEquals(es, c.get(D0) & 0xFFFF, () -> a + " " + b + " " + sh);
            c.set(D0, 0);
            unsigned.execute(c);
            long eu = (long) Math.max(0, Math.min(255, y)) << 8 | Math.max(0, Math.min(255, x));
            assertEquals(eu, c.get(D0) & 0xFFFF, () -> a + " " + b + " " + sh);
        }
    }
}
