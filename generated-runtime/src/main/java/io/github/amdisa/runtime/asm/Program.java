package io.github.amdisa.runtime.asm;

import java.util.List;
import java.util.Map;

/**
 * An assembled program: its words, one {@link Line} per statement and the labels' dword addresses.
 *
 * @param words all instruction words in order
 * @param lines the statements with their source line and dword address
 * @param labels label name to dword address (relative to the first word)
 */
public record Program(int[] words, List<Line> lines, Map<String, Integer> labels) {

    /**
     * One statement of the program.
     *
     * @param line the 1-based source line
     * @param address the dword address of the instruction
     * @param assembly the assembled instruction
     */
    public record Line(int line, int address, Assembler.Assembly assembly) {
    }

    /** The program as little-endian bytes, as it lies in memory. */
    public byte[] bytes() {
        byte[] b = new byte[words.length * 4];
        for (int i = 0; i < words.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (words[i] >>> 8 * k);
            }
        }
        return b;
    }
}
