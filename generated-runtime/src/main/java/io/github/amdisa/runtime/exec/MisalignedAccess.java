package io.github.amdisa.runtime.exec;

/**
 * An access that is not naturally aligned where AMD requires alignment: atomics always, and LDS or memory
 * accesses when the memory is configured for strict alignment (SH_MEM_CONFIG.alignment_mode = dword/strict).
 */
public class MisalignedAccess extends MemoryFault {

    /**
     * Creates the exception.
     *
     * @param address the byte address
     * @param size the access size in bytes, which the address must be a multiple of
     * @param write true for a store or atomic
     */
    public MisalignedAccess(long address, int size, boolean write) {
        super("Misaligned " + size + "-byte access", address, size, write);
    }
}
