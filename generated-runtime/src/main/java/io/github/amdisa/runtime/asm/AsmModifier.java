package io.github.amdisa.runtime.asm;

/**
 * A modifier written after the operands in LLVM syntax ({@code clamp}, {@code mul:2}, {@code op_sel:[1,0]},
 * {@code offset:16}, {@code glc}, {@code row_shl:1}, ...), for the generated instruction factories.
 *
 * @param text the modifier in LLVM syntax
 */
public record AsmModifier(String text) {

    /** {@code clamp}. */
    public static final AsmModifier CLAMP = new AsmModifier("clamp");
    /** {@code mul:2}. */
    public static final AsmModifier MUL2 = new AsmModifier("mul:2");
    /** {@code mul:4}. */
    public static final AsmModifier MUL4 = new AsmModifier("mul:4");
    /** {@code div:2}. */
    public static final AsmModifier DIV2 = new AsmModifier("div:2");
    /** {@code glc}. */
    public static final AsmModifier GLC = new AsmModifier("glc");
    /** {@code slc}. */
    public static final AsmModifier SLC = new AsmModifier("slc");
    /** {@code dlc}. */
    public static final AsmModifier DLC = new AsmModifier("dlc");

    /** {@code offset:N}. */
    public static AsmModifier offset(int offset) {
        return new AsmModifier("offset:" + offset);
    }

    /** {@code op_sel:[b0,b1,...]}. */
    public static AsmModifier opSel(int... bits) {
        StringBuilder b = new StringBuilder("op_sel:[");
        for (int i = 0; i < bits.length; i++) {
            b.append(i == 0 ? "" : ",").append(bits[i]);
        }
        return new AsmModifier(b.append(']').toString());
    }
}
