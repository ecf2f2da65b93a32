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
                byte[] bytes = new byte[a.words().length * 4];
                for (int k = 0; k < bytes.length; k++) {
                    bytes[k] = (byte) (a.words()[k / 4] >>> 8 * (k % 4));
                }
                if (Arrays.equals(bytes, r.bytes())) {
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
