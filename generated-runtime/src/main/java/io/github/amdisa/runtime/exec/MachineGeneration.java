package io.github.amdisa.runtime.exec;

/**
 * The machine facts that differ between the generations amdisa supports: operand encodings of the special
 * scalar registers, register-file sizes, LDS size, wave sizes and the buffer-descriptor layout.
 *
 * <p>Scalar operand encodings (the 7-bit SGPR fields and the low half of the 9-bit source fields):
 * <table>
 *   <caption>special scalar encodings</caption>
 *   <tr><th>family</th><th>SGPRs</th><th>102-105</th><th>M0</th><th>NULL</th></tr>
 *   <tr><td>GFX9 (CDNA 1-4)</td><td>0-101</td><td>FLAT_SCRATCH lo/hi, XNACK_MASK lo/hi</td><td>124</td>
 *       <td>125</td></tr>
 *   <tr><td>GFX10 (RDNA 1-2)</td><td>0-105</td><td>SGPRs</td><td>124</td><td>125</td></tr>
 *   <tr><td>GFX11, GFX12 (RDNA 3-4, CDNA 5)</td><td>0-105</td><td>SGPRs</td><td>125</td><td>124</td></tr>
 * </table>
 * Everywhere: 106/107 VCC lo/hi, 108-123 TTMP0-15, 126/127 EXEC lo/hi. AMD's Vega guide lists 125 as reserved on
 * GFX9; the project's CDNA spec data (from LLVM) names it NULL, and it is modelled as NULL there too.
 */
public enum MachineGeneration {
    /** CDNA 1 (gfx908, MI100). */
    CDNA1(Family.GFX9, 64, true, 64 * 1024),
    /** CDNA 2 (gfx90a, MI200). */
    CDNA2(Family.GFX9, 64, true, 64 * 1024),
    /** CDNA 3 (gfx942, MI300). */
    CDNA3(Family.GFX9, 64, true, 64 * 1024),
    /** CDNA 4 (gfx950, MI350): 160 KB of LDS. */
    CDNA4(Family.GFX9, 64, true, 160 * 1024),
    /**
     * CDNA 5 (gfx1250): GFX12 operand encodings, wave32. Its LDS size (320 KB, LLVM's feature list) is not from an
     * AMD manual.
     */
    CDNA5(Family.GFX12, 32, false, 320 * 1024),
    /** RDNA 1 (gfx1010). */
    RDNA1(Family.GFX10, 32, false, 64 * 1024),
    /** RDNA 2 (gfx1030). */
    RDNA2(Family.GFX10, 32, false, 64 * 1024),
    /** RDNA 3 (gfx1100). */
    RDNA3(Family.GFX11, 32, false, 64 * 1024),
    /** RDNA 3.5 (gfx1150). */
    RDNA3_5(Family.GFX11, 32, false, 64 * 1024),
    /** RDNA 4 (gfx1200). */
    RDNA4(Family.GFX12, 32, false, 64 * 1024);

    /** The hardware family, which decides operand encodings and descriptor layouts. */
    public enum Family {
        /** Vega lineage: CDNA 1-4. */
        GFX9,
        /** RDNA 1-2. */
        GFX10,
        /** RDNA 3 and 3.5. */
        GFX11,
        /** RDNA 4 and CDNA 5. */
        GFX12
    }

    private final Family family;
    private final int defaultWaveSize;
    private final boolean agprs;
    private final int ldsBytes;

    MachineGeneration(Family family, int defaultWaveSize, boolean agprs, int ldsBytes) {
        this.family = family;
        this.defaultWaveSize = defaultWaveSize;
        this.agprs = agprs;
        this.ldsBytes = ldsBytes;
    }

    /** @return the hardware family */
    public Family family() {
        return family;
    }

    /** @return 64 on CDNA 1-4, 32 elsewhere */
    public int defaultWaveSize() {
        return defaultWaveSize;
    }

    /**
     * Tells whether a wave size is legal: GFX9 runs wave64 only; RDNA runs both.
     *
     * @param waveSize 32 or 64
     * @return true when supported
     */
    public boolean supportsWaveSize(int waveSize) {
        return waveSize == 64 ? family != Family.GFX12 || this == RDNA4 : waveSize == 32 && family != Family.GFX9;
    }

    /** @return whether the generation has accumulation VGPRs (CDNA 1-4) */
    public boolean hasAgprs() {
        return agprs;
    }

    /** @return the LDS size available to one workgroup, in bytes */
    public int ldsBytes() {
        return ldsBytes;
    }

    /** @return the number of addressable SGPRs: 102 on GFX9, 106 later */
    public int sgprCount() {
        return family == Family.GFX9 ? 102 : 106;
    }

    /** @return the scalar operand encoding of M0 */
    public int m0Encoding() {
        return family == Family.GFX9 || family == Family.GFX10 ? 124 : 125;
    }

    /** @return the scalar operand encoding of NULL: 125 on GFX9 and GFX10, 124 later */
    public int nullEncoding() {
        return family == Family.GFX9 || family == Family.GFX10 ? 125 : 124;
    }
}
