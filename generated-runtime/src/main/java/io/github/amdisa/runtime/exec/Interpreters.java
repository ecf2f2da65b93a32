package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.pcode.PcodeOp;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Interpreters for the generations generated into this runtime ({@code io.github.amdisa.<gen>.<Gen>Isa} and
 * {@code <Gen>Pcode}, found by name: the hand-written runtime compiles without any generated code).
 */
public final class Interpreters {

    /** The base package the runtime module generates into. */
    public static final String BASE_PACKAGE = "io.github.amdisa";

    private Interpreters() {
    }

    /**
     * Creates an interpreter for {@code target} (each call a new one: interpreters are not thread-safe).
     *
     * @param target the machine
     * @return an interpreter decoding with {@code <Gen>Isa} and executing {@code <Gen>Pcode}
     * @throws IllegalStateException when the generation's classes are not on the class path
     */
    public static Interpreter forTarget(Target target) {
        return forTarget(target, BASE_PACKAGE, Interpreters.class.getClassLoader());
    }

    /**
     * Creates an interpreter from the classes {@code amdisa:generate} wrote under {@code basePackage}.
     *
     * @param target the machine
     * @param basePackage the generator's base package
     * @param loader where to find the generated classes
     * @return the interpreter
     */
    public static Interpreter forTarget(Target target, String basePackage, ClassLoader loader) {
        String stem = target.generation().toLowerCase(Locale.ROOT).replace('.', '_');
        String prefix = Character.toUpperCase(stem.charAt(0)) + stem.substring(1);
        String pkg = basePackage + "." + stem + "." + prefix;
        try {
            InstructionSet isa = (InstructionSet) Class.forName(pkg + "Isa", true, loader).getField("INSTANCE")
                    .get(null);
            Class<?> pcode = Class.forName(pkg + "Pcode", true, loader);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle find = lookup.findStatic(pcode, "find", MethodType.methodType(PcodeOp.class, String.class));
            MethodHandle traits = lookup.findStatic(pcode, "traits", MethodType.methodType(int.class, String.class));
            Function<String, PcodeOp> f = name -> {
                try {
                    return (PcodeOp) find.invokeExact(name);
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            };
            ToIntFunction<String> t = name -> {
                try {
                    return (int) traits.invokeExact(name);
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            };
            return new Interpreter(target, isa, f, t);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the generated classes of " + target.generation() + " (" + pkg
                    + "Isa, " + pkg + "Pcode) are not on the class path", e);
        }
    }
}
