package io.github.amdisa.runtime.exec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Per-lane private ("scratch") memory of one wave, modelled <b>linearly</b>: every lane owns the byte range
 * {@code [0, bytesPerLane)} of its private address space, stored lane after lane. This is the address space
 * SCRATCH_* and private FLAT instructions see after the hardware's per-lane swizzle, so an interpreter indexes it
 * with the lane's private offset directly.
 *
 * <p>When scratch must instead live in global memory at its physical location (for example to inspect a dump),
 * {@link #swizzledAddress} gives the hardware's interleaved address: consecutive dwords of one lane are
 * {@code waveSize * 4} bytes apart and the lanes of one dword are adjacent.
 *
 * <p>An access beyond {@code bytesPerLane} throws {@link MemoryFault}.
 */
public final class Scratch {

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int waveSize;
    private final int bytesPerLane;
    private final byte[] data;

    /**
     * Creates zeroed scratch.
     *
     * @param waveSize 32 or 64
     * @param bytesPerLane private bytes per lane
     */
    public Scratch(int waveSize, int bytesPerLane) {
        if (bytesPerLane < 0 || (long) bytesPerLane * waveSize > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("bad scratch size " + bytesPerLane);
        }
        this.waveSize = waveSize;
        this.bytesPerLane = bytesPerLane;
        this.data = new byte[waveSize * bytesPerLane];
    }

    /** @return the private bytes of each lane */
    public int bytesPerLane() {
        return bytesPerLane;
    }

    private int index(int lane, long address, int size, boolean write) {
        if (address < 0 || address > bytesPerLane - size || lane < 0 || lane >= waveSize) {
            throw new MemoryFault("Scratch access beyond " + bytesPerLane + " bytes per lane (lane " + lane + ")",
                    address, size, write);
        }
        return lane * bytesPerLane + (int) address;
    }

    /**
     * Loads 8 bits from a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @return the byte, zero-extended
     */
    public int load8(int lane, long address) {
        return data[index(lane, address, 1, false)] & 0xFF;
    }

    /**
     * Loads 16 bits from a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @return 16 bits, zero-extended
     */
    public int load16(int lane, long address) {
        return (short) I16.get(data, index(lane, address, 2, false)) & 0xFFFF;
    }

    /**
     * Loads 32 bits from a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @return 32 bits
     */
    public int load32(int lane, long address) {
        return (int) I32.get(data, index(lane, address, 4, false));
    }

    /**
     * Loads 64 bits from a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @return 64 bits
     */
    public long load64(int lane, long address) {
        return (long) I64.get(data, index(lane, address, 8, false));
    }

    /**
     * Stores 8 bits to a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @param value the low byte is stored
     */
    public void store8(int lane, long address, int value) {
        data[index(lane, address, 1, true)] = (byte) value;
    }

    /**
     * Stores 16 bits to a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @param value the low 16 bits are stored
     */
    public void store16(int lane, long address, int value) {
        I16.set(data, index(lane, address, 2, true), (short) value);
    }

    /**
     * Stores 32 bits to a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @param value the value
     */
    public void store32(int lane, long address, int value) {
        I32.set(data, index(lane, address, 4, true), value);
    }

    /**
     * Stores 64 bits to a lane's private memory.
     *
     * @param lane the lane
     * @param address private byte offset
     * @param value the value
     */
    public void store64(int lane, long address, long value) {
        I64.set(data, index(lane, address, 8, true), value);
    }

    /**
     * The physical address of a lane's private byte under the hardware's dword swizzle:
     * {@code base + (offset / 4) * waveSize * 4 + lane * 4 + offset % 4}.
     *
     * @param base the wave's scratch base address
     * @param offset the lane's private byte offset
     * @param lane the lane
     * @param waveSize 32 or 64
     * @return the byte address in global memory
     */
    public static long swizzledAddress(long base, long offset, int lane, int waveSize) {
        return base + (offset >>> 2) * waveSize * 4L + lane * 4L + (offset & 3);
    }
}
