package io.github.amdisa.generator.pcode.ast;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value type of the pseudocode: a kind and a bit width. It is written two ways, as a suffix {@code .u32} that
 * reinterprets a value and as {@code 32'U} in casts and {@code declare}.
 *
 * @param kind what the bits mean
 * @param width the number of bits, at least 1
 */
public record ScalarType(Kind kind, int width) {

    /** What the bits of a value mean. */
    public enum Kind {
        /** Unsigned integer: suffix {@code u}, cast {@code U}. */
        U,
        /** Two's-complement signed integer: suffix {@code i}, cast {@code I}. */
        I,
        /** Untyped bits: suffix {@code b}, cast {@code B}. */
        B,
        /** IEEE binary float ({@code f16}, {@code f32}, {@code f64}): suffix {@code f}, cast {@code F}. */
        F,
        /**
         * Float with the wider exponent of a pair: {@code bf16} (bfloat16), {@code bf8} (E5M2), {@code bf6} (E3M2);
         * suffix {@code bf}, cast {@code BF}.
         */
        BF,
        /** OCP narrow float with the wider mantissa: {@code fp8} (E4M3), {@code fp6} (E2M3), {@code fp4} (E2M1). */
        FP
    }

    private static final Pattern SUFFIX = Pattern.compile("(u|i|b|f|bf|fp)([1-9][0-9]*)");

    public ScalarType {
        if (width < 1) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
    }

    /**
     * The type a {@code .name} suffix denotes, or empty when {@code name} is a field name instead (such as
     * {@code .X} or {@code .signalCnt}).
     */
    public static Optional<ScalarType> fromSuffix(String name) {
        Matcher m = SUFFIX.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        Kind kind = Kind.valueOf(m.group(1).toUpperCase(Locale.ROOT));
        return Optional.of(new ScalarType(kind, Integer.parseInt(m.group(2))));
    }

    /** The kind a cast letter ({@code U}, {@code I}, {@code B}, {@code F}, {@code BF}) denotes, if any. */
    public static Optional<Kind> castKind(String letters) {
        return switch (letters) {
            case "U" -> Optional.of(Kind.U);
            case "I" -> Optional.of(Kind.I);
            case "B" -> Optional.of(Kind.B);
            case "F" -> Optional.of(Kind.F);
            case "BF" -> Optional.of(Kind.BF);
            default -> Optional.empty();
        };
    }

    /** The suffix spelling without the dot, e.g. {@code u32}. */
    public String suffix() {
        return kind.name().toLowerCase(Locale.ROOT) + width;
    }

    /** The cast / declare spelling, e.g. {@code 32'U}. Only defined for kinds that have a cast letter. */
    public String castSpelling() {
        if (kind == Kind.FP) {
            throw new IllegalStateException("no cast spelling for " + suffix());
        }
        return width + "'" + kind.name();
    }

    /** True for the float kinds ({@code F}, {@code BF}, {@code FP}). */
    public boolean isFloat() {
        return kind == Kind.F || kind == Kind.BF || kind == Kind.FP;
    }

    @Override
    public String toString() {
        return suffix();
    }
}
