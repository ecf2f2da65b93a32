package io.github.amdisa.runtime.exec;

/**
 * The fetch-execute loop for one wave: maps the PC into the {@link Program}, calls the {@link StepListener}
 * and the {@link InstructionExecutor}, and advances the PC by the returned length or to a requested branch target.
 * It allocates nothing per instruction.
 */
public final class RunLoop {

    /** Why {@link #run} returned. */
    public enum Stop {
        /** The wave executed {@code S_ENDPGM} (called {@link Wave#halt()}). */
        HALTED,
        /** The step budget ran out. */
        STEP_LIMIT,
        /** The listener's {@link StepListener#beforeStep} returned false. */
        BREAKPOINT
    }

    private final InstructionExecutor executor;
    private final InstructionText text;
    private long steps;

    /**
     * Creates a run loop.
     *
     * @param executor the (generated) instruction executor
     * @param text renders instructions for error messages, or null
     */
    public RunLoop(InstructionExecutor executor, InstructionText text) {
        this.executor = executor;
        this.text = text;
    }

    /** @return instructions executed by this run loop so far */
    public long steps() {
        return steps;
    }

    /**
     * Runs a wave from its current PC until it halts, the budget runs out, or the listener stops it.
     *
     * @param wave the wave
     * @param program the code
     * @param listener the step hook ({@link StepListener#NONE} for none)
     * @param maxSteps the instruction budget
     * @return why the loop stopped
     * @throws ExecutionException from the instruction, with PC and text filled in
     */
    public Stop run(Wave wave, Program program, StepListener listener, long maxSteps) {
        int[] words = program.words();
        for (long n = 0; !wave.isHalted(); n++) {
            if (n >= maxSteps) {
                return Stop.STEP_LIMIT;
            }
            long pc = wave.pc();
            int offset;
            try {
                offset = program.offsetOf(pc);
            } catch (ExecutionException e) {
                e.at(pc, null);
                listener.onError(wave, e);
                throw e;
            }
            if (!listener.beforeStep(wave, pc, words, offset)) {
                return Stop.BREAKPOINT;
            }
            int length;
            try {
                length = executor.execute(wave, words, offset);
            } catch (ExecutionException e) {
                e.at(pc, describe(words, offset));
                listener.onError(wave, e);
                throw e;
            } catch (ArrayIndexOutOfBoundsException e) {
                ExecutionException x = new MemoryFault("Instruction runs past the end of the program", pc, 4, false);
                x.initCause(e);
                x.at(pc, null);
                listener.onError(wave, x);
                throw x;
            }
            if (length < 1) {
                throw new IllegalStateException("executor returned length " + length + " at 0x"
                        + Long.toHexString(pc));
            }
            steps++;
            wave.setPc(wave.nextPc(pc + 4L * length));
            listener.afterStep(wave, pc, length);
        }
        return Stop.HALTED;
    }

    private String describe(int[] words, int offset) {
        if (text == null) {
            return null;
        }
        try {
            return text.text(words, offset);
        } catch (RuntimeException e) {
            return "<undecodable>";
        }
    }
}
