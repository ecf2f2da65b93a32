package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.asm.Assembler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statements written the way people (and LLVM's own assembler tests) write them, not the way the disassembler
 * prints them: mnemonics without {@code _e32}/{@code _e64} whose operands need VOP3 modifiers, and integer
 * expressions as immediates ({@code 1<<4|1}, {@code (7-1)/2}), and the older instruction names LLVM still reads
 * ({@code global_load_dword}, {@code ds_write_b32}, {@code s_andn2_b32}, {@code v_max_f32} on GFX12, ...). Whatever llvm-mc-22 assembles, amdisa must assemble to
 * the same bytes; the expected bytes come from llvm-mc only. Statements llvm-mc rejects are counted, not judged.
 */
class UserSpellingLlvmTest {

    @ParameterizedTest
    @EnumSource(Generation.class)
    void llvmMcAndAmdisaEncodeUserSpellingsAlike(Generation g) throws Exception {
        Assumptions.assumeTrue(LlvmMc.available(), LlvmMc.EXECUTABLE + " is not installed (apt-get install llvm-22)");
        Random rnd = new Random(77 + g.ordinal());
        List<String> lines = new ArrayList<>();
        String[] vop2 = {"v_add_f32", "v_sub_f32", "v_mul_f32", "v_subrev_f32"};
        String[] vop1 = {"v_sqrt_f32", "v_rcp_f32", "v_exp_f32", "v_fract_f32", "v_cvt_f32_i32"};
        for (int i = 0; i < 120; i++) {
            String a = source(rnd);
            String b = source(rnd);
            lines.add(vop2[rnd.nextInt(vop2.length)] + " v" + rnd.nextInt(256) + ", " + a + ", " + b + outputModifiers(rnd));
            lines.add(vop1[rnd.nextInt(vop1.length)] + " v" + rnd.nextInt(256) + ", " + a + outputModifiers(rnd));
        }
        for (int i = 0; i < 150; i++) {
            String e = expression(rnd, 3);
            lines.add("s_mov_b32 s" + rnd.nextInt(100) + ", " + e);
            lines.add("s_and_b32 s" + rnd.nextInt(100) + ", s" + rnd.nextInt(100) + ", " + e);
            lines.add("v_mov_b32 v" + rnd.nextInt(256) + ", " + e);
            lines.add("v_and_b32 v" + rnd.nextInt(256) + ", " + e + ", v" + rnd.nextInt(256));
            lines.add("s_movk_i32 s" + rnd.nextInt(100) + ", " + e);
        }
        for (int i = 0; i < 4; i++) {
            legacy(rnd, lines);
        }
        Assembler asm = Assembler.llvm(TestIsas.instructionSet(g));
        List<LlvmAsm.Result> llvm = LlvmAsm.assemble(g.llvmTarget(), lines);
        int accepted = 0;
        int same = 0;
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            LlvmAsm.Result r = llvm.get(i);
            if (!r.ok()) {
                continue;
            }
            accepted++;
            String ours;
            try {
                Assembler.Assembly a = asm.assemble(lines.get(i));
                if (Arrays.equals(LlvmDifferentialTest.bytes(a.words()), r.bytes())) {
                    same++;
                    continue;
                }
                ours = a.text() + " " + a.bytes();
            } catch (AsmSyntaxException e) {
                ours = "error: " + e.getMessage();
            }
            differ.add(lines.get(i) + "\n   llvm-mc: " + r.text() + "\n   amdisa:  " + ours);
        }
        assertTrue(accepted > lines.size() / 2, "llvm-mc accepted only " + accepted + " of " + lines.size());
        assertEquals(List.of(), differ.subList(0, Math.min(12, differ.size())),
                differ.size() + " of " + accepted + " statements llvm-mc accepts differ on " + g);
        assertEquals(accepted, same);
    }

    /**
     * Pre-GFX11/GFX12 names that LLVM still reads on the newer targets (and that are the real names on the older
     * ones): sized memory names, ds_read/ds_write, s_andn2, v_add_u32, v_max_f32, s_add_u32, HW_REG_MODE.
     */
    private static void legacy(Random rnd, List<String> lines) {
        int v = rnd.nextInt(200);
        int a = rnd.nextInt(100) & ~1;
        int s = rnd.nextInt(90) & ~3;
        String[] memory = {
            "global_load_dword v%1$d, v[%2$d:%3$d], off", "global_load_dwordx2 v[%1$d:%4$d], v[%2$d:%3$d], off",
            "global_load_ubyte v%1$d, v[%2$d:%3$d], off", "global_load_sshort v%1$d, v[%2$d:%3$d], off offset:16",
            "global_store_dword v[%2$d:%3$d], v%1$d, off", "global_store_byte v[%2$d:%3$d], v%1$d, off",
            "global_load_short_d16_hi v%1$d, v[%2$d:%3$d], off", "flat_load_dwordx4 v[%1$d:%5$d], v[%2$d:%3$d]",
            "flat_store_dwordx3 v[%2$d:%3$d], v[%1$d:%6$d]", "buffer_load_dword v%1$d, off, s[%7$d:%8$d], 0",
            "buffer_store_dwordx2 v[%1$d:%4$d], off, s[%7$d:%8$d], 0 offset:8",
            "buffer_load_ushort v%1$d, off, s[%7$d:%8$d], 0", "scratch_load_dword v%1$d, off, s%2$d",
            "ds_write_b32 v%1$d, v%2$d", "ds_read_b32 v%1$d, v%2$d offset:4", "ds_write2_b32 v%1$d, v%2$d, v%3$d",
            "ds_read2st64_b64 v[%1$d:%5$d], v%2$d offset1:3", "ds_read_u8 v%1$d, v%2$d",
            "s_load_dword s%9$d, s[%10$d:%11$d], 0x10", "s_load_dwordx4 s[%7$d:%8$d], s[%10$d:%11$d], 0x20",
            "s_buffer_load_dwordx2 s[%10$d:%11$d], s[%7$d:%8$d], 0x4",
            "global_atomic_add v[%2$d:%3$d], v%1$d, off", "global_atomic_smax_x2 v[%2$d:%3$d], v[%1$d:%4$d], off",
            "buffer_atomic_cmpswap v[%1$d:%4$d], off, s[%7$d:%8$d], 0",
        };
        String[] alu = {
            "s_andn2_b32 s%9$d, s%10$d, s%11$d", "s_orn2_b64 s[%10$d:%11$d], s[%7$d:%12$d], exec",
            "s_andn2_saveexec_b64 s[%10$d:%11$d], s[%7$d:%12$d]", "s_add_u32 s%9$d, s%10$d, 17",
            "s_addc_u32 s%9$d, s%10$d, s%11$d", "s_sub_u32 s%9$d, s%10$d, s%11$d", "v_add_u32 v%1$d, v%2$d, v%3$d",
            "v_sub_u32 v%1$d, s%9$d, v%2$d", "v_max_f32 v%1$d, v%2$d, v%3$d", "v_min_f16 v%1$d, v%2$d, v%3$d",
            "v_max_f64 v[%1$d:%4$d], v[%2$d:%3$d], v[%2$d:%3$d]", "v_cvt_pkrtz_f16_f32 v%1$d, v%2$d, v%3$d",
            "v_mad_u64_u32 v[%1$d:%4$d], s[%10$d:%11$d], v%2$d, v%3$d, v[%2$d:%3$d]",
            "v_med3_f32 v%1$d, v%2$d, v%3$d, v%1$d", "s_getreg_b32 s%9$d, hwreg(HW_REG_MODE)",
            "s_setreg_b32 hwreg(HW_REG_STATUS, 0, 8), s%9$d", "s_getreg_b32 s%9$d, hwreg(HW_REG_GPR_ALLOC, 4, 4)",
            // compares without their implicit vcc destination; GFX9/10 SDWA scalar and sext sources; cache words
            "v_cmp_eq_u32 v%1$d, v%2$d", "v_cmpx_gt_i32 s%9$d, v%2$d", "v_cmp_class_f32 -4.0, v%3$d",
            // (SDWA instructions the reconstructed RDNA 1/2 specs list in SDWA form: they omit it for most VOP1/VOP2)
            "v_ffbh_u32_sdwa v%1$d, sext(s%9$d) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0",
            "v_mul_legacy_f32_sdwa v%1$d, v%2$d, s%9$d dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
                    + "src1_sel:DWORD",
            "v_mul_legacy_f32_sdwa v%1$d, -1.0, v%3$d dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
                    + "src1_sel:DWORD",
            "v_cmp_gt_i16_sdwa vcc, sext(0), sext(v%2$d) src0_sel:BYTE_0 src1_sel:BYTE_1",
            "global_load_dword v%1$d, v[%2$d:%3$d], off glc slc", "flat_load_dword v%1$d, v[%2$d:%3$d] sc0 nt sc1",
            "scratch_store_dword off, v%1$d, m0 offset:8 glc", "scratch_load_dword v%1$d, off, s%9$d glc scc",
        };
        for (String[] set : new String[][] {memory, alu}) {
            for (String f : set) {
                lines.add(String.format(f, v, a, a + 1, v + 1, v + 3, v + 2, s, s + 3, rnd.nextInt(100), a,
                        a + 1, s + 1));
            }
        }
    }

    /** A VOP source: a VGPR, SGPR or inline constant, with neg/abs modifiers in LLVM's spellings. */
    private static String source(Random rnd) {
        String s = switch (rnd.nextInt(4)) {
            case 0 -> "s" + rnd.nextInt(100);
            case 1 -> rnd.nextBoolean() ? "0.5" : "-4.0";
            default -> "v" + rnd.nextInt(256);
        };
        return switch (rnd.nextInt(6)) {
            case 0 -> "-" + s;
            case 1 -> "|" + s + "|";
            case 2 -> "-|" + s + "|";
            case 3 -> "abs(" + s + ")";
            case 4 -> "neg(" + s + ")";
            default -> s;
        };
    }

    /**
     * The {@code -show-encoding} echo of 16-bit integer operands given constants: llvm-mc-22 prints a float inline
     * constant there as the float it parsed ({@code v_add_nc_u16 v1, v2, -0.5}) where its disassembler prints the
     * f16 pattern ({@code 0xb800}), and a hexadecimal pattern written there as a literal. Every statement llvm-mc-22
     * takes must give the same bytes and the same text.
     */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void sixteenBitIntegerOperandsEchoConstantsAsLlvmMc(Generation g) throws Exception {
        Assumptions.assumeTrue(LlvmMc.available(), LlvmMc.EXECUTABLE + " is not installed (apt-get install llvm-22)");
        String[] templates = {
            "v_add_nc_u16 v1, v2, %s", "v_add_nc_u16 v1, %s, v2", "v_add_u16 v1, %s, v2", "v_add_u16_e64 v1, v2, %s",
            "v_sub_nc_i16 v1, %s, v2", "v_mad_u16 v1, v2, v3, %s", "v_mad_i16 v1, %s, v2, v3",
            "v_mul_lo_u16 v1, v2, %s", "v_lshlrev_b16 v1, %s, v2", "v_cvt_f16_u16 v1, %s", "v_cvt_f16_i16_e64 v1, %s",
            "v_cmp_eq_u16 vcc, %s, v2", "v_cmp_eq_u16 vcc_lo, %s, v2", "v_cmp_lt_i16_e64 s[2:3], v2, %s",
            "v_cmp_lt_i16_e64 s2, v2, %s", "v_max_u16 v1, %s, v2", "v_min_i16 v1, v2, %s",
            "v_add_u16_sdwa v1, %s, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
            "v_add_nc_u16_e64_dpp v1, v2, %s quad_perm:[0,1,2,3]", "v_pk_add_u16 v1, %s, v2",
            "v_alignbit_b32 v1, v2, v3, %s", "v_add_nc_u16 v1.l, v2.l, %s",
        };
        String[] constants = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494", "1.5",
            "0xb800", "0x3118", "-1", "64"};
        List<String> lines = new ArrayList<>();
        for (String t : templates) {
            for (String k : constants) {
                lines.add(String.format(t, k));
            }
        }
        Assembler asm = Assembler.llvm(TestIsas.instructionSet(g));
        List<LlvmAsm.Result> llvm = LlvmAsm.assemble(g.llvmTarget(), lines);
        int accepted = 0;
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            LlvmAsm.Result r = llvm.get(i);
            if (!r.ok()) {
                continue;
            }
            accepted++;
            String ours;
            try {
                Assembler.Assembly a = asm.assemble(lines.get(i));
                if (Arrays.equals(LlvmDifferentialTest.bytes(a.words()), r.bytes())
                        && LlvmDifferentialTest.normalise(a.text()).equals(LlvmDifferentialTest.normalise(r.text()))) {
                    continue;
                }
                ours = a.text() + " " + a.bytes();
            } catch (AsmSyntaxException e) {
                ours = "error: " + e.getMessage();
            }
            differ.add(lines.get(i) + "\n   llvm-mc: " + r.text() + "\n   amdisa:  " + ours);
        }
        assertTrue(accepted >= 4 * constants.length, "llvm-mc accepted only " + accepted + " of " + lines.size());
        assertEquals(List.of(), differ.subList(0, Math.min(12, differ.size())),
                differ.size() + " of " + accepted + " statements llvm-mc accepts differ on " + g);
    }

    /**
     * The older names amdisa reads (LegacyMnemonics) only where llvm-mc-22 reads them: the carry-less {@code _nc}
     * adds under their GFX9 names on GFX11+ only, the 16-bit ones nowhere, {@code ds_cmpst} on GFX10 only. Each
     * statement is taken by both tools or refused by both. The one exception is named: the RDNA 1 spec lists the
     * dot products of gfx1011 (amdisa's gfx1010 covers the generation), which llvm-mc-22 refuses on gfx1010.
     */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void olderNamesAreReadWhereLlvmMcReadsThem(Generation g) throws Exception {
        Assumptions.assumeTrue(LlvmMc.available(), LlvmMc.EXECUTABLE + " is not installed (apt-get install llvm-22)");
        List<String> lines = List.of("v_add_u32 v1, v2, v3", "v_sub_u32 v1, v2, v3", "v_subrev_u32 v1, v2, v3",
                "v_add_i32 v1, v2, v3", "v_sub_i32 v1, v2, v3", "v_add_u16 v1, v2, v3", "v_sub_u16 v1, v2, v3",
                "v_add_i16 v1, v2, v3", "v_sub_i16 v1, v2, v3", "v_add_u32_e64 v1, v2, v3", "v_add_u32_e32 v1, v2, v3",
                "v_cvt_pkrtz_f16_f32 v1, v2, v3", "v_mul_legacy_f32 v1, v2, v3", "s_inst_prefetch 0x1",
                "s_andn2_b32 s1, s2, s3", "s_ff1_i32_b32 s1, s2", "s_flbit_i32 s1, s2", "s_add_u32 s1, s2, s3",
                "s_subb_u32 s1, s2, s3", "v_max_f32 v1, v2, v3", "v_med3_f32 v1, v2, v3, v4",
                "v_pk_max_f16 v1, v2, v3", "s_getpc_b64 s[0:1]", "ds_read_b32 v1, v2", "ds_write2_b32 v1, v2, v3",
                "ds_cmpst_b32 v1, v2, v3", "ds_cmpst_rtn_b32 v0, v1, v2, v3", "ds_cmpst_f32 v1, v2, v3",
                "ds_cmpst_b64 v1, v[2:3], v[4:5]", "ds_wrxchg_rtn_b32 v1, v2, v3",
                "global_load_dword v1, v[2:3], off", "global_load_ubyte_d16_hi v1, v[2:3], off",
                "buffer_atomic_add v1, off, s[4:7], 0", "buffer_atomic_fcmpswap v[1:2], off, s[4:7], 0",
                "s_load_dwordx16 s[0:15], s[2:3], 0x0", "s_andn2_saveexec_b32 s1, s2",
                "v_mad_u64_u32 v[1:2], s[4:5], v2, v3, v[4:5]", "v_dot4_i32_i8 v0, v1, v2, v3",
                "v_dot8_i32_i4 v0, v1, v2, v3", "v_dot2c_f32_f16 v1, v2, v3",
                "v_cmpx_tru_f16_e64 v1, v2", "v_cmpx_tru_f32 v1, v2", "v_cmp_tru_f64_e64 s0, v[1:2], v[3:4]",
                "v_cmp_tru_f32_e64 s[0:1], v1, v2");
        Assembler asm = Assembler.llvm(TestIsas.instructionSet(g));
        List<LlvmAsm.Result> llvm = LlvmAsm.assemble(g.llvmTarget(), lines);
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (g.llvmTarget().equals("gfx1010") && line.startsWith("v_dot")) {
                continue;
            }
            LlvmAsm.Result r = llvm.get(i);
            String ours;
            boolean same;
            try {
                Assembler.Assembly a = asm.assemble(line);
                ours = a.text() + " " + a.bytes();
                same = r.ok() && Arrays.equals(LlvmDifferentialTest.bytes(a.words()), r.bytes());
            } catch (AsmSyntaxException e) {
                ours = "error: " + e.getMessage();
                same = !r.ok();
            }
            if (!same) {
                differ.add(line + "\n   llvm-mc: " + (r.ok() ? r.text() : "error: " + r.error()) + "\n   amdisa:  "
                        + ours);
            }
        }
        assertEquals(List.of(), differ, differ.size() + " of " + lines.size() + " statements differ on " + g);
    }

    private static String outputModifiers(Random rnd) {
        return switch (rnd.nextInt(5)) {
            case 0 -> " clamp";
            case 1 -> " mul:2";
            case 2 -> " mul:4";
            case 3 -> " div:2";
            default -> "";
        };
    }

    /** A random integer expression with LLVM's binary and unary operators and parentheses. */
    private static String expression(Random rnd, int depth) {
        if (depth == 0 || rnd.nextInt(3) == 0) {
            int v = rnd.nextInt(5) == 0 ? rnd.nextInt(1 << 20) : rnd.nextInt(80);
            return switch (rnd.nextInt(4)) {
                case 0 -> "0x" + Integer.toHexString(v);
                case 1 -> rnd.nextBoolean() ? "~" + v : "-" + v;
                default -> Integer.toString(v);
            };
        }
        String[] ops = {"+", "-", "*", "/", "%", "<<", ">>", "|", "&", "^"};
        String op = ops[rnd.nextInt(ops.length)];
        String right = op.equals("<<") || op.equals(">>") ? Integer.toString(rnd.nextInt(8))
                : op.equals("/") || op.equals("%") ? Integer.toString(1 + rnd.nextInt(9)) : expression(rnd, depth - 1);
        String e = expression(rnd, depth - 1) + (rnd.nextBoolean() ? " " + op + " " : op) + right;
        return rnd.nextInt(3) == 0 ? "(" + e + ")" : e;
    }
}
