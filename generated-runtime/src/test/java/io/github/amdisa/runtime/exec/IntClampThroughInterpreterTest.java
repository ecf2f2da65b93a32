package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Integer CLAMP on every generation: the VOP3/VOP3P integer sums, differences, carries and dot products with
 * {@code clamp} saturate to their destination's range instead of wrapping (LLVM selects exactly these for
 * {@code uaddsat}/{@code usubsat}/{@code saddsat}/{@code ssubsat} and the dot intrinsics' clamp argument). Programs are
 * assembled by amdisa and cross-checked with llvm-mc-22; the expected values are computed here with {@code long}
 * arithmetic and {@link Math#min}/{@link Math#max}, not by the interpreter's pseudocode. Products that can leave the
 * range by themselves (v_mad_u32_u24, v_mul_u32_u24) and texts with no saturating reading (v_sad_u8) are refused.
 */
class IntClampThroughInterpreterTest {

    /** An expected result from the sources (as unsigned 32-bit values) and the carry-in. */
    @FunctionalInterface
    private interface Expected {
        long of(long a, long b, long c);
    }

    /** One instruction: its assembly (sources v0, v1, v3; result v2), the result bits compared, its meaning. */
    private record Case(String asm, long mask, Expected expected, boolean carryOut) {
        Case(String asm, long mask, Expected expected) {
            this(asm, mask, expected, false);
        }
    }

    private static long u32(long x) {
        return Math.max(0, Math.min(0xFFFF_FFFFL, x));
    }

    private static long i32(long x) {
        return Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, x)) & 0xFFFF_FFFFL;
    }

    private static long u16(long x) {
        return Math.max(0, Math.min(0xFFFF, x));
    }

    private static long i16(long x) {
        return Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, x)) & 0xFFFF;
    }

    private static long s32(long x) {
        return (int) x;
    }

    private static long lo16(long x) {
        return x & 0xFFFF;
    }

    private static long hi16(long x) {
        return x >>> 16 & 0xFFFF;
    }

    private static long byteU(long x, int k) {
        return x >>> (8 * k) & 0xFF;
    }

    private static long byteS(long x, int k) {
        return (byte) (x >>> (8 * k));
    }

    private static long pk(Expected half, long a, long b) {
        return half.of(lo16(a), lo16(b), 0) | half.of(hi16(a), hi16(b), 0) << 16;
    }

    private static boolean cdna(Target t) {
        return t.mcpu().startsWith("gfx9");
    }

    private static List<Case> cases(Target t) {
        List<Case> out = new ArrayList<>();
        String vcc = cdna(t) ? "vcc" : "vcc_lo";
        if (cdna(t)) {
            out.add(new Case("v_add_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a + b)));
            out.add(new Case("v_sub_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a - b)));
            out.add(new Case("v_subrev_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(b - a)));
            out.add(new Case("v_add_i32 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> i32(s32(a) + s32(b))));
            out.add(new Case("v_sub_i32 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> i32(s32(a) - s32(b))));
            out.add(new Case("v_add_u16_e64 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> u16(lo16(a) + lo16(b))));
            out.add(new Case("v_sub_u16_e64 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> u16(lo16(a) - lo16(b))));
            out.add(new Case("v_add_i16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> i16((short) a + (short) b)));
            out.add(new Case("v_sub_i16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> i16((short) a - (short) b)));
            out.add(new Case("v_add_co_u32_e64 v2, vcc, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a + b), true));
            out.add(new Case("v_sub_co_u32_e64 v2, vcc, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a - b), true));
            out.add(new Case("v_addc_co_u32_e64 v2, vcc, v0, v1, vcc clamp", 0xFFFF_FFFFL,
                    (a, b, c) -> u32(a + b + c), true));
            // SDWA: a whole-dword destination saturates like VOP3; the source select feeds the exact sum
            out.add(new Case("v_add_u32_sdwa v2, v0, v1 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1"
                    + " src1_sel:DWORD", 0xFFFF_FFFFL, (a, b, c) -> u32(hi16(a) + b)));
            out.add(new Case("v_dot2_u32_u16 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL,
                    (a, b, c) -> u32(lo16(a) * lo16(b) + hi16(a) * hi16(b) + c)));
        } else {
            out.add(new Case("v_add_nc_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a + b)));
            out.add(new Case("v_sub_nc_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a - b)));
            out.add(new Case("v_subrev_nc_u32_e64 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(b - a)));
            out.add(new Case("v_add_nc_i32 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> i32(s32(a) + s32(b))));
            out.add(new Case("v_sub_nc_i32 v2, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> i32(s32(a) - s32(b))));
            out.add(new Case("v_add_nc_u16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> u16(lo16(a) + lo16(b))));
            out.add(new Case("v_sub_nc_u16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> u16(lo16(a) - lo16(b))));
            out.add(new Case("v_add_nc_i16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> i16((short) a + (short) b)));
            out.add(new Case("v_sub_nc_i16 v2, v0, v1 clamp", 0xFFFF, (a, b, c) -> i16((short) a - (short) b)));
            out.add(new Case("v_add_co_u32 v2, vcc_lo, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a + b), true));
            out.add(new Case("v_sub_co_u32 v2, vcc_lo, v0, v1 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(a - b), true));
            out.add(new Case("v_add_co_ci_u32_e64 v2, vcc_lo, v0, v1, vcc_lo clamp", 0xFFFF_FFFFL,
                    (a, b, c) -> u32(a + b + c), true));
            out.add(new Case("v_sub_co_ci_u32_e64 v2, vcc_lo, v0, v1, vcc_lo clamp", 0xFFFF_FFFFL,
                    (a, b, c) -> u32(a - b - c), true));
        }
        out.add(new Case("v_pk_add_u16 v2, v0, v1 clamp", 0xFFFF_FFFFL,
                (a, b, c) -> pk((x, y, z) -> u16(x + y), a, b)));
        out.add(new Case("v_pk_sub_u16 v2, v0, v1 clamp", 0xFFFF_FFFFL,
                (a, b, c) -> pk((x, y, z) -> u16(x - y), a, b)));
        out.add(new Case("v_pk_add_i16 v2, v0, v1 clamp", 0xFFFF_FFFFL,
                (a, b, c) -> pk((x, y, z) -> i16((short) x + (short) y), a, b)));
        out.add(new Case("v_pk_sub_i16 v2, v0, v1 clamp", 0xFFFF_FFFFL,
                (a, b, c) -> pk((x, y, z) -> i16((short) x - (short) y), a, b)));
        out.add(new Case("v_mad_u32_u16 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL, (a, b, c) -> u32(lo16(a) * lo16(b) + c)));
        out.add(new Case("v_mad_i32_i16 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL,
                (a, b, c) -> i32((long) (short) a * (short) b + s32(c))));
        boolean dot4u8 = !t.mcpu().equals("gfx1010");
        if (dot4u8) {
            out.add(new Case("v_dot4_u32_u8 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL, (a, b, c) -> {
                long s = c;
                for (int k = 0; k < 4; k++) {
                    s += byteU(a, k) * byteU(b, k);
                }
                return u32(s);
            }));
        }
        if (cdna(t)) { // RDNA 2's pseudocode has V_DOT4_U32_U8 and V_DOT8_U32_U4 only
            out.add(new Case("v_dot4_i32_i8 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL, (a, b, c) -> {
                long s = s32(c);
                for (int k = 0; k < 4; k++) {
                    s += byteS(a, k) * byteS(b, k);
                }
                return i32(s);
            }));
            out.add(new Case("v_dot2_i32_i16 v2, v0, v1, v3 clamp", 0xFFFF_FFFFL,
                    (a, b, c) -> i32((long) (short) a * (short) b + (long) (short) (a >>> 16) * (short) (b >>> 16)
                            + s32(c))));
        } else if (t.mcpu().startsWith("gfx11") || t.mcpu().startsWith("gfx120")) {
            // signed A (neg_lo[0]), unsigned B
            out.add(new Case("v_dot4_i32_iu8 v2, v0, v1, v3 neg_lo:[1,0,0] clamp", 0xFFFF_FFFFL, (a, b, c) -> {
                long s = s32(c);
                for (int k = 0; k < 4; k++) {
                    s += byteS(a, k) * byteU(b, k);
                }
                return i32(s);
            }));
        }
        return out;
    }

    static Stream<Arguments> targets() {
        return Stream.of(Target.values()).map(Arguments::of);
    }

    private static final long[] EDGES = {0, 1, 2, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x1_0000, 0x7FFF_FFFFL,
        0x8000_0000L, 0x8000_0001L, 0xFFFF_FFFEL, 0xFFFF_FFFFL, 0x7FFF_7FFFL, 0x8000_8000L, 0xFFFF_0000L, 0x0000_FFFFL,
        0x7F7F_7F7FL, 0x8080_8080L, 0xFFFF_FFFFL};

    private static long input(SplittableRandom r) {
        return switch (r.nextInt(3)) {
            case 0 -> EDGES[r.nextInt(EDGES.length)];
            case 1 -> r.nextLong() & 0xFFFF_FFFFL;
            default -> EDGES[r.nextInt(EDGES.length)] + r.nextInt(-3, 4) & 0xFFFF_FFFFL;
        };
    }

    private static Wave wave(Target t) {
        Wave w = new Wave(t, cdna(t) && t != Target.GFX1250 ? 64 : 32, 8, 0);
        w.setExec(w.laneMask());
        return w;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void integerClampSaturatesSumsDifferencesAndDots(Target t) {
        SplittableRandom r = new SplittableRandom(t.ordinal() * 31L + 5);
        int checked = 0;
        for (Case k : cases(t)) {
            int[] words = LlvmAsm.assemble(t.mcpu(), wave(t).waveSize(), k.asm() + "\ns_endpgm\n");
            for (int round = 0; round < 6; round++) {
                Wave w = wave(t);
                int lanes = w.waveSize();
                long[][] in = new long[3][lanes];
                long carryIn = r.nextLong() & w.laneMask();
                for (int lane = 0; lane < lanes; lane++) {
                    in[0][lane] = input(r);
                    in[1][lane] = input(r);
                    in[2][lane] = input(r);
                    w.setV(0, lane, (int) in[0][lane]);
                    w.setV(1, lane, (int) in[1][lane]);
                    w.setV(3, lane, (int) in[2][lane]);
                }
                w.setVcc(carryIn);
                assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 10));
                for (int lane = 0; lane < lanes; lane++) {
                    long a = in[0][lane];
                    long b = in[1][lane];
                    boolean usesCarryIn = k.asm().contains("c_co_u32") || k.asm().contains("co_ci_u32");
                    long c = !k.carryOut() ? in[2][lane] : usesCarryIn ? carryIn >>> lane & 1 : 0;
                    long expected = k.expected().of(a, b, c);
                    String where = t + " " + k.asm() + " lane " + lane + " inputs " + Long.toHexString(a) + ", "
                            + Long.toHexString(b) + ", " + Long.toHexString(c);
                    assertEquals(Long.toHexString(expected), Long.toHexString(w.v(2, lane) & k.mask()), where);
                    if (k.carryOut()) {
                        // the carry (borrow) out of the exact value, as without clamp
                        boolean sub = k.asm().startsWith("v_sub");
                        long exact = sub ? a - b - c : a + b + c;
                        long carry = exact > 0xFFFF_FFFFL || exact < 0 ? 1 : 0;
                        assertEquals(carry, w.vcc() >>> lane & 1, where + " carry");
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "lanes checked: " + checked);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void clampOnAProductOrAnUnreadableTextIsRefused(Target t) {
        List<String> refused = new ArrayList<>(List.of("v_mad_u32_u24 v2, v0, v1, v3 clamp",
                "v_mul_u32_u24_e64 v2, v0, v1 clamp", "v_sad_u8 v2, v0, v1, v3 clamp",
                "v_pk_mul_lo_u16 v2, v0, v1 clamp"));
        if (cdna(t)) {
            // which width saturates under a sub-dword SDWA destination is not documented
            refused.add("v_add_u32_sdwa v2, v0, v1 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:DWORD"
                    + " src1_sel:DWORD");
        }
        for (String asm : refused) {
            int[] words = LlvmAsm.assemble(t.mcpu(), wave(t).waveSize(), asm + "\ns_endpgm\n");
            UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class,
                    () -> Interpreters.forTarget(t).run(wave(t), new Program(0, words), 10), asm);
            assertTrue(e.getMessage().contains("clamp"), e.getMessage());
        }
    }
}
