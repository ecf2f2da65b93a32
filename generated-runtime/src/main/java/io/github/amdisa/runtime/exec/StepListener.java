package io.github.amdisa.runtime.exec;

/**
 * Debugger and tracing hook the run loop calls around every instruction. All methods have empty defaults;
 * {@link #NONE} is the no-op listener. A listener may inspect and change the wave (registers, PC) between
 * instructions.
 */
public interface StepListener {

    /** A listener that does nothing. */
    StepListener NONE = new StepListener() {
    };

    /**
     * Called before an instruction executes.
     *
     * @param wave the wave
     * @param pc the instruction's byte address
     * @param words the program's dwords
     * @param offset the instruction's first dword
     * @return true to execute it, false to stop the run loop before it (a breakpoint)
     */
    default boolean beforeStep(Wave wave, long pc, int[] words, int offset) {
        return true;
    }

    /**
     * Called after an instruction executed and the next PC is known ({@link Wave#pc()}).
     *
     * @param wave the wave
     * @param pc the executed instruction's byte address
     * @param length its length in dwords
     */
    default void afterStep(Wave wave, long pc, int length) {
    }

    /**
     * Called when an instruction throws, before the exception leaves the run loop.
     *
     * @param wave the wave (state as the failing instruction left it)
     * @param error the error, with PC and text filled in
     */
    default void onError(Wave wave, ExecutionException error) {
    }
}
