package io.github.amdisa.runtime.exec;

/** An instruction (or an operand form of one) the interpreter does not execute, with the reason. */
public class UnsupportedInstruction extends ExecutionException {

    private final String reason;

    /**
     * Creates the exception.
     *
     * @param mnemonic the instruction name, e.g. {@code "V_MFMA_F32_32X32X8_F16"}
     * @param reason why, e.g. {@code "AMD's pseudocode is a matrix-shape formula"}
     */
    /**
     * For code that knows the reason but not the instruction (a generated pseudocode method shared by several
     * instructions); the run loop adds the PC and instruction text with {@link #at(long, String)}.
     *
     * @param reason why the instruction has no executable semantics
     */
    public UnsupportedInstruction(String reason) {
        super("Unsupported instruction: " + reason);
        this.reason = reason;
    }

    public UnsupportedInstruction(String mnemonic, String reason) {
        super("Unsupported instruction " + mnemonic + ": " + reason);
        this.reason = reason;
    }

    /** @return why the instruction is not supported */
    public String reason() {
        return reason;
    }
}
