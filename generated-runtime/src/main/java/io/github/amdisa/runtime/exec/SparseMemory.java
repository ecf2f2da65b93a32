package io.github.amdisa.runtime.exec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Global memory as a sparse set of 4 KiB pages in an open-addressing hash table, with a one-entry cache of the
 * last page touched (kernels mostly stream). Accesses within a page go through little-endian
 * {@link VarHandle} views; accesses that straddle a page boundary are split byte-wise.
 *
 * <p>What happens on an unmapped page is the {@link Unmapped} policy: {@link Unmapped#FAULT} throws
 * {@link MemoryFault} for loads and stores (map memory first with {@link #map} or {@link #hostWrite});
 * {@link Unmapped#ZERO_FILL} reads zeros and maps pages on first store. With {@code strictAlignment}, an access of
 * {@code n} bytes must be aligned to {@code min(n, 4)} (AMD's dword alignment mode) or it throws
 * {@link MisalignedAccess}; otherwise any alignment is accepted (AMD's unaligned mode, the default for compute).
 */
public final class SparseMemory implements Memory {

    /** What an access to an unmapped page does. */
    public enum Unmapped {
        /** Throw {@link MemoryFault}. */
        FAULT,
        /** Read zeros; map the page on the first write. */
        ZERO_FILL
    }

    /** log2 of the page size. */
    public static final int PAGE_BITS = 12;
    /** The page size in bytes. */
    public static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE_SIZE - 1;

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Unmapped policy;
    private final boolean strictAlignment;
    private long[] keys = new long[64];
    private byte[][] pages = new byte[64][];
    private int count;
    private long lastKey;
    private byte[] lastPage;

    /**
     * Creates an empty memory.
     *
     * @param policy what unmapped accesses do
     * @param strictAlignment whether misaligned accesses fault
     */
    public SparseMemory(Unmapped policy, boolean strictAlignment) {
        this.policy = policy;
        this.strictAlignment = strictAlignment;
    }

    /** Creates an empty memory that faults on unmapped pages and accepts any alignment. */
    public SparseMemory() {
        this(Unmapped.FAULT, false);
    }

    /** @return the unmapped-page policy */
    public Unmapped policy() {
        return policy;
    }

    /** @return the number of mapped pages */
    public int mappedPages() {
        return count;
    }

    /**
     * Maps (zero-filled) every page overlapping {@code [address, address + length)}; mapped pages keep their data.
     *
     * @param address the first byte
     * @param length the length in bytes
     */
    public void map(long address, long length) {
        if (length <= 0) {
            return;
        }
        for (long p = address >> PAGE_BITS; p <= (address + length - 1) >> PAGE_BITS; p++) {
            lookup(p, true);
        }
    }

    /**
     * Tells whether the page holding an address is mapped.
     *
     * @param address a byte address
     * @return true when mapped
     */
    public boolean isMapped(long address) {
        return lookup(address >> PAGE_BITS, false) != null;
    }

    /**
     * Host-side copy into memory that maps the pages it touches (for setting up kernels' inputs).
     *
     * @param address the first byte
     * @param data the bytes
     */
    public void hostWrite(long address, byte[] data) {
        map(address, data.length);
        write(address, data, 0, data.length);
    }

    // ---- page table ------------------------------------------------------------------------------------------

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private byte[] lookup(long key, boolean create) {
        int mask = keys.length - 1;
        int i = hash(key) & mask;
        while (pages[i] != null) {
            if (keys[i] == key) {
                return pages[i];
            }
            i = (i + 1) & mask;
        }
        if (!create) {
            return null;
        }
        byte[] page = new byte[PAGE_SIZE];
        keys[i] = key;
        pages[i] = page;
        if (++count * 2 > keys.length) {
            grow();
        }
        return page;
    }

    private void grow() {
        long[] oldKeys = keys;
        byte[][] oldPages = pages;
        keys = new long[oldKeys.length * 2];
        pages = new byte[oldKeys.length * 2][];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldPages[j] != null) {
                int i = hash(oldKeys[j]) & mask;
                while (pages[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                pages[i] = oldPages[j];
            }
        }
    }

    /** The page for a read, or null for an unmapped page in ZERO_FILL mode. */
    private byte[] readPage(long address, int size) {
        long key = address >> PAGE_BITS;
        if (key == lastKey && lastPage != null) {
            return lastPage;
        }
        byte[] p = lookup(key, false);
        if (p == null) {
            if (policy == Unmapped.FAULT) {
                throw new MemoryFault("Unmapped global memory", address, size, false);
            }
            return null;
        }
        lastKey = key;
        lastPage = p;
        return p;
    }

    private byte[] writePage(long address, int size) {
        long key = address >> PAGE_BITS;
        if (key == lastKey && lastPage != null) {
            return lastPage;
        }
        byte[] p = lookup(key, policy == Unmapped.ZERO_FILL);
        if (p == null) {
            throw new MemoryFault("Unmapped global memory", address, size, true);
        }
        lastKey = key;
        lastPage = p;
        return p;
    }

    private void align(long address, int size, boolean write) {
        if (strictAlignment && (address & (Math.min(size, 4) - 1)) != 0) {
            throw new MisalignedAccess(address, size, write);
        }
    }

    private static boolean fits(long address, int size) {
        return ((int) address & PAGE_MASK) <= PAGE_SIZE - size;
    }

    // ---- loads and stores ------------------------------------------------------------------------------------

    @Override
    public int load8(long address) {
        byte[] p = readPage(address, 1);
        return p == null ? 0 : p[(int) address & PAGE_MASK] & 0xFF;
    }

    @Override
    public int load16(long address) {
        align(address, 2, false);
        if (fits(address, 2)) {
            byte[] p = readPage(address, 2);
            return p == null ? 0 : (short) I16.get(p, (int) address & PAGE_MASK) & 0xFFFF;
        }
        return load8(address) | load8(address + 1) << 8;
    }

    @Override
    public int load32(long address) {
        align(address, 4, false);
        if (fits(address, 4)) {
            byte[] p = readPage(address, 4);
            return p == null ? 0 : (int) I32.get(p, (int) address & PAGE_MASK);
        }
        return load16(address) | load16(address + 2) << 16;
    }

    @Override
    public long load64(long address) {
        align(address, 8, false);
        if (fits(address, 8)) {
            byte[] p = readPage(address, 8);
            return p == null ? 0 : (long) I64.get(p, (int) address & PAGE_MASK);
        }
        long lo = 0;
        for (int i = 7; i >= 0; i--) {
            lo = lo << 8 | load8(address + i);
        }
        return lo;
    }

    @Override
    public void store8(long address, int value) {
        writePage(address, 1)[(int) address & PAGE_MASK] = (byte) value;
    }

    @Override
    public void store16(long address, int value) {
        align(address, 2, true);
        if (fits(address, 2)) {
            I16.set(writePage(address, 2), (int) address & PAGE_MASK, (short) value);
        } else {
            store8(address, value);
            store8(address + 1, value >>> 8);
        }
    }

    @Override
    public void store32(long address, int value) {
        align(address, 4, true);
        if (fits(address, 4)) {
            I32.set(writePage(address, 4), (int) address & PAGE_MASK, value);
        } else {
            for (int i = 0; i < 4; i++) {
                store8(address + i, value >>> (8 * i));
            }
        }
    }

    @Override
    public void store64(long address, long value) {
        align(address, 8, true);
        if (fits(address, 8)) {
            I64.set(writePage(address, 8), (int) address & PAGE_MASK, value);
        } else {
            for (int i = 0; i < 8; i++) {
                store8(address + i, (int) (value >>> (8 * i)));
            }
        }
    }
}
