package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;

/**
 * Source operands of the 9-bit SRC encoding: registers, inline constants and literals, printed and parsed as
 * {@code llvm-mc-22} does, with the VOP3 input modifiers ({@code -v1}, {@code |v1|}, {@code neg(1.0)}) and the
 * SDWA {@code sext(v1)}.
 *
 * <p>Printing rules learned from {@code llvm-mc-22 -disassemble}:
 * <ul>
 *   <li>Integer inline constants print as decimal; float inline constants as {@code 0.5 ... -4.0},
 *       {@code 0.15915494} ({@code 0.15915494309189532} in 64-bit operands), except in INT16 operands where the
 *       decoded f16 pattern prints in hex ({@code 0x3c00}).</li>
 *   <li>A 32-bit literal prints in hex. If reassembling that hex would pick an inline constant instead, LLVM wraps
 *       it: {@code lit(0x3f800000)}. Which values count depends on the type: for FP16 the low 16 bits
 *       (and then only the low 16 bits are printed when not wrapped: literal {@code 0x12345678} prints
 *       {@code 0x5678}); for INT16 the full 32-bit value under 32-bit rules (and the low 16 bits are printed);
 *       for INT64 the zero-extended value (0..64 only).</li>
 *   <li>FP64 32-bit literals are the high half of the double: literal {@code 0x3ff00000} prints {@code 1.0}.</li>
 *   <li>gfx1250 64-bit literals (code 254) print as {@code lit64(0x5)} when the value fits in 32 bits (it would
 *       otherwise reparse as a 32-bit literal), as an inline constant when one matches, else in hex (FP64 with zero
 *       low half: the high half only).</li>
 *   <li>A negated immediate prints {@code neg(1.0)}; with abs, {@code -|1.0|}; a negated register or
 *       {@code lit(...)} prints {@code -v2} / {@code -lit(...)}.</li>
 * </ul>
 *
 * <p>Parsing rules learned from {@code llvm-mc-22 -show-encoding}: integers in -16..64 are inline everywhere; other
 * integers are bit patterns of the operand width, inline if the pattern is a float constant of the type (INT16 and
 * INT64 accept no integer float pattern except INT64's full f64 pattern); floats convert to the operand's format
 * (f32 for INT16, INT32 and V2INT16). Leading {@code -} before a number is part of the number; before a register
 * it is the neg modifier.
 */
public final class SourceOperands {
    /** Parse flag: the encoding may carry a 64-bit literal (gfx1250, non-VOP3 encodings). */
    public static final int ALLOW_LITERAL64 = 1;
    /** Parse flag: the encoding carries no literal (GFX9 VOP3/VOP3P, DPP, SDWA); literals are an error. */
    public static final int NO_LITERAL = 2;
    /** Parse flag: a register tuple of any width is read; the caller checks it ({@link Operand#dwords()}). */
    public static final int ANY_WIDTH = 4;

    /**
     * The literal dword written for a relocatable expression ({@link Operand#expression()}): not an inline constant
     * of any 32-bit type, so it prints in hex, where the assembler puts the expression's text. A 64-bit literal
     * repeats it in both halves.
     */
    public static final long RELOCATABLE_PLACEHOLDER = 0x5ca1ab1eL;

    /** How a value is read: relocatable expressions allowed, absolute expressions only, or a primary only. */
    private static final int RELOCATABLE = 0;
    private static final int ABSOLUTE = 1;
    private static final int PRIMARY = 2;

    private SourceOperands() {
    }

    // ---------------------------------------------------------------------------------------------- printing

    /**
     * Prints a source operand without modifiers.
     *
     * @param sb where to print
     * @param target the target
     * @param type the operand's value type
     * @param code the SRC code, 0..511
     * @param dwords the operand width in dwords for registers
     * @param literal the literal that follows the instruction, used when code is 255 (32 bits) or 254 (64 bits)
     * @return false, printing nothing, if the code is not valid at this width
     */
    public static boolean print(StringBuilder sb, Target target, OperandType type, int code, int dwords,
            long literal) {
        if (code >= 128 && code <= 208) {
            sb.append(InlineConstants.intValue(code));
            return true;
        }
        if (code >= InlineConstants.FLOAT_FIRST && code <= InlineConstants.FLOAT_LAST) {
            sb.append(InlineConstants.floatText(code, type));
            return true;
        }
        if (code == InlineConstants.LITERAL) {
            printLiteral32(sb, target, type, (int) literal);
            return true;
        }
        if (code == InlineConstants.LITERAL64 && target.has64BitLiterals() && type.is64()) {
            printLiteral64(sb, type, literal);
            return true;
        }
        return Registers.printSource(sb, target, code, dwords);
    }

    /**
     * Prints a 16-bit source operand in real-true16 syntax (gfx1100, gfx1150 defaults): VGPRs as {@code v2.l} /
     * {@code v2.h}, everything else as {@link #print}. In VOP1/VOP2/VOPC encodings the half is bit 7 of the SRC
     * code and the index bits 6:0 ({@code v_cvt_f32_f16_e32 v1, v2.h} encodes SRC 0x182); in VOP3 the index is
     * the whole VGPR number and the half comes from {@code op_sel}.
     *
     * @param sb where to print
     * @param target the target
     * @param type the operand type (FP16, BF16 or INT16)
     * @param code the SRC code
     * @param literal the literal for code 255
     * @param lo128 true for VOP1/VOP2/VOPC encodings (half in bit 7), false for VOP3
     * @param high for VOP3: the op_sel bit of this operand
     * @return false, printing nothing, if the code is not valid
     */
    public static boolean printTrue16(StringBuilder sb, Target target, OperandType type, int code, long literal,
            boolean lo128, boolean high) {
        if (code < Registers.VGPR_FIRST) {
            return print(sb, target, type, code, 1, literal);
        }
        int index = code - Registers.VGPR_FIRST;
        if (lo128) {
            Registers.printVgpr16(sb, index & 0x7f, (index & 0x80) != 0);
        } else {
            Registers.printVgpr16(sb, index, high);
        }
        return true;
    }

    /**
     * Prints a source operand with VOP3 floating-point input modifiers.
     *
     * @param sb where to print
     * @param target the target
     * @param type the operand's value type
     * @param code the SRC code
     * @param dwords the register width in dwords
     * @param literal the literal, for codes 254 and 255
     * @param neg the neg modifier bit
     * @param abs the abs modifier bit
     * @return false, printing nothing, if the code is not valid at this width
     */
    public static boolean printWithModifiers(StringBuilder sb, Target target, OperandType type, int code,
            int dwords, long literal, boolean neg, boolean abs) {
        int mark = sb.length();
        boolean immediate = isPlainImmediate(target, type, code, literal);
        boolean negWord = neg && !abs && immediate;
        if (negWord) {
            sb.append("neg(");
        } else if (neg) {
            sb.append('-');
        }
        if (abs) {
            sb.append('|');
        }
        if (!print(sb, target, type, code, dwords, literal)) {
            sb.setLength(mark);
            return false;
        }
        if (abs) {
            sb.append('|');
        }
        if (negWord) {
            sb.append(')');
        }
        return true;
    }

    /**
     * Prints a source operand with the SDWA integer modifier: {@code sext(v1)}.
     *
     * @param sb where to print
     * @param target the target
     * @param type the operand's value type
     * @param code the SRC code
     * @param dwords the register width in dwords
     * @param sext the sext modifier bit
     * @return false, printing nothing, if the code is not valid at this width
     */
    public static boolean printWithSext(StringBuilder sb, Target target, OperandType type, int code, int dwords,
            boolean sext) {
        int mark = sb.length();
        if (sext) {
            sb.append("sext(");
        }
        if (!print(sb, target, type, code, dwords, 0)) {
            sb.setLength(mark);
            return false;
        }
        if (sext) {
            sb.append(')');
        }
        return true;
    }

    /** True if the operand prints as a bare number (so a neg modifier prints as {@code neg(...)}). */
    private static boolean isPlainImmediate(Target target, OperandType type, int code, long literal) {
        if (InlineConstants.isInline(code)) {
            return true;
        }
        if (code == InlineConstants.LITERAL) {
            return !literalNeedsLit(target, type, (int) literal);
        }
        if (code == InlineConstants.LITERAL64) {
            return (literal >>> 32) != 0;
        }
        return false;
    }

    /**
     * Prints a 32-bit literal (code 255) in an operand type.
     *
     * @param sb where to print
     * @param target the target
     * @param type the operand type
     * @param literal the literal dword
     */
    public static void printLiteral32(StringBuilder sb, Target target, OperandType type, int literal) {
        if (literalNeedsLit(target, type, literal)) {
            sb.append("lit(");
            appendHex(sb, literal & 0xffffffffL);
            sb.append(')');
            return;
        }
        switch (type) {
            case FP16:
            case INT16:
                appendHex(sb, literal & 0xffffL);
                break;
            case FP64: {
                long value = (long) literal << 32;
                int f = InlineConstants.f64Code(value);
                if (f >= 0) {
                    sb.append(InlineConstants.floatText(f, type));
                } else if (value == 0) {
                    sb.append('0');
                } else {
                    appendHex(sb, literal & 0xffffffffL);
                }
                break;
            }
            default:
                appendHex(sb, literal & 0xffffffffL);
                break;
        }
    }

    /** Whether LLVM wraps a 32-bit literal in {@code lit(...)} because plain text would become an inline constant. */
    public static boolean literalNeedsLit(Target target, OperandType type, int literal) {
        switch (type) {
            case FP16:
                return InlineConstants.isInlinableF16(literal);
            case BF16:
                return InlineConstants.isInlinableBF16(literal);
            case V2FP16:
                return literal >= -16 && literal <= 64
                        || (literal & 0xffff0000) == 0 && InlineConstants.f16Code(literal) >= 0;
            case V2BF16:
                return literal >= -16 && literal <= 64
                        || (literal & 0xffff0000) == 0 && InlineConstants.bf16Code(literal) >= 0;
            case INT64:
                return literal >= 0 && literal <= 64;
            case FP64:
                return false;
            default:
                return InlineConstants.isInlinable32(literal);
        }
    }

    /**
     * Prints a 64-bit literal (code 254, gfx1250) in a 64-bit operand.
     *
     * @param sb where to print
     * @param type INT64 or FP64
     * @param literal the 64-bit literal
     */
    public static void printLiteral64(StringBuilder sb, OperandType type, long literal) {
        if ((literal >>> 32) == 0) {
            sb.append("lit64(");
            appendHex(sb, literal);
            sb.append(')');
            return;
        }
        int code = InlineConstants.intCode(literal);
        if (code >= 0) {
            sb.append(literal);
            return;
        }
        code = InlineConstants.f64Code(literal);
        if (code >= 0) {
            sb.append(InlineConstants.floatText(code, type));
            return;
        }
        if (type == OperandType.FP64 && (literal & 0xffffffffL) == 0) {
            appendHex(sb, literal >>> 32);
        } else {
            appendHex(sb, literal);
        }
    }

    /**
     * Appends {@code 0x} and the lower-case hexadecimal digits of an unsigned value, as LLVM's {@code formatHex}.
     *
     * @param sb where to print
     * @param value the value, unsigned
     */
    public static void appendHex(StringBuilder sb, long value) {
        sb.append("0x");
        int shift = 60;
        while (shift > 0 && ((value >>> shift) & 0xf) == 0) {
            shift -= 4;
        }
        for (; shift >= 0; shift -= 4) {
            sb.append(Character.forDigit((int) ((value >>> shift) & 0xf), 16));
        }
    }

    // ----------------------------------------------------------------------------------------------- parsing

    /**
     * Parses a source operand without modifiers: a register, a number or {@code lit(...)} / {@code lit64(...)}.
     * Fills {@link Operand#code()} and, for literals, {@link Operand#literal()}.
     *
     * @param cursor the text
     * @param target the target
     * @param type the operand's value type
     * @param dwords the operand width in dwords (registers must have it; {@code null} fits any)
     * @param flags {@link #ALLOW_LITERAL64}, {@link #NO_LITERAL} or 0
     * @param out receives the operand; reset by this method
     * @throws AsmSyntaxException for malformed text or a value the operand cannot take
     */
    public static void parse(AsmCursor cursor, Target target, OperandType type, int dwords, int flags,
            Operand out) {
        out.reset();
        parseValue(cursor, target, type, dwords, flags, out, RELOCATABLE);
    }

    /**
     * Parses a source operand with VOP3 floating-point input modifiers: {@code -x}, {@code |x|}, {@code -|x|},
     * {@code neg(x)}, {@code abs(x)} and combinations such as {@code neg(abs(x))}.
     *
     * @param cursor the text
     * @param target the target
     * @param type the operand's value type
     * @param dwords the operand width in dwords
     * @param flags {@link #ALLOW_LITERAL64}, {@link #NO_LITERAL} or 0
     * @param out receives the operand and its modifier bits; reset by this method
     * @throws AsmSyntaxException for malformed text
     */
    public static void parseWithModifiers(AsmCursor cursor, Target target, OperandType type, int dwords,
            int flags, Operand out) {
        out.reset();
        int start = cursor.skipBlanks().position();
        boolean negWord = false;
        boolean absWord = false;
        boolean bar = false;
        if (cursor.tryWord("neg")) {
            cursor.expectChar('(');
            negWord = true;
            out.neg = true;
        } else if (cursor.peek() == '-' && (nameAfterMinus(cursor) ? registerAfterMinus(cursor, target)
                : !cursor.atNumber())) {
            cursor.expectChar('-');
            out.neg = true;
        }
        if (cursor.tryWord("abs")) {
            cursor.expectChar('(');
            absWord = true;
            out.abs = true;
        } else if (cursor.tryChar('|')) {
            bar = true;
            out.abs = true;
        }
        if (out.neg && !negWord && !out.abs && cursor.peek() == '-') {
            throw cursor.error("invalid syntax, expected 'neg' modifier");
        }
        parseValue(cursor, target, type, dwords, flags, out, bar ? PRIMARY : out.abs || out.neg ? ABSOLUTE
                : RELOCATABLE);
        if (bar) {
            cursor.expectChar('|');
        }
        if (absWord) {
            cursor.expectChar(')');
        }
        if (negWord) {
            cursor.expectChar(')');
        }
        out.start = start;
        out.end = cursor.position();
    }

    /**
     * Parses a source operand with the SDWA integer modifier {@code sext(x)}.
     *
     * @param cursor the text
     * @param target the target
     * @param type the operand's value type
     * @param dwords the operand width in dwords
     * @param out receives the operand; reset by this method
     * @throws AsmSyntaxException for malformed text
     */
    public static void parseWithSext(AsmCursor cursor, Target target, OperandType type, int dwords, Operand out) {
        out.reset();
        int start = cursor.skipBlanks().position();
        boolean sext = cursor.tryWord("sext");
        if (sext) {
            cursor.expectChar('(');
            out.sext = true;
        }
        parseValue(cursor, target, type, dwords, NO_LITERAL, out, sext ? ABSOLUTE : RELOCATABLE);
        if (sext) {
            cursor.expectChar(')');
        }
        out.start = start;
        out.end = cursor.position();
    }

    /** Whether a {@code -} is followed by a name (with {@link Symbols}: a register, a modifier or a symbol). */
    private static boolean nameAfterMinus(AsmCursor cursor) {
        if (cursor.symbols() == null) {
            return false;
        }
        int save = cursor.position();
        cursor.expectChar('-');
        int at = cursor.skipBlanks().position();
        boolean name = cursor.identifierEnd() > at && !Character.isDigit(cursor.text().charAt(at));
        cursor.position(save);
        return name;
    }

    /**
     * Whether the name after a {@code -} makes it the neg modifier: a register ({@code -s0}, {@code -v[0]}, even
     * with symbols of those names; a malformed one such as {@code -s1000} is reported) or a modifier ({@code
     * -abs(x)}, {@code -lit(x)}). Any other name makes the {@code -} part of an expression ({@code -u}, {@code -v}
     * with {@code v=1}), as llvm-mc-22 reads it.
     */
    private static boolean registerAfterMinus(AsmCursor cursor, Target target) {
        int save = cursor.position();
        cursor.expectChar('-');
        int at = cursor.skipBlanks().position();
        int nameEnd = cursor.identifierEnd();
        try {
            for (String modifier : new String[] {"abs", "neg", "lit", "lit64", "sext"}) {
                if (cursor.regionEquals(at, nameEnd, modifier)) {
                    cursor.position(nameEnd);
                    if (cursor.peek() == '(') {
                        return true;
                    }
                }
            }
            cursor.position(at);
            return Registers.tryParse(cursor, target, new Operand());
        } finally {
            cursor.position(save);
        }
    }

    private static void parseValue(AsmCursor cursor, Target target, OperandType type, int dwords, int flags,
            Operand out, int mode) {
        int start = cursor.skipBlanks().position();
        out.start = start;
        if (Registers.tryParse(cursor, target, out)) {
            if (out.dwords != 0 && out.dwords != dwords && (flags & ANY_WIDTH) == 0) {
                throw cursor.errorAt(start, "invalid register width for this operand");
            }
            if (out.half != Operand.NO_HALF && (dwords != 1 || !target.dialect().isGfx11Plus())) {
                throw cursor.errorAt(start, "16-bit register halves are not valid here");
            }
            out.end = cursor.position();
            return;
        }
        boolean lit = false;
        boolean lit64 = false;
        int save = cursor.position();
        if (cursor.tryWord("lit64")) {
            lit64 = true;
        } else if (cursor.tryWord("lit")) {
            lit = true;
        }
        if ((lit || lit64) && !cursor.tryChar('(')) {
            cursor.position(save);
            throw cursor.error("expected '(' after lit");
        }
        int numberStart = cursor.skipBlanks().position();
        if (!cursor.atExpression()) {
            throw cursor.errorAt(numberStart, "expected a register or an immediate");
        }
        if (mode == PRIMARY) {
            cursor.scanPrimaryNumber();
        } else if (mode == ABSOLUTE || lit || lit64) {
            cursor.scanNumber();
        } else {
            cursor.scanNumberOrExpression();
        }
        if (lit || lit64) {
            cursor.expectChar(')');
        }
        if (cursor.lastExpression() != null) {
            relocatable(cursor, target, type, flags, numberStart, out);
            return;
        }
        boolean scalarFloat = type == OperandType.FP16 || type == OperandType.BF16 || type == OperandType.FP32
                || type == OperandType.FP64;
        if (lit64 && !target.has64BitLiterals() && scalarFloat) {
            throw cursor.errorAt(save, "lit64 is not supported on this GPU");
        }
        encodeNumber(cursor, target, type, flags, lit, lit64, numberStart, out);
        if (out.hasLiteral && (flags & NO_LITERAL) != 0) {
            throw cursor.errorAt(start, "literal operands are not supported");
        }
        out.end = cursor.position();
    }

    /**
     * A literal holding a relocatable expression, as llvm-mc-22 takes one: only in a 32-bit operand (also a float
     * one: the fixup writes the bits), or, on gfx1250, a 64-bit operand whose encoding carries a 64-bit literal;
     * never in a 16-bit or packed one ({@code v_add_u16 v0, u, v1}, {@code v_pk_add_f16 v0, u, v1}: "invalid
     * operand for instruction").
     */
    private static void relocatable(AsmCursor cursor, Target target, OperandType type, int flags, int at,
            Operand out) {
        if (type.bits() == 16 || type == OperandType.V2INT16 || type == OperandType.V2FP16
                || type == OperandType.V2BF16) {
            throw cursor.errorAt(at, "invalid operand for instruction");
        }
        if (type.is64()) {
            if ((flags & ALLOW_LITERAL64) == 0 || !target.has64BitLiterals()) {
                throw cursor.errorAt(at, "invalid operand for instruction");
            }
            setLiteral(out, InlineConstants.LITERAL64, RELOCATABLE_PLACEHOLDER << 32 | RELOCATABLE_PLACEHOLDER);
        } else {
            setLiteral(out, InlineConstants.LITERAL, RELOCATABLE_PLACEHOLDER);
        }
        out.expression = cursor.lastExpression();
        if ((flags & NO_LITERAL) != 0) {
            throw cursor.errorAt(at, "literal operands are not supported");
        }
        out.end = cursor.position();
    }

    private static void encodeNumber(AsmCursor cursor, Target target, OperandType type, int flags, boolean lit,
            boolean lit64, int at, Operand out) {
        boolean isFloat = cursor.lastWasFloat();
        long iv = cursor.lastInteger();
        double fv = cursor.lastFloat();
        boolean wide = (flags & ALLOW_LITERAL64) != 0 && target.has64BitLiterals();
        if (lit64 && type.is64()) {
            if (isFloat && type == OperandType.INT64) {
                throw cursor.errorAt(at, "invalid operand for instruction");
            }
            long bits = isFloat ? Double.doubleToRawLongBits(fv) : iv;
            if (!wide && target.has64BitLiterals()) {
                // lit64() asks for the 64-bit literal encoding, which this operand's form does not have.
                throw cursor.errorAt(at, "lit64 is not valid for this encoding");
            }
            setLiteral(out, wide ? InlineConstants.LITERAL64 : InlineConstants.LITERAL, bits);
            return;
        }
        if (lit || lit64) {
            long bits;
            if (isFloat) {
                if (type == OperandType.INT64) {
                    throw cursor.errorAt(at, "invalid operand for instruction");
                }
                bits = floatToOperandBits(type, fv);
                if (type == OperandType.FP64) {
                    bits >>>= 32;
                }
            } else {
                boolean fits = type.bits() == 16 ? iv >= Short.MIN_VALUE && iv <= 0xffff : fits32(iv);
                if (!fits) {
                    throw cursor.errorAt(at, "invalid operand for instruction");
                }
                bits = iv & (type.bits() == 16 ? 0xffffL : 0xffffffffL);
            }
            setLiteral(out, wide && type.is64() ? InlineConstants.LITERAL64 : InlineConstants.LITERAL, bits);
            return;
        }
        if (isFloat) {
            encodeFloat(cursor, target, type, fv, wide, at, out);
        } else {
            encodeInteger(cursor, type, iv, wide, at, out);
        }
    }

    private static void encodeInteger(AsmCursor cursor, OperandType type, long v, boolean wide, int at,
            Operand out) {
        // An integer is first read at the operand's width: 0xffffffff is -1 in a 32-bit operand, 0xffff is -1 in an
        // FP16/BF16 one (but a literal in INT16); 64-bit operands take it as written.
        long asWidth = v;
        if (type.bits() == 32 && v >= Integer.MIN_VALUE && v <= 0xffffffffL) {
            asWidth = (int) v;
        } else if (type.bits() == 16 && type.isFloating() && v >= Short.MIN_VALUE && v <= 0xffff) {
            asWidth = (short) v;
        }
        int inline = InlineConstants.intCode(asWidth);
        if (inline >= 0) {
            out.code = inline;
            return;
        }
        switch (type) {
            case INT16:
            case FP16:
            case BF16: {
                if (!(v >= Short.MIN_VALUE && v <= 0xffff)) {
                    throw cursor.errorAt(at, "invalid operand for instruction");
                }
                int h = (int) v & 0xffff;
                int f = type == OperandType.FP16 ? InlineConstants.f16Code(h)
                        : type == OperandType.BF16 ? InlineConstants.bf16Code(h) : -1;
                if (f >= 0) {
                    out.code = f;
                } else {
                    setLiteral(out, InlineConstants.LITERAL,
                            type == OperandType.INT16 ? v & 0xffffffffL : h);
                }
                return;
            }
            case INT64:
            case FP64: {
                if (fits32(v)) {
                    int f = type == OperandType.FP64 ? InlineConstants.f64Code(v << 32) : -1;
                    if (f >= 0) {
                        out.code = f;
                    } else if (wide && type == OperandType.INT64 && !(v >= 0 && v <= Integer.MAX_VALUE)) {
                        setLiteral(out, InlineConstants.LITERAL64, v);
                    } else {
                        setLiteral(out, InlineConstants.LITERAL, v & 0xffffffffL);
                    }
                    return;
                }
                int f = InlineConstants.f64Code(v);
                if (f >= 0) {
                    out.code = f;
                } else if (wide && type == OperandType.FP64 && (v & 0xffffffffL) == 0) {
                    setLiteral(out, InlineConstants.LITERAL, v >>> 32);
                } else if (wide) {
                    setLiteral(out, InlineConstants.LITERAL64, v);
                } else {
                    throw cursor.errorAt(at, "invalid operand for instruction");
                }
                return;
            }
            default: {
                if (!fits32(v)) {
                    throw cursor.errorAt(at, "invalid operand for instruction");
                }
                int bits = (int) v;
                int f;
                if (type == OperandType.V2FP16) {
                    f = (bits & 0xffff0000) == 0 ? InlineConstants.f16Code(bits) : -1;
                } else if (type == OperandType.V2BF16) {
                    f = (bits & 0xffff0000) == 0 ? InlineConstants.bf16Code(bits) : -1;
                } else {
                    f = InlineConstants.f32Code(bits);
                }
                if (f >= 0) {
                    out.code = f;
                } else {
                    setLiteral(out, InlineConstants.LITERAL, bits & 0xffffffffL);
                }
            }
        }
    }

    private static void encodeFloat(AsmCursor cursor, Target target, OperandType type, double v, boolean wide,
            int at, Operand out) {
        long bits = floatToOperandBits(type, v);
        if (bits == 0) {
            out.code = InlineConstants.INT_ZERO;
            return;
        }
        // LLVM's bf16 1/(2*pi) constant is the truncated 0x3e22; the text 0.15915494 rounds to 0x3e23 but still
        // selects it, because LLVM compares in f32.
        if ((type == OperandType.BF16 || type == OperandType.V2BF16)
                && Float.floatToRawIntBits((float) v) == 0x3e22f983) {
            out.code = InlineConstants.FLOAT_LAST;
            return;
        }
        int f;
        switch (type) {
            case FP16:
            case V2FP16:
                f = InlineConstants.f16Code((int) bits);
                break;
            case BF16:
            case V2BF16:
                f = InlineConstants.bf16Code((int) bits);
                break;
            case INT64:
            case FP64:
                f = InlineConstants.f64Code(bits);
                break;
            default:
                f = InlineConstants.f32Code((int) bits);
                break;
        }
        if (f >= 0) {
            out.code = f;
            return;
        }
        if (type == OperandType.INT64) {
            throw cursor.errorAt(at, "invalid operand for instruction");
        }
        if (type == OperandType.FP64) {
            if (wide && (bits & 0xffffffffL) != 0) {
                setLiteral(out, InlineConstants.LITERAL64, bits);
            } else {
                setLiteral(out, InlineConstants.LITERAL, bits >>> 32);
            }
            return;
        }
        setLiteral(out, InlineConstants.LITERAL, bits);
    }

    /** Bits of a float in the operand's format: f16, bf16, f64, or f32 (also for INT16, INT32 and V2INT16). */
    private static long floatToOperandBits(OperandType type, double v) {
        switch (type) {
            case FP16:
            case V2FP16:
                return InlineConstants.toHalfBits(v);
            case BF16:
            case V2BF16:
                return InlineConstants.toBFloat16Bits(v);
            case INT64:
            case FP64:
                return Double.doubleToRawLongBits(v);
            default:
                return Float.floatToRawIntBits((float) v) & 0xffffffffL;
        }
    }

    private static boolean fits32(long v) {
        return v >= Integer.MIN_VALUE && v <= 0xffffffffL;
    }

    private static void setLiteral(Operand out, int code, long literal) {
        out.code = code;
        out.literal = literal;
        out.hasLiteral = true;
    }
}
