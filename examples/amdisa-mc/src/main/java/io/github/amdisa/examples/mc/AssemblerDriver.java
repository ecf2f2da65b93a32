package io.github.amdisa.examples.mc;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.asm.SymbolTable;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * llvm-mc's default (assemble) mode, for the subset of the assembler language amdisa-mc supports. Line by line:
 * <ul>
 *   <li>an empty or blank line prints an empty line (llvm-mc keeps blank lines);</li>
 *   <li>a line whose first non-blank character is {@code #} is a comment and prints nothing;</li>
 *   <li>{@code //} and {@code ;} start comments to the end of the line (AMDGPU's comment string is {@code ;});
 *       a trailing {@code #} is not a comment and reaches the backend, where llvm-mc reports
 *       {@code unknown token in expression};</li>
 *   <li>{@code name:} at the start of a line prints {@code name:} and defines the label (llvm-mc's "symbol 'name'
 *       is already defined" if it is a label or an {@code .equiv} symbol already); the rest of the line is a
 *       statement;</li>
 *   <li>an assignment, {@code name = expr}, {@code .set name, expr}, {@code .equ name, expr} or {@code .equiv name,
 *       expr}, defines a symbol ({@link SymbolTable}) and prints as llvm-mc-22 echoes it: {@code .set name, value}
 *       (the value folded when absolute, else the expression as llvm-mc prints it), and for the directives a second
 *       line {@code \t.no_dead_strip\tname};</li>
 *   <li>{@code .text} prints {@code \t.text}; any other directive is reported as unsupported (llvm-mc knows many
 *       more, e.g. {@code .globl}, {@code .p2align}, {@code .byte}, {@code .amdgcn_target});</li>
 *   <li>anything else goes to {@link McBackend#assemble(String, io.github.amdisa.runtime.syntax.Symbols)} with the
 *       symbols defined so far; a failure prints the backend's message at its column, marks the run failed, and
 *       assembling goes on with the next line.</li>
 * </ul>
 * Not supported: {@code /* ... *&#47;} comments, several statements on one line, macros, expressions in directives
 * other than assignments, layout (labels and undefined symbols stay fixups, as llvm-mc prints them).
 * With an {@code amdhsa} OS in the triple the output starts with llvm-mc's
 * {@code \t.amdgcn_target "amdgcn-amd-amdhsa--<cpu>[:sramecc±][:xnack±]"} line.
 */
public final class AssemblerDriver {

    private static final Pattern LABEL = Pattern.compile("[A-Za-z_.$][A-Za-z0-9_.$@]*:");

    private AssemblerDriver() {
    }

    /**
     * Assembles the whole input.
     *
     * @param source       the input
     * @param backend      the codec
     * @param showEncoding whether to append encoding comments
     * @param out          receives output lines
     * @param err          receives diagnostics
     * @return whether any line failed (llvm-mc then exits with 1)
     */
    public static boolean run(SourceText source, McBackend backend, boolean showEncoding, StringBuilder out,
                              StringBuilder err) {
        String text = source.text();
        boolean failed = false;
        int lineStart = 0;
        int lineNo = 1;
        SymbolTable symbols = new SymbolTable();
        while (lineStart < text.length()) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            failed |= line(source, lineNo++, lineStart, lineEnd, backend, symbols, showEncoding, out, err);
            lineStart = lineEnd + 1;
        }
        return failed;
    }

    private static boolean line(SourceText source, int lineNo, int start, int end, McBackend backend,
                                SymbolTable symbols, boolean showEncoding,
                                StringBuilder out, StringBuilder err) {
        String text = source.text();
        int pos = skipBlanks(text, start, end);
        if (pos == end) {
            out.append('\n');
            return false;
        }
        if (text.charAt(pos) == '#') {
            return false;
        }
        int stop = commentStart(text, pos, end);
        while (stop > pos && isBlank(text.charAt(stop - 1))) {
            stop--;
        }
        Matcher label = LABEL.matcher(text).region(pos, stop);
        boolean failed = false;
        if (label.lookingAt()) {
            out.append(text, pos, label.end()).append('\n');
            String name = text.substring(pos, label.end() - 1);
            if (!symbols.defineLabel(name)) {
                // llvm-mc-22 still prints the label line.
                err.append(source.diagnostic(lineNo, start, pos, 1, SourceText.Severity.ERROR,
                        "symbol '" + name + "' is already defined"));
                failed = true;
            }
            pos = skipBlanks(text, label.end(), stop);
        }
        if (pos == stop) {
            return failed;
        }
        String statement = text.substring(pos, stop);
        SymbolTable.Assignment assignment;
        try {
            assignment = symbols.assign(statement);
        } catch (AsmSyntaxException e) {
            int column = Math.min(e.offset(), statement.length());
            err.append(source.diagnostic(lineNo, start, pos + column, 1, SourceText.Severity.ERROR, e.detail()));
            return true;
        }
        if (assignment != null) {
            out.append(".set ").append(assignment.name()).append(", ").append(assignment.value()).append('\n');
            if (assignment.directive()) {
                out.append("\t.no_dead_strip\t").append(assignment.name()).append('\n');
            }
            return failed;
        }
        if (statement.charAt(0) == '.') {
            String directive = statement.split("[ \t]", 2)[0];
            if (directive.toLowerCase(Locale.ROOT).equals(".text") && statement.equals(directive)) {
                out.append("\t.text\n");
                return false;
            }
            err.append(source.diagnostic(lineNo, start, pos, directive.length(), SourceText.Severity.ERROR,
                    "directive " + directive + " is not supported by amdisa-mc"));
            return true;
        }
        try {
            McBackend.Assembly assembly = backend.assemble(statement, symbols);
            OutputFormat.appendInstruction(out, assembly.text(), showEncoding ? assembly.encoding() : null, 0,
                    assembly.encoding().length, assembly.fixups());
            return failed;
        } catch (McException e) {
            int column = Math.min(e.column(), statement.length());
            err.append(source.diagnostic(lineNo, start, pos + column, e.width(), SourceText.Severity.ERROR,
                    e.getMessage()));
            return true;
        }
    }

    private static int skipBlanks(String text, int pos, int end) {
        while (pos < end && isBlank(text.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b;
    }

    // The first // or ; outside a double-quoted string, or end.
    private static int commentStart(String text, int pos, int end) {
        boolean quoted = false;
        for (int i = pos; i < end; i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ';' || (c == '/' && i + 1 < end && text.charAt(i + 1) == '/')) {
                return i;
            }
        }
        return end;
    }

    /**
     * The header llvm-mc prints in assemble mode for an {@code amdhsa} triple.
     *
     * @param cpu      the processor
     * @param features the {@code -mattr} features; the last {@code ±sramecc} and {@code ±xnack} become part of the
     *                 target id
     * @return the line including its newline
     */
    public static String amdhsaHeader(String cpu, java.util.List<String> features) {
        String sramecc = null;
        String xnack = null;
        for (String f : features) {
            if (f.length() > 1 && f.substring(1).equals("sramecc")) {
                sramecc = f.substring(0, 1);
            } else if (f.length() > 1 && f.substring(1).equals("xnack")) {
                xnack = f.substring(0, 1);
            }
        }
        StringBuilder id = new StringBuilder("amdgcn-amd-amdhsa--").append(cpu);
        if (sramecc != null) {
            id.append(":sramecc").append(sramecc);
        }
        if (xnack != null) {
            id.append(":xnack").append(xnack);
        }
        return "\t.amdgcn_target \"" + id + "\"\n";
    }
}
