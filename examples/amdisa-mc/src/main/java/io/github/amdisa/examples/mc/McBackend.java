package io.github.amdisa.examples.mc;

/**
 * The codec behind {@code amdisa-mc} for one target: an instance decodes and encodes the instructions of a single
 * {@link McTarget} with a fixed feature list. Everything else (command line, input scanning, output layout,
 * diagnostics, exit status) belongs to the front end, so an implementation only deals with single instructions.
 *
 * <p>Implementations are created by a {@link McBackendProvider}. They need not be thread-safe (see
 * {@link #concurrentDisassembly()}).
 */
public interface McBackend {

    /**
     * Decodes one instruction.
     *
     * @param bytes  the input bytes; instructions are little-endian, the first dword of a 64-bit encoding is its low
     *               32 bits
     * @param offset where the instruction starts
     * @param length how many bytes are available from {@code offset} (possibly fewer than the instruction needs)
     * @param out    receives the instruction's LLVM text without leading tab or trailing newline, e.g.
     *               {@code v_bfe_i32 v5, v1, v2, s3}; left untouched on failure
     * @return the instruction's length in bytes, at least 1 and at most {@code length}
     * @throws McException if the bytes are not a valid instruction; {@link McException#skip()} tells how many bytes
     *                     llvm-mc skips before trying again (AMDGPU skips {@code min(4, length)})
     */
    int disassemble(byte[] bytes, int offset, int length, StringBuilder out) throws McException;

    /**
     * The length of the instruction at {@code offset}, as {@link #disassemble} would return it, without its text.
     * The default prints it and drops the text; a backend with a decoder of its own answers faster.
     *
     * @throws McException exactly when {@link #disassemble} would
     */
    default int decodedLength(byte[] bytes, int offset, int length) throws McException {
        return disassemble(bytes, offset, length, new StringBuilder());
    }

    /**
     * Whether llvm-mc warns that the instruction at {@code offset}, which {@link #disassemble} decodes, is a
     * "potentially undefined instruction encoding" (it prints it all the same). The default never warns.
     */
    default boolean potentiallyUndefined(byte[] bytes, int offset, int length) {
        return false;
    }

    /**
     * {@link #disassemble} and {@link #potentiallyUndefined} of one instruction together: the front end asks both of
     * every instruction it prints. The default calls the two; a backend that decodes once for both answers faster.
     *
     * @param potentiallyUndefined receives {@link #potentiallyUndefined}'s answer in its first element (untouched when
     *                             the bytes do not decode)
     * @return the instruction's length in bytes, as {@link #disassemble} returns it
     * @throws McException exactly when {@link #disassemble} would
     */
    default int disassemble(byte[] bytes, int offset, int length, StringBuilder out, boolean[] potentiallyUndefined)
            throws McException {
        int size = disassemble(bytes, offset, length, out);
        potentiallyUndefined[0] = potentiallyUndefined(bytes, offset, length);
        return size;
    }

    /**
     * Whether {@link #disassemble} and {@link #decodedLength} may be called from several threads at once (on the
     * same, unmodified byte array); the front end may then print long inputs on several threads
     * ({@code -Damdisa.mc.threads=N}). False by default.
     */
    default boolean concurrentDisassembly() {
        return false;
    }

    /**
     * Assembles one statement.
     *
     * @param statement one instruction in LLVM syntax with surrounding whitespace and comments already removed,
     *                  e.g. {@code v_bfe_i32 v5, v1, v2, s3}
     * @return the encoding and the canonical text llvm-mc would print for it
     * @throws McException if the statement is not valid; {@link McException#column()} is a 0-based index into
     *                     {@code statement}
     */
    Assembly assemble(String statement) throws McException;

    /**
     * Assembles one statement whose operands may name assembler symbols ({@code s_mov_b32 s0, i1+3}, {@code s_branch
     * loop}): absolute ones stand for their values, others are left as {@link Fixup}s where llvm-mc takes them. The
     * default ignores the symbols.
     *
     * @param statement as for {@link #assemble(String)}
     * @param symbols   the symbols as defined above the statement
     * @return the encoding, canonical text and fixups
     * @throws McException as for {@link #assemble(String)}
     */
    default Assembly assemble(String statement, io.github.amdisa.runtime.syntax.Symbols symbols) throws McException {
        return assemble(statement);
    }

    /**
     * The result of {@link #assemble(String)}.
     *
     * @param encoding the instruction's bytes in memory order (bytes under a fixup are placeholders)
     * @param text     the canonical text, e.g. {@code v_mov_b32_e32 v1, v2} for {@code v_mov_b32 v1, v2}
     * @param fixups   the symbolic parts of the encoding, left for layout, as llvm-mc reports them
     */
    record Assembly(byte[] encoding, String text, java.util.List<Fixup> fixups) {
        /** Copies the fixup list, but rejects nulls and empty encodings. */
        public Assembly {
            if (encoding == null || encoding.length == 0) {
                throw new IllegalArgumentException("an assembled instruction needs at least one byte");
            }
            if (text == null) {
                throw new IllegalArgumentException("text must not be null");
            }
            fixups = java.util.List.copyOf(fixups);
        }

        /** An encoding without fixups. */
        public Assembly(byte[] encoding, String text) {
            this(encoding, text, java.util.List.of());
        }
    }

    /**
     * A part of an encoding whose value depends on a symbol ({@code s_branch loop}, {@code s_mov_b32 s0, u+1}):
     * llvm-mc prints its bytes as {@code A} and a line {@code ;   fixup A - offset: 0, value: loop, kind:
     * fixup_si_sopp_br}.
     *
     * @param value     the expression as llvm-mc prints it ({@code loop}, {@code u+1})
     * @param firstByte the first byte it covers
     * @param bytes     how many bytes
     * @param kind      LLVM's fixup kind name
     */
    record Fixup(String value, int firstByte, int bytes, String kind) {
    }
}
