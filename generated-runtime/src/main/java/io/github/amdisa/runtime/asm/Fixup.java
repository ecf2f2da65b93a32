package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.syntax.Expr;

/**
 * A part of an assembled instruction whose value is an expression left for layout, as llvm-mc reports it with
 * {@code -show-encoding} ({@code ;   fixup A - offset: 4, value: u+1, kind: FK_PCRel_4}): a branch to a label, or
 * a source literal holding a relocatable expression. The bytes it covers are 0 in {@link Assembler.Assembly#words()}.
 *
 * @param offset     the first byte it covers, from the start of the instruction
 * @param size       how many bytes it covers (2 for a branch, 4 or 8 for a literal)
 * @param value      the expression ({@link Expr.Symbol} for a branch)
 * @param kind       what the value means
 * @param textOffset where the operand starts in the statement, for diagnostics
 */
public record Fixup(int offset, int size, Expr value, Kind kind, int textOffset) {

    /** Fixup kinds, with the names llvm-mc-22 prints for AMDGPU. */
    public enum Kind {
        /** A branch's 16-bit word offset, {@code (target - (branch + 4)) / 4}. */
        BRANCH("fixup_si_sopp_br"),
        /** A 32-bit literal, the value minus the literal's own address. */
        PC_REL_4("FK_PCRel_4"),
        /** A 32-bit literal, the value itself. */
        DATA_4("FK_Data_4"),
        /** gfx1250's 64-bit literal, the value minus the literal's own address. */
        PC_REL_8("FK_PCRel_8"),
        /** gfx1250's 64-bit literal, the value itself. */
        DATA_8("FK_Data_8");

        private final String llvmName;

        Kind(String llvmName) {
            this.llvmName = llvmName;
        }

        /** The name llvm-mc prints ({@code FK_PCRel_4}). */
        public String llvmName() {
            return llvmName;
        }

        /** Whether the value is relative to the fixup's own address. */
        public boolean pcRelative() {
            return this == PC_REL_4 || this == PC_REL_8;
        }

        /**
         * The kind llvm-mc-22 gives a literal holding {@code value} ({@link Expr#pcRelative()}).
         *
         * @param value the expression
         * @param wide  a 64-bit literal
         * @return the kind
         */
        public static Kind literal(Expr value, boolean wide) {
            boolean pc = value.pcRelative();
            return wide ? pc ? PC_REL_8 : DATA_8 : pc ? PC_REL_4 : DATA_4;
        }
    }
}
