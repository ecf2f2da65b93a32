package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.fp.FpArith;
import io.github.amdisa.runtime.fp.FpMode;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * A byte-addressed, little-endian memory: global memory ({@link SparseMemory}) and the LDS ({@link Lds}) implement
 * it. Loads return zero-extended values ({@code load8}/{@code load16} in the low bits of an {@code int}); sign
 * extension is the instruction's business.
 *
 * <p>Atomics return the <em>old</em> value (what AMD's {@code _RTN} forms write back) and require natural
 * alignment, throwing {@link MisalignedAccess} otherwise (AMD faults misaligned atomics). They are read-modify-write
 * sequences: one wave runs on one thread, so no further synchronisation is implied. The operators passed to
 * {@link #atomic32}/{@link #atomic64} by the named helpers are non-capturing, so no call allocates.
 */
public interface Memory {

    /**
     * Loads a byte.
     *
     * @param address the byte address
     * @return the byte, zero-extended
     */
    int load8(long address);

    /**
     * Loads 16 bits.
     *
     * @param address the byte address
     * @return the value, zero-extended
     */
    int load16(long address);

    /**
     * Loads 32 bits.
     *
     * @param address the byte address
     * @return the value
     */
    int load32(long address);

    /**
     * Loads 64 bits.
     *
     * @param address the byte address
     * @return the value
     */
    long load64(long address);

    /**
     * Stores the low byte of {@code value}.
     *
     * @param address the byte address
     * @param value the value
     */
    void store8(long address, int value);

    /**
     * Stores the low 16 bits of {@code value}.
     *
     * @param address the byte address
     * @param value the value
     */
    void store16(long address, int value);

    /**
     * Stores 32 bits.
     *
     * @param address the byte address
     * @param value the value
     */
    void store32(long address, int value);

    /**
     * Stores 64 bits.
     *
     * @param address the byte address
     * @param value the value
     */
    void store64(long address, long value);

    /**
     * Loads 128 bits as four dwords, lowest address first.
     *
     * @param address the byte address
     * @param dst destination
     * @param offset index of the first dword in {@code dst}
     */
    default void load128(long address, int[] dst, int offset) {
        for (int i = 0; i < 4; i++) {
            dst[offset + i] = load32(address + 4L * i);
        }
    }

    /**
     * Stores 128 bits given as four dwords, lowest address first.
     *
     * @param address the byte address
     * @param src source
     * @param offset index of the first dword in {@code src}
     */
    default void store128(long address, int[] src, int offset) {
        for (int i = 0; i < 4; i++) {
            store32(address + 4L * i, src[offset + i]);
        }
    }

    /**
     * Copies bytes out of memory.
     *
     * @param address the first byte address
     * @param dst destination
     * @param offset where in {@code dst}
     * @param length how many bytes
     */
    default void read(long address, byte[] dst, int offset, int length) {
        for (int i = 0; i < length; i++) {
            dst[offset + i] = (byte) load8(address + i);
        }
    }

    /**
     * Copies bytes into memory.
     *
     * @param address the first byte address
     * @param src source
     * @param offset where in {@code src}
     * @param length how many bytes
     */
    default void write(long address, byte[] src, int offset, int length) {
        for (int i = 0; i < length; i++) {
            store8(address + i, src[offset + i]);
        }
    }

    // ---- atomics ---------------------------------------------------------------------------------------------

    /**
     * Generic 32-bit read-modify-write: {@code mem = op(old, value)}.
     *
     * @param address a 4-byte aligned address
     * @param op the update, called as {@code op.applyAsInt(old, value)}
     * @param value the operand
     * @return the old value
     */
    default int atomic32(long address, IntBinaryOperator op, int value) {
        if ((address & 3) != 0) {
            throw new MisalignedAccess(address, 4, true);
        }
        int old = load32(address);
        store32(address, op.applyAsInt(old, value));
        return old;
    }

    /**
     * Generic 64-bit read-modify-write.
     *
     * @param address an 8-byte aligned address
     * @param op the update, called as {@code op.applyAsLong(old, value)}
     * @param value the operand
     * @return the old value
     */
    default long atomic64(long address, LongBinaryOperator op, long value) {
        if ((address & 7) != 0) {
            throw new MisalignedAccess(address, 8, true);
        }
        long old = load64(address);
        store64(address, op.applyAsLong(old, value));
        return old;
    }

    /**
     * {@code ATOMIC_CMPSWAP_B32}: stores {@code replacement} when memory equals {@code expected}.
     *
     * @param address a 4-byte aligned address
     * @param expected the compare value (AMD's second data operand)
     * @param replacement the new value (AMD's first data operand)
     * @return the old value
     */
    default int atomicCmpSwap32(long address, int expected, int replacement) {
        if ((address & 3) != 0) {
            throw new MisalignedAccess(address, 4, true);
        }
        int old = load32(address);
        if (old == expected) {
            store32(address, replacement);
        }
        return old;
    }

    /**
     * {@code ATOMIC_CMPSWAP_B64}.
     *
     * @param address an 8-byte aligned address
     * @param expected the compare value
     * @param replacement the new value
     * @return the old value
     */
    default long atomicCmpSwap64(long address, long expected, long replacement) {
        if ((address & 7) != 0) {
            throw new MisalignedAccess(address, 8, true);
        }
        long old = load64(address);
        if (old == expected) {
            store64(address, replacement);
        }
        return old;
    }

    /**
     * Atomic {@code SWAP_B32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicSwap32(long a, int v) {
        return atomic32(a, (o, x) -> x, v);
    }

    /**
     * Atomic {@code ADD_U32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicAdd32(long a, int v) {
        return atomic32(a, Integer::sum, v);
    }

    /**
     * Atomic {@code SUB_U32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicSub32(long a, int v) {
        return atomic32(a, (o, x) -> o - x, v);
    }

    /**
     * Atomic {@code MIN_I32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicMinI32(long a, int v) {
        return atomic32(a, Math::min, v);
    }

    /**
     * Atomic {@code MAX_I32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicMaxI32(long a, int v) {
        return atomic32(a, Math::max, v);
    }

    /**
     * Atomic {@code MIN_U32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicMinU32(long a, int v) {
        return atomic32(a, (o, x) -> Integer.compareUnsigned(o, x) <= 0 ? o : x, v);
    }

    /**
     * Atomic {@code MAX_U32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicMaxU32(long a, int v) {
        return atomic32(a, (o, x) -> Integer.compareUnsigned(o, x) >= 0 ? o : x, v);
    }

    /**
     * Atomic {@code AND_B32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicAnd32(long a, int v) {
        return atomic32(a, (o, x) -> o & x, v);
    }

    /**
     * Atomic {@code OR_B32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicOr32(long a, int v) {
        return atomic32(a, (o, x) -> o | x, v);
    }

    /**
     * Atomic {@code XOR_B32}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default int atomicXor32(long a, int v) {
        return atomic32(a, (o, x) -> o ^ x, v);
    }

    /**
     * {@code INC_U32}: {@code mem = old >= v ? 0 : old + 1} (unsigned), AMD's wrapping increment.
     *
     * @param a address
     * @param v the wrap limit
     * @return the old value
     */
    default int atomicInc32(long a, int v) {
        return atomic32(a, (o, x) -> Integer.compareUnsigned(o, x) >= 0 ? 0 : o + 1, v);
    }

    /**
     * {@code DEC_U32}: {@code mem = (old == 0 || old > v) ? v : old - 1} (unsigned), AMD's wrapping decrement.
     *
     * @param a address
     * @param v the wrap limit
     * @return the old value
     */
    default int atomicDec32(long a, int v) {
        return atomic32(a, (o, x) -> o == 0 || Integer.compareUnsigned(o, x) > 0 ? x : o - 1, v);
    }

    /**
     * {@code ADD_F32}: IEEE single-precision add, round to nearest even, denormals kept (the atomic units do not
     * follow the wave's MODE).
     *
     * @param a address
     * @param v f32 bits
     * @return the old value
     */
    default int atomicAddF32(long a, int v) {
        return atomic32(a, (o, x) -> FpArith.addF32(o, x, FpMode.MODE_IEEE_DEFAULT), v);
    }

    /**
     * Atomic {@code SWAP_B64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicSwap64(long a, long v) {
        return atomic64(a, (o, x) -> x, v);
    }

    /**
     * Atomic {@code ADD_U64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicAdd64(long a, long v) {
        return atomic64(a, Long::sum, v);
    }

    /**
     * Atomic {@code SUB_U64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicSub64(long a, long v) {
        return atomic64(a, (o, x) -> o - x, v);
    }

    /**
     * Atomic {@code MIN_I64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicMinI64(long a, long v) {
        return atomic64(a, Math::min, v);
    }

    /**
     * Atomic {@code MAX_I64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicMaxI64(long a, long v) {
        return atomic64(a, Math::max, v);
    }

    /**
     * Atomic {@code MIN_U64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicMinU64(long a, long v) {
        return atomic64(a, (o, x) -> Long.compareUnsigned(o, x) <= 0 ? o : x, v);
    }

    /**
     * Atomic {@code MAX_U64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicMaxU64(long a, long v) {
        return atomic64(a, (o, x) -> Long.compareUnsigned(o, x) >= 0 ? o : x, v);
    }

    /**
     * Atomic {@code AND_B64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicAnd64(long a, long v) {
        return atomic64(a, (o, x) -> o & x, v);
    }

    /**
     * Atomic {@code OR_B64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicOr64(long a, long v) {
        return atomic64(a, (o, x) -> o | x, v);
    }

    /**
     * Atomic {@code XOR_B64}; requires natural alignment.
     *
     * @param a address
     * @param v value
     * @return old value
     */
    default long atomicXor64(long a, long v) {
        return atomic64(a, (o, x) -> o ^ x, v);
    }

    /**
     * Atomic {@code INC_U64}; requires natural alignment.
     *
     * @param a address
     * @param v wrap limit
     * @return old value
     */
    default long atomicInc64(long a, long v) {
        return atomic64(a, (o, x) -> Long.compareUnsigned(o, x) >= 0 ? 0 : o + 1, v);
    }

    /**
     * Atomic {@code DEC_U64}; requires natural alignment.
     *
     * @param a address
     * @param v wrap limit
     * @return old value
     */
    default long atomicDec64(long a, long v) {
        return atomic64(a, (o, x) -> o == 0 || Long.compareUnsigned(o, x) > 0 ? x : o - 1, v);
    }

    /**
     * {@code ADD_F64}: IEEE double add, round to nearest even.
     *
     * @param a address
     * @param v f64 bits
     * @return the old value
     */
    default long atomicAddF64(long a, long v) {
        return atomic64(a, (o, x) -> FpArith.addF64(o, x, FpMode.MODE_IEEE_DEFAULT), v);
    }
}
