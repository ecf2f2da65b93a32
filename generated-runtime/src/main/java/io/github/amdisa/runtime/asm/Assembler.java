package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.SyntaxMode;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.LlvmSyntax;
import io.github.amdisa.runtime.syntax.AsmCursor;
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

    private Assembler(InstructionSet isa, SyntaxMode mode) {
        this.isa = isa;
        this.target = Target.find(isa.llvmTarget()).orElse(Target.GFX1200);
        this.encoder = new CheckedEncoder(isa);
        this.printer = new LlvmSyntax(mode);
        this.fake16Printer = mode.true16() ? new LlvmSyntax(mode.withTrue16(false)) : null;
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
            String variantKind = isa.variantKind(v);
            if (mnemonic.equals(name) && !variantKind.equals("BASE") && (vop3 || family.equals("VOP3P"))
                    && (variantKind.equals("LITERAL") || variantKind.equals("LIT64"))
                    && (isa.instructionForms(v) & InstructionSet.HAS_VOP_SHORT) == 0) {
                byMnemonic.computeIfAbsent(name + "_e64", k -> new ArrayList<>()).add(v); // their literal forms
            }
            if (mnemonic.equals(name) && variantKind.equals("BASE")) {
                // Forms printed without a suffix (no operands: v_nop, v_clrexcp) still take the explicit one.
                if (vop3 && (isa.instructionForms(v) & InstructionSet.HAS_VOP_SHORT) != 0) {
                    byMnemonic.computeIfAbsent(name + "_e64", k -> new ArrayList<>()).add(v);
                } else if (vop3 || family.equals("VOP3P")) {
                    // VOP3-only and VOP3P instructions take the _e64 suffix too (llvm-mc-22 reads v_add3_u32_e64 and
                    // v_pk_add_f16_e64 from gfx908 to gfx1250, v_fma_mix_f32_e64 on gfx1030+, and prints them without
                    // it). gfx908's v_fma_mix names are aliases of the spec's v_mad_mix ones and do not get it.
                    byMnemonic.computeIfAbsent(name + "_e64", k -> new ArrayList<>()).add(v);
                } else if (vopShort && (isa.instructionForms(v) & InstructionSet.HAS_VOP3) != 0) {
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
            // gfx940 renamed the MFMAs by block count (v_mfma_f32_32x32x1_2b_f32); llvm-mc-22 still reads the
            // gfx908/gfx90a names (v_mfma_f32_32x32x1f32, and v_mfma_f32_32x32x4bf16_1k for the bf16 ones).
            for (String name : List.copyOf(byName.keySet())) {
                Matcher m = GFX940_MFMA.matcher(name);
                if (m.matches()) {
                    String old = m.group(1) + m.group(3) + (m.group(3).equals("bf16") ? "_1k" : "");
                    byName.putIfAbsent(old, byName.get(name));
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
     */
    public record Assembly(int variant, int[] words, String text, boolean verified) {
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
        return assemble(statement, null);
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

    Assembly assemble(CharSequence statement, VariantParser.Labels labels) {
        try {
            return echoBranchTarget(statement, assembleChecked(statement, labels));
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
    private Assembly echoBranchTarget(CharSequence statement, Assembly a) {
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
        AsmCursor cur = new AsmCursor(s);
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

    private Assembly assembleChecked(CharSequence text, VariantParser.Labels labels) {
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
            return assembleDual(text, start, p, mnemonic, pair, labels);
        }
        List<Integer> candidates = candidates(mnemonic);
        if (candidates.isEmpty()) {
            throw new AsmSyntaxException(start, "invalid instruction");
        }
        int end = text.length();
        AsmSyntaxException best = null;
        Assembly unverified = null;
        int[] words = new int[16];
        for (int v : candidates) {
            Map<String, Long> fields;
            try {
                fields = parser.parse(v, text, p, end, labels);
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
                return new Assembly(decoded, w, echo(text, p, end, decoded, w, canonical), true);
            }
            if (unverified == null) {
                unverified = new Assembly(decoded, w, canonical, false);
            }
        }
        if (unverified != null) {
            return unverified;
        }
        throw best != null ? best : new AsmSyntaxException(start, "invalid instruction");
    }

    /** gfx940's MFMA names: prefix and shape, block count, type ({@code v_mfma_f32_16x16x1_4b_f32}). */
    private static final Pattern GFX940_MFMA = Pattern.compile(
            "(v_mfma_[fi]\\d+_\\d+x\\d+x\\d+)(_\\d+b)?_(f32|f16|bf16|i8|f64)");

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
            VariantParser.Labels labels) {
        int q = pair + 2;
        while (q < text.length() && Character.isWhitespace(text.charAt(q))) {
            q++;
        }
        int yStart = q;
        while (q < text.length() && (AsmCursor.isIdentifierPart(text.charAt(q)) || text.charAt(q) == '.')) {
            q++;
        }
        String yName = text.subSequence(yStart, q).toString().toLowerCase(Locale.ROOT);
        List<Integer> xs = dualVariants(xName);
        List<Integer> ys = dualVariants(yName);
        if (xs.isEmpty()) {
            throw new AsmSyntaxException(start, "invalid instruction");
        }
        if (ys.isEmpty()) {
            throw new AsmSyntaxException(yStart, "invalid instruction");
        }
        AsmSyntaxException best = null;
        for (int vx : xs) {
            Map<String, Long> x;
            try {
                x = parser.parse(vx, text, xEnd, pair, labels);
            } catch (AsmSyntaxException e) {
                best = further(best, e);
                continue;
            }
            for (int vy : ys) {
                Map<String, Long> y;
                try {
                    y = parser.parse(vy, text, q, text.length(), labels);
                } catch (AsmSyntaxException e) {
                    best = further(best, e);
                    continue;
                }
                try {
                    return encodeDual(vx, x, vy, y, start, yStart);
                } catch (AsmSyntaxException e) {
                    best = further(best, e);
                }
            }
        }
        throw best != null ? best : new AsmSyntaxException(start, "invalid instruction");
    }

    /**
     * The VGPR banks (register % 4) of a VOPD half's sources as LLVM numbers them (src0, src1, src2), -1 where the
     * source is not a VGPR: FMAMK's register operand is its src2 (src1 is the constant), the accumulating FMAC
     * and DOT2ACC read their destination as src2.
     */
    private static long[] dualBanks(String name, Map<String, Long> half) {
        long[] banks = {-1, -1, -1};
        Long src0 = half.get("SRCY0");
        if (src0 != null && src0 >= 256) {
            banks[0] = src0 & 3;
        }
        Long vsrc1 = half.get("VSRCY1");
        if (vsrc1 != null) {
            banks[name.contains("FMAMK") ? 2 : 1] = vsrc1 & 3;
        }
        Long vdst = half.get("VDSTY");
        if (vdst != null && (name.contains("FMAC") || name.contains("DOT2ACC"))) {
            banks[2] = vdst & 3;
        }
        return banks;
    }

    private static AsmSyntaxException further(AsmSyntaxException best, AsmSyntaxException e) {
        return best == null || e.offset() > best.offset() ? e : best;
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

    private Assembly encodeDual(int vx, Map<String, Long> x, int vy, Map<String, Long> y, int xAt, int yAt) {
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
        long[] by = dualBanks(isa.instructionName(vy), y);
        for (int k = 0; k < 3; k++) {
            if (bx[k] >= 0 && by[k] >= 0 && bx[k] == by[k]) {
                throw new AsmSyntaxException(yAt, "src" + k + " operands must use different VGPR banks");
            }
        }
        long dstX = fields.getOrDefault("VDSTX", 0L);
        long dstY = fields.getOrDefault("VDSTY", 0L);
        if (((dstX ^ dstY) & 1) == 0) {
            throw new AsmSyntaxException(yAt, "one dst register must be even and the other odd");
        }
        fields.put("VDSTY", dstY >>> 1);
        fields.put("OPY", isa.opcode(vy));
        int v = vx;
        if (literal != null) {
            fields.put("LITERAL", literal);
            v = -1;
            for (int c : dualVariants(isa.instructionName(vx).toLowerCase(Locale.ROOT))) {
                if (isa.hasField(c, "LITERAL")) {
                    v = c;
                    break;
                }
            }
            if (v < 0) {
                throw new AsmSyntaxException(xAt, "literal operands are not supported in this encoding");
            }
        }
        int[] words = new int[16];
        int n;
        try {
            n = encode(v, fields, words);
        } catch (EncodingException e) {
            throw new AsmSyntaxException(xAt, e.getMessage());
        }
        int[] w = Arrays.copyOf(words, n);
        int decoded = decodedVariant(w);
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
     * statement), comments from {@code ;}, {@code //} or a leading {@code #} to the end of the line, blank lines.
     * Branch operands may name labels; they are resolved in a second pass to LLVM's word offset
     * {@code (label - (branch + 4)) / 4}. Directives are not supported except {@code .text}, which is ignored.
     *
     * @param source the program text
     * @return the words, statement addresses and labels
     * @throws AsmProgramException listing every bad line with its line, column and message
     */
    public Program assembleProgram(CharSequence source) {
        String text = source.toString();
        List<int[]> lines = new ArrayList<>();
        int lineStart = 0;
        int lineNo = 1;
        while (lineStart <= text.length()) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            lines.add(new int[] {lineStart, lineEnd, lineNo++});
            if (nl < 0) {
                break;
            }
            lineStart = nl + 1;
        }
        List<AsmProgramException.Problem> problems = new ArrayList<>();
        Map<String, Integer> labels = new LinkedHashMap<>();
        List<Stmt> statements = new ArrayList<>();
        for (int[] l : lines) {
            String line = text.substring(l[0], l[1]);
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
                if (id > pos && id < stop && line.charAt(id) == ':') {
                    String name = line.substring(pos, id);
                    if (labels.containsKey(name)) {
                        problems.add(new AsmProgramException.Problem(l[2], pos + 1, "label " + name
                                + " is already defined"));
                    }
                    labels.put(name, statements.size());
                    pos = id + 1;
                    continue;
                }
                break;
            }
            String stmt = line.substring(pos, stop).strip();
            if (stmt.isEmpty() || stmt.equalsIgnoreCase(".text")) {
                continue;
            }
            if (stmt.startsWith(".")) {
                problems.add(new AsmProgramException.Problem(l[2], pos + 1, "directive "
                        + stmt.split("\\s", 2)[0] + " is not supported"));
                continue;
            }
            statements.add(new Stmt(stmt, l[2], pos + (line.substring(pos).length()
                    - line.substring(pos).stripLeading().length())));
        }
        // Pass 1: lengths with labels resolved to 0 (an instruction's length never depends on a branch offset).
        int[] address = new int[statements.size() + 1];
        Assembly[] first = new Assembly[statements.size()];
        for (int i = 0; i < statements.size(); i++) {
            Stmt s = statements.get(i);
            try {
                first[i] = assemble(s.text, (name, at) -> labels.containsKey(name) ? 0L : null);
                address[i + 1] = address[i] + first[i].length();
            } catch (AsmSyntaxException e) {
                problems.add(new AsmProgramException.Problem(s.line, s.column + e.offset() + 1, e.detail()));
                address[i + 1] = address[i] + 1;
            }
        }
        if (!problems.isEmpty()) {
            throw new AsmProgramException(problems);
        }
        Map<String, Integer> labelAddresses = new LinkedHashMap<>();
        labels.forEach((name, index) -> labelAddresses.put(name, address[index]));
        List<Integer> words = new ArrayList<>();
        List<Program.Line> out = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Stmt s = statements.get(i);
            int next = address[i + 1];
            try {
                Assembly a = assemble(s.text, (name, at) -> {
                    Integer target = labelAddresses.get(name);
                    return target == null ? null : (long) (target - next);
                });
                if (a.length() != first[i].length()) {
                    throw new AsmSyntaxException(0, "instruction length changed when labels were resolved");
                }
                for (int w : a.words()) {
                    words.add(w);
                }
                out.add(new Program.Line(s.line, address[i], a));
            } catch (AsmSyntaxException e) {
                problems.add(new AsmProgramException.Problem(s.line, s.column + e.offset() + 1, e.detail()));
            }
        }
        if (!problems.isEmpty()) {
            throw new AsmProgramException(problems);
        }
        int[] all = new int[words.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = words.get(i);
        }
        return new Program(all, out, labelAddresses);
    }

    private record Stmt(String text, int line, int column) {
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
