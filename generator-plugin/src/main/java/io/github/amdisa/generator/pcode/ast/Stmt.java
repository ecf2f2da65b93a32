package io.github.amdisa.generator.pcode.ast;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A statement of the pseudocode. Positions live beside the tree (see {@link Expr}). */
public sealed interface Stmt {

    /**
     * {@code t = v}, {@code t += v}, {@code t -= v}, or the chain {@code t1 = t2 = v} (CDNA 4 compares), which
     * assigns v to every target.
     *
     * @param targets one or more targets, left to right; more than one only with {@link AssignOp#SET}
     * @param op the operator
     * @param value the right-hand side
     */
    record Assign(List<Expr> targets, AssignOp op, Expr value) implements Stmt {
        public Assign {
            targets = List.copyOf(targets);
            if (targets.isEmpty() || (targets.size() > 1 && op != AssignOp.SET)) {
                throw new IllegalArgumentException("bad assignment targets " + targets + " for " + op);
            }
        }
    }

    /** The assignment operators. */
    enum AssignOp {
        SET("="), ADD("+="), SUB("-=");

        private final String symbol;

        AssignOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** One {@code if}/{@code elsif} arm. */
    record Branch(Expr cond, List<Stmt> body) {
        public Branch {
            body = List.copyOf(body);
        }
    }

    /** {@code if c then ... elsif c then ... else ... endif}; the first arm is the {@code if}. */
    record If(List<Branch> branches, Optional<List<Stmt>> otherwise) implements Stmt {
        public If {
            branches = List.copyOf(branches);
            otherwise = otherwise.map(List::copyOf);
            if (branches.isEmpty()) {
                throw new IllegalArgumentException("if without condition");
            }
        }
    }

    /** {@code for v in from : to do ... endfor}; both bounds inclusive. */
    record For(String variable, Expr from, Expr to, List<Stmt> body) implements Stmt {
        public For {
            body = List.copyOf(body);
        }
    }

    /** {@code while c do ... endwhile}. */
    record While(Expr cond, List<Stmt> body) implements Stmt {
        public While {
            body = List.copyOf(body);
        }
    }

    /**
     * {@code declare name : 32'U} or {@code declare name : 8'B[8]}.
     *
     * @param arrayLength the element count of an array declaration, 0 for a scalar
     */
    record Declare(String name, ScalarType type, int arrayLength) implements Stmt {
        public Declare {
            Objects.requireNonNull(name);
            Objects.requireNonNull(type);
        }
    }

    /** {@code return value}, inside a lambda block. */
    record Return(Expr value) implements Stmt {
    }

    /** {@code break}, leaving the innermost loop. */
    record Break() implements Stmt {
    }

    /** A call used for its effect ({@code nop()}, {@code s_nop(16'0U)}) or a prose string literal. */
    record ExprStmt(Expr expr) implements Stmt {
        public ExprStmt {
            if (!(expr instanceof Expr.Call) && !(expr instanceof Expr.StringLit)) {
                throw new IllegalArgumentException("expression statement must be a call or string: " + expr);
            }
        }
    }
}
