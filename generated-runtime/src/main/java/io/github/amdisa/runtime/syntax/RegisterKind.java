package io.github.amdisa.runtime.syntax;

/** The register files LLVM names with a prefix and an index. */
public enum RegisterKind {
    /** Vector registers {@code v0..v255}. */
    VGPR("v"),
    /** Scalar registers {@code s0..s105}. */
    SGPR("s"),
    /** Accumulation registers {@code a0..a255} (CDNA). */
    AGPR("a"),
    /** Trap temporaries {@code ttmp0..ttmp15}. */
    TTMP("ttmp");

    private final String prefix;

    RegisterKind(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Returns the name prefix LLVM uses.
     *
     * @return {@code "v"}, {@code "s"}, {@code "a"} or {@code "ttmp"}
     */
    public String prefix() {
        return prefix;
    }
}
