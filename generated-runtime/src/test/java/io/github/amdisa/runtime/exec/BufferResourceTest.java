package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Dialect;
import org.junit.jupiter.api.Test;

/**
 * Descriptor decoding against words assembled by hand from the manuals' field tables, and MUBUF addressing
 * against hand-computed offsets.
 */
class BufferResourceTest {

    @Test
    void gfx9SwizzledDescriptor() {
        int w0 = 0x56789ABC;                                 // BASE_ADDRESS[31:0]
        int w1 = 1 << 31 | 16 << 16 | 0x1234;                // SWIZZLE_ENABLE, STRIDE=16, BASE_ADDRESS[47:32]
        int w2 = 100;                                        // NUM_RECORDS
        int w3 = 4 | 5 << 3 | 6 << 6 | 7 << 9                // DST_SEL = X Y Z W
                | 7 << 12                                    // NUM_FORMAT = float
                | 4 << 15                                    // DATA_FORMAT = 32
                | 3 << 21                                    // INDEX_STRIDE = 64
                | 1 << 23;                                   // ADD_TID_ENABLE
        assertEquals(0x00E27FAC, w3);
        BufferResource r = BufferResource.of(Dialect.GFX9, w0, w1, w2, w3);
        assertEquals(0x1234_5678_9ABCL, r.base());
        assertEquals(16, r.stride());
        assertEquals(100, r.numRecords());
        assertTrue(r.swizzled());
        assertFalse(r.cacheSwizzle());
        assertEquals(4, r.dstSel(0));
        assertEquals(5, r.dstSel(1));
        assertEquals(6, r.dstSel(2));
        assertEquals(7, r.dstSel(3));
        assertEquals(7, r.numFormat());
        assertEquals(4, r.dataFormat());
        assertEquals(64, r.indexStrideRecords());
        assertTrue(r.addTidEnable());
        assertEquals(0, r.type());
        assertEquals(4, r.swizzleElementBytes());
        // index = VGPR index 6 + lane 64; offset 6.
        long index = r.index(6, true, 64);
        assertEquals(70, index);
        // index_msb = 1, index_lsb = 6, offset_msb = 1, offset_lsb = 2:
        // (1 * 16 + 1 * 4) * 64 + 6 * 4 + 2 = 1306
        assertEquals(1306, r.bufferOffset(index, 6));
        assertEquals(0x1234_5678_9ABCL + 0x100 + 1306, r.address(0x100, index, 6));
        assertEquals(64, r.index(0, false, 64));
        // Structured range check on GFX9: by index.
        assertFalse(r.outOfRange(99, 0, 4));
        assertTrue(r.outOfRange(100, 0, 4));
    }

    @Test
    void gfx9RawRangeCheckAndReuse() {
        BufferResource r = new BufferResource();
        assertSame(r, r.decode(Dialect.GFX9, 0x1000, 0, 100, 0));
        assertEquals(0x1000, r.base());
        assertFalse(r.swizzled());
        assertEquals(96 + 0x1000 + 8, r.address(8, 0, 96));
        assertFalse(r.outOfRange(0, 96, 4));
        assertTrue(r.outOfRange(0, 97, 4));
        assertEquals(8, r.indexStrideRecords());
    }

    @Test
    void gfx10LinearDescriptor() {
        int w1 = 1 << 30 | 32 << 16 | 0xFF;                  // CACHE_SWIZZLE, STRIDE=32, BASE_HI=0xFF
        int w3 = 0xFAC | 0x4F << 12 | 1 << 21 | 3 << 28;     // FORMAT=0x4F, INDEX_STRIDE=16, OOB_SELECT=3 (raw)
        assertEquals(0x3024FFAC, w3);
        BufferResource r = BufferResource.of(Dialect.GFX10, 0x100, w1, 128, w3);
        assertEquals(0xFF_0000_0100L, r.base());
        assertEquals(32, r.stride());
        assertTrue(r.cacheSwizzle());
        assertFalse(r.swizzled());
        assertEquals(0x4F, r.format());
        assertEquals(0, r.numFormat());
        assertEquals(16, r.indexStrideRecords());
        assertEquals(3, r.oobSelect());
        assertFalse(r.addTidEnable());
        assertEquals(3 * 32 + 8, r.bufferOffset(3, 8));
        assertFalse(r.outOfRange(3, 8, 4));                  // 8 + 96 + 4 = 108 <= 128
        assertTrue(r.outOfRange(4, 4, 4));                   // 4 + 128 + 4 > 128
        r.decode(Dialect.GFX10, 0x100, w1, 4, 1 << 28);       // OOB_SELECT=1: index only
        assertFalse(r.outOfRange(3, 1000, 4));
        assertTrue(r.outOfRange(4, 0, 4));
        r.decode(Dialect.GFX10, 0x100, w1, 4, 0);             // OOB_SELECT=0: index and offset < stride
        assertTrue(r.outOfRange(0, 30, 4));
        assertFalse(r.outOfRange(0, 28, 4));
        r.decode(Dialect.GFX10, 0x100, w1, 0, 2 << 28);       // OOB_SELECT=2: only NUM_RECORDS == 0
        assertTrue(r.outOfRange(0, 0, 4));
    }

    @Test
    void gfx11TwoBitSwizzle() {
        int w1 = 2 << 30 | 16 << 16;                         // SWIZZLE_ENABLE=2 (8-byte elements), STRIDE=16
        int w3 = 0x7F << 12;                                 // FORMAT is 6 bits: bit 18 is not part of it
        BufferResource r = BufferResource.of(Dialect.GFX11, 0, w1, 1000, w3);
        assertEquals(2, r.swizzleEnable());
        assertEquals(8, r.swizzleElementBytes());
        assertEquals(0x3F, r.format());
        assertEquals(8, r.indexStrideRecords());
        // index 10 -> msb 1, lsb 2; offset 12 -> msb 1, lsb 4: (1 * 16 + 1 * 8) * 8 + 2 * 8 + 4 = 212
        assertEquals(212, r.bufferOffset(10, 12));
        assertEquals(16, BufferResource.of(Dialect.GFX12, 0, 3 << 30, 0, 0).swizzleElementBytes());
        assertEquals(Dialect.GFX11, r.family());
    }
}
