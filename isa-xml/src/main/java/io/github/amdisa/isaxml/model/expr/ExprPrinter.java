package io.github.amdisa.isaxml.model.expr;

import java.util.stream.Collectors;

/** Prints expressions in a readable, fully parenthesised infix form, e.g. {@code (INST.VOP3.SRC0 notin [250, 255])}. */
final class ExprPrinter {

    private ExprPrinter() {
    }

    static String print(Expr e) {
        if (!(e instanceof Expr.Op op)) {
            return e.toString();
        }
        Operator o = op.operator();
        return switch (o) {
            case FIELD_DEREF -> op.operands().stream().map(ExprPrinter::print).collect(Collectors.joining("."));
            case CONS_ARRAY -> op.operands().stream().map(ExprPrinter::print)
                    .collect(Collectors.joining(", ", "[", "]"));
            case NOT, BIT_NOT -> o.symbol() + print(op.operands().get(0));
            case UNKNOWN -> op.kind() + op.operands().stream().map(ExprPrinter::print)
                    .collect(Collectors.joining(", ", "(", ")"));
            default -> op.operands().size() == 2
                    ? "(" + print(op.operands().get(0)) + " " + o.symbol() + " " + print(op.operands().get(1)) + ")"
                    : op.kind() + op.operands().stream().map(ExprPrinter::print)
                    .collect(Collectors.joining(", ", "(", ")"));
        };
    }
}
