package io.github.amdisa.runtime.pcode;

/**
 * The per-component format of a typed buffer access ({@code BUFFER_LOAD_FORMAT_*}, {@code TBUFFER_*}): what
 * {@code ConvertFromFormat(MEM[TADDR.X])} and {@code MEM[TADDR.X] = ConvertToFormat(v)} mean. The caller takes it
 * from the buffer resource descriptor or the instruction's FORMAT field and hands it over through
 * {@link PcodeContext#bufferFormat()}.
 *
 * <p>Implemented: formats whose components all have the same size of 8, 16 or 32 bits (8, 8_8, 8_8_8_8, 16, 16_16,
 * 16_16_16_16, 32, 32_32, 32_32_32, 32_32_32_32), since the texts address each component separately
 * ({@code TADDR.X}, {@code TADDR.Y}, ...); packed formats (10_11_11, 2_10_10_10, 5_6_5 ...) cannot be described this
 * way and are not representable. Number formats, after AMD's ISA guides ("Buffer Number Format" table of the RDNA 3
 * and CDNA 3 guides; GCN3 guide section 8.2.2):
 * <table>
 * <caption>load (memory component of n bits to the 32-bit lane value) and store (back)</caption>
 * <tr><th>format</th><th>load</th><th>store</th></tr>
 * <tr><td>UNORM</td><td>f32(u / (2^n - 1))</td><td>rint(clamp(f, 0, 1) * (2^n - 1))</td></tr>
 * <tr><td>SNORM</td><td>f32(max(-1, s / (2^(n-1) - 1)))</td><td>rint(clamp(f, -1, 1) * (2^(n-1) - 1))</td></tr>
 * <tr><td>USCALED</td><td>f32(u)</td><td>u(f), saturated to n bits</td></tr>
 * <tr><td>SSCALED</td><td>f32(s)</td><td>s(f), saturated to n bits</td></tr>
 * <tr><td>UINT</td><td>u zero-extended</td><td>low n bits</td></tr>
 * <tr><td>SINT</td><td>s sign-extended</td><td>low n bits</td></tr>
 * <tr><td>FLOAT</td><td>f16 widened to f32 (n = 16), f32 as is (n = 32)</td><td>f32 rounded to f16 (n = 16,
 * nearest even), as is (n = 32)</td></tr>
 * </table>
 *
 * <p>Component k (X = 0, Y = 1, Z = 2, W = 3) lies {@link #componentOffset(int) k * componentBits / 8} bytes after
 * the element's address: {@code ChannelOffsetY()} of a 16_16 format is 2, of a 32_32 format 4. This follows from
 * the uniform component size (the components of a buffer element are packed in X, Y, Z, W order, GCN3 guide
 * section 8.2.2).
 *
 * @param componentBits 8, 16 or 32
 * @param number the number format
 */
public record BufferFormat(int componentBits, Number number) {

    /** The number formats of buffer accesses. */
    public enum Number {
        /** Unsigned normalized to [0, 1]. */
        UNORM,
        /** Signed normalized to [-1, 1]. */
        SNORM,
        /** Unsigned integer converted to float. */
        USCALED,
        /** Signed integer converted to float. */
        SSCALED,
        /** Unsigned integer. */
        UINT,
        /** Signed integer. */
        SINT,
        /** IEEE float (16 or 32 bits). */
        FLOAT
    }

    public BufferFormat {
        if (componentBits != 8 && componentBits != 16 && componentBits != 32) {
            throw new IllegalArgumentException("component size must be 8, 16 or 32 bits: " + componentBits);
        }
        if (number == Number.FLOAT && componentBits == 8) {
            throw new IllegalArgumentException("there is no 8-bit FLOAT buffer format");
        }
    }

    /**
     * The byte offset of component {@code component} (X = 0, Y = 1, Z = 2, W = 3) from the element's address:
     * {@code component * componentBits / 8}; what {@code ChannelOffsetX()} ... {@code ChannelOffsetW()} return.
     */
    public long componentOffset(int component) {
        if (component < 0 || component > 3) {
            throw new IllegalArgumentException("component must be 0 (X) to 3 (W): " + component);
        }
        return (long) component * (componentBits / 8);
    }

    /** The 32-bit lane value of a component read from memory as {@code raw} (the low componentBits bits). */
    public long load(long raw) {
        int n = componentBits;
        long u = PcodeBits.zext(raw, n);
        long s = PcodeBits.sext(raw, n);
        return switch (number) {
            case UNORM -> PcodeFloat.f32Bits((float) (u / (double) ((1L << n) - 1)));
            case SNORM -> PcodeFloat.f32Bits((float) Math.max(-1.0, s / (double) ((1L << (n - 1)) - 1)));
            case USCALED -> PcodeFloat.f32Bits((float) u);
            case SSCALED -> PcodeFloat.f32Bits((float) s);
            case UINT -> u;
            case SINT -> PcodeBits.zext(s, 32);
            case FLOAT -> n == 16 ? PcodeFloat.f32Bits(PcodeFloat.f16(u)) : u;
        };
    }

    /** The component bits (in the low componentBits bits) stored for the 32-bit lane value {@code value}. */
    public long store(long value) {
        int n = componentBits;
        float f = PcodeFloat.f32(PcodeBits.zext(value, 32));
        long bits = switch (number) {
            case UNORM -> (long) Math.rint(clamp(f, 0, 1) * ((1L << n) - 1));
            case SNORM -> (long) Math.rint(clamp(f, -1, 1) * ((1L << (n - 1)) - 1));
            case USCALED -> PcodeFloat.toInt(f, false, n);
            case SSCALED -> PcodeFloat.toInt(f, true, n);
            case UINT, SINT -> value;
            case FLOAT -> n == 16 ? PcodeFloat.f16Bits(f) : value;
        };
        return PcodeBits.zext(bits, n);
    }

    private static double clamp(float f, double lo, double hi) {
        return Float.isNaN(f) ? 0 : Math.max(lo, Math.min(hi, f));
    }
}
