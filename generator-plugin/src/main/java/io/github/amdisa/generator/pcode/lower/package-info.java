/**
 * The back end of the pseudocode compiler: {@link io.github.amdisa.generator.pcode.lower.Lowerer} turns one
 * type-checked text into Java statements over the runtime contract {@code io.github.amdisa.runtime.pcode.PcodeContext};
 * {@link io.github.amdisa.generator.pcode.lower.PcodeGenerator} emits them with JavaPoet, one shared method per
 * distinct text (keyed by the canonical print of the tree) in chunked {@code PcodeOps<n>} classes, and one dispatch
 * class per generation. A text that cannot be lowered gets a method that throws {@code UnsupportedInstruction} with
 * the recorded reason; nothing is silently dropped.
 */
package io.github.amdisa.generator.pcode.lower;
