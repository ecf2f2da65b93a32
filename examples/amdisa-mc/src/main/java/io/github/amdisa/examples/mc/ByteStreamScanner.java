package io.github.amdisa.examples.mc;

import java.util.Arrays;

/**
 * Splits llvm-mc's {@code -disassemble} input into byte runs, a faithful port of {@code SkipToToken},
 * {@code ByteArrayFromString} and the loop of {@code Disassembler::disassemble} in llvm-mc (LLVM 22):
 * <ul>
 *   <li>Bytes are integers in C-like notation as LLVM's {@code getAsInteger(0)} reads them ({@code 0x1f},
 *       {@code 31}, {@code 037}, {@code 0b11111}, {@code 0o37}), at most 255, separated by spaces, tabs, CR, LF
 *       and commas in any mix.</li>
 *   <li>{@code #} starts a comment to the end of the line; {@code //} and {@code ;} are <em>not</em> comments
 *       (they are invalid tokens).</li>
 *   <li>Outside brackets the whole input is one byte stream: an instruction may span lines, a line may hold
 *       several. A run ends at {@code [} or {@code ]} or the end of input.</li>
 *   <li>{@code [ ... ]} is an "atomic block": its bytes are one run, decoded without resynchronising after a
 *       failure (the caller stops the run and reports failure).</li>
 *   <li>An invalid token prints {@code error: invalid input token}, <em>discards every byte collected so far in
 *       the current run</em> (even from earlier lines) and skips to the end of the line. It does not change the
 *       exit status.</li>
 *   <li>{@code [} inside a block ({@code nested atomic blocks make no sense}), {@code ]} outside one
 *       ({@code attempt to close atomic block without opening}) and a block still open at the end
 *       ({@code unclosed atomic block}) are errors that make the exit status 1.</li>
 * </ul>
 */
public final class ByteStreamScanner {

    /** Receives runs and diagnostics in input order. */
    public interface Listener {
        /**
         * A run of bytes to decode.
         *
         * @param bytes   the bytes (only the first {@code count} are valid); the scanner reuses the array for later
         *                runs, so a listener that keeps the bytes copies them
         * @param offsets for each byte, the offset of its token in the input (where a decode warning points); reused
         *                like {@code bytes}
         * @param count   how many bytes, at least 1
         * @param atomic  whether the run is a {@code [...]} block
         */
        void run(byte[] bytes, int[] offsets, int count, boolean atomic);

        /**
         * A problem in the input text.
         *
         * @param offset   where the caret goes
         * @param severity always {@link SourceText.Severity#ERROR} here
         * @param message  llvm-mc's message
         */
        void diagnostic(int offset, SourceText.Severity severity, String message);
    }

    private final String text;
    private final Listener listener;
    private int pos;
    private byte[] bytes;
    private int[] offsets;
    private int count;

    private ByteStreamScanner(String text, Listener listener) {
        this.text = text;
        this.listener = listener;
        // The usual token is "0xNN," plus a line break now and then: about five characters a byte. Sized for that
        // once, instead of doubling (and copying) up to millions of bytes; more input still grows the arrays.
        int expected = Math.max(64, text.length() / 5 + 64);
        this.bytes = new byte[expected];
        this.offsets = new int[expected];
    }

    /**
     * Scans the whole input.
     *
     * @param text     the input
     * @param listener receives runs and diagnostics
     * @return whether a bracket error occurred (llvm-mc then exits with 1)
     */
    public static boolean scan(String text, Listener listener) {
        return new ByteStreamScanner(text, listener).scan();
    }

    private boolean scan() {
        boolean error = false;
        boolean inAtomicBlock = false;
        while (skipToToken()) {
            count = 0;
            char c = text.charAt(pos);
            if (c == '[') {
                if (inAtomicBlock) {
                    listener.diagnostic(pos, SourceText.Severity.ERROR, "nested atomic blocks make no sense");
                    error = true;
                }
                inAtomicBlock = true;
                pos++;
                continue;
            }
            if (c == ']') {
                if (!inAtomicBlock) {
                    listener.diagnostic(pos, SourceText.Severity.ERROR,
                            "attempt to close atomic block without opening");
                    error = true;
                }
                inAtomicBlock = false;
                pos++;
                continue;
            }
            readBytes();
            if (count > 0) {
                // No copies: without brackets the whole input is one run (millions of bytes), and no listener keeps
                // the arrays past the call.
                listener.run(bytes, offsets, count, inAtomicBlock);
            }
        }
        if (inAtomicBlock) {
            listener.diagnostic(text.length(), SourceText.Severity.ERROR, "unclosed atomic block");
            error = true;
        }
        return error;
    }

    private boolean skipToToken() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') {
                pos++;
            } else if (c == '#') {
                skipLine();
            } else {
                return true;
            }
        }
        return false;
    }

    /** The characters that end a byte token: {@code " \t\n\r,#[]"}. */
    private static boolean delimiter(char c) {
        return switch (c) {
            case ' ', '\t', '\n', '\r', ',', '#', '[', ']' -> true;
            default -> false;
        };
    }

    // Like StringRef::substr(find('\n')): stays on the newline, or jumps to the end.
    private void skipLine() {
        int nl = text.indexOf('\n', pos);
        pos = nl < 0 ? text.length() : nl;
    }

    private void readBytes() {
        while (skipToToken()) {
            char c = text.charAt(pos);
            if (c == '[' || c == ']') {
                return;
            }
            int end = pos;
            int value;
            int hi;
            int lo;
            // Fast path for the common token, 0x followed by two hex digits and a delimiter (or the end).
            if (pos + 4 <= text.length() && c == '0' && (text.charAt(pos + 1) | 0x20) == 'x'
                    && (hi = hexDigit(text.charAt(pos + 2))) >= 0 && (lo = hexDigit(text.charAt(pos + 3))) >= 0
                    && (pos + 4 == text.length() || delimiter(text.charAt(pos + 4)))) {
                end = pos + 4;
                value = hi << 4 | lo;
            } else {
                while (end < text.length() && !delimiter(text.charAt(end))) {
                    end++;
                }
                value = parseByte(text, pos, end);
            }
            if (value < 0) {
                listener.diagnostic(pos, SourceText.Severity.ERROR, "invalid input token");
                skipLine();
                count = 0;
                continue;
            }
            if (count == bytes.length) {
                bytes = Arrays.copyOf(bytes, count * 2);
                offsets = Arrays.copyOf(offsets, count * 2);
            }
            bytes[count] = (byte) value;
            offsets[count] = pos;
            count++;
            pos = end;
        }
    }

    /** The value of a hex digit, or -1. */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        int l = c | 0x20;
        return l >= 'a' && l <= 'f' ? l - 'a' + 10 : -1;
    }

    /**
     * Reads a byte the way LLVM's {@code StringRef::getAsInteger(0, unsigned)} does, then checks it is at most 255.
     *
     * @param s     the text
     * @param start first character of the token
     * @param end   one past its last character
     * @return the value, or -1 if the token is not an unsigned integer up to 255
     */
    static int parseByte(String s, int start, int end) {
        int radix = 10;
        int i = start;
        if (end - i >= 2 && s.charAt(i) == '0') {
            char p = s.charAt(i + 1);
            if (p == 'x' || p == 'X') {
                radix = 16;
                i += 2;
            } else if (p == 'b' || p == 'B') {
                radix = 2;
                i += 2;
            } else if (p == 'o') {
                radix = 8;
                i += 2;
            } else if (p >= '0' && p <= '9') {
                radix = 8;
                i += 1;
            }
        }
        if (i == end) {
            return -1;
        }
        long value = 0;
        for (; i < end; i++) {
            int digit = Character.digit(s.charAt(i), radix);
            if (digit < 0 || s.charAt(i) > 'z') {
                return -1;
            }
            value = value * radix + digit;
            if (value > 255) {
                return -1;
            }
        }
        return (int) value;
    }
}
