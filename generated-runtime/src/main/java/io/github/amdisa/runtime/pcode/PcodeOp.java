package io.github.amdisa.runtime.pcode;

/** One instruction's pseudocode as an executable operation: a reference to a generated static method. */
@FunctionalInterface
public interface PcodeOp {
    /** Runs the instruction's text once against {@code ctx} (see {@link PcodeContext} for the lane contract). */
    void execute(PcodeContext ctx);
}
