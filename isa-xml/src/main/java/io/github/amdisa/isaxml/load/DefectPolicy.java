package io.github.amdisa.isaxml.load;

import java.util.EnumMap;
import java.util.Map;

/**
 * Decides, per {@link ProblemKind#knownDefect() known defect}, whether the loader fails, warns or ignores. Problems
 * that are not known defects are always errors; asking to relax them is refused, because the model could not be
 * consistent.
 */
public final class DefectPolicy {

    private final Map<ProblemKind, DefectAction> actions;

    private DefectPolicy(Map<ProblemKind, DefectAction> actions) {
        this.actions = actions;
    }

    /** Each defect's {@link ProblemKind#defaultAction() default action}: known AMD defects warn. */
    public static DefectPolicy defaults() {
        return new DefectPolicy(new EnumMap<>(ProblemKind.class));
    }

    /** Every known defect fails the load: for checking that a spec is clean. */
    public static DefectPolicy strict() {
        return all(DefectAction.FAIL);
    }

    /** Every known defect gets {@code action}. */
    public static DefectPolicy all(DefectAction action) {
        Map<ProblemKind, DefectAction> m = new EnumMap<>(ProblemKind.class);
        for (ProblemKind k : ProblemKind.values()) {
            if (k.knownDefect()) {
                m.put(k, action);
            }
        }
        return new DefectPolicy(m);
    }

    /** This policy with {@code kind} set to {@code action}. */
    public DefectPolicy with(ProblemKind kind, DefectAction action) {
        if (!kind.knownDefect()) {
            throw new IllegalArgumentException(kind + " is not a known defect and is always an error");
        }
        Map<ProblemKind, DefectAction> m = new EnumMap<>(ProblemKind.class);
        m.putAll(actions);
        m.put(kind, action);
        return new DefectPolicy(m);
    }

    /** The action for {@code kind}: {@link DefectAction#FAIL} for every kind that is not a known defect. */
    public DefectAction actionFor(ProblemKind kind) {
        if (!kind.knownDefect()) {
            return DefectAction.FAIL;
        }
        return actions.getOrDefault(kind, kind.defaultAction());
    }

    /** The severity a problem of {@code kind} gets under this policy. */
    public Severity severityOf(ProblemKind kind) {
        return switch (actionFor(kind)) {
            case FAIL -> Severity.ERROR;
            case WARN -> Severity.WARNING;
            case IGNORE -> Severity.IGNORED;
        };
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("DefectPolicy{");
        for (ProblemKind k : ProblemKind.values()) {
            if (k.knownDefect()) {
                b.append(k).append('=').append(actionFor(k)).append(' ');
            }
        }
        return b.append('}').toString();
    }
}
