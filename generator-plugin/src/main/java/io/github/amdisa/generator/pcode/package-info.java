/**
 * Front end of the pseudocode compiler: turns the per-instruction pseudocode texts of AMD's ISA guides (loaded by
 * {@link io.github.amdisa.isaxml.pcode.PseudocodeLoader}) into checked trees that a later back end lowers to Java.
 *
 * <ul>
 *   <li>{@link io.github.amdisa.generator.pcode.Lexer} - tokens with line and column; comments kept aside.</li>
 *   <li>{@link io.github.amdisa.generator.pcode.Parser} - recursive descent with precedence climbing to the tree
 *       in {@link io.github.amdisa.generator.pcode.ast}; positions in {@link io.github.amdisa.generator.pcode.ParsedText}.
 *       </li>
 *   <li>{@link io.github.amdisa.generator.pcode.Classifier} - parsed, or informal with a reason
 *       ({@link io.github.amdisa.generator.pcode.InformalKind}); anything else is a located syntax error.</li>
 *   <li>{@link io.github.amdisa.generator.pcode.Printer} - canonical text; printing and re-parsing is the identity on
 *       trees.</li>
 *   <li>{@link io.github.amdisa.generator.pcode.Resolver} - what every identifier and call stands for, from
 *       {@link io.github.amdisa.generator.pcode.Environment} and {@link io.github.amdisa.generator.pcode.Builtins}.</li>
 * </ul>
 */
package io.github.amdisa.generator.pcode;
