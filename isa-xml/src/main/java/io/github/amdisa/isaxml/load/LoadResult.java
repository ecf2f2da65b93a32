package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.model.IsaSpec;
import java.util.List;

/** A loaded spec and the warnings (and ignored defects) found while loading it. */
public record LoadResult(IsaSpec spec, List<SpecProblem> problems) {
    public LoadResult {
        problems = List.copyOf(problems);
    }

    /** Only the warnings. */
    public List<SpecProblem> warnings() {
        return problems.stream().filter(p -> p.severity() == Severity.WARNING).toList();
    }
}
