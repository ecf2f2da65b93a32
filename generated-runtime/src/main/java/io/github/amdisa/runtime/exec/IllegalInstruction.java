package io.github.amdisa.runtime.exec;

/** The words at the program counter do not decode to an instruction of the wave's generation. */
public class IllegalInstruction extends ExecutionException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what the decoder reported
     * @param cause the decoder's exception
     */
    public IllegalInstruction(String message, Throwable cause) {
        super(message, cause);
    }
}
