package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run loop with a toy executor: lengths, branches, halting, listeners and error labelling. */
class RunLoopTest {

    /**
     * Toy ISA: low byte is the opcode. 0 = end, 1 = add the next dword (a literal) to s0, 2 = relative branch by
     * the signed high half in dwords from PC + 4, 3 = unsupported, 4 = read s200 (illegal).
     */
    static final InstructionExecutor TOY = (w, words, off) -> {
        int op = words[off] & 0xFF;
        switch (op) {
            case 0 -> {
                w.halt();
                return 1;
            }
            case 1 -> {
                w.setSgpr(0, w.sgpr(0) + words[off + 1]);
                return 2;
            }
            case 2 -> {
                w.branch(w.pc() + 4 + 4L * (words[off] >> 16));
                return 1;
            }
            case 3 -> throw new UnsupportedInstruction("TOY_OP3", "not implemented");
            default -> {
                return w.sgpr(200);
            }
        }
    };

    @Test
    void runsToEndWithLiteralsAndBranches() {
        // 0x100: add 5; 0x108: branch +1 (skips 0x10C); 0x10C: add 1000 (skipped, its literal at 0x110 is "end")
        int[] code = {1, 5, 2 | 2 << 16, 1, 1000, 0};
        Program p = new Program(0x100, code);
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setPc(0x100);
        RunLoop loop = new RunLoop(TOY, null);
        List<Long> pcs = new ArrayList<>();
        StepListener trace = new StepListener() {
            @Override
            public void afterStep(Wave wave, long pc, int length) {
                pcs.add(pc);
            }
        };
        assertEquals(RunLoop.Stop.HALTED, loop.run(w, p, trace, 100));
        assertEquals(5, w.sgpr(0));
        assertEquals(List.of(0x100L, 0x108L, 0x114L), pcs);
        assertEquals(3, loop.steps());
        assertEquals(0x118, w.pc());
    }

    @Test
    void breakpointsAndStepLimits() {
        int[] code = {2 | 0xFFFF << 16};                      // branch to itself forever
        Program p = new Program(0, code);
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        RunLoop loop = new RunLoop(TOY, null);
        assertEquals(RunLoop.Stop.STEP_LIMIT, loop.run(w, p, StepListener.NONE, 10));
        assertEquals(10, loop.steps());
        int[] seen = {0};
        StepListener stopAtThird = new StepListener() {
            @Override
            public boolean beforeStep(Wave wave, long pc, int[] words, int offset) {
                return ++seen[0] < 3;
            }
        };
        assertEquals(RunLoop.Stop.BREAKPOINT, loop.run(w, p, stopAtThird, 100));
        assertEquals(12, loop.steps());
    }

    @Test
    void errorsCarryPcAndText() {
        Program p = new Program(0x40, new int[] {1, 7, 3});
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setPc(0x40);
        List<ExecutionException> seen = new ArrayList<>();
        StepListener l = new StepListener() {
            @Override
            public void onError(Wave wave, ExecutionException error) {
                seen.add(error);
            }
        };
        RunLoop loop = new RunLoop(TOY, (words, off) -> "toy_op" + (words[off] & 0xFF));
        UnsupportedInstruction e = assertThrows(UnsupportedInstruction.class, () -> loop.run(w, p, l, 10));
        assertEquals(0x48, e.pc());
        assertEquals("toy_op3", e.instruction());
        assertEquals("not implemented", e.reason());
        assertTrue(e.getMessage().contains("pc=0x48: toy_op3"), e.getMessage());
        assertEquals(List.of(e), seen);

        w.setPc(0x50);   // past the end
        MemoryFault f = assertThrows(MemoryFault.class, () -> loop.run(w, p, StepListener.NONE, 10));
        assertEquals(0x50, f.pc());
        w.setPc(0x42);
        assertThrows(MisalignedAccess.class, () -> loop.run(w, p, StepListener.NONE, 10));

        Program illegal = new Program(0, new int[] {4});
        w.setPc(0);
        IllegalRegister r = assertThrows(IllegalRegister.class, () -> loop.run(w, illegal, StepListener.NONE, 10));
        assertEquals(200, r.index());
        assertEquals("toy_op4", r.instruction());

        Program truncated = new Program(0, new int[] {1});    // literal missing
        w.setPc(0);
        assertThrows(MemoryFault.class, () -> loop.run(w, truncated, StepListener.NONE, 10));
    }

    @Test
    void traceAndBreakpoints() {
        int[] code = {1, 5, 1, 6, 0};
        Program p = new Program(0x100, code);
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setPc(0x100);
        StringBuilder sb = new StringBuilder();
        RunLoop loop = new RunLoop(TOY, null);
        assertEquals(RunLoop.Stop.BREAKPOINT, loop.run(w, p, new TraceListener(sb, null, 0x110), 100));
        assertEquals("000000000100: 00000001%n000000000108: 00000001%n".formatted(), sb.toString());
        assertEquals(0x110, w.pc());
        assertEquals(11, w.sgpr(0));
        assertEquals(RunLoop.Stop.HALTED, loop.run(w, p, new TraceListener(null, (words, off) -> "x"), 100));
    }

    @Test
    void programFromBytes() {
        Program p = Program.fromBytes(0x1000, new byte[] {0x01, 0x02, 0x03, 0x04, 0x05});
        assertEquals(2, p.words().length);
        assertEquals(0x04030201, p.words()[0]);
        assertEquals(0x05, p.words()[1]);
        assertEquals(0x1008, p.endAddress());
        assertEquals(1, p.offsetOf(0x1004));
        assertThrows(IllegalArgumentException.class, () -> new Program(2, new int[1]));
    }
}
