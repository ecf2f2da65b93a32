package io.github.amdisa.generator.pcode.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.generator.pcode.ParsedText;
import io.github.amdisa.generator.pcode.Parser;
import io.github.amdisa.generator.pcode.PcodeSyntaxException;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Stmt;
import org.junit.jupiter.api.Test;

/** The type checker on small texts: widths and kinds of expressions and locals, errors with their positions. */
class TypeCheckerTest {

    private static Typing check(String text) throws PcodeSyntaxException {
        return TypeChecker.check(Parser.parse(text, "TEST"), "TEST");
    }

    /** The value of the n-th statement, which must be an assignment. */
    private static Expr value(Typing t, int n) {
        return ((Stmt.Assign) t.program().body().get(n)).value();
    }

    @Test
    void suffixesAndCastsGiveTheirType() throws PcodeSyntaxException {
        Typing t = check("D0.u32 = S0.u32 + S1.u32;\nD0.f32 = 32'F(S0.i32)");
        assertTrue(t.ok(), t.errors().toString());
        assertEquals(PType.U32, t.type(value(t, 0)));
        assertEquals(PType.F32, t.type(value(t, 1)));
    }

    @Test
    void constantSliceIsBitsOfItsWidth() throws PcodeSyntaxException {
        Typing t = check("D0.u32 = S0[23 : 16]");
        assertTrue(t.ok(), t.errors().toString());
        assertEquals(PType.b(8), t.type(value(t, 0)));
    }

    @Test
    void reversedSliceHasTheSameWidth() throws PcodeSyntaxException {
        Typing t = check("D0.u32[31 : 0] = S0.u32[0 : 31]");
        assertTrue(t.ok(), t.errors().toString());
        Expr.Slice s = (Expr.Slice) value(t, 0);
        assertEquals(PType.b(32), t.type(s));
        assertTrue(TypeChecker.reversed(s));
    }

    @Test
    void localTakesTheTypeOfItsAssignment() throws PcodeSyntaxException {
        Typing t = check("tmp = S0.u64;\nD0.u64 = tmp");
        assertTrue(t.ok(), t.errors().toString());
        assertEquals(PType.U64, t.locals().get("tmp"));
    }

    @Test
    void localWrittenInPartIsAsWideAsItsWidestUse() throws PcodeSyntaxException {
        Typing t = check("tmp[31 : 16].f16 = S0[31 : 16].f16;\ntmp[15 : 0].f16 = S0[15 : 0].f16;\nD0.b32 = tmp.b32");
        assertTrue(t.ok(), t.errors().toString());
        assertEquals(PType.b(32), t.locals().get("tmp"));
        Typing wide = check("tmp[127 : 96] = S0[31 : 0];\ntmp[31 : 0] = S1[31 : 0];\nD0.b128 = tmp.b128");
        assertTrue(wide.ok(), wide.errors().toString());
        assertEquals(PType.b(128), wide.locals().get("tmp"));
    }

    @Test
    void comparisonIsATruthValue() throws PcodeSyntaxException {
        Typing t = check("SCC = S0.i32 < S1.i32");
        assertTrue(t.ok(), t.errors().toString());
        assertEquals(PType.BOOL, t.type(value(t, 0)));
    }

    @Test
    void readOfAnUnassignedLocalIsAnErrorAtItsPosition() throws PcodeSyntaxException {
        Typing t = check("D0.u32 = S0.u32;\nD1.u32 = nosuch + 1");
        assertEquals(1, t.errors().size(), t.errors().toString());
        TypeError e = t.errors().get(0);
        assertTrue(e.message().contains("nosuch"), e.message());
        assertEquals(new ParsedText.Position(2, 10), e.position());
    }

    @Test
    void nonIntegerForBoundsAreAnError() throws PcodeSyntaxException {
        Typing t = check("for i in 0 : S0.f32 do\nD0.u32 = 1U\nendfor");
        assertEquals(1, t.errors().size(), t.errors().toString());
        assertTrue(t.errors().get(0).message().startsWith("for bounds must be integers"));
        assertEquals(1, t.errors().get(0).position().line());
    }
}
