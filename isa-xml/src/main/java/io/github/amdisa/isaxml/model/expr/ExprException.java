package io.github.amdisa.isaxml.model.expr;

/** An expression that cannot be evaluated: unknown operator, bad literal, missing field. */
public final class ExprException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExprException(String message) {
        super(message);
    }
}
