package io.github.amdisa.runtime.pcode;

import io.github.amdisa.runtime.fp.FloatFormat;
import io.github.amdisa.runtime.fp.FpConvert;
import io.github.amdisa.runtime.fp.FpMode;
import java.math.BigInteger;

/**
 * The dense matrix multiply-accumulate instructions of CDNA ({@code V_MFMA_*}), whose texts are only the shape
 * formula {@code D = A (MxK) * B (KxN) + C (MxN)}: the generator recognises the shape, block count and element
 * types from the instruction name and calls {@link #mfma} once per instruction (not per lane), which reads the
 * operands of every lane with {@link PcodeContext#readLane} and writes D with {@link PcodeContext#writeLane}.
 *
 * <p><b>Register layout</b> (wave64; AMD's MI-series ISA guides, "dependent matrix operations", and AMD's matrix
 * instruction calculator). With {@code B} blocks of {@code M x N} results and {@code kpl = M * K * B / 64} A (and B)
 * elements per lane, packed from bit 0 of the lane's source registers:
 * <ul>
 *   <li>A[b][i][k] is element {@code k % kpl} of lane {@code i + M * (b + B * (k / kpl))}; B[b][k][j] is element
 *       {@code k % kpl} of lane {@code j + N * (b + B * (k / kpl))};</li>
 *   <li>C and D (32-bit elements) for M = N = 16 or 32: rows are taken in groups of four, {@code q = i / 4}; with
 *       {@code G = 64 / N} lane groups, D[b][i][j] is register {@code R * b + 4 * (q / G) + i % 4} of lane
 *       {@code j + N * (q % G)}, R = M * N / 64 registers per block; for M = N = 4 (16 blocks) D[b][i][j] is
 *       register {@code i} of lane {@code j + 4 * b}.</li>
 * </ul>
 *
 *
 * <p><b>f64 MFMAs</b> ({@code V_MFMA_F64_16X16X4_F64}, {@code V_MFMA_F64_4X4X4_4B_F64}; CDNA 2's names without the
 * block count) hold one f64 of A and of B per lane (a VGPR pair), in the lanes above (kpl = 1). Their C and D rows
 * are one register pair tall instead of four registers (AMD's matrix instruction calculator, {@code
 * __get_output_reg_lanes}: "64b outputs are ... only 1 row (register-pair) tall"): with {@code G = 64 / N} rows per
 * pair and {@code P = ceil(64 / (M * N))} blocks per pair, D[b][i][j] is pair {@code b * (M * N / 64) + i / G} of
 * lane {@code (b % P) * N + (i % G) * P * N + j}: for 16x16x4, pair {@code i / 4} of lane {@code 16 * (i % 4) + j};
 * for 4x4x4 with 4 blocks, pair 0 of lane {@code 4 * b + 16 * i + j}.
 *
 *
 * <p><b>Sparse SMFMACs</b> ({@code V_SMFMAC_*}, CDNA 3/4; {@code D = A (sparse MxK) * B (KxN) + D}) take A with 4:2
 * structured sparsity along K: of every four K positions at most two are stored. A is held compressed, an
 * {@code M x K/2} matrix in the dense layout above ({@code kpl = M * K / 128} stored elements per lane), B is dense
 * (K x N, the dense layout), C is D itself (VDST) and SRC2 is a VGPR of compression indices (AMD's matrix instruction
 * calculator, README "sparse matrix" section and its {@code --compression} queries): stored element {@code c} of row
 * i (element {@code c % kpl} of its lane) is A[i][4 (c / 2) + idx], idx the 2 bits at {@code 2 (c % kpl)} of the
 * lane's index set. A set is {@code 2 kpl} bits (8 for CDNA 3's 16-bit inputs, 16 for its 8-bit ones and CDNA 4's
 * doubled-K 16-bit forms, 32 for CDNA 4's doubled-K 8-bit forms); with CBSZ = 0, ABID picks the set (bits
 * {@code 2 kpl * ABID} up), with CBSZ != 0 the set at bit 0 is used. Each stored value is multiplied with the B row
 * its index names and the products are summed as for the dense forms (two equal indices in a group would add both
 * products; AMD leaves that case undefined).
 *
 * <p><b>Arithmetic.</b> Every product is exact; the K products and C are summed exactly and the sum is rounded once
 * to f32 (round to nearest even, overflow to infinity, denormals kept); a NaN or an infinity in the inputs follows
 * IEEE 754 (inf - inf and 0 * inf give the default NaN). AMD does not document the order or width of the internal
 * accumulation, so this models an exact dot product, not bit-exact hardware rounding of long sums. Integer
 * MFMAs ({@code V_MFMA_I32_*_I8}) multiply signed bytes and add modulo 2<sup>32</sup>.
 */
public final class Matrix {

    private Matrix() {
    }

    /**
     * Executes a float MFMA with f32 results.
     *
     * @param ctx the context (S0 = A, S1 = B, S2 = C, D0 = D)
     * @param m rows of a block
     * @param n columns of a block
     * @param k the reduction length
     * @param blocks the number of blocks
     * @param a the element format of A
     * @param b the element format of B
     */
    public static void mfmaF32(PcodeContext ctx, int m, int n, int k, int blocks, FloatFormat a, FloatFormat b) {
        run(ctx, m, n, k, blocks, a, b);
    }

    /**
     * Executes an integer MFMA: signed 8-bit A and B, i32 C and D.
     *
     * @param ctx the context
     * @param m rows of a block
     * @param n columns of a block
     * @param k the reduction length
     * @param blocks the number of blocks
     */
    public static void mfmaI32I8(PcodeContext ctx, int m, int n, int k, int blocks) {
        run(ctx, m, n, k, blocks, null, null);
    }

    /**
     * Executes an f64 MFMA (f64 A, B, C and D; the register layout in the class Javadoc): every product exact, the
     * K products and C summed exactly and rounded once to f64, as for the f32 forms.
     *
     * @param ctx the context (S0 = A, S1 = B, S2 = C, D0 = D)
     * @param m rows of a block
     * @param n columns of a block
     * @param k the reduction length
     * @param blocks the number of blocks
     */
    public static void mfmaF64(PcodeContext ctx, int m, int n, int k, int blocks) {
        long[][] av = new long[blocks * m][k];
        long[][] bv = new long[blocks * n][k];
        readAB(ctx, m, n, k, blocks, 64, 64, av, bv);
        long[][][] out = new long[blocks][m][n];
        for (int blk = 0; blk < blocks; blk++) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    long c = ctx.readLane(PcodeName.S2, lane64(m, n, blk, i, j), 64 * pair64(m, n, blk, i), 64);
                    out[blk][i][j] = dotF64(av[blk * m + i], bv[blk * n + j], c);
                }
            }
        }
        for (int blk = 0; blk < blocks; blk++) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    ctx.writeLane(PcodeName.D0, lane64(m, n, blk, i, j), 64 * pair64(m, n, blk, i), 64,
                            out[blk][i][j]);
                }
            }
        }
    }

    /** The lane holding C/D[blk][i][j] of an f64 MFMA. */
    static int lane64(int m, int n, int blk, int i, int j) {
        int rowsPerPair = 64 / n;
        int blocksPerPair = Math.max(1, 64 / (m * n));
        return (blk % blocksPerPair) * n + (i % rowsPerPair) * blocksPerPair * n + j;
    }

    /** The register pair (within the operand) holding C/D[blk][i][*] of an f64 MFMA. */
    static int pair64(int m, int n, int blk, int i) {
        return blk * (m * n / 64) + i / (64 / n);
    }

    /** Exact sum of the f64 products and C, rounded once to f64 (specials through double arithmetic). */
    static long dotF64(long[] a, long[] b, long c) {
        double cd = Double.longBitsToDouble(c);
        boolean special = !Double.isFinite(cd);
        for (int x = 0; x < a.length; x++) {
            special |= !Double.isFinite(Double.longBitsToDouble(a[x])) || !Double.isFinite(Double.longBitsToDouble(b[x]));
        }
        if (special) {
            double s = cd;
            for (int x = 0; x < a.length; x++) {
                s += Double.longBitsToDouble(a[x]) * Double.longBitsToDouble(b[x]);
            }
            return Double.isNaN(s) ? 0x7FF8000000000000L : Double.doubleToRawLongBits(s);
        }
        // Fixed point with the lowest bit at 2^-2200: below every product of two f64 values (>= 2^-2148).
        final int low = -2200;
        BigInteger acc = fixed(cd, low);
        boolean allZeroNegative = cd == 0 && c < 0;
        for (int x = 0; x < a.length; x++) {
            double ad = Double.longBitsToDouble(a[x]);
            double bd = Double.longBitsToDouble(b[x]);
            // fixed(ad, -1100) * fixed(bd, -1100) is the exact product at 2^-2200
            acc = acc.add(fixed(ad, -1100).multiply(fixed(bd, -1100)));
            allZeroNegative &= (ad == 0 || bd == 0) && (a[x] < 0) != (b[x] < 0);
        }
        if (acc.signum() == 0) {
            return allZeroNegative ? 0x8000000000000000L : 0;
        }
        return round(acc, low, FloatFormat.F64);
    }

    /**
     * Executes a sparse float SMFMAC with f32 results (the layout in the class Javadoc).
     *
     * @param ctx the context (S0 = compressed A, S1 = B, S2 = indices, D0 = C and D)
     * @param m rows
     * @param n columns
     * @param k the (uncompressed) reduction length
     * @param a the element format of A
     * @param b the element format of B
     */
    public static void smfmacF32(PcodeContext ctx, int m, int n, int k, FloatFormat a, FloatFormat b) {
        sparse(ctx, m, n, k, a, b);
    }

    /**
     * Executes a sparse integer SMFMAC: signed 8-bit A and B, i32 C and D.
     *
     * @param ctx the context
     * @param m rows
     * @param n columns
     * @param k the (uncompressed) reduction length
     */
    public static void smfmacI32I8(PcodeContext ctx, int m, int n, int k) {
        sparse(ctx, m, n, k, null, null);
    }

    private static void sparse(PcodeContext ctx, int m, int n, int k, FloatFormat fa, FloatFormat fb) {
        int stored = k / 2;
        int kplA = m * stored / 64;
        int kplB = k * n / 64;
        int setBits = 2 * kplA;
        int wa = fa == null ? 8 : fa.bits();
        int wb = fb == null ? 8 : fb.bits();
        long cbsz = ctx.readField(PcodeName.INST, "CBSZ");
        long abid = ctx.readField(PcodeName.INST, "ABID");
        long set = cbsz != 0 ? 0 : abid;
        if (set >= 32 / setBits) {
            throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("SMFMAC index set ABID = " + abid
                    + " past the " + 32 / setBits + " sets of " + setBits + " bits in the index VGPR");
        }
        long[][] av = new long[m][stored];
        int[][] ak = new int[m][stored];
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < stored; c++) {
                int lane = i + m * (c / kplA);
                int item = c % kplA;
                av[i][c] = ctx.readLane(PcodeName.S0, lane, item * wa, wa);
                ak[i][c] = 4 * (c / 2) + (int) ctx.readLane(PcodeName.S2, lane, (int) set * setBits + 2 * item, 2);
            }
        }
        long[][] bv = new long[n][k];
        for (int j = 0; j < n; j++) {
            for (int kk = 0; kk < k; kk++) {
                bv[j][kk] = ctx.readLane(PcodeName.S1, j + n * (kk / kplB), (kk % kplB) * wb, wb);
            }
        }
        long[][] out = new long[m][n];
        long[] picked = new long[stored];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                for (int c = 0; c < stored; c++) {
                    picked[c] = bv[j][ak[i][c]];
                }
                long acc = ctx.readLane(PcodeName.D0, lane(m, n, 0, i, j), 32 * reg(m, n, 0, i), 32);
                out[i][j] = fa == null ? dotI8(av[i], picked, acc) : dotF32(av[i], fa, picked, fb, acc);
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                ctx.writeLane(PcodeName.D0, lane(m, n, 0, i, j), 32 * reg(m, n, 0, i), 32, out[i][j]);
            }
        }
    }

    /**
     * Reads the dense MFMA A and B operands (S0, S1) of a wave64 into {@code av[block * m + row][k]} and
     * {@code bv[block * n + column][k]}: element {@code kk} of a row sits in lane {@code row + m * group} at item
     * {@code kk % kpl} of width {@code wa} (A) or {@code wb} (B) bits, where {@code kpl} elements share a lane and
     * {@code group} runs over the blocks first.
     */
    private static void readAB(PcodeContext ctx, int m, int n, int k, int blocks, int wa, int wb, long[][] av,
            long[][] bv) {
        int kpl = m * k * blocks / 64;
        for (int blk = 0; blk < blocks; blk++) {
            for (int kk = 0; kk < k; kk++) {
                int group = blk + blocks * (kk / kpl);
                int item = kk % kpl;
                for (int i = 0; i < m; i++) {
                    av[blk * m + i][kk] = ctx.readLane(PcodeName.S0, i + m * group, item * wa, wa);
                }
                for (int j = 0; j < n; j++) {
                    bv[blk * n + j][kk] = ctx.readLane(PcodeName.S1, j + n * group, item * wb, wb);
                }
            }
        }
    }

    private static void run(PcodeContext ctx, int m, int n, int k, int blocks, FloatFormat fa, FloatFormat fb) {
        int wa = fa == null ? 8 : fa.bits();
        int wb = fb == null ? 8 : fb.bits();
        long[][] av = new long[blocks * m][k];
        long[][] bv = new long[blocks * n][k];
        readAB(ctx, m, n, k, blocks, wa, wb, av, bv);
        long[][][] out = new long[blocks][m][n];
        for (int blk = 0; blk < blocks; blk++) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    int lane = lane(m, n, blk, i, j);
                    int reg = reg(m, n, blk, i);
                    long c = ctx.readLane(PcodeName.S2, lane, 32 * reg, 32);
                    long[] ar = av[blk * m + i];
                    long[] br = bv[blk * n + j];
                    out[blk][i][j] = fa == null ? dotI8(ar, br, c) : dotF32(ar, fa, br, fb, c);
                }
            }
        }
        for (int blk = 0; blk < blocks; blk++) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    ctx.writeLane(PcodeName.D0, lane(m, n, blk, i, j), 32 * reg(m, n, blk, i), 32, out[blk][i][j]);
                }
            }
        }
    }

    /** The lane holding C/D[blk][i][j]. */
    static int lane(int m, int n, int blk, int i, int j) {
        if (m == 4) {
            return j + 4 * blk;
        }
        int g = 64 / n;
        return j + n * ((i / 4) % g);
    }

    /** The register (within the operand) holding C/D[blk][i][*]. */
    static int reg(int m, int n, int blk, int i) {
        if (m == 4) {
            return i;
        }
        int g = 64 / n;
        return m * n / 64 * blk + 4 * ((i / 4) / g) + i % 4;
    }

    private static long dotI8(long[] a, long[] b, long c) {
        long sum = (int) c;
        for (int x = 0; x < a.length; x++) {
            sum += (long) (byte) a[x] * (byte) b[x];
        }
        return sum & 0xFFFFFFFFL;
    }

    /** Exact sum of the products and C, rounded once to f32. */
    static long dotF32(long[] a, FloatFormat fa, long[] b, FloatFormat fb, long c) {
        // Decode to (sign, integer significand, exponent); specials go through double arithmetic, which gives
        // IEEE's special results.
        boolean special = false;
        double[] ad = new double[a.length];
        double[] bd = new double[b.length];
        for (int x = 0; x < a.length; x++) {
            ad[x] = toDouble(a[x], fa);
            bd[x] = toDouble(b[x], fb);
            special |= !Double.isFinite(ad[x]) || !Double.isFinite(bd[x]);
        }
        double cd = Float.intBitsToFloat((int) c);
        if (special || !Double.isFinite(cd)) {
            double s = cd;
            for (int x = 0; x < a.length; x++) {
                s += ad[x] * bd[x];
            }
            if (Double.isNaN(s)) {
                return 0x7FC00000L;
            }
            return Float.floatToRawIntBits((float) s) & 0xFFFFFFFFL;
        }
        // Fixed point with the lowest bit at 2^-400: below every product of f32 values (>= 2^-298).
        final int low = -400;
        BigInteger acc = fixed(cd, low);
        boolean allZeroNegative = cd == 0 && Double.doubleToRawLongBits(cd) < 0;
        for (int x = 0; x < a.length; x++) {
            double p = ad[x] * bd[x]; // exact: both significands have at most 24 bits
            acc = acc.add(fixed(p, low));
            allZeroNegative &= p == 0 && Double.doubleToRawLongBits(p) < 0;
        }
        if (acc.signum() == 0) {
            return allZeroNegative ? 0x80000000L : 0; // IEEE: an exact zero sum is +0 unless every term is -0
        }
        return round(acc, low, FloatFormat.F32);
    }

    /** A non-zero exact sum {@code acc * 2^low} rounded once (to nearest even) to {@code format}. */
    private static long round(BigInteger acc, int low, FloatFormat format) {
        int sign = acc.signum() < 0 ? 1 : 0;
        BigInteger mag = acc.abs();
        int len = mag.bitLength();
        long sig;
        int exp = low;
        if (len > 62) {
            int drop = len - 62;
            boolean sticky = mag.getLowestSetBit() < drop;
            sig = mag.shiftRight(drop).longValue() | (sticky ? 1 : 0);
            exp += drop;
        } else {
            sig = mag.longValue();
        }
        return FpConvert.roundPack(sign, sig, exp, format, FpMode.ROUND_NEAREST_EVEN, false, false);
    }

    private static double toDouble(long bits, FloatFormat f) {
        return Double.longBitsToDouble(FpConvert.convert(bits, f, FloatFormat.F64, FpMode.ROUND_NEAREST_EVEN, false,
                false, false));
    }

    /** A finite double as an integer multiple of 2^low (exact for every value this class produces). */
    private static BigInteger fixed(double d, int low) {
        if (d == 0) {
            return BigInteger.ZERO;
        }
        long bits = Double.doubleToRawLongBits(d);
        int e = (int) ((bits >>> 52) & 0x7FF);
        long sig = bits & 0xFFFFFFFFFFFFFL;
        if (e == 0) {
            e = 1;
        } else {
            sig |= 1L << 52;
        }
        int shift = e - 1075 - low;
        BigInteger v = BigInteger.valueOf(sig).shiftLeft(shift);
        return d < 0 ? v.negate() : v;
    }
}
