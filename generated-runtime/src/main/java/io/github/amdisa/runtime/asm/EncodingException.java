package io.github.amdisa.runtime.asm;

/**
 * A field value that the instruction's encoding cannot hold, or a field the encoding does not have. Thrown by the
 * {@link CheckedEncoder}; it names the instruction, the encoding, the field and the rejected value.
 */
public final class EncodingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String instruction;
    private final String encoding;
    private final String field;
    private final long value;

    /**
     * Creates the exception.
     *
     * @param instruction the AMD instruction name, e.g. {@code V_BFE_I32}
     * @param encoding the encoding name, e.g. {@code ENC_VOP3}
     * @param field the field, e.g. {@code SRC0}
     * @param value the rejected value
     * @param reason what is wrong with it
     */
    public EncodingException(String instruction, String encoding, String field, long value, String reason) {
        super(instruction + " (" + encoding + "): field " + field + " = " + value + ": " + reason);
        this.instruction = instruction;
        this.encoding = encoding;
        this.field = field;
        this.value = value;
    }

    /** The AMD instruction name. */
    public String instruction() {
        return instruction;
    }

    /** The encoding name. */
    public String encoding() {
        return encoding;
    }

    /** The field name. */
    public String field() {
        return field;
    }

    /** The rejected value. */
    public long value() {
        return value;
    }
}
