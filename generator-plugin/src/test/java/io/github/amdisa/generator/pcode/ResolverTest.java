package io.github.amdisa.generator.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.generator.pcode.ast.Expr;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ResolverTest {

    /** Kinds by name (the last node wins; tests use names of one kind). */
    private static Map<String, NameKind> kinds(Resolver.Resolution r) {
        Map<String, NameKind> m = new TreeMap<>();
        r.names().forEach((id, k) -> m.put(id.name(), k));
        return m;
    }

    @Test
    void resolvesEachCategory() throws Exception {
        ParsedText t = Parser.parse("""
                declare OFFSET : 32'U;
                SAT = lambda(n) (n > 1 ? 1 : n);
                tmp = S0.u32 + OFFSET + M0.u32;
                for i in 0 : 31 do
                  tmp[i] = VGPR[laneId][SRC0.u32][i] | MEM[ADDR].u1
                endfor;
                D0.u32 = SAT(tmp) + v_max_u32(tmp, S1.u32) + 32'U(signext(INF))""", "T");
        Resolver.Resolution r = Resolver.resolve(t, "T");
        assertEquals(List.of(), r.problems());
        Map<String, NameKind> k = kinds(r);
        assertEquals(NameKind.OPERAND, k.get("OFFSET"));
        assertEquals(NameKind.LAMBDA, k.get("SAT"));
        assertEquals(NameKind.PARAMETER, k.get("n"));
        assertEquals(NameKind.LOCAL, k.get("tmp"));
        assertEquals(NameKind.OPERAND, k.get("S0"));
        assertEquals(NameKind.SPECIAL_REGISTER, k.get("M0"));
        assertEquals(NameKind.LOOP_VARIABLE, k.get("i"));
        assertEquals(NameKind.REGISTER_FILE, k.get("VGPR"));
        assertEquals(NameKind.LANE, k.get("laneId"));
        assertEquals(NameKind.MEMORY, k.get("MEM"));
        assertEquals(NameKind.CONSTANT, k.get("INF"));
        Map<String, Resolver.FunctionKind> calls = new TreeMap<>();
        r.calls().forEach((c, f) -> calls.put(c.function(), f));
        assertEquals(Map.of("SAT", Resolver.FunctionKind.LAMBDA, "v_max_u32", Resolver.FunctionKind.INSTRUCTION,
                "signext", Resolver.FunctionKind.BUILTIN), calls);
    }

    @Test
    void reportsUnknownNamesAndFunctionsWithPositions() throws Exception {
        ParsedText t = Parser.parse("x = 1;\nD0 = y + frobnicate(x, 2) + fma(x)", "V_T");
        Resolver.Resolution r = Resolver.resolve(t, "V_T");
        assertEquals(3, r.problems().size(), r.problems().toString());
        Resolver.Problem unknown = r.problems().get(0);
        assertEquals(Resolver.Severity.ERROR, unknown.severity());
        assertEquals(new ParsedText.Position(2, 6), unknown.position());
        assertTrue(unknown.message().contains("unknown identifier y"));
        assertTrue(r.problems().get(1).message().contains("unknown function frobnicate"));
        assertEquals(Resolver.Severity.WARNING, r.problems().get(2).severity());
        assertTrue(r.problems().get(2).message().contains("fma called with 1 arguments"));
        Expr.Ident y = r.names().keySet().stream().filter(i -> i.name().equals("y")).findFirst().orElseThrow();
        assertEquals(NameKind.UNKNOWN, r.kind(y));
    }

    @Test
    void readBeforeWriteDecidesLocalOrEnvironment() throws Exception {
        // offset is an RDNA 4 operand, but a local where a text assigns it first (S_GETREG_B32).
        assertEquals(NameKind.LOCAL, kinds(Resolver.resolve(Parser.parse("offset = 1; x = offset", "T"), "T"))
                .get("offset"));
        assertEquals(NameKind.OPERAND, kinds(Resolver.resolve(Parser.parse("x = offset", "T"), "T")).get("offset"));
        // += reads its target first.
        Resolver.Resolution r = Resolver.resolve(Parser.parse("acc += 1", "T"), "T");
        assertEquals(1, r.problems().size());
        // break and return need a loop and a lambda.
        Resolver.Resolution bad = Resolver.resolve(Parser.parse("break; return 1", "T"), "T");
        assertEquals(2, bad.problems().size(), bad.problems().toString());
    }
}
