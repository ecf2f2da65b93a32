package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.model.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Collects the problems of one load, applying the defect policy as they are reported. */
final class Problems {

    /** Thrown when the problem limit is reached; the loader stops reading and fails. */
    static final class TooMany extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooMany() {
            super("too many problems", null, false, false);
        }
    }

    private final DefectPolicy policy;
    private final int maxProblems;
    private final List<SpecProblem> all = new ArrayList<>();
    private int errors;

    Problems(DefectPolicy policy) {
        this(policy, InputLimits.defaults().maxProblems());
    }

    Problems(DefectPolicy policy, int maxProblems) {
        this.policy = policy;
        this.maxProblems = maxProblems;
    }

    /**
     * Reports an error that ends the load (a limit, a parse error), even when the problem limit has been reached.
     */
    void reportFinal(ProblemKind kind, String message, SourceLocation where) {
        all.add(new SpecProblem(Severity.ERROR, kind, shorten(message), where, Optional.empty(), Optional.empty()));
        errors++;
    }

    /** Reports a problem; returns true when it is an error under the policy. */
    boolean report(ProblemKind kind, String message, SourceLocation where, String instruction, String encoding) {
        Severity s = policy.severityOf(kind);
        if (all.size() >= maxProblems) {
            reportFinal(ProblemKind.LIMIT_EXCEEDED, "more than " + maxProblems + " problems; stopped reading here",
                    where);
            throw new TooMany();
        }
        all.add(new SpecProblem(s, kind, shorten(message), where, Optional.ofNullable(instruction),
                Optional.ofNullable(encoding)));
        if (s == Severity.ERROR) {
            errors++;
            return true;
        }
        return false;
    }

    boolean report(ProblemKind kind, String message, SourceLocation where) {
        return report(kind, message, where, null, null);
    }

    /** Messages quote values from the file; a hostile file's values can be megabytes long. */
    private static String shorten(String message) {
        int max = 1000;
        return message == null || message.length() <= max ? message
                : message.substring(0, max) + "... (" + message.length() + " characters)";
    }

    boolean hasErrors() {
        return errors > 0;
    }

    int errorCount() {
        return errors;
    }

    List<SpecProblem> all() {
        return all;
    }
}
