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
 * the descriptor, {@code TBUFFER_*} from the instruction's DFMT/NFMT; on GFX10+ (RDNA 1-4) the unified FORMAT code of
 * the descriptor or the instruction (assembled from LLVM's {@code format:[BUF_FMT_...]} names). Raw MUBUF/MTBUF words, a full wave, per-lane
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

    // ---- GFX10+ (RDNA 1-4): unified FORMAT codes ------------------------------------------------------------------

    /**
     * A wave32 with s[4:7] a descriptor whose word 3 holds the identity DST_SEL, {@code format} (FORMAT, w3[18:12])
     * and OOB_SELECT 3 (raw: {@code offset + bytes} against NUM_RECORDS bytes), and v0 the lane's byte offset.
     */
    private static Wave wave32(Target t, int format, int bytesPerLane, SparseMemory mem) {
        Wave w = new Wave(t, 32, 16, 0);
        w.attach(mem, null, null);
        w.setExec(w.laneMask());
        w.setSgpr(4, (int) BASE);
        w.setSgpr(5, 0);
        w.setSgpr(6, 0x10000);
        w.setSgpr(7, IDENTITY_DST_SEL | format << 12 | 3 << 28);
        for (int l = 0; l < 32; l++) {
            w.setV(0, l, l * bytesPerLane);
        }
        return w;
    }

    private static void runText(Target t, Wave w, String text) {
        String soffset = t == Target.GFX1200 ? "null" : "0";
        int[] words = LlvmAsm.assemble(t.mcpu(), 32, text.replace("SOFF", soffset) + "\ns_endpgm\n");
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 10));
    }

    /**
     * BUFFER_LOAD_FORMAT_XYZW with the descriptor's FORMAT 8_8_8_8_UNORM: code 56 on GFX10 and 42 on GFX11+, as
     * llvm-mc-22 encodes {@code format:[BUF_FMT_8_8_8_8_UNORM]} for gfx1030 and gfx1100 (bits 25:19 of
     * {@code tbuffer_load_format_xyzw}'s first word).
     */
    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX1010", "GFX1030", "GFX1100", "GFX1150", "GFX1200"})
    void gfx10PlusDescriptorFormat8x4Unorm(Target t) {
        SparseMemory mem = memory();
        SplittableRandom r = new SplittableRandom(4);
        int[] raw = new int[32];
        for (int l = 0; l < 32; l++) {
            raw[l] = r.nextInt();
            mem.store32(BASE + 4L * l, raw[l]);
        }
        int code = t.name().startsWith("GFX10") ? 56 : 42;
        Wave w = wave32(t, code, 4, mem);
        runText(t, w, "buffer_load_format_xyzw v[4:7], v0, s[4:7], SOFF offen");
        for (int l = 0; l < 32; l++) {
            for (int c = 0; c < 4; c++) {
                int u = (raw[l] >>> (8 * c)) & 0xFF;
                assertEquals(u / 255f, Float.intBitsToFloat(w.v(4 + c, l)), t + " lane " + l + " byte " + c);
            }
        }
    }

    /** TBUFFER's own FORMAT wins over the descriptor's (INVALID here): 16_16_SNORM loads, 32_32_32_SINT stores. */
    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX1010", "GFX1030", "GFX1100", "GFX1150", "GFX1200"})
    void gfx10PlusTbufferFormat(Target t) {
        SparseMemory mem = memory();
        SplittableRandom r = new SplittableRandom(5);
        short[][] raw = new short[32][2];
        for (int l = 0; l < 32; l++) {
            for (int c = 0; c < 2; c++) {
                raw[l][c] = (short) (r.nextInt(4) == 0 ? -32768 : r.nextInt());
                mem.store16(BASE + 4L * l + 2L * c, raw[l][c]);
            }
        }
        Wave w = wave32(t, 0, 4, mem);
        runText(t, w, "tbuffer_load_format_xy v[4:5], v0, s[4:7], SOFF format:[BUF_FMT_16_16_SNORM] offen");
        for (int l = 0; l < 32; l++) {
            for (int c = 0; c < 2; c++) {
                float want = (float) Math.max(-1.0, raw[l][c] / 32767.0);
                assertEquals(want, Float.intBitsToFloat(w.v(4 + c, l)), t + " lane " + l + " component " + c);
            }
        }
        Wave s = wave32(t, 0, 12, mem);
        int[][] in = new int[32][3];
        for (int l = 0; l < 32; l++) {
            for (int c = 0; c < 3; c++) {
                in[l][c] = r.nextInt();
                s.setV(8 + c, l, in[l][c]);
            }
        }
        runText(t, s, "tbuffer_store_format_xyz v[8:10], v0, s[4:7], SOFF format:[BUF_FMT_32_32_32_SINT] offen");
        for (int l = 0; l < 32; l++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(in[l][c], mem.load32(BASE + 12L * l + 4L * c), t + " lane " + l + " component " + c);
            }
        }
    }

    @Test
    void gfx10PlusPackedAndInvalidFormatsAreRefused() {
        Target t = Target.GFX1100;
        SparseMemory mem = memory();
        Wave a = wave32(t, 0, 4, mem); // descriptor FORMAT 0 = BUF_FMT_INVALID
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                () -> runText(t, a, "buffer_load_format_x v4, v0, s[4:7], SOFF offen"));
        assertTrue(e.getMessage().contains("FORMAT 0"), e.getMessage());
        Wave b = wave32(t, 0, 4, mem);
        e = assertThrows(UnsupportedInstruction.class, () -> runText(t, b,
                "tbuffer_load_format_x v4, v0, s[4:7], SOFF format:[BUF_FMT_2_10_10_10_UNORM] offen"));
        assertTrue(e.getMessage().contains("DATA_FORMAT 9"), e.getMessage());
    }
}
