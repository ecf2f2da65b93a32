package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sequence of instructions of one generation as consecutive words, with the dword offset of every instruction.
 *
 * @param isa the generation
 * @param words the instructions, back to back
 * @param offsets the first dword of each instruction
 */
public record InstructionStream(InstructionSet isa, int[] words, int[] offsets) {

    /**
     * Returns the number of instructions.
     *
     * @return the count
     */
    public int count() {
        return offsets.length;
    }

    /**
     * Writes the stream as {@code llvm-mc -disassemble} input: one instruction per line, bytes as {@code 0x..}.
     *
     * @param file the file to write
     * @throws IOException on write errors
     */
    public void writeLlvmMcInput(Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(64);
            for (int i = 0; i < offsets.length; i++) {
                int end = i + 1 < offsets.length ? offsets[i + 1] : words.length;
                line.setLength(0);
                for (int d = offsets[i]; d < end; d++) {
                    for (int b = 0; b < 4; b++) {
                        int v = words[d] >>> 8 * b & 0xff;
                        if (line.length() > 0) {
                            line.append(',');
                        }
                        line.append("0x").append(Character.forDigit(v >>> 4, 16)).append(Character.forDigit(v & 15, 16));
                    }
                }
                w.append(line).append('\n');
            }
        }
    }

    /**
     * Writes the words little-endian, as they lie in a code object.
     *
     * @param file the file to write
     * @throws IOException on write errors
     */
    public void writeBinary(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(words);
        Files.write(file, b.array());
    }
}
