package io.github.amdisa.runtime.fp;

/**
 * Rounding and denormal modes as AMD's {@code MODE} hardware register encodes them, and extraction of the
 * per-precision fields from a {@code MODE} value.
 *
 * <p>{@code MODE[3:0]} is {@code FP_ROUND}: bits 1:0 for single precision, bits 3:2 for double and half precision.
 * {@code MODE[7:4]} is {@code FP_DENORM}: bits 5:4 for single, bits 7:6 for double and half. A rounding field
 * holds one of {@link #ROUND_NEAREST_EVEN}, {@link #ROUND_PLUS_INF}, {@link #ROUND_MINUS_INF},
 * {@link #ROUND_TOWARD_ZERO}; a denormal field holds a {@code DENORM_*} value in which bit 0 allows denormal
 * <em>inputs</em> and bit 1 allows denormal <em>outputs</em> (a cleared bit flushes them to a zero of the same
 * sign). This layout is the same on every generation amdisa supports.
 */
public final class FpMode {

    /** Round to nearest, ties to even (MODE encoding 0). */
    public static final int ROUND_NEAREST_EVEN = 0;
    /** Round toward +infinity (MODE encoding 1). */
    public static final int ROUND_PLUS_INF = 1;
    /** Round toward -infinity (MODE encoding 2). */
    public static final int ROUND_MINUS_INF = 2;
    /** Round toward zero (MODE encoding 3). */
    public static final int ROUND_TOWARD_ZERO = 3;

    /** Flush denormal inputs and outputs (MODE encoding 0). */
    public static final int DENORM_FLUSH_ALL = 0;
    /** Allow denormal inputs, flush outputs (MODE encoding 1). */
    public static final int DENORM_ALLOW_IN = 1;
    /** Flush denormal inputs, allow outputs (MODE encoding 2). */
    public static final int DENORM_ALLOW_OUT = 2;
    /** Allow denormal inputs and outputs (MODE encoding 3), i.e. plain IEEE behaviour. */
    public static final int DENORM_ALLOW_ALL = 3;

    /** The {@code MODE} register's {@code DX10_CLAMP} bit (8). */
    public static final int MODE_DX10_CLAMP = 1 << 8;
    /** The {@code MODE} register's {@code IEEE} bit (9). */
    public static final int MODE_IEEE = 1 << 9;

    /**
     * A {@code MODE} value with round-to-nearest-even and denormals allowed everywhere: IEEE 754 default
     * behaviour, and the fast path of every helper.
     */
    public static final int MODE_IEEE_DEFAULT = (DENORM_ALLOW_ALL << 4) | (DENORM_ALLOW_ALL << 6);

    private FpMode() {
    }

    /**
     * Returns the single-precision rounding mode of a {@code MODE} value.
     *
     * @param mode the MODE register
     * @return a {@code ROUND_*} constant
     */
    public static int roundF32(int mode) {
        return mode & 3;
    }

    /**
     * Returns the double/half-precision rounding mode of a {@code MODE} value.
     *
     * @param mode the MODE register
     * @return a {@code ROUND_*} constant
     */
    public static int roundF64F16(int mode) {
        return (mode >>> 2) & 3;
    }

    /**
     * Returns the single-precision denormal mode of a {@code MODE} value.
     *
     * @param mode the MODE register
     * @return a {@code DENORM_*} constant
     */
    public static int denormF32(int mode) {
        return (mode >>> 4) & 3;
    }

    /**
     * Returns the double/half-precision denormal mode of a {@code MODE} value.
     *
     * @param mode the MODE register
     * @return a {@code DENORM_*} constant
     */
    public static int denormF64F16(int mode) {
        return (mode >>> 6) & 3;
    }

    /**
     * Returns a MODE value with both rounding fields replaced, as the pseudocode's
     * {@code ROUND_MODE = ROUND_NEAREST_EVEN} does for the duration of one instruction.
     *
     * @param mode the MODE register
     * @param round a {@code ROUND_*} constant for every precision
     * @return the changed MODE value
     */
    public static int withRounding(int mode, int round) {
        return (mode & ~0xF) | (round & 3) | ((round & 3) << 2);
    }

    /**
     * Builds a MODE value from its floating-point fields.
     *
     * @param roundF32 rounding for f32
     * @param roundF64F16 rounding for f64 and f16
     * @param denormF32 denormal mode for f32
     * @param denormF64F16 denormal mode for f64 and f16
     * @param ieee the IEEE bit
     * @return the MODE value
     */
    public static int mode(int roundF32, int roundF64F16, int denormF32, int denormF64F16, boolean ieee) {
        return (roundF32 & 3) | ((roundF64F16 & 3) << 2) | ((denormF32 & 3) << 4) | ((denormF64F16 & 3) << 6)
                | (ieee ? MODE_IEEE : 0);
    }

    /**
     * Tells whether a denormal mode flushes inputs.
     *
     * @param denorm a {@code DENORM_*} constant
     * @return true when denormal inputs become zero
     */
    public static boolean flushesInput(int denorm) {
        return (denorm & 1) == 0;
    }

    /**
     * Tells whether a denormal mode flushes outputs.
     *
     * @param denorm a {@code DENORM_*} constant
     * @return true when denormal results become zero
     */
    public static boolean flushesOutput(int denorm) {
        return (denorm & 2) == 0;
    }
}
