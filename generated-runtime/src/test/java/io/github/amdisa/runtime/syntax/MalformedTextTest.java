package io.github.amdisa.runtime.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed text yields {@link AsmSyntaxException} at the right column and never another exception: exact columns
 * for typical mistakes, then thousands of mutated strings through every parser.
 */
class MalformedTextTest {

    @ParameterizedTest(name = "{0} in {1}: column {2}")
    @CsvSource(delimiter = ';', value = {
        "v256; register; 1",
        "v[3:2]; register; 1",
        "s[1:2]; register; 1",
        "v[2:; register; 5",
        "s106; register; 1",
        "ttmp16; register; 1",
        "lit(; source; 5",
        "lit(1.0; source; 8",
        "1.0e; source; 4",
        "0x; source; 3",
        "0x100000000; source; 1",
        "-|v1; modifiers; 5",
        "neg(v1; modifiers; 7",
        "vmcnt(64); waitcnt; 7",
        "vmcnt(1) foo(2); waitcnt; 10",
        "hwreg(HW_REG_FOO); hwreg; 7",
        "hwreg(HW_REG_MODE, 0, 33); hwreg; 23",
        "sendmsg(MSG_GS); sendmsg; 9",
        "instid0(VALU_DEP_9); delay; 9",
        "depctr_va_vdst(16); depctr; 16",
        "quad_perm:[0,1,2,4]; dpp; 18",
        "row_bcast:15; dpp; 1",
    })
    void reportsTheColumn(String text, String parser, int column) {
        Target t = parser.equals("delay") || parser.equals("depctr") || parser.equals("dpp") ? Target.GFX1100
                : Target.GFX908;
        AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> parse(parser, t, text));
        assertEquals(column, e.column(), e.getMessage());
    }

    private static final List<String> SEEDS = List.of(
            "v5", "v[2:3]", "s[4:7]", "ttmp[4:5]", "a[0:3]", "vcc", "exec_hi", "m0", "null", "v5.h", "[s4,s5]",
            "1.0", "-4.0", "0.15915494", "0x3f800000", "lit(1.0)", "lit64(0x5)", "-17", "1e3", "0b101",
            "-|v1|", "neg(1.0)", "abs(s2)", "sext(v1)", "|lit(0x3f800000)|",
            "vmcnt(0) expcnt(0) lgkmcnt(0)", "vmcnt_sat(99) & lgkmcnt(1)", "hwreg(HW_REG_MODE, 2, 3)", "hwreg(63)",
            "sendmsg(MSG_GS, GS_OP_CUT, 1)", "sendmsg(127, 0, 0)", "instid0(VALU_DEP_1) | instskip(NEXT)",
            "depctr_va_vdst(0) depctr_sa_sdst(1)", "quad_perm:[0,1,2,3]", "row_shl:1", "row_newbcast:3",
            "dpp8:[7,6,5,4,3,2,1,0]", "op_sel:[0,1,0]", "mul:2", "div:2", "format:[BUF_FMT_32_FLOAT]",
            "format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]", "dim:SQ_RSRC_IMG_2D", "th:TH_LOAD_NT",
            "scope:SCOPE_SYS", "dst_sel:WORD_1", "dst_unused:UNUSED_PAD", "offset:4095", "dmask:0xf", "byte_sel:2");
    private static final String ALPHABET = "vsa[]:(),|-+.0123456789xXbeEhl_ &MSG_HW_REGlitnegabsvcc\t";

    @Test
    void mutatedTextOnlyEverThrowsAsmSyntaxException() {
        Random rnd = new Random(42);
        String[] parsers = {"register", "source", "modifiers", "sext", "waitcnt", "hwreg", "sendmsg", "delay",
            "depctr", "dpp", "vop3", "sdwa", "memory"};
        int runs = 0;
        int rejected = 0;
        for (int i = 0; i < 6000; i++) {
            String text = mutate(SEEDS.get(rnd.nextInt(SEEDS.size())), rnd);
            for (Target t : new Target[] {Target.GFX908, Target.GFX942, Target.GFX1030, Target.GFX1100,
                Target.GFX1200, Target.GFX1250}) {
                String parser = parsers[rnd.nextInt(parsers.length)];
                runs++;
                try {
                    parse(parser, t, text);
                } catch (AsmSyntaxException e) {
                    rejected++;
                    assertTrue(e.offset() >= 0 && e.offset() <= text.length(),
                            () -> "offset " + e.offset() + " outside '" + text + "'");
                } catch (RuntimeException e) {
                    fail(parser + " on " + t + " threw " + e + " for '" + text + "'", e);
                }
            }
        }
        assertTrue(runs > 30000 && rejected > runs / 4, runs + " runs, " + rejected + " rejected");
    }

    private static String mutate(String seed, Random rnd) {
        StringBuilder sb = new StringBuilder(seed);
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int op = rnd.nextInt(5);
            int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length() + 1);
            char c = ALPHABET.charAt(rnd.nextInt(ALPHABET.length()));
            switch (op) {
                case 0:
                    sb.insert(at, c);
                    break;
                case 1:
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                    break;
                case 2:
                    if (at < sb.length()) {
                        sb.setCharAt(at, c);
                    }
                    break;
                case 3:
                    sb.setLength(at);
                    break;
                default:
                    sb.insert(at, sb.substring(at, Math.min(sb.length(), at + 1 + rnd.nextInt(4))));
                    break;
            }
        }
        return sb.toString();
    }

    /** Runs one parser family over the whole text, as a generated assembler would. */
    static void parse(String parser, Target t, String text) {
        AsmCursor c = new AsmCursor(text);
        Operand op = new Operand();
        switch (parser) {
            case "register":
                Registers.parse(c, t, op);
                break;
            case "source":
                SourceOperands.parse(c, t, OperandType.FP32, 1, 0, op);
                break;
            case "modifiers":
                SourceOperands.parseWithModifiers(c, t, OperandType.FP16, 1, SourceOperands.ALLOW_LITERAL64, op);
                break;
            case "sext":
                SourceOperands.parseWithSext(c, t, OperandType.INT32, 1, op);
                break;
            case "waitcnt":
                Waitcnt.parse(c, t);
                break;
            case "hwreg":
                HwReg.parse(c, t);
                break;
            case "sendmsg":
                SendMsg.parse(c, t);
                break;
            case "delay":
                DelayAlu.parse(c);
                break;
            case "depctr":
                DepCtr.parse(c, t);
                break;
            case "dpp":
                loop(c, x -> {
                    if (Dpp.tryParseCtrl(x, t) < 0 && Dpp.tryParseRowMask(x) < 0 && Dpp.tryParseBankMask(x) < 0
                            && Dpp.tryParseBoundCtrl(x, t) < 0 && Dpp.tryParseFetchInactive(x) < 0
                            && Dpp.tryParseDpp8(x) < 0) {
                        throw x.error("invalid modifier");
                    }
                });
                break;
            case "vop3":
                loop(c, x -> {
                    if (!Vop3Modifiers.tryParseClamp(x) && Vop3Modifiers.tryParseOmod(x) < 0
                            && Vop3Modifiers.tryParseBitArray(x, "op_sel", 3) < 0
                            && Vop3Modifiers.tryParseBitArray(x, "neg_lo", 3) < 0
                            && Vop3Modifiers.tryParseByteSel(x) < 0) {
                        throw x.error("invalid modifier");
                    }
                });
                break;
            case "sdwa":
                loop(c, x -> {
                    if (Sdwa.tryParseSel(x, "dst_sel") < 0 && Sdwa.tryParseSel(x, "src0_sel") < 0
                            && Sdwa.tryParseDstUnused(x) < 0) {
                        throw x.error("invalid modifier");
                    }
                });
                break;
            case "memory":
                loop(c, x -> {
                    if (MemoryModifiers.tryParseValue(x, "offset", -4096, 4095) == Long.MIN_VALUE
                            && MemoryModifiers.tryParseCacheBit(x, t, false) < 0
                            && MemoryModifiers.tryParseTemporalHint(x, MemoryModifiers.Access.LOAD) < 0
                            && MemoryModifiers.tryParseScope(x) < 0 && MemoryModifiers.tryParseFormat(x, t) < 0
                            && MemoryModifiers.tryParseDim(x) < 0 && MemoryModifiers.tryParseDmask(x) < 0) {
                        throw x.error("invalid modifier");
                    }
                });
                break;
            default:
                throw new IllegalArgumentException(parser);
        }
        c.expectEnd();
    }

    private static void loop(AsmCursor c, Consumer<AsmCursor> one) {
        while (!c.atEnd()) {
            one.accept(c);
        }
    }
}
