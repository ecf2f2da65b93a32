package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The local data share of one workgroup: a bounded little-endian byte array addressed by 32-bit unsigned byte
 * offsets (DS instructions compute {@code ADDR + OFFSET} modulo 2<sup>32</sup>; pass that as the address).
 *
 * <p>An access is in range when all its bytes lie below {@link #limit()} (the workgroup's allocation, at most the
 * generation's LDS size: 64 KB, or 160 KB on CDNA 4). Out of range, {@link OutOfRange#DISCARD} does what AMD
 * hardware does (loads return 0, stores and atomics are dropped, atomics return 0) and {@link OutOfRange#FAULT}
 * throws {@link MemoryFault} (useful when debugging kernels). With {@code strictAlignment} an access of {@code n}
 * bytes must be aligned to {@code min(n, 4)} or it throws {@link MisalignedAccess} (AMD's LDS alignment mode);
 * atomics always require natural alignment.
 */
public final class Lds implements Memory {

    /** What an out-of-range access does. */
    public enum OutOfRange {
        /** Hardware behaviour: loads return zero, stores are dropped. */
        DISCARD,
        /** Throw {@link MemoryFault}. */
        FAULT
    }

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] data;
    private final int limit;
    private final OutOfRange outOfRange;
    private final boolean strictAlignment;

    /**
     * Creates an LDS.
     *
     * @param sizeBytes the allocation in bytes (1 to 2<sup>31</sup>-1)
     * @param outOfRange what out-of-range accesses do
     * @param strictAlignment whether misaligned accesses fault
     */
    public Lds(int sizeBytes, OutOfRange outOfRange, boolean strictAlignment) {
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("LDS size must be positive: " + sizeBytes);
        }
        this.data = new byte[sizeBytes];
        this.limit = sizeBytes;
        this.outOfRange = outOfRange;
        this.strictAlignment = strictAlignment;
    }

    /**
     * Creates the full LDS of a generation with hardware out-of-range behaviour and unaligned access allowed.
     *
     * @param generation the generation
     * @return the LDS
     */
    public static Lds of(Target generation) {
        return new Lds(generation.ldsBytes(), OutOfRange.DISCARD, false);
    }

    /** @return the size in bytes */
    public int limit() {
        return limit;
    }

    /** Zeroes the whole LDS (a new workgroup). */
    public void clear() {
        Arrays.fill(data, (byte) 0);
    }

    /** Returns the array index of an in-range access, or -1 when the access is out of range and discarded. */
    private int index(long address, int size, boolean write) {
        if (address < 0 || address > limit - size) {
            if (outOfRange == OutOfRange.FAULT) {
                throw new MemoryFault("LDS access beyond " + limit + " bytes", address, size, write);
            }
            return -1;
        }
        if (strictAlignment && (address & (Math.min(size, 4) - 1)) != 0) {
            throw new MisalignedAccess(address, size, write);
        }
        return (int) address;
    }

    @Override
    public int load8(long address) {
        int i = index(address, 1, false);
        return i < 0 ? 0 : data[i] & 0xFF;
    }

    @Override
    public int load16(long address) {
        int i = index(address, 2, false);
        return i < 0 ? 0 : (short) I16.get(data, i) & 0xFFFF;
    }

    @Override
    public int load32(long address) {
        int i = index(address, 4, false);
        return i < 0 ? 0 : (int) I32.get(data, i);
    }

    @Override
    public long load64(long address) {
        int i = index(address, 8, false);
        return i < 0 ? 0 : (long) I64.get(data, i);
    }

    @Override
    public void store8(long address, int value) {
        int i = index(address, 1, true);
        if (i >= 0) {
            data[i] = (byte) value;
        }
    }

    @Override
    public void store16(long address, int value) {
        int i = index(address, 2, true);
        if (i >= 0) {
            I16.set(data, i, (short) value);
        }
    }

    @Override
    public void store32(long address, int value) {
        int i = index(address, 4, true);
        if (i >= 0) {
            I32.set(data, i, value);
        }
    }

    @Override
    public void store64(long address, long value) {
        int i = index(address, 8, true);
        if (i >= 0) {
            I64.set(data, i, value);
        }
    }

    @Override
    public int atomic32(long address, java.util.function.IntBinaryOperator op, int value) {
        if ((address & 3) != 0) {
            throw new MisalignedAccess(address, 4, true);
        }
        int i = index(address, 4, true);
        if (i < 0) {
            return 0;
        }
        int old = (int) I32.get(data, i);
        I32.set(data, i, op.applyAsInt(old, value));
        return old;
    }

    @Override
    public long atomic64(long address, java.util.function.LongBinaryOperator op, long value) {
        if ((address & 7) != 0) {
            throw new MisalignedAccess(address, 8, true);
        }
        int i = index(address, 8, true);
        if (i < 0) {
            return 0;
        }
        long old = (long) I64.get(data, i);
        I64.set(data, i, op.applyAsLong(old, value));
        return old;
    }
}
