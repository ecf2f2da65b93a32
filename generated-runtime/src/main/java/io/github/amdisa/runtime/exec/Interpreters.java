package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

/** Interpreters for the ten bundled generations, wired to their generated decoders and pseudocode. */
public final class Interpreters {

    private Interpreters() {
    }

    /**
     * Creates an interpreter for {@code target} (each call a new one: interpreters are not thread-safe).
     *
     * @param target the machine
     * @return an interpreter decoding with {@code <Gen>Isa} and executing {@code <Gen>Pcode}
     */
    public static Interpreter forTarget(Target target) {
        return switch (target) {
            case GFX908 -> new Interpreter(target, io.github.amdisa.cdna1.Cdna1Isa.INSTANCE,
                    io.github.amdisa.cdna1.Cdna1Pcode::find, io.github.amdisa.cdna1.Cdna1Pcode::traits);
            case GFX90A -> new Interpreter(target, io.github.amdisa.cdna2.Cdna2Isa.INSTANCE,
                    io.github.amdisa.cdna2.Cdna2Pcode::find, io.github.amdisa.cdna2.Cdna2Pcode::traits);
            case GFX942 -> new Interpreter(target, io.github.amdisa.cdna3.Cdna3Isa.INSTANCE,
                    io.github.amdisa.cdna3.Cdna3Pcode::find, io.github.amdisa.cdna3.Cdna3Pcode::traits);
            case GFX950 -> new Interpreter(target, io.github.amdisa.cdna4.Cdna4Isa.INSTANCE,
                    io.github.amdisa.cdna4.Cdna4Pcode::find, io.github.amdisa.cdna4.Cdna4Pcode::traits);
            case GFX1250 -> new Interpreter(target, io.github.amdisa.cdna5.Cdna5Isa.INSTANCE,
                    io.github.amdisa.cdna5.Cdna5Pcode::find, io.github.amdisa.cdna5.Cdna5Pcode::traits);
            case GFX1010 -> new Interpreter(target, io.github.amdisa.rdna1.Rdna1Isa.INSTANCE,
                    io.github.amdisa.rdna1.Rdna1Pcode::find, io.github.amdisa.rdna1.Rdna1Pcode::traits);
            case GFX1030 -> new Interpreter(target, io.github.amdisa.rdna2.Rdna2Isa.INSTANCE,
                    io.github.amdisa.rdna2.Rdna2Pcode::find, io.github.amdisa.rdna2.Rdna2Pcode::traits);
            case GFX1100 -> new Interpreter(target, io.github.amdisa.rdna3.Rdna3Isa.INSTANCE,
                    io.github.amdisa.rdna3.Rdna3Pcode::find, io.github.amdisa.rdna3.Rdna3Pcode::traits);
            case GFX1150 -> new Interpreter(target, io.github.amdisa.rdna3_5.Rdna3_5Isa.INSTANCE,
                    io.github.amdisa.rdna3_5.Rdna3_5Pcode::find, io.github.amdisa.rdna3_5.Rdna3_5Pcode::traits);
            case GFX1200 -> new Interpreter(target, io.github.amdisa.rdna4.Rdna4Isa.INSTANCE,
                    io.github.amdisa.rdna4.Rdna4Pcode::find, io.github.amdisa.rdna4.Rdna4Pcode::traits);
        };
    }
}
