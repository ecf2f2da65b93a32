package io.github.amdisa.runtime.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.Words;
import io.github.amdisa.runtime.syntax.AsmCursor;
import io.github.amdisa.runtime.syntax.Expr;
import io.github.amdisa.runtime.syntax.Symbols;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Assembler symbols and expressions as llvm-mc-22 reads them: {@link SymbolTable} assignments and labels, {@link Expr}
 * values, printing and fixup kinds, {@link Assembler#assemble(CharSequence, Symbols)} and
 * {@link Assembler#assembleProgram}. Every expectation was printed by llvm-mc-22; the command is named beside it.
 */
class SymbolsTest {

    private static InstructionSet isa(String stem) {
        return AssemblerTest.isa(stem);
    }

    /** {@code printf 'x=<expr>\n' | llvm-mc-22 -triple=amdgcn -mcpu=gfx1030 -show-encoding} prints .set x, value. */
    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "1+2*3 # 7", "1|2+1 # 4", "6&3+1 # 3", "1<2 # -1", "2<1 # 0", "1==1 # -1", "1!=1 # 0", "1<>2 # -1",
        "1<=1 # -1", "3>=4 # 0", "2>1 # -1", "1&&2 # 1", "0&&2 # 0", "0||0 # 0", "0||3 # 1", "1||0&&0 # 1",
        "1==1+1 # 0", "4!1 # -2", "-8>>1 # 9223372036854775804", "1<<63>>63 # 1", "7/2 # 3", "-7/2 # -3",
        "-7%2 # -1", "!0 # 1", "!5 # 0", "~0 # -1", "(1+2)*3 # 9", "1+2<<1 # 5", "1|2&&3 # 1", "5-3-1 # 1",
        "12/2/3 # 2", "1^3|4 # 6", "1|2==3 # -1", "0==0&&2 # 1", "3==3==-1 # -1", "2*3!0 # -1", "1!0+1 # 0",
        "0x80000000*2 # 4294967296", "-0x7fffffff-1 # -2147483648", "05 # 5", "0b101 # 5",
        "1.5 # 4609434218613702656", "-1.5 # -4609434218613702656",
    })
    void assignmentsEvaluateAsLlvmMc(String expression, long value) {
        SymbolTable t = new SymbolTable();
        SymbolTable.Assignment a = t.assign("x=" + expression);
        assertEquals(new Expr.Constant(value), a.value(), expression);
        assertEquals(value, t.value("x"));
    }

    /**
     * {@code printf 's_mov_b32 s0, <expr>\n' | llvm-mc-22 -triple=amdgcn -mcpu=gfx1030 -show-encoding}: the fixup's
     * value and kind.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "-u # -u # FK_PCRel_4", "~u # ~u # FK_PCRel_4", "!u # !u # FK_PCRel_4", "u*2 # u*2 # FK_PCRel_4",
        "1-u # 1-u # FK_Data_4", "(u-1)*2 # (u-1)*2 # FK_Data_4", "u+(1-u) # u+(1-u) # FK_PCRel_4",
        "u + 1 + 2 # u+1+2 # FK_PCRel_4", "1+2+u # 1+2+u # FK_PCRel_4", "u+(1+2) # u+3 # FK_PCRel_4",
        "(u+1)*(u-2) # (u+1)*(u-2) # FK_PCRel_4", "u+-1 # u+-1 # FK_PCRel_4", "u+(-1) # u-1 # FK_PCRel_4",
        "u==1 # u==1 # FK_PCRel_4", "u<<2|1 # (u<<2)|1 # FK_PCRel_4", "-(u+1) # -(u+1) # FK_PCRel_4",
        "u-v # u-v # FK_Data_4", "u<>1 # u!=1 # FK_PCRel_4", "0x10+u # 16+u # FK_PCRel_4", "010+u # 8+u # FK_PCRel_4",
        "((u)) # u # FK_PCRel_4", "u-(v-w) # u-(v-w) # FK_Data_4", "(u*v)+w # (u*v)+w # FK_PCRel_4",
        "-(-u) # --u # FK_PCRel_4", "+u # +u # FK_PCRel_4", "u*2*3 # (u*2)*3 # FK_PCRel_4",
        "u-1+2 # u-1+2 # FK_Data_4", "u+v*w # u+(v*w) # FK_PCRel_4", "u|v&w # (u|v)&w # FK_PCRel_4",
        "u&&v||w # (u&&v)||w # FK_PCRel_4", "-u*v # -u*v # FK_PCRel_4", "u- -1 # u--1 # FK_Data_4",
        "(u+1)-(v+2) # u+1-(v+2) # FK_Data_4", "(u-1)+2*3 # u-1+(2*3) # FK_Data_4", "u*(-5) # u*-5 # FK_PCRel_4",
        "(1+u)+(-2) # 1+u-2 # FK_PCRel_4", "-(-1)+u # --1+u # FK_PCRel_4", "u/0 # u/0 # FK_PCRel_4",
        "1/0 # 1/0 # FK_Data_4", "u+(0x8000000000000000) # u-9223372036854775808 # FK_PCRel_4",
        "u@abs32@lo # u@abs32@lo # FK_Data_4", "u@rel32@lo+4 # u@rel32@lo+4 # FK_PCRel_4",
        "u@ABS32@HI-4 # u@abs32@hi-4 # FK_Data_4", "u @gotpcrel # u@gotpcrel # FK_PCRel_4",
    })
    void relocatableLiteralsPrintAndFixUpAsLlvmMc(String expression, String printed, String kind) {
        Assembler.Assembly a = Assembler.llvm(isa("rdna2")).assemble("s_mov_b32 s0, " + expression,
                new SymbolTable());
        assertEquals("s_mov_b32 s0, " + printed, a.text());
        // encoding: [0xff,0x03,0x80,0xbe,A,A,A,A]
        assertEquals("0xff,0x03,0x80,0xbe,0x00,0x00,0x00,0x00", a.bytes());
        assertEquals(1, a.fixups().size());
        Fixup f = a.fixups().get(0);
        assertEquals(4, f.offset());
        assertEquals(4, f.size());
        assertEquals(printed, f.value().toString());
        assertEquals(kind, f.kind().llvmName());
        assertEquals(14, f.textOffset());
    }

    /**
     * {@code llvm-mc-22 -triple=amdgcn -mcpu=<cpu> -show-encoding} on
     * {@code i1=1 / s_mov_b32 s0, i1+3 / s_mov_b32 s0, i1+100 / v_mov_b32 v0, -i1 / s_mov_b32 s0, u+1 /
     * v_bfe_u32 v0, v1, u-1, v2 / s_branch L0 / v_add_f32 v0, -u, v1 / ds_read_b32 v0, v1 offset:i1*8}.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "cdna1 # 0x84,0x00,0x80,0xbe # 0xff,0x00,0x80,0xbe,0x65,0x00,0x00,0x00 # 0xff,0x00,0x80,0xbe"
                + " # # 0x00,0x00,0x82,0xbf # 0xff,0x02,0x00,0x02 # 0x08,0x00,0x6c,0xd8,0x01,0x00,0x00,0x00",
        "rdna2 # 0x84,0x03,0x80,0xbe # 0xff,0x03,0x80,0xbe,0x65,0x00,0x00,0x00 # 0xff,0x03,0x80,0xbe"
                + " # 0x00,0x00,0x48,0xd5,0x01,0xff,0x09,0x04 # 0x00,0x00,0x82,0xbf # 0xff,0x02,0x00,0x06"
                + " # 0x08,0x00,0xd8,0xd8,0x01,0x00,0x00,0x00",
        "rdna3 # 0x84,0x00,0x80,0xbe # 0xff,0x00,0x80,0xbe,0x65,0x00,0x00,0x00 # 0xff,0x00,0x80,0xbe"
                + " # 0x00,0x00,0x10,0xd6,0x01,0xff,0x09,0x04 # 0x00,0x00,0xa0,0xbf # 0xff,0x02,0x00,0x06"
                + " # 0x08,0x00,0xd8,0xd8,0x01,0x00,0x00,0x00",
        "rdna4 # 0x84,0x00,0x80,0xbe # 0xff,0x00,0x80,0xbe,0x65,0x00,0x00,0x00 # 0xff,0x00,0x80,0xbe"
                + " # 0x00,0x00,0x10,0xd6,0x01,0xff,0x09,0x04 # 0x00,0x00,0xa0,0xbf # 0xff,0x02,0x00,0x06"
                + " # 0x08,0x00,0xd8,0xd8,0x01,0x00,0x00,0x00",
        "cdna5 # 0x84,0x00,0x80,0xbe # 0xff,0x00,0x80,0xbe,0x65,0x00,0x00,0x00 # 0xff,0x00,0x80,0xbe"
                + " # 0x00,0x00,0x10,0xd6,0x01,0xff,0x09,0x04 # 0x00,0x00,0xa0,0xbf # 0xff,0x02,0x00,0x06"
                + " # 0x08,0x00,0xd8,0xd8,0x01,0x00,0x00,0x00",
    })
    void symbolsOnEveryFamily(String gen, String inline, String literal, String fixup, String vop3Fixup,
            String branch, String vop2Fixup, String offset) {
        Assembler asm = Assembler.llvm(isa(gen));
        SymbolTable t = new SymbolTable();
        t.assign("i1=1");
        assertEquals(inline, asm.assemble("s_mov_b32 s0, i1+3", t).bytes());
        assertEquals("s_mov_b32 s0, 4", asm.assemble("s_mov_b32 s0, i1+3", t).text());
        assertEquals(literal, asm.assemble("s_mov_b32 s0, i1+100", t).bytes());
        assertEquals("0xc1,0x02,0x00,0x7e", asm.assemble("v_mov_b32 v0, -i1", t).bytes());
        Assembler.Assembly a = asm.assemble("s_mov_b32 s0, u+1", t);
        assertEquals(fixup + ",0x00,0x00,0x00,0x00", a.bytes());
        assertEquals(List.of(new Fixup(4, 4, new Expr.Binary(Expr.Op.ADD, new Expr.Symbol("u", null),
                new Expr.Constant(1)), Fixup.Kind.PC_REL_4, 14)), a.fixups());
        if (vop3Fixup == null) {
            // GFX9 VOP3 has no literal: "literal operands are not supported" at 1:19
            AsmSyntaxException e = assertThrows(AsmSyntaxException.class,
                    () -> asm.assemble("v_bfe_u32 v0, v1, u-1, v2", t));
            assertEquals(19, e.column());
        } else {
            a = asm.assemble("v_bfe_u32 v0, v1, u-1, v2", t);
            assertEquals(vop3Fixup + ",0x00,0x00,0x00,0x00", a.bytes());
            assertEquals("v_bfe_u32 v0, v1, u-1, v2", a.text());
            assertEquals(8, a.fixups().get(0).offset());
            assertEquals(Fixup.Kind.DATA_4, a.fixups().get(0).kind());
        }
        a = asm.assemble("s_branch L0", t);
        assertEquals(branch, a.bytes());
        assertEquals("s_branch L0", a.text());
        assertEquals(List.of(new Fixup(0, 2, new Expr.Symbol("L0", null), Fixup.Kind.BRANCH, 9)), a.fixups());
        a = asm.assemble("v_add_f32 v0, -u, v1", t);
        assertEquals(vop2Fixup + ",0x00,0x00,0x00,0x00", a.bytes());
        assertEquals("v_add_f32_e32 v0, -u, v1", a.text());
        assertEquals(offset, asm.assemble("ds_read_b32 v0, v1 offset:i1*8", t).bytes());
    }

    /** {@code llvm-mc-22 -triple=amdgcn -mcpu=gfx1030}: where a relocatable expression is an error, and where. */
    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "s_sub_u32 s0, 123, u # 20", "s_sub_u32 s0, u, u # 18", "v_bfe_u32 v0, v2, u, u1 # 22",
        "s_movk_i32 s0, u # 16", "s_mov_b64 s[0:1], u # 19", "v_add_f64 v[0:1], u, v[2:3] # 19",
        "v_add_f16 v0, u, v1 # 15", "v_pk_add_f16 v0, u, v1 # 18", "v_add_f32_e64 v0, u, v1 # 19",
        "v_fma_f32 v0, u, v1, v2 # 15", "v_add_f32 v0, |u|, v1 # 16", "v_add_f32 v0, neg(u), v1 # 19",
        "ds_read_b32 v0, v1 offset:u # 27", "s_branch u+4 # 10", "v_fmaak_f32 v0, v1, v2, u # 25",
        "s_mov_b32 s0, u@bogus # 17",
    })
    void relocatableExpressionsAreRejectedWhereLlvmMcRejectsThem(String statement, int column) {
        AsmSyntaxException e = assertThrows(AsmSyntaxException.class,
                () -> Assembler.llvm(isa("rdna2")).assemble(statement, new SymbolTable()));
        assertEquals(column, e.column(), e.getMessage());
    }

    @Test
    void registersComeBeforeSymbols() {
        // llvm-mc-22 -mcpu=gfx908 (expressions.s): v=1, s0=1, s1000=1, then -v is -1, -v[0] and -s0 registers
        Assembler asm = Assembler.llvm(isa("cdna1"));
        SymbolTable t = new SymbolTable();
        t.assign("v=1");
        t.assign("s0=1");
        t.assign("s1000=1");
        assertEquals("v_sin_f32_e32 v0, -1", asm.assemble("v_sin_f32 v0, -v", t).text());
        assertEquals("0x00,0x00,0x69,0xd1,0x00,0x01,0x00,0x20", asm.assemble("v_sin_f32 v0, -v[0]", t).bytes());
        assertEquals("0x00,0x00,0x69,0xd1,0x00,0x00,0x00,0x20", asm.assemble("v_sin_f32 v0, -s0", t).bytes());
        assertEquals("s_mov_b32 s1, s0", asm.assemble("s_mov_b32 s1, s0", t).text());
        assertThrows(AsmSyntaxException.class, () -> asm.assemble("v_sin_f32 v0, -s1000", t));
        // a name that is a keyword elsewhere is a symbol in a source (expressions.s: s_mov_b32 s0, gds)
        assertEquals("s_mov_b32 s0, gds+4", asm.assemble("s_mov_b32 s0, gds+4", t).text());
    }

    @Test
    void theOldEntryPointReadsNoSymbols() {
        Assembler asm = Assembler.llvm(isa("rdna3"));
        assertThrows(AsmSyntaxException.class, () -> asm.assemble("s_mov_b32 s0, u"));
        assertTrue(asm.assemble("s_mov_b32 s0, 1+2").fixups().isEmpty());
        assertEquals("s_mov_b32 s0, 3", asm.assemble("s_mov_b32 s0, 1+2").text());
    }

    @Test
    void symbolTableFollowsLlvmMcRedefinitionRules() {
        SymbolTable t = new SymbolTable();
        assertEquals(new SymbolTable.Assignment("i1", new Expr.Constant(1), SymbolTable.Form.EQUALS),
                t.assign("i1 = 1"));
        assertNull(t.assign("s_mov_b32 s0, 1"));
        assertNull(t.assign("z == 1"));
        assertEquals(SymbolTable.Form.SET, t.assign(".SET x, i1+u").form());
        // the constant-valued variable is substituted when the expression is read: .set x, 1+u
        assertEquals("1+u", t.definition("x").toString());
        assertNull(t.value("x"));
        t.assign("q = w");
        t.assign(".equ w, 3");
        assertEquals(3L, t.value("q")); // evaluated at the use: q is w, which is 3 now
        assertFalse(t.isConstant("q"));
        t.assign(".equiv e, 6");
        // llvm-mc-22: "redefinition of 'e'" at the expression (1:11 and 1:9)
        assertEquals(11, assertThrows(AsmSyntaxException.class, () -> t.assign(".equiv e, 7")).column());
        assertEquals(9, assertThrows(AsmSyntaxException.class, () -> t.assign(".set e, 1")).column());
        assertThrows(AsmSyntaxException.class, () -> t.assign(".equiv i1, 1"));
        assertTrue(t.defineLabel("L0"));
        assertFalse(t.defineLabel("L0"));
        assertFalse(t.defineLabel("e"));
        assertTrue(t.defineLabel("i1")); // a variable may become a label (llvm-mc-22: m = 1 then m:)
        assertEquals(6, assertThrows(AsmSyntaxException.class, () -> t.assign("L0 = 3")).column());
        // malformed: "expected comma" 1:7, "expected identifier" 1:6, "missing expression" 1:4, "expected newline"
        assertEquals(7, assertThrows(AsmSyntaxException.class, () -> t.assign(".set y")).column());
        assertEquals(6, assertThrows(AsmSyntaxException.class, () -> t.assign(".set 1, 2")).column());
        assertEquals(4, assertThrows(AsmSyntaxException.class, () -> t.assign("y =")).column());
        assertEquals(10, assertThrows(AsmSyntaxException.class, () -> t.assign(".set y, 1,")).column());
        // a cycle is not absolute (llvm-mc-22: r = r + 1, then s_mov_b32 s0, r is a fixup)
        t.assign("r = r + 1");
        assertNull(t.value("r"));
        assertEquals("r", Assembler.llvm(isa("rdna2")).assemble("s_mov_b32 s0, r", t).fixups().get(0).value()
                .toString());
    }

    @Test
    void branchTargetsTakeAbsoluteSymbols() {
        // llvm-mc-22 -mcpu=gfx1030: i1=1, s_branch i1+1 is s_branch 2, s_branch -i1 is s_branch -1
        Assembler asm = Assembler.llvm(isa("rdna2"));
        SymbolTable t = new SymbolTable();
        t.assign("i1=1");
        assertEquals("s_branch 2", asm.assemble("s_branch i1+1", t).text());
        Assembler.Assembly a = asm.assemble("s_branch -i1", t);
        assertEquals("s_branch -1", a.text());
        assertEquals("0xff,0xff,0x82,0xbf", a.bytes());
        assertTrue(a.fixups().isEmpty());
        assertEquals("s_branch L0", asm.assemble("s_branch (L0)", t).text());
    }

    @Test
    void cursorReadsPrimariesBetweenBars() {
        // llvm-mc-22 -mcpu=gfx908: v_ceil_f32 v1, |1+i1| is "expected vertical bar"; |(i1+1)| and |-(i1+1)| are not
        SymbolTable t = new SymbolTable();
        t.assign("i1=1");
        AsmCursor c = new AsmCursor("-(i1+1)|", 0, 8, t);
        c.scanPrimaryNumber();
        assertEquals(-2, c.lastInteger());
        assertEquals('|', c.peek());
        c = new AsmCursor("1+i1|", 0, 5, t);
        c.scanPrimaryNumber();
        assertEquals(1, c.lastInteger());
        Assembler asm = Assembler.llvm(isa("cdna1"));
        assertEquals("0xff,0x3a,0x02,0x7e,0xfe,0xff,0xff,0x7f", asm.assemble("v_ceil_f32 v1, |-(i1+1)|", t).bytes());
        assertThrows(AsmSyntaxException.class, () -> asm.assemble("v_ceil_f32 v1, |1+i1|", t));
    }

    /**
     * {@code llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 -filetype=obj} on this program, then the bytes of .text: the
     * PC-relative literals are the value minus the literal's own address (L0 - 8 = -8, L1 + 4 - 0x18 = 0x10), the
     * data literal L1-L0 is 0x24.
     */
    @Test
    void programsResolveSymbolsAndLiteralFixups() {
        String source = """
                n = 4
                y = L0
                L0:
                  s_mov_b32 s0, n*2
                  s_mov_b32 s1, L0
                  s_mov_b32 s2, L1-L0
                  s_add_u32 s3, s3, L1+4
                  v_add_f32 v0, y-L0+4, v1
                L1:
                  s_cbranch_scc0 y
                  s_endpgm
                """;
        Program p = Assembler.llvm(isa("rdna3")).assembleProgram(source);
        // (y-L0+4, position-independent, is 4: an inline constant would be chosen for a plain 4, but a
        // relocatable expression always takes the literal, as llvm-mc does)
        assertEquals("0x88,0x00,0x80,0xbe,0xff,0x00,0x81,0xbe,0xf8,0xff,0xff,0xff,0xff,0x00,0x82,0xbe,0x24,0x00,"
                + "0x00,0x00,0x03,0xff,0x03,0x80,0x10,0x00,0x00,0x00,0xff,0x02,0x00,0x06,0x04,0x00,0x00,0x00,0xf6,"
                + "0xff,0xa1,0xbf,0x00,0x00,0xb0,0xbf", Words.toLlvmBytes(p.words(), 0, p.words().length));
        assertEquals(Map.of("L0", 0, "L1", 9), p.labels());
    }

    @Test
    void programsRejectWhatWouldNeedARelocation() {
        Assembler asm = Assembler.llvm(isa("rdna3"));
        // llvm-mc-22 -filetype=obj writes R_AMDGPU_ABS32 for L0-8 (a data fixup of a label's address)
        AsmProgramException e = assertThrows(AsmProgramException.class, () -> asm.assembleProgram(
                "L0:\n  v_add_f32 v0, L0-8, v1\n  s_mov_b32 s0, undefined_sym\n  .equiv L0, 1\n  x = (1\n"));
        assertEquals(2, e.problems().size(), e.problems().toString());
        assertEquals(new AsmProgramException.Problem(4, 14, "redefinition of 'L0'"), e.problems().get(0));
        assertEquals(5, e.problems().get(1).line());
        e = assertThrows(AsmProgramException.class, () -> asm.assembleProgram(
                "L0:\n  v_add_f32 v0, L0-8, v1\n  s_mov_b32 s0, undefined_sym\n"));
        assertEquals(2, e.problems().size(), e.problems().toString());
        assertEquals(2, e.problems().get(0).line());
        assertEquals(17, e.problems().get(0).column());
        assertTrue(e.problems().get(0).message().contains("relocation"), e.problems().get(0).message());
        assertEquals(new AsmProgramException.Problem(3, 17,
                "undefined symbol 'undefined_sym' (a program has no relocations)"), e.problems().get(1));
    }
}
