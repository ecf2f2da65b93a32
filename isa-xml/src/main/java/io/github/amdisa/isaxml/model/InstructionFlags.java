package io.github.amdisa.isaxml.model;

/** The {@code <InstructionFlags>} of an instruction. */
public record InstructionFlags(boolean branch, boolean conditionalBranch, boolean indirectBranch,
                               boolean programTerminator, boolean immediatelyExecuted) {
    public static final InstructionFlags NONE = new InstructionFlags(false, false, false, false, false);
}
