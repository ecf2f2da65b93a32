package io.github.amdisa.runtime.codec;

/**
 * Thrown when a word sequence cannot be decoded: no encoding of the generation matches, the instruction is
 * truncated, or the offset lies outside the input. Unchecked, because decoding a buffer is usually a loop whose
 * caller either trusts its input or wants to stop at the first bad word; catch it to skip or report.
 *
 * <p>Decoders throw only this exception for bad input, never an {@code ArrayIndexOutOfBoundsException} or similar.
 */
public final class DecodeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int offset;
    private final String reason;

    /**
     * @param offset the dword offset of the instruction that failed to decode
     * @param reason why, in a short sentence
     */
    public DecodeException(int offset, String reason) {
        // No stack trace: a decode failure is an expected outcome on arbitrary input (a disassembler meets one per
        // data word), located by the offset and reason, and its stack would only show generated decoder internals.
        // Filling it in cost more than the decode itself.
        super("cannot decode at dword offset " + offset + ": " + reason, null, false, false);
        this.offset = offset;
        this.reason = reason;
    }

    /** The dword offset of the instruction that failed to decode. */
    public int offset() {
        return offset;
    }

    /** Why the words did not decode, without the offset. */
    public String reason() {
        return reason;
    }
}
