package io.github.amdisa.examples.objdump;

/**
 * A file that is not a well-formed 64-bit little-endian ELF file, or an ELF file that is not an AMD GPU code
 * object. The message names the file (when known), the byte offset the problem was found at and what was expected.
 */
public final class ElfFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final long offset;

    /**
     * Creates the exception.
     *
     * @param offset the byte offset in the file where the problem is, or -1 when it concerns the file as a whole
     * @param message what is wrong, in a full sentence without the location
     */
    public ElfFormatException(long offset, String message) {
        super(offset < 0 ? message : "at byte 0x" + Long.toHexString(offset) + ": " + message);
        this.offset = offset;
    }

    /**
     * Returns where the problem is.
     *
     * @return the byte offset in the file, or -1 when it concerns the file as a whole
     */
    public long offset() {
        return offset;
    }
}
