package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Diagnostic layout, each compared with what llvm-mc-22 printed for the same input. */
class SourceTextTest {

    @Test
    void plainCaret() {
        // printf 's_nop 0\nv_bogus v1\n' | llvm-mc-22 -triple=amdgcn -mcpu=gfx1100
        SourceText s = new SourceText("<stdin>", "s_nop 0\nv_bogus v1\n");
        assertEquals("<stdin>:2:1: error: invalid instruction\nv_bogus v1\n^\n",
                s.diagnostic(8, 1, SourceText.Severity.ERROR, "invalid instruction"));
    }

    @Test
    void tabsCountOneColumnButAreExpandedInTheEcho() {
        // printf '\tv_bogus v1\n  \t x_y\n' | llvm-mc-22 ... -> 1:2 and 2:5, lines shown with tabs expanded
        SourceText s = new SourceText("<stdin>", "\tv_bogus v1\n  \t x_y\n");
        assertEquals("<stdin>:1:2: error: invalid instruction\n        v_bogus v1\n        ^\n",
                s.diagnostic(1, 1, SourceText.Severity.ERROR, "invalid instruction"));
        assertEquals("<stdin>:2:5: error: invalid instruction\n         x_y\n         ^\n",
                s.diagnostic(16, 1, SourceText.Severity.ERROR, "invalid instruction"));
        // printf '0x00\t0x00, zz\n' | llvm-mc-22 ... -disassemble -> 1:12, caret under zz at display column 15
        SourceText d = new SourceText("<stdin>", "0x00\t0x00, zz\n");
        assertEquals("<stdin>:1:12: error: invalid input token\n0x00    0x00, zz\n              ^\n",
                d.diagnostic(11, 1, SourceText.Severity.ERROR, "invalid input token"));
    }

    @Test
    void endOfInputPointsAtAnEmptyLine() {
        // printf '[0x00,0x00,0x80,0xbf\n' | llvm-mc-22 ... -disassemble -> "<stdin>:2:1: error: unclosed atomic block"
        SourceText s = new SourceText("<stdin>", "[0x00,0x00,0x80,0xbf\n");
        assertEquals("<stdin>:2:1: error: unclosed atomic block\n\n^\n",
                s.diagnostic(21, 1, SourceText.Severity.ERROR, "unclosed atomic block"));
    }

    @Test
    void rangeUnderlinesWithTildesAndCarriageReturnEndsTheLine() {
        // echo 's_nop 0' | llvm-mc-22 -mcpu=gfx1100 (host triple) -> "invalid instruction mnemonic 's_nop'" ^~~~~
        SourceText s = new SourceText("f.s", "s_nop 0\r\n");
        assertEquals("f.s:1:1: warning: m\ns_nop 0\n^~~~~\n", s.diagnostic(0, 5, SourceText.Severity.WARNING, "m"));
    }
}
