package io.github.amdisa.runtime.asm;

import java.util.List;

/**
 * A program that did not assemble: every bad line with its 1-based line and column and the message.
 */
public final class AsmProgramException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * One located problem.
     *
     * @param line 1-based line
     * @param column 1-based column
     * @param message what is wrong
     */
    public record Problem(int line, int column, String message) {
        @Override
        public String toString() {
            return line + ":" + column + ": " + message;
        }
    }

    private final transient List<Problem> problems;

    /**
     * Creates the exception.
     *
     * @param problems the problems, at least one
     */
    public AsmProgramException(List<Problem> problems) {
        super(problems.size() + " error(s); first at " + problems.get(0));
        this.problems = List.copyOf(problems);
    }

    /** Every problem in source order. */
    public List<Problem> problems() {
        return problems;
    }
}
