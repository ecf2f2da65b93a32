package io.github.amdisa.runtime.exec;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A {@link StepListener} that writes one line per executed instruction ({@code pc: text}) and stops at
 * breakpoints. Meant for debugging; it formats text and therefore allocates, unlike the run loop itself.
 */
public final class TraceListener implements StepListener {

    private final Appendable out;
    private final InstructionText text;
    private final long[] breakpoints;

    /**
     * Creates a tracer.
     *
     * @param out where lines go (for example {@code System.err} or a {@code StringBuilder}), or null for none
     * @param text renders instructions, or null to print the first dword in hex
     * @param breakpoints byte addresses to stop before (the run loop returns {@link RunLoop.Stop#BREAKPOINT})
     */
    public TraceListener(Appendable out, InstructionText text, long... breakpoints) {
        this.out = out;
        this.text = text;
        this.breakpoints = breakpoints.clone();
        java.util.Arrays.sort(this.breakpoints);
    }

    @Override
    public boolean beforeStep(Wave wave, long pc, int[] words, int offset) {
        if (java.util.Arrays.binarySearch(breakpoints, pc) >= 0) {
            return false;
        }
        if (out != null) {
            try {
                out.append(String.format("%012x: %s%n", pc,
                        text != null ? text.text(words, offset) : String.format("%08x", words[offset])));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return true;
    }
}
