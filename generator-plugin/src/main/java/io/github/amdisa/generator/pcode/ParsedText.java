package io.github.amdisa.generator.pcode;

import io.github.amdisa.generator.pcode.ast.Program;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of parsing one text: the tree, the comments, and the source position of every node. Positions are kept
 * by node identity beside the tree, so the tree's records compare by structure alone.
 */
public final class ParsedText {

    /** A 1-based line and column. */
    public record Position(int line, int column) {
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    private final Program program;
    private final List<Lexer.Comment> comments;
    private final Map<Object, Position> positions;

    ParsedText(Program program, List<Lexer.Comment> comments, IdentityHashMap<Object, Position> positions) {
        this.program = program;
        this.comments = List.copyOf(comments);
        this.positions = Collections.unmodifiableMap(positions);
    }

    public Program program() {
        return program;
    }

    /** The {@code //} comments, in text order. */
    public List<Lexer.Comment> comments() {
        return comments;
    }

    /** Where {@code node} (a statement or expression of this tree, by identity) starts; null if it is not one. */
    public Position position(Object node) {
        return positions.get(node);
    }
}
