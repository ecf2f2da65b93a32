package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.lang.reflect.Method;
import java.util.List;

/**
 * The whole corpus: lowered once per test JVM for the outcomes (coverage), executed through the classes the build
 * generated into the runtime ({@code io.github.amdisa.<gen>.<Gen>Pcode}, the same generator's output), so the
 * golden tests run the code the runtime jar ships.
 */
final class Generated {

    static final PcodeGenerator GENERATOR = new PcodeGenerator();
    static final ClassLoader LOADER = Generated.class.getClassLoader();

    static {
        for (Generation g : Generation.values()) {
            GENERATOR.add(g, PseudocodeLoader.loadBundled(g));
        }
    }

    private Generated() {
    }

    /** The operation of {@code name} on {@code g}; fails if absent. */
    static PcodeOp op(Generation g, String name) {
        try {
            String stem = g.fileStem();
            String prefix = Character.toUpperCase(stem.charAt(0)) + stem.substring(1);
            Class<?> c = LOADER.loadClass("io.github.amdisa." + stem + "." + prefix + "Pcode");
            Method find = c.getMethod("find", String.class);
            PcodeOp op = (PcodeOp) find.invoke(null, name);
            if (op == null) {
                throw new AssertionError(name + " has no pseudocode on " + g);
            }
            return op;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static List<PcodeGenerator.Outcome> outcomes() {
        return GENERATOR.outcomes();
    }
}
