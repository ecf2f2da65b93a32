package io.github.amdisa.isaxml.model;

import java.util.Arrays;
import java.util.Optional;

/** The {@code Signedness} attribute of a data format field. */
public enum Signedness {
    UNSIGNED("Unsigned"), SIGNED("Signed"), SIGNED_BY_MODIFIER("SignedByModifier"), DOES_NOT_APPLY("DoesNotApply");

    private final String xml;

    Signedness(String xml) {
        this.xml = xml;
    }

    /** The spelling in AMD's XML. */
    public String xml() {
        return xml;
    }

    public static Optional<Signedness> fromXml(String text) {
        return Arrays.stream(values()).filter(s -> s.xml.equals(text)).findFirst();
    }
}
