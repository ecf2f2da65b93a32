package io.github.amdisa.runtime.pcode;

/**
 * Thrown by a generated method whose pseudocode could not be lowered (informal text, a construct or built-in the
 * back end does not implement). The message is the reason the generator recorded, so an interpreter fails loudly
 * instead of silently doing nothing.
 */
public class UnsupportedInstruction extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param reason why the instruction has no executable semantics */
    public UnsupportedInstruction(String reason) {
        super(reason);
    }
}
