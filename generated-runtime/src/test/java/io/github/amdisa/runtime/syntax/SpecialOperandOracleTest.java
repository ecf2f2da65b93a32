package io.github.amdisa.runtime.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compares the symbolic immediates ({@code s_waitcnt}, {@code hwreg}, {@code sendmsg}, {@code s_delay_alu},
 * {@code depctr}, {@code s_version}) with {@code llvm-mc-22} in both directions: our printing of many encoded values against its
 * disassembly, and its encoding of our printed text against our parse of it.
 */
class SpecialOperandOracleTest {

    /** One symbolic-immediate instruction: how to spell it and how we print/parse its operand. */
    static final class Kind {
        final String name;
        final String prefix;
        final BiConsumer<StringBuilder, Integer> printer;
        final Function<AsmCursor, Integer> parser;

        Kind(String name, String prefix, BiConsumer<StringBuilder, Integer> printer,
                Function<AsmCursor, Integer> parser) {
            this.name = name;
            this.prefix = prefix;
            this.printer = printer;
            this.parser = parser;
        }
    }

    static List<Kind> kinds(Target t) {
        List<Kind> list = new ArrayList<>();
        if (t != Target.GFX1250) {
            list.add(new Kind("waitcnt", "s_waitcnt ", (sb, v) -> Waitcnt.print(sb, t, v),
                    c -> Waitcnt.parse(c, t)));
        }
        list.add(new Kind("hwreg", "s_getreg_b32 s1, ", (sb, v) -> HwReg.print(sb, t, v), c -> HwReg.parse(c, t)));
        list.add(new Kind("sendmsg", "s_sendmsg ", (sb, v) -> SendMsg.print(sb, t, v), c -> SendMsg.parse(c, t)));
        if (t.dialect().isGfx11Plus()) {
            list.add(new Kind("delay_alu", "s_delay_alu ", (sb, v) -> DelayAlu.print(sb, v), DelayAlu::parse));
        }
        if (t.dialect().isGfx10Plus()) {
            String mnemonic = t.dialect().isGfx12Plus() ? "s_wait_alu " : "s_waitcnt_depctr ";
            list.add(new Kind("depctr", mnemonic, (sb, v) -> DepCtr.print(sb, t, v), c -> DepCtr.parse(c, t)));
            // A value without a symbolic form prints as the plain hex immediate.
            list.add(new Kind("uc_version", "s_version ", (sb, v) -> {
                if (!UcVersion.print(sb, v)) {
                    sb.append(String.format("0x%x", v));
                }
            }, UcVersion::parse));
        }
        return list;
    }

    static List<Integer> values(Kind k, Target t) {
        Random rnd = new Random(k.name.hashCode() * 31L + t.ordinal());
        List<Integer> vals = new ArrayList<>();
        for (int v : new int[] {0, 1, 0xffff, 0xfffe, 0x7f, 0x80, 0xf800, 0x0f9f, 0xff9f, 0xff1f, 0x91, 0x2006,
            0xa0f6, 0xe009, 0x4004}) {
            vals.add(v);
        }
        for (int i = 0; i < 1024; i++) {
            vals.add(i);
        }
        for (int i = 0; i < 400; i++) {
            vals.add(rnd.nextInt(0x10000));
        }
        if (k.name.equals("waitcnt")) {
            for (int i = 0; i < 300; i++) {
                vals.add(Waitcnt.encode(t, rnd.nextInt(64), rnd.nextInt(8), rnd.nextInt(Waitcnt.lgkmcntMax(t) + 1)));
            }
        }
        if (k.name.equals("hwreg")) {
            for (int i = 0; i < 300; i++) {
                vals.add(HwReg.encode(rnd.nextInt(64), rnd.nextInt(32), 1 + rnd.nextInt(32)));
            }
        }
        return vals;
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void printingMatchesDisassembler(Target target) {
        LlvmMc.assumeAvailable();
        for (Kind k : kinds(target)) {
            int base = LlvmMc.assemble(target, List.of(k.prefix + "0")).get(0).words()[0] & 0xffff0000;
            List<Integer> vals = values(k, target);
            List<String> lines = new ArrayList<>();
            for (int v : vals) {
                lines.add(LlvmMc.bytes(base | v));
            }
            List<LlvmMc.Result> out = LlvmMc.disassemble(target, lines);
            List<String> mismatches = new ArrayList<>();
            for (int i = 0; i < vals.size(); i++) {
                LlvmMc.Result r = out.get(i);
                if (!r.ok()) {
                    continue;
                }
                String theirs = r.text.substring(r.text.indexOf(' ') + 1);
                if (k.prefix.contains(",")) {
                    theirs = theirs.substring(theirs.indexOf(", ") + 2);
                }
                StringBuilder sb = new StringBuilder();
                k.printer.accept(sb, vals.get(i));
                if (!theirs.equals(sb.toString())) {
                    mismatches.add(String.format("%s 0x%04x: llvm-mc=%s ours=%s", k.name, vals.get(i), theirs, sb));
                }
            }
            assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())),
                    mismatches.size() + " mismatches of " + k.name + " on " + target);
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void parsingOurTextMatchesAssembler(Target target) {
        LlvmMc.assumeAvailable();
        for (Kind k : kinds(target)) {
            List<Integer> vals = values(k, target);
            List<String> lines = new ArrayList<>();
            List<Integer> ours = new ArrayList<>();
            for (int v : vals) {
                StringBuilder sb = new StringBuilder();
                k.printer.accept(sb, v);
                String text = sb.toString();
                lines.add(k.prefix + text);
                int parsed;
                try {
                    AsmCursor c = new AsmCursor(text);
                    parsed = k.parser.apply(c);
                    c.expectEnd();
                } catch (AsmSyntaxException e) {
                    parsed = -1;
                }
                ours.add(parsed);
                if (parsed >= 0) {
                    StringBuilder again = new StringBuilder();
                    k.printer.accept(again, parsed);
                    assertEquals(text, again.toString(), () -> k.name + " print-parse-print of " + text);
                }
            }
            List<LlvmMc.Result> out = LlvmMc.assemble(target, lines);
            List<String> mismatches = new ArrayList<>();
            int compared = 0;
            for (int i = 0; i < lines.size(); i++) {
                LlvmMc.Result r = out.get(i);
                int theirs = r.ok() && r.encoding != null ? r.words()[0] & 0xffff : -1;
                if (theirs != ours.get(i)) {
                    mismatches.add(String.format("%s: llvm-mc=0x%x (%s) ours=0x%x", lines.get(i), theirs, r,
                            ours.get(i)));
                }
                compared++;
            }
            assertTrue(compared > 0);
            assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())),
                    mismatches.size() + " mismatches of " + k.name + " on " + target);
        }
    }
}
