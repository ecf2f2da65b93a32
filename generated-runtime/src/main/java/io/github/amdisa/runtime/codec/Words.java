package io.github.amdisa.runtime.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Helpers for instruction word buffers: instructions are little-endian dwords, the first dword at the lowest address. */
public final class Words {

    private Words() {
    }

    /**
     * The remaining bytes of {@code buffer} as little-endian dwords (the buffer's position is not changed). Trailing
     * bytes that do not fill a dword are dropped.
     */
    public static int[] fromBytes(ByteBuffer buffer) {
        ByteBuffer b = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[b.remaining() / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getInt(i * 4);
        }
        return out;
    }

    /** {@code bytes} as little-endian dwords. */
    public static int[] fromBytes(byte... bytes) {
        return fromBytes(ByteBuffer.wrap(bytes));
    }

    /** The words as llvm-mc's {@code -disassemble} input: {@code 0x05,0x00,...}. */
    public static String toLlvmBytes(int[] words, int offset, int length) {
        StringBuilder b = new StringBuilder(length * 20);
        for (int i = 0; i < length; i++) {
            int w = words[offset + i];
            for (int k = 0; k < 4; k++) {
                if (b.length() > 0) {
                    b.append(',');
                }
                b.append(String.format("0x%02x", (w >>> (8 * k)) & 0xff));
            }
        }
        return b.toString();
    }
}
