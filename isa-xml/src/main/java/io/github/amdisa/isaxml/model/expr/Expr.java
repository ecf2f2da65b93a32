package io.github.amdisa.isaxml.model.expr;

import java.util.List;
import java.util.Optional;

/**
 * AMD's expression vocabulary as used by {@code <CondtionExpression>}: operator nodes ({@code <op type="...">}),
 * identifiers ({@code <id val="..."/>}) and literals ({@code <lit val="..."/>}), each with an optional type
 * ({@code <ty>}; schema 1.2.0 also types literals). {@link #toString()} prints the readable infix form;
 * {@link ExprXml} writes the XML form back; {@link ExprEvaluator} evaluates against instruction words.
 */
public sealed interface Expr permits Expr.Op, Expr.Id, Expr.Lit {

    /** The node's type annotation, when AMD wrote one. */
    Optional<ExprType> type();

    /**
     * An operator node. {@code kind} is AMD's {@code type} attribute verbatim ({@code &&}, {@code .fieldderef},
     * {@code .notwithin}, ...); {@link #operator()} classifies it.
     */
    record Op(String kind, List<Expr> operands, Optional<ExprType> type) implements Expr {
        public Op {
            operands = List.copyOf(operands);
        }

        /** The known operator, or {@link Operator#UNKNOWN}. */
        public Operator operator() {
            return Operator.of(kind);
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** An identifier such as {@code INST}, an encoding short name ({@code VOP3}) or a field name ({@code SRC0}). */
    record Id(String name, Optional<ExprType> type) implements Expr {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A literal, kept as AMD writes it ({@code 255}, {@code 0x1f}, ...). */
    record Lit(String value, Optional<ExprType> type) implements Expr {
        @Override
        public String toString() {
            return value;
        }
    }

    /** A literal 1 of type {@code U1}: the condition that always holds. */
    static Expr alwaysTrue() {
        return new Lit("1", Optional.of(ExprType.BOOL));
    }
}
