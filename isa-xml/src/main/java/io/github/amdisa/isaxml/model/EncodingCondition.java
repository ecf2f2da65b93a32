package io.github.amdisa.isaxml.model;

import io.github.amdisa.isaxml.model.expr.Expr;
import java.util.OptionalInt;

/**
 * A named condition of an encoding ({@code default}, {@code has_lit_0}, {@code has_dpp16}, ...): the instruction
 * words use this variant of the encoding when {@link #expression()} evaluates to non-zero.
 *
 * @param id the schema 1.2.0 {@code <ConditionId>}, absent in 1.1.1 files
 * @param expression the {@code <CondtionExpression>} tree (AMD's spelling), or a literal 1 when AMD left it empty
 */
public record EncodingCondition(String name, OptionalInt id, Expr expression, SourceLocation location) {
}
