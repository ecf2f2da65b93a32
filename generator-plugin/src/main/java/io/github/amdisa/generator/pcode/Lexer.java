package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.ScalarType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits a pseudocode text into tokens. Newlines are not significant; {@code //} comments are collected apart
 * (they carry information such as {@code // D0 = VCC in VOPC encoding.} but are not code).
 *
 * <p>Literal forms: {@code 12}, {@code 12U}, {@code 12LL}, {@code 12ULL}, {@code 0x1f} (same suffixes),
 * {@code 0.5}, {@code 0.5F}, and sized {@code N'value} with any of those values ({@code 8'0U}, {@code 32'0x3f800000},
 * {@code 16'1.0}). {@code N'T} with letters T ({@code U I B F BF}) is a {@link Token.Kind#TYPE} token. A number run
 * into letters that are no suffix ({@code 16x128}) is an error, which is how matrix-shape formulas fall out of the
 * grammar.
 */
public final class Lexer {

    /** The reserved words. {@code in} is not among them: it is also a variable name. */
    public static final Set<String> KEYWORDS = Set.of("if", "then", "elsif", "else", "endif", "for", "do", "endfor",
            "while", "endwhile", "break", "return", "declare", "lambda");

    /** Operators, longest first so that maximal munch is a prefix test. */
    private static final String[] OPERATORS = {"**", "==", "!=", "<>", "<=", ">=", "<<", ">>", "&&", "||", "+=",
        "-=", "+:", "(", ")", "[", "]", "{", "}", ",", ";", ":", "?", ".", "=", "<", ">", "+", "-", "*", "/", "%",
        "!", "~", "&", "|", "^"};

    /** A {@code //} comment: line, column and the text after the slashes. */
    public record Comment(int line, int column, String text) {
    }

    /** The tokens of a text (ending with EOF) and its comments. */
    public record Result(List<Token> tokens, List<Comment> comments) {
    }

    private final String src;
    private final String instruction;
    private int pos;
    private int line = 1;
    private int lineStart;

    private Lexer(String src, String instruction) {
        this.src = src;
        this.instruction = instruction;
    }

    /**
     * Tokenises {@code text}.
     *
     * @param instruction the instruction name, for error messages
     * @throws PcodeSyntaxException on a character or number the language does not have
     */
    public static Result tokenize(String text, String instruction) throws PcodeSyntaxException {
        return new Lexer(text, instruction).run();
    }

    private Result run() throws PcodeSyntaxException {
        List<Token> tokens = new ArrayList<>();
        List<Comment> comments = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos >= src.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", line, col(), null, null));
                return new Result(tokens, comments);
            }
            char c = src.charAt(pos);
            int startCol = col();
            if (c == '/' && pos + 1 < src.length() && src.charAt(pos + 1) == '/') {
                int end = src.indexOf('\n', pos);
                end = end < 0 ? src.length() : end;
                comments.add(new Comment(line, startCol, src.substring(pos + 2, end).strip()));
                pos = end;
            } else if (Character.isLetter(c) || c == '_') {
                int start = pos;
                while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                    pos++;
                }
                String word = src.substring(start, pos);
                tokens.add(new Token(KEYWORDS.contains(word) ? Token.Kind.KEYWORD : Token.Kind.IDENT, word, line,
                        startCol, null, null));
            } else if (Character.isDigit(c)) {
                tokens.add(number());
            } else if (c == '"') {
                int end = src.indexOf('"', pos + 1);
                int nl = src.indexOf('\n', pos + 1);
                if (end < 0 || (nl >= 0 && nl < end)) {
                    throw error(startCol, "closing '\"'", "unterminated string");
                }
                String s = src.substring(pos + 1, end);
                pos = end + 1;
                tokens.add(new Token(Token.Kind.STRING, s, line, startCol, new Expr.StringLit(s), null));
            } else {
                String op = operator();
                if (op == null) {
                    throw error(startCol, "token", "character '" + c + "'");
                }
                pos += op.length();
                tokens.add(new Token(Token.Kind.OP, op, line, startCol, null, null));
            }
        }
    }

    private String operator() {
        for (String op : OPERATORS) {
            if (src.startsWith(op, pos)) {
                return op;
            }
        }
        return null;
    }

    private void skipSpace() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = pos + 1;
            } else if (!Character.isWhitespace(c)) {
                return;
            }
            pos++;
        }
    }

    private int col() {
        return pos - lineStart + 1;
    }

    /** A number starting at a digit: plain, or {@code N'} followed by a value or by type letters. */
    private Token number() throws PcodeSyntaxException {
        int start = pos;
        int startCol = col();
        int digitsEnd = skipDigits(pos);
        if (digitsEnd < src.length() && src.charAt(digitsEnd) == '\'') {
            int width = Integer.parseInt(src.substring(start, digitsEnd));
            if (width < 1) {
                throw error(startCol, "positive width", "width 0");
            }
            pos = digitsEnd + 1;
            if (pos < src.length() && Character.isUpperCase(src.charAt(pos))) {
                int t = pos;
                while (pos < src.length() && Character.isUpperCase(src.charAt(pos))) {
                    pos++;
                }
                String letters = src.substring(t, pos);
                var kind = ScalarType.castKind(letters);
                if (kind.isEmpty() || endsInWordChar()) {
                    throw error(startCol, "type letter U, I, B, F or BF", "'" + src.substring(start, wordEnd()) + "'");
                }
                return new Token(Token.Kind.TYPE, src.substring(start, pos), line, startCol, null,
                        new ScalarType(kind.get(), width));
            }
            if (pos >= src.length() || !Character.isDigit(src.charAt(pos))) {
                throw error(startCol, "value or type after " + width + "'", "'" + src.substring(start, wordEnd()) + "'");
            }
            Expr value = unsizedValue(startCol, width);
            return new Token(value instanceof Expr.IntLit ? Token.Kind.INT : Token.Kind.FLOAT,
                    src.substring(start, pos), line, startCol, value, null);
        }
        Expr value = unsizedValue(startCol, 0);
        return new Token(value instanceof Expr.IntLit ? Token.Kind.INT : Token.Kind.FLOAT, src.substring(start, pos),
                line, startCol, value, null);
    }

    /** Reads a decimal, hex or float value with its suffix at {@code pos}, giving it {@code width} (0 = unsized). */
    private Expr unsizedValue(int startCol, int width) throws PcodeSyntaxException {
        int start = pos;
        Expr result;
        if (src.startsWith("0x", pos) || src.startsWith("0X", pos)) {
            int h = pos + 2;
            while (h < src.length() && Character.digit(src.charAt(h), 16) >= 0) {
                h++;
            }
            if (h == pos + 2) {
                throw error(startCol, "hex digits", "'" + src.substring(start, wordEnd()) + "'");
            }
            BigInteger v = new BigInteger(src.substring(pos + 2, h), 16);
            pos = h;
            result = new Expr.IntLit(v, width, intSuffix(), true);
        } else {
            int d = skipDigits(pos);
            if (d + 1 < src.length() && src.charAt(d) == '.' && Character.isDigit(src.charAt(d + 1))) {
                int f = skipDigits(d + 1);
                String digits = src.substring(pos, f);
                pos = f;
                boolean single = false;
                if (pos < src.length() && src.charAt(pos) == 'F') {
                    single = true;
                    pos++;
                }
                result = new Expr.FloatLit(digits, width, single);
            } else {
                BigInteger v = new BigInteger(src.substring(pos, d));
                pos = d;
                result = new Expr.IntLit(v, width, intSuffix(), false);
            }
        }
        if (endsInWordChar()) {
            throw error(startCol, "number", "malformed number '" + src.substring(start, wordEnd()) + "'");
        }
        return result;
    }

    private Expr.IntSuffix intSuffix() {
        for (Expr.IntSuffix s : new Expr.IntSuffix[] {Expr.IntSuffix.ULL, Expr.IntSuffix.LL, Expr.IntSuffix.U}) {
            if (src.startsWith(s.spelling(), pos)) {
                pos += s.spelling().length();
                return s;
            }
        }
        return Expr.IntSuffix.NONE;
    }

    /** True when the character at {@code pos} continues a word, so the number just read is run into letters. */
    private boolean endsInWordChar() {
        return pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_');
    }

    private int wordEnd() {
        int e = pos;
        while (e < src.length() && (Character.isLetterOrDigit(src.charAt(e)) || src.charAt(e) == '_'
                || src.charAt(e) == '\'')) {
            e++;
        }
        return e;
    }

    private int skipDigits(int p) {
        while (p < src.length() && Character.isDigit(src.charAt(p))) {
            p++;
        }
        return p;
    }

    private PcodeSyntaxException error(int column, String expected, String found) {
        return new PcodeSyntaxException(instruction, line, column, expected, found);
    }
}
