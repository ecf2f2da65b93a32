package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.BinaryOp;
import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.generator.pcode.ast.Stmt;
import io.github.amdisa.generator.pcode.ast.UnaryOp;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser of the core pseudocode grammar, with precedence climbing for binary operators (see
 * {@link BinaryOp} for the order). The ternary {@code ?:} is the lowest level and right-associative; a {@code :}
 * inside brackets after a complete expression makes a slice, so {@code x[c ? a : b]} and {@code x[hi : lo]} are both
 * read correctly. {@code in} is a keyword only between the loop variable and the bounds of a {@code for}.
 *
 * <p>Statements are separated by {@code ;}; one is optional before a block end and at the end of the text, and lone
 * {@code ;} are skipped. An expression statement must be a call or a string literal; assignment targets must be
 * names with any chain of index, slice, part-select, type and field, or a concatenation of such targets.
 */
public final class Parser {

    private static final Set<String> IF_ENDS = Set.of("elsif", "else", "endif");
    private static final Set<String> ELSE_ENDS = Set.of("endif");
    private static final Set<String> FOR_ENDS = Set.of("endfor");
    private static final Set<String> WHILE_ENDS = Set.of("endwhile");
    /** Pseudo-terminator for a lambda block, which ends at {@code )}. */
    private static final String CLOSE_PAREN = ")";
    /** Pseudo-terminator for the whole text. */
    private static final String END = "<end>";

    private final List<Token> tokens;
    private final String instruction;
    private final IdentityHashMap<Object, ParsedText.Position> positions = new IdentityHashMap<>();
    private int pos;

    private Parser(List<Token> tokens, String instruction) {
        this.tokens = tokens;
        this.instruction = instruction;
    }

    /**
     * Parses a whole text.
     *
     * @param text the pseudocode
     * @param instruction the instruction name, used in error messages
     * @throws PcodeSyntaxException at the first token the grammar does not allow
     */
    public static ParsedText parse(String text, String instruction) throws PcodeSyntaxException {
        Lexer.Result lexed = Lexer.tokenize(text, instruction);
        Parser p = new Parser(lexed.tokens(), instruction);
        List<Stmt> body = p.block(Set.of(END));
        Program program = new Program(body);
        return new ParsedText(program, lexed.comments(), p.positions);
    }

    /** Parses a single expression (for tests and tools); the whole text must be the expression. */
    public static Expr parseExpression(String text) throws PcodeSyntaxException {
        Parser p = new Parser(Lexer.tokenize(text, "").tokens(), "");
        Expr e = p.expression();
        p.expectEnd();
        return e;
    }

    // ---------------------------------------------------------------------------------------------- statements

    /** Statements until one of {@code enders} (keywords, {@link #CLOSE_PAREN} or {@link #END}); not consumed. */
    private List<Stmt> block(Set<String> enders) throws PcodeSyntaxException {
        List<Stmt> out = new ArrayList<>();
        while (true) {
            while (peek().isOp(";")) {
                pos++;
            }
            if (atEnd(enders)) {
                return out;
            }
            out.add(statement());
            if (peek().isOp(";")) {
                pos++;
            } else if (!atEnd(enders)) {
                throw expected("';' or " + describeEnders(enders));
            }
        }
    }

    private boolean atEnd(Set<String> enders) {
        Token t = peek();
        return switch (t.kind()) {
            case EOF -> enders.contains(END);
            case KEYWORD -> enders.contains(t.text());
            case OP -> t.text().equals(CLOSE_PAREN) && enders.contains(CLOSE_PAREN);
            default -> false;
        };
    }

    private static String describeEnders(Set<String> enders) {
        List<String> names = new ArrayList<>();
        for (String e : enders) {
            names.add(e.equals(END) ? "end of text" : "'" + e + "'");
        }
        names.sort(null);
        return String.join(" or ", names);
    }

    private Stmt statement() throws PcodeSyntaxException {
        Token t = peek();
        if (t.kind() == Token.Kind.KEYWORD) {
            return switch (t.text()) {
                case "if" -> ifStatement();
                case "for" -> forStatement();
                case "while" -> whileStatement();
                case "declare" -> declare();
                case "return" -> {
                    pos++;
                    yield at(new Stmt.Return(expression()), t);
                }
                case "break" -> {
                    pos++;
                    yield at(new Stmt.Break(), t);
                }
                default -> throw expected("statement");
            };
        }
        if (t.kind() == Token.Kind.STRING) {
            pos++;
            return at(new Stmt.ExprStmt(at(new Expr.StringLit(t.text()), t)), t);
        }
        Expr first = expression();
        Token opToken = peek();
        Stmt.AssignOp op = opToken.isOp("=") ? Stmt.AssignOp.SET
                : opToken.isOp("+=") ? Stmt.AssignOp.ADD : opToken.isOp("-=") ? Stmt.AssignOp.SUB : null;
        if (op == null) {
            if (first instanceof Expr.Call) {
                return at(new Stmt.ExprStmt(first), t);
            }
            throw new PcodeSyntaxException(instruction, t.line(), t.column(),
                    "assignment or call statement", "expression statement " + t.describe());
        }
        requireAssignable(first, t);
        pos++;
        List<Expr> targets = new ArrayList<>();
        targets.add(first);
        Token valueStart = peek();
        Expr value = expression();
        while (op == Stmt.AssignOp.SET && peek().isOp("=")) {
            // a = b = e: what was parsed as the value is another target.
            requireAssignable(value, valueStart);
            targets.add(value);
            pos++;
            valueStart = peek();
            value = expression();
        }
        return at(new Stmt.Assign(targets, op, value), t);
    }

    private void requireAssignable(Expr e, Token where) throws PcodeSyntaxException {
        if (!isAssignable(e)) {
            ParsedText.Position p = positions.get(e);
            throw new PcodeSyntaxException(instruction, p == null ? where.line() : p.line(),
                    p == null ? where.column() : p.column(), "assignable target",
                    e.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " expression");
        }
    }

    private static boolean isAssignable(Expr e) {
        if (e instanceof Expr.Ident) {
            return true;
        } else if (e instanceof Expr.Index i) {
            return isAssignable(i.base());
        } else if (e instanceof Expr.Slice s) {
            return isAssignable(s.base());
        } else if (e instanceof Expr.PartSelect s) {
            return isAssignable(s.base());
        } else if (e instanceof Expr.Typed t) {
            return isAssignable(t.base());
        } else if (e instanceof Expr.Field f) {
            return isAssignable(f.base());
        } else if (e instanceof Expr.Concat c) {
            return c.parts().stream().allMatch(Parser::isAssignable);
        }
        return false;
    }

    private Stmt ifStatement() throws PcodeSyntaxException {
        Token start = next(); // if
        List<Stmt.Branch> branches = new ArrayList<>();
        Expr cond = expression();
        expectKeyword("then");
        branches.add(new Stmt.Branch(cond, block(IF_ENDS)));
        Optional<List<Stmt>> otherwise = Optional.empty();
        while (true) {
            Token t = next();
            if (t.isKeyword("elsif")) {
                Expr c = expression();
                expectKeyword("then");
                branches.add(new Stmt.Branch(c, block(IF_ENDS)));
            } else if (t.isKeyword("else")) {
                otherwise = Optional.of(block(ELSE_ENDS));
                expectKeyword("endif");
                break;
            } else {
                break; // endif, guaranteed by block()
            }
        }
        return at(new Stmt.If(branches, otherwise), start);
    }

    private Stmt forStatement() throws PcodeSyntaxException {
        Token start = next();
        String var = expectIdent("loop variable");
        Token in = peek();
        if (in.kind() != Token.Kind.IDENT || !in.text().equals("in")) {
            throw expected("'in'");
        }
        pos++;
        Expr from = expression();
        expectOp(":");
        Expr to = expression();
        expectKeyword("do");
        List<Stmt> body = block(FOR_ENDS);
        expectKeyword("endfor");
        return at(new Stmt.For(var, from, to, body), start);
    }

    private Stmt whileStatement() throws PcodeSyntaxException {
        Token start = next();
        Expr cond = expression();
        expectKeyword("do");
        List<Stmt> body = block(WHILE_ENDS);
        expectKeyword("endwhile");
        return at(new Stmt.While(cond, body), start);
    }

    private Stmt declare() throws PcodeSyntaxException {
        Token start = next();
        String name = expectIdent("declared name");
        expectOp(":");
        Token type = peek();
        if (type.kind() != Token.Kind.TYPE) {
            throw expected("type such as 32'U");
        }
        pos++;
        int length = 0;
        if (peek().isOp("[")) {
            pos++;
            Token n = peek();
            if (n.kind() != Token.Kind.INT || !(n.literal() instanceof Expr.IntLit lit) || lit.width() != 0
                    || lit.value().signum() <= 0 || lit.value().bitLength() > 30) {
                throw expected("array length");
            }
            pos++;
            length = lit.value().intValueExact();
            expectOp("]");
        }
        return at(new Stmt.Declare(name, type.type(), length), start);
    }

    // --------------------------------------------------------------------------------------------- expressions

    private Expr expression() throws PcodeSyntaxException {
        Token start = peek();
        Expr cond = binary(1);
        if (!peek().isOp("?")) {
            return cond;
        }
        pos++;
        Expr then = expression();
        expectOp(":");
        Expr otherwise = expression();
        return at(new Expr.Ternary(cond, then, otherwise), start);
    }

    private Expr binary(int minPrecedence) throws PcodeSyntaxException {
        Token start = peek();
        Expr left = unary();
        while (true) {
            Token t = peek();
            BinaryOp op = t.kind() == Token.Kind.OP ? BinaryOp.forSymbol(t.text()) : null;
            if (op == null || op.precedence() < minPrecedence) {
                return left;
            }
            pos++;
            Expr right = binary(op.rightAssociative() ? op.precedence() : op.precedence() + 1);
            left = at(new Expr.Binary(op, left, right), start);
        }
    }

    private Expr unary() throws PcodeSyntaxException {
        Token t = peek();
        UnaryOp op = t.kind() != Token.Kind.OP ? null : switch (t.text()) {
            case "-" -> UnaryOp.NEG;
            case "+" -> UnaryOp.PLUS;
            case "!" -> UnaryOp.NOT;
            case "~" -> UnaryOp.BIT_NOT;
            default -> null;
        };
        if (op == null) {
            return postfix();
        }
        pos++;
        return at(new Expr.Unary(op, unary()), t);
    }

    private Expr postfix() throws PcodeSyntaxException {
        Token start = peek();
        Expr e = primary();
        while (true) {
            Token t = peek();
            if (t.isOp("[")) {
                pos++;
                Expr first = expression();
                if (peek().isOp(":")) {
                    pos++;
                    Expr lo = expression();
                    e = at(new Expr.Slice(e, first, lo), start);
                } else if (peek().isOp("+:")) {
                    pos++;
                    Expr width = expression();
                    e = at(new Expr.PartSelect(e, first, width), start);
                } else {
                    e = at(new Expr.Index(e, first), start);
                }
                expectOp("]");
            } else if (t.isOp(".")) {
                pos++;
                Token name = peek();
                if (name.kind() != Token.Kind.IDENT && name.kind() != Token.Kind.KEYWORD) {
                    throw expected("type or field name after '.'");
                }
                pos++;
                Expr base = e;
                e = io.github.amdisa.generator.pcode.ast.ScalarType.fromSuffix(name.text())
                        .<Expr>map(type -> new Expr.Typed(base, type))
                        .orElseGet(() -> new Expr.Field(base, name.text()));
                at(e, start);
            } else {
                return e;
            }
        }
    }

    private Expr primary() throws PcodeSyntaxException {
        Token t = peek();
        switch (t.kind()) {
            case IDENT -> {
                pos++;
                if (peek().isOp("(")) {
                    pos++;
                    return at(new Expr.Call(t.text(), arguments(")")), t);
                }
                return at(new Expr.Ident(t.text()), t);
            }
            case INT, FLOAT, STRING -> {
                pos++;
                return at(t.literal(), t);
            }
            case TYPE -> {
                pos++;
                expectOp("(");
                Expr operand = expression();
                expectOp(")");
                return at(new Expr.Cast(t.type(), operand), t);
            }
            case KEYWORD -> {
                if (t.isKeyword("lambda")) {
                    return lambda();
                }
                throw expected("expression");
            }
            case OP -> {
                if (t.isOp("(")) {
                    pos++;
                    Expr inner = expression();
                    expectOp(")");
                    return inner;
                }
                if (t.isOp("{")) {
                    pos++;
                    return at(new Expr.Concat(arguments("}")), t);
                }
                throw expected("expression");
            }
            default -> throw expected("expression");
        }
    }

    /** Comma-separated expressions up to and including {@code close}; the opening bracket is consumed. */
    private List<Expr> arguments(String close) throws PcodeSyntaxException {
        List<Expr> args = new ArrayList<>();
        if (peek().isOp(close)) {
            pos++;
            return args;
        }
        while (true) {
            args.add(expression());
            if (peek().isOp(",")) {
                pos++;
            } else {
                expectOp(close);
                return args;
            }
        }
    }

    /**
     * {@code lambda(p, q) ( body )}. The body is an expression when one parses up to the closing {@code )};
     * otherwise it is a statement block.
     */
    private Expr lambda() throws PcodeSyntaxException {
        Token start = next();
        expectOp("(");
        List<String> params = new ArrayList<>();
        if (!peek().isOp(")")) {
            while (true) {
                params.add(expectIdent("parameter name"));
                if (peek().isOp(",")) {
                    pos++;
                } else {
                    break;
                }
            }
        }
        expectOp(")");
        expectOp("(");
        int mark = pos;
        if (!(peek().kind() == Token.Kind.KEYWORD && !peek().isKeyword("lambda"))) {
            try {
                Expr body = expression();
                if (peek().isOp(")")) {
                    pos++;
                    return at(new Expr.Lambda(params, body), start);
                }
            } catch (PcodeSyntaxException notAnExpression) {
                // Fall through to a statement body.
            }
            pos = mark;
        }
        List<Stmt> body = block(Set.of(CLOSE_PAREN));
        expectOp(")");
        return at(new Expr.LambdaBlock(params, body), start);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        return tokens.get(pos++);
    }

    private void expectOp(String op) throws PcodeSyntaxException {
        if (!peek().isOp(op)) {
            throw expected("'" + op + "'");
        }
        pos++;
    }

    private void expectKeyword(String keyword) throws PcodeSyntaxException {
        if (!peek().isKeyword(keyword)) {
            throw expected("'" + keyword + "'");
        }
        pos++;
    }

    private String expectIdent(String what) throws PcodeSyntaxException {
        Token t = peek();
        if (t.kind() != Token.Kind.IDENT) {
            throw expected(what);
        }
        pos++;
        return t.text();
    }

    private void expectEnd() throws PcodeSyntaxException {
        if (peek().kind() != Token.Kind.EOF) {
            throw expected("end of text");
        }
    }

    private PcodeSyntaxException expected(String what) {
        Token t = peek();
        return new PcodeSyntaxException(instruction, t.line(), t.column(), what, t.describe());
    }

    private <T> T at(T node, Token start) {
        positions.putIfAbsent(node, new ParsedText.Position(start.line(), start.column()));
        return node;
    }
}
