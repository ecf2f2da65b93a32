package io.github.amdisa.isaxml.load;

import java.util.List;
import java.util.stream.Collectors;

/** A spec could not be loaded. {@link #problems()} holds every error (and the warnings found before). */
public final class SpecLoadException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<SpecProblem> problems;

    public SpecLoadException(String source, List<SpecProblem> problems) {
        super(message(source, problems));
        this.problems = List.copyOf(problems);
    }

    public SpecLoadException(String source, List<SpecProblem> problems, Throwable cause) {
        super(message(source, problems), cause);
        this.problems = List.copyOf(problems);
    }

    private static String message(String source, List<SpecProblem> problems) {
        List<SpecProblem> errors = problems.stream().filter(p -> p.severity() == Severity.ERROR).toList();
        String head = "Cannot load ISA spec " + source + ": " + errors.size() + " error(s)";
        return head + errors.stream().limit(50).map(p -> "\n  " + p).collect(Collectors.joining())
                + (errors.size() > 50 ? "\n  ... and " + (errors.size() - 50) + " more" : "");
    }

    public List<SpecProblem> problems() {
        return problems;
    }

    /** Only the errors. */
    public List<SpecProblem> errors() {
        return problems.stream().filter(p -> p.severity() == Severity.ERROR).toList();
    }
}
