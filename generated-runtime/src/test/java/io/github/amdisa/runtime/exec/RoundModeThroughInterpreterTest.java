package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MODE's rounding fields (FP_ROUND, MODE[3:0]: bits 1:0 for f32 results, bits 3:2 for f16 and f64 results; 0 nearest
 * even, 1 toward +infinity, 2 toward -infinity, 3 toward zero) on f32/f64/f16/packed-f16 add, sub, mul and fma and on
 * the conversions to f32 and f16, all sixteen combinations of the two fields, on CDNA and RDNA generations.
 *
 * <p>The expected values are computed here, independently of the interpreter and of {@code runtime.fp}: every input
 * is a finite binary float, so each exact result is a dyadic rational {@code m * 2^e} ({@link Exact}), computed with
 * {@code BigInteger}s and rounded once by {@link #round}, written from IEEE 754's definitions (section 4.3: the
 * directed roundings; section 7.4: overflow gives infinity or the largest finite number by direction; section 6.3:
 * the sign of an exact zero sum is +0 except under roundTowardNegative, and x + x keeps x's sign). Denormals are
 * allowed (MODE[7:4] = 0xF) so that no flushing is involved. A conversion rounds by the field of its result's
 * precision (f32_to_f16 by bits 3:2, f64_to_f32 and i32_to_f32 by bits 1:0) — the reading of MODE this test pins
 * down.
 */
class RoundModeThroughInterpreterTest {

    /** A binary floating-point format: precision p (with the hidden bit), exponent bits, bias. */
    private record Format(int p, int expBits) {
        int bias() {
            return (1 << (expBits - 1)) - 1;
        }

        int emin() {
            return 1 - bias();
        }

        int emax() {
            return bias();
        }

        int width() {
            return p + expBits;
        }

        long signBit() {
            return 1L << (width() - 1);
        }

        long infinity() {
            return ((1L << expBits) - 1) << (p - 1);
        }

        long maxFinite() {
            return infinity() - 1;
        }
    }

    private static final Format F16 = new Format(11, 5);
    private static final Format F32 = new Format(24, 8);
    private static final Format F64 = new Format(53, 11);

    /** An exact value m * 2^e; a zero carries its sign in {@code negZero}. */
    private record Exact(BigInteger m, int e, boolean negZero) {
        static Exact of(long bits, Format f) {
            boolean neg = (bits & f.signBit()) != 0;
            long exp = bits >>> (f.p() - 1) & ((1L << f.expBits()) - 1);
            long frac = bits & ((1L << (f.p() - 1)) - 1);
            if (exp == (1L << f.expBits()) - 1) {
                throw new IllegalArgumentException("not finite");
            }
            BigInteger m = BigInteger.valueOf(exp == 0 ? frac : frac | 1L << (f.p() - 1));
            int e = (int) (exp == 0 ? f.emin() : exp - f.bias()) - (f.p() - 1);
            return new Exact(neg ? m.negate() : m, e, neg);
        }

        boolean isZero() {
            return m.signum() == 0;
        }

        Exact times(Exact o) {
            return new Exact(m.multiply(o.m), e + o.e, negZero ^ o.negZero);
        }

        /** The exact sum; {@code rm} decides the sign of an exact zero sum of non-zero or unlike-signed terms. */
        Exact plus(Exact o, int rm) {
            int lo = Math.min(e, o.e);
            BigInteger s = m.shiftLeft(e - lo).add(o.m.shiftLeft(o.e - lo));
            boolean zeroSign = isZero() && o.isZero() && negZero == o.negZero ? negZero : rm == 2;
            return new Exact(s, lo, zeroSign);
        }

        Exact negate() {
            return new Exact(m.negate(), e, !negZero);
        }
    }

    /** Rounds an exact value to format f by rounding mode rm (0 RNE, 1 +inf, 2 -inf, 3 toward zero). */
    private static long round(Exact x, Format f, int rm) {
        boolean neg = x.m().signum() < 0 || x.isZero() && x.negZero();
        long sign = neg ? f.signBit() : 0;
        if (x.isZero()) {
            return sign;
        }
        BigInteger a = x.m().abs();
        int lead = a.bitLength() - 1 + x.e();
        int q = Math.max(lead, f.emin()) - (f.p() - 1); // exponent of the last kept bit
        BigInteger n;
        boolean up;
        if (q <= x.e()) {
            n = a.shiftLeft(x.e() - q);
            up = false;
        } else {
            int drop = q - x.e();
            n = a.shiftRight(drop);
            BigInteger rest = a.subtract(n.shiftLeft(drop));
            BigInteger half = BigInteger.ONE.shiftLeft(drop - 1);
            boolean inexact = rest.signum() != 0;
            up = switch (rm) {
                case 0 -> rest.compareTo(half) > 0 || rest.equals(half) && n.testBit(0);
                case 1 -> inexact && !neg;
                case 2 -> inexact && neg;
                default -> false;
            };
        }
        if (up) {
            n = n.add(BigInteger.ONE);
            if (n.bitLength() > f.p()) {
                n = n.shiftRight(1);
                q++;
            }
        }
        int resultLead = n.bitLength() - 1 + q;
        if (n.signum() != 0 && resultLead > f.emax()) {
            boolean toInfinity = rm == 0 || rm == 1 && !neg || rm == 2 && neg;
            return sign | (toInfinity ? f.infinity() : f.maxFinite());
        }
        if (n.bitLength() < f.p()) {
            return sign | n.longValueExact(); // denormal (q == emin - p + 1) or zero
        }
        long biased = resultLead + f.bias();
        return sign | biased << (f.p() - 1) | n.longValueExact() & ((1L << (f.p() - 1)) - 1);
    }

    /** A random finite value of format f: random bits, or an exponent near {@code near} (within 30), or huge. */
    private static long value(SplittableRandom r, Format f, long near) {
        int maxExp = (1 << f.expBits()) - 2;
        long frac = r.nextLong() & ((1L << (f.p() - 1)) - 1);
        if (r.nextInt(8) == 0) {
            frac &= -1L << r.nextInt(f.p() - 1); // short significands: exact and tie cases
        }
        long exp = switch (r.nextInt(5)) {
            case 0 -> r.nextInt(maxExp + 1);
            case 1 -> maxExp - r.nextInt(2);
            case 2 -> r.nextInt(3);
            default -> Math.max(0, Math.min(maxExp, (near >>> (f.p() - 1) & ((1L << f.expBits()) - 1))
                    + r.nextInt(-30, 31)));
        };
        long sign = r.nextBoolean() ? f.signBit() : 0;
        return sign | exp << (f.p() - 1) | frac;
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Target t : new Target[] {Target.GFX908, Target.GFX942, Target.GFX1030, Target.GFX1100, Target.GFX1200}) {
            for (int f32 = 0; f32 < 4; f32++) {
                for (int f16 = 0; f16 < 4; f16++) {
                    out.add(Arguments.of(t, f32, f16));
                }
            }
        }
        return out.stream();
    }

    private static final Map<String, int[]> PROGRAMS = new ConcurrentHashMap<>();

    private static Wave run(Target t, Wave w, String text) {
        int[] words = PROGRAMS.computeIfAbsent(t.mcpu() + "/" + w.waveSize() + "/" + text,
                k -> LlvmAsm.assemble(t.mcpu(), w.waveSize(), text + "\ns_endpgm\n"));
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 100));
        return w;
    }

    private static Wave wave(Target t, int f32Round, int f16Round) {
        Wave w = new Wave(t, t.name().startsWith("GFX9") ? 64 : 32, 32, 0);
        w.setExec(w.laneMask());
        w.setMode(w.mode() & ~0xFF | 0xF0 | f16Round << 2 | f32Round);
        return w;
    }

    private static final int ROUNDS = 12;

    /** A two- or three-source operation of format f: the assembly, its operand registers and the exact result. */
    private record Op(String text, Format f, int arity, boolean fma, boolean sub, boolean mul) {
    }

    @ParameterizedTest(name = "{0} f32 round {1}, f16/f64 round {2}")
    @MethodSource("cases")
    void arithmeticRoundsByTheFieldOfItsPrecision(Target t, int r32, int r16) {
        List<Op> ops = List.of(
                new Op("v_add_f32_e64 v2, v0, v1", F32, 2, false, false, false),
                new Op("v_sub_f32_e64 v2, v0, v1", F32, 2, false, true, false),
                new Op("v_mul_f32_e64 v2, v0, v1", F32, 2, false, false, true),
                new Op("v_fma_f32 v2, v0, v1, v3", F32, 3, true, false, false),
                new Op("v_add_f64 v[4:5], v[6:7], v[8:9]", F64, 2, false, false, false),
                new Op("v_mul_f64 v[4:5], v[6:7], v[8:9]", F64, 2, false, false, true),
                new Op("v_fma_f64 v[4:5], v[6:7], v[8:9], v[14:15]", F64, 3, true, false, false),
                new Op("v_add_f16_e64 v2, v10, v11", F16, 2, false, false, false),
                new Op("v_sub_f16_e64 v2, v10, v11", F16, 2, false, true, false),
                new Op("v_mul_f16_e64 v2, v10, v11", F16, 2, false, false, true),
                new Op("v_fma_f16 v2, v10, v11, v12", F16, 3, true, false, false));
        SplittableRandom r = new SplittableRandom(t.ordinal() * 1000L + r32 * 16 + r16);
        for (Op op : ops) {
            int rm = op.f() == F32 ? r32 : r16;
            for (int round = 0; round < ROUNDS; round++) {
                Wave w = wave(t, r32, r16);
                int lanes = w.waveSize();
                long[][] in = new long[3][lanes];
                for (int lane = 0; lane < lanes; lane++) {
                    in[0][lane] = value(r, op.f(), 0);
                    in[1][lane] = value(r, op.f(), in[0][lane]);
                    in[2][lane] = value(r, op.f(), op.fma() ? in[0][lane] : in[1][lane]);
                    if (op.fma() && r.nextInt(4) == 0) {
                        // an addend that nearly cancels the product: the one rounding of fma is visible
                        long p = round(Exact.of(in[0][lane], op.f()).times(Exact.of(in[1][lane], op.f())), op.f(), 0);
                        if ((p & op.f().infinity()) != op.f().infinity()) {
                            in[2][lane] = p ^ op.f().signBit();
                        }
                    }
                    setInputs(w, op.f(), lane, in[0][lane], in[1][lane], in[2][lane]);
                }
                run(t, w, op.text());
                for (int lane = 0; lane < lanes; lane++) {
                    Exact a = Exact.of(in[0][lane], op.f());
                    Exact b = Exact.of(in[1][lane], op.f());
                    Exact exact;
                    if (op.fma()) {
                        exact = a.times(b).plus(Exact.of(in[2][lane], op.f()), rm);
                    } else if (op.mul()) {
                        exact = a.times(b);
                    } else {
                        exact = a.plus(op.sub() ? b.negate() : b, rm);
                    }
                    long expected = round(exact, op.f(), rm);
                    long actual = op.f() == F64 ? w.v64(4, lane) : w.v(2, lane) & (op.f() == F32 ? 0xFFFF_FFFFL : 0xFFFF);
                    assertEquals(Long.toHexString(expected), Long.toHexString(actual), op.text() + " rm " + rm
                            + " lane " + lane + " inputs " + Long.toHexString(in[0][lane]) + ", "
                            + Long.toHexString(in[1][lane]) + ", " + Long.toHexString(in[2][lane]));
                }
            }
        }
    }

    private static void setInputs(Wave w, Format f, int lane, long a, long b, long c) {
        if (f == F32) {
            w.setV(0, lane, (int) a);
            w.setV(1, lane, (int) b);
            w.setV(3, lane, (int) c);
        } else if (f == F64) {
            w.setV64(6, lane, a);
            w.setV64(8, lane, b);
            w.setV64(14, lane, c);
        } else {
            w.setV(10, lane, (int) a);
            w.setV(11, lane, (int) b);
            w.setV(12, lane, (int) c);
        }
    }

    @ParameterizedTest(name = "{0} f32 round {1}, f16/f64 round {2}")
    @MethodSource("cases")
    void packedHalvesAndConversionsRoundByTheirResultsField(Target t, int r32, int r16) {
        SplittableRandom r = new SplittableRandom(t.ordinal() * 7000L + r32 * 16 + r16);
        for (int round = 0; round < ROUNDS; round++) {
            Wave w = wave(t, r32, r16);
            int lanes = w.waveSize();
            long[][] in = new long[6][lanes];
            for (int lane = 0; lane < lanes; lane++) {
                long x = value(r, F16, 0);
                long y = value(r, F16, x);
                long z = value(r, F16, x);
                long u = value(r, F16, 0);
                long v = value(r, F16, u);
                in[0][lane] = x | u << 16;
                in[1][lane] = y | v << 16;
                in[2][lane] = z | value(r, F16, u) << 16;
                in[3][lane] = value(r, F32, 0);
                in[4][lane] = value(r, F64, 0);
                in[5][lane] = r.nextInt(4) == 0 ? r.nextInt(1 << 24) : r.nextInt();
                w.setV(10, lane, (int) in[0][lane]);
                w.setV(11, lane, (int) in[1][lane]);
                w.setV(12, lane, (int) in[2][lane]);
                w.setV(0, lane, (int) in[3][lane]);
                w.setV64(6, lane, in[4][lane]);
                w.setV(1, lane, (int) in[5][lane]);
            }
            run(t, w, "v_pk_add_f16 v2, v10, v11\nv_pk_fma_f16 v3, v10, v11, v12\nv_cvt_f16_f32_e64 v4, v0\n"
                    + "v_cvt_f32_f64_e64 v5, v[6:7]\nv_cvt_f32_i32_e64 v8, v1\nv_cvt_f32_u32_e64 v9, v1");
            for (int lane = 0; lane < lanes; lane++) {
                String where = " rm " + r32 + "/" + r16 + " lane " + lane;
                for (int half = 0; half < 2; half++) {
                    int sh = 16 * half;
                    Exact a = Exact.of(in[0][lane] >>> sh & 0xFFFF, F16);
                    Exact b = Exact.of(in[1][lane] >>> sh & 0xFFFF, F16);
                    Exact c = Exact.of(in[2][lane] >>> sh & 0xFFFF, F16);
                    assertEquals(Long.toHexString(round(a.plus(b, r16), F16, r16)),
                            Long.toHexString(w.v(2, lane) >>> sh & 0xFFFF), "v_pk_add_f16 half " + half + where);
                    assertEquals(Long.toHexString(round(a.times(b).plus(c, r16), F16, r16)),
                            Long.toHexString(w.v(3, lane) >>> sh & 0xFFFF), "v_pk_fma_f16 half " + half + where);
                }
                assertEquals(Long.toHexString(round(Exact.of(in[3][lane], F32), F16, r16)),
                        Long.toHexString(w.v(4, lane) & 0xFFFF), "v_cvt_f16_f32 of "
                                + Long.toHexString(in[3][lane]) + where);
                assertEquals(Long.toHexString(round(Exact.of(in[4][lane], F64), F32, r32)),
                        Long.toHexString(w.v(5, lane) & 0xFFFF_FFFFL), "v_cvt_f32_f64 of "
                                + Long.toHexString(in[4][lane]) + where);
                long i = (int) in[5][lane];
                assertEquals(Long.toHexString(round(new Exact(BigInteger.valueOf(i), 0, false), F32, r32)),
                        Long.toHexString(w.v(8, lane) & 0xFFFF_FFFFL), "v_cvt_f32_i32 of " + i + where);
                long u = i & 0xFFFF_FFFFL;
                assertEquals(Long.toHexString(round(new Exact(BigInteger.valueOf(u), 0, false), F32, r32)),
                        Long.toHexString(w.v(9, lane) & 0xFFFF_FFFFL), "v_cvt_f32_u32 of " + u + where);
            }
        }
    }

    static Stream<Target> targets() {
        return Stream.of(Target.GFX908, Target.GFX942, Target.GFX1030, Target.GFX1100, Target.GFX1200);
    }

    /**
     * Texts with a rounding the lowering does not make follow MODE (square root, reciprocal, division scaling) are
     * refused under a directed mode and run under nearest even; an output modifier is refused under a directed mode;
     * texts that do not round (max, truncating conversion) run under every mode.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void textsThatCannotFollowTheModeAreRefusedNotApproximated(Target t) {
        // text -> the result under nearest even of 4.0 (v0, v[6:7]) and 1.0 (v1), read from v2 or v[4:5]
        Map<String, Long> nearestResults = Map.of(
                "v_sqrt_f32_e64 v2, v0", 0x4000_0000L,
                "v_rcp_f32_e64 v2, v0", 0x3E80_0000L,
                "v_sqrt_f64_e64 v[4:5], v[6:7]", 0x4000_0000_0000_0000L,
                "v_add_f32_e64 v2, v0, v1 mul:2", 0x4120_0000L);
        for (Map.Entry<String, Long> c : nearestResults.entrySet()) {
            String text = c.getKey();
            Wave directed = wave(t, 3, 3);
            UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class, () -> run(t, directed, text), text);
            assertTrue(e.getMessage().contains("MODE"), e.getMessage());
            Wave nearest = wave(t, 0, 0);
            for (int lane = 0; lane < nearest.waveSize(); lane++) {
                nearest.setV(0, lane, 0x4080_0000);
                nearest.setV(1, lane, 0x3F80_0000);
                nearest.setV64(6, lane, Double.doubleToRawLongBits(4.0));
            }
            run(t, nearest, text);
            long actual = text.contains("f64") ? nearest.v64(4, 0) : nearest.v(2, 0) & 0xFFFF_FFFFL;
            assertEquals(Long.toHexString(c.getValue()), Long.toHexString(actual), text);
        }
        Wave w = wave(t, 1, 2);
        for (int lane = 0; lane < w.waveSize(); lane++) {
            w.setV(0, lane, Float.floatToRawIntBits(-2.75f));
            w.setV(1, lane, Float.floatToRawIntBits(1.5f));
        }
        run(t, w, "v_max_f32_e64 v2, v0, v1\nv_cvt_i32_f32_e64 v3, v0");
        assertEquals(Float.floatToRawIntBits(1.5f), w.v(2, 0));
        assertEquals(-2, w.v(3, 0));
    }

    /** s_round_mode (GFX10+) sets MODE[3:0]; the next float instruction rounds by it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void roundModeSetByTheProgramApplies(Target t) {
        if (t.name().startsWith("GFX9")) {
            return; // no s_round_mode before GFX10; s_setreg of MODE is covered by the denormal test
        }
        LongBinaryOperator add = (mode, unused) -> {
            Wave w = wave(t, 0, 0);
            for (int lane = 0; lane < w.waveSize(); lane++) {
                w.setV(0, lane, 0x3F80_0000); // 1.0
                w.setV(1, lane, 0x3380_0000); // 2^-24: half an ulp of 1.0
            }
            run(t, w, "s_round_mode 0x" + Long.toHexString(mode) + "\nv_add_f32_e64 v2, v0, v1");
            return w.v(2, 0) & 0xFFFF_FFFFL;
        };
        assertEquals(0x3F80_0000L, add.applyAsLong(0, 0), "nearest even: the tie goes to 1.0");
        assertEquals(0x3F80_0001L, add.applyAsLong(1, 0), "toward +inf");
        assertEquals(0x3F80_0000L, add.applyAsLong(2, 0), "toward -inf");
        assertEquals(0x3F80_0000L, add.applyAsLong(0xC, 0), "the f16/f64 field does not round f32");
        assertEquals(0x3F80_0001L, add.applyAsLong(0xD, 0), "toward +inf with the other field set");
    }
}
