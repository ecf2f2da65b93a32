package io.github.amdisa.generator.pcode.lower;

/**
 * Additions to AMD's pseudocode texts where a text, read literally, leaves out what the instruction does; each is
 * named here with its evidence, applied before the text is parsed, and listed in the README.
 *
 * <ul>
 *   <li>{@code V_DIV_SCALE_F32} / {@code V_DIV_SCALE_F64} (all ten generations): the texts assign {@code D0} only in
 *       their scaling branches, so read literally the common case (no scaling) would leave the destination as it
 *       was. The instruction returns its first source then, unscaled: AMD's description ("scale the numerator or
 *       denominator of a division in preparation for the divide"; the compiler's division sequence feeds the result
 *       to {@code v_rcp}/{@code v_fma} unconditionally) and LLVM's {@code llvm.amdgcn.div.scale}, whose result is
 *       the selected operand, scaled if needed. The overlay puts {@code D0 = S0} before the text.</li>
 *   <li>{@code V_DIV_FMAS_F32} / {@code V_DIV_FMAS_F64}: the texts scale by a fixed 2^32 (2^64) when the lane's VCC
 *       bit is set, but V_DIV_SCALE scaled an operand by 2^64 (2^128) and the quotient estimate in S2 is then too
 *       large by that factor (the numerator was scaled) or too small (the denominator was), so the division
 *       sequence only comes out right when V_DIV_FMAS undoes it: by 2^64 (2^128) when S2's exponent is above the
 *       bias, 2^-64 (2^-128) otherwise. tinygrad's AMD emulator, checked against hardware, lists the same
 *       correction among its errata of AMD's pseudocode. {@code DivisionThroughInterpreterTest} runs the whole
 *       sequence against Java's correctly rounded division.</li>
 *   <li>{@code V_DIV_FIXUP_F32} / {@code V_DIV_FIXUP_F64}: when no special case applies the texts pass the
 *       quotient S0 through with the sign fixed; a NaN quotient there comes from an overflowing division sequence
 *       (finite operands, both checked non-NaN by the earlier branches), and the result is the signed infinity
 *       (tinygrad's hardware-checked errata list the same; {@code DivisionThroughInterpreterTest} checks quotients
 *       that overflow).</li>
 *   <li>{@code V_LDEXP_F16} / {@code V_LDEXP_F32} / {@code V_LDEXP_F64}: the texts multiply by {@code 2.0 ** S1}
 *       rounded to the operand's format, which overflows to infinity or underflows to zero whenever the exponent
 *       alone leaves the format's range (2^-100 scaled by 2^200 gave infinity, 0 scaled by 2^1000 NaN); the
 *       instruction is ldexp (its description: S0 times 2 to the S1; LLVM selects it for {@code llvm.ldexp}), so the
 *       overlay calls the texts' own {@code ldexp} built-in, which scales exactly and rounds once.</li>
 * </ul>
 */
public final class TextOverlays {
    private TextOverlays() {
    }

    /**
     * @param name the instruction
     * @param text its pseudocode text
     * @return the text to compile
     */
    public static String apply(String name, String text) {
        return switch (name) {
            case "V_DIV_SCALE_F32" -> "D0.f32 = S0.f32;\n" + text;
            case "V_DIV_SCALE_F64" -> "D0.f64 = S0.f64;\n" + text;
            case "V_DIV_FMAS_F32" -> text.replace("D0.f32 = 2.0F ** 32 * fma(S0.f32, S1.f32, S2.f32)",
                    "D0.f32 = exponent(S2.f32) > 127 ? 2.0F ** 64 * fma(S0.f32, S1.f32, S2.f32)"
                            + " : 2.0F ** -64 * fma(S0.f32, S1.f32, S2.f32)");
            case "V_DIV_FMAS_F64" -> text.replace("D0.f64 = 2.0 ** 64 * fma(S0.f64, S1.f64, S2.f64)",
                    "D0.f64 = exponent(S2.f64) > 1023 ? 2.0 ** 128 * fma(S0.f64, S1.f64, S2.f64)"
                            + " : 2.0 ** -128 * fma(S0.f64, S1.f64, S2.f64)");
            case "V_DIV_FIXUP_F32" -> text.replace("D0.f32 = sign_out ? -abs(S0.f32) : abs(S0.f32)",
                    "D0.f32 = isNAN(64'F(S0.f32)) ? (sign_out ? -INF.f32 : +INF.f32)"
                            + " : (sign_out ? -abs(S0.f32) : abs(S0.f32))");
            case "V_DIV_FIXUP_F64" -> text.replace("D0.f64 = sign_out ? -abs(S0.f64) : abs(S0.f64)",
                    "D0.f64 = isNAN(S0.f64) ? (sign_out ? -INF.f64 : +INF.f64)"
                            + " : (sign_out ? -abs(S0.f64) : abs(S0.f64))");
            case "V_LDEXP_F32" -> text.replace("D0.f32 = S0.f32 * 2.0F ** S1.i32", "D0.f32 = ldexp(S0.f32, S1.i32)");
            case "V_LDEXP_F64" -> text.replace("D0.f64 = S0.f64 * 2.0 ** S1.i32", "D0.f64 = ldexp(S0.f64, S1.i32)");
            case "V_LDEXP_F16" -> text.replace("D0.f16 = S0.f16 * 16'F(2.0F ** 32'I(S1.i16))",
                    "D0.f16 = ldexp(S0.f16, 32'I(S1.i16))");
            default -> text;
        };
    }
}
