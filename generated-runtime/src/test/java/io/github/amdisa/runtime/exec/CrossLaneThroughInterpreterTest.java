package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The instructions whose texts address registers themselves ({@code VGPR[lane][SRC0.u32]}, the MOVREL family's
 * "raw value from instruction"), through the interpreter from programs assembled by amdisa (cross-checked with
 * llvm-mc-22 when installed): v_readlane/v_readfirstlane/v_writelane, ds_bpermute/ds_permute, v_permlane16 (GFX10+),
 * v_movrels/v_movreld/v_movrelsd (GFX10+) and s_movrels/s_movreld with M0. Expected values follow the instructions'
 * descriptions, written out here per lane, with a partial EXEC.
 */
class CrossLaneThroughInterpreterTest {

    static Stream<Arguments> machines() {
        List<Arguments> out = new ArrayList<>();
        for (Target t : new Target[] {Target.GFX908, Target.GFX942, Target.GFX1030, Target.GFX1100, Target.GFX1200,
                Target.GFX1250}) {
            out.add(Arguments.of(t, t.name().startsWith("GFX9") ? 64 : 32));
        }
        out.add(Arguments.of(Target.GFX1100, 64));
        return out.stream();
    }

    private static boolean gfx9(Target t) {
        return t.name().startsWith("GFX9");
    }

    @ParameterizedTest(name = "{0} wave{1}")
    @MethodSource("machines")
    void registersAddressedByTheText(Target t, int size) {
        SplittableRandom r = new SplittableRandom(t.ordinal() * 100L + size);
        Wave w = new Wave(t, size, 32, 0);
        w.attach(new SparseMemory(), new Lds(65536, Lds.OutOfRange.FAULT, true), null);
        int[][] v = new int[32][size];
        for (int reg = 0; reg < 32; reg++) {
            for (int lane = 0; lane < size; lane++) {
                v[reg][lane] = reg == 1 ? r.nextInt(size) * 4 + (r.nextInt(8) == 0 ? 4 * size : 0) : r.nextInt();
                w.setV(reg, lane, v[reg][lane]);
            }
        }
        long exec = r.nextLong() & w.laneMask() | 1L << 3 | 1L;
        w.setExec(exec);
        int sel0 = 0x76543210;
        int sel1 = 0xFEDCBA98 ^ 0x11111111; // a permutation of 0..15 in each nibble pair, arbitrary lanes
        w.setSgpr(0, sel0);
        w.setSgpr(1, sel1);
        w.setSgpr(2, 0x1234);
        w.setSgpr(3, 11);
        w.setSgpr(4, 0x5678);
        StringBuilder text = new StringBuilder();
        text.append("v_readlane_b32 s5, v2, 3\nv_readlane_b32 s6, v2, s3\nv_readfirstlane_b32 s7, v2\n")
                .append("v_writelane_b32 v5, s3, 2\n")
                .append("ds_bpermute_b32 v7, v1, v2\nds_permute_b32 v8, v1, v2\n")
                .append(gfx9(t) ? "s_waitcnt lgkmcnt(0)\n" : t == Target.GFX1200 || t == Target.GFX1250
                        ? "s_wait_dscnt 0x0\n" : "s_waitcnt lgkmcnt(0)\n")
                .append("s_mov_b32 m0, 2\ns_movrels_b32 s8, s2\ns_movreld_b32 s9, s3\n");
        if (!gfx9(t)) {
            text.append("v_permlane16_b32 v6, v2, s0, s1\n")
                    .append("s_mov_b32 m0, 3\nv_movrels_b32 v9, v2\nv_movreld_b32 v10, v12\nv_movrelsd_b32 v20, v14\n");
        }
        text.append("s_endpgm\n");
        int[] words = LlvmAsm.assemble(t.mcpu(), size, text.toString());
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 1000));

        int first = Long.numberOfTrailingZeros(exec);
        assertEquals(v[2][3], w.sgpr(5), "v_readlane_b32 lane 3");
        assertEquals(v[2][11], w.sgpr(6), "v_readlane_b32 lane s3 = 11");
        assertEquals(v[2][first], w.sgpr(7), "v_readfirstlane_b32");
        for (int lane = 0; lane < size; lane++) {
            assertEquals(lane == 2 ? 11 : v[5][lane], w.v(5, lane), "v_writelane_b32 lane " + lane);
        }
        // ds_bpermute: lane i reads v2 of the lane its address v1[i] names (0 from an inactive lane).
        for (int lane = 0; lane < size; lane++) {
            if ((exec >>> lane & 1) == 0) {
                assertEquals(v[7][lane], w.v(7, lane), "ds_bpermute inactive lane " + lane);
                continue;
            }
            int src = bpermuteSource(t, size, lane, v[1][lane]);
            int want = (exec >>> src & 1) != 0 ? v[2][src] : 0;
            assertEquals(want, w.v(7, lane), "ds_bpermute lane " + lane + " from " + src);
        }
        // s_movrels_b32 s8, s2 with M0 = 2 reads s4; s_movreld_b32 s9, s3 writes s11 = s3 (11).
        assertEquals(0x5678, w.sgpr(8), "s_movrels_b32");
        assertEquals(11, w.sgpr(11), "s_movreld_b32");
        if (gfx9(t)) {
            return;
        }
        for (int lane = 0; lane < size; lane++) {
            boolean on = (exec >>> lane & 1) != 0;
            int row = lane & ~15;
            int k = lane & 15;
            int sel = (int) ((k < 8 ? sel0 >>> (4 * k) : sel1 >>> (4 * (k - 8))) & 0xF);
            assertEquals(on ? v[2][row + sel] : v[6][lane], w.v(6, lane), "v_permlane16 lane " + lane);
            // M0 = 3: v_movrels_b32 v9, v2 reads v5 (after v_writelane); v_movreld_b32 v10, v12 writes v13;
            // v_movrelsd_b32 v20, v14 copies v17 into v23.
            int v5 = lane == 2 ? 11 : v[5][lane];
            assertEquals(on ? v5 : v[9][lane], w.v(9, lane), "v_movrels lane " + lane);
            assertEquals(on ? v[12][lane] : v[13][lane], w.v(13, lane), "v_movreld lane " + lane);
            assertEquals(v[10][lane], w.v(10, lane), "v_movreld leaves its named destination, lane " + lane);
            assertEquals(on ? v[17][lane] : v[23][lane], w.v(23, lane), "v_movrelsd lane " + lane);
        }
    }

    /**
     * DS_BPERMUTE_B32's source lane: (address / 4) modulo 64 on GFX9, modulo 32 on RDNA "regardless of wave size"
     * (the RDNA texts' NOTE: in wave64 every lane reads one of lanes 0-31).
     */
    private static int bpermuteSource(Target t, int size, int lane, int address) {
        return (address >>> 2) % (gfx9(t) ? 64 : 32);
    }
}
