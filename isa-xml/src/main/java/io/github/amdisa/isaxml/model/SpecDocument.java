package io.github.amdisa.isaxml.model;

/** The {@code <Document>} header of a spec file. Dates and versions are kept as AMD writes them. */
public record SpecDocument(String copyright, String sensitivity, String license, String releaseDate,
                           String schemaVersion) {

    /** Whether this file uses the schema 1.2.0 additions (typed condition literals, condition IDs). */
    public boolean isSchema12OrLater() {
        String[] p = schemaVersion.split("\\.");
        try {
            int major = Integer.parseInt(p[0]);
            int minor = p.length > 1 ? Integer.parseInt(p[1]) : 0;
            return major > 1 || major == 1 && minor >= 2;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
