package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checker's result for one text: the program it checked (lambdas expanded), the type of every expression node
 * (by identity), the type of every local, the declared types of environment names, and the errors.
 */
public final class Typing {
    private final Program program;
    private final IdentityHashMap<Expr, PType> types;
    private final Map<String, PType> locals;
    private final Map<String, PType> declaredEnvironment;
    private final List<TypeError> errors;

    Typing(Program program, IdentityHashMap<Expr, PType> types, Map<String, PType> locals,
            Map<String, PType> declaredEnvironment, List<TypeError> errors) {
        this.program = program;
        this.types = types;
        this.locals = Collections.unmodifiableMap(locals);
        this.declaredEnvironment = Collections.unmodifiableMap(declaredEnvironment);
        this.errors = List.copyOf(errors);
    }

    /** The checked program: the parsed one with expression lambdas expanded. */
    public Program program() {
        return program;
    }

    /** The type of an expression node of {@link #program()}. */
    public PType type(Expr e) {
        PType t = types.get(e);
        if (t == null) {
            throw new IllegalArgumentException("untyped node " + e);
        }
        return t;
    }

    /** Locals (including loop variables) with their types. */
    public Map<String, PType> locals() {
        return locals;
    }

    /** Environment names given a type by {@code declare} (e.g. {@code declare OFFSET : 16'U}). */
    public Map<String, PType> declaredEnvironment() {
        return declaredEnvironment;
    }

    public List<TypeError> errors() {
        return errors;
    }

    public boolean ok() {
        return errors.isEmpty();
    }
}
