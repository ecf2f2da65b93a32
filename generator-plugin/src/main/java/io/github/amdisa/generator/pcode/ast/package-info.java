/**
 * The pseudocode tree: sealed {@link io.github.amdisa.generator.pcode.ast.Stmt} and
 * {@link io.github.amdisa.generator.pcode.ast.Expr} hierarchies of immutable records, compared by structure.
 */
package io.github.amdisa.generator.pcode.ast;
