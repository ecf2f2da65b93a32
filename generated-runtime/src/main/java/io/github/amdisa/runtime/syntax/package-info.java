/**
 * LLVM AMDGPU assembly syntax for generated encoders, decoders, disassemblers and assemblers.
 *
 * <p>Printing appends to a caller's {@link java.lang.StringBuilder} and allocates nothing else; parsing reads
 * from an {@link io.github.amdisa.runtime.syntax.AsmCursor} and reports every problem as an
 * {@link io.github.amdisa.runtime.AsmSyntaxException} with its column. Every rule was learned from
 * {@code llvm-mc-22} and is checked against it by the tests:
 * <ul>
 *   <li>{@link io.github.amdisa.runtime.syntax.Registers}: register names and ranges;</li>
 *   <li>{@link io.github.amdisa.runtime.syntax.SourceOperands} with
 *       {@link io.github.amdisa.runtime.syntax.InlineConstants} and
 *       {@link io.github.amdisa.runtime.syntax.OperandType}: the 9-bit SRC operand (inline constants, literals,
 *       input modifiers), results in a reusable {@link io.github.amdisa.runtime.syntax.Operand};</li>
 *   <li>{@link io.github.amdisa.runtime.syntax.Vop3Modifiers}, {@link io.github.amdisa.runtime.syntax.Dpp},
 *       {@link io.github.amdisa.runtime.syntax.Sdwa}, {@link io.github.amdisa.runtime.syntax.MemoryModifiers}:
 *       instruction modifiers;</li>
 *   <li>{@link io.github.amdisa.runtime.syntax.Waitcnt}, {@link io.github.amdisa.runtime.syntax.HwReg},
 *       {@link io.github.amdisa.runtime.syntax.SendMsg}, {@link io.github.amdisa.runtime.syntax.DelayAlu},
 *       {@link io.github.amdisa.runtime.syntax.DepCtr}, {@link io.github.amdisa.runtime.syntax.Immediates}:
 *       special immediates.</li>
 * </ul>
 */
package io.github.amdisa.runtime.syntax;
