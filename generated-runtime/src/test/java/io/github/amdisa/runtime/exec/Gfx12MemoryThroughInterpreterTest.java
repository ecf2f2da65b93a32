package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.Target;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every memory family of the GFX12-style encodings (RDNA 4 gfx1200, CDNA 5 gfx1250) through the interpreter, from
 * one program assembled by amdisa (cross-checked with llvm-mc-22 when installed): global, buffer (GFX12's 9-bit RSRC
 * and null SOFFSET), DS (single and 2addr), scratch (per-lane, no address VGPR), scalar and flat loads and stores. These texts pass lower-case
 * names to the address built-ins ({@code CalcGlobalAddr(v_addr.b64, s_saddr.b64)}, {@code CalcDsAddr(vgpr_a.b32,
 * offset.b32)}); every expected value is the plain memory semantics written here, with a partial EXEC.
 */
class Gfx12MemoryThroughInterpreterTest {

    private static final long A = 0x1_0000_1000L;
    private static final long B = 0x1_0000_2000L;
    private static final long BUF = 0x3000;

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"GFX1200", "GFX1250"})
    void everyMemoryFamily(Target t) {
        int size = 32;
        Wave w = new Wave(t, size, 32, 0);
        SparseMemory mem = new SparseMemory();
        mem.map(A, 0x2000);
        mem.map(BUF, 0x1000);
        w.attach(mem, new Lds(65536, Lds.OutOfRange.FAULT, true), new Scratch(size, 1024));
        SplittableRandom r = new SplittableRandom(t.ordinal());
        int[] x = new int[size];
        int[] y = new int[size];
        float[] f = new float[size];
        for (int i = 0; i < size; i++) {
            f[i] = (float) r.nextDouble(-100, 100);
            w.setV(15, i, Float.floatToRawIntBits(f[i]));
            x[i] = r.nextInt();
            y[i] = r.nextInt();
            mem.store32(A + 4L * i, x[i]);
            mem.store32(BUF + 4L * i, y[i]);
            w.setV(0, i, i);
            w.setV64(8, i, A + 4L * ((i + 1) % size)); // flat address: the next lane's element of A
        }
        w.setSgpr64(0, A);
        w.setSgpr64(2, B);
        // Buffer descriptor s[8:11]: base BUF, stride 0, NUM_RECORDS 0x1000 bytes, OOB_SELECT 3 (byte range).
        w.setSgpr(8, (int) BUF);
        w.setSgpr(9, 0);
        w.setSgpr(10, 0x1000);
        w.setSgpr(11, 20 << 12 | 3 << 28);
        long exec = 0xF0F3_5A5BL;
        w.setExec(exec);
        String text = """
                v_lshlrev_b32 v1, 2, v0
                global_load_b32 v2, v1, s[0:1]
                s_wait_loadcnt 0x0
                global_store_b32 v1, v2, s[2:3] offset:64
                buffer_load_b32 v3, v1, s[8:11], null offen
                s_wait_loadcnt 0x0
                buffer_store_b32 v3, v1, s[8:11], null offen offset:128
                ds_store_b32 v1, v2 offset:16
                s_wait_dscnt 0x0
                ds_load_b32 v4, v1 offset:16
                ds_load_2addr_b32 v[10:11], v1 offset0:4 offset1:5
                ds_max_num_f32 v1, v15 offset:16
                s_wait_dscnt 0x0
                ds_load_b32 v16, v1 offset:16
                scratch_store_b32 off, v3, off offset:8
                scratch_load_b32 v5, off, off offset:8
                s_load_b32 s12, s[0:1], 0x4
                flat_load_b32 v6, v[8:9]
                s_wait_loadcnt_dscnt 0x0
                s_wait_kmcnt 0x0
                s_endpgm
                """;
        int[] words = LlvmAsm.assemble(t.mcpu(), size, text);
        assertEquals(RunLoop.Stop.HALTED, Interpreters.forTarget(t).run(w, new Program(0, words), 1000));
        for (int i = 0; i < size; i++) {
            boolean on = (exec >>> i & 1) != 0;
            String lane = t + " lane " + i;
            assertEquals(on ? x[i] : 0, mem.load32(B + 64 + 4L * i), "global store, " + lane);
            if (!on) {
                continue;
            }
            assertEquals(x[i], w.v(2, i), "global load, " + lane);
            assertEquals(y[i], w.v(3, i), "buffer load, " + lane);
            assertEquals(y[i], mem.load32(BUF + 128 + 4L * i), "buffer store, " + lane);
            assertEquals(x[i], w.v(4, i), "ds load, " + lane);
            // ds_load_2addr_b32 offset0:4 offset1:5 reads dwords at +16 and +20 bytes: this lane's and the next's
            int next = i + 1;
            assertEquals(x[i], w.v(10, i), "ds 2addr first, " + lane);
            if (next < size && (exec >>> next & 1) != 0) {
                assertEquals(x[next], w.v(11, i), "ds 2addr second, " + lane);
            }
            assertEquals(y[i], w.v(5, i), "scratch, " + lane);
            // ds_max_num_f32 (ENC_VDS on these specs): max of the stored x[i] (as a float) and v15
            float stored = Float.intBitsToFloat(x[i]);
            float max = Float.isNaN(stored) ? f[i] : Math.max(stored, f[i]);
            assertEquals(Float.floatToRawIntBits(max), w.v(16, i), "ds_max_num_f32, " + lane);
            assertEquals(x[(i + 1) % size], w.v(6, i), "flat load, " + lane);
        }
        assertEquals(x[1], w.sgpr(12), "s_load_b32");
    }
}
