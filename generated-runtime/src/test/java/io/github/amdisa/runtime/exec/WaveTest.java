package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Register-file semantics: pairs, NULL/M0 per generation, lane masks and EXEC-masked writes in both wave sizes. */
class WaveTest {

    @Test
    void nullAndM0FollowTheGeneration() {
        Wave r3 = new Wave(Target.GFX1100, 32, 4, 0);
        r3.setSgpr(124, 77);                 // NULL on GFX11: discarded
        assertEquals(0, r3.sgpr(124));
        r3.setSgpr(125, 5);                  // M0 on GFX11
        assertEquals(5, r3.m0());
        r3.setSgpr64(124, -1L);              // a NULL pair discards both halves
        assertEquals(0, r3.sgpr(124));
        assertEquals(5, r3.sgpr(125));

        Wave r1 = new Wave(Target.GFX1010, 32, 4, 0);
        r1.setSgpr(125, 77);                 // NULL on GFX10
        assertEquals(0, r1.sgpr(125));
        r1.setM0(9);
        assertEquals(9, r1.sgpr(124));

        Wave c = Wave.of(Target.GFX942);
        assertEquals(64, c.waveSize());
        c.setSgpr(125, 1);                   // NULL on GFX9 (as the project's CDNA spec data names it)
        assertEquals(0, c.sgpr(125));
        c.setM0(3);
        assertEquals(3, c.sgpr(124));
        c.setFlatScratch(0x1_0000_2000L);
        assertEquals(0x2000, c.sgpr(102));
        assertEquals(1, c.sgpr(103));
        assertEquals(0x1_0000_2000L, c.flatScratch());
        Wave r4 = Wave.of(Target.GFX1200);
        r4.setFlatScratch(42);
        assertEquals(0, r4.sgpr(102));
        assertEquals(42, r4.flatScratch());
    }

    @Test
    void indicesAreChecked() {
        Wave w = new Wave(Target.GFX1030, 32, 8, 0);
        assertThrows(IllegalRegister.class, () -> w.sgpr(128));
        assertThrows(IllegalRegister.class, () -> w.setSgpr(-1, 0));
        assertThrows(IllegalRegister.class, () -> w.v(8, 0));
        assertThrows(IllegalRegister.class, () -> w.setV(-1, 0, 0));
        assertThrows(IllegalRegister.class, () -> w.v64(7, 0));         // v[7:8], v8 does not exist
        assertThrows(IllegalRegister.class, () -> w.a(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Wave(Target.GFX1030, 32, 8, 4));
        assertThrows(IllegalArgumentException.class, () -> new Wave(Target.GFX90A, 32, 8, 0));
        assertThrows(IllegalArgumentException.class, () -> new Wave(Target.GFX1030, 32, 257, 0));
        IllegalRegister e = assertThrows(IllegalRegister.class, () -> w.v(300, 1));
        assertEquals("VGPR", e.file());
        assertEquals(300, e.index());
        Wave cd = new Wave(Target.GFX908, 64, 8, 8);
        cd.setA(7, 63, 11);
        assertEquals(11, cd.a(7, 63));
        assertEquals(7 * 64 + 63, cd.agprBase(7) + 63);
    }

    @Test
    void pairsAreLowDwordFirst() {
        Wave w = new Wave(Target.GFX1100, 64, 8, 0);
        w.setSgpr64(4, 0x11223344_55667788L);
        assertEquals(0x55667788, w.sgpr(4));
        assertEquals(0x11223344, w.sgpr(5));
        assertEquals(0x11223344_55667788L, w.sgpr64(4));
        w.setV64(2, 17, 0xAABBCCDD_EEFF0011L);
        assertEquals(0xEEFF0011, w.v(2, 17));
        assertEquals(0xAABBCCDD, w.v(3, 17));
        assertEquals(0xAABBCCDD_EEFF0011L, w.readSrc64(258, 17, 0, false));
        int[] d = new int[3];
        w.readSgprs(4, 2, d, 1);
        assertEquals(0x55667788, d[1]);
        w.writeVgprs(4, 9, 3, new int[] {0, 7, 8, 9}, 1);
        int[] t = new int[3];
        w.readVgprs(4, 9, 3, t, 0);
        assertEquals(7, t[0]);
        assertEquals(9, t[2]);
        assertEquals(8, w.v(5, 9));
        assertThrows(IllegalRegister.class, () -> w.readVgprs(6, 0, 3, t, 0));
        // Register-major layout.
        assertEquals(2 * 64, w.vgprBase(2));
        assertEquals(0xEEFF0011, w.vgprFile()[w.vgprBase(2) + 17]);
    }

    @Test
    void wave32IgnoresTheUpperHalfOfMasks() {
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setSgpr(Operands.EXEC_HI, -1);
        w.setSgpr(Operands.EXEC_LO, 0b1010);
        assertEquals(0b1010L, w.exec());
        w.setExec(0xFFFF_FFFF_0000_0005L);
        assertEquals(5L, w.exec());
        assertEquals(-1, w.sgpr(Operands.EXEC_HI));                 // untouched
        w.setSgpr(11, 1234);
        w.writeLaneMask(10, 0xFFFF_FFFF_8000_0001L);
        assertEquals(0x8000_0001, w.sgpr(10));
        assertEquals(1234, w.sgpr(11));
        assertEquals(0x8000_0001L, w.readLaneMask(10));
        w.setVcc(-1L);
        assertEquals(0xFFFF_FFFFL, w.vcc());
        assertEquals(0, w.sgpr(Operands.VCC_HI));
        assertTrue(w.laneActive(0));
        assertFalse(w.laneActive(1));
        assertFalse(w.laneActive(40));
    }

    @Test
    void execMaskedWritesLeaveInactiveLanes() {
        for (int size : new int[] {32, 64}) {
            Wave w = new Wave(Target.GFX1030, size, 4, 0);
            for (int lane = 0; lane < size; lane++) {
                w.setV(1, lane, -1);
            }
            long exec = size == 64 ? (1L << 63) | (1L << 33) | 0b10 : 0x8000_0002L;
            w.setExec(exec);
            int[] values = new int[size];
            long[] wide = new long[size];
            for (int lane = 0; lane < size; lane++) {
                values[lane] = lane;
                wide[lane] = (long) lane << 32 | lane;
            }
            w.writeVgprMasked(1, values);
            w.writeVgpr64Masked(2, wide);
            for (int lane = 0; lane < size; lane++) {
                boolean active = (exec >>> lane & 1) != 0;
                assertEquals(active ? lane : -1, w.v(1, lane), "lane " + lane + " wave" + size);
                assertEquals(active ? lane : 0, w.v(3, lane));
            }
            int visited = 0;
            for (long m = w.exec(); m != 0; m &= m - 1) {
                visited++;
            }
            assertEquals(Long.bitCount(exec), visited);
        }
        Wave w64 = new Wave(Target.GFX1030, 64, 4, 0);
        w64.writeLaneMask(20, 0x8000_0000_0000_0001L);
        assertEquals(1, w64.sgpr(20));
        assertEquals(0x8000_0000, w64.sgpr(21));
        assertEquals(0x8000_0000_0000_0001L, w64.readLaneMask(20));
    }

    @Test
    void operandsResolvePerLane() {
        Wave w = new Wave(Target.GFX1100, 32, 8, 0);
        w.setSgpr(3, 33);
        w.setV(5, 7, 55);
        assertEquals(55, w.readSrc32(256 + 5, 7, 0));
        assertEquals(33, w.readSrc32(3, 7, 0));
        assertEquals(64, w.readSrc32(192, 7, 0));
        assertEquals(-16, w.readSrc32(208, 7, 0));
        assertEquals(0x3F800000, w.readSrc32(242, 7, 0));
        assertEquals(0x3C00, w.readSrc16(242, 7, 0, true));
        assertEquals(0x3F800000, w.readSrc16(242, 7, 0, false));
        assertEquals(0x3FF0000000000000L, w.readSrc64(242, 7, 0, false));
        assertEquals(-1L, w.readSrc64(193, 7, 0, false));
        assertEquals(0x12345678L << 32, w.readSrc64(255, 7, 0x12345678, true));
        assertEquals(0x12345678L, w.readSrc64(255, 7, 0x12345678, false));
    }

    @Test
    void initialState() {
        Wave w32 = new Wave(Target.GFX1100, 32, 4, 0);
        assertEquals(0xFFFF_FFFFL, w32.exec());
        assertEquals(0, w32.sgpr(Operands.EXEC_HI));
        assertEquals(-1L, new Wave(Target.GFX1100, 64, 4, 0).exec());
        assertEquals(io.github.amdisa.runtime.fp.FpMode.MODE_IEEE_DEFAULT | io.github.amdisa.runtime.fp.FpMode.MODE_IEEE,
                w32.mode());
        assertEquals(0, w32.vcc());
        assertEquals(0, w32.pc());
    }

    @Test
    void statusPcAndControl() {
        Wave w = new Wave(Target.GFX1100, 32, 4, 0);
        w.setScc(true);
        w.setExec(0);
        w.setVcc(0);
        assertEquals(1 | 1 << 9 | 1 << 10, w.status() & (1 | 1 << 9 | 1 << 10));
        w.setStatus(0);
        assertFalse(w.scc());
        w.setPc(0x100);
        assertEquals(0x104, w.nextPc(0x104));
        w.branch(0x200);
        assertEquals(0x200, w.nextPc(0x104));
        assertEquals(0x108, w.nextPc(0x108));   // consumed
        w.setTtmp(15, 7);
        assertEquals(7, w.sgpr(123));
        w.halt();
        assertTrue(w.isHalted());
    }
}
