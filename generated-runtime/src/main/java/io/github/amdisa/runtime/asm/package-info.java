/**
 * The assembler: LLVM-syntax text to instruction words for a generated {@link
 * io.github.amdisa.runtime.codec.InstructionSet}. {@link io.github.amdisa.runtime.asm.Assembler} reads statements
 * and whole programs with labels; {@link io.github.amdisa.runtime.asm.CheckedEncoder} is the checking layer over
 * the generated raw encoder (field ranges, encoding conditions) with typed
 * {@link io.github.amdisa.runtime.asm.EncodingException}s. Every assembled instruction is verified by decoding it
 * and reading the printed text back.
 */
package io.github.amdisa.runtime.asm;
