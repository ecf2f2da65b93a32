package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.model.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Collects the problems of one load, applying the defect policy as they are reported. */
final class Problems {

    private final DefectPolicy policy;
    private final List<SpecProblem> all = new ArrayList<>();
    private int errors;

    Problems(DefectPolicy policy) {
        this.policy = policy;
    }

    /** Reports a problem; returns true when it is an error under the policy. */
    boolean report(ProblemKind kind, String message, SourceLocation where, String instruction, String encoding) {
        Severity s = policy.severityOf(kind);
        all.add(new SpecProblem(s, kind, message, where, Optional.ofNullable(instruction),
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
