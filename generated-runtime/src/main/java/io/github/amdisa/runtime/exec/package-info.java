/**
 * The machine model generated interpreters execute against.
 *
 * <ul>
 *   <li>State: {@link io.github.amdisa.runtime.exec.Wave} (SGPR/VGPR/AGPR files, EXEC/VCC/SCC/M0, PC, MODE,
 *       STATUS, TRAPSTS, TBA/TMA, apertures, source-operand resolution) and
 *       {@link io.github.amdisa.runtime.Target} (what differs per generation).
 *       {@link io.github.amdisa.runtime.exec.Operands}: the 9-bit operand encoding and inline constants.</li>
 *   <li>Memory: {@link io.github.amdisa.runtime.exec.Memory} (little-endian loads/stores, atomics),
 *       {@link io.github.amdisa.runtime.exec.SparseMemory} (global), {@link io.github.amdisa.runtime.exec.Lds},
 *       {@link io.github.amdisa.runtime.exec.Scratch} (per-lane private, linear),
 *       {@link io.github.amdisa.runtime.exec.BufferResource} (V# decoding and MUBUF addressing),
 *       {@link io.github.amdisa.runtime.exec.Addressing} (FLAT/GLOBAL/SCRATCH/DS addresses).</li>
 *   <li>Execution: {@link io.github.amdisa.runtime.exec.Program},
 *       {@link io.github.amdisa.runtime.exec.InstructionExecutor} (implemented by generated code),
 *       {@link io.github.amdisa.runtime.exec.RunLoop}, {@link io.github.amdisa.runtime.exec.StepListener},
 *       {@link io.github.amdisa.runtime.exec.InstructionText}.</li>
 *   <li>Errors: {@link io.github.amdisa.runtime.exec.ExecutionException} and its subclasses
 *       {@link io.github.amdisa.runtime.exec.MemoryFault}, {@link io.github.amdisa.runtime.exec.MisalignedAccess},
 *       {@link io.github.amdisa.runtime.exec.IllegalRegister},
 *       {@link io.github.amdisa.runtime.exec.UnsupportedInstruction}.</li>
 * </ul>
 *
 * Fast paths (register access, operand resolution, memory loads and stores, the run loop) allocate nothing;
 * checks that guard against interpreter bugs (register indices, bounds) are single compares.
 */
package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;
