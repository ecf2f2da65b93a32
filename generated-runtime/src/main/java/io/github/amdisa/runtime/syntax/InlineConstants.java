package io.github.amdisa.runtime.syntax;

/**
 * The inline constants of the SRC encoding (codes 128..208 and 240..248) and the bit patterns they stand for in
 * each operand type, plus IEEE conversions the parser needs (double to half and to bfloat16, round to nearest
 * even). All targets supported here have the {@code 1/(2*pi)} constant (code 248).
 */
public final class InlineConstants {
    /** SRC code of integer 0. */
    public static final int INT_ZERO = 128;
    /** SRC code of integer 64. */
    public static final int INT_MAX = 192;
    /** SRC code of integer -16. */
    public static final int INT_MIN_NEGATIVE = 208;
    /** SRC code of 0.5, the first float inline constant. */
    public static final int FLOAT_FIRST = 240;
    /** SRC code of 1/(2*pi), the last float inline constant. */
    public static final int FLOAT_LAST = 248;
    /** SRC code announcing a 64-bit literal (gfx1250). */
    public static final int LITERAL64 = 254;
    /** SRC code announcing a 32-bit literal. */
    public static final int LITERAL = 255;

    private static final int[] F32 = {
        0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
    };
    private static final long[] F64 = {
        0x3fe0000000000000L, 0xbfe0000000000000L, 0x3ff0000000000000L, 0xbff0000000000000L, 0x4000000000000000L,
        0xc000000000000000L, 0x4010000000000000L, 0xc010000000000000L, 0x3fc45f306dc9c882L,
    };
    private static final int[] F16 = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    private static final int[] BF16 = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22};
    private static final String[] TEXT = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
    /** How LLVM prints 1/(2*pi) in a 64-bit operand. */
    static final String INV_2PI_64 = "0.15915494309189532";

    private InlineConstants() {
    }

    /**
     * Tells whether a SRC code is an inline constant.
     *
     * @param code a SRC code
     * @return true for 128..208 and 240..248
     */
    public static boolean isInline(int code) {
        return code >= INT_ZERO && code <= INT_MIN_NEGATIVE || code >= FLOAT_FIRST && code <= FLOAT_LAST;
    }

    /**
     * Returns the integer an integer inline constant code stands for.
     *
     * @param code 128..208
     * @return 0..64 or -1..-16
     */
    public static int intValue(int code) {
        return code <= INT_MAX ? code - INT_ZERO : INT_MAX - code;
    }

    /**
     * Returns the code of an integer in -16..64, or -1.
     *
     * @param value any integer
     * @return the inline code, or -1 if the integer has none
     */
    public static int intCode(long value) {
        if (value >= 0 && value <= 64) {
            return INT_ZERO + (int) value;
        }
        if (value < 0 && value >= -16) {
            return INT_MAX - (int) value;
        }
        return -1;
    }

    /**
     * Returns the bit pattern a float inline code stands for in an operand type, as LLVM's decoder produces it.
     *
     * @param code 240..248
     * @param type the operand type
     * @return the pattern: f16 for INT16/FP16/V2FP16, bf16 for BF16/V2BF16, f64 for INT64/FP64, f32 otherwise
     */
    public static long floatBits(int code, OperandType type) {
        int i = code - FLOAT_FIRST;
        switch (type) {
            case INT16:
            case FP16:
            case V2FP16:
                return F16[i];
            case BF16:
            case V2BF16:
                return BF16[i];
            case INT64:
            case FP64:
                return F64[i];
            default:
                return F32[i] & 0xffffffffL;
        }
    }

    /**
     * Returns how LLVM prints a float inline code in an operand type: {@code 0.5}, {@code -4.0},
     * {@code 0.15915494} (or {@code 0.15915494309189532} in 64-bit operands), and in INT16 operands the hexadecimal
     * f16 pattern ({@code 0x3800}).
     *
     * @param code 240..248
     * @param type the operand type
     * @return the text
     */
    public static String floatText(int code, OperandType type) {
        int i = code - FLOAT_FIRST;
        if (type == OperandType.INT16) {
            return "0x" + Integer.toHexString(F16[i]);
        }
        if (i == 8 && type.is64()) {
            return INV_2PI_64;
        }
        return TEXT[i];
    }

    /**
     * Finds the float inline code whose f32 pattern is {@code bits}.
     *
     * @param bits a 32-bit pattern
     * @return 240..248, or -1
     */
    public static int f32Code(int bits) {
        return indexOf(F32, bits);
    }

    /**
     * Finds the float inline code whose f16 pattern is {@code bits}.
     *
     * @param bits a 16-bit pattern (upper bits must be zero)
     * @return 240..248, or -1
     */
    public static int f16Code(int bits) {
        return indexOf(F16, bits);
    }

    /**
     * Finds the float inline code whose bf16 pattern is {@code bits}.
     *
     * @param bits a 16-bit pattern (upper bits must be zero)
     * @return 240..248, or -1
     */
    public static int bf16Code(int bits) {
        return indexOf(BF16, bits);
    }

    /**
     * Finds the float inline code whose f64 pattern is {@code bits}.
     *
     * @param bits a 64-bit pattern
     * @return 240..248, or -1
     */
    public static int f64Code(long bits) {
        for (int i = 0; i < F64.length; i++) {
            if (F64[i] == bits) {
                return FLOAT_FIRST + i;
            }
        }
        return -1;
    }

    private static int indexOf(int[] table, int bits) {
        for (int i = 0; i < table.length; i++) {
            if (table[i] == bits) {
                return FLOAT_FIRST + i;
            }
        }
        return -1;
    }

    /**
     * Tells whether a 32-bit value is inlinable in a 32-bit operand: an integer in -16..64 or an f32 pattern.
     *
     * @param bits the value
     * @return true if an inline code exists
     */
    public static boolean isInlinable32(int bits) {
        return bits >= -16 && bits <= 64 || f32Code(bits) >= 0;
    }

    /**
     * Tells whether a 16-bit value is inlinable in an FP16 operand: -16..64 as a signed 16-bit integer, or an f16
     * pattern.
     *
     * @param bits the value, upper bits ignored
     * @return true if an inline code exists
     */
    public static boolean isInlinableF16(int bits) {
        short s = (short) bits;
        return s >= -16 && s <= 64 || f16Code(bits & 0xffff) >= 0;
    }

    /**
     * Tells whether a 16-bit value is inlinable in a BF16 operand.
     *
     * @param bits the value, upper bits ignored
     * @return true if an inline code exists
     */
    public static boolean isInlinableBF16(int bits) {
        short s = (short) bits;
        return s >= -16 && s <= 64 || bf16Code(bits & 0xffff) >= 0;
    }

    /**
     * Tells whether a 64-bit value is inlinable in a 64-bit operand.
     *
     * @param bits the value
     * @return true if an inline code exists
     */
    public static boolean isInlinable64(long bits) {
        return bits >= -16 && bits <= 64 || f64Code(bits) >= 0;
    }

    /**
     * Converts a double to IEEE half bits, rounding to nearest even (as LLVM's APFloat does).
     *
     * @param value the value
     * @return the 16-bit pattern
     */
    public static int toHalfBits(double value) {
        return narrow(Double.doubleToRawLongBits(value), 5, 10);
    }

    /**
     * Converts a double to bfloat16 bits, rounding to nearest even.
     *
     * @param value the value
     * @return the 16-bit pattern
     */
    public static int toBFloat16Bits(double value) {
        return narrow(Double.doubleToRawLongBits(value), 8, 7);
    }

    /**
     * Tells whether a double converts to half without loss.
     *
     * @param value the value
     * @return true if exact
     */
    public static boolean isExactHalf(double value) {
        return halfToDouble(toHalfBits(value)) == value || Double.isNaN(value);
    }

    /**
     * Widens IEEE half bits to a double.
     *
     * @param bits the 16-bit pattern
     * @return the value
     */
    public static double halfToDouble(int bits) {
        int sign = (bits >> 15) & 1;
        int exp = (bits >> 10) & 0x1f;
        int mant = bits & 0x3ff;
        double v;
        if (exp == 0) {
            v = mant * Math.pow(2, -24);
        } else if (exp == 31) {
            v = mant == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else {
            v = (1024 + mant) * Math.pow(2, exp - 25);
        }
        return sign == 1 ? -v : v;
    }

    /** Rounds a double (given as bits) to a binary format with the given exponent and mantissa widths. */
    private static int narrow(long d, int expBits, int mantBits) {
        int sign = (int) (d >>> 63);
        int dExp = (int) ((d >>> 52) & 0x7ff);
        long dMant = d & 0xfffffffffffffL;
        int bias = (1 << (expBits - 1)) - 1;
        int maxExp = (1 << expBits) - 1;
        int result;
        if (dExp == 0x7ff) {
            result = (maxExp << mantBits) | (dMant != 0 ? 1 << (mantBits - 1) : 0);
        } else if (dExp == 0 && dMant == 0) {
            result = 0;
        } else {
            int e = dExp - 1023 + bias;
            // Full significand with implicit bit, 53 bits.
            long sig = dExp == 0 ? dMant : dMant | (1L << 52);
            int shift;
            if (e >= 1) {
                shift = 52 - mantBits;
            } else {
                shift = 52 - mantBits + (1 - e);
                e = 0;
            }
            long kept;
            if (shift > 62) {
                // Far below half of the smallest subnormal: rounds to zero.
                kept = 0;
            } else {
                kept = sig >>> shift;
                long rest = sig & ((1L << shift) - 1);
                long half = 1L << (shift - 1);
                if (rest > half || rest == half && (kept & 1) == 1) {
                    kept++;
                }
            }
            if (e == 0) {
                // Subnormal: a carry into the implicit bit yields the smallest normal, which the encoding expresses.
                result = (int) kept;
            } else {
                if (kept >= (2L << mantBits)) {
                    kept >>= 1;
                    e++;
                }
                if (e >= maxExp) {
                    result = maxExp << mantBits;
                } else {
                    result = (e << mantBits) | (int) (kept & ((1 << mantBits) - 1));
                }
            }
        }
        return (sign << (expBits + mantBits)) | result;
    }
}
