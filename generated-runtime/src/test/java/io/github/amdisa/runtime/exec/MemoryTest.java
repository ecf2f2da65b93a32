package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** SparseMemory: byte order, page boundaries, unmapped policies, alignment and atomics. */
class MemoryTest {

    @Test
    void littleEndianInEveryWidth() {
        SparseMemory m = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false);
        m.store32(0x1000, 0x11223344);
        assertEquals(0x44, m.load8(0x1000));
        assertEquals(0x33, m.load8(0x1001));
        assertEquals(0x11, m.load8(0x1003));
        assertEquals(0x3344, m.load16(0x1000));
        assertEquals(0x1122, m.load16(0x1002));
        m.store64(0x2000, 0x0102030405060708L);
        byte[] b = new byte[8];
        m.read(0x2000, b, 0, 8);
        assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, b);
        assertEquals(0x05060708, m.load32(0x2000));
        m.store16(0x3000, 0xABCDEF);
        assertEquals(0xCDEF, m.load16(0x3000));
        assertEquals(0xEF, m.load8(0x3000));
        m.store8(0x3002, 0x1FF);
        assertEquals(0xFF, m.load8(0x3002));
        int[] q = {1, 2, 3, 4};
        m.store128(0x4000, q, 0);
        int[] r = new int[5];
        m.load128(0x4000, r, 1);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, r);
        assertEquals(2L << 32 | 1, m.load64(0x4000));
    }

    @Test
    void accessesStraddlingPagesAndNegativeOrHighAddresses() {
        SparseMemory m = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false);
        long edge = 5L * SparseMemory.PAGE_SIZE - 3;
        m.store64(edge, 0x8877665544332211L);
        assertEquals(0x8877665544332211L, m.load64(edge));
        assertEquals(0x44332211, m.load32(edge));
        assertEquals(0x55443322, m.load32(edge + 1));
        assertEquals(0x6655, m.load16(edge + 4));
        long high = 0x7FFF_FFFF_FFFF_FFF0L;
        m.store32(high, 7);
        assertEquals(7, m.load32(high));
        m.store32(-8, 9);
        assertEquals(9, m.load32(-8));
        for (int i = 0; i < 1000; i++) {
            m.store32((long) i * 3 * SparseMemory.PAGE_SIZE + 8, i);   // forces table growth
        }
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, m.load32((long) i * 3 * SparseMemory.PAGE_SIZE + 8));
        }
    }

    @Test
    void unmappedPolicies() {
        SparseMemory fault = new SparseMemory();
        MemoryFault e = assertThrows(MemoryFault.class, () -> fault.load32(0xDEAD_BEEF_0000L));
        assertEquals(0xDEAD_BEEF_0000L, e.address());
        assertEquals(4, e.size());
        assertFalse(e.isWrite());
        MemoryFault w = assertThrows(MemoryFault.class, () -> fault.store8(0x10, 1));
        assertTrue(w.isWrite());
        assertTrue(w.getMessage().contains("0x10"));
        fault.map(0x10, 1);
        fault.store8(0x10, 1);
        assertEquals(1, fault.load8(0x10));
        assertTrue(fault.isMapped(0xFFF));
        assertFalse(fault.isMapped(0x1000));
        // A straddling access faults on the unmapped half.
        assertThrows(MemoryFault.class, () -> fault.load32(0xFFE));
        fault.hostWrite(0x9000, new byte[] {1, 2, 3, 4});
        assertEquals(0x04030201, fault.load32(0x9000));

        SparseMemory zero = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false);
        assertEquals(0, zero.load64(0x1234_5678L));
        assertEquals(0, zero.mappedPages());
        zero.store8(0x1234_5678L, 1);
        assertEquals(1, zero.mappedPages());
    }

    @Test
    void alignment() {
        SparseMemory strict = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, true);
        assertThrows(MisalignedAccess.class, () -> strict.load32(2));
        assertThrows(MisalignedAccess.class, () -> strict.store16(1, 0));
        assertThrows(MisalignedAccess.class, () -> strict.load64(4 + 2));
        strict.load64(4);                       // dword alignment is enough for 64-bit accesses
        strict.load8(3);
        SparseMemory loose = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false);
        loose.store32(1, 0x01020304);
        assertEquals(0x01020304, loose.load32(1));
        // Atomics always need natural alignment.
        assertThrows(MisalignedAccess.class, () -> loose.atomicAdd32(2, 1));
        assertThrows(MisalignedAccess.class, () -> loose.atomicAdd64(4, 1));
        assertThrows(MisalignedAccess.class, () -> loose.atomicCmpSwap32(1, 0, 1));
    }

    @Test
    void atomicsReturnTheOldValue() {
        SparseMemory m = new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false);
        m.store32(0, 10);
        assertEquals(10, m.atomicAdd32(0, 5));
        assertEquals(15, m.atomicSub32(0, 20));
        assertEquals(-5, m.load32(0));
        assertEquals(-5, m.atomicMinU32(0, 3));         // unsigned: 3 < 0xFFFFFFFB
        assertEquals(3, m.atomicMaxI32(0, -7));
        assertEquals(3, m.atomicMinI32(0, -7));
        assertEquals(-7, m.atomicMaxU32(0, 1));
        assertEquals(-7, m.load32(0));
        assertEquals(-7, m.atomicCmpSwap32(0, 1, 99));  // mismatch
        assertEquals(-7, m.atomicCmpSwap32(0, -7, 99));
        assertEquals(99, m.atomicSwap32(0, 0b1100));
        assertEquals(0b1100, m.atomicAnd32(0, 0b1010));
        assertEquals(0b1000, m.atomicOr32(0, 0b0001));
        assertEquals(0b1001, m.atomicXor32(0, 0b1111));
        // INC wraps to 0 at the limit; DEC wraps to the limit at 0 or above it.
        m.store32(4, 2);
        assertEquals(2, m.atomicInc32(4, 3));
        assertEquals(3, m.atomicInc32(4, 3));
        assertEquals(0, m.load32(4));
        assertEquals(0, m.atomicDec32(4, 3));
        assertEquals(3, m.load32(4));
        m.store32(4, 9);
        m.atomicDec32(4, 3);
        assertEquals(3, m.load32(4));
        // 64-bit
        m.store64(8, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, m.atomicAdd64(8, 1));
        assertEquals(Long.MIN_VALUE, m.atomicMaxU64(8, 5));
        assertEquals(Long.MIN_VALUE, m.atomicMinI64(8, 5));
        assertEquals(Long.MIN_VALUE, m.atomicCmpSwap64(8, Long.MIN_VALUE, 42));
        assertEquals(42, m.atomicInc64(8, 42));
        assertEquals(0, m.load64(8));
        // float
        m.store32(16, Float.floatToRawIntBits(1.5f));
        m.atomicAddF32(16, Float.floatToRawIntBits(2.25f));
        assertEquals(3.75f, Float.intBitsToFloat(m.load32(16)));
        m.store64(24, Double.doubleToRawLongBits(1.0));
        m.atomicAddF64(24, Double.doubleToRawLongBits(0.5));
        assertEquals(1.5, Double.longBitsToDouble(m.load64(24)));
    }
}
