package io.github.amdisa.examples.mc;

/**
 * llvm-mc's {@code -disassemble} mode ({@code Disassembler::disassemble} and {@code PrintInsts}): scans the input
 * with {@link ByteStreamScanner} and decodes each run instruction by instruction.
 *
 * <p>A byte sequence that does not decode prints {@code warning: invalid instruction encoding} pointing at its
 * first byte. Outside a {@code [...]} block decoding goes on after {@link McException#skip()} bytes and the exit
 * status is unaffected; inside a block the rest of the block is dropped and the exit status becomes 1. No header is
 * printed (llvm-mc prints none in this mode, whatever the triple).
 */
public final class DisassemblerDriver {

    private DisassemblerDriver() {
    }

    /**
     * Disassembles the whole input.
     *
     * @param source       the input
     * @param backend      the codec
     * @param showEncoding whether to append encoding comments
     * @param out          receives instruction lines
     * @param err          receives diagnostics
     * @return whether llvm-mc would exit with 1
     */
    public static boolean run(SourceText source, McBackend backend, boolean showEncoding, StringBuilder out,
                              StringBuilder err) {
        boolean[] failed = {false};
        StringBuilder text = new StringBuilder();
        boolean bracketError = ByteStreamScanner.scan(source.text(), new ByteStreamScanner.Listener() {
            @Override
            public void run(byte[] bytes, int[] offsets, int count, boolean atomic) {
                int index = 0;
                while (index < count) {
                    text.setLength(0);
                    int size;
                    try {
                        size = backend.disassemble(bytes, index, count - index, text);
                    } catch (McException e) {
                        err.append(source.diagnostic(offsets[index], 1, SourceText.Severity.WARNING,
                                "invalid instruction encoding"));
                        if (atomic) {
                            failed[0] = true;
                            return;
                        }
                        index += Math.min(Math.max(1, e.skip()), count - index);
                        continue;
                    }
                    if (size < 1 || size > count - index) {
                        throw new IllegalStateException("backend returned length " + size + " with "
                                + (count - index) + " bytes available");
                    }
                    OutputFormat.appendInstruction(out, text, showEncoding ? bytes : null, index, size);
                    index += size;
                }
            }

            @Override
            public void diagnostic(int offset, SourceText.Severity severity, String message) {
                err.append(source.diagnostic(offset, 1, severity, message));
            }
        });
        return failed[0] || bracketError;
    }
}
