package io.github.amdisa.runtime;

import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.List;

/**
 * The subtarget features that change LLVM's assembly text but not the instruction words: the wave size (lane masks
 * such as {@code vcc} / {@code vcc_lo}, compare results and carry-outs are SGPR pairs in wave64 and single SGPRs in
 * wave32) and true16 (16-bit VGPR operands of VOP instructions written as halves {@code v5.l} / {@code v5.h}, or, in
 * LLVM's "fake16" mode, as whole registers {@code v5} with the short encodings reaching only {@code v0-v127}).
 * These are LLVM's {@code -mattr=+wavefrontsize64}/{@code +wavefrontsize32} and {@code +real-true16}/{@code
 * -real-true16}. {@link #defaults(Target)} is what LLVM assumes without {@code -mattr}.
 *
 * @param waveSize 32 or 64
 * @param true16 whether 16-bit VGPR operands are printed and read as halves (real true16); only GFX11 and later
 *     have true16 instructions, earlier targets ignore it
 */
public record SyntaxMode(int waveSize, boolean true16) {

    /**
     * Checks the wave size.
     *
     * @throws IllegalArgumentException for a wave size other than 32 or 64
     */
    public SyntaxMode {
        if (waveSize != 32 && waveSize != 64) {
            throw new IllegalArgumentException("wave size must be 32 or 64, not " + waveSize);
        }
    }

    /**
     * LLVM's default for a target: wave64 on GFX9, wave32 on GFX10 and later; real true16 on GFX11 only (llvm-mc-22
     * prints GFX12 and gfx1250 16-bit operands as whole registers unless {@code +real-true16} is given).
     *
     * @param target the target
     * @return its default mode
     */
    public static SyntaxMode defaults(Target target) {
        return new SyntaxMode(target.defaultWaveSize(), target.isTrue16Default());
    }

    /**
     * LLVM's default for the target an LLVM processor name ({@code gfx1100}) belongs to; an unknown name gets wave32
     * without true16 (the newest dialect's rules, as the printer uses for unknown specs).
     *
     * @param llvmTarget the processor name, e.g. {@code isa.llvmTarget()}
     * @return its default mode
     */
    public static SyntaxMode defaults(String llvmTarget) {
        return Target.find(llvmTarget).map(SyntaxMode::defaults).orElse(new SyntaxMode(32, false));
    }

    /**
     * LLVM's default for the generation of a generated instruction set: its {@link InstructionSet#defaultWaveSize()},
     * and real true16 where its target defaults to it.
     *
     * @param isa the instruction set
     * @return its default mode
     */
    public static SyntaxMode defaults(InstructionSet isa) {
        return new SyntaxMode(isa.defaultWaveSize(),
                Target.find(isa.llvmTarget()).map(Target::isTrue16Default).orElse(false));
    }

    /**
     * The width in bits of an operand whose register count LLVM derives from the wave size: in wave64 on GFX11 a
     * WMMA's accumulator and result ({@code VDST}, {@code SRC2}) take half the VGPRs of wave32 (its A and B matrices
     * are replicated, so they keep theirs); on GFX12 every WMMA/SWMMAC matrix operand wider than one register and
     * the destination of the transposing loads ({@code GLOBAL_LOAD_TR_*}) halve. Measured with llvm-mc-22
     * {@code -mattr=+wavefrontsize64}. Elsewhere, and in wave32, {@code size} is returned unchanged.
     *
     * @param target the target
     * @param instruction the instruction name as the spec spells it ({@code V_WMMA_F32_16X16X16_F16})
     * @param field the operand's field ({@code VDST}, {@code SRC0}, ...), or null
     * @param size the operand width the spec gives (for wave32)
     * @return the width in this mode
     */
    public int waveScaledSize(Target target, String instruction, String field, int size) {
        if (waveSize != 64 || size < 64 || field == null) {
            return size;
        }
        boolean matrix = instruction.startsWith("V_WMMA") || instruction.startsWith("V_SWMMAC");
        if (target.dialect() == Dialect.GFX11) {
            return matrix && (field.equals("VDST") || field.equals("SRC2")) ? size / 2 : size;
        }
        if (target.dialect() == Dialect.GFX12) {
            boolean transposing = instruction.contains("_LOAD_TR") && field.equals("VDST");
            return matrix || transposing ? size / 2 : size;
        }
        return size;
    }

    /** This mode with another wave size (32 or 64). */
    public SyntaxMode withWaveSize(int size) {
        return new SyntaxMode(size, true16);
    }

    /** This mode with true16 on or off. */
    public SyntaxMode withTrue16(boolean on) {
        return new SyntaxMode(waveSize, on);
    }

    /**
     * The mode {@code llvm-mc -mattr=...} selects on a target. Features are a set in which the last sign given for
     * each name wins ({@code +real-true16,-real-true16} is fake16); other features are ignored. As measured with
     * llvm-mc-22: GFX10+ is wave64 exactly when {@code wavefrontsize64} ends up on and {@code wavefrontsize32} does
     * not ({@code +wavefrontsize32,+wavefrontsize64} is wave32; {@code -wavefrontsize32} alone is too); GFX9 stays
     * wave64 whatever is asked (it prints {@code vcc} with {@code +wavefrontsize32}); gfx1250 does print wave64 lane
     * masks with {@code +wavefrontsize64}; true16 has no effect before GFX11 (no true16 instructions there).
     *
     * @param target the target
     * @param features the features, each with its sign ({@code +wavefrontsize64})
     * @return the mode
     */
    public static SyntaxMode fromFeatures(Target target, List<String> features) {
        SyntaxMode m = defaults(target);
        Boolean wave64 = null;
        Boolean wave32 = null;
        for (String f : features) {
            String t = f.trim();
            if (t.length() < 2 || t.charAt(0) != '+' && t.charAt(0) != '-') {
                continue;
            }
            boolean on = t.charAt(0) == '+';
            switch (t.substring(1)) {
                case "wavefrontsize64" -> wave64 = on;
                case "wavefrontsize32" -> wave32 = on;
                case "real-true16" -> m = m.withTrue16(on);
                default -> {
                }
            }
        }
        if (target.dialect() != Dialect.GFX9) {
            m = m.withWaveSize(Boolean.TRUE.equals(wave64) && !Boolean.TRUE.equals(wave32) ? 64 : 32);
        }
        if (!target.dialect().isGfx11Plus()) {
            m = m.withTrue16(false);
        }
        return m;
    }
}
