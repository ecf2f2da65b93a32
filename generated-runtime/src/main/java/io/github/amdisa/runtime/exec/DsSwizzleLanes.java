package io.github.amdisa.runtime.exec;

/**
 * Which lane {@code DS_SWIZZLE_B32} reads for each lane, from its 16-bit offset ({@code OFFSET1:OFFSET0}).
 *
 * <p>The bundled pseudocode does not say it in executable form: the CDNA texts give a two-row table of the FFT mode
 * and the RDNA 3/3.5/4 and CDNA 5 texts stop after the FFT branch (cut off in the extraction). The four modes here
 * follow the complete text of AMD's ISA guides for the instruction (the same on GFX9, CDNA and RDNA):
 * <ul>
 *   <li>offset &gt;= 0xE000, FFT: {@code j = reverse_bits(i & 0x1f) >> count_ones(mask) | (i & mask) | (i & 0x20)},
 *       {@code mask = offset[4:0]}; the reversal is of the 5-bit lane number, which is what the CDNA texts' table
 *       lists (mask 0x00: lane 1 reads lane 16; mask 0x10: lane 1 reads lane 8; mask 0x1F: no swizzle);</li>
 *   <li>offset &gt;= 0xC000, rotate: {@code j = (i & mask) | ((i + rotate) & ~mask) | (i & 0x20)} with
 *       {@code rotate = offset[9:5]}, negated when {@code offset[10]} is set, {@code mask = offset[4:0]}. The
 *       guide's text does not wrap {@code i + rotate}; amdisa keeps it to the 5-bit lane number inside the group of
 *       32 as the other modes do (an assumption: without it lane 31 would read lane 32 of the next group, and lane
 *       63 a lane that does not exist);</li>
 *   <li>offset[15] set, quad permute: lane {@code i} reads lane {@code (i & ~3) + offset[2k+1:2k]},
 *       {@code k = i & 3};</li>
 *   <li>otherwise, bitmask: {@code j = (((i & 0x1f) & and_mask) | or_mask) ^ xor_mask | (i & 0x20)} with the
 *       masks in offset[4:0], [9:5] and [14:10].</li>
 * </ul>
 * A lane reads 0 when the lane it reads is inactive ({@code thread_valid[j]}); inactive lanes are not written.
 */
final class DsSwizzleLanes {
    private DsSwizzleLanes() {
    }

    /**
     * @param offset the 16-bit offset
     * @param lane the reading lane, 0..63
     * @return the lane it reads, 0..63 (in wave32 below 32 for every lane below 32)
     */
    static int source(int offset, int lane) {
        int group = lane & 0x20;
        int low = lane & 0x1f;
        if (offset >= 0xE000) {
            int mask = offset & 0x1f;
            int j = (Integer.reverse(low) >>> 27) >>> Integer.bitCount(mask);
            return j | (low & mask) | group;
        }
        if (offset >= 0xC000) {
            int mask = offset & 0x1f;
            int rotate = (offset >>> 5) & 0x1f;
            if ((offset & 0x400) != 0) {
                rotate = -rotate;
            }
            return ((low & mask) | ((low + rotate) & ~mask & 0x1f)) | group;
        }
        if ((offset & 0x8000) != 0) {
            return (lane & ~3) + ((offset >>> (2 * (lane & 3))) & 3);
        }
        int and = offset & 0x1f;
        int or = (offset >>> 5) & 0x1f;
        int xor = (offset >>> 10) & 0x1f;
        return (((low & and) | or) ^ xor) | group;
    }
}
