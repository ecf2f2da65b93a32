package io.github.amdisa.isaxml.load;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The limits that keep a hostile spec from exhausting memory or time: the size of one (uncompressed) file, the
 * length of one text or tag, the element nesting depth and the number of problems recorded. AMD's real files are a
 * few tens of megabytes with texts of a few kilobytes and a nesting depth around 15, so the defaults leave a wide
 * margin while keeping a decompression bomb, a megabyte-long attribute or a million nested elements from getting
 * anywhere.
 *
 * @param maxFileBytes the most uncompressed bytes one spec file may have
 * @param maxTokenBytes the most bytes between two {@code <}: one text node (with the whitespace around it) or one
 *                      tag with its attributes
 * @param maxDepth the deepest element nesting
 * @param maxProblems the most problems one load records before it stops
 */
public record InputLimits(long maxFileBytes, int maxTokenBytes, int maxDepth, int maxProblems) {

    /** 256 MiB per file, 4 MiB per text or tag, depth 256, 100,000 problems. */
    public static InputLimits defaults() {
        return new InputLimits(256L << 20, 4 << 20, 256, 100_000);
    }

    public InputLimits {
        if (maxFileBytes <= 0 || maxTokenBytes <= 0 || maxDepth <= 0 || maxProblems <= 0) {
            throw new IllegalArgumentException("limits must be positive: " + maxFileBytes + ", " + maxTokenBytes
                    + ", " + maxDepth + ", " + maxProblems);
        }
    }

    /** Raised by {@link Limited} when a limit is exceeded; knows the byte position (line and byte column). */
    static final class ExceededException extends IOException {
        private static final long serialVersionUID = 1L;

        private final int line;
        private final int column;

        ExceededException(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }

    /**
     * Counts the bytes that pass and fails with an {@link ExceededException} as soon as the file or the current
     * text/tag run grows beyond its limit, before the parser has buffered it. Lines and columns are counted in
     * bytes (the same as characters for the ASCII that spec files are made of).
     */
    static final class Limited extends FilterInputStream {
        private final InputLimits limits;
        private long total;
        private int line = 1;
        private int column = 1;
        private int run;
        private int runLine = 1;
        private int runColumn = 1;

        Limited(InputStream in, InputLimits limits) {
            super(in);
            this.limits = limits;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                total++;
                checkTotal();
                account((byte) b);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                total += n;
                checkTotal();
                for (int i = offset; i < offset + n; i++) {
                    account(buffer[i]);
                }
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // Route skips through read so that skipped bytes count too.
            byte[] b = new byte[(int) Math.min(8192, Math.max(0, n))];
            int r = b.length == 0 ? 0 : read(b, 0, b.length);
            return Math.max(0, r);
        }

        private void checkTotal() throws ExceededException {
            if (total > limits.maxFileBytes()) {
                throw new ExceededException("the file is larger than the limit of " + limits.maxFileBytes()
                        + " bytes (a decompression bomb?); stopped reading", line, column);
            }
        }

        private void account(byte c) throws ExceededException {
            if (c == '<') {
                run = 0;
                runLine = line;
                runColumn = column;
            } else if (++run > limits.maxTokenBytes()) {
                throw new ExceededException("a text or tag starting at line " + runLine + ", column " + runColumn
                        + " is longer than the limit of " + limits.maxTokenBytes() + " bytes; stopped reading",
                        runLine, runColumn);
            }
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
    }
}
