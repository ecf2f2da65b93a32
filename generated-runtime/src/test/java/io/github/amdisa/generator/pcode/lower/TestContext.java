package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.runtime.pcode.AddressKind;
import io.github.amdisa.runtime.pcode.PcodeContext;
import java.math.BigInteger;
import io.github.amdisa.runtime.pcode.PcodeName;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/** A simple PcodeContext: every name is a 256-bit register, memory a sparse byte map. */
final class TestContext implements PcodeContext {
    final Map<PcodeName, BigInteger> regs = new EnumMap<>(PcodeName.class);
    final Map<Long, Byte> mem = new HashMap<>();
    int lane;
    int waveSize = 64;
    io.github.amdisa.runtime.pcode.BufferFormat format;

    @Override
    public io.github.amdisa.runtime.pcode.BufferFormat bufferFormat() {
        return format;
    }

    TestContext set(PcodeName n, long bits) {
        regs.put(n, new BigInteger(Long.toUnsignedString(bits)));
        return this;
    }

    TestContext setBig(PcodeName n, BigInteger bits) {
        regs.put(n, bits);
        return this;
    }

    BigInteger getBig(PcodeName n) {
        return regs.getOrDefault(n, BigInteger.ZERO);
    }

    long get(PcodeName n) {
        return regs.getOrDefault(n, BigInteger.ZERO).longValue();
    }

    @Override
    public int laneId() {
        return lane;
    }

    @Override
    public int waveSize() {
        return waveSize;
    }

    @Override
    public long read(PcodeName name, int lo, int width) {
        BigInteger v = regs.getOrDefault(name, BigInteger.ZERO).shiftRight(lo);
        long r = v.longValue();
        return width >= 64 ? r : r & ((1L << width) - 1);
    }

    @Override
    public void write(PcodeName name, int lo, int width, long bits) {
        BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        BigInteger v = new BigInteger(Long.toUnsignedString(bits)).and(mask);
        BigInteger old = regs.getOrDefault(name, BigInteger.ZERO);
        regs.put(name, old.andNot(mask.shiftLeft(lo)).or(v.shiftLeft(lo)));
    }

    /** Register fields by "NAME.FIELD" (absent = 0). */
    final Map<String, Long> fields = new HashMap<>();

    @Override
    public long readField(PcodeName name, String field) {
        return fields.getOrDefault(name + "." + field, 0L);
    }

    @Override
    public void writeField(PcodeName name, String field, long bits) {
        fields.put(name + "." + field, bits);
    }

    @Override
    public long loadMem(long addr, int width) {
        long r = 0;
        for (int i = 0; i < width / 8; i++) {
            r |= (mem.getOrDefault(addr + i, (byte) 0) & 0xFFL) << (8 * i);
        }
        return r;
    }

    @Override
    public void storeMem(long addr, int width, long bits) {
        for (int i = 0; i < width / 8; i++) {
            mem.put(addr + i, (byte) (bits >>> (8 * i)));
        }
    }

    /** VGPR[lane][reg] as 32-bit values (absent = 0). */
    final Map<Long, Integer> vgprs = new HashMap<>();

    int vgpr(int lane, int reg) {
        return vgprs.getOrDefault(((long) lane << 32) | reg, 0);
    }

    TestContext setVgpr(int lane, int reg, int value) {
        vgprs.put(((long) lane << 32) | reg, value);
        return this;
    }

    @Override
    public long readVgpr(int lane, int reg, int width) {
        long x = vgpr(lane, reg) & 0xFFFFFFFFL;
        if (width > 32) {
            x |= (long) vgpr(lane, reg + 1) << 32;
        }
        return width >= 64 ? x : x & ((1L << width) - 1);
    }

    @Override
    public void writeVgpr(int lane, int reg, int width, long bits) {
        setVgpr(lane, reg, (int) bits);
        if (width > 32) {
            setVgpr(lane, reg + 1, (int) (bits >>> 32));
        }
    }

    /** SGPRs as 32-bit values (absent = 0). */
    final Map<Integer, Integer> sgprs = new HashMap<>();

    @Override
    public long readSgpr(int index, int width) {
        long x = sgprs.getOrDefault(index, 0) & 0xFFFFFFFFL;
        if (width > 32) {
            x |= (long) sgprs.getOrDefault(index + 1, 0) << 32;
        }
        return width >= 64 ? x : x & ((1L << width) - 1);
    }

    @Override
    public void writeSgpr(int index, int width, long bits) {
        sgprs.put(index, (int) bits);
        if (width > 32) {
            sgprs.put(index + 1, (int) (bits >>> 32));
        }
    }

    final Map<Integer, Long> hwRegs = new HashMap<>();
    long writableMask = 0xFFFFFFFFL;

    @Override
    public long readHwReg(int id) {
        return hwRegs.getOrDefault(id, 0L);
    }

    @Override
    public void writeHwReg(int id, long bits) {
        hwRegs.put(id, bits & 0xFFFFFFFFL);
    }

    @Override
    public long hwRegWriteMask(long id, long priv) {
        return writableMask;
    }

    @Override
    public long address(AddressKind kind, long... args) {
        long a = 0;
        for (long x : args) {
            a += x;
        }
        return a;
    }

    /** Per-lane operand images for the cross-lane (matrix) operations: name -> lane -> bits. */
    final Map<PcodeName, Map<Integer, BigInteger>> laneRegs = new EnumMap<>(PcodeName.class);

    TestContext setLane(PcodeName n, int lane, BigInteger bits) {
        laneRegs.computeIfAbsent(n, k -> new HashMap<>()).put(lane, bits);
        return this;
    }

    BigInteger lane(PcodeName n, int lane) {
        return laneRegs.getOrDefault(n, Map.of()).getOrDefault(lane, BigInteger.ZERO);
    }

    @Override
    public long readLane(PcodeName name, int lane, int lo, int width) {
        long r = lane(name, lane).shiftRight(lo).longValue();
        return width >= 64 ? r : r & ((1L << width) - 1);
    }

    @Override
    public void writeLane(PcodeName name, int lane, int lo, int width, long bits) {
        BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        BigInteger v = new BigInteger(Long.toUnsignedString(bits)).and(mask);
        setLane(name, lane, lane(name, lane).andNot(mask.shiftLeft(lo)).or(v.shiftLeft(lo)));
    }
}
