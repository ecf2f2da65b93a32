package io.github.amdisa.examples.mc;

/**
 * An input buffer with its name, formatting diagnostics exactly like LLVM's {@code SourceMgr}:
 * <pre>
 * &lt;stdin&gt;:2:1: error: invalid instruction
 * v_bogus v1
 * ^
 * </pre>
 * Lines and columns are 1-based and count characters (bytes, since input is read as ISO-8859-1), a tab counting as
 * one column. The echoed source line and the caret line expand tabs to multiples of 8, as LLVM does; the line ends
 * at the first {@code \n} or {@code \r}.
 *
 * <p>Locating an offset costs a binary search over the line starts, which are found once, on the first
 * diagnostic: an input with a warning on every line (a stream of data words, say) stays linear.
 */
public final class SourceText {

    private final String name;
    private final String text;
    /** Offsets where lines start, found on first use. */
    private int[] lineStarts;

    /**
     * @param name the buffer name, {@code <stdin>} or the path as given
     * @param text the whole input
     */
    public SourceText(String name, String text) {
        this.name = java.util.Objects.requireNonNull(name, "name");
        this.text = java.util.Objects.requireNonNull(text, "text");
    }

    /** The buffer name, {@code <stdin>} or the path as given. */
    public String name() {
        return name;
    }

    /** The whole input. */
    public String text() {
        return text;
    }

    /** Diagnostic severities, spelled as in the output. */
    public enum Severity {
        /** Counted as failure by the caller. */
        ERROR("error"),
        /** Informational. */
        WARNING("warning");

        private final String label;

        Severity(String label) {
            this.label = label;
        }

        /** @return {@code error} or {@code warning} */
        public String label() {
            return label;
        }
    }

    private static final int TAB_STOP = 8;

    /**
     * Formats one diagnostic, ending in a newline.
     *
     * @param offset   index into {@link #text()} where the caret goes; may equal the length (end of input)
     * @param width    how many characters to underline, at least 1 ({@code ^~~~})
     * @param severity error or warning
     * @param message  the message
     * @return three lines of text
     */
    public String diagnostic(int offset, int width, Severity severity, String message) {
        int[] starts = lineStarts();
        int found = java.util.Arrays.binarySearch(starts, Math.max(0, Math.min(offset, text.length())));
        int index = found >= 0 ? found : -found - 2; // the last line starting at or before offset
        int lineStart = starts[index];
        int line = index + 1;
        return diagnostic(line, lineStart, offset, width, severity, message);
    }

    /**
     * Like {@link #diagnostic(int, int, Severity, String)} for a caller that walks the text line by line and already
     * knows the line's number and start, so that many diagnostics in a large input cost no rescans from the top.
     *
     * @param line      the 1-based number of the line holding {@code offset}
     * @param lineStart the index where that line starts
     */
    private int[] lineStarts() {
        int[] starts = lineStarts;
        if (starts == null) {
            int n = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    n++;
                }
            }
            starts = new int[n];
            int k = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts[k++] = i + 1;
                }
            }
            lineStarts = starts;
        }
        return starts;
    }

    public String diagnostic(int line, int lineStart, int offset, int width, Severity severity, String message) {
        int lineEnd = lineStart;
        while (lineEnd < text.length() && text.charAt(lineEnd) != '\n' && text.charAt(lineEnd) != '\r') {
            lineEnd++;
        }
        int column = offset - lineStart + 1;
        String source = text.substring(lineStart, lineEnd);

        StringBuilder shown = new StringBuilder();
        StringBuilder caret = new StringBuilder();
        int caretStart = offset - lineStart;
        int caretEnd = caretStart + Math.max(1, width);
        for (int i = 0; i < Math.max(source.length(), caretEnd); i++) {
            char c = i < source.length() ? source.charAt(i) : ' ';
            char mark = i == caretStart ? '^' : (i > caretStart && i < caretEnd && i < source.length()) ? '~' : ' ';
            if (c == '\t') {
                do {
                    shown.append(' ');
                    caret.append(mark); // LLVM repeats the caret-line character over a tab's width
                } while (shown.length() % TAB_STOP != 0);
            } else {
                if (i < source.length()) {
                    shown.append(c);
                }
                caret.append(mark);
            }
        }
        int last = caret.length();
        while (last > 0 && caret.charAt(last - 1) == ' ') {
            last--;
        }
        caret.setLength(last);
        return name + ":" + line + ":" + column + ": " + severity.label() + ": " + message + "\n"
                + shown + "\n" + caret + "\n";
    }
}
