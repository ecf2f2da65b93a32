package io.github.amdisa.generator.pcode;

/** What a pseudocode text is: code in the core grammar, or one of the informal kinds. */
public sealed interface Classification {

    /** A text in the core grammar. */
    record Parsed(ParsedText text) implements Classification {
    }

    /**
     * A text outside the core grammar that shows the marks of an informal kind.
     *
     * @param kind the kind
     * @param evidence the line and words that show the kind, e.g. {@code line 1: 's_sleep 0'}
     * @param parseError where the core grammar stopped
     */
    record Informal(InformalKind kind, String evidence, PcodeSyntaxException parseError) implements Classification {

        /** A one-line reason: kind, evidence and parse stop. */
        public String reason() {
            return kind.description() + "; " + evidence + "; parser stopped at " + parseError.line() + ":"
                    + parseError.column() + " (expected " + parseError.expected() + ", found "
                    + parseError.found() + ")";
        }
    }
}
