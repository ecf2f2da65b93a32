package io.github.amdisa.runtime.exec;

/** An access to an address that is not mapped or outside a bounded memory (LDS, scratch). */
public class MemoryFault extends ExecutionException {

    private final long address;
    private final int size;
    private final boolean write;

    /**
     * Creates a fault.
     *
     * @param message what was accessed
     * @param address the faulting byte address
     * @param size the access size in bytes
     * @param write true for a store or atomic
     */
    public MemoryFault(String message, long address, int size, boolean write) {
        super(message + " (" + (write ? "write" : "read") + " of " + size + " bytes at 0x" + Long.toHexString(address)
                + ")");
        this.address = address;
        this.size = size;
        this.write = write;
    }

    /** @return the faulting byte address */
    public long address() {
        return address;
    }

    /** @return the access size in bytes */
    public int size() {
        return size;
    }

    /** @return true for a store or atomic */
    public boolean isWrite() {
        return write;
    }
}
