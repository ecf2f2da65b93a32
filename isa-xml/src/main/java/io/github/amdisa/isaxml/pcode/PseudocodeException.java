package io.github.amdisa.isaxml.pcode;

import io.github.amdisa.isaxml.model.SourceLocation;

/**
 * A pseudocode file that cannot be read: malformed XML, a missing {@code Name}, a duplicate instruction name. The
 * message starts with the location ({@code file:line:column}).
 */
public final class PseudocodeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient SourceLocation location;
    private final String detail;

    public PseudocodeException(SourceLocation location, String detail, Throwable cause) {
        super(location + ": " + detail, cause);
        this.location = location;
        this.detail = detail;
    }

    public PseudocodeException(SourceLocation location, String detail) {
        this(location, detail, null);
    }

    /** Where the problem is; line and column are 0 when the parser could not tell. */
    public SourceLocation location() {
        return location;
    }

    /** The message without the location. */
    public String detail() {
        return detail;
    }
}
