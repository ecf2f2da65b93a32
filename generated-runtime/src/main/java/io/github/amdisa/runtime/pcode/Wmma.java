package io.github.amdisa.runtime.pcode;

import io.github.amdisa.runtime.fp.FloatFormat;

/**
 * The RDNA 3 (GFX11) and RDNA 4 (gfx1200) wave matrix multiply-accumulate instructions with 32-bit results
 * ({@code V_WMMA_F32_16X16X16_*}, {@code V_WMMA_I32_16X16X16_IU8/_IU4}) in wave32: D (16x16) = A (16x16) * B (16x16) + C (16x16), once per
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
 * The RDNA 4 forms with 32-bit results (f16, bf16, OCP fp8/bf8 pairs, IU8, IU4 with K = 16) use the RDNA 4 layout
 * of {@link #rdna4Lane}. Wave64, the f16/bf16-accumulator forms (OPSEL-selected halves on RDNA 3, packed halves on
 * RDNA 4), RDNA 4's 16X16X32_IU4 and the gfx1250 layouts are not modelled (the interpreter refuses them).
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
        f32(ctx, false, ab, ab);
    }

    /**
     * Executes an RDNA 4 {@code V_WMMA_F32_16X16X16_*} (f16, bf16, and the OCP fp8/bf8 pairs), wave32: see
     * {@link #rdna4Lane}.
     *
     * @param ctx the context (S0 = A, S1 = B, S2 = C, D0 = D)
     * @param fa the element format of A
     * @param fb the element format of B
     */
    public static void f32Rdna4(PcodeContext ctx, FloatFormat fa, FloatFormat fb) {
        f32(ctx, true, fa, fb);
    }

    private static void f32(PcodeContext ctx, boolean rdna4, FloatFormat fa, FloatFormat fb) {
        long[][] a = read(ctx, PcodeName.S0, rdna4, fa.bits());
        long[][] bt = read(ctx, PcodeName.S1, rdna4, fb.bits());
        long[][] d = new long[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                d[i][j] = Matrix.dotF32(a[i], fa, bt[j], fb, readC(ctx, rdna4, i, j));
            }
        }
        write(ctx, rdna4, d);
    }

    /**
     * RDNA 4 layout, wave32 (AMD GPUOpen's "Using the Matrix Cores of AMD RDNA 4 architecture GPUs" and the RDNA 4 ISA
     * guide's WMMA section: no replicated halves any more, eight elements per lane): A[i][k] is element {@code k % 8}
     * of lane {@code i + 16 * (k / 8)}, B[k][j] element {@code k % 8} of lane {@code j + 16 * (k / 8)}, and
     * C/D[i][j] is VGPR {@code i % 8} of lane {@code j + 16 * (i / 8)}.
     *
     * @return the lane holding row/column {@code x} (0-15), element group {@code g} (k / 8 or i / 8)
     */
    static int rdna4Lane(int x, int g) {
        return x + 16 * g;
    }

    /** A (or B, transposed): {@code [row or column][k]}. */
    private static long[][] read(PcodeContext ctx, PcodeName n, boolean rdna4, int w) {
        long[][] m = new long[N][N];
        for (int x = 0; x < N; x++) {
            for (int k = 0; k < N; k++) {
                m[x][k] = rdna4 ? ctx.readLane(n, rdna4Lane(x, k / 8), (k % 8) * w, w)
                        : ctx.readLane(n, x, k * w, w);
            }
        }
        return m;
    }

    private static long readC(PcodeContext ctx, boolean rdna4, int i, int j) {
        return rdna4 ? ctx.readLane(PcodeName.S2, rdna4Lane(j, i / 8), 32 * (i % 8), 32)
                : ctx.readLane(PcodeName.S2, j + 16 * (i % 2), 32 * (i / 2), 32);
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
        i32(ctx, false, bits, signedA, signedB);
    }

    /**
     * Executes an RDNA 4 {@code V_WMMA_I32_16X16X16_IU8/_IU4} (layout: {@link #rdna4Lane}), signedness from NEG_LO.
     *
     * @param ctx the context (NEG bound)
     * @param bits the element width of A and B
     */
    public static void i32Rdna4(PcodeContext ctx, int bits) {
        long neg = ctx.read(PcodeName.NEG, 0, 3);
        i32(ctx, true, bits, (neg & 1) != 0, (neg & 2) != 0);
    }

    private static void i32(PcodeContext ctx, boolean rdna4, int bits, boolean signedA, boolean signedB) {
        long[][] a = read(ctx, PcodeName.S0, rdna4, bits);
        long[][] bt = read(ctx, PcodeName.S1, rdna4, bits);
        long[][] d = new long[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                long sum = readC(ctx, rdna4, i, j);
                for (int k = 0; k < N; k++) {
                    sum += extend(a[i][k], bits, signedA) * extend(bt[j][k], bits, signedB);
                }
                d[i][j] = sum & 0xFFFFFFFFL;
            }
        }
        write(ctx, rdna4, d);
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

    private static void write(PcodeContext ctx, boolean rdna4, long[][] d) {
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                if (rdna4) {
                    ctx.writeLane(PcodeName.D0, rdna4Lane(j, i / 8), 32 * (i % 8), 32, d[i][j]);
                } else {
                    ctx.writeLane(PcodeName.D0, j + 16 * (i % 2), 32 * (i / 2), 32, d[i][j]);
                }
            }
        }
    }
}
