package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** LDS bounds and sizes; scratch per-lane isolation and the swizzled physical layout. */
class LdsScratchTest {

    @Test
    void sizesPerGeneration() {
        assertEquals(65536, Lds.of(Target.GFX942).limit());
        assertEquals(160 * 1024, Lds.of(Target.GFX950).limit());
        assertEquals(65536, Lds.of(Target.GFX1100).limit());
    }

    @Test
    void hardwareBoundsBehaviourDiscards() {
        Lds lds = new Lds(1024, Lds.OutOfRange.DISCARD, false);
        lds.store32(1020, 0x01020304);
        assertEquals(0x01020304, lds.load32(1020));
        assertEquals(0x04, lds.load8(1020));
        lds.store32(1022, -1);                 // straddles the end: dropped whole
        assertEquals(0x01020304, lds.load32(1020));
        assertEquals(0, lds.load32(1022));
        assertEquals(0, lds.load64(1020));
        lds.store8(1024, 1);
        assertEquals(0, lds.load8(1024));
        assertEquals(0, lds.atomicAdd32(2048, 1));
        assertEquals(0, lds.load32(0xFFFF_FFFCL));
        lds.store16(2, 0xBEEF);
        lds.store64(8, -2L);
        assertEquals(0xBEEF, lds.load16(2));
        assertEquals(-2L, lds.load64(8));
        assertEquals(0, lds.atomicAdd32(16, 5));
        assertEquals(5, lds.load32(16));
        lds.clear();
        assertEquals(0, lds.load64(8));
    }

    @Test
    void debugBoundsBehaviourFaults() {
        Lds lds = new Lds(256, Lds.OutOfRange.FAULT, true);
        MemoryFault e = assertThrows(MemoryFault.class, () -> lds.load32(256));
        assertEquals(256, e.address());
        assertThrows(MemoryFault.class, () -> lds.store16(255, 0));
        assertThrows(MemoryFault.class, () -> lds.load8(-1));
        assertThrows(MisalignedAccess.class, () -> lds.load32(2));
        assertThrows(MisalignedAccess.class, () -> lds.atomicAdd64(4, 1));
        assertEquals(0, lds.atomicAdd64(8, 3));
        assertEquals(3, lds.atomicAdd64(8, 3));
    }

    @Test
    void scratchIsPrivatePerLane() {
        Scratch s = new Scratch(64, 64);
        for (int lane = 0; lane < 64; lane++) {
            s.store32(lane, 12, lane * 10);
        }
        for (int lane = 0; lane < 64; lane++) {
            assertEquals(lane * 10, s.load32(lane, 12));
        }
        s.store64(3, 56, -1L);
        assertEquals(-1L, s.load64(3, 56));
        assertEquals(0, s.load64(4, 56));
        s.store16(0, 0, 0x1234);
        s.store8(0, 2, 0x56);
        assertEquals(0x561234, s.load32(0, 0));
        assertEquals(0x56, s.load8(0, 2));
        assertEquals(0x1234, s.load16(0, 0));
        assertThrows(MemoryFault.class, () -> s.load32(0, 61));
        assertThrows(MemoryFault.class, () -> s.load32(64, 0));
        // Physical layout: dword d of lane l at base + d * waveSize * 4 + l * 4.
        assertEquals(0x1000 + 3 * 64 * 4 + 5 * 4 + 2, Scratch.swizzledAddress(0x1000, 14, 5, 64));
        assertEquals(0x1000 + 32 * 4 + 31 * 4, Scratch.swizzledAddress(0x1000, 4, 31, 32));
    }

    @Test
    void addressHelpers() {
        assertEquals(0x1000 - 8, Addressing.flat(0x1000, -8));
        assertEquals(0x1_0000_0000L + 0xFFFF_FFFFL + 16, Addressing.globalSaddr(0x1_0000_0000L, -1, 16));
        assertEquals(0x2000 - 4, Addressing.global(0x2000, -4));
        assertEquals(0xFFFF_FFFCL, Addressing.scratch(0, 0, -4));
        assertEquals(20, Addressing.scratch(8, 8, 4));
        assertEquals(0, Addressing.ds(-4, 4));
        Wave w = new Wave(Target.GFX942, 64, 4, 0);
        w.setApertures(0x0001_0000_0000_0000L, 0x0001_0000_FFFF_FFFFL, 0x0002_0000_0000_0000L, 0x0002_0000_FFFF_FFFFL);
        assertEquals(Addressing.SEGMENT_LDS, Addressing.flatSegment(0x0001_0000_0000_0100L, w));
        assertEquals(Addressing.SEGMENT_PRIVATE, Addressing.flatSegment(0x0002_0000_0000_0100L, w));
        assertEquals(Addressing.SEGMENT_GLOBAL, Addressing.flatSegment(0x7F00_0000_0000L, w));
    }
}
