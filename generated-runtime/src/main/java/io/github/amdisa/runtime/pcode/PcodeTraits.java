package io.github.amdisa.runtime.pcode;

/**
 * Bits the generated {@code <Gen>Pcode.traits(name)} returns for an instruction's text: what an executing context
 * must know before it runs the text. Derived by the generator from the lowered code.
 */
public final class PcodeTraits {

    /** The text reads {@code laneId}. */
    public static final int LANE_ID = 1;
    /**
     * The text indexes {@code VGPR[lane][reg]} itself ({@code V_READLANE_B32}, {@code V_PERMLANE*},
     * {@code DS_BPERMUTE_B32}, ...): it runs once per instruction, not once per lane.
     */
    public static final int VGPR_INDEX = 2;
    /**
     * The text reads an {@code OFFSET} field or calls an address built-in itself, so {@code ADDR} is the raw
     * address operand; otherwise {@code ADDR} already includes the instruction's offset.
     */
    public static final int OFFSET_FIELD = 4;
    /** The text could not be lowered; running it throws {@code UnsupportedInstruction} with the reason. */
    public static final int UNSUPPORTED = 8;
    /**
     * The text reads {@code SDWA_SRC0_SEL} and picks the byte or word of {@code S0} itself (CDNA 3's fp8/bf8
     * conversions): the executing context binds the field and passes {@code S0} whole.
     */
    public static final int SDWA_SELECT = 16;
    /**
     * Every rounding of the text follows MODE.FP_ROUND ({@code PcodeContext.floatRounding()}): its float +, -, *
     * and fma, and its conversions to f32/f16, round by the mode of their result's precision, and it has no
     * rounding that does not (division, square root, transcendentals, ldexp, fract, bf16/fp8 results, 64-bit
     * integer to float, ...). A text without this bit rounds to nearest even whatever MODE says, so a context must
     * not run it under another rounding mode.
     */
    public static final int MODE_ROUNDING = 32;
    /**
     * The text has a saturating variant that runs when {@code PcodeContext.intClamp()}: its integer +, - and * of at
     * most 32 bits are exact and its writes clamp to the written type's range (the integer CLAMP bit's meaning).
     * Without this bit a context must refuse integer CLAMP.
     */
    public static final int INT_CLAMP = 64;

    private PcodeTraits() {
    }
}
