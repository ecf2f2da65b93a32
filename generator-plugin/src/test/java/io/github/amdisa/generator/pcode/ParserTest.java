package io.github.amdisa.generator.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Expr.Binary;
import io.github.amdisa.generator.pcode.ast.Expr.Ident;
import io.github.amdisa.generator.pcode.ast.Expr.IntLit;
import io.github.amdisa.generator.pcode.ast.Expr.IntSuffix;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.ScalarType;
import io.github.amdisa.generator.pcode.ast.Stmt;
import io.github.amdisa.generator.pcode.ast.UnaryOp;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ParserTest {

    private static Expr e(String text) throws PcodeSyntaxException {
        return Parser.parseExpression(text);
    }

    private static Program p(String text) throws PcodeSyntaxException {
        return Parser.parse(text, "T").program();
    }

    private static Ident id(String name) {
        return new Ident(name);
    }

    private static IntLit num(long v) {
        return new IntLit(BigInteger.valueOf(v), 0, IntSuffix.NONE, false);
    }

    private static Expr typed(String name, String suffix) {
        return new Expr.Typed(id(name), ScalarType.fromSuffix(suffix).orElseThrow());
    }

    @Test
    void ternaryIsRightAssociativeAndLowest() throws Exception {
        assertEquals(new Expr.Ternary(id("a"), id("b"), new Expr.Ternary(id("c"), id("d"), id("e"))),
                e("a ? b : c ? d : e"));
        // RDNA 4 S_BARRIER_WAIT: the condition binds tighter than ?:.
        Expr t = e("SIMM16.i32 >= 0 ? 0 : SIMM16.i32 == -1 ? 1 : 2");
        Expr.Ternary outer = assertInstanceOf(Expr.Ternary.class, t);
        assertEquals(BinaryOp.GE, ((Binary) outer.cond()).op());
        Expr.Ternary inner = assertInstanceOf(Expr.Ternary.class, outer.otherwise());
        assertEquals(new Binary(BinaryOp.EQ, typed("SIMM16", "i32"), new Expr.Unary(UnaryOp.NEG, num(1))),
                inner.cond());
    }

    @Test
    void powerBindsAboveMultiplication() throws Exception {
        assertEquals(new Binary(BinaryOp.MUL, typed("S0", "f64"),
                        new Binary(BinaryOp.POW, new Expr.FloatLit("2.0", 0, false), typed("S1", "i32"))),
                e("S0.f64 * 2.0 ** S1.i32"));
        assertEquals(new Binary(BinaryOp.POW, num(2), new Binary(BinaryOp.POW, num(3), num(4))), e("2 ** 3 ** 4"));
    }

    @Test
    void multiplicationInsideAddition() throws Exception {
        assertEquals(new Binary(BinaryOp.ADD, new Binary(BinaryOp.MUL, id("i"), num(2)), num(1)), e("i * 2 + 1"));
        assertEquals(new Binary(BinaryOp.SUB, new Binary(BinaryOp.SUB, id("a"), id("b")), id("c")), e("a - b - c"));
        assertEquals(new Binary(BinaryOp.GT, new Binary(BinaryOp.ADD, id("a"), id("b")), id("c")), e("a + b > c"));
        assertEquals(new Binary(BinaryOp.LOGICAL_OR, new Binary(BinaryOp.LOGICAL_AND, id("a"), id("b")), id("c")),
                e("a && b || c"));
        assertEquals(new Binary(BinaryOp.NE, id("a"), id("b")), e("a <> b"));
        assertEquals(e("a != b"), e("a <> b"));
    }

    @Test
    void slicesPartSelectsAndTernaryColons() throws Exception {
        assertEquals(new Expr.Slice(id("S0"), num(4), num(0)), e("S0[4 : 0]"));
        assertEquals(new Expr.Slice(id("S0"), num(4), num(0)), e("S0[4:0]"));
        assertEquals(new Expr.Index(id("x"), new Expr.Ternary(id("c"), id("a"), id("b"))), e("x[c ? a : b]"));
        assertEquals(new Expr.Slice(id("x"), new Expr.Ternary(id("c"), id("a"), id("b")), num(0)),
                e("x[c ? a : b : 0]"));
        assertEquals(new Expr.PartSelect(typed("S0", "u32"), new Binary(BinaryOp.MUL, id("i"), num(4)), num(4)),
                e("S0.u32[i * 4 +: 4]"));
        assertEquals(new Expr.Index(new Expr.Index(id("in"), num(7)), num(7)), e("in[7][7]"));
        assertEquals(new Expr.Typed(new Expr.Slice(id("n"), num(7), num(0)), ScalarType.fromSuffix("u8").get()),
                e("n[7 : 0].u8"));
        // A cast result can be sliced: 1201'B(2.0 / PI)[1200 : 0].
        Expr.Slice s = assertInstanceOf(Expr.Slice.class, e("1201'B(2.0 / PI)[1200 : 0]"));
        assertEquals(new ScalarType(ScalarType.Kind.B, 1201), ((Expr.Cast) s.base()).type());
    }

    @Test
    void typeSuffixesAndFields() throws Exception {
        assertEquals(new Expr.Field(id("WAVE_MODE"), "IEEE"), e("WAVE_MODE.IEEE"));
        assertEquals(new Expr.Typed(new Expr.Field(new Expr.Index(id("BARRIER_STATE"), id("n")), "signalCnt"),
                new ScalarType(ScalarType.Kind.U, 7)), e("BARRIER_STATE[n].signalCnt.u7"));
        assertEquals(new ScalarType(ScalarType.Kind.BF, 16), ((Expr.Typed) e("x.bf16")).type());
        assertEquals(new ScalarType(ScalarType.Kind.FP, 8), ((Expr.Typed) e("x.fp8")).type());
        assertEquals(new ScalarType(ScalarType.Kind.B, 1024), ((Expr.Typed) e("x.b1024")).type());
    }

    @Test
    void literalForms() throws Exception {
        assertEquals(new IntLit(BigInteger.valueOf(0x3f800000), 32, IntSuffix.NONE, true), e("32'0x3f800000"));
        assertEquals(new IntLit(BigInteger.valueOf(60), 6, IntSuffix.U, false), e("6'60U"));
        assertEquals(new IntLit(BigInteger.ONE, 0, IntSuffix.U, false), e("1U"));
        assertEquals(new IntLit(new BigInteger("100000000", 16), 0, IntSuffix.ULL, true), e("0x100000000ULL"));
        assertEquals(new IntLit(BigInteger.valueOf(4), 0, IntSuffix.LL, false), e("4LL"));
        assertEquals(new Expr.FloatLit("0.5", 0, true), e("0.5F"));
        assertEquals(new Expr.FloatLit("1.0", 16, false), e("16'1.0"));
        assertEquals(new IntLit(new BigInteger("1fffffffffffff", 16), 1201, IntSuffix.NONE, true),
                e("1201'0x1fffffffffffff"));
        assertEquals(new Expr.Cast(new ScalarType(ScalarType.Kind.F, 64), typed("S0", "f32")), e("64'F(S0.f32)"));
        assertEquals(new Expr.Cast(new ScalarType(ScalarType.Kind.BF, 16), id("x")), e("16'BF(x)"));
        assertEquals(new Expr.Cast(new ScalarType(ScalarType.Kind.I, 32), new Expr.Call("signext", List.of(id("x")))),
                e("32'I(signext(x))"));
        assertEquals(new Expr.Unary(UnaryOp.PLUS, id("INF")), e("+INF"));
        assertEquals(new Expr.Concat(List.of(id("a"), new IntLit(BigInteger.ZERO, 3, IntSuffix.NONE, false))),
                e("{ a, 3'0 }"));
    }

    @Test
    void statements() throws Exception {
        Program prog = p("""
                ; declare in : 32'F[3];
                declare tmp : 32'U;
                for i in 0 : 2 do
                  in[i] = 1.0 // comment
                endfor;
                if a then b = 1; elsif c then b = 2 else b = 3 endif;
                while !done do nop() endwhile;
                "Wait for all instructions to complete";
                tmp += 1U; tmp -= 1U""");
        List<Stmt> body = prog.body();
        assertEquals(new Stmt.Declare("in", new ScalarType(ScalarType.Kind.F, 32), 3), body.get(0));
        assertEquals(new Stmt.Declare("tmp", new ScalarType(ScalarType.Kind.U, 32), 0), body.get(1));
        assertEquals(new Stmt.For("i", num(0), num(2), List.of(new Stmt.Assign(List.of(
                new Expr.Index(id("in"), id("i"))), Stmt.AssignOp.SET, new Expr.FloatLit("1.0", 0, false)))),
                body.get(2));
        Stmt.If f = assertInstanceOf(Stmt.If.class, body.get(3));
        assertEquals(2, f.branches().size());
        assertEquals(Optional.of(List.of(new Stmt.Assign(List.of(id("b")), Stmt.AssignOp.SET, num(3)))),
                f.otherwise());
        assertInstanceOf(Stmt.While.class, body.get(4));
        assertEquals(new Stmt.ExprStmt(new Expr.StringLit("Wait for all instructions to complete")), body.get(5));
        assertEquals(Stmt.AssignOp.ADD, ((Stmt.Assign) body.get(6)).op());
        assertEquals(Stmt.AssignOp.SUB, ((Stmt.Assign) body.get(7)).op());
        assertEquals(8, body.size());
    }

    @Test
    void chainedAssignmentAndConcatenationTargets() throws Exception {
        Stmt.Assign a = (Stmt.Assign) p("EXEC.u64[laneId] = D0.u64[laneId] = S0.f32 < S1.f32").body().get(0);
        assertEquals(List.of(new Expr.Index(typed("EXEC", "u64"), id("laneId")),
                new Expr.Index(typed("D0", "u64"), id("laneId"))), a.targets());
        assertEquals(new Binary(BinaryOp.LT, typed("S0", "f32"), typed("S1", "f32")), a.value());

        Stmt.Assign c = (Stmt.Assign) p("{ TTMP[1], TTMP[0] } = { 3'0, PC[47 : 0] }").body().get(0);
        Expr.Concat target = assertInstanceOf(Expr.Concat.class, c.targets().get(0));
        assertEquals(List.of(new Expr.Index(id("TTMP"), num(1)), new Expr.Index(id("TTMP"), num(0))), target.parts());
    }

    @Test
    void lambdasWithExpressionAndStatementBodies() throws Exception {
        Stmt.Assign a = (Stmt.Assign) p("ABSDIFF = lambda(x, y) (\nx > y ? x - y : y - x);").body().get(0);
        Expr.Lambda l = assertInstanceOf(Expr.Lambda.class, a.value());
        assertEquals(List.of("x", "y"), l.params());
        assertInstanceOf(Expr.Ternary.class, l.body());

        Stmt.Assign b = (Stmt.Assign) p("""
                SAT8 = lambda(n) (
                if n <= 16'0 then
                return 8'0U
                else
                return n[7 : 0].u8
                endif);
                D0 = SAT8(S0)""").body().get(0);
        Expr.LambdaBlock block = assertInstanceOf(Expr.LambdaBlock.class, b.value());
        assertInstanceOf(Stmt.If.class, block.body().get(0));
        // A body that starts like an expression but goes on as statements.
        Expr.LambdaBlock assigning = assertInstanceOf(Expr.LambdaBlock.class,
                ((Stmt.Assign) p("F = lambda(a) (t = a; return t)").body().get(0)).value());
        assertEquals(2, assigning.body().size());
    }

    @Test
    void printerOutputIsCanonical() throws Exception {
        Program prog = p("""
                if ((a<>b)&&(c>(d+1))) then
                x[7:0]=(y+z)*2 ;
                elsif q then
                D0.u32 = -(a + b) // why
                else
                t = (c ? 1 : 2) ? 3 : (4 ? 5 : 6)
                endif;
                for i in 0 : 31 do tmp[i] = S0.u32[31 - i] endfor""");
        assertEquals("""
                if a != b && c > d + 1 then
                  x[7 : 0] = (y + z) * 2
                elsif q then
                  D0.u32 = -(a + b)
                else
                  t = (c ? 1 : 2) ? 3 : 4 ? 5 : 6
                endif;
                for i in 0 : 31 do
                  tmp[i] = S0.u32[31 - i]
                endfor""", Printer.print(prog));
        assertEquals(prog, p(Printer.print(prog)));
    }

    @Test
    void malformedTextsGiveLocatedErrors() {
        PcodeSyntaxException missingEndif = assertThrows(PcodeSyntaxException.class,
                () -> Parser.parse("if x then\n  y = 1", "V_X"));
        assertEquals("V_X", missingEndif.instruction());
        assertEquals(2, missingEndif.line());
        assertEquals(8, missingEndif.column());
        assertEquals("end of text", missingEndif.found());
        assertTrue(missingEndif.expected().contains("'endif'"), missingEndif.expected());
        assertEquals("V_X 2:8: expected ';' or 'else' or 'elsif' or 'endif', found end of text",
                missingEndif.getMessage());

        PcodeSyntaxException paren = assertThrows(PcodeSyntaxException.class, () -> Parser.parse("x = (1 + 2", "T"));
        assertEquals("'" + ")" + "'", paren.expected());
        assertEquals(1, paren.line());
        assertEquals(11, paren.column());

        PcodeSyntaxException bare = assertThrows(PcodeSyntaxException.class, () -> Parser.parse("x + 1", "T"));
        assertEquals("assignment or call statement", bare.expected());

        PcodeSyntaxException call = assertThrows(PcodeSyntaxException.class, () -> Parser.parse("a = 1;\nf(x) = 1", "T"));
        assertEquals("assignable target", call.expected());
        assertEquals(2, call.line());
        assertEquals(1, call.column());

        PcodeSyntaxException number = assertThrows(PcodeSyntaxException.class,
                () -> Parser.parse("D = A (16x16) * B", "T"));
        assertEquals("malformed number '16x16'", number.found());
        assertEquals(8, number.column());

        PcodeSyntaxException then = assertThrows(PcodeSyntaxException.class,
                () -> Parser.parse("if a\nb = 1\nendif", "T"));
        assertEquals("'then'", then.expected());
        assertEquals("IDENT 'b'", then.found());
        assertEquals(2, then.line());

        assertThrows(PcodeSyntaxException.class, () -> Parser.parse("declare x : 32'Q", "T"));
        assertThrows(PcodeSyntaxException.class, () -> Parser.parse("x = \"open", "T"));
        assertThrows(PcodeSyntaxException.class, () -> Parser.parse("x = a # b", "T"));
    }

    @Test
    void positionsAreKeptBesideTheTree() throws Exception {
        ParsedText t = Parser.parse("x = 1;\n  y = foo(x)", "T");
        Stmt.Assign second = (Stmt.Assign) t.program().body().get(1);
        assertEquals(new ParsedText.Position(2, 3), t.position(second));
        assertEquals(new ParsedText.Position(2, 7), t.position(second.value()));
    }

    @Test
    void informalTextsAreClassifiedByKind() throws Exception {
        assertKind(InformalKind.MATRIX_SHAPE, "D = A (16x16) * B (16x16) + C (16x16)");
        assertKind(InformalKind.MATRIX_SHAPE, "D = A (sparse 16x32) * B (32x16) + D (16x16)");
        assertKind(InformalKind.ASSEMBLY_EXAMPLE, "s_sleep 0       // Wait for 0 clocks.");
        assertKind(InformalKind.ASSEMBLY_EXAMPLE, "...\ns_endpgm\ns_code_end // 1");
        assertKind(InformalKind.C_LIKE_FRAGMENT, "offset = offset1:offset0;\nif (offset >= 0xe000) {\n}");
        assertKind(InformalKind.TABLE, "Offset[4:0]: Swizzle\n0x1f: No swizzle");
        assertKind(InformalKind.PROSE, "VDATA[0] = clampedLOD;\nVDATA[1] = rawLOD.");
        assertKind(InformalKind.PROSE, "expcnt <= WaitEXPCNT\nlgkmcnt <= WaitLGKMCNT");
        assertKind(InformalKind.PROSE, "x = countbits(valid mask)");
        // Fails to parse but shows no informal mark: a real error, not hidden as informal.
        assertThrows(PcodeSyntaxException.class, () -> Classifier.classify("T", "if x then y = 1"));
        assertThrows(PcodeSyntaxException.class, () -> Classifier.classify("T", "x = (1 + 2"));
        // Parses: never informal, whatever it looks like.
        assertInstanceOf(Classification.Parsed.class, Classifier.classify("T", "s_nop(16'0U)"));
    }

    private static void assertKind(InformalKind kind, String text) throws PcodeSyntaxException {
        Classification c = Classifier.classify("T", text);
        Classification.Informal i = assertInstanceOf(Classification.Informal.class, c, text);
        assertEquals(kind, i.kind(), i.reason());
        assertTrue(i.reason().startsWith(kind.description()), i.reason());
    }
}
