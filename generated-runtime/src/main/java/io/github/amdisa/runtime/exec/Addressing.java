package io.github.amdisa.runtime.exec;

/**
 * Address computations of the FLAT, GLOBAL, SCRATCH and DS instruction families ({@code CalcFlatAddr},
 * {@code CalcGlobalAddr}, {@code CalcScratchAddr}, {@code CalcDsAddr} in AMD's pseudocode). All static and
 * allocation-free; offsets are passed already sign-extended from their instruction fields.
 */
public final class Addressing {

    /** FLAT address segment: the aperture an address falls into. */
    public static final int SEGMENT_GLOBAL = 0;
    /** The shared (LDS) aperture. */
    public static final int SEGMENT_LDS = 1;
    /** The private (scratch) aperture. */
    public static final int SEGMENT_PRIVATE = 2;

    private Addressing() {
    }

    /**
     * FLAT: {@code VADDR[63:0] + offset}.
     *
     * @param vaddr the 64-bit address from the VGPR pair
     * @param instOffset the instruction offset, sign-extended
     * @return the flat address
     */
    public static long flat(long vaddr, int instOffset) {
        return vaddr + instOffset;
    }

    /**
     * Which aperture a flat address falls into: the shared or private aperture when its high 32 bits equal the
     * aperture base's (the {@code SHARED_BASE}/{@code PRIVATE_BASE} registers), global otherwise.
     *
     * @param address the flat address
     * @param w the wave (its apertures)
     * @return {@link #SEGMENT_GLOBAL}, {@link #SEGMENT_LDS} or {@link #SEGMENT_PRIVATE}
     */
    public static int flatSegment(long address, Wave w) {
        long hi = address >>> 32;
        if (hi == (w.scalarSrc64(Operands.SHARED_BASE, 0, false) >>> 32)) {
            return SEGMENT_LDS;
        }
        if (hi == (w.scalarSrc64(Operands.PRIVATE_BASE, 0, false) >>> 32)) {
            return SEGMENT_PRIVATE;
        }
        return SEGMENT_GLOBAL;
    }

    /**
     * GLOBAL with an SGPR base: {@code SADDR[63:0] + zero-extended VADDR[31:0] + offset}.
     *
     * @param saddr the 64-bit SGPR-pair base
     * @param vaddrOffset the 32-bit VGPR offset (unsigned)
     * @param instOffset the instruction offset, sign-extended
     * @return the address
     */
    public static long globalSaddr(long saddr, int vaddrOffset, int instOffset) {
        return saddr + (vaddrOffset & 0xFFFFFFFFL) + instOffset;
    }

    /**
     * GLOBAL without SGPR base ({@code SADDR = off}/NULL): {@code VADDR[63:0] + offset}.
     *
     * @param vaddr the 64-bit VGPR-pair address
     * @param instOffset the instruction offset, sign-extended
     * @return the address
     */
    public static long global(long vaddr, int instOffset) {
        return vaddr + instOffset;
    }

    /**
     * SCRATCH: the lane's private offset {@code (SADDR ? SGPR : 0) + (VADDR ? VGPR : 0) + offset}, 32-bit wrap,
     * to be used with {@link Scratch} (linear per-lane model).
     *
     * @param sgprOffset the SGPR offset, or 0 when absent
     * @param vgprOffset the VGPR offset, or 0 when absent
     * @param instOffset the instruction offset, sign-extended
     * @return the private byte offset (unsigned 32-bit in a long)
     */
    public static long scratch(int sgprOffset, int vgprOffset, int instOffset) {
        return (sgprOffset + vgprOffset + instOffset) & 0xFFFFFFFFL;
    }

    /**
     * DS: {@code (ADDR + offset) mod 2^32}.
     *
     * @param addr the address VGPR's value
     * @param offset the unsigned offset field(s)
     * @return the LDS byte address
     */
    public static long ds(int addr, int offset) {
        return (addr + offset) & 0xFFFFFFFFL;
    }
}
