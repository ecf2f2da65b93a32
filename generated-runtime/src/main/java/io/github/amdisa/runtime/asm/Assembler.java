package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.SyntaxMode;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.LlvmSyntax;
import io.github.amdisa.runtime.codec.VopdYOnly;
import io.github.amdisa.runtime.syntax.AsmCursor;
import io.github.amdisa.runtime.syntax.Expr;
import io.github.amdisa.runtime.syntax.SourceOperands;
import io.github.amdisa.runtime.syntax.Symbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LLVM-syntax assembler for one generation: statement text to instruction words, the inverse of the codec's
 * printer ({@link LlvmSyntax}) over the same generated tables.
 *
 * <p>For a statement, every variant whose LLVM mnemonic (with {@code _e32}/{@code _e64}/{@code _dpp}/
 * {@code _sdwa}/{@code _e64_dpp} suffix) or whose plain instruction name matches is tried, shortest first. A
 * variant's operands are read by its operand table ({@code VariantParser}) and encoded through the
 * {@link CheckedEncoder}; the words are then <em>verified</em>: decoded, printed with the llvm-mc-checked printer,
 * and the printed text read back must give the same words. The first verified variant wins, so a literal source
 * picks the literal form, DPP controls the DPP form, a VOP3-only modifier the VOP3 form. If a variant encodes but
 * no variant verifies (a printer gap, e.g. a modifier the printer does not print yet), the first encoding is used
 * and {@link Assembly#verified()} is false.
 *
 * <p>Bad text raises {@link AsmSyntaxException} with the 0-based offset in the statement; nothing else escapes
 * for any input text. Instances are not thread-safe.
 */
public final class Assembler {

    private final InstructionSet isa;
    private final Target target;
    private final CheckedEncoder encoder;
    private final VariantParser parser;
    private final LlvmSyntax printer;
    /** LLVM's fake16 printer where the mode is true16 (GFX11): the echo of statements written in fake16 syntax. */
    private final LlvmSyntax fake16Printer;
    private final Map<String, List<Integer>> byMnemonic = new HashMap<>();
    private final Map<String, List<Integer>> byName = new HashMap<>();

    /** Whether a variant has a lane-select operand (the spec's {@code OPR_SSRC_LANESEL}: v_readlane, v_writelane). */
    private static boolean laneSelect(InstructionSet isa, int v) {
        for (int i = 0; i < isa.operandCount(v); i++) {
            if ("OPR_SSRC_LANESEL".equals(isa.operandType(v, i))) {
                return true;
            }
        }
        return false;
    }

    private Assembler(InstructionSet isa, SyntaxMode mode) {
        this.isa = isa;
        this.target = Target.find(isa.llvmTarget()).orElse(Target.GFX1200);
        this.encoder = new CheckedEncoder(isa);
        this.printer = LlvmSyntax.echo(mode);
        this.fake16Printer = mode.true16() ? LlvmSyntax.echo(mode.withTrue16(false)) : null;
        this.parser = new VariantParser(isa, target, encoder, mode.waveSize(), mode.true16(), this::printedOperands);
        for (int v = 0; v < isa.variantCount(); v++) {
            String name = isa.instructionName(v).toLowerCase(Locale.ROOT);
            String family = isa.encodingFamily(v);
            boolean vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
            boolean vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
            if (vop3 && LlvmSyntax.noLlvmVop3(name)) {
                continue; // llvm-mc-22: "e64 variant of this instruction is not supported"
            }
            String mnemonic = printer.mnemonic(isa, v);
            byMnemonic.computeIfAbsent(mnemonic, k -> new ArrayList<>()).add(v);
            byName.computeIfAbsent(name, k -> new ArrayList<>()).add(v);
            if (mnemonic.equals(name) && (vop3 || family.equals("VOP3P"))
                    && (isa.instructionForms(v) & InstructionSet.HAS_VOP_SHORT) == 0 && !laneSelect(isa, v)) {
                // VOP3-only and VOP3P instructions take the suffix too, in every form (v_med3_f32_e64,
                // v_mad_u64_u32_e64, v_pk_fma_f16_e64 v1, 0x1234, v2, v3 with llvm-mc-22 on every target), except
                // v_readlane/v_writelane, which LLVM defines as VOP2 instructions without an e32 form ("e64 variant of
                // this instruction is not supported").
                byMnemonic.computeIfAbsent(name + "_e64", k -> new ArrayList<>()).add(v);
            }
            if (mnemonic.equals(name) && isa.variantKind(v).equals("BASE")) {
                // Forms printed without a suffix (no operands: v_nop, v_clrexcp) still take the explicit one.
                // (VOP3-only and VOP3P forms got their _e64 name above; gfx908's v_fma_mix names are aliases of the
                // spec's v_mad_mix ones and do not get it.)
                if (vop3 && (isa.instructionForms(v) & InstructionSet.HAS_VOP_SHORT) != 0) {
                    byMnemonic.computeIfAbsent(name + "_e64", k -> new ArrayList<>()).add(v);
                } else if (!vop3 && !family.equals("VOP3P") && vopShort
                        && (isa.instructionForms(v) & InstructionSet.HAS_VOP3) != 0) {
                    byMnemonic.computeIfAbsent(name + "_e32", k -> new ArrayList<>()).add(v);
                }
            }
        }
        if (isa.llvmTarget().startsWith("gfx9")) {
            // CDNA has LLVM's FMA mix instructions (v_fma_mix_f32, v_fma_mixlo_f16, v_fma_mixhi_f16) at the
            // opcodes that the XML names V_MAD_MIX*: the MAD forms exist only on gfx900, which amdisa does not target.
            for (String name : List.copyOf(byName.keySet())) {
                if (name.startsWith("v_mad_mix")) {
                    byName.putIfAbsent("v_fma_mix" + name.substring("v_mad_mix".length()), byName.get(name));
                }
            }
        }
        Map<String, List<Integer>> aliases = new HashMap<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            for (String alias : isa.instructionAliases(v)) {
                aliases.computeIfAbsent(alias.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(v);
            }
        }
        aliases.forEach(byName::putIfAbsent); // the spec's other names, never shadowing a real one
        if (target.isGfx940()) {
            // gfx940 renamed the MFMAs by block count (v_mfma_f32_32x32x1_2b_f32) and spells the types after an
            // underscore (v_smfmac_f32_16x16x64_bf8_bf8); llvm-mc-22 still reads the names without them
            // (v_mfma_f32_32x32x1f32, v_smfmac_f32_16x16x64bf8bf8), and for the bf16 MFMAs of gfx90a (the "1k"
            // ones: M * K * blocks = 256) also the _1k name (v_mfma_f32_32x32x4bf16_1k); gfx950's newer bf16
            // MFMAs (v_mfma_f32_16x16x32_bf16) have no _1k name.
            for (String name : List.copyOf(byName.keySet())) {
                Matcher m = GFX940_MFMA.matcher(name);
                if (m.matches()) {
                    String type = m.group(5).replace("_", "");
                    byName.putIfAbsent(m.group(1) + type, byName.get(name));
                    int blocks = m.group(4) == null ? 1 : Integer.parseInt(m.group(4), 1, m.group(4).length() - 1, 10);
                    if (type.equals("bf16") && Integer.parseInt(m.group(2)) * Integer.parseInt(m.group(3)) * blocks
                            == 256) {
                        byName.putIfAbsent(m.group(1) + type + "_1k", byName.get(name));
                    }
                }
            }
        }
        if (!byName.containsKey("exp") && byName.containsKey("export")) {
            // GFX12 names the export instruction export; LLVM also reads the older exp.
            byName.put("exp", byName.get("export"));
        }
        VariantOrder order = new VariantOrder();
        byMnemonic.values().forEach(l -> l.sort(order));
        byName.values().forEach(l -> l.sort(order));
    }

    /**
     * Shorter first; plain, then literal forms; VOP1/VOP2/VOPC before VOP3; SDWA and DPP forms after every plain
     * and VOP3 form, as LLVM does: a mnemonic without suffix whose operands need modifiers (neg, abs, clamp, omod)
     * is the VOP3 form ({@code v_add_f32 v1, -v2, |v3|} is {@code v_add_f32_e64}), never a DPP or SDWA form with
     * default controls; those are chosen only when the statement carries their controls, which the plain and
     * VOP3 forms reject.
     */
    private final class VariantOrder implements java.util.Comparator<Integer> {
        @Override
        public int compare(Integer a, Integer b) {
            return Integer.compare(rank(a), rank(b));
        }

        private int rank(int v) {
            String kind = isa.variantKind(v);
            String family = isa.encodingFamily(v);
            int k = switch (kind) {
                case "BASE" -> 0;
                case "LITERAL" -> 1;
                case "LIT64" -> 2;
                case "SDWA" -> 3;
                default -> 4;
            };
            boolean vop3 = family.startsWith("VOP3");
            boolean lanes = kind.equals("SDWA") || kind.startsWith("DPP");
            return (lanes ? 1000 : 0) + (vop3 ? 100 : 0) + isa.length(v) * 8 + k;
        }
    }

    /**
     * An assembler printing and reading LLVM's syntax for the generation's default wave size.
     *
     * @param isa the generated instruction set
     * @return the assembler
     */
    public static Assembler llvm(InstructionSet isa) {
        return new Assembler(isa, SyntaxMode.defaults(isa));
    }

    /**
     * An assembler reading LLVM's syntax for a wave size other than the default, as {@code llvm-mc
     * -mattr=+wavefrontsize64} does on gfx10+: lane masks (VCC, carry-outs, compare results, {@code _M64} operands)
     * are register pairs in wave64 and single registers in wave32. The words of an instruction do not depend on the
     * wave size; only the text does. The canonical text of each {@link Assembly} is printed at the same wave size
     * (the target's default true16 mode).
     *
     * @param isa the generated instruction set
     * @param waveSize 32 or 64, and one the target supports
     * @return the assembler
     * @throws IllegalArgumentException for a wave size the target does not support
     */
    public static Assembler llvm(InstructionSet isa, int waveSize) {
        Target t = Target.find(isa.llvmTarget()).orElse(null);
        if ((waveSize != 32 && waveSize != 64) || (t != null && !t.supportsWaveSize(waveSize))) {
            throw new IllegalArgumentException(isa.llvmTarget() + " does not run wave" + waveSize);
        }
        return new Assembler(isa, SyntaxMode.defaults(isa).withWaveSize(waveSize));
    }

    /**
     * An assembler reading (and printing its canonical text) in {@code mode}, as {@code llvm-mc -mattr=...} does:
     * lane masks for the mode's wave size ({@code vcc} and SGPR pairs in wave64, {@code vcc_lo} and single SGPRs
     * in wave32, each rejected in the other), and on GFX11+ 16-bit VGPR operands of VOP instructions as halves
     * ({@code v5.l}, {@code v5.h}) with true16 on, or as whole registers (LLVM's fake16) with it off. Unlike
     * {@link #llvm(InstructionSet, int)} any wave size is taken on any target, since llvm-mc takes
     * {@code +wavefrontsize64} on gfx1250 too; {@link SyntaxMode#fromFeatures} resolves {@code -mattr} lists as
     * llvm-mc-22 does.
     *
     * @param isa the generated instruction set
     * @param mode the wave size and true16 mode
     * @return the assembler
     */
    public static Assembler llvm(InstructionSet isa, SyntaxMode mode) {
        return new Assembler(isa, java.util.Objects.requireNonNull(mode, "mode"));
    }

    /** The instruction set this assembler writes. */
    public InstructionSet instructionSet() {
        return isa;
    }

    /** The checking encoder underneath. */
    public CheckedEncoder encoder() {
        return encoder;
    }

    /**
     * One assembled instruction.
     *
     * @param variant the variant the words decode as
     * @param words the instruction words
     * @param text the canonical text (what the disassembler prints for the words)
     * @param verified whether the printed text reads back to the same words
     * @param fixups the symbolic parts of the words, left for layout (their bytes are 0 in {@code words}); empty
     *               unless assembled with {@link #assemble(CharSequence, Symbols)}
     */
    public record Assembly(int variant, int[] words, String text, boolean verified, List<Fixup> fixups) {
        /** Copies the fixup list. */
        public Assembly {
            fixups = List.copyOf(fixups);
        }

        /**
         * An assembly without fixups.
         *
         * @param variant the variant the words decode as
         * @param words the instruction words
         * @param text the canonical text
         * @param verified whether the printed text reads back to the same words
         */
        public Assembly(int variant, int[] words, String text, boolean verified) {
            this(variant, words, text, verified, List.of());
        }

        /** The instruction's length in dwords. */
        public int length() {
            return words.length;
        }

        /** The encoding as llvm-mc prints it, e.g. {@code [0x05,0x00,0x11,0xd6,...]}. */
        public String bytes() {
            return io.github.amdisa.runtime.codec.Words.toLlvmBytes(words, 0, words.length);
        }
    }

    /**
     * Assembles one instruction.
     *
     * @param statement the instruction, e.g. {@code v_bfe_i32 v5, v1, v2, s3}; no label, no comment
     * @param out receives the words
     * @param offset where to write
     * @return the length in dwords
     * @throws AsmSyntaxException for bad text, located in {@code statement}
     */
    public int assemble(CharSequence statement, int[] out, int offset) {
        Assembly a = assemble(statement);
        if (out.length - offset < a.words.length) {
            throw new IllegalArgumentException("output has room for " + (out.length - offset)
                    + " dwords, the instruction needs " + a.words.length);
        }
        System.arraycopy(a.words, 0, out, offset, a.words.length);
        return a.words.length;
    }

    /**
     * Assembles one instruction.
     *
     * @param statement the instruction text
     * @return the words, variant and canonical text
     * @throws AsmSyntaxException for bad text, located in {@code statement}
     */
    public Assembly assemble(CharSequence statement) {
        return assemble(statement, (VariantParser.Labels) null);
    }

    /** How many operands the printer writes for variant {@code v} with every field zero. */
    private int printedOperands(int v) {
        int[] w = new int[16];
        int n;
        StringBuilder text = new StringBuilder();
        try {
            n = isa.encode(v, new String[0], new long[0], w, 0);
            printer.print(isa, v, w, 0, n, text);
        } catch (RuntimeException e) {
            return 0; // cannot tell: keep the lenient reading
        }
        int space = text.indexOf(" ");
        // Counted the way the parser counts a statement's operands, so the two compare like for like.
        return space < 0 ? 0 : VariantParser.countOperands(text, space, text.length());
    }

    /**
     * A branch target left symbolic by {@link #assembleWithSymbols}.
     *
     * @param name   the symbol, e.g. {@code loop}
     * @param offset where it starts in the statement
     */
    public record SymbolReference(String name, int offset) {
    }

    /**
     * Assembles one instruction whose branch target (an {@code OPR_LABEL} operand: {@code s_branch},
     * {@code s_cbranch_*}, {@code s_call_b64}) may name a symbol, as llvm-mc does before layout: the target field is
     * encoded as 0 and the symbol is reported, for the caller to resolve or to show as a fixup. A numeric target
     * assembles as in {@link #assemble(CharSequence)}.
     *
     * @param statement the instruction text
     * @param symbols   receives the symbols used (at most one per statement on every generation so far)
     * @return the words (symbolic targets as 0), variant and canonical text (with the number 0 for the target)
     * @throws AsmSyntaxException for bad text, located in {@code statement}
     */
    public Assembly assembleWithSymbols(CharSequence statement, List<SymbolReference> symbols) {
        java.util.Set<SymbolReference> used = new java.util.LinkedHashSet<>();
        Assembly a = assemble(statement, (name, at) -> {
            used.add(new SymbolReference(name, at));
            return 0L;
        });
        symbols.addAll(used);
        return a;
    }

    /**
     * Assembles one instruction whose operands may name assembler symbols, as llvm-mc reads them: a symbol with an
     * absolute value stands for that number, which becomes an inline constant or a literal as the value decides
     * ({@code s_mov_b32 s0, i1} with {@code i1=1} is {@code s_mov_b32 s0, 1}); register names come first
     * ({@code s0} is the register even if a symbol {@code s0} exists). A relocatable expression (a label, an
     * undefined symbol, a variable defined through one: {@code u}, {@code u+1}, {@code L1-L0}) is taken where
     * llvm-mc-22 takes it and left as a {@link Fixup}: in a 32-bit source literal (also gfx1250's 64-bit scalar
     * one) and as a branch target (a lone symbol). Anywhere else ({@code offset:u}, {@code s_movk_i32 s0, u}, a
     * 16-bit or 64-bit source, a source with floating-point modifiers) it is an error, as in llvm-mc-22. The
     * canonical text shows the expression as llvm-mc prints it.
     *
     * @param statement the instruction text
     * @param symbols the symbols the statement may name, as defined at this statement
     * @return the words (fixup bytes 0), variant, canonical text and fixups
     * @throws AsmSyntaxException for bad text, located in {@code statement}
     */
    public Assembly assemble(CharSequence statement, Symbols symbols) {
        java.util.Objects.requireNonNull(symbols, "symbols");
        String[] branch = new String[1];
        int[] branchAt = new int[1];
        Assembly a = assemble(statement, (name, at) -> {
            branch[0] = name;
            branchAt[0] = at;
            return 0L;
        }, symbols);
        if (branch[0] == null) {
            return a;
        }
        // The target field holds 0, which the printer wrote as the last operand (every branch's target is last).
        String text = a.text();
        if (text.endsWith(" 0")) {
            text = text.substring(0, text.length() - 1) + branch[0];
        }
        List<Fixup> fixups = new ArrayList<>(a.fixups());
        fixups.add(new Fixup(0, 2, new Expr.Symbol(branch[0], null), Fixup.Kind.BRANCH, branchAt[0]));
        return new Assembly(a.variant(), a.words(), text, a.verified(), fixups);
    }

    Assembly assemble(CharSequence statement, VariantParser.Labels labels) {
        return assemble(statement, labels, null);
    }

    private Assembly assemble(CharSequence statement, VariantParser.Labels labels, Symbols symbols) {
        try {
            return echoBranchTarget(statement, assembleChecked(statement, labels, symbols), symbols);
        } catch (AsmSyntaxException e) {
            throw e;
        } catch (RuntimeException e) {
            // A bug, not bad text: still report it located, never as another exception type.
            throw new AsmSyntaxException(0, "internal assembler error: " + e);
        }
    }

    /**
     * The canonical text of a branch with a numeric target as llvm-mc echoes it: the value written, evaluated
     * ({@code s_cbranch_scc0 -3}, {@code s_branch 1+2} as 3), where the printer, which reads the 16-bit field back,
     * writes it unsigned (65533). The target is a branch's last operand on every generation.
     */
    private Assembly echoBranchTarget(CharSequence statement, Assembly a, Symbols symbols) {
        if (!branch(a.variant())) {
            return a;
        }
        String text = a.text();
        int digits = text.length();
        while (digits > 0 && Character.isDigit(text.charAt(digits - 1))) {
            digits--;
        }
        if (digits == text.length() || digits == 0 || text.charAt(digits - 1) != ' ') {
            return a;
        }
        String s = statement.toString();
        int from = 0;
        while (from < s.length() && Character.isWhitespace(s.charAt(from))) {
            from++;
        }
        while (from < s.length() && !Character.isWhitespace(s.charAt(from))) {
            from++; // past the mnemonic
        }
        from = Math.max(from, s.lastIndexOf(',') + 1);
        if (from >= s.length()) {
            return a;
        }
        AsmCursor cur = new AsmCursor(s, 0, s.length(), symbols);
        cur.position(from);
        long value;
        try {
            value = cur.scanInteger();
        } catch (AsmSyntaxException e) {
            return a; // a symbol or something else: the printed text stands
        }
        if (!cur.atEnd() || (value & 0xffff) != Long.parseLong(text.substring(digits))) {
            return a;
        }
        return new Assembly(a.variant(), a.words(), text.substring(0, digits) + value, a.verified());
    }

    /** Whether the variant's last explicit operand is a branch target. */
    private boolean branch(int variant) {
        for (int i = isa.operandCount(variant) - 1; i >= 0; i--) {
            if ((isa.operandFlags(variant, i) & InstructionSet.IMPLICIT) == 0) {
                return LlvmSyntax.branchTarget(isa.instructionName(variant), isa.operandType(variant, i));
            }
        }
        return false;
    }

    private Assembly assembleChecked(CharSequence text, VariantParser.Labels labels, Symbols symbols) {
        AsmCursor cur = new AsmCursor(text);
        int start = cur.skipBlanks().position();
        int p = start;
        while (p < text.length() && (AsmCursor.isIdentifierPart(text.charAt(p)) || text.charAt(p) == '.')) {
            p++;
        }
        if (p == start) {
            throw new AsmSyntaxException(start, "expected an instruction mnemonic");
        }
        String mnemonic = text.subSequence(start, p).toString().toLowerCase(Locale.ROOT);
        int pair = indexOfPair(text, p);
        if (pair >= 0) {
            return assembleDual(text, start, p, mnemonic, pair, labels, symbols);
        }
        List<Integer> candidates = candidates(mnemonic);
        if (candidates.isEmpty()) {
            throw new AsmSyntaxException(start, "invalid instruction");
        }
        if (isa.encodingFamily(candidates.get(0)).equals("VOPDXY")) {
            // A VOPD instruction is one half of a pair: alone it lacks the other half (llvm-mc-22's message).
            throw new AsmSyntaxException(start, "too few operands for instruction");
        }
        int end = text.length();
        AsmSyntaxException best = null;
        Assembly unverified = null;
        VariantParser.Relocatable unverifiedRelocatable = null;
        List<Long> unverifiedFields = List.of();
        int[] words = new int[16];
        for (int v : candidates) {
            Map<String, Long> fields;
            VariantParser.Relocatable relocatable;
            try {
                fields = parser.parse(v, text, p, end, labels, symbols);
                relocatable = parser.relocatable();
            } catch (AsmSyntaxException e) {
                if (best == null || e.offset() > best.offset()) {
                    best = e;
                }
                continue;
            }
            int n;
            try {
                n = encode(v, fields, words);
            } catch (EncodingException e) {
                AsmSyntaxException located = new AsmSyntaxException(p, e.getMessage());
                if (best == null || located.offset() > best.offset()) {
                    best = located;
                }
                continue;
            }
            int[] w = Arrays.copyOf(words, n);
            // The checking encoder decoded the words back (same length, same instruction): that variant.
            int decoded = encoder.lastDecoded();
            StringBuilder printed = new StringBuilder();
            try {
                printer.print(isa, decoded, w, 0, n, printed);
            } catch (RuntimeException e) {
                continue;
            }
            String canonical = printed.toString();
            if (target.requiresAlignedVgprTuples() && canonical.contains(MISALIGNED)) {
                // gfx90a+ and gfx1250 VGPR/AGPR tuples start at an even register; llvm-mc rejects the statement
                // ("invalid operand for instruction") where its disassembler flags the operand as outside an _Align2
                // class (gfx1250: v_mov_b64 v[1:2], v[4:5]; global_load_b64 v[1:2], v[4:5], off).
                AsmSyntaxException located = new AsmSyntaxException(p, "invalid operand for instruction");
                if (best == null || located.offset() > best.offset()) {
                    best = located;
                }
                continue;
            }
            if (decoded == v && sameOperands(text, p, end, canonical) || verify(decoded, canonical, w)) {
                return relocate(new Assembly(decoded, w, echo(text, p, end, decoded, w, canonical), true),
                        relocatable);
            }
            if (unverified == null) {
                unverified = new Assembly(decoded, w, echo(text, p, end, decoded, w, canonical), false);
                unverifiedRelocatable = relocatable;
                // What the words hold: the parsed fields, each word and its 16-bit halves (a value split over
                // fields, as ds_swizzle's offset over OFFSET0 and OFFSET1).
                unverifiedFields = new ArrayList<>(fields.values());
                for (int x : w) {
                    unverifiedFields.add(x & 0xffffffffL);
                    unverifiedFields.add((long) (x & 0xffff));
                    unverifiedFields.add((long) (x >>> 16));
                }
            }
        }
        if (unverified != null) {
            // No candidate's printed text reads back to its words (a printer gap, or a lossy print such as
            // ds_swizzle's offset:0xffff as swizzle(FFT,31)): keep the words only if every number the statement
            // wrote is in the printed operands or in an encoded field, else a candidate dropped or replaced one (the
            // spec's s_set_gpr_idx_on form with the mode in the literal slot took 0x535dbfef, 0x2b as lit(0x2b)).
            int lost = lostNumber(text, p, end, unverified.text(), unverifiedFields);
            if (lost < 0) {
                lost = lostModifierWord(text, p, end, unverified.text(),
                        target.dialect() == io.github.amdisa.runtime.Dialect.GFX9);
            }
            if (lost < 0) {
                return relocate(unverified, unverifiedRelocatable);
            }
            throw best != null ? best : new AsmSyntaxException(lost, "invalid operand for instruction");
        }
        throw best != null ? best : new AsmSyntaxException(start, "invalid instruction");
    }

    /**
     * The assembly with its relocatable source literal as a {@link Fixup}: the literal dword(s), which the encoding
     * appends after the instruction, hold the placeholder while the variants are tried and 0 from here on, and the
     * canonical text shows the expression where the printer wrote the placeholder.
     */
    private static Assembly relocate(Assembly a, VariantParser.Relocatable relocatable) {
        if (relocatable == null) {
            return a;
        }
        int dwords = relocatable.wide() ? 2 : 1;
        int[] w = a.words().clone();
        int first = w.length - dwords;
        long placeholder = SourceOperands.RELOCATABLE_PLACEHOLDER;
        StringBuilder hex = new StringBuilder();
        SourceOperands.appendHex(hex, relocatable.wide() ? placeholder << 32 | placeholder : placeholder);
        int at = a.text().indexOf(hex.toString());
        boolean placed = first > 0 && at >= 0;
        for (int k = 0; placed && k < dwords; k++) {
            placed = (w[first + k] & 0xffffffffL) == placeholder;
            w[first + k] = 0;
        }
        if (!placed) {
            // Not reachable for the encodings that take a literal: they append it after the instruction.
            throw new AsmSyntaxException(relocatable.at(), "internal assembler error: the literal of "
                    + relocatable.value() + " is not where the encoding appends it");
        }
        String text = a.text().substring(0, at) + relocatable.value() + a.text().substring(at + hex.length());
        Fixup f = new Fixup(4 * first, 4 * dwords, relocatable.value(),
                Fixup.Kind.literal(relocatable.value(), relocatable.wide()), relocatable.at());
        return new Assembly(a.variant(), w, text, a.verified(), List.of(f));
    }

    /**
     * The position in {@code text[p, end)} of an integer operand the statement wrote (outside register names and
     * modifiers such as {@code op_sel:[1,0,0]} or {@code offset:16}) whose value
     * neither the printed operands of {@code canonical} nor the {@code encoded} field values show, or -1. A value is
     * shown by the same number, the same low 32 bits, the same low 16 bits (for a written 16-bit value), or a
     * printed float whose f32, f16 or f64-high bits equal it (a hex literal printed as a float constant).
     */
    static int lostNumber(CharSequence text, int p, int end, String canonical, java.util.Collection<Long> encoded) {
        int q = 0;
        while (q < canonical.length() && (AsmCursor.isIdentifierPart(canonical.charAt(q))
                || canonical.charAt(q) == '.')) {
            q++;
        }
        long[] shown = new long[8 + encoded.size()];
        int count = 0;
        for (long v : encoded) {
            shown[count++] = v;
        }
        for (int i = q; i < canonical.length(); ) {
            int j = numberEnd(canonical, i, canonical.length());
            if (j < 0) {
                i++;
                continue;
            }
            String token = canonical.substring(i, j);
            i = j;
            long[] values = numberValues(token);
            for (long v : values) {
                if (count == shown.length) {
                    shown = Arrays.copyOf(shown, count * 2);
                }
                shown[count++] = v;
            }
        }
        boolean modifier = false; // inside name:[...] or name:(...), or right after name:
        for (int i = p; i < end; ) {
            char ch = text.charAt(i);
            if (ch == ':' && i > p && AsmCursor.isIdentifierPart(text.charAt(i - 1))) {
                modifier = true;
                i++;
                continue;
            }
            if (modifier && (ch == ']' || ch == ')' || ch == ' ' && (i == 0 || text.charAt(i - 1) != ','))) {
                modifier = false;
            }
            int j = numberEnd(text, i, end);
            if (j < 0) {
                i++;
                continue;
            }
            if (modifier) {
                i = j; // a modifier's value (op_sel:[1,0,0], offset:16): printers may leave some out or spell them
                continue;
            }
            String token = text.subSequence(i, j).toString();
            int at = i;
            i = j;
            if (token.indexOf('.') >= 0 || token.indexOf('e') >= 0 && !token.startsWith("0x")) {
                continue; // a float: printed as written or as its bits, compared through the printed side
            }
            long w;
            try {
                w = parseInteger(token);
            } catch (NumberFormatException e) {
                continue;
            }
            boolean found = false;
            for (int k = 0; k < count && !found; k++) {
                long v = shown[k];
                found = v == w || (v & 0xffffffffL) == (w & 0xffffffffL)
                        || (w >= 0 && w <= 0xffff && (v & 0xffff) == w);
            }
            if (!found) {
                return at;
            }
        }
        return -1;
    }

    /**
     * The position in {@code text[p, end)} of a modifier the statement wrote that the printed text {@code canonical}
     * does not show, or -1: a cache-policy word ({@code glc}, {@code slc}, {@code dlc}, {@code scc}, {@code sc0},
     * {@code sc1}, {@code nt}), or, when {@code opSel} (GFX9), an {@code op_sel:[...]} with a bit set. The printer
     * shows these wherever LLVM's instruction takes them, so one it leaves out is a modifier LLVM's operand list
     * lacks, and llvm-mc-22 rejects
     * the statement: {@code s_memtime s[0:1] glc} and {@code s_dcache_wb glc} on GFX9/GFX10 ("invalid operand for
     * instruction"), {@code buffer_wbl2 glc} on gfx90a, {@code v_cvt_f32_fp8_e64 v1, v2 op_sel:[1,1]} on gfx942
     * ("not a valid operand."), where the encoding has the bits and amdisa had set them silently.
     */
    static int lostModifierWord(CharSequence text, int p, int end, String canonical, boolean opSel) {
        int i = p;
        while (i < end) {
            if (!Character.isLetter(text.charAt(i)) || i > p && (AsmCursor.isIdentifierPart(text.charAt(i - 1))
                    || text.charAt(i - 1) == '.' || text.charAt(i - 1) == ':')) {
                i++;
                continue;
            }
            int j = i;
            while (j < end && AsmCursor.isIdentifierPart(text.charAt(j))) {
                j++;
            }
            String word = text.subSequence(i, j).toString();
            boolean valued = j < end && text.charAt(j) == ':';
            boolean cache = VariantParser.CACHE_POLICY_BITS.contains(word);
            if (cache && !valued && !containsWord(canonical, word)) {
                return i;
            }
            if (opSel && word.equals("op_sel") && valued && !canonical.contains("op_sel:")
                    && !canonical.startsWith("v_cvt_scale")) {
                // Only on GFX9, where it was checked with llvm-mc-22: there GFX12's FP8/BF8 conversions take op_sel
                // that the printer does not show yet, and gfx950's scaled conversions likewise (printer gaps, so
                // those statements stay accepted as before).
                int k = j + 1;
                boolean set = false;
                while (k < end && text.charAt(k) != ']' && !Character.isWhitespace(text.charAt(k))) {
                    set |= text.charAt(k) == '1';
                    k++;
                }
                if (set) {
                    return i;
                }
            }
            i = j;
        }
        return -1;
    }

    /** Whether {@code s} holds {@code word} as a whole word (not inside a longer name). */
    private static boolean containsWord(String s, String word) {
        for (int k = s.indexOf(word); k >= 0; k = s.indexOf(word, k + 1)) {
            boolean before = k == 0 || !AsmCursor.isIdentifierPart(s.charAt(k - 1));
            int after = k + word.length();
            if (before && (after == s.length() || !AsmCursor.isIdentifierPart(s.charAt(after)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The end of the number starting at {@code i} (decimal, {@code 0x} hex, or a decimal float, with an optional
     * leading {@code -}), or -1 when none starts there or {@code i} is inside a name ({@code v5}, {@code SRC0}).
     */
    private static int numberEnd(CharSequence s, int i, int end) {
        if (i > 0 && (AsmCursor.isIdentifierPart(s.charAt(i - 1)) || s.charAt(i - 1) == '.')) {
            return -1;
        }
        int j = i;
        if (j < end && s.charAt(j) == '-') {
            j++;
        }
        if (j >= end || !Character.isDigit(s.charAt(j))) {
            return -1;
        }
        if (s.charAt(j) == '0' && j + 1 < end && (s.charAt(j + 1) == 'x' || s.charAt(j + 1) == 'X')) {
            j += 2;
            while (j < end && Character.digit(s.charAt(j), 16) >= 0) {
                j++;
            }
            return j;
        }
        while (j < end && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.' || s.charAt(j) == 'e'
                || s.charAt(j) == 'E' || (s.charAt(j) == '-' || s.charAt(j) == '+')
                && (s.charAt(j - 1) == 'e' || s.charAt(j - 1) == 'E'))) {
            j++;
        }
        return j;
    }

    private static long parseInteger(String token) {
        boolean neg = token.startsWith("-");
        String t = neg ? token.substring(1) : token;
        long v = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16)
                : Long.parseLong(t);
        return neg ? -v : v;
    }

    /** A printed number's values: an integer as itself; a float as its f64, f32, f16 and f64-high-word bits. */
    private static long[] numberValues(String token) {
        try {
            if (token.startsWith("0x") || token.startsWith("-0x") || token.indexOf('.') < 0 && token.indexOf('e') < 0
                    && token.indexOf('E') < 0) {
                return new long[] {parseInteger(token)};
            }
            double d = Double.parseDouble(token);
            long bits = Double.doubleToRawLongBits(d);
            return new long[] {(long) d, bits, Float.floatToRawIntBits((float) d) & 0xffffffffL,
                    io.github.amdisa.runtime.syntax.InlineConstants.toHalfBits(d) & 0xffffL, bits >>> 32};
        } catch (NumberFormatException e) {
            return new long[0];
        }
    }

    /**
     * gfx940's MFMA and SMFMAC names: prefix and shape (with M and K), block count, type
     * ({@code v_mfma_f32_16x16x1_4b_f32}, {@code v_smfmac_f32_32x32x32_fp8_bf8}).
     */
    private static final Pattern GFX940_MFMA = Pattern.compile(
            "(v_s?mfmac?_[fi]\\d+_(\\d+)x\\d+x(\\d+))(_\\d+b)?_(f32|xf32|f16|bf16|i8|f64|(?:bf8|fp8)_(?:bf8|fp8))");

    /** The printer's note on a misaligned register tuple (LLVM's {@code VReg_64_Align2}, {@code AV_128_Align2}, ...). */
    private static final String MISALIGNED = "_Align2' register class*/";

    /**
     * The text llvm-mc echoes for a statement: in true16 mode (GFX11's default) llvm-mc-22 also takes the fake16
     * spelling, whole VGPRs for 16-bit operands, matches it to the fake16 opcode and prints that form ({@code
     * v_add_nc_u16 v5, v1, v2 op_sel:[0,1,1]}, where the words disassemble as {@code v5.h, v1.l, v2.h}). So a
     * statement without register halves whose canonical text has some is printed in fake16 syntax.
     */
    private String echo(CharSequence text, int p, int end, int variant, int[] w, String canonical) {
        if (fake16Printer == null || !hasHalf(canonical, 0, canonical.length()) || hasHalf(text, p, end)) {
            return canonical;
        }
        StringBuilder fake16 = new StringBuilder();
        try {
            fake16Printer.print(isa, variant, w, 0, w.length, fake16);
        } catch (RuntimeException e) {
            return canonical;
        }
        return fake16.toString();
    }

    /** Whether {@code text[from, to)} names a 16-bit VGPR half ({@code v5.l}, {@code v[5].h}). */
    private static boolean hasHalf(CharSequence text, int from, int to) {
        for (int i = Math.max(from, 1); i + 1 < to; i++) {
            char prev = text.charAt(i - 1);
            char next = text.charAt(i + 1);
            if (text.charAt(i) == '.' && (next == 'l' || next == 'h' || next == 'L' || next == 'H')
                    && (Character.isDigit(prev) || prev == ']')
                    && (i + 2 >= to || !AsmCursor.isIdentifierPart(text.charAt(i + 2)))) {
                return true;
            }
        }
        return false;
    }

    /** The position of {@code ::} (VOPD's separator of the X and Y halves) after {@code from}, or -1. */
    private static int indexOfPair(CharSequence text, int from) {
        for (int i = from; i + 1 < text.length(); i++) {
            if (text.charAt(i) == ':' && text.charAt(i + 1) == ':') {
                return i;
            }
        }
        return -1;
    }

    /**
     * A VOPD dual-issue statement {@code X :: Y}. The spec lists each VOPD instruction once, identified by its X
     * opcode, with the Y operand fields (VDSTY, SRCY0, VSRCY1); both halves are read with those operand tables, the
     * X half's fields then move to the X fields, the Y instruction's opcode goes to OPY and the Y destination is
     * stored without its low bit, which must differ from the X destination's (LLVM's pairing rule).
     */
    private Assembly assembleDual(CharSequence text, int start, int xEnd, String xName, int pair,
            VariantParser.Labels labels, Symbols symbols) {
        int q = pair + 2;
        while (q < text.length() && Character.isWhitespace(text.charAt(q))) {
            q++;
        }
        int yStart = q;
        while (q < text.length() && (AsmCursor.isIdentifierPart(text.charAt(q)) || text.charAt(q) == '.')) {
            q++;
        }
        String yName = text.subSequence(yStart, q).toString().toLowerCase(Locale.ROOT);
        List<Integer> xs = parsedForms(dualVariants(xName));
        List<Integer> ys = parsedForms(dualVariants(yName));
        String yInstruction = null;
        long yOpcode = -1;
        List<Integer> template = parsedForms(dualVariants(VopdYOnly.TEMPLATE.toLowerCase(Locale.ROOT)));
        if (ys.isEmpty() && VopdYOnly.opcode(yName) >= 0) {
            // A Y-only instruction (no variant of its own): read with the template's operand table, its opcode to OPY.
            ys = template;
            yInstruction = VopdYOnly.name(VopdYOnly.opcode(yName));
            yOpcode = VopdYOnly.opcode(yName);
        }
        if (xs.isEmpty()) {
            if (VopdYOnly.opcode(xName) >= 0 && !template.isEmpty()) {
                throw new AsmSyntaxException(start, "this instruction is valid only as the second (Y) half of a pair");
            }
            throw new AsmSyntaxException(start, "invalid instruction");
        }
        if (ys.isEmpty()) {
            throw new AsmSyntaxException(yStart, "invalid instruction");
        }
        AsmSyntaxException best = null;
        for (int vx : xs) {
            Map<String, Long> x;
            try {
                x = parser.parse(vx, text, xEnd, pair, labels, symbols);
            } catch (AsmSyntaxException e) {
                best = further(best, e);
                continue;
            }
            for (int vy : ys) {
                Map<String, Long> y;
                try {
                    y = parser.parse(vy, text, q, text.length(), labels, symbols);
                } catch (AsmSyntaxException e) {
                    best = further(best, e);
                    continue;
                }
                try {
                    String yInstr = yInstruction != null ? yInstruction : isa.instructionName(vy);
                    dualConstantBus(vx, x, yInstruction != null ? -1 : vy, y, text, xEnd, pair, q, text.length());
                    return encodeDual(vx, x, vy, y, yInstr, yOpcode >= 0 ? yOpcode : isa.opcode(vy), start, yStart,
                            text, q, text.length());
                } catch (AsmSyntaxException e) {
                    best = further(best, e);
                }
            }
        }
        throw best != null ? best : new AsmSyntaxException(start, "invalid instruction");
    }

    /**
     * The VGPR banks of a VOPD half's sources as LLVM numbers them (src0, src1, src2), -1 where the source is not a
     * VGPR: FMAMK's register operand is its src2 (src1 is the constant), the accumulating FMAC and DOT2ACC read
     * their destination as src2. src0 and src1 have four banks (register % 4), src2 two (register % 2): llvm-mc-22
     * rejects v_dual_fmamk_f32 v6, v1, 0x1234, v3 :: v_dual_fmamk_f32 v5, v2, 0x1234, v5 on gfx1100 and gfx1200.
     */
    private static long[] dualBanks(String name, Map<String, Long> half) {
        long[] banks = {-1, -1, -1};
        Long src0 = half.get("SRCY0");
        if (src0 != null && src0 >= 256) {
            banks[0] = src0 & 3;
        }
        Long vsrc1 = half.get("VSRCY1");
        if (vsrc1 != null) {
            if (name.contains("FMAMK")) {
                banks[2] = vsrc1 & 1;
            } else {
                banks[1] = vsrc1 & 3;
            }
        }
        Long vdst = half.get("VDSTY");
        if (vdst != null && (name.contains("FMAC") || name.contains("DOT2ACC"))) {
            banks[2] = vdst & 1;
        }
        return banks;
    }

    /**
     * LLVM's constant bus limit over a VOPD pair (llvm-mc-22's validateConstantBusLimitations): the implicit vcc of a
     * V_DUAL_CNDMASK_B32 half (counted as the 64-bit {@code vcc}, so an explicit {@code vcc_lo} is another read:
     * llvm-mc-22 rejects v_dual_mul_f32 v255, vcc_lo, v2 :: v_dual_cndmask_b32 v6, s2, v3), then each half's src0
     * and literal; each distinct scalar register and the one literal count once.
     *
     * @param vy the Y variant, -1 for a Y-only instruction (no implicit read)
     */
    private void dualConstantBus(int vx, Map<String, Long> x, int vy, Map<String, Long> y, CharSequence text,
            int xFrom, int xTo, int yFrom, int yTo) {
        ConstantBus bus = new ConstantBus(target);
        bus.reset(target.constantBusLimit(isa.instructionName(vx)));
        if (implicitVcc(vx) || vy >= 0 && implicitVcc(vy)) {
            bus.read(ConstantBus.VCC, 2, 64, xFrom);
        }
        dualReads(bus, vx, x, text, xFrom, xTo);
        dualReads(bus, vy, y, text, yFrom, yTo);
        bus.verify();
    }

    private void dualReads(ConstantBus bus, int v, Map<String, Long> half, CharSequence text, int from, int to) {
        Long src0 = half.get("SRCY0");
        if (src0 != null) {
            bus.read(src0.intValue(), 1, 32, VariantParser.nthOperand(text, from, to, 1));
        }
        if (v >= 0 && half.containsKey("LITERAL") && (src0 == null || src0 != 255)) {
            // FMAAK's constant is its fourth operand, FMAMK's its third (the operand order of the spec).
            int k = 0;
            for (int i = 0; i < isa.operandCount(v); i++) {
                if ((isa.operandFlags(v, i) & InstructionSet.IMPLICIT) == 0) {
                    if ("LITERAL".equals(isa.operandField(v, i))) {
                        break;
                    }
                    k++;
                }
            }
            bus.literal(32, VariantParser.nthOperand(text, from, to, k));
        }
    }

    /** Where the written operand of variant {@code v} that fills {@code field} starts in {@code text[from, to)}. */
    private int operandPosition(int v, String field, CharSequence text, int from, int to) {
        int k = 0;
        for (int i = 0; i < isa.operandCount(v); i++) {
            if ((isa.operandFlags(v, i) & InstructionSet.IMPLICIT) != 0) {
                continue;
            }
            if (field.equals(isa.operandField(v, i))) {
                int p = VariantParser.nthOperand(text, from, to, k);
                while (p < to && Character.isWhitespace(text.charAt(p))) {
                    p++;
                }
                return p;
            }
            k++;
        }
        return from;
    }

    /** Whether variant {@code v} reads vcc implicitly (an implicit OPR_VCC input). */
    private boolean implicitVcc(int v) {
        for (int i = 0; i < isa.operandCount(v); i++) {
            int flags = isa.operandFlags(v, i);
            if ((flags & InstructionSet.IMPLICIT) != 0 && (flags & InstructionSet.IN) != 0
                    && (flags & InstructionSet.OUT) == 0 && isa.operandType(v, i).equals("OPR_VCC")) {
                return true;
            }
        }
        return false;
    }

    private static AsmSyntaxException further(AsmSyntaxException best, AsmSyntaxException e) {
        return best == null || e.offset() > best.offset() ? e : best;
    }

    /**
     * The VOPD forms a half is read with: those without a literal dword (a literal source is read there as 255 plus
     * the literal, and {@link #encodeDual} picks the literal form), or the literal forms when the instruction has no
     * other (FMAAK/FMAMK). Reading a half with a literal form too would report its "expected a literal constant"
     * for plain register sources, over the pair's own errors.
     */
    private List<Integer> parsedForms(List<Integer> variants) {
        List<Integer> plain = new ArrayList<>();
        for (int v : variants) {
            if (!isa.hasField(v, "LITERAL")) {
                plain.add(v);
            }
        }
        return plain.isEmpty() ? variants : plain;
    }

    private List<Integer> dualVariants(String mnemonic) {
        List<Integer> out = new ArrayList<>();
        for (int v : byName.getOrDefault(mnemonic, List.of())) {
            if (isa.encodingFamily(v).equals("VOPDXY")) {
                out.add(v);
            }
        }
        return out;
    }

    private Assembly encodeDual(int vx, Map<String, Long> x, int vy, Map<String, Long> y, String yInstruction,
            long yOpcode, int xAt, int yAt, CharSequence text, int yFrom, int yTo) {
        Map<String, Long> fields = new LinkedHashMap<>();
        Long literal = null;
        for (Map.Entry<String, Long> e : x.entrySet()) {
            String f = e.getKey();
            if (f.equals("LITERAL")) {
                literal = e.getValue();
                continue;
            }
            fields.put(f.equals("VDSTY") ? "VDSTX" : f.equals("SRCY0") ? "SRCX0" : f.equals("VSRCY1") ? "VSRCX1" : f,
                    e.getValue());
        }
        for (Map.Entry<String, Long> e : y.entrySet()) {
            if (e.getKey().equals("LITERAL")) {
                if (literal != null && !literal.equals(e.getValue())) {
                    throw new AsmSyntaxException(yAt, "only one unique literal operand is allowed");
                }
                literal = e.getValue();
            } else {
                fields.put(e.getKey(), e.getValue());
            }
        }
        // LLVM's VGPR bank rules for the pair: VGPR sources in the same slot must differ in bank (register % 4).
        long[] bx = dualBanks(isa.instructionName(vx), x);
        long[] by = dualBanks(yInstruction, y);
        for (int k = 0; k < 3; k++) {
            if (bx[k] >= 0 && by[k] >= 0 && bx[k] == by[k]) {
                // Located at the Y operand in that slot, as llvm-mc-22 does.
                String field = k == 0 ? "SRCY0" : k == 1 || yInstruction.contains("FMAMK") ? "VSRCY1" : "VDSTY";
                throw new AsmSyntaxException(operandPosition(vy, field, text, yFrom, yTo),
                        "src" + k + " operands must use different VGPR banks");
            }
        }
        long dstX = fields.getOrDefault("VDSTX", 0L);
        long dstY = fields.getOrDefault("VDSTY", 0L);
        if (((dstX ^ dstY) & 1) == 0) {
            throw new AsmSyntaxException(operandPosition(vy, "VDSTY", text, yFrom, yTo),
                    "one dst register must be even and the other odd");
        }
        fields.put("VDSTY", dstY >>> 1);
        fields.put("OPY", yOpcode);
        int[] words = new int[16];
        int n = -1;
        int v = vx;
        boolean appended = false;
        try {
            if (literal == null) {
                n = encode(vx, fields, words);
            } else {
                // A literal form of the X instruction: the words are the same in each (the fields are), and the
                // encoder's read-back accepts them when the spec has the form for a literal in the X half's src0
                // or in the Y half (the generator's VOPD literal overlay gives every X instruction both).
                fields.put("LITERAL", literal);
                EncodingException first = null;
                v = -1;
                for (int c : dualVariants(isa.instructionName(vx).toLowerCase(Locale.ROOT))) {
                    if (!isa.hasField(c, "LITERAL")) {
                        continue;
                    }
                    try {
                        n = encode(c, fields, words);
                        v = c;
                        break;
                    } catch (EncodingException e) {
                        first = first == null ? e : first;
                    }
                }
                if (v < 0) {
                    // No literal form in the spec (one generated without the overlay): the 64-bit words with the
                    // literal as a third dword, as llvm-mc-22 encodes the pair (v_dual_add_f32 v1, 0x1234, v2 ::
                    // v_dual_mul_f32 v6, v3, v5 is 12 bytes).
                    if (first != null && isa.hasField(vx, "LITERAL")) {
                        throw first;
                    }
                    fields.remove("LITERAL");
                    String[] names = fields.keySet().toArray(new String[0]);
                    long[] values = new long[names.length];
                    for (int i = 0; i < names.length; i++) {
                        values[i] = fields.get(names[i]);
                    }
                    v = vx;
                    n = encoder.encodeUnverified(v, names, values, words, 0);
                    words[n++] = (int) (long) literal;
                    appended = true;
                }
            }
        } catch (EncodingException e) {
            throw new AsmSyntaxException(xAt, e.getMessage());
        }
        int[] w = Arrays.copyOf(words, n);
        // Appended words are outside the spec's encodings (no literal form of the X instruction): not read back, the
        // variant is the one encoded.
        int decoded = appended ? v : decodedVariant(w);
        if (decoded < 0) {
            throw new AsmSyntaxException(xAt, "the words do not decode");
        }
        StringBuilder printed = new StringBuilder();
        try {
            printer.print(isa, decoded, w, 0, n, printed);
        } catch (RuntimeException e) {
            printed.setLength(0);
        }
        // The printer shows one half of a VOPD pair, so the text is not read back.
        return new Assembly(decoded, w, printed.toString(), false);
    }

    private List<Integer> candidates(String mnemonic) {
        List<Integer> found = known(mnemonic);
        if (!found.isEmpty()) {
            return found;
        }
        for (String rewrite : LegacyMnemonics.rewrites(mnemonic, target.dialect())) {
            found = known(rewrite);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return found;
    }

    private List<Integer> known(String mnemonic) {
        List<Integer> exact = byMnemonic.get(mnemonic);
        List<Integer> plain = byName.get(mnemonic);
        if (plain != null && !mnemonic.endsWith("_e32") && !mnemonic.endsWith("_e64")) {
            // A mnemonic without suffix may use any form of the instruction: LLVM picks the shortest that fits
            // (VOP1/VOP2/VOPC before VOP3); DPP and SDWA forms are last and need their controls.
            return plain;
        }
        if (exact != null) {
            return exact;
        }
        return List.of();
    }

    private int encode(int v, Map<String, Long> fields, int[] out) {
        String[] names = fields.keySet().toArray(new String[0]);
        long[] values = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            values[i] = fields.get(names[i]);
        }
        return encoder.encode(v, names, values, out, 0);
    }

    private int decodedVariant(int[] w) {
        int[] found = {-1};
        try {
            int n = isa.decode(w, 0, (fv, ww, o, len) -> found[0] = fv);
            return n == w.length ? found[0] : -1;
        } catch (DecodeException e) {
            return -1;
        }
    }

    /**
     * Whether the printed text's operands (after its mnemonic) are the statement's operands {@code text[p, end)},
     * blanks at either end aside. Then reading the printed text back as the same variant repeats the parse that gave
     * the words, so it gives the same words and the full {@link #verify} is not needed.
     */
    private static boolean sameOperands(CharSequence text, int p, int end, String canonical) {
        int q = 0;
        int n = canonical.length();
        while (q < n && (AsmCursor.isIdentifierPart(canonical.charAt(q)) || canonical.charAt(q) == '.')) {
            q++;
        }
        while (p < end && Character.isWhitespace(text.charAt(p))) {
            p++;
        }
        while (end > p && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        while (q < n && Character.isWhitespace(canonical.charAt(q))) {
            q++;
        }
        while (n > q && Character.isWhitespace(canonical.charAt(n - 1))) {
            n--;
        }
        if (end - p != n - q) {
            return false;
        }
        for (int i = 0; i < n - q; i++) {
            if (text.charAt(p + i) != canonical.charAt(q + i)) {
                return false;
            }
        }
        return true;
    }

    /** Reads the printed text back as the decoded variant and checks that it gives the same words. */
    private boolean verify(int variant, String canonical, int[] words) {
        int p = 0;
        while (p < canonical.length() && (AsmCursor.isIdentifierPart(canonical.charAt(p))
                || canonical.charAt(p) == '.')) {
            p++;
        }
        try {
            Map<String, Long> fields = parser.parse(variant, canonical, p, canonical.length(), null);
            int[] again = new int[16];
            int n = encode(variant, fields, again);
            return n == words.length && Arrays.equals(Arrays.copyOf(again, n), words);
        } catch (AsmSyntaxException | EncodingException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------------------------------------ programs

    /**
     * Assembles a program: one statement per line, {@code name:} labels (a label may share its line with a
     * statement), symbol assignments ({@code i1=1}, {@code .set sym, expr}, {@code .equ}, {@code .equiv}: see
     * {@link SymbolTable}), comments from {@code ;}, {@code //} or a leading {@code #} to the end of the line, blank
     * lines. Each statement sees the symbols as assigned above it ({@link #assemble(CharSequence, Symbols)}).
     * Branch operands may name labels (also through a variable, {@code y=L0}); they are resolved in a second pass
     * to LLVM's word offset {@code (label - (branch + 4)) / 4}. A source literal holding a relocatable expression
     * is resolved after layout as llvm-mc-22 resolves its fixup in an object file, with the program's first word at
     * address 0: a PC-relative one ({@code s_mov_b32 s0, L0}, {@code L1+4}) to the value minus the literal's own
     * byte address, a data one ({@code L1-L0}) to the value. A value that would need a relocation (an undefined
     * symbol, a symbol variant such as {@code @abs32@lo}, a data fixup of a label's address) is an error: the
     * program has no relocations. Directives other than assignments are not supported, except {@code .text},
     * which is ignored.
     *
     * @param source the program text
     * @return the words, statement addresses and labels
     * @throws AsmProgramException listing every bad line with its line, column and message
     */
    public Program assembleProgram(CharSequence source) {
        String text = source.toString();
        List<AsmProgramException.Problem> problems = new ArrayList<>();
        Map<String, Integer> labels = new LinkedHashMap<>();
        List<Item> items = new ArrayList<>();
        int statements = 0;
        int lineStart = 0;
        int lineNo = 1;
        while (lineStart <= text.length()) {
            int nl = text.indexOf('\n', lineStart);
            String line = text.substring(lineStart, nl < 0 ? text.length() : nl);
            int stop = commentStart(line);
            int pos = 0;
            while (true) {
                while (pos < stop && Character.isWhitespace(line.charAt(pos))) {
                    pos++;
                }
                int id = pos;
                while (id < stop && (AsmCursor.isIdentifierPart(line.charAt(id)) || line.charAt(id) == '.'
                        || line.charAt(id) == '$')) {
                    id++;
                }
                if (id > pos && id < stop && line.charAt(id) == ':' && (id + 1 >= stop || line.charAt(id + 1) != ':')) {
                    String name = line.substring(pos, id);
                    if (labels.containsKey(name)) {
                        problems.add(new AsmProgramException.Problem(lineNo, pos + 1, "label " + name
                                + " is already defined"));
                    }
                    labels.put(name, statements);
                    items.add(new Item(Item.LABEL, name, lineNo, pos));
                    pos = id + 1;
                    continue;
                }
                break;
            }
            String stmt = line.substring(pos, stop).strip();
            int column = pos + (line.substring(pos).length() - line.substring(pos).stripLeading().length());
            if (!stmt.isEmpty() && !stmt.equalsIgnoreCase(".text")) {
                if (SymbolTable.looksLikeAssignment(stmt)) {
                    items.add(new Item(Item.ASSIGNMENT, stmt, lineNo, column));
                } else if (stmt.startsWith(".")) {
                    problems.add(new AsmProgramException.Problem(lineNo, pos + 1, "directive "
                            + stmt.split("\\s", 2)[0] + " is not supported"));
                } else {
                    items.add(new Item(Item.STATEMENT, stmt, lineNo, column));
                    statements++;
                }
            }
            if (nl < 0) {
                break;
            }
            lineStart = nl + 1;
            lineNo++;
        }
        // Pass 1: lengths with labels resolved to 0 (an instruction's length never depends on a branch offset or on
        // a relocatable literal's value: such a literal always takes its own dword).
        int[] address = new int[statements + 1];
        Assembly[] first = new Assembly[statements];
        SymbolTable symbols = new SymbolTable();
        int i = 0;
        for (Item item : items) {
            if (!item.apply(symbols, problems)) {
                continue;
            }
            try {
                first[i] = assemble(item.text, (name, at) -> programLabel(labels, symbols, name) != null ? 0L : null,
                        symbols);
                address[i + 1] = address[i] + first[i].length();
            } catch (AsmSyntaxException e) {
                problems.add(new AsmProgramException.Problem(item.line, item.column + e.offset() + 1, e.detail()));
                address[i + 1] = address[i] + 1;
            }
            i++;
        }
        if (!problems.isEmpty()) {
            throw new AsmProgramException(problems);
        }
        Map<String, Integer> labelAddresses = new LinkedHashMap<>();
        labels.forEach((name, index) -> labelAddresses.put(name, address[index]));
        List<Integer> words = new ArrayList<>();
        List<Program.Line> out = new ArrayList<>();
        SymbolTable replay = new SymbolTable();
        i = 0;
        for (Item item : items) {
            if (!item.apply(replay, problems)) {
                continue;
            }
            int here = address[i];
            int next = address[i + 1];
            try {
                Assembly a = assemble(item.text, (name, at) -> {
                    String label = programLabel(labels, replay, name);
                    return label == null ? null : (long) (labelAddresses.get(label) - next);
                }, replay);
                if (a.length() != first[i].length()) {
                    throw new AsmSyntaxException(0, "instruction length changed when labels were resolved");
                }
                int[] w = a.words();
                for (Fixup f : a.fixups()) {
                    resolve(f, replay, labelAddresses, here, w);
                }
                for (int x : w) {
                    words.add(x);
                }
                out.add(new Program.Line(item.line, here, new Assembly(a.variant(), w, a.text(), a.verified())));
            } catch (AsmSyntaxException e) {
                problems.add(new AsmProgramException.Problem(item.line, item.column + e.offset() + 1, e.detail()));
            }
            i++;
        }
        if (!problems.isEmpty()) {
            throw new AsmProgramException(problems);
        }
        int[] all = new int[words.size()];
        for (int k = 0; k < all.length; k++) {
            all[k] = words.get(k);
        }
        return new Program(all, out, labelAddresses);
    }

    /** The label a branch target names, directly or through variables ({@code y=L0}), or null. */
    private static String programLabel(Map<String, Integer> labels, SymbolTable symbols, String name) {
        Expr e = symbols.expand(new Expr.Symbol(name, null));
        return e instanceof Expr.Symbol s && s.variant() == null && labels.containsKey(s.name()) ? s.name() : null;
    }

    /**
     * Writes a relocatable literal's value into the words, as an object file's layout would: the expression with
     * its variables expanded, labels at their byte addresses, minus the fixup's own address if it is PC-relative.
     * The value must not depend on where the program is loaded (it is computed for two load addresses), or it would
     * need a relocation.
     */
    private static void resolve(Fixup f, SymbolTable symbols, Map<String, Integer> labels, int dwordAddress,
            int[] w) {
        Expr e = symbols.expand(f.value());
        long at = 4L * dwordAddress + f.offset();
        java.util.OptionalLong[] v = new java.util.OptionalLong[2];
        for (int k = 0; k < 2; k++) {
            long base = k * 0x10000L;
            v[k] = e.evaluate(name -> {
                Integer dword = labels.get(name);
                return dword == null ? null : base + 4L * dword;
            });
            if (v[k].isPresent() && f.kind().pcRelative()) {
                v[k] = java.util.OptionalLong.of(v[k].getAsLong() - (base + at));
            }
        }
        if (v[0].isEmpty()) {
            String undefined = undefinedSymbol(e, labels);
            throw new AsmSyntaxException(f.textOffset(), undefined != null
                    ? "undefined symbol '" + undefined + "' (a program has no relocations)"
                    : f.value() + " cannot be resolved without a relocation, which a program does not have");
        }
        if (v[0].getAsLong() != v[1].getAsLong()) {
            throw new AsmSyntaxException(f.textOffset(), f.value() + " depends on where the program is loaded ("
                    + f.kind().llvmName() + " would need a relocation, which a program does not have)");
        }
        long value = v[0].getAsLong();
        int k = f.offset() / 4;
        w[k] = (int) value;
        if (f.size() == 8) {
            w[k + 1] = (int) (value >>> 32);
        }
    }

    /** A symbol of {@code e} that is neither a label nor has a value, or null. */
    private static String undefinedSymbol(Expr e, Map<String, Integer> labels) {
        if (e instanceof Expr.Symbol s) {
            return labels.containsKey(s.name()) && s.variant() == null ? null : s.toString();
        }
        if (e instanceof Expr.Unary u) {
            return undefinedSymbol(u.operand(), labels);
        }
        if (e instanceof Expr.Binary b) {
            String l = undefinedSymbol(b.left(), labels);
            return l != null ? l : undefinedSymbol(b.right(), labels);
        }
        return null;
    }

    /** A line's label, assignment or statement, in source order. */
    private static final class Item {
        static final int LABEL = 0;
        static final int ASSIGNMENT = 1;
        static final int STATEMENT = 2;
        final int kind;
        final String text;
        final int line;
        final int column;

        Item(int kind, String text, int line, int column) {
            this.kind = kind;
            this.text = text;
            this.line = line;
            this.column = column;
        }

        /**
         * Applies a label or an assignment to {@code symbols}, reporting a bad assignment (the second pass only
         * runs when the first had no problem, so each is reported once).
         *
         * @return true for a statement, which the caller assembles
         */
        boolean apply(SymbolTable symbols, List<AsmProgramException.Problem> problems) {
            if (kind == LABEL) {
                symbols.defineLabel(text);
                return false;
            }
            if (kind == ASSIGNMENT) {
                try {
                    symbols.assign(text);
                } catch (AsmSyntaxException e) {
                    problems.add(new AsmProgramException.Problem(line, column + e.offset() + 1, e.detail()));
                }
                return false;
            }
            return true;
        }
    }

    /** The first {@code ;}, {@code //} or line-leading {@code #}, or the line's length. */
    private static int commentStart(String line) {
        String t = line.stripLeading();
        if (t.startsWith("#")) {
            return line.length() - t.length();
        }
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == ';' || ch == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
                return i;
            }
        }
        return line.length();
    }
}
