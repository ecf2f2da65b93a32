package io.github.amdisa.generator.pcode.lower;

/** A construct the lowering does not implement; the message is the reason recorded for the instruction. */
public final class LoweringException extends Exception {
    private static final long serialVersionUID = 1L;

    public LoweringException(String reason) {
        super(reason);
    }
}
