package io.github.amdisa.examples.mc;

/**
 * A command line that cannot be run. The message is printed to standard error as is (it already carries llvm-mc's
 * wording and the program name) and the exit status is 1.
 */
public final class McUsageException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the complete text to print, without trailing newline
     */
    public McUsageException(String message) {
        super(message);
    }
}
