package io.github.amdisa.generator.pcode;

/** What an identifier in a pseudocode text stands for, as resolved by {@link Resolver}. */
public enum NameKind {
    /** An operand or instruction field: {@code S0}, {@code D0}, {@code SRC0}, {@code VDST}, {@code ADDR}, ... */
    OPERAND,
    /** A special register or piece of wave state: {@code VCC}, {@code EXEC}, {@code SCC}, {@code M0}, {@code PC}. */
    SPECIAL_REGISTER,
    /** A register file indexed by number: {@code VGPR}, {@code SGPR}, {@code HW_REGISTERS}. */
    REGISTER_FILE,
    /** Memory indexed by address: {@code MEM}, {@code LDS}. */
    MEMORY,
    /** The index of the lane being evaluated: {@code laneId} (also spelled {@code laneID}). */
    LANE,
    /** A named constant: {@code INF}, {@code PI}, {@code ROUND_NEAREST_EVEN}, ... */
    CONSTANT,
    /** A temporary of the text, bound by assignment or {@code declare}. */
    LOCAL,
    /** A name bound to a {@code lambda}. */
    LAMBDA,
    /** A lambda parameter. */
    PARAMETER,
    /** A {@code for} loop variable. */
    LOOP_VARIABLE,
    /** Read before anything binds it and not a known environment name: reported as a problem. */
    UNKNOWN;

    /** True for names the machine or instruction supplies (not bound by the text). */
    public boolean isEnvironment() {
        return switch (this) {
            case OPERAND, SPECIAL_REGISTER, REGISTER_FILE, MEMORY, LANE, CONSTANT -> true;
            default -> false;
        };
    }
}
