package io.github.amdisa.isaxml.model;

/**
 * Where something was read: the spec file (or zip member), the 1-based line and column of the element's start tag,
 * and the element path from the root (e.g. {@code Spec/ISA/Instructions/Instruction[412]/InstructionEncodings}).
 * Line or column are 0 when unknown.
 */
public record SourceLocation(String file, int line, int column, String elementPath) {

    /** A location for things that were not read from a file (built in code). */
    public static final SourceLocation UNKNOWN = new SourceLocation("<unknown>", 0, 0, "");

    public SourceLocation {
        file = file == null ? "<unknown>" : file;
        elementPath = elementPath == null ? "" : elementPath;
    }

    /** This location with a deeper element path, keeping file, line and column. */
    public SourceLocation child(String pathElement) {
        return new SourceLocation(file, line, column, elementPath.isEmpty() ? pathElement : elementPath + "/" + pathElement);
    }

    /** This location at another line and column. */
    public SourceLocation at(int newLine, int newColumn) {
        return new SourceLocation(file, newLine, newColumn, elementPath);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(file);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        if (!elementPath.isEmpty()) {
            b.append(" (").append(elementPath).append(')');
        }
        return b.toString();
    }
}
