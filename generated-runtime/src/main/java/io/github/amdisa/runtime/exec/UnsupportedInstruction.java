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
    public UnsupportedInstruction(String mnemonic, String reason) {
        super("Unsupported instruction " + mnemonic + ": " + reason);
        this.reason = reason;
    }

    /** @return why the instruction is not supported */
    public String reason() {
        return reason;
    }
}
