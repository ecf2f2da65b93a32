package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.model.SourceLocation;
import java.util.Optional;

/**
 * One problem found in a spec, with where it is: file, line:column, element path, and the instruction and encoding
 * it concerns when there is one.
 */
public record SpecProblem(Severity severity, ProblemKind kind, String message, SourceLocation location,
                          Optional<String> instruction, Optional<String> encoding) {

    /** The problem as one line: {@code file:line:col: error: message [instruction X, encoding Y] (path)}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        b.append(location.file());
        if (location.line() > 0) {
            b.append(':').append(location.line());
            if (location.column() > 0) {
                b.append(':').append(location.column());
            }
        }
        b.append(": ").append(severity.name().toLowerCase(java.util.Locale.ROOT)).append(": ")
                .append(kind.name()).append(": ").append(message);
        if (instruction.isPresent() || encoding.isPresent()) {
            b.append(" [");
            instruction.ifPresent(i -> b.append("instruction ").append(i));
            if (instruction.isPresent() && encoding.isPresent()) {
                b.append(", ");
            }
            encoding.ifPresent(e -> b.append("encoding ").append(e));
            b.append(']');
        }
        if (!location.elementPath().isEmpty()) {
            b.append(" (").append(location.elementPath()).append(')');
        }
        return b.toString();
    }
}
