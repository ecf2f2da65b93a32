package io.github.amdisa.generator.pcode.ast;

import java.util.List;

/** A whole pseudocode text: its statements in order. Empty statements (a lone {@code ;}) are dropped. */
public record Program(List<Stmt> body) {
    public Program {
        body = List.copyOf(body);
    }
}
