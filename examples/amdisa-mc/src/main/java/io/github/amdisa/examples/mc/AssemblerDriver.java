package io.github.amdisa.examples.mc;

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
 *   <li>{@code name:} at the start of a line prints {@code name:}; the rest of the line is a statement;</li>
 *   <li>{@code .text} prints {@code \t.text}; any other directive is reported as unsupported (llvm-mc knows many
 *       more, e.g. {@code .globl}, {@code .p2align}, {@code .byte}, {@code .amdgcn_target});</li>
 *   <li>anything else goes to {@link McBackend#assemble(String)}; a failure prints the backend's message at its
 *       column, marks the run failed, and assembling goes on with the next line.</li>
 * </ul>
 * Not supported: {@code /* ... *&#47;} comments, several statements on one line, macros, expressions in directives.
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
        while (lineStart < text.length()) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            failed |= line(source, lineNo++, lineStart, lineEnd, backend, showEncoding, out, err);
            lineStart = lineEnd + 1;
        }
        return failed;
    }

    private static boolean line(SourceText source, int lineNo, int start, int end, McBackend backend,
                                boolean showEncoding,
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
        if (label.lookingAt()) {
            out.append(text, pos, label.end()).append('\n');
            pos = skipBlanks(text, label.end(), stop);
        }
        if (pos == stop) {
            return false;
        }
        String statement = text.substring(pos, stop);
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
            McBackend.Assembly assembly = backend.assemble(statement);
            OutputFormat.appendInstruction(out, assembly.text(), showEncoding ? assembly.encoding() : null, 0,
                    assembly.encoding().length, assembly.fixups());
            return false;
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
