package io.github.amdisa.generator.pcode.lower;

import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.ScalarType;
import io.github.amdisa.generator.pcode.ast.UnaryOp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * The one overlay for a text the pseudocode leaves informal: a window of the bits of a wide fixed-point constant,
 * written {@code 64'F((W'B(c)[W - 1 : 0] << shift) & W'mask)} with W wider than 64 and {@code mask = 2^n - 1}
 * ({@code V_TRIG_PREOP_F64}, all ten generations: {@code 1201'B(2.0 / PI)}, n = 53).
 *
 * <p><b>The constant.</b> The text's own comment defines {@code W'B(c)} of a real value: {@code c == 0.{b_(W-1) ...
 * b_0}}, b_(W-1) the most significant bit of the fraction. So it is the W-bit integer
 * {@code floor(frac(c) * 2^W)}; {@link #constantBits} evaluates {@code c} (float literals, {@code PI}, + - * /) in
 * decimal arithmetic with 64 guard bits, pi by Machin's formula.
 *
 * <p><b>The window.</b> Read literally, shifting the W-bit integer left and masking the low n bits would keep the
 * last bits of the constant (zeros below b_0 for every shift), and the text's comment ("left shift ... indicates
 * which bits are brought into the whole part; only whole part of result is kept") read as fixed point would keep
 * only {@code shift} bits; neither agrees with the next line, {@code scale = -53 - shift}, which makes
 * {@code ldexp(result, scale)} the value of n bits that start {@code shift} bits after the binary point. That is
 * AMD's description of the instruction ("returns an aligned, double-precision segment of 2/PI", the segment chosen
 * by S1 and the exponent) and what LLVM's constant folding of {@code llvm.amdgcn.trig.preop} computes
 * (AMDGPUInstCombineIntrinsic.cpp: 53 bits of its 2/PI table from bit {@code Shift}, converted by value, then
 * {@code scalbn(Result, -53 - Shift)}). So the window is {@code floor(frac(c) * 2^(shift + n)) mod 2^n} with the
 * constant cut at its W bits (a window reaching past b_0 reads zeros there), converted to a float by value. (LLVM's
 * table has 1184 bits and folds a window reaching past its bit 1120 to 0; the text's constant has 1201 bits, which
 * this follows.)
 */
final class FractionWindow {

    /** A matched window: the constant's W bits as hex, W, the shift expression and the window width n. */
    record Match(String hexBits, int width, Expr shift, int bits) {
    }

    private FractionWindow() {
    }

    /**
     * The window {@code c} denotes, when it has the shape above.
     *
     * @throws LoweringException when it has the shape but its constant cannot be evaluated
     */
    static Optional<Match> match(Expr.Cast c) throws LoweringException {
        if (c.type().kind() != ScalarType.Kind.F || !(c.operand() instanceof Expr.Binary and)
                || and.op() != BinaryOp.BIT_AND || !(and.left() instanceof Expr.Binary shl)
                || shl.op() != BinaryOp.SHL || !(and.right() instanceof Expr.IntLit mask)) {
            return Optional.empty();
        }
        Expr base = shl.left();
        if (base instanceof Expr.Slice s && s.base() instanceof Expr.Cast && isConst(s.lo(), 0)) {
            Expr.Cast inner = (Expr.Cast) s.base();
            if (!isConst(s.hi(), inner.type().width() - 1L)) {
                return Optional.empty();
            }
            base = inner;
        }
        if (!(base instanceof Expr.Cast wide) || wide.type().kind() != ScalarType.Kind.B || wide.type().width() <= 64) {
            return Optional.empty();
        }
        BigInteger m = mask.value();
        int n = m.bitLength();
        if (m.signum() <= 0 || !m.add(BigInteger.ONE).equals(BigInteger.ONE.shiftLeft(n)) || n > 63) {
            return Optional.empty();
        }
        int w = wide.type().width();
        return Optional.of(new Match(constantBits(wide.operand(), w).toString(16), w, shl.right(), n));
    }

    private static boolean isConst(Expr e, long v) {
        return e instanceof Expr.IntLit l && l.value().equals(BigInteger.valueOf(v));
    }

    /**
     * {@code floor(frac(value of e) * 2^width)}: the bits {@code b_(width-1) ... b_0} of the fraction of a constant
     * real expression.
     *
     * @throws LoweringException when e is not a constant real expression or is negative
     */
    static BigInteger constantBits(Expr e, int width) throws LoweringException {
        MathContext mc = new MathContext((int) Math.ceil((width + 64) * Math.log10(2)) + 10, RoundingMode.HALF_EVEN);
        BigDecimal v = eval(e, mc);
        if (v.signum() < 0) {
            throw new LoweringException("negative wide fixed-point constant");
        }
        BigDecimal frac = v.subtract(new BigDecimal(v.toBigInteger()));
        return frac.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(width))).toBigInteger();
    }

    private static BigDecimal eval(Expr e, MathContext mc) throws LoweringException {
        if (e instanceof Expr.FloatLit f) {
            return new BigDecimal(f.digits());
        } else if (e instanceof Expr.IntLit i) {
            return new BigDecimal(i.value());
        } else if (e instanceof Expr.Ident id && id.name().equals("PI")) {
            return pi(mc);
        } else if (e instanceof Expr.Unary u && u.op() == UnaryOp.NEG) {
            return eval(u.operand(), mc).negate();
        } else if (e instanceof Expr.Binary b) {
            BigDecimal l = eval(b.left(), mc);
            BigDecimal r = eval(b.right(), mc);
            switch (b.op()) {
                case ADD:
                    return l.add(r, mc);
                case SUB:
                    return l.subtract(r, mc);
                case MUL:
                    return l.multiply(r, mc);
                case DIV:
                    return l.divide(r, mc);
                default:
                    break;
            }
        }
        throw new LoweringException("wide fixed-point constant that is not a constant real expression");
    }

    /** pi = 16 atan(1/5) - 4 atan(1/239) (Machin), to the precision of mc. */
    static BigDecimal pi(MathContext mc) {
        MathContext wider = new MathContext(mc.getPrecision() + 10, RoundingMode.HALF_EVEN);
        return atanInverse(5, wider).multiply(BigDecimal.valueOf(16)).subtract(
                atanInverse(239, wider).multiply(BigDecimal.valueOf(4))).round(mc);
    }

    /** atan(1/x) = sum (-1)^k / ((2k + 1) x^(2k + 1)). */
    private static BigDecimal atanInverse(int x, MathContext mc) {
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 2);
        BigDecimal x2 = BigDecimal.valueOf((long) x * x);
        BigDecimal power = BigDecimal.ONE.divide(BigDecimal.valueOf(x), mc);
        BigDecimal sum = power;
        for (int k = 1; power.compareTo(eps) > 0; k++) {
            power = power.divide(x2, mc);
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * k + 1), mc);
            sum = k % 2 == 1 ? sum.subtract(term, mc) : sum.add(term, mc);
        }
        return sum;
    }
}
