package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;

/** The generated instruction sets by LLVM target name. */
public final class Isas {

    private Isas() {
    }

    /**
     * Returns the generated instruction set of a target.
     *
     * @param mcpu an LLVM processor name of one of the ten bundled generations, e.g. {@code gfx1100}
     * @return its decoder and tables
     */
    public static InstructionSet forMcpu(String mcpu) {
        return switch (Target.forMcpu(mcpu)) {
            case GFX908 -> io.github.amdisa.cdna1.Cdna1Isa.INSTANCE;
            case GFX90A -> io.github.amdisa.cdna2.Cdna2Isa.INSTANCE;
            case GFX942 -> io.github.amdisa.cdna3.Cdna3Isa.INSTANCE;
            case GFX950 -> io.github.amdisa.cdna4.Cdna4Isa.INSTANCE;
            case GFX1250 -> io.github.amdisa.cdna5.Cdna5Isa.INSTANCE;
            case GFX1010 -> io.github.amdisa.rdna1.Rdna1Isa.INSTANCE;
            case GFX1030 -> io.github.amdisa.rdna2.Rdna2Isa.INSTANCE;
            case GFX1100 -> io.github.amdisa.rdna3.Rdna3Isa.INSTANCE;
            case GFX1150 -> io.github.amdisa.rdna3_5.Rdna3_5Isa.INSTANCE;
            case GFX1200 -> io.github.amdisa.rdna4.Rdna4Isa.INSTANCE;
        };
    }
}
