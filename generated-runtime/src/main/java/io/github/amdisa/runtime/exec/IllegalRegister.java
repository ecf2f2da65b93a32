package io.github.amdisa.runtime.exec;

/** A register index outside the register file, or an operand encoding that names no readable/writable register. */
public class IllegalRegister extends ExecutionException {

    private final String file;
    private final int index;

    /**
     * Creates the exception.
     *
     * @param file the register file or operand kind, e.g. {@code "VGPR"} or {@code "scalar operand"}
     * @param index the offending index or encoding
     * @param reason why it is illegal
     */
    public IllegalRegister(String file, int index, String reason) {
        super(file + " " + index + ": " + reason);
        this.file = file;
        this.index = index;
    }

    /** @return the register file or operand kind */
    public String file() {
        return file;
    }

    /** @return the offending index or encoding */
    public int index() {
        return index;
    }
}
