package io.github.amdisa.runtime;

/**
 * A family of LLVM AMDGPU assembly syntax. Targets in one family share how LLVM spells registers, modifiers and
 * special operands; the few differences inside a family (for example the gfx940 cache-policy names) are exposed as
 * predicates on {@link Target}.
 */
public enum Dialect {
    /** GFX9 syntax: gfx908 (CDNA1), gfx90a (CDNA2), gfx942 (CDNA3), gfx950 (CDNA4). */
    GFX9(64),
    /** GFX10 syntax: gfx1010 (RDNA1), gfx1030 (RDNA2). */
    GFX10(32),
    /** GFX11 syntax: gfx1100 (RDNA3), gfx1150 (RDNA3.5). */
    GFX11(32),
    /** GFX12 syntax: gfx1200 (RDNA4). */
    GFX12(32),
    /** GFX12.5 syntax: gfx1250 (CDNA5). */
    GFX1250(32);

    private final int defaultWaveSize;

    Dialect(int defaultWaveSize) {
        this.defaultWaveSize = defaultWaveSize;
    }

    /**
     * Returns the wave size LLVM assumes when no {@code +wavefrontsize} attribute is given.
     *
     * @return 64 for GFX9, 32 for GFX10 and later
     */
    public int defaultWaveSize() {
        return defaultWaveSize;
    }

    /**
     * Tells whether this dialect is GFX10 or later.
     *
     * @return true for GFX10, GFX11, GFX12 and GFX1250
     */
    public boolean isGfx10Plus() {
        return this != GFX9;
    }

    /**
     * Tells whether this dialect is GFX11 or later.
     *
     * @return true for GFX11, GFX12 and GFX1250
     */
    public boolean isGfx11Plus() {
        return this == GFX11 || this == GFX12 || this == GFX1250;
    }

    /**
     * Tells whether this dialect is GFX12 or later (cache policy as {@code th:} / {@code scope:}).
     *
     * @return true for GFX12 and GFX1250
     */
    public boolean isGfx12Plus() {
        return this == GFX12 || this == GFX1250;
    }
}
