package io.github.amdisa.generator.pcode.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.generator.pcode.Parser;
import io.github.amdisa.generator.pcode.ast.Expr;
import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The wide fixed-point window overlay: its shape match and its constant, against published digits. */
class FractionWindowTest {

    @Test
    void twoOverPiHasTheTableBits() throws Exception {
        BigInteger bits = FractionWindow.constantBits(Parser.parseExpression("2.0 / PI"), 1201);
        assertEquals(1201, bits.bitLength()); // 2/PI = 0.1010...: b_1200 is set
        // the first 128 fraction bits of 2/PI (fdlibm's and LLVM's tables: a2f9836e 4e441529 fc2757d1 f534ddc0)
        assertEquals(new BigInteger("a2f9836e4e441529fc2757d1f534ddc0", 16), bits.shiftRight(1201 - 128));
        // pi itself: 3.14159265358979323846264338327950288...
        assertTrue(FractionWindow.pi(new java.math.MathContext(40)).toPlainString()
                .startsWith("3.141592653589793238462643383279502884197"));
    }

    @Test
    void matchesTheTrigPreopShapeOnly() throws Exception {
        Optional<FractionWindow.Match> m = FractionWindow.match((Expr.Cast) Parser.parseExpression(
                "64'F((1201'B(2.0 / PI)[1200 : 0] << shift.u32) & 1201'0x1fffffffffffff)"));
        assertTrue(m.isPresent());
        assertEquals(1201, m.get().width());
        assertEquals(53, m.get().bits());
        assertTrue(m.get().hexBits().startsWith("145f306dc9c882a53f84eafa3ea69bb81b6c52b3"), m.get().hexBits());
        assertTrue(FractionWindow.match((Expr.Cast) Parser.parseExpression("64'F((x << shift.u32) & 0xff)"))
                .isEmpty());
        assertTrue(FractionWindow.match((Expr.Cast) Parser.parseExpression(
                "64'F((1201'B(2.0 / PI)[1199 : 0] << shift.u32) & 1201'0x1fffffffffffff)")).isEmpty());
    }
}
