package io.github.amdisa.isaxml.load;

/** How much a spec problem matters once the {@link DefectPolicy} has been applied. */
public enum Severity {
    /** Loading fails. */
    ERROR,
    /** Loading goes on; the problem is reported. */
    WARNING,
    /** The policy says to ignore it; it is kept in the result for the record, never dropped silently. */
    IGNORED
}
