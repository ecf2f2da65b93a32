package io.github.amdisa.runtime.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Builds whole instructions from random field values with this library's printers and checks that
 * {@code llvm-mc-22} accepts each one and prints it back unchanged, which means our text is LLVM's canonical
 * spelling: VOP3 input and output modifiers, VOP3P bit arrays, DPP, DPP8, SDWA and memory modifiers. One llvm-mc
 * process per target.
 */
class ModifierOracleTest {

    @ParameterizedTest
    @EnumSource(Target.class)
    void llvmMcReprintsOurTextUnchanged(Target t) {
        LlvmMc.assumeAvailable();
        Random rnd = new Random(1234 + t.ordinal());
        List<String> lines = new ArrayList<>();
        vop3(t, rnd, lines);
        vop3p(t, rnd, lines);
        dpp(t, rnd, lines);
        if (t.dialect() == Dialect.GFX9 || t.dialect() == Dialect.GFX10) {
            sdwa(t, rnd, lines);
        }
        memory(t, rnd, lines);
        registers(t, rnd, lines);
        if (t.isTrue16Default()) {
            true16(t, rnd, lines);
        }
        List<LlvmMc.Result> out = LlvmMc.assemble(t, lines);
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            LlvmMc.Result r = out.get(i);
            String theirs = r.ok() ? r.text : "ERROR " + r.error;
            if (!theirs.equals(lines.get(i))) {
                mismatches.add("ours: " + lines.get(i) + "\n      llvm-mc: " + theirs);
            }
        }
        assertTrue(lines.size() > 500, "too few cases");
        assertEquals(List.of(), mismatches.subList(0, Math.min(15, mismatches.size())),
                mismatches.size() + " of " + lines.size() + " instructions differ on " + t);
    }

    private static void vop3(Target t, Random rnd, List<String> lines) {
        for (int i = 0; i < 300; i++) {
            StringBuilder sb = new StringBuilder("v_add_f32_e64 v1, ");
            int kind = rnd.nextInt(t.hasVop3Literal() ? 4 : 3);
            int code = kind == 0 ? 256 + rnd.nextInt(256) : kind == 1 ? rnd.nextInt(100)
                    : kind == 2 ? (rnd.nextBoolean() ? 128 + rnd.nextInt(81) : 240 + rnd.nextInt(9)) : 255;
            long literal = 0x40490fdbL + rnd.nextInt(1000);
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, code, 1, literal, rnd.nextBoolean(),
                    rnd.nextBoolean());
            sb.append(", ");
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, 259, 1, 0, rnd.nextBoolean(),
                    rnd.nextBoolean());
            Vop3Modifiers.printClamp(sb, rnd.nextBoolean());
            Vop3Modifiers.printOmod(sb, rnd.nextInt(4));
            lines.add(sb.toString());
        }
    }

    private static void vop3p(Target t, Random rnd, List<String> lines) {
        for (int i = 0; i < 150; i++) {
            StringBuilder sb = new StringBuilder("v_pk_fma_f16 v1, v2, v3, v4");
            Vop3Modifiers.printBitArray(sb, "op_sel", rnd.nextInt(8), 3, 0);
            Vop3Modifiers.printBitArray(sb, "op_sel_hi", rnd.nextInt(8), 3, 7);
            Vop3Modifiers.printBitArray(sb, "neg_lo", rnd.nextInt(8), 3, 0);
            Vop3Modifiers.printBitArray(sb, "neg_hi", rnd.nextInt(8), 3, 0);
            Vop3Modifiers.printClamp(sb, rnd.nextInt(4) == 0);
            lines.add(sb.toString());
        }
    }

    private static void dpp(Target t, Random rnd, List<String> lines) {
        int[] ctrls = validCtrls(t);
        boolean gfx10Plus = t.dialect().isGfx10Plus();
        for (int i = 0; i < 300; i++) {
            StringBuilder sb = new StringBuilder("v_add_f32_dpp v1, ");
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, 258, 1, 0, rnd.nextBoolean(),
                    rnd.nextBoolean());
            sb.append(", ");
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, 259, 1, 0, rnd.nextBoolean(),
                    rnd.nextBoolean());
            sb.append(' ');
            Dpp.printCtrl(sb, t, ctrls[rnd.nextInt(ctrls.length)]);
            Dpp.printMasks(sb, rnd.nextInt(16), rnd.nextInt(16), rnd.nextBoolean(), gfx10Plus && rnd.nextBoolean());
            lines.add(sb.toString());
        }
        if (gfx10Plus) {
            for (int i = 0; i < 60; i++) {
                StringBuilder sb = new StringBuilder("v_mov_b32_dpp v1, v2 ");
                Dpp.printDpp8(sb, rnd.nextInt(1 << 24));
                Dpp.printDpp8Fi(sb, rnd.nextBoolean());
                lines.add(sb.toString());
            }
        }
    }

    static int[] validCtrls(Target t) {
        List<Integer> list = new ArrayList<>();
        for (int c = 0; c < 0x170; c++) {
            StringBuilder sb = new StringBuilder();
            Dpp.printCtrl(sb, t, c);
            if (!sb.toString().contains("/*")) {
                list.add(c);
            }
        }
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void sdwa(Target t, Random rnd, List<String> lines) {
        for (int i = 0; i < 200; i++) {
            StringBuilder sb = new StringBuilder("v_add_f32_sdwa v1, ");
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, 258, 1, 0, rnd.nextBoolean(),
                    rnd.nextBoolean());
            sb.append(", ");
            SourceOperands.printWithModifiers(sb, t, OperandType.FP32, 259, 1, 0, rnd.nextBoolean(),
                    rnd.nextBoolean());
            Vop3Modifiers.printClamp(sb, rnd.nextBoolean());
            if (t.dialect() == Dialect.GFX9) {
                Vop3Modifiers.printOmod(sb, rnd.nextInt(4));
            }
            Sdwa.printSel(sb, "dst_sel", rnd.nextInt(7));
            Sdwa.printDstUnused(sb, rnd.nextInt(3));
            Sdwa.printSel(sb, "src0_sel", rnd.nextInt(7));
            Sdwa.printSel(sb, "src1_sel", rnd.nextInt(7));
            lines.add(sb.toString());
        }
        for (int i = 0; i < 60; i++) {
            StringBuilder sb = new StringBuilder("v_cvt_f32_ubyte0_sdwa v1, ");
            SourceOperands.printWithSext(sb, t, OperandType.INT32, 258, 1, rnd.nextBoolean());
            Vop3Modifiers.printClamp(sb, rnd.nextBoolean());
            Sdwa.printSel(sb, "dst_sel", rnd.nextInt(7));
            Sdwa.printDstUnused(sb, rnd.nextInt(3));
            Sdwa.printSel(sb, "src0_sel", rnd.nextInt(7));
            lines.add(sb.toString());
        }
    }

    private static void memory(Target t, Random rnd, List<String> lines) {
        Dialect d = t.dialect();
        boolean newNames = d.isGfx11Plus();
        for (int i = 0; i < 150; i++) {
            StringBuilder sb = new StringBuilder(newNames ? "global_load_b32 v1, v[2:3], off" :
                    "global_load_dword v1, v[2:3], off");
            int bits = d == Dialect.GFX10 ? 12 : d.isGfx12Plus() ? 24 : 13;
            MemoryModifiers.printOffset(sb, MemoryModifiers.signExtend(rnd.nextInt(1 << bits), bits));
            cachePolicy(t, rnd, sb, MemoryModifiers.Access.LOAD);
            lines.add(sb.toString());
        }
        if (d.isGfx12Plus()) {
            for (int i = 0; i < 80; i++) {
                StringBuilder sb = new StringBuilder("global_store_b32 v[2:3], v1, off");
                MemoryModifiers.printOffset(sb, rnd.nextInt(4096));
                cachePolicy(t, rnd, sb, MemoryModifiers.Access.STORE);
                lines.add(sb.toString());
            }
        }
        if (t != Target.GFX1250) {
            for (int i = 0; i < 60; i++) {
                StringBuilder sb = new StringBuilder(newNames ? "ds_load_2addr_b32 v[2:3], v4" :
                        "ds_read2_b32 v[2:3], v4");
                MemoryModifiers.printOffsets01(sb, rnd.nextInt(256), rnd.nextInt(256));
                lines.add(sb.toString());
            }
            for (int i = 0; i < 80; i++) {
                StringBuilder sb = new StringBuilder("tbuffer_load_format_x v1, off, s[4:7], s1");
                int format = d == Dialect.GFX9 ? rnd.nextInt(128) : rnd.nextInt(d == Dialect.GFX10 ? 78 : 64);
                MemoryModifiers.printFormat(sb, t, format);
                MemoryModifiers.printOffset(sb, rnd.nextInt(4096));
                lines.add(sb.toString());
            }
        }
        for (int i = 0; i < 60; i++) {
            StringBuilder sb = new StringBuilder(newNames ? "s_load_b32 s1, s[2:3], " : "s_load_dword s1, s[2:3], ");
            int bits = d.isGfx12Plus() ? 24 : 21;
            MemoryModifiers.printSmemOffset(sb, MemoryModifiers.signExtend(rnd.nextInt(1 << bits), bits));
            lines.add(sb.toString());
        }
    }

    private static void true16(Target t, Random rnd, List<String> lines) {
        for (int i = 0; i < 60; i++) {
            StringBuilder sb = new StringBuilder("v_cvt_f32_f16_e32 v1, ");
            int code = rnd.nextBoolean() ? 256 + rnd.nextInt(256) : 240 + rnd.nextInt(9);
            SourceOperands.printTrue16(sb, t, OperandType.FP16, code, 0, true, false);
            lines.add(sb.toString());
        }
        for (int i = 0; i < 60; i++) {
            boolean h0 = rnd.nextBoolean();
            boolean h1 = rnd.nextBoolean();
            boolean hd = rnd.nextBoolean();
            StringBuilder sb = new StringBuilder("v_add_f16_e64 ");
            Registers.printVgpr16(sb, rnd.nextInt(256), hd);
            sb.append(", ");
            SourceOperands.printTrue16(sb, t, OperandType.FP16, 256 + rnd.nextInt(256), 0, false, h0);
            sb.append(", ");
            SourceOperands.printTrue16(sb, t, OperandType.FP16, 256 + rnd.nextInt(256), 0, false, h1);
            Vop3Modifiers.printBitArray(sb, "op_sel", (h0 ? 1 : 0) | (h1 ? 2 : 0) | (hd ? 4 : 0), 3, 0);
            lines.add(sb.toString());
        }
    }

    private static void registers(Target t, Random rnd, List<String> lines) {
        boolean newNames = t.dialect().isGfx11Plus();
        int[] sWidths = {2, 4, 8, 16};
        String[] sOld = {"s_buffer_load_dwordx2", "s_buffer_load_dwordx4", "s_buffer_load_dwordx8",
            "s_buffer_load_dwordx16"};
        String[] sNew = {"s_buffer_load_b64", "s_buffer_load_b128", "s_buffer_load_b256", "s_buffer_load_b512"};
        int sgprs = t.dialect() == Dialect.GFX9 ? 102 : 106;
        for (int i = 0; i < 60; i++) {
            int w = rnd.nextInt(sWidths.length);
            int count = sWidths[w];
            int align = count == 2 ? 2 : 4;
            int first = rnd.nextInt((sgprs - count) / align + 1) * align;
            StringBuilder sb = new StringBuilder(newNames ? sNew[w] : sOld[w]).append(' ');
            Registers.print(sb, RegisterKind.SGPR, first, count);
            sb.append(", ");
            Registers.print(sb, RegisterKind.SGPR, 8, 4);
            sb.append(", 0x0");
            lines.add(sb.toString());
        }
        String[] vOld = {"global_load_dword", "global_load_dwordx2", "global_load_dwordx3", "global_load_dwordx4"};
        String[] vNew = {"global_load_b32", "global_load_b64", "global_load_b96", "global_load_b128"};
        for (int i = 0; i < 80; i++) {
            int count = 1 + rnd.nextInt(4);
            boolean agpr = t.isGfx90aPlus() && rnd.nextInt(3) == 0;
            int first = rnd.nextInt(256 - count + 1);
            if (t.requiresAlignedVgprTuples() && count > 1) {
                first &= ~1;
            }
            StringBuilder sb = new StringBuilder(newNames ? vNew[count - 1] : vOld[count - 1]).append(' ');
            Registers.print(sb, agpr ? RegisterKind.AGPR : RegisterKind.VGPR, first, count);
            sb.append(", ");
            Registers.print(sb, RegisterKind.VGPR, 2 * rnd.nextInt(127), 2);
            sb.append(", off");
            lines.add(sb.toString());
        }
    }

    private static void cachePolicy(Target t, Random rnd, StringBuilder sb, MemoryModifiers.Access access) {
        if (t.dialect().isGfx12Plus()) {
            int th = rnd.nextInt(access == MemoryModifiers.Access.LOAD ? 7 : 8);
            int scope = rnd.nextInt(4);
            MemoryModifiers.printGfx12Policy(sb, th, scope, false, access);
        } else {
            MemoryModifiers.printCachePolicy(sb, t, rnd.nextBoolean(), rnd.nextBoolean(),
                    t.dialect().isGfx10Plus() && rnd.nextBoolean(), t.isGfx90aPlus() && rnd.nextBoolean(), false);
        }
    }
}
