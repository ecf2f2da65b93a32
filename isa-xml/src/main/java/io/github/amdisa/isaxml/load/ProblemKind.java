package io.github.amdisa.isaxml.load;

/**
 * Every kind of problem the loader can find in a spec. Kinds marked as known AMD defects are things AMD's real files
 * do and that a reader can repair; they go through the {@link DefectPolicy}. All other kinds are errors: the spec
 * cannot be turned into a consistent model.
 */
public enum ProblemKind {
    // ---- file level
    UNREADABLE("the input cannot be read or is not well-formed XML"),
    WRONG_ROOT("the root element is not <Spec>"),
    MISSING_ELEMENT("a required element or value is missing"),
    BAD_NUMBER("a number cannot be parsed in its radix, or is out of range"),
    BAD_BOOLEAN("a flag is not TRUE/FALSE"),
    BAD_ENUM("a value is not one of the allowed words"),
    LIMIT_EXCEEDED("the input exceeds a size limit (file size, text or tag length, nesting depth, number of "
            + "problems); see InputLimits"),
    // ---- cross references
    UNKNOWN_ENCODING("an instruction names an encoding that is not defined"),
    UNKNOWN_CONDITION("an instruction names a condition its encoding does not define"),
    UNKNOWN_FIELD("an operand or condition names a field its encoding does not have"),
    UNKNOWN_OPERAND_TYPE("an operand names an operand type that is not defined"),
    UNKNOWN_DATA_FORMAT("an operand names a data format that is not defined"),
    UNKNOWN_OPERATOR("a condition expression uses an operator amdisa does not know"),
    // ---- consistency
    OPCODE_NOT_IN_IDENTIFIERS("an instruction's opcode is not among its encoding's identifiers"),
    IDENTIFIER_OUTSIDE_MASK("an encoding identifier has bits set outside the identifier mask"),
    WIDTH_MISMATCH("a mask, identifier or range does not fit the encoding's bit count"),
    FIELD_OUT_OF_RANGE("a field's bit range lies outside its encoding"),
    OVERLAPPING_FIELDS("two unconditional fields of one encoding share bits"),
    RANGE_COUNT_MISMATCH("a BitLayout's RangeCount differs from its number of ranges"),
    DUPLICATE_INSTRUCTION("two instructions have the same name"),
    DUPLICATE_NAME("two data formats, operand types, fields or groups have the same name"),
    DUPLICATE_OPERAND_ORDER("two operands of one instruction encoding have the same Order"),
    // ---- known AMD defects (policy-controlled)
    DUPLICATE_ENCODING("an encoding is declared more than once (AMD CDNA 3/4: ENC_FLAT three times)", true,
            DefectAction.WARN),
    DUPLICATE_CONDITION("an encoding declares a condition name more than once", true, DefectAction.WARN),
    EMPTY_CONDITION("a condition has no expression (AMD CDNA 3/4: ENC_FLAT_GLBL/default); read as always true",
            true, DefectAction.WARN),
    EMPTY_VALUE("a predefined value has an empty <Value/>", true, DefectAction.WARN),
    UNKNOWN_ELEMENT("an element that this version of amdisa does not know (a newer schema?); skipped", true,
            DefectAction.WARN),
    UNKNOWN_GROUP("an instruction names a functional group or subgroup that is not listed", true,
            DefectAction.WARN),
    UNKNOWN_SCHEMA_VERSION("the SchemaVersion is not one amdisa was built for", true, DefectAction.WARN);

    private final String description;
    private final boolean knownDefect;
    private final DefectAction defaultAction;

    ProblemKind(String description) {
        this(description, false, DefectAction.FAIL);
    }

    ProblemKind(String description, boolean knownDefect, DefectAction defaultAction) {
        this.description = description;
        this.knownDefect = knownDefect;
        this.defaultAction = defaultAction;
    }

    public String description() {
        return description;
    }

    /** Whether this is a known, repairable defect that the {@link DefectPolicy} decides about. */
    public boolean knownDefect() {
        return knownDefect;
    }

    /** The action taken when the policy does not say otherwise. */
    public DefectAction defaultAction() {
        return defaultAction;
    }
}
