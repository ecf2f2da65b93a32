package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Typed buffer accesses on the GFX9 targets (CDNA 1-4): {@code BUFFER_*_FORMAT_*} take DATA_FORMAT/NUM_FORMAT from
 * the descriptor, {@code TBUFFER_*} from the instruction's DFMT/NFMT. Raw MUBUF/MTBUF words, a full wave, per-lane
 * offsets; every lane's result against conversions written out in the test (UNORM {@code u / (2^n - 1)}, SNORM
 * {@code max(-1, s / (2^(n-1) - 1))}, f16 decoded by hand, stores rounded to nearest), and the refusals.
 */
class TypedBufferThroughInterpreterTest {

    private static final long BASE = 0x10000;
    private static final int IDENTITY_DST_SEL = 4 | 5 << 3 | 6 << 6 | 7 << 9;

    private static SparseMemory memory() {
        SparseMemory mem = new SparseMemory();
        mem.map(BASE, 0x10000);
        return mem;
    }

    private static Wave wave(Target t, int dfmt, int nfmt, int dstSel, SparseMemory mem) {
        Wave w = new Wave(t, 64, 16, 0);
        w.attach(mem, null, null);
        w.setExec(-1L);
        w.setPc(0);
        // s[4:7]: base BASE, stride 0, NUM_RECORDS 0x10000 bytes, word 3: DST_SEL, NUM_FORMAT, DATA_FORMAT
        w.setSgpr(4, (int) BASE);
        w.setSgpr(5, 0);
        w.setSgpr(6, 0x10000);
        w.setSgpr(7, dstSel | nfmt << 12 | dfmt << 15);
        return w;
    }

    private static int[] mubuf(Target t, String name, int bytesPerLane, Wave w, Object... extra) {
        for (int l = 0; l < 64; l++) {
            w.setV(0, l, l * bytesPerLane); // VADDR: the lane's byte offset (OFFEN)
        }
        Object[] fields = {"VDATA", 4, "VADDR", 0, "SRSRC", 1, "SOFFSET", 128, "OFFEN", 1};
        Object[] all = new Object[fields.length + extra.length];
        System.arraycopy(fields, 0, all, 0, fields.length);
        System.arraycopy(extra, 0, all, fields.length, extra.length);
        RawCode code = new RawCode(Interpreters.forTarget(t).instructionSet());
        return code.add(name, name.startsWith("T") ? "MTBUF" : "MUBUF", all).add("S_ENDPGM", "SOPP").words();
    }

    private static void run(Target t, Wave w, int[] words) {
        Interpreters.forTarget(t).run(w, new Program(0, words), 10);
    }

    /** IEEE binary16 to float, decoded by hand. */
    static float f16(int h) {
        int sign = (h >>> 15) & 1;
        int e = (h >>> 10) & 0x1F;
        int m = h & 0x3FF;
        double v = e == 0 ? m * 0x1p-24 : e == 31 ? (m == 0 ? Double.POSITIVE_INFINITY : Double.NaN)
                : (1 + m / 1024.0) * Math.pow(2, e - 15);
        return (float) (sign == 1 ? -v : v);
    }

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX908", "GFX90A", "GFX942", "GFX950"})
    void loadFormatXy16x16Snorm(Target t) {
        SparseMemory mem = memory();
        SplittableRandom r = new SplittableRandom(1);
        short[][] raw = new short[64][2];
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 2; c++) {
                raw[l][c] = (short) (r.nextInt(4) == 0 ? -32768 : r.nextInt());
                mem.store16(BASE + 4L * l + 2L * c, raw[l][c]);
            }
        }
        Wave w = wave(t, 5, 1, IDENTITY_DST_SEL, mem);
        run(t, w, mubuf(t, "BUFFER_LOAD_FORMAT_XY", 4, w));
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 2; c++) {
                float want = (float) Math.max(-1.0, raw[l][c] / 32767.0);
                assertEquals(want, Float.intBitsToFloat(w.v(4 + c, l)), t + " lane " + l + " component " + c);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX908", "GFX942", "GFX950"})
    void loadFormatXyzw8x4UnormAndXyz32x3Sint(Target t) {
        SparseMemory mem = memory();
        SplittableRandom r = new SplittableRandom(2);
        int[] raw = new int[64 * 3];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = r.nextInt();
            mem.store32(BASE + 4L * i, raw[i]);
        }
        Wave w = wave(t, 10, 0, IDENTITY_DST_SEL, mem); // 8_8_8_8 UNORM
        run(t, w, mubuf(t, "BUFFER_LOAD_FORMAT_XYZW", 4, w));
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 4; c++) {
                int u = (raw[l] >>> (8 * c)) & 0xFF;
                assertEquals(u / 255f, Float.intBitsToFloat(w.v(4 + c, l)), t + " lane " + l + " byte " + c);
            }
        }
        Wave w2 = wave(t, 13, 5, IDENTITY_DST_SEL, mem); // 32_32_32 SINT
        run(t, w2, mubuf(t, "BUFFER_LOAD_FORMAT_XYZ", 12, w2));
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(raw[3 * l + c], w2.v(4 + c, l), t + " lane " + l + " component " + c);
            }
        }
    }

    @Test
    void tbufferTakesTheInstructionFormat() {
        Target t = Target.GFX942;
        SparseMemory mem = memory();
        SplittableRandom r = new SplittableRandom(3);
        short[][] halves = new short[64][2];
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 2; c++) {
                halves[l][c] = (short) r.nextInt(0x7C00); // finite positive f16
                mem.store16(BASE + 4L * l + 2L * c, halves[l][c]);
            }
        }
        // the descriptor says INVALID: TBUFFER's DFMT 5 (16_16) / NFMT 7 (FLOAT) rule
        Wave w = wave(t, 0, 0, IDENTITY_DST_SEL, mem);
        run(t, w, mubuf(t, "TBUFFER_LOAD_FORMAT_XY", 4, w, "DFMT", 5, "NFMT", 7));
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 2; c++) {
                assertEquals(f16(halves[l][c]), Float.intBitsToFloat(w.v(4 + c, l)), "lane " + l + " half " + c);
            }
        }
        // TBUFFER_STORE_FORMAT_XYZW as 8_8_8_8 UNORM: clamp to [0, 1], times 255, to nearest
        Wave s = wave(t, 0, 0, 0, mem);
        float[][] in = new float[64][4];
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 4; c++) {
                in[l][c] = r.nextInt(5) == 0 ? (float) r.nextDouble(-2, 3) : (float) r.nextDouble();
                s.setV(4 + c, l, Float.floatToRawIntBits(in[l][c]));
            }
        }
        run(t, s, mubuf(t, "TBUFFER_STORE_FORMAT_XYZW", 4, s, "DFMT", 10, "NFMT", 0));
        for (int l = 0; l < 64; l++) {
            for (int c = 0; c < 4; c++) {
                long want = Math.round(Math.max(0, Math.min(1, in[l][c])) * 255.0); // never exactly .5 here
                assertEquals(want, mem.load8(BASE + 4L * l + c), "lane " + l + " byte " + c);
            }
        }
    }

    @Test
    void formatsThatAreNotModelledAreRefused() {
        Target t = Target.GFX942;
        SparseMemory mem = memory();
        // a component past the format: XYZW of 16_16
        Wave a = wave(t, 5, 4, IDENTITY_DST_SEL, mem);
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                () -> run(t, a, mubuf(t, "BUFFER_LOAD_FORMAT_XYZW", 8, a)));
        assertTrue(e.getMessage().contains("component Z"), e.getMessage());
        // a swizzled DST_SEL
        Wave b = wave(t, 4, 4, 5 | 4 << 3 | 6 << 6 | 7 << 9, mem);
        e = assertThrows(UnsupportedInstruction.class, () -> run(t, b, mubuf(t, "BUFFER_LOAD_FORMAT_X", 4, b)));
        assertTrue(e.getMessage().contains("DST_SEL"), e.getMessage());
        // the packed 2_10_10_10
        Wave c = wave(t, 9, 0, IDENTITY_DST_SEL, mem);
        e = assertThrows(UnsupportedInstruction.class, () -> run(t, c, mubuf(t, "BUFFER_LOAD_FORMAT_X", 4, c)));
        assertTrue(e.getMessage().contains("DATA_FORMAT 9"), e.getMessage());
        // D16 of a float-valued format
        Wave d = wave(t, 2, 7, IDENTITY_DST_SEL, mem);
        e = assertThrows(UnsupportedInstruction.class,
                () -> run(t, d, mubuf(t, "BUFFER_LOAD_FORMAT_D16_X", 2, d)));
        assertTrue(e.getMessage().contains("D16"), e.getMessage());
    }
}
