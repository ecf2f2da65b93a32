package io.github.amdisa.runtime.syntax;

/**
 * The assembler symbols an expression may name ({@code i1=1}, {@code .set foo, 4}, labels), as an
 * {@link AsmCursor} reads them: a read-only view, owned and filled by whoever walks the source (the
 * {@code amdisa-mc} driver, {@code Assembler.assembleProgram}, a {@code SymbolTable}).
 *
 * <p>As in llvm-mc, a name that is not a register is a symbol wherever an expression may stand: a symbol whose
 * value is absolute reads as that number (inline constant or literal, as the value decides); any other symbol (a
 * label, an undefined name, a variable defined through one) leaves the expression relocatable, which only a source
 * operand's literal and a branch target may be.
 */
public interface Symbols {

    /** No symbol is defined: every name is undefined, so every symbolic expression stays relocatable. */
    Symbols NONE = name -> null;

    /**
     * The value of {@code name} if it is absolute now: a variable whose expression evaluates to a number with the
     * symbols as they are. Labels are never absolute (their address is only known at layout).
     *
     * @param name the symbol
     * @return the value, or null if the name is undefined, a label or depends on one
     */
    Long value(String name);

    /**
     * Whether {@code name} is a variable assigned a plain number, which LLVM's parser substitutes for the name
     * when it reads an expression, so that a relocatable expression prints with the number ({@code i1+u} prints
     * {@code 1+u}) and a later reassignment does not change it. A variable assigned an expression of other symbols
     * keeps its name ({@code q=w} then {@code q+u} prints {@code q+u}). The default: every absolute symbol.
     *
     * @param name the symbol
     * @return true to substitute the value
     */
    default boolean isConstant(String name) {
        return value(name) != null;
    }
}
