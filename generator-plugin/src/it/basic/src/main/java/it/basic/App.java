package it.basic;

import it.basic.rdna3.Rdna3Isa;

/** Uses the generated RDNA 3 classes: disassembles one instruction. */
public final class App {

    private App() {
    }

    /** The LLVM-syntax text of the instruction at {@code words[0]}. */
    public static String disassemble(int... words) {
        return Rdna3Isa.disassembler().disassemble(words, 0);
    }

    public static void main(String[] args) {
        System.out.println(disassemble(0xd6110005, 0x000e0501));
    }
}
