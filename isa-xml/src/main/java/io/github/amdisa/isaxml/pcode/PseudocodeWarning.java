package io.github.amdisa.isaxml.pcode;

import io.github.amdisa.isaxml.model.SourceLocation;

/**
 * Something in a pseudocode file the loader skipped without failing, such as an element it does not know.
 *
 * @param location where it is
 * @param message what was skipped and why
 */
public record PseudocodeWarning(SourceLocation location, String message) {

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
