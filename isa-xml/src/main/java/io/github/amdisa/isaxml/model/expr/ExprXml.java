package io.github.amdisa.isaxml.model.expr;

import java.util.Optional;

/** Writes an expression back in AMD's XML vocabulary ({@code op}/{@code id}/{@code lit}/{@code ty}). */
public final class ExprXml {

    private ExprXml() {
    }

    /** The expression as AMD's XML, indented by {@code indent} spaces per level starting at {@code level}. */
    public static String write(Expr e, int level, int indent) {
        StringBuilder b = new StringBuilder();
        write(e, level, indent, b);
        return b.toString();
    }

    /** The expression as compact XML without whitespace between elements. */
    public static String write(Expr e) {
        return write(e, 0, 0);
    }

    private static void write(Expr e, int level, int indent, StringBuilder b) {
        String pad = " ".repeat(level * indent);
        String nl = indent > 0 ? "\n" : "";
        if (e instanceof Expr.Op op) {
            b.append(pad).append("<op type=\"").append(escape(op.kind())).append("\">").append(nl);
            for (Expr child : op.operands()) {
                write(child, level + 1, indent, b);
            }
            writeType(op.type(), level + 1, indent, b);
            b.append(pad).append("</op>").append(nl);
        } else if (e instanceof Expr.Id id) {
            leaf("id", id.name(), id.type(), level, indent, b);
        } else {
            Expr.Lit lit = (Expr.Lit) e;
            leaf("lit", lit.value(), lit.type(), level, indent, b);
        }
    }

    private static void leaf(String tag, String val, Optional<ExprType> type, int level, int indent, StringBuilder b) {
        String pad = " ".repeat(level * indent);
        String nl = indent > 0 ? "\n" : "";
        b.append(pad).append('<').append(tag).append(" val=\"").append(escape(val)).append('"');
        if (type.isEmpty()) {
            b.append("/>").append(nl);
        } else {
            b.append('>').append(nl);
            writeType(type, level + 1, indent, b);
            b.append(pad).append("</").append(tag).append('>').append(nl);
        }
    }

    private static void writeType(Optional<ExprType> type, int level, int indent, StringBuilder b) {
        if (type.isEmpty()) {
            return;
        }
        String pad = " ".repeat(level * indent);
        String pad2 = " ".repeat((level + 1) * indent);
        String nl = indent > 0 ? "\n" : "";
        ExprType t = type.get();
        b.append(pad).append("<ty>").append(nl)
                .append(pad2).append("<t base=\"").append(escape(t.base())).append('"');
        if (t.size() > 0) {
            b.append(" size=\"").append(t.size()).append('"');
        }
        b.append("/>").append(nl).append(pad).append("</ty>").append(nl);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
