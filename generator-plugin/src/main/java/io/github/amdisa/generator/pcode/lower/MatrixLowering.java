package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.isaxml.Generation;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lowers the matrix-shape texts of the dense CDNA matrix instructions ({@code D = A (MxK) * B (KxN) + C (MxN)}) to a
 * call of the runtime's {@code Matrix} executor. The text gives the shape of one block; the instruction name gives
 * the result and element types and the block count ({@code V_MFMA_F32_32X32X1_2B_F32}, or CDNA 1/2's
 * {@code V_MFMA_F32_32X32X1F32}, whose block count follows from the A operand's elements per lane). Everything else
 * (sparse SWMMAC, gfx1250 WMMA and the 16-bit-accumulator WMMAs, xf32 MFMA, the format-selected F8F6F4 forms)
 * stays unsupported with a reason. f64 MFMAs call {@code Matrix.mfmaF64} (their C/D layout differs from the 32-bit one), CDNA 3/4's
 * sparse SMFMACs {@code Matrix.smfmac*}.
 */
final class MatrixLowering {

    private static final Pattern SHAPE = Pattern.compile(
            "^\\s*D\\s*=\\s*A\\s*\\((sparse\\s+)?(\\d+)x(\\d+)\\)\\s*\\*\\s*B\\s*\\((\\d+)x(\\d+)\\)\\s*\\+\\s*[A-Z]\\s*"
                    + "\\((\\d+)x(\\d+)\\)\\s*$");
    private static final Pattern NEW_NAME = Pattern.compile(
            "V_MFMA_(F32|I32|F64)_(\\d+)X(\\d+)X(\\d+)(?:_(\\d+)B)?_([A-Z0-9_]+)");
    private static final Pattern OLD_NAME = Pattern.compile(
            "V_MFMA_(F32|I32|F64)_(\\d+)X(\\d+)X(\\d+)(F32|F16|BF16|I8|F64)(_1K)?");
    private static final String FORMAT = "io.github.amdisa.runtime.fp.FloatFormat.";
    private static final Pattern SMFMAC_NAME = Pattern.compile(
            "V_SMFMAC_(F32|I32)_(\\d+)X(\\d+)X(\\d+)_(F16|BF16|I8|FP8_FP8|FP8_BF8|BF8_FP8|BF8_BF8)");
    private static final Pattern WMMA_NAME = Pattern.compile("V_WMMA_(F32|I32)_16X16X16_(F16|BF16|IU8|IU4)");
    private static final Pattern WMMA4_NAME = Pattern.compile(
            "V_WMMA_(F32|I32)_16X16X16_(F16|BF16|IU8|IU4|FP8_FP8|FP8_BF8|BF8_FP8|BF8_BF8)");

    private MatrixLowering() {
    }

    /**
     * The Java statements executing instruction {@code name} of generation {@code g} whose text is {@code text}.
     *
     * @throws LoweringException with the reason when the instruction is not one the runtime executes
     */
    static String lower(String name, String text, Generation g) throws LoweringException {
        Matcher s = SHAPE.matcher(text.strip());
        if (!s.matches()) {
            throw new LoweringException("matrix-shape formula that is not a single D = A * B + C line");
        }
        if (s.group(1) != null) {
            return sparse(name, s, g);
        }
        if (name.startsWith("V_WMMA_")) {
            return wmma(name, g);
        }
        if (!name.startsWith("V_MFMA_")) {
            throw new LoweringException("matrix instruction " + name.split("_")[1] + ": only the CDNA MFMA and RDNA 3"
                    + " WMMA register layouts are modelled");
        }
        int[] mkn = shape(s);
        int m = mkn[0];
        int k = mkn[1];
        int n = mkn[2];
        String result;
        String types;
        int blocks;
        Matcher o = OLD_NAME.matcher(name);
        Matcher w = NEW_NAME.matcher(name);
        if (o.matches()) {
            result = o.group(1);
            types = o.group(5);
            checkShape(name, o.group(2), o.group(3), o.group(4), m, n, k);
            int perLane = switch (types) {
                case "F32", "F64" -> 1;
                case "BF16" -> o.group(6) != null ? 4 : 2;
                default -> 4; // F16 (two VGPRs), I8 (one VGPR)
            };
            if (64 * perLane % (m * k) != 0) {
                throw new LoweringException("no whole block count for " + name);
            }
            blocks = 64 * perLane / (m * k);
        } else if (w.matches()) {
            result = w.group(1);
            types = w.group(6);
            checkShape(name, w.group(2), w.group(3), w.group(4), m, n, k);
            blocks = w.group(5) == null ? 1 : Integer.parseInt(w.group(5));
        } else {
            throw new LoweringException("matrix instruction name " + name + " not understood");
        }
        if (result.equals("F64") || types.equals("F64")) {
            if (!result.equals(types) || m != n || !(m == 16 && blocks == 1 || m == 4 && blocks == 4)
                    || m * k * blocks != 64) {
                throw new LoweringException("f64 MFMA shape " + m + "x" + n + "x" + k + " with " + blocks
                        + " blocks has no modelled layout");
            }
            return "io.github.amdisa.runtime.pcode.Matrix.mfmaF64(ctx, " + m + ", " + n + ", " + k + ", " + blocks
                    + ");\n";
        }
        if (m != n || !(m == 4 && blocks == 16 || (m == 16 || m == 32) && (blocks == 1 || m * blocks == 64))
                || m * k * blocks % 64 != 0) {
            throw new LoweringException("MFMA shape " + m + "x" + n + "x" + k + " with " + blocks
                    + " blocks has no modelled layout");
        }
        boolean fnuz = g == Generation.CDNA3;
        String[] ab = switch (types) {
            case "F32" -> new String[] {"F32", "F32"};
            case "F16" -> new String[] {"F16", "F16"};
            case "BF16" -> new String[] {"BF16", "BF16"};
            case "I8" -> null;
            case "FP8_FP8", "FP8_BF8", "BF8_FP8", "BF8_BF8" -> new String[] {eight(types.substring(0, 3), fnuz),
                eight(types.substring(4), fnuz)};
            default -> throw new LoweringException("MFMA element type " + types + " is not modelled");
        };
        if (ab == null) {
            if (!result.equals("I32")) {
                throw new LoweringException("integer MFMA with a " + result + " result");
            }
            return "io.github.amdisa.runtime.pcode.Matrix.mfmaI32I8(ctx, " + m + ", " + n + ", " + k + ", " + blocks
                    + ");\n";
        }
        if (!result.equals("F32")) {
            throw new LoweringException("float MFMA with a " + result + " result");
        }
        return "io.github.amdisa.runtime.pcode.Matrix.mfmaF32(ctx, " + m + ", " + n + ", " + k + ", " + blocks + ", "
                + FORMAT + ab[0] + ", " + FORMAT + ab[1] + ");\n";
    }

    /** M, K and N of the text's {@code D = A (MxK) * B (KxN) + C (MxN)}, which must agree with each other. */
    private static int[] shape(Matcher s) throws LoweringException {
        int m = Integer.parseInt(s.group(2));
        int k = Integer.parseInt(s.group(3));
        int n = Integer.parseInt(s.group(5));
        if (Integer.parseInt(s.group(4)) != k || Integer.parseInt(s.group(6)) != m
                || Integer.parseInt(s.group(7)) != n) {
            throw new LoweringException("inconsistent matrix shapes in the text");
        }
        return new int[] {m, k, n};
    }

    /**
     * CDNA 3/4 sparse SMFMAC ({@code D = A (sparse MxK) * B (KxN) + D (MxN)}): a call of the runtime's
     * {@code Matrix.smfmac*} (layout, index sets and CBSZ/ABID in its Javadoc). RDNA 4 and gfx1250 SWMMAC stay
     * unsupported.
     */
    private static String sparse(String name, Matcher s, Generation g) throws LoweringException {
        Matcher w = SMFMAC_NAME.matcher(name);
        if (!w.matches()) {
            throw new LoweringException("sparse matrix instruction (SWMMAC): the sparsity index layout is not"
                    + " modelled");
        }
        int[] mkn = shape(s);
        int m = mkn[0];
        int k = mkn[1];
        int n = mkn[2];
        checkShape(name, w.group(2), w.group(3), w.group(4), m, n, k);
        int perLane = m * k / 128; // stored (compressed) A elements per lane
        if (m != n || m != 16 && m != 32 || m * k % 128 != 0 || perLane < 4 || perLane > 16) {
            throw new LoweringException("SMFMAC shape " + m + "x" + n + "x" + k + " has no modelled layout");
        }
        String types = w.group(5);
        if (types.equals("I8")) {
            if (!w.group(1).equals("I32")) {
                throw new LoweringException("integer SMFMAC with a " + w.group(1) + " result");
            }
            return "io.github.amdisa.runtime.pcode.Matrix.smfmacI32I8(ctx, " + m + ", " + n + ", " + k + ");\n";
        }
        if (!w.group(1).equals("F32")) {
            throw new LoweringException("float SMFMAC with a " + w.group(1) + " result");
        }
        boolean fnuz = g == Generation.CDNA3;
        String[] ab = switch (types) {
            case "F16", "BF16" -> new String[] {types, types};
            case "FP8_FP8", "FP8_BF8", "BF8_FP8", "BF8_BF8" -> new String[] {eight(types.substring(0, 3), fnuz),
                eight(types.substring(4), fnuz)};
            default -> throw new LoweringException("SMFMAC element type " + types + " is not modelled");
        };
        return "io.github.amdisa.runtime.pcode.Matrix.smfmacF32(ctx, " + m + ", " + n + ", " + k + ", " + FORMAT + ab[0]
                + ", " + FORMAT + ab[1] + ");\n";
    }

    /**
     * RDNA 3 WMMA with a 32-bit result: a call of the runtime's {@code Wmma} (its Javadoc gives the wave32 register
     * layout and where it comes from). The 16-bit-accumulator forms (OPSEL picks the half) and the RDNA 4 / gfx1250
     * layouts stay unsupported.
     */
    private static String wmma(String name, Generation g) throws LoweringException {
        if (g == Generation.RDNA4) {
            Matcher m = WMMA4_NAME.matcher(name);
            if (!m.matches()) {
                throw new LoweringException("RDNA 4 WMMA " + name + ": only the forms with 32-bit results and K = 16 are"
                        + " modelled");
            }
            String t = m.group(2);
            return switch (t) {
                case "IU8", "IU4" -> "io.github.amdisa.runtime.pcode.Wmma.i32Rdna4(ctx, " + (t.equals("IU8") ? 8 : 4)
                        + ");\n";
                case "F16", "BF16" -> "io.github.amdisa.runtime.pcode.Wmma.f32Rdna4(ctx, " + FORMAT + t + ", " + FORMAT
                        + t + ");\n";
                default -> "io.github.amdisa.runtime.pcode.Wmma.f32Rdna4(ctx, " + FORMAT + eight(t.substring(0, 3), false)
                        + ", " + FORMAT + eight(t.substring(4), false) + ");\n";
            };
        }
        if (g != Generation.RDNA3 && g != Generation.RDNA3_5) {
            throw new LoweringException("matrix instruction WMMA: only the RDNA 3 and RDNA 4 register layouts are"
                    + " modelled");
        }
        Matcher m = WMMA_NAME.matcher(name);
        if (!m.matches()) {
            throw new LoweringException("WMMA with a 16-bit accumulator: the OPSEL-selected halves are not modelled");
        }
        return switch (m.group(2)) {
            case "F16", "BF16" -> "io.github.amdisa.runtime.pcode.Wmma.f32(ctx, " + FORMAT + m.group(2) + ");\n";
            default -> "io.github.amdisa.runtime.pcode.Wmma.i32(ctx, " + (m.group(2).equals("IU8") ? 8 : 4) + ");\n";
        };
    }

    /** Whether fp8 elements of generation g are the FNUZ variants (CDNA 3) rather than OCP's (CDNA 4 and later). */
    static boolean fnuzEightBit(Generation g) {
        return g == Generation.CDNA3;
    }

    private static String eight(String t, boolean fnuz) {
        String f = t.equals("FP8") ? "FP8_E4M3" : "BF8_E5M2";
        return fnuz ? f + "_FNUZ" : f;
    }

    private static void checkShape(String name, String m, String n, String k, int tm, int tn, int tk)
            throws LoweringException {
        if (Integer.parseInt(m) != tm || Integer.parseInt(n) != tn || Integer.parseInt(k) != tk) {
            throw new LoweringException("the shape in " + name + " differs from its text");
        }
    }
}
