package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.lang.reflect.Method;
import java.util.List;

/** The whole corpus generated and compiled once per test JVM. */
final class Generated {

    static final PcodeGenerator GENERATOR = new PcodeGenerator();
    static final ClassLoader LOADER;

    static {
        for (Generation g : Generation.values()) {
            GENERATOR.add(g, PseudocodeLoader.loadBundled(g));
        }
        LOADER = InMemoryCompiler.compile(GENERATOR.files());
    }

    private Generated() {
    }

    /** The operation of {@code name} on {@code g}; fails if absent. */
    static PcodeOp op(Generation g, String name) {
        try {
            Class<?> c = LOADER.loadClass(PcodeGenerator.PACKAGE + "." + PcodeGenerator.dispatchClass(g));
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
