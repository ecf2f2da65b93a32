package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Dialect;

/**
 * A decoded buffer resource descriptor (V#): the four SGPRs a MUBUF/MTBUF instruction names in {@code SRSRC},
 * and the MUBUF address and range computations. The object is mutable so that an interpreter can decode into one
 * instance per wave without allocating ({@link #decode}).
 *
 * <h2>Layouts supported</h2>
 * Dwords 0-2 are the same everywhere: {@code BASE_ADDRESS[47:0]} in dword 0 and dword 1 bits 15:0,
 * {@code STRIDE[13:0]} in dword 1 bits 29:16, {@code NUM_RECORDS} in dword 2. Then, per family
 * ({@link Dialect}):
 * <table>
 *   <caption>descriptor fields that differ</caption>
 *   <tr><th>field</th><th>GFX9 (CDNA 1-4)</th><th>GFX10 (RDNA 1-2)</th><th>GFX11/GFX12 (RDNA 3-4, CDNA 5)</th></tr>
 *   <tr><td>swizzle enable</td><td>w1[31]</td><td>w1[31]</td><td>w1[31:30] (2 bits)</td></tr>
 *   <tr><td>cache swizzle</td><td>w1[30]</td><td>w1[30]</td><td>-</td></tr>
 *   <tr><td>DST_SEL_X/Y/Z/W</td><td colspan="3">w3[2:0], [5:3], [8:6], [11:9]</td></tr>
 *   <tr><td>format</td><td>NUM_FORMAT w3[14:12], DATA_FORMAT w3[18:15]</td><td>FORMAT w3[18:12]</td>
 *       <td>FORMAT w3[17:12]</td></tr>
 *   <tr><td>INDEX_STRIDE</td><td colspan="3">w3[22:21]: 8, 16, 32, 64 elements</td></tr>
 *   <tr><td>ADD_TID_ENABLE</td><td colspan="3">w3[23]</td></tr>
 *   <tr><td>OOB_SELECT</td><td>-</td><td colspan="2">w3[29:28]</td></tr>
 *   <tr><td>TYPE</td><td colspan="3">w3[31:30] (0 = buffer)</td></tr>
 * </table>
 * The fields follow the "Buffer Resource" tables of AMD's Vega/CDNA and RDNA ISA guides; the GFX11+ two-bit
 * swizzle enable is read as the swizzle element size {@code 4 << (value - 1)} bytes (1: 4, 2: 8, 3: 16), and GFX9
 * and GFX10 swizzle with 4-byte elements. Fields not listed (GFX10 RESOURCE_LEVEL, GFX12 compression controls,
 * GFX9 USER_VM bits) are not decoded.
 *
 * <h2>Addressing</h2>
 * {@link #address} implements the MUBUF rule: with {@code index = (IDXEN ? VGPR index : 0) + (ADD_TID_ENABLE ?
 * lane : 0)} and {@code offset = (OFFEN ? VGPR offset : 0) + instruction offset}, a linear buffer has
 * {@code base + soffset + offset + stride * index}; a swizzled buffer interleaves elements of
 * {@code index_stride} consecutive records:
 * {@code base + soffset + (index / index_stride * stride + offset / elem * elem) * index_stride
 * + index % index_stride * elem + offset % elem}.
 */
public final class BufferResource {

    private Dialect family = Dialect.GFX9;
    private long base;
    private int stride;
    private long numRecords;
    private int swizzleEnable;
    private boolean cacheSwizzle;
    private int dstSel;
    private int numFormat;
    private int dataFormat;
    private int format;
    private int indexStride;
    private boolean addTid;
    private int oobSelect;
    private int type;

    /**
     * Decodes a descriptor into a new object.
     *
     * @param family the layout to use
     * @param w0 dword 0 (lowest SGPR)
     * @param w1 dword 1
     * @param w2 dword 2
     * @param w3 dword 3
     * @return the decoded descriptor
     */
    public static BufferResource of(Dialect family, int w0, int w1, int w2, int w3) {
        return new BufferResource().decode(family, w0, w1, w2, w3);
    }

    /**
     * Decodes a descriptor into this object (no allocation).
     *
     * @param family the layout to use
     * @param w0 dword 0
     * @param w1 dword 1
     * @param w2 dword 2
     * @param w3 dword 3
     * @return this
     */
    public BufferResource decode(Dialect family, int w0, int w1, int w2, int w3) {
        this.family = family;
        base = (w0 & 0xFFFFFFFFL) | (long) (w1 & 0xFFFF) << 32;
        stride = (w1 >>> 16) & 0x3FFF;
        numRecords = w2 & 0xFFFFFFFFL;
        dstSel = w3 & 0xFFF;
        indexStride = (w3 >>> 21) & 3;
        addTid = (w3 >>> 23 & 1) != 0;
        type = w3 >>> 30;
        switch (family) {
            case GFX9 -> {
                swizzleEnable = w1 >>> 31;
                cacheSwizzle = (w1 >>> 30 & 1) != 0;
                numFormat = (w3 >>> 12) & 7;
                dataFormat = (w3 >>> 15) & 0xF;
                format = 0;
                oobSelect = 0;
            }
            case GFX10 -> {
                swizzleEnable = w1 >>> 31;
                cacheSwizzle = (w1 >>> 30 & 1) != 0;
                format = (w3 >>> 12) & 0x7F;
                numFormat = 0;
                dataFormat = 0;
                oobSelect = (w3 >>> 28) & 3;
            }
            default -> {
                swizzleEnable = w1 >>> 30;
                cacheSwizzle = false;
                format = (w3 >>> 12) & 0x3F;
                numFormat = 0;
                dataFormat = 0;
                oobSelect = (w3 >>> 28) & 3;
            }
        }
        return this;
    }

    /** @return the layout family this was decoded with */
    public Dialect family() {
        return family;
    }

    /** @return the 48-bit base address */
    public long base() {
        return base;
    }

    /** @return the record stride in bytes (0-16383) */
    public int stride() {
        return stride;
    }

    /** @return NUM_RECORDS (unsigned) */
    public long numRecords() {
        return numRecords;
    }

    /** @return the raw swizzle-enable field (1 bit on GFX9/10, 2 bits on GFX11+) */
    public int swizzleEnable() {
        return swizzleEnable;
    }

    /** @return whether swizzled addressing applies */
    public boolean swizzled() {
        return swizzleEnable != 0;
    }

    /** @return the swizzle element size in bytes (4 on GFX9/10; 4, 8 or 16 on GFX11+) */
    public int swizzleElementBytes() {
        return family == Dialect.GFX9 || family == Dialect.GFX10 || swizzleEnable == 0
                ? 4 : 4 << (swizzleEnable - 1);
    }

    /** @return the GFX9/GFX10 cache-swizzle bit */
    public boolean cacheSwizzle() {
        return cacheSwizzle;
    }

    /**
     * Returns one destination select (0 = 0, 1 = 1, 4-7 = X/Y/Z/W as AMD's SQ_SEL values).
     *
     * @param channel 0-3 for X/Y/Z/W
     * @return the 3-bit select
     */
    public int dstSel(int channel) {
        return (dstSel >>> (3 * channel)) & 7;
    }

    /** @return GFX9 NUM_FORMAT (0 elsewhere) */
    public int numFormat() {
        return numFormat;
    }

    /** @return GFX9 DATA_FORMAT (0 elsewhere) */
    public int dataFormat() {
        return dataFormat;
    }

    /** @return GFX10+ unified FORMAT (0 on GFX9) */
    public int format() {
        return format;
    }

    /** @return the raw INDEX_STRIDE field */
    public int indexStrideField() {
        return indexStride;
    }

    /** @return the index stride in records: 8, 16, 32 or 64 */
    public int indexStrideRecords() {
        return 8 << indexStride;
    }

    /** @return ADD_TID_ENABLE */
    public boolean addTidEnable() {
        return addTid;
    }

    /** @return GFX10+ OOB_SELECT (0 on GFX9) */
    public int oobSelect() {
        return oobSelect;
    }

    /** @return TYPE (0 for a buffer) */
    public int type() {
        return type;
    }

    /**
     * Computes the record index of a lane: the VGPR index when IDXEN, plus the lane when ADD_TID_ENABLE.
     *
     * @param vgprIndex the index VGPR's value (unsigned)
     * @param idxen the instruction's IDXEN bit
     * @param lane the lane
     * @return the index
     */
    public long index(int vgprIndex, boolean idxen, int lane) {
        return (idxen ? vgprIndex & 0xFFFFFFFFL : 0) + (addTid ? lane : 0);
    }

    /**
     * Computes the buffer offset (without base and soffset), linear or swizzled.
     *
     * @param index the record index ({@link #index})
     * @param offset the byte offset: VGPR offset (when OFFEN) plus the instruction offset
     * @return the offset from {@code base + soffset}
     */
    public long bufferOffset(long index, long offset) {
        if (swizzleEnable == 0) {
            return offset + (long) stride * index;
        }
        long elem = swizzleElementBytes();
        long istride = indexStrideRecords();
        return (index / istride * stride + offset / elem * elem) * istride + index % istride * elem + offset % elem;
    }

    /**
     * Computes the full MUBUF address.
     *
     * @param soffset the SOFFSET operand's value (unsigned)
     * @param index the record index
     * @param offset the byte offset
     * @return the byte address
     */
    public long address(int soffset, long index, long offset) {
        return base + (soffset & 0xFFFFFFFFL) + bufferOffset(index, offset);
    }

    /**
     * Range check of one access (SOFFSET is not part of it). GFX9: stride 0 checks {@code offset + bytes} against
     * NUM_RECORDS bytes, otherwise {@code index} against NUM_RECORDS records. GFX10+ by OOB_SELECT: 0 checks index
     * and {@code offset + bytes > stride}, 1 checks index only, 2 is out of range only when NUM_RECORDS is 0, 3
     * checks {@code offset + bytes} against NUM_RECORDS bytes. Loads of out-of-range data return 0 and stores are
     * dropped; the hardware checks per dword, so callers of multi-dword accesses check each dword.
     *
     * @param index the record index
     * @param offset the byte offset (linear: the VGPR plus instruction offset)
     * @param bytes the access size
     * @return true when the access is out of range
     */
    public boolean outOfRange(long index, long offset, int bytes) {
        long byteEnd = (swizzleEnable == 0 ? offset + (long) stride * index : offset) + bytes;
        if (family == Dialect.GFX9) {
            return stride == 0 ? byteEnd > numRecords : index >= numRecords;
        }
        return switch (oobSelect) {
            case 0 -> index >= numRecords || offset + bytes > stride;
            case 1 -> index >= numRecords;
            case 2 -> numRecords == 0;
            default -> byteEnd > numRecords;
        };
    }
}
