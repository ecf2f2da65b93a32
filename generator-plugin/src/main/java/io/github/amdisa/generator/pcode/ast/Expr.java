package io.github.amdisa.generator.pcode.ast;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

/**
 * An expression of the pseudocode. The records hold structure only; source positions live beside the tree in
 * {@link io.github.amdisa.generator.pcode.ParsedText}, so that two parses of equivalent texts give equal trees.
 */
public sealed interface Expr {

    /** A name: operand ({@code S0}), register ({@code EXEC}), local, lambda, constant ({@code INF}). */
    record Ident(String name) implements Expr {
        public Ident {
            Objects.requireNonNull(name);
        }
    }

    /**
     * An integer literal: {@code 0}, {@code 1U}, {@code 0x100000000ULL}, {@code 8'0U}, {@code 32'0x3f800000}.
     *
     * @param value the value (never negative; a minus sign is a {@link Unary})
     * @param width the bit width of a sized literal ({@code N'...}), 0 when unsized
     * @param suffix the C-like suffix
     * @param hex whether it was written in hexadecimal (kept for faithful printing)
     */
    record IntLit(BigInteger value, int width, IntSuffix suffix, boolean hex) implements Expr {
        public IntLit {
            Objects.requireNonNull(value);
            Objects.requireNonNull(suffix);
        }
    }

    /** The C-like suffix of an integer literal. */
    enum IntSuffix {
        /** No suffix: a plain integer, signed by default. */
        NONE(""),
        /** {@code U}: unsigned 32-bit. */
        U("U"),
        /** {@code LL}: signed 64-bit. */
        LL("LL"),
        /** {@code ULL}: unsigned 64-bit. */
        ULL("ULL");

        private final String spelling;

        IntSuffix(String spelling) {
            this.spelling = spelling;
        }

        public String spelling() {
            return spelling;
        }
    }

    /**
     * A float literal: {@code 0.5}, {@code 2.0F}, {@code 16'1.0}.
     *
     * @param digits the decimal digits as written, e.g. {@code 0.5}
     * @param width the bit width of a sized literal, 0 when unsized
     * @param single whether it has the {@code F} (single precision) suffix
     */
    record FloatLit(String digits, int width, boolean single) implements Expr {
        public FloatLit {
            Objects.requireNonNull(digits);
        }
    }

    /** A string literal; used only as a prose statement ({@code "Wait for all instructions to complete";}). */
    record StringLit(String value) implements Expr {
    }

    /** A prefix operator applied to an operand. */
    record Unary(UnaryOp op, Expr operand) implements Expr {
    }

    /** A binary operator. */
    record Binary(BinaryOp op, Expr left, Expr right) implements Expr {
    }

    /** {@code cond ? then : otherwise}. */
    record Ternary(Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    /** {@code base[index]}: a bit of a typed value or an element of an array, register file or memory. */
    record Index(Expr base, Expr index) implements Expr {
    }

    /** {@code base[hi : lo]}: the bits hi down to lo, both inclusive. */
    record Slice(Expr base, Expr hi, Expr lo) implements Expr {
    }

    /** {@code base[start +: width]}: width bits upwards from bit start (Verilog part-select). */
    record PartSelect(Expr base, Expr start, Expr width) implements Expr {
    }

    /** {@code base.u32}: the value reinterpreted (or truncated) as a type. */
    record Typed(Expr base, ScalarType type) implements Expr {
    }

    /** {@code base.NAME} where NAME is not a type: a register field ({@code WAVE_MODE.IEEE}, {@code TADDR.X}). */
    record Field(Expr base, String name) implements Expr {
    }

    /** {@code name(args)}: a built-in function, a local lambda or another instruction used as a function. */
    record Call(String function, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** {@code 32'U(operand)}: conversion to a type. */
    record Cast(ScalarType type, Expr operand) implements Expr {
    }

    /** {@code { a, b, ... }}: bit-string concatenation, most significant part first. */
    record Concat(List<Expr> parts) implements Expr {
        public Concat {
            parts = List.copyOf(parts);
        }
    }

    /** {@code lambda(p, q) ( expr )}: a function with an expression body. */
    record Lambda(List<String> params, Expr body) implements Expr {
        public Lambda {
            params = List.copyOf(params);
        }
    }

    /** {@code lambda(p) ( statements )}: a function with a statement body that ends by {@code return}. */
    record LambdaBlock(List<String> params, List<Stmt> body) implements Expr {
        public LambdaBlock {
            params = List.copyOf(params);
            body = List.copyOf(body);
        }
    }
}
