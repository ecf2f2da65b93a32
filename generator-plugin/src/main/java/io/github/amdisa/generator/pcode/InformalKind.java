package io.github.amdisa.generator.pcode;

/**
 * The kinds of text in the pseudocode data that are not in the pseudocode language, as catalogued in the data's
 * README ("Texts outside the core grammar"). An interpreter must hand-write (or skip) these instructions.
 */
public enum InformalKind {
    /** {@code D = A (16x16) * B (16x16) + C (16x16)}: the matrix shapes of an MFMA/WMMA/SMFMAC/SWMMAC. */
    MATRIX_SHAPE("matrix-shape formula, not executable"),
    /** Assembly lines showing how to use the instruction ({@code s_sleep 0}, {@code v_mov_b32 v3, v0}). */
    ASSEMBLY_EXAMPLE("assembly usage example, not pseudocode"),
    /** C or Verilog syntax ({@code for (i = 0; i < 64; i++) {}) from a cut-off extraction. */
    C_LIKE_FRAGMENT("C-like fragment (truncated in the extraction)"),
    /** A {@code key: value} table ({@code 0x10: {1,9,5,...}}). */
    TABLE("table, not code"),
    /** English sentences or informal notation mixed with code. */
    PROSE("prose / informal notation");

    private final String description;

    InformalKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
