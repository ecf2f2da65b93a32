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
 * expressions as immediates ({@code 1<<4|1}, {@code (7-1)/2}). Whatever llvm-mc-22 assembles, amdisa must assemble to
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
