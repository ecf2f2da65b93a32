package io.github.amdisa.runtime.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Print-then-parse round trips, without llvm-mc. */
class RoundTripTest {

    private static final OperandType[] TYPES = {
        OperandType.FP32, OperandType.INT32, OperandType.FP16, OperandType.BF16, OperandType.INT16,
        OperandType.V2FP16, OperandType.V2INT16, OperandType.V2BF16, OperandType.FP64, OperandType.INT64,
    };

    @ParameterizedTest
    @EnumSource(Target.class)
    void sourceOperandsSurvivePrintThenParse(Target t) {
        Random rnd = new Random(t.ordinal());
        Operand op = new Operand();
        int checked = 0;
        for (OperandType type : TYPES) {
            int dwords = type.is64() ? 2 : 1;
            for (int code = 0; code < 512; code++) {
                if (code == 254 || code == 255 || code >= 230 && code < 240 || code > 250 && code < 256) {
                    continue; // literals below; src_* constants depend on parser availability per target
                }
                StringBuilder sb = new StringBuilder();
                if (!SourceOperands.print(sb, t, type, code, dwords, 0)) {
                    continue;
                }
                if (code == 125 && !t.dialect().isGfx10Plus() || code >= 102 && code <= 105 && dwords == 1
                        && t.dialect().isGfx10Plus()) {
                    // GFX9 prints "null" that its parser rejects; nothing else to skip for single registers.
                    if (sb.toString().equals("null")) {
                        continue;
                    }
                }
                if (code - Registers.VGPR_FIRST + dwords > 256) {
                    continue; // v[255:256] is printed (as by LLVM) but is not a valid register range
                }
                if (type == OperandType.INT16 && code >= InlineConstants.FLOAT_FIRST) {
                    continue; // LLVM prints these as f16 hex (0x3800), which its parser reads as a literal
                }
                boolean neg = rnd.nextBoolean();
                boolean abs = rnd.nextBoolean();
                StringBuilder withMods = new StringBuilder();
                SourceOperands.printWithModifiers(withMods, t, type, code, dwords, 0, neg, abs);
                SourceOperands.parseWithModifiers(new AsmCursor(withMods), t, type, dwords, 0, op);
                int expected = code;
                int sgprLimit = t.dialect() == io.github.amdisa.runtime.Dialect.GFX9 ? 102 : 106;
                if (dwords == 2 && (code < sgprLimit || code >= 108 && code < 124)) {
                    // misaligned pairs print aligned down (LLVM does the same)
                    expected = code & ~1;
                }
                String ctx = t + " " + type + " code " + code + " text " + withMods;
                assertEquals(expected, op.code(), ctx);
                assertEquals(neg, op.neg(), ctx);
                assertEquals(abs, op.abs(), ctx);
                checked++;
            }
            for (int i = 0; i < 200; i++) {
                long literal = type.bits() == 16 ? rnd.nextInt(0x10000) : rnd.nextInt() & 0xffffffffL;
                StringBuilder sb = new StringBuilder();
                SourceOperands.print(sb, t, type, InlineConstants.LITERAL, dwords, literal);
                SourceOperands.parse(new AsmCursor(sb), t, type, dwords, 0, op);
                if (type == OperandType.FP64 && InlineConstants.f64Code(literal << 32) >= 0) {
                    continue; // LLVM prints such a literal as the float it stands for, which reads back inline
                }
                if (type == OperandType.INT16 && InlineConstants.isInlinable32((int) literal)) {
                    continue;
                }
                String ctx = t + " " + type + " literal 0x" + Long.toHexString(literal) + " text " + sb;
                assertEquals(InlineConstants.LITERAL, op.code(), ctx);
                assertEquals(literal, op.literal(), ctx);
                checked++;
            }
        }
        assertTrue(checked > 3000);
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void specialImmediatesSurvivePrintParsePrint(Target t) {
        Random rnd = new Random(99 + t.ordinal());
        check(t, rnd, (sb, v) -> HwReg.print(sb, t, v), c -> HwReg.parse(c, t));
        check(t, rnd, (sb, v) -> SendMsg.print(sb, t, v), c -> SendMsg.parse(c, t));
        if (t != Target.GFX1250) {
            check(t, rnd, (sb, v) -> Waitcnt.print(sb, t, v), c -> Waitcnt.parse(c, t));
        }
        if (t.dialect().isGfx11Plus()) {
            check(t, rnd, (sb, v) -> DelayAlu.print(sb, v), DelayAlu::parse);
        }
        if (t.dialect().isGfx10Plus()) {
            check(t, rnd, (sb, v) -> DepCtr.print(sb, t, v), c -> DepCtr.parse(c, t));
        }
        for (int ctrl : ModifierOracleTest.validCtrls(t)) {
            StringBuilder sb = new StringBuilder();
            Dpp.printCtrl(sb, t, ctrl);
            assertEquals(ctrl, Dpp.tryParseCtrl(new AsmCursor(sb), t), sb::toString);
        }
        for (int format = 0; format < 128; format++) {
            StringBuilder sb = new StringBuilder();
            MemoryModifiers.printFormat(sb, t, format);
            if (sb.length() > 0) {
                assertEquals(format, MemoryModifiers.tryParseFormat(new AsmCursor(sb), t), sb::toString);
            }
        }
    }

    private static void check(Target t, Random rnd, BiConsumer<StringBuilder, Integer> print,
            Function<AsmCursor, Integer> parse) {
        for (int i = 0; i < 3000; i++) {
            int v = i < 1024 ? i : rnd.nextInt(0x10000);
            StringBuilder sb = new StringBuilder();
            print.accept(sb, v);
            if (sb.indexOf("/*") >= 0) {
                continue; // LLVM's comments for invalid fields are not meant to be parsed
            }
            AsmCursor c = new AsmCursor(sb);
            int parsed = parse.apply(c);
            c.expectEnd();
            StringBuilder again = new StringBuilder();
            print.accept(again, parsed);
            assertEquals(sb.toString(), again.toString(), t + " value 0x" + Integer.toHexString(v));
        }
    }
}
