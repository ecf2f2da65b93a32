package io.github.amdisa.examples.objdump;

import io.github.amdisa.runtime.Target;
import java.util.Optional;

/**
 * The {@code EF_AMDGPU_MACH} values (the low byte of an AMD GPU code object's {@code e_flags}) of the processors
 * amdisa can disassemble, each with the amdisa {@link Target} whose generated decoder reads its code.
 *
 * <p>The values are those of LLVM's {@code llvm/BinaryFormat/ELF.h} ({@code EF_AMDGPU_MACH_AMDGCN_GFX*}), the
 * definition the AMDGPU backend writes and {@code llvm-readelf} reads; {@code AmdgpuMachTest} checks every row
 * against the flags {@code llvm-mc-22 -filetype=obj} writes for that processor. Processors of one family share the
 * instruction set of the family's bundled generation (gfx1101 is an RDNA 3 part like gfx1100; gfx940 and gfx941 are
 * the earlier CDNA 3 steppings); a listing says which processor the file named and which target decoded it.
 * The generic targets ({@code gfx10-3-generic}, ...) decode with the family's oldest bundled target.
 * {@code gfx9-generic} is left out (it covers GCN parts amdisa has no spec for), and so is
 * {@code gfx12-5-generic}, which {@code llvm-mc-22} does not know. gfx940 and gfx941 are LLVM's values for the
 * early CDNA 3 steppings; {@code llvm-mc-22} no longer accepts them, so the test cannot check those two rows.
 */
public enum AmdgpuMach {
    GFX908(0x030, "gfx908", Target.GFX908),
    GFX90A(0x03f, "gfx90a", Target.GFX90A),
    GFX940(0x040, "gfx940", Target.GFX942),
    GFX941(0x04b, "gfx941", Target.GFX942),
    GFX942(0x04c, "gfx942", Target.GFX942),
    GFX950(0x04f, "gfx950", Target.GFX950),
    GFX9_4_GENERIC(0x05f, "gfx9-4-generic", Target.GFX942),
    GFX1250(0x049, "gfx1250", Target.GFX1250),
    GFX1251(0x05a, "gfx1251", Target.GFX1250),
    GFX1010(0x033, "gfx1010", Target.GFX1010),
    GFX1011(0x034, "gfx1011", Target.GFX1010),
    GFX1012(0x035, "gfx1012", Target.GFX1010),
    GFX1013(0x042, "gfx1013", Target.GFX1010),
    GFX10_1_GENERIC(0x052, "gfx10-1-generic", Target.GFX1010),
    GFX1030(0x036, "gfx1030", Target.GFX1030),
    GFX1031(0x037, "gfx1031", Target.GFX1030),
    GFX1032(0x038, "gfx1032", Target.GFX1030),
    GFX1033(0x039, "gfx1033", Target.GFX1030),
    GFX1034(0x03e, "gfx1034", Target.GFX1030),
    GFX1035(0x03d, "gfx1035", Target.GFX1030),
    GFX1036(0x045, "gfx1036", Target.GFX1030),
    GFX10_3_GENERIC(0x053, "gfx10-3-generic", Target.GFX1030),
    GFX1100(0x041, "gfx1100", Target.GFX1100),
    GFX1101(0x046, "gfx1101", Target.GFX1100),
    GFX1102(0x047, "gfx1102", Target.GFX1100),
    GFX1103(0x044, "gfx1103", Target.GFX1100),
    GFX11_GENERIC(0x054, "gfx11-generic", Target.GFX1100),
    GFX1150(0x043, "gfx1150", Target.GFX1150),
    GFX1151(0x04a, "gfx1151", Target.GFX1150),
    GFX1152(0x055, "gfx1152", Target.GFX1150),
    GFX1153(0x058, "gfx1153", Target.GFX1150),
    GFX1200(0x048, "gfx1200", Target.GFX1200),
    GFX1201(0x04e, "gfx1201", Target.GFX1200),
    GFX12_GENERIC(0x059, "gfx12-generic", Target.GFX1200);

    /** The mask of {@code EF_AMDGPU_MACH} in {@code e_flags}. */
    public static final int MASK = 0xff;

    private final int value;
    private final String processor;
    private final Target target;

    AmdgpuMach(int value, String processor, Target target) {
        this.value = value;
        this.processor = processor;
        this.target = target;
    }

    /**
     * Returns the {@code EF_AMDGPU_MACH} value.
     *
     * @return for example {@code 0x41} for gfx1100
     */
    public int value() {
        return value;
    }

    /**
     * Returns LLVM's processor name, as {@code llvm-readelf} prints it and {@code -mcpu} accepts it.
     *
     * @return for example {@code "gfx1101"}
     */
    public String processor() {
        return processor;
    }

    /**
     * Returns the amdisa target whose decoder reads this processor's code.
     *
     * @return the target
     */
    public Target target() {
        return target;
    }

    /**
     * Finds the processor of an ELF header's flags.
     *
     * @param eFlags the whole {@code e_flags}; only the low byte is looked at
     * @return the processor, or empty when amdisa has no decoder for it
     */
    public static Optional<AmdgpuMach> fromFlags(int eFlags) {
        int mach = eFlags & MASK;
        for (AmdgpuMach m : values()) {
            if (m.value == mach) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /**
     * Finds a processor by LLVM name.
     *
     * @param processor for example {@code "gfx1101"}
     * @return the processor, or empty
     */
    public static Optional<AmdgpuMach> fromProcessor(String processor) {
        for (AmdgpuMach m : values()) {
            if (m.processor.equals(processor)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
