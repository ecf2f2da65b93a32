package io.github.amdisa.runtime.pcode;

import io.github.amdisa.runtime.fp.FloatFormat;

/**
 * The RDNA 3 (GFX11) wave matrix multiply-accumulate instructions {@code V_WMMA_F32_16X16X16_F16/_BF16} and
 * {@code V_WMMA_I32_16X16X16_IU8/_IU4} in wave32: D (16x16) = A (16x16) * B (16x16) + C (16x16), once per
 * instruction, reading every lane with {@link PcodeContext#readLane} and writing D with
 * {@link PcodeContext#writeLane}.
 *
 * <p><b>Register layout</b> (AMD's "RDNA3" Instruction Set Architecture reference guide, section 7.9 "Wave Matrix
 * Multiply Accumulate", and AMD GPUOpen's "How to accelerate AI applications on RDNA 3 using WMMA", whose sample
 * loads {@code a_frag[k] = A[lane % 16][k]}, {@code b_frag[k] = B[k][lane % 16]} and stores
 * {@code c_frag[v]} to row {@code 2 * v + lane / 16}, column {@code lane % 16}):
 * <ul>
 *   <li>A[i][k] is element k of lane i's A registers, packed from bit 0 ({@code k * w} bits in, w = 16 for f16/bf16 in
 *       8 VGPRs, 8 for IU8 in 4 VGPRs, 4 for IU4 in 2 VGPRs); B[k][j] is element k of lane j's B registers;</li>
 *   <li>lanes 16-31 must hold copies of lanes 0-15's A and B (the guide requires it); this model reads lanes 0-15
 *       only;</li>
 *   <li>C and D (32-bit elements): C/D[i][j] is VGPR {@code i / 2} of lane {@code j + 16 * (i % 2)}.</li>
 * </ul>
 * Wave64, the f16/bf16-accumulator forms (OPSEL-selected halves) and the RDNA 4/gfx1250 layouts are not modelled
 * (the interpreter refuses them).
 *
 * <p>The generator lowers the RDNA 3 texts (only the shape {@code D = A (16x16) * B (16x16) + C (16x16)}) to these
 * calls, one per instruction.
 *
 * <p><b>Arithmetic</b> as {@link Matrix}: float products summed exactly with C and rounded once to f32; integer
 * elements are signed or unsigned per NEG_LO bit 0 (A) and bit 1 (B), summed modulo 2<sup>32</sup> (no clamp).
 */
public final class Wmma {

    private static final int N = 16;

    private Wmma() {
    }

    /**
     * Executes {@code V_WMMA_F32_16X16X16_F16} or {@code _BF16}.
     *
     * @param ctx the context (S0 = A, S1 = B, S2 = C, D0 = D)
     * @param ab the element format of A and B (F16 or BF16)
     */
    public static void f32(PcodeContext ctx, FloatFormat ab) {
        int w = ab.bits();
        long[][] a = new long[N][N];
        long[][] bt = new long[N][N];
        for (int lane = 0; lane < N; lane++) {
            for (int k = 0; k < N; k++) {
                a[lane][k] = ctx.readLane(PcodeName.S0, lane, k * w, w);
                bt[lane][k] = ctx.readLane(PcodeName.S1, lane, k * w, w);
            }
        }
        long[][] d = new long[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                long c = ctx.readLane(PcodeName.S2, j + 16 * (i % 2), 32 * (i / 2), 32);
                d[i][j] = Matrix.dotF32(a[i], ab, bt[j], ab, c);
            }
        }
        write(ctx, d);
    }

    /**
     * Executes {@code V_WMMA_I32_16X16X16_IU8} ({@code bits} = 8) or {@code _IU4} (4).
     *
     * @param ctx the context
     * @param bits the element width of A and B
     * @param signedA whether A's elements are signed (NEG_LO bit 0)
     * @param signedB whether B's elements are signed (NEG_LO bit 1)
     */
    public static void i32(PcodeContext ctx, int bits, boolean signedA, boolean signedB) {
        long[][] a = new long[N][N];
        long[][] bt = new long[N][N];
        for (int lane = 0; lane < N; lane++) {
            for (int k = 0; k < N; k++) {
                a[lane][k] = extend(ctx.readLane(PcodeName.S0, lane, k * bits, bits), bits, signedA);
                bt[lane][k] = extend(ctx.readLane(PcodeName.S1, lane, k * bits, bits), bits, signedB);
            }
        }
        long[][] d = new long[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                long sum = ctx.readLane(PcodeName.S2, j + 16 * (i % 2), 32 * (i / 2), 32);
                for (int k = 0; k < N; k++) {
                    sum += a[i][k] * bt[j][k];
                }
                d[i][j] = sum & 0xFFFFFFFFL;
            }
        }
        write(ctx, d);
    }

    /**
     * Executes {@code V_WMMA_I32_16X16X16_IU8} ({@code bits} = 8) or {@code _IU4} (4), the signedness of A and B
     * read from the instruction's NEG (NEG_LO) field, bits 0 and 1.
     *
     * @param ctx the context (NEG bound)
     * @param bits the element width of A and B
     */
    public static void i32(PcodeContext ctx, int bits) {
        long neg = ctx.read(PcodeName.NEG, 0, 3);
        i32(ctx, bits, (neg & 1) != 0, (neg & 2) != 0);
    }

    private static long extend(long x, int bits, boolean signed) {
        return signed ? x << (64 - bits) >> (64 - bits) : x;
    }

    private static void write(PcodeContext ctx, long[][] d) {
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                ctx.writeLane(PcodeName.D0, j + 16 * (i % 2), 32 * (i / 2), 32, d[i][j]);
            }
        }
    }
}
