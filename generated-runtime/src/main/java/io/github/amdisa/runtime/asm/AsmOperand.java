package io.github.amdisa.runtime.asm;

import java.util.Locale;

/**
 * A typed operand for the generated instruction factories ({@code <Gen>Asm.V_BFE_I32(...)}): registers and
 * register ranges, special registers, inline constants, literals and source modifiers. Each operand knows its LLVM
 * text; the factories hand the statement to the {@link Assembler}, which checks it against the instruction's
 * encodings with the {@link CheckedEncoder}.
 */
public sealed interface AsmOperand {

    /** The operand in LLVM syntax. */
    String text();

    /** VGPRs {@code v[index .. index + count - 1]}. */
    record Vgpr(int index, int count) implements AsmOperand {
        @Override
        public String text() {
            return range("v", index, count);
        }
    }

    /** SGPRs {@code s[index .. index + count - 1]}. */
    record Sgpr(int index, int count) implements AsmOperand {
        @Override
        public String text() {
            return range("s", index, count);
        }
    }

    /** Accumulation VGPRs (CDNA) {@code a[index .. index + count - 1]}. */
    record Agpr(int index, int count) implements AsmOperand {
        @Override
        public String text() {
            return range("a", index, count);
        }
    }

    /** Trap temporaries {@code ttmp[index .. index + count - 1]}. */
    record Ttmp(int index, int count) implements AsmOperand {
        @Override
        public String text() {
            return range("ttmp", index, count);
        }
    }

    /** A named register: {@code vcc}, {@code vcc_lo}, {@code exec}, {@code exec_lo}, {@code m0}, {@code null}, ... */
    enum Special implements AsmOperand {
        VCC, VCC_LO, VCC_HI, EXEC, EXEC_LO, EXEC_HI, M0, NULL, SCC, SRC_SCC, SRC_VCCZ, SRC_EXECZ;

        @Override
        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** An integer: an inline constant (-16..64) or, otherwise, a literal, as LLVM decides for the operand. */
    record Int(long value) implements AsmOperand {
        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /** A floating-point constant ({@code 0.5}, {@code -4.0}, ... inline; other values become literals). */
    record Float(double value) implements AsmOperand {
        @Override
        public String text() {
            String s = Double.toString(value);
            return s.contains("E") ? String.format(Locale.ROOT, "%.17g", value) : s;
        }
    }

    /** A forced literal dword, {@code lit(0x...)}, even where an inline constant would do. */
    record Literal(long bits) implements AsmOperand {
        @Override
        public String text() {
            return "lit(0x" + Long.toHexString(bits) + ")";
        }
    }

    /** A source with the floating-point input modifiers {@code -x}, {@code |x|}, {@code -|x|}. */
    record Modified(AsmOperand operand, boolean neg, boolean abs) implements AsmOperand {
        @Override
        public String text() {
            String t = abs ? "|" + operand.text() + "|" : operand.text();
            return neg ? "-" + t : t;
        }
    }

    /** Any other operand in LLVM syntax: {@code off}, {@code hwreg(HW_REG_MODE)}, {@code vmcnt(0)}, a label. */
    record Text(String text) implements AsmOperand {
    }

    /** {@code vN}. */
    static Vgpr v(int index) {
        return new Vgpr(index, 1);
    }

    /** {@code v[first:last]}. */
    static Vgpr v(int first, int last) {
        return new Vgpr(first, last - first + 1);
    }

    /** {@code sN}. */
    static Sgpr s(int index) {
        return new Sgpr(index, 1);
    }

    /** {@code s[first:last]}. */
    static Sgpr s(int first, int last) {
        return new Sgpr(first, last - first + 1);
    }

    /** {@code aN}. */
    static Agpr a(int index) {
        return new Agpr(index, 1);
    }

    /** {@code a[first:last]}. */
    static Agpr a(int first, int last) {
        return new Agpr(first, last - first + 1);
    }

    /** An integer constant. */
    static Int imm(long value) {
        return new Int(value);
    }

    /** A floating-point constant. */
    static Float imm(double value) {
        return new Float(value);
    }

    /** {@code -x}. */
    static Modified neg(AsmOperand x) {
        return new Modified(x, true, false);
    }

    /** {@code |x|}. */
    static Modified abs(AsmOperand x) {
        return new Modified(x, false, true);
    }

    private static String range(String prefix, int index, int count) {
        if (index < 0 || count < 1) {
            throw new IllegalArgumentException("bad register range " + prefix + index + " x" + count);
        }
        return count == 1 ? prefix + index : prefix + "[" + index + ":" + (index + count - 1) + "]";
    }
}
