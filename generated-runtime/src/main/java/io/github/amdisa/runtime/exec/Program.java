package io.github.amdisa.runtime.exec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Machine code to execute: instruction dwords (first dword of an instruction first, as the decoders read them)
 * placed at a byte base address. The run loop maps the PC to a dword offset with {@link #offsetOf}.
 */
public final class Program {

    private final long baseAddress;
    private final int[] words;

    /**
     * Creates a program. The array is used as is, not copied.
     *
     * @param baseAddress the byte address of {@code words[0]}, 4-byte aligned
     * @param words the code
     */
    public Program(long baseAddress, int[] words) {
        if ((baseAddress & 3) != 0) {
            throw new IllegalArgumentException("code base must be 4-byte aligned: 0x" + Long.toHexString(baseAddress));
        }
        this.baseAddress = baseAddress;
        this.words = words;
    }

    /**
     * Creates a program from little-endian code bytes (a {@code .text} section).
     *
     * @param baseAddress the byte address of the first byte
     * @param code the bytes; a trailing partial dword is zero-padded
     * @return the program
     */
    public static Program fromBytes(long baseAddress, byte[] code) {
        int[] w = new int[(code.length + 3) / 4];
        ByteBuffer b = ByteBuffer.wrap(java.util.Arrays.copyOf(code, w.length * 4)).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().get(w);
        return new Program(baseAddress, w);
    }

    /** @return the byte address of the first dword */
    public long baseAddress() {
        return baseAddress;
    }

    /** @return the byte address just past the last dword */
    public long endAddress() {
        return baseAddress + 4L * words.length;
    }

    /** @return the code dwords (the live array) */
    public int[] words() {
        return words;
    }

    /**
     * Maps a program counter to a dword offset in {@link #words()}.
     *
     * @param pc a byte address
     * @return the dword index
     * @throws MemoryFault when the PC is outside the program
     * @throws MisalignedAccess when the PC is not 4-byte aligned
     */
    public int offsetOf(long pc) {
        long d = pc - baseAddress;
        if (d < 0 || d >= 4L * words.length) {
            throw new MemoryFault("PC outside the program [0x" + Long.toHexString(baseAddress) + ", 0x"
                    + Long.toHexString(endAddress()) + ")", pc, 4, false);
        }
        if ((d & 3) != 0) {
            throw new MisalignedAccess(pc, 4, false);
        }
        return (int) (d >>> 2);
    }
}
