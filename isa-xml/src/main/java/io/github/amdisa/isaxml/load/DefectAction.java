package io.github.amdisa.isaxml.load;

/** What to do about a known spec defect. */
public enum DefectAction {
    /** Fail the load with a located error. */
    FAIL,
    /** Repair as documented on the {@link ProblemKind}, and report a located warning. */
    WARN,
    /** Repair silently; the problem is still kept in the result with severity {@link Severity#IGNORED}. */
    IGNORE
}
