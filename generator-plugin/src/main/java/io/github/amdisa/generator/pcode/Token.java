package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.generator.pcode.ast.ScalarType;

/**
 * One token of a pseudocode text.
 *
 * @param kind the token class
 * @param text the characters as written
 * @param line 1-based line of the first character
 * @param column 1-based column of the first character
 * @param literal the literal's value for {@link Kind#INT} and {@link Kind#FLOAT}, else null
 * @param type the type of a {@link Kind#TYPE} token ({@code 32'U}), else null
 */
public record Token(Kind kind, String text, int line, int column, Expr literal, ScalarType type) {

    /** Token classes. */
    public enum Kind {
        /** A name; also {@code in}, which is a keyword only inside {@code for}. */
        IDENT,
        /** One of the lower-case reserved words. */
        KEYWORD,
        /** Integer literal, sized or not. */
        INT,
        /** Float literal, sized or not. */
        FLOAT,
        /** A sized type {@code N'T}: a cast when followed by {@code (}, else a declared type. */
        TYPE,
        /** A double-quoted string. */
        STRING,
        /** An operator or punctuation. */
        OP,
        /** End of text. */
        EOF
    }

    /** True for an operator / punctuation token spelled {@code s}. */
    public boolean isOp(String s) {
        return kind == Kind.OP && text.equals(s);
    }

    /** True for the keyword {@code s}. */
    public boolean isKeyword(String s) {
        return kind == Kind.KEYWORD && text.equals(s);
    }

    /** Describes the token for error messages: {@code IDENT 'addr'}, {@code end of text}. */
    public String describe() {
        return kind == Kind.EOF ? "end of text" : kind + " '" + text + "'";
    }
}
