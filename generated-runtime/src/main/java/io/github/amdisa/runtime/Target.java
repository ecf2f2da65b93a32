package io.github.amdisa.runtime;

/**
 * An LLVM AMDGPU target ({@code -mcpu}) supported by amdisa, with the AMD generation it implements and the syntax
 * facts that differ between targets of one {@link Dialect}.
 */
public enum Target {
    /** CDNA1, MI100. */
    GFX908("gfx908", "CDNA1", Dialect.GFX9),
    /** CDNA2, MI200. */
    GFX90A("gfx90a", "CDNA2", Dialect.GFX9),
    /** CDNA3, MI300. */
    GFX942("gfx942", "CDNA3", Dialect.GFX9),
    /** CDNA4, MI350. */
    GFX950("gfx950", "CDNA4", Dialect.GFX9),
    /** CDNA5. */
    GFX1250("gfx1250", "CDNA5", Dialect.GFX1250, "gfx1251"),
    /** RDNA1. */
    GFX1010("gfx1010", "RDNA1", Dialect.GFX10, "gfx1011", "gfx1012", "gfx1013"),
    /** RDNA2. */
    GFX1030("gfx1030", "RDNA2", Dialect.GFX10, "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035",
            "gfx1036"),
    /** RDNA3. */
    GFX1100("gfx1100", "RDNA3", Dialect.GFX11, "gfx1101", "gfx1102", "gfx1103"),
    /** RDNA3.5. */
    GFX1150("gfx1150", "RDNA3.5", Dialect.GFX11, "gfx1151", "gfx1152", "gfx1153"),
    /** RDNA4. */
    GFX1200("gfx1200", "RDNA4", Dialect.GFX12, "gfx1201");

    private final String mcpu;
    private final String generation;
    private final Dialect dialect;
    private final java.util.List<String> processors;

    Target(String mcpu, String generation, Dialect dialect, String... otherProcessors) {
        this.mcpu = mcpu;
        this.generation = generation;
        this.dialect = dialect;
        java.util.List<String> all = new java.util.ArrayList<>();
        all.add(mcpu);
        all.addAll(java.util.List.of(otherProcessors));
        this.processors = java.util.List.copyOf(all);
    }

    /**
     * Returns the LLVM processors of this target's generation that amdisa serves with this target's tables: the
     * representative processor ({@link #mcpu()}) first, then the other members of the generation that LLVM accepts
     * (for example {@code gfx1101}-{@code gfx1103} for RDNA 3), which share its instruction set and syntax.
     *
     * @return the processor names, {@link #mcpu()} first
     */
    public java.util.List<String> processors() {
        return processors;
    }

    /**
     * Returns the LLVM processor name, as passed to {@code llvm-mc -mcpu=}.
     *
     * @return for example {@code "gfx90a"}
     */
    public String mcpu() {
        return mcpu;
    }

    /**
     * Returns AMD's generation name, matching the XML specification file.
     *
     * @return for example {@code "CDNA2"} or {@code "RDNA3.5"}
     */
    public String generation() {
        return generation;
    }

    /**
     * Returns the syntax family of this target.
     *
     * @return the dialect
     */
    public Dialect dialect() {
        return dialect;
    }

    /**
     * Returns the wave size LLVM assumes by default: 64 on GFX9, 32 on GFX10 and later (gfx1250 included).
     *
     * @return 32 or 64
     */
    public int defaultWaveSize() {
        return dialect.defaultWaveSize();
    }

    /**
     * Tells whether this is gfx940 or later within GFX9 (gfx942, gfx950): memory cache bits print as
     * {@code sc0 sc1 nt} instead of {@code glc slc scc}.
     *
     * @return true for gfx942 and gfx950
     */
    public boolean isGfx940() {
        return this == GFX942 || this == GFX950;
    }

    /**
     * Tells whether this target has the gfx90a instruction additions (the {@code scc} cache bit, AGPRs in memory
     * instructions, {@code row_newbcast} DPP).
     *
     * @return true for gfx90a, gfx942 and gfx950
     */
    public boolean isGfx90aPlus() {
        return this == GFX90A || isGfx940();
    }

    /**
     * Tells whether this target has accumulation registers {@code a0..a255} (CDNA1 to CDNA4).
     *
     * @return true for gfx908, gfx90a, gfx942 and gfx950
     */
    public boolean hasAgprs() {
        return dialect == Dialect.GFX9;
    }

    /**
     * Tells whether LLVM's default for this target is real true16: 16-bit VGPR operands print as {@code v5.l} /
     * {@code v5.h}. That holds for gfx1100 and gfx1150; gfx1200 and gfx1250 default to "fake16" and print
     * {@code v5}.
     *
     * @return true for gfx1100 and gfx1150
     */
    public boolean isTrue16Default() {
        return dialect == Dialect.GFX11;
    }

    /**
     * Tells whether VGPR and AGPR tuples of two or more registers must start at an even index
     * ({@code v[1:2]} is rejected as "invalid operand for instruction" by {@code llvm-mc-22}): gfx90a, gfx942,
     * gfx950 and gfx1250. The register parser does not enforce this, since it depends on the operand; generated
     * code checks it.
     *
     * @return true where VGPR tuples need even alignment
     */
    public boolean requiresAlignedVgprTuples() {
        return isGfx90aPlus() || this == GFX1250;
    }

    /**
     * Tells whether 64-bit literals (source code 254, {@code lit64(...)}) exist: gfx1250 only.
     *
     * @return true for gfx1250
     */
    public boolean has64BitLiterals() {
        return this == GFX1250;
    }

    /**
     * Tells whether FLAT instructions (not only GLOBAL and SCRATCH ones) take an SGPR base address operand
     * ({@code flat_load_b32 v1, v2, s[0:1]}): gfx1250 only. Elsewhere the FLAT encodings' SADDR field holds NULL.
     *
     * @return true for gfx1250
     */
    public boolean hasFlatSaddr() {
        return this == GFX1250;
    }

    /**
     * Tells whether a GFX10 scratch instruction whose SADDR field holds 0x7f addresses neither a VGPR nor an SGPR
     * (LLVM's FeatureFlatScratchSTMode, RDNA 2: {@code scratch_load_dword v1, off, off}). gfx1010 has no such mode:
     * llvm-mc-22 decodes the word with exec_hi as the SGPR base, which its register class rejects. (GFX9 targets
     * tell the modes apart by the SVE bit, GFX11+ by SADDR = null.)
     *
     * @return true for gfx1030
     */
    public boolean hasGfx10ScratchStMode() {
        return this == GFX1030;
    }

    /**
     * Tells whether VOP3 and VOP3P encodings may carry a 32-bit literal (GFX10 and later).
     *
     * @return true for GFX10 and later
     */
    public boolean hasVop3Literal() {
        return dialect.isGfx10Plus();
    }

    /**
     * Tells whether VOP3 and VOP3P encodings take DPP controls (the {@code _e64_dpp} forms): GFX11 and later.
     * {@code llvm-mc-22} rejects them on GFX10 ("e64_dpp variant of this instruction is not supported") although the
     * reconstructed RDNA 1/2 specs list VOP3 DPP encodings.
     *
     * @return true for GFX11 and later
     */
    public boolean hasVop3Dpp() {
        return dialect.isGfx11Plus();
    }

    /**
     * Tells whether the second source of a VOP3 DPP form may be an SGPR or an inline constant (LLVM's
     * {@code FeatureDPPSrc1SGPR}): gfx1150, GFX12 and gfx1250. On gfx1100 it must be a VGPR ({@code llvm-mc-22}:
     * "invalid operand for instruction", "src1 immediate operand invalid for instruction").
     *
     * @return true for gfx1150, gfx1200 and gfx1250
     */
    public boolean hasDppSrc1Sgpr() {
        return dialect.isGfx11Plus() && this != GFX1100;
    }

    /**
     * How many distinct scalar values (SGPRs and other scalar registers, each counted once; a literal counts once,
     * twice when one value serves operands of 32 and 64 bits) a VALU instruction may read: one on GFX9, two from
     * GFX10 on, except LLVM's 64-bit shifts, which keep one ({@code v_lshlrev_b64}, {@code v_lshrrev_b64},
     * {@code v_ashrrev_i64}; on gfx1250 only {@code v_lshlrev_b64}, as {@code llvm-mc-22} accepts
     * {@code v_lshrrev_b64 v[0:1], s1, s[0:1]} there).
     *
     * @param instruction the instruction name in AMD's spelling, e.g. {@code V_LSHLREV_B64}
     * @return the constant bus limit
     */
    public int constantBusLimit(String instruction) {
        if (dialect == Dialect.GFX9) {
            return 1;
        }
        boolean shift64 = this == GFX1250 ? instruction.equals("V_LSHLREV_B64")
                : instruction.equals("V_LSHLREV_B64") || instruction.equals("V_LSHRREV_B64")
                || instruction.equals("V_ASHRREV_I64");
        return shift64 ? 1 : 2;
    }

    /**
     * The size of the local data share a workgroup can use on this target: 64 KB, 160 KB on CDNA 4 (gfx950) and
     * 320 KB on CDNA 5 (gfx1250, per LLVM).
     *
     * @return LDS bytes
     */
    public int ldsBytes() {
        return switch (this) {
            case GFX950 -> 160 * 1024;
            case GFX1250 -> 320 * 1024;
            default -> 64 * 1024;
        };
    }

    /**
     * Tells whether the hardware runs waves of {@code waveSize} lanes: wave64 only on GFX9 (CDNA 1-4), wave32 only
     * on gfx1250 (CDNA 5), both on RDNA.
     *
     * @param waveSize 32 or 64
     * @return true when supported
     */
    public boolean supportsWaveSize(int waveSize) {
        if (waveSize == 64) {
            return this != GFX1250;
        }
        return waveSize == 32 && dialect != Dialect.GFX9;
    }

    /**
     * The number of addressable general SGPRs before the special registers: 102 on GFX9 (FLAT_SCRATCH and
     * XNACK_MASK occupy 102-105), 106 on GFX10 and later.
     *
     * @return SGPR count
     */
    public int sgprCount() {
        return dialect == Dialect.GFX9 ? 102 : 106;
    }

    /**
     * The scalar operand encoding of M0: 124 up to GFX10, 125 from GFX11 on (where it swaps with NULL).
     *
     * @return the encoding
     */
    public int m0Encoding() {
        return dialect.isGfx11Plus() ? 125 : 124;
    }

    /**
     * The scalar operand encoding of NULL: 125 up to GFX10, 124 from GFX11 on.
     *
     * @return the encoding
     */
    public int nullEncoding() {
        return dialect.isGfx11Plus() ? 124 : 125;
    }

    /**
     * Finds the target for an LLVM processor name, if amdisa knows it.
     *
     * @param mcpu the {@code -mcpu} value, for example {@code "gfx1100"}
     * @return the target, or empty
     */
    public static java.util.Optional<Target> find(String mcpu) {
        for (Target t : values()) {
            if (t.mcpu.equals(mcpu)) {
                return java.util.Optional.of(t);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Finds the target that serves an LLVM processor of its generation ({@link #processors()}), for example
     * {@code gfx1101} -> {@link #GFX1100}.
     *
     * @param processor the {@code -mcpu} value
     * @return the target, or empty
     */
    public static java.util.Optional<Target> forProcessor(String processor) {
        for (Target t : values()) {
            if (t.processors.contains(processor)) {
                return java.util.Optional.of(t);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Finds the target for an LLVM processor name.
     *
     * @param mcpu the {@code -mcpu} value, for example {@code "gfx1100"}
     * @return the target
     * @throws IllegalArgumentException if amdisa does not support that processor
     */
    public static Target forMcpu(String mcpu) {
        return find(mcpu).orElseThrow(() -> new IllegalArgumentException("unsupported LLVM target: " + mcpu));
    }

}
