package io.github.amdisa.isaxml;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The ten AMD GPU ISA generations amdisa covers, with the names AMD uses for them, the member names of their files
 * in AMD's machine-readable ISA bundle, the LLVM target that models each one and the default wave size that
 * LLVM's assembler assumes for it.
 */
public enum Generation {
    CDNA1("AMD CDNA 1", "cdna1", "gfx908", 64, Family.CDNA),
    CDNA2("AMD CDNA 2", "cdna2", "gfx90a", 64, Family.CDNA),
    CDNA3("AMD CDNA 3", "cdna3", "gfx942", 64, Family.CDNA),
    CDNA4("AMD CDNA 4", "cdna4", "gfx950", 64, Family.CDNA),
    CDNA5("AMD CDNA 5", "cdna5", "gfx1250", 32, Family.CDNA),
    RDNA1("AMD RDNA 1", "rdna1", "gfx1010", 32, Family.RDNA),
    RDNA2("AMD RDNA 2", "rdna2", "gfx1030", 32, Family.RDNA),
    RDNA3("AMD RDNA 3", "rdna3", "gfx1100", 32, Family.RDNA),
    RDNA3_5("AMD RDNA 3.5", "rdna3_5", "gfx1150", 32, Family.RDNA),
    RDNA4("AMD RDNA 4", "rdna4", "gfx1200", 32, Family.RDNA);

    /** Compute (CDNA) or graphics (RDNA) line. */
    public enum Family { CDNA, RDNA }

    private final String amdName;
    private final String fileStem;
    private final String llvmTarget;
    private final int defaultWaveSize;
    private final Family family;

    Generation(String amdName, String fileStem, String llvmTarget, int defaultWaveSize, Family family) {
        this.amdName = amdName;
        this.fileStem = fileStem;
        this.llvmTarget = llvmTarget;
        this.defaultWaveSize = defaultWaveSize;
        this.family = family;
    }

    /** The name AMD writes in {@code <ArchitectureName>}, e.g. {@code AMD RDNA 3}. */
    public String amdName() {
        return amdName;
    }

    /** The short name used in file names, e.g. {@code rdna3_5}. */
    public String fileStem() {
        return fileStem;
    }

    /** The member name of this generation's file in AMD's bundle, e.g. {@code amdgpu_isa_rdna3.xml}. */
    public String specFileName() {
        return "amdgpu_isa_" + fileStem + ".xml";
    }

    /** The file name of this generation's pseudocode companion, e.g. {@code amdgpu_isa_rdna3.pseudocode.xml}. */
    public String pseudocodeFileName() {
        return "amdgpu_isa_" + fileStem + ".pseudocode.xml";
    }

    /** The LLVM {@code -mcpu} that models this generation, e.g. {@code gfx1100}. */
    public String llvmTarget() {
        return llvmTarget;
    }

    /**
     * The wave size LLVM's assembler assumes by default for {@link #llvmTarget()}: 64 on GFX9-based CDNA,
     * 32 on GFX10 and later (RDNA and CDNA 5, which is GFX12.5-based).
     */
    public int defaultWaveSize() {
        return defaultWaveSize;
    }

    /** Wave sizes the hardware supports. */
    public List<Integer> supportedWaveSizes() {
        return family == Family.CDNA && this != CDNA5 ? List.of(64) : List.of(32, 64);
    }

    public Family family() {
        return family;
    }

    /** A Java-identifier-friendly lower-case name, e.g. {@code rdna3_5}; also used for package names. */
    public String packageName() {
        return fileStem;
    }

    /**
     * Finds a generation by any of its names: the enum name ({@code RDNA3_5}), the file stem ({@code rdna3_5}),
     * AMD's name ({@code AMD RDNA 3.5}), the short form ({@code rdna3.5}) or its LLVM target ({@code gfx1150}).
     */
    public static Optional<Generation> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(g -> g.name().toLowerCase(Locale.ROOT).equals(n)
                || g.fileStem.equals(n)
                || g.amdName.toLowerCase(Locale.ROOT).equals(n)
                || g.fileStem.replace('_', '.').equals(n)
                || g.llvmTarget.equals(n)).findFirst();
    }

    /** Like {@link #find(String)} but fails with a message listing the accepted names. */
    public static Generation of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("Unknown generation '" + name
                + "'; expected one of " + Arrays.toString(values()) + " or an LLVM target such as gfx1100"));
    }

    /** Finds the generation whose bundle member is {@code fileName} (the last path element is used). */
    public static Optional<Generation> forFileName(String fileName) {
        String base = fileName.substring(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
        return Arrays.stream(values()).filter(g -> base.equals(g.specFileName())
                || base.equals(g.specFileName() + ".xz") || base.equals(g.specFileName() + ".gz")).findFirst();
    }

    /** Finds the generation whose {@code <ArchitectureName>} is {@code amdName}. */
    public static Optional<Generation> forAmdName(String amdName) {
        return Arrays.stream(values()).filter(g -> g.amdName.equals(amdName)).findFirst();
    }
}
