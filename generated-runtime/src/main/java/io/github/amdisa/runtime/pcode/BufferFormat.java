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
 * <p>{@link #gfx9} maps GFX9's (CDNA 1-4) DATA_FORMAT/NUM_FORMAT codes (descriptor word 3, or an MTBUF
 * instruction's DFMT/NFMT) onto these formats: DATA_FORMAT 1 = 8, 2 = 16, 3 = 8_8, 4 = 32, 5 = 16_16,
 * 10 = 8_8_8_8, 11 = 32_32, 12 = 16_16_16_16, 13 = 32_32_32, 14 = 32_32_32_32 (6-9 are the packed 10_11_11,
 * 11_11_10, 10_10_10_2, 2_10_10_10; 0 is INVALID, 15 reserved); NUM_FORMAT 0 = UNORM, 1 = SNORM, 2 = USCALED,
 * 3 = SSCALED, 4 = UINT, 5 = SINT, 7 = FLOAT (6 reserved). The codes are the "Buffer Data Format" and "Buffer Number
 * Format" tables of AMD's Vega and CDNA 3 ISA guides (LLVM's SIDefines.h DFMT_* and NFMT_* agree).
 *
 * @param componentBits 8, 16 or 32
 * @param number the number format
 * @param components how many components (X, Y, Z, W) an element has, 1 to 4
 */
public record BufferFormat(int componentBits, Number number, int components) {

    /** GFX9 DATA_FORMAT code to {componentBits, components}; {0, 0} where no uniform format exists. */
    private static final int[][] GFX9_DATA = {{0, 0}, {8, 1}, {16, 1}, {8, 2}, {32, 1}, {16, 2}, {0, 0}, {0, 0},
        {0, 0}, {0, 0}, {8, 4}, {32, 2}, {16, 4}, {32, 3}, {32, 4}, {0, 0}};
    /** GFX9 NUM_FORMAT code to number format; null where reserved. */
    private static final Number[] GFX9_NUMBER = {Number.UNORM, Number.SNORM, Number.USCALED, Number.SSCALED,
        Number.UINT, Number.SINT, null, Number.FLOAT};
    /** Every representable GFX9 format, indexed by DATA_FORMAT * 8 + NUM_FORMAT; null where not representable. */
    private static final BufferFormat[] GFX9 = new BufferFormat[16 * 8];

    static {
        for (int d = 0; d < 16; d++) {
            for (int n = 0; n < 8; n++) {
                int bits = GFX9_DATA[d][0];
                Number num = GFX9_NUMBER[n];
                if (bits != 0 && num != null && !(num == Number.FLOAT && bits == 8)) {
                    GFX9[d * 8 + n] = new BufferFormat(bits, num, GFX9_DATA[d][1]);
                }
            }
        }
    }

    /**
     * A format of every component count (the tests and callers that only convert single components).
     *
     * @param componentBits 8, 16 or 32
     * @param number the number format
     */
    public BufferFormat(int componentBits, Number number) {
        this(componentBits, number, 4);
    }

    /**
     * The GFX9 format with these codes, or null when it is not representable here (INVALID, reserved, the packed
     * formats, an 8-bit FLOAT).
     *
     * @param dataFormat DATA_FORMAT (DFMT), 0-15
     * @param numFormat NUM_FORMAT (NFMT), 0-7
     * @return the shared instance, or null
     */
    public static BufferFormat gfx9(int dataFormat, int numFormat) {
        return dataFormat < 0 || dataFormat > 15 || numFormat < 0 || numFormat > 7 ? null
                : GFX9[dataFormat * 8 + numFormat];
    }

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
        if (components < 1 || components > 4) {
            throw new IllegalArgumentException("a buffer element has 1 to 4 components: " + components);
        }
    }

    /**
     * The byte offset of component {@code component} (X = 0, Y = 1, Z = 2, W = 3) from the element's address:
     * {@code component * componentBits / 8}; what {@code ChannelOffsetX()} ... {@code ChannelOffsetW()} return.
     *
     * @throws io.github.amdisa.runtime.exec.UnsupportedInstruction for a component past the format's
     */
    public long componentOffset(int component) {
        if (component < 0 || component > 3) {
            throw new IllegalArgumentException("component must be 0 (X) to 3 (W): " + component);
        }
        if (component >= components) {
            // The texts read or write every component they name; for a component the format lacks the hardware
            // returns a default (loads) or skips it (stores), which the texts do not say.
            throw new io.github.amdisa.runtime.exec.UnsupportedInstruction("component " + "XYZW".charAt(component)
                    + " of a " + components + "-component buffer format is not modelled");
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
