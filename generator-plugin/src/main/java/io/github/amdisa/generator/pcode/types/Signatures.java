package io.github.amdisa.generator.pcode.types;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Argument and result types of the built-in functions and of the instructions the texts call as functions.
 * Parameter types are what each argument is converted to before the call; {@code null} means "as given" (the
 * function is generic in that argument). Names outside the table have no signature: the checker reports them and
 * the lowering turns the instruction into an unsupported one.
 */
public final class Signatures {

    /**
     * A signature.
     *
     * @param params the parameter types, null entries are generic
     * @param result the result type; null means "the type of the first argument"
     */
    public record Signature(List<PType> params, PType result) {
    }

    private static final Pattern CONVERSION = Pattern.compile(
            "(f16|f32|f64|bf16|fp8|bf8|i4|i8|i16|i32|u4|u8|u16|u32)_to_(f16|f32|f64|bf16|fp8|bf8|i16|i32|u8|u16|u32|snorm|unorm)");
    /** OCP MX block-scaled conversions {@code X_to_Y_scale(value, scale.u8)} (CDNA 4 V_CVT_SCALEF32_*). */
    public static final Pattern SCALED = Pattern.compile(
            "(f32|f16|bf16|fp8|bf8|fp6|bf6|fp4)_to_(f32|f16|bf16|fp8|bf8|fp6|bf6|fp4)_scale");
    /** The stochastic-rounding forms {@code X_to_Y_sr_scale(value, random.u32, scale.u8)}. */
    public static final Pattern SCALED_SR = Pattern.compile(
            "(f32|f16|bf16)_to_(fp8|bf8|fp6|bf6|fp4)_sr_scale");
    private static final Pattern MINMAX = Pattern.compile(
            "v_(max|min|max3|min3|maximum|minimum|max_num|min_num|max3_num|min3_num|maximum3|minimum3)_(f16|f32|i16|i32|u16|u32)");

    private Signatures() {
    }

    /** The type a short type name ({@code f32}, {@code u16}, {@code bf16}, {@code fp8}) denotes. */
    public static PType named(String n) {
        if (n.equals("snorm")) {
            return PType.i(16);
        }
        if (n.equals("unorm")) {
            return PType.u(16);
        }
        return PType.of(io.github.amdisa.generator.pcode.ast.ScalarType.fromSuffix(n).orElseThrow());
    }

    /** The signature of {@code name} called with {@code arity} arguments, if the table has one. */
    public static Optional<Signature> find(String name, int arity) {
        Matcher c = CONVERSION.matcher(name);
        if (c.matches() && arity == 1) {
            return sig(named(c.group(2)), named(c.group(1)));
        }
        Matcher sc = SCALED.matcher(name);
        if (sc.matches() && arity == 2) {
            return sig(named(sc.group(2)), named(sc.group(1)), PType.u(8));
        }
        Matcher sr = SCALED_SR.matcher(name);
        if (sr.matches() && arity == 3) {
            return sig(named(sr.group(2)), named(sr.group(1)), PType.U32, PType.u(8));
        }
        Matcher mm = MINMAX.matcher(name);
        if (mm.matches()) {
            PType t = named(mm.group(2));
            int n = mm.group(1).contains("3") ? 3 : 2;
            return arity == n ? Optional.of(new Signature(java.util.Collections.nCopies(n, t), t)) : Optional.empty();
        }
        return switch (name + "/" + arity) {
            case "signext/1" -> sig(PType.I64, (PType) null);
            case "signext_from_bit/2" -> sig(null, null, PType.U32);
            case "isNAN/1", "isSignalNAN/1", "isQuietNAN/1", "isEven/1" -> sig(PType.BOOL, (PType) null);
            case "sign/1" -> sig(PType.U1, (PType) null);
            // Signed: the texts subtract exponents and compare with negative bounds (V_DIV_SCALE, V_DIV_FIXUP).
            case "exponent/1" -> sig(PType.I32, (PType) null);
            case "mantissa/1" -> sig(PType.U64, (PType) null);
            case "cvtToQuietNAN/1", "abs/1", "trunc/1", "floor/1", "fract/1", "sqrt/1", "log2/1", "sin/1", "cos/1" ->
                    sig(null, (PType) null);
            case "fma/3" -> sig(null, null, null, null);
            case "ldexp/2" -> sig(null, null, PType.I32);
            case "pow/2" -> sig(null, null, null);
            case "bitCount/1" -> sig(PType.U32, (PType) null);
            case "v_prng_b32/1" -> sig(PType.B32, PType.B32);
            // Stochastic rounding of V_CVT_SR_F16_F32 / V_CVT_SR_BF16_F32 (both spellings occur).
            case "f32_to_f16_SR/2", "f32_to_f16_sr/2" -> sig(PType.f(16), PType.F32, PType.U32);
            case "f32_to_bf16_SR/2", "f32_to_bf16_sr/2" -> sig(PType.of(io.github.amdisa.generator.pcode.ast.ScalarType.fromSuffix("bf16").orElseThrow()), PType.F32, PType.U32);
            // Writable bits of a hardware register (S_SETREG). RDNA 1-3's writeableBitMask is left out: those texts
            // forget to shift the size mask by the offset, so they would write the wrong bits for offset > 0.
            case "HwRegWriteMask/2" -> sig(PType.U32, PType.U32, PType.U32);
            case "float32/3" -> sig(PType.F32, PType.U32, PType.U32, PType.U32);
            case "v_sad_u8/3", "v_msad_u8/3" -> sig(PType.U32, PType.U32, PType.U32, PType.U32);
            case "s_ff1_i32_b32/1" -> sig(PType.I32, PType.B32);
            case "s_ff1_i32_b64/1" -> sig(PType.I32, PType.B64);
            case "v_cvt_i16_f32/1" -> sig(PType.i(16), PType.F32);
            case "v_cvt_u16_f32/1" -> sig(PType.u(16), PType.F32);
            // Byte offset of component X/Y/Z/W of a typed buffer access, added to a 64-bit address.
            case "ChannelOffsetX/0", "ChannelOffsetY/0", "ChannelOffsetZ/0", "ChannelOffsetW/0" -> sig(PType.U64);
            case "CalcBufferAddr/2", "CalcBufferAddr/4", "CalcDsAddr/2", "CalcDsAddr/3", "CalcGlobalAddr/2",
                    "CalcGlobalAddr/3", "CalcFlatAddr/2", "CalcScratchAddr/2", "CalcScratchAddr/3",
                    "CalcScalarBufferAddr/3", "CalcScalarGlobalAddr/3", "CalcImageAddr/1",
                    "CalcScalarScratchAddr/3" -> Optional.of(new Signature(
                            java.util.Collections.nCopies(arity, (PType) null), PType.U64));
            default -> Optional.empty();
        };
    }

    private static Optional<Signature> sig(PType result, PType... params) {
        return Optional.of(new Signature(java.util.Arrays.asList(params), result));
    }
}
