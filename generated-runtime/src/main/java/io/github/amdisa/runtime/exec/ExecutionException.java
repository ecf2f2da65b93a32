package io.github.amdisa.runtime.exec;

/**
 * Base of every error the machine model raises while executing. It carries the program counter and the
 * instruction text when they are known; the run loop fills them in ({@link #at}) as the exception passes through,
 * so low-level code (memory, register file) can throw without knowing either.
 */
public class ExecutionException extends RuntimeException {

    /** Marker for an unknown program counter. */
    public static final long UNKNOWN_PC = -1;

    private long pc = UNKNOWN_PC;
    private String instruction;

    /**
     * Creates an exception.
     *
     * @param message what went wrong, in a full sentence
     */
    public ExecutionException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param message what went wrong
     * @param cause the underlying error
     */
    public ExecutionException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Records where the error happened, unless already recorded (the innermost location wins).
     *
     * @param pc the byte address of the instruction
     * @param instruction its text (for example disassembly), or null when unknown
     * @return this exception, for {@code throw e.at(...)}
     */
    public ExecutionException at(long pc, String instruction) {
        if (this.pc == UNKNOWN_PC) {
            this.pc = pc;
        }
        if (this.instruction == null) {
            this.instruction = instruction;
        }
        return this;
    }

    /** @return the instruction's byte address, or {@link #UNKNOWN_PC} */
    public long pc() {
        return pc;
    }

    /** @return the instruction text, or null when unknown */
    public String instruction() {
        return instruction;
    }

    @Override
    public String getMessage() {
        String m = super.getMessage();
        if (pc != UNKNOWN_PC) {
            m += " [pc=0x" + Long.toHexString(pc) + (instruction != null ? ": " + instruction : "") + "]";
        }
        return m;
    }
}
