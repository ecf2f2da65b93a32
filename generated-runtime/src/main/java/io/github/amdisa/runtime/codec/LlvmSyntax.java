package io.github.amdisa.runtime.codec;

import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.SyntaxMode;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.syntax.DelayAlu;
import io.github.amdisa.runtime.syntax.DepCtr;
import io.github.amdisa.runtime.syntax.Dpp;
import io.github.amdisa.runtime.syntax.HwReg;
import io.github.amdisa.runtime.syntax.Immediates;
import io.github.amdisa.runtime.syntax.InlineConstants;
import io.github.amdisa.runtime.syntax.MemoryModifiers;
import io.github.amdisa.runtime.syntax.OperandType;
import io.github.amdisa.runtime.syntax.RegisterClasses;
import io.github.amdisa.runtime.syntax.RegisterKind;
import io.github.amdisa.runtime.syntax.Registers;
import io.github.amdisa.runtime.syntax.Sdwa;
import io.github.amdisa.runtime.syntax.SendMsg;
import io.github.amdisa.runtime.syntax.SourceOperands;
import io.github.amdisa.runtime.syntax.GprIdx;
import io.github.amdisa.runtime.syntax.UcVersion;
import io.github.amdisa.runtime.syntax.Vop3Modifiers;
import io.github.amdisa.runtime.syntax.Waitcnt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small hand-written approximation of the text {@code llvm-mc -disassemble} prints for AMDGPU, for the
 * generation's default wave size and true16 mode, or for the {@link SyntaxMode} given (LLVM's {@code -mattr} wave size
 * and real-true16 features). It knows LLVM's conventions, not instructions: mnemonic suffixes by encoding
 * family ({@code _e32}, {@code _e64}, {@code _dpp}, {@code _sdwa}), register ranges for operands wider than
 * 32 bits, lane-mask registers by wave size, where LLVM prints the implicit {@code vcc}, true16 halves
 * ({@code v1.l}) on GFX11+, scaled SGPR-tuple fields, literals in hex, and the common modifiers (VOP3 neg/abs/clamp/
 * omod, VOP3P op_sel_hi, DPP/DPP8/SDWA controls, memory offsets and {@code off} addresses). Everything
 * instruction-specific comes from the {@link InstructionSet}. Where {@code io.github.amdisa.runtime.syntax} has the
 * rule it is used: source operands with inline constants and literals by data format ({@link SourceOperands}),
 * register ranges and true16 halves ({@link Registers}), {@code s_waitcnt}/{@code hwreg}/{@code sendmsg}/
 * {@code s_delay_alu}/depctr operands, clamp/omod/op_sel_hi ({@link Vop3Modifiers}), DPP ({@link Dpp}) and SDWA
 * ({@link Sdwa}) controls. What is left here is instruction-shape knowledge the library does not have (implicit
 * {@code vcc}, memory addresses, which fields are modifiers); the full syntax library replaces this class.
 */
public class LlvmSyntax implements AsmSyntax {

    /** Source operand fields ({@code SRC0}, {@code VSRC1}, {@code LITERAL}): {@code V?SRC\d|LITERAL}. */
    private static boolean sourceField(String f) {
        int i = f.startsWith("V") ? 1 : 0;
        return f.equals("LITERAL") || f.length() == i + 4 && f.startsWith("SRC", i) && digit(f.charAt(i + 3));
    }

    private static boolean digit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    /** Whether {@code s} from {@code from} on is one or more digits ({@code \d+}). */
    private static boolean digits(String s, int from) {
        if (from >= s.length()) {
            return false;
        }
        for (int i = from; i < s.length(); i++) {
            if (!digit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A VGPR or VGPR range as printed: {@code v(\d+|\[.*)}. */
    private static boolean vgprText(String t) {
        return t.startsWith("v") && (t.startsWith("[", 1) || digits(t, 1));
    }

    /** Memory data fields that ACC turns into AGPRs: {@code VDATA|VDST|DATA|DATA0|DATA1}. */
    private static boolean dataField(String f) {
        return f.equals("VDATA") || f.equals("VDST") || f.equals("DATA") || f.equals("DATA0") || f.equals("DATA1");
    }

    /** SRC operand/field names read by index; built once instead of concatenating per instruction. */
    private static final String[] SRC_NEG = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG", "SRC3_NEG"};
    private static final String[] SRC_ABS = {"SRC0_ABS", "SRC1_ABS", "SRC2_ABS", "SRC3_ABS"};
    private static final String[] LANE_SEL = {"LANE_SEL_0", "LANE_SEL_1", "LANE_SEL_2", "LANE_SEL_3", "LANE_SEL_4",
        "LANE_SEL_5", "LANE_SEL_6", "LANE_SEL_7"};

    private static String indexed(String[] names, String prefix, int k, String suffix) {
        return k >= 0 && k < names.length ? names[k] : prefix + k + suffix;
    }

    /**
     * Per instruction set, the target and the mnemonics already built: both depend on the variant only, and
     * building them per instruction (lower-casing, {@code Target.find}) was a large part of printing time.
     */
    private record Cache(InstructionSet isa, Target target, SyntaxMode mode, String[] mnemonics, Shape[] shapes) {
    }

    private volatile Cache cache;

    /** The mode asked for, or null for each instruction set's default. */
    private final SyntaxMode mode;

    /** Whether this printer writes llvm-mc's assembler echo rather than its disassembly ({@link #echo}). */
    private final boolean echo;

    /** Prints each generation in LLVM's default mode ({@link SyntaxMode#defaults(InstructionSet)}). */
    public LlvmSyntax() {
        this(null);
    }

    /**
     * Prints in {@code mode}: lane masks ({@code vcc} or {@code vcc_lo}, compare results, carry-outs) for its wave
     * size, and on GFX11+ 16-bit VGPR operands of VOP instructions as halves ({@code v5.l}) when true16 is on or as
     * whole registers (LLVM's fake16) when it is off.
     *
     * @param mode the mode, or null for each instruction set's default
     */
    public LlvmSyntax(SyntaxMode mode) {
        this(mode, false);
    }

    private LlvmSyntax(SyntaxMode mode, boolean echo) {
        this.mode = mode;
        this.echo = echo;
    }

    /**
     * The printer of llvm-mc's {@code -show-encoding} echo of assembled statements, which prints the instruction as
     * its assembler parsed it rather than as its disassembler decodes the words. They differ in one place: a float
     * inline constant (codes 240-248) in a 16-bit integer operand keeps the f32 bits it was parsed with, so the echo
     * prints the float ({@code v_add_nc_u16 v1, v2, -0.5}, {@code v_mad_u16 v1, v2, v3, 0.15915494}) where the
     * disassembler prints the f16 pattern ({@code 0xb800}, {@code 0x3118}). Only a float spelling reaches those codes
     * there (llvm-mc-22 encodes {@code 0xb800} written in such an operand as a literal), so for assembled words the
     * echo is exact. Use it for text assembled from source, never for words decoded from a stream.
     *
     * @param mode the mode, or null for each instruction set's default
     * @return the echo printer
     */
    public static LlvmSyntax echo(SyntaxMode mode) {
        return new LlvmSyntax(mode, true);
    }

    /**
     * The operand type a source code prints with: {@code type}, except that the echo ({@link #echo}) prints a float
     * inline constant of a 16-bit integer operand as the f32 float it was parsed as.
     */
    private OperandType printType(OperandType type, int code) {
        return echo && type == OperandType.INT16 && code >= InlineConstants.FLOAT_FIRST
                && code <= InlineConstants.FLOAT_LAST ? OperandType.FP32 : type;
    }

    /** The wave size lane masks print at for {@code isa}. */
    private int waveSize(InstructionSet isa) {
        return mode != null ? mode.waveSize() : isa.defaultWaveSize();
    }

    private Cache cache(InstructionSet isa) {
        Cache c = cache;
        if (c == null || c.isa() != isa) {
            // A spec for an architecture amdisa does not know (a newer AMD release, a user's own spec) prints with
            // the newest dialect's rules; its text may then differ from LLVM's, but printing never fails.
            c = new Cache(isa, Target.find(isa.llvmTarget()).orElse(Target.GFX1200),
                    mode != null ? mode : SyntaxMode.defaults(isa), new String[isa.variantCount()],
                    new Shape[isa.variantCount()]);
            cache = c;
        }
        return c;
    }

    @Override
    public void print(InstructionSet isa, int variant, int[] words, int offset, int length, StringBuilder out) {
        Cache cached = cache(isa);
        Shape shape = shape(cached, isa, variant);
        Ctx c = new Ctx(isa, variant, words, offset, cached.target(), cached.mode(), shape);
        int form = shape.form;
        if (form == 0) {
            form = vopd(c) ? Shape.VOPD
                    : c.has("TGT") && c.has("EN") && c.has("VSRC0") && c.has("VSRC3") ? Shape.EXPORT : Shape.PLAIN;
            shape.form = form;
        }
        if (form == Shape.VOPD) {
            printVopd(c, length, out);
            return;
        }
        if (form == Shape.EXPORT) {
            printExport(c, out);
            return;
        }
        String mnemonic = cached.mnemonics()[variant];
        if (mnemonic == null) {
            mnemonic = mnemonic(isa, variant);
            cached.mnemonics()[variant] = mnemonic;
        }
        out.append(mnemonic);
        List<String> ops = operands(c);
        for (int i = 0; i < ops.size(); i++) {
            out.append(i == 0 ? " " : ", ").append(ops.get(i));
        }
        if (ops.isEmpty() && c.has("SIMM16") && c.f("SIMM16") != 0 && isa.instructionName(variant).equals("S_ENDPGM")) {
            // LLVM prints s_endpgm's immediate when it is not zero (s_endpgm 28354); the spec lists no operand.
            out.append(' ').append(c.f("SIMM16") & 0xffff);
        }
        modifiers(c, out);
    }

    /**
     * Words the spec's encodings decode but llvm-mc-22 rejects ("invalid instruction encoding") and LLVM's assembler
     * has no text for, each rule measured with llvm-mc-22 on the targets it names:
     * <ul>
     *   <li>a SOPP instruction without operands (LLVM's s_nop and s_endpgm print their immediate) with a non-zero
     *       SIMM16, on every target (s_barrier, s_wakeup, s_icache_inv, s_ttracedata, s_endpgm_saved, s_code_end,
     *       s_wait_idle, ... with 0x1234: the spec gives them the field, LLVM no operand); amdisa printed the bare
     *       mnemonic, which assembles to other words;</li>
     *   <li>gfx90a's BUFFER_INVL2 with the GLC bit set (LLVM also rejects the SCC bit and ignores SLC; one field is
     *       tested per variant, so a word with only SCC set still prints as buffer_invl2);</li>
     *   <li>gfx940's V_CVT_PK/SR_FP8/BF8_F32 with the clamp bit set (LLVM defines them without clamp).</li>
     * </ul>
     */
    @Override
    public String invalidEncoding(InstructionSet isa, int variant, int[] words, int offset, int length) {
        Cache cached = cache(isa);
        Shape shape = shape(cached, isa, variant);
        int rule = shape.invalidField;
        if (rule == 0) {
            String field = invalidFieldName(isa, variant, cached.target());
            int index = field == null ? -1 : isa.fieldIndex(variant, field);
            rule = index < 0 ? 1 : index + 2;
            shape.invalidField = rule;
        }
        if (rule != 1 && isa.fieldValue(variant, rule - 2, words, offset) != 0) {
            return isa.instructionName(variant) + ": " + invalidFieldName(isa, variant, cached.target())
                    + " must be 0 in LLVM's syntax";
        }
        if (!shape.wordRules) {
            return null;
        }
        String vopd = vopdPairRules(isa, variant, words, offset, shape);
        if (vopd != null) {
            return vopd;
        }
        String marker = formMarkerSource(isa, variant, words, offset, shape);
        return marker != null ? marker
                : fake16HighDestination(isa, variant, words, offset, shape, cached.target(), cached.mode());
    }

    /**
     * A 32-bit VOP1/VOP2/VOPC word whose SRC0 holds a form marker (249 SDWA, 250 DPP, 233/234 DPP8) but which
     * matched a plain or literal variant, because the instruction has no such form (FMAAK/FMAMK/MADAK/MADMK, or an
     * instruction the spec lists without it): llvm-mc-22 rejects the word ({@code 0xf9,0x40,0xf7,0x40,...}
     * v_madmk_f32 on gfx1010, {@code 0xfa,...,0x58} v_fmamk_f32 on gfx1100, v_madmk_f16 with SDWA on gfx908; on
     * GFX9 233/234 are reserved: v_sub_f16_e32 with SRC0 0xe9). amdisa printed the marker's name as a register.
     */
    private static String formMarkerSource(InstructionSet isa, int variant, int[] words, int offset, Shape shape) {
        if (!shape.vopShort || shape.kind.startsWith("DPP") || shape.kind.equals("SDWA")
                || !isa.hasField(variant, "SRC0")) {
            return null;
        }
        long src0 = isa.field(variant, "SRC0", words, offset);
        return src0 == 233 || src0 == 234 || src0 == 249 || src0 == 250 ? isa.instructionName(variant)
                + ": SRC0 " + src0 + " marks a DPP/SDWA form the instruction does not have" : null;
    }

    /**
     * A VOPD word whose OPY names no instruction, or a half without a second source (v_dual_mov_b32, printed as
     * {@code vdst, src0}) with its VSRC1 field not zero: llvm-mc-22 rejects {@code 0x01,0x02,0x10,0xca,0x7c,0x00,
     * 0x06,0xff} (X = MOV with VSRCX1 = 1), the same words with VSRCY1 = 1 under a MOV Y half, and OPY 14 or 15, on
     * gfx1100 and gfx1200. The text would not carry the bits.
     */
    private String vopdPairRules(InstructionSet isa, int variant, int[] words, int offset, Shape shape) {
        if (!shape.family.startsWith("VOPD") || !isa.hasField(variant, "OPY") || !isa.hasField(variant, "VSRCX1")
                || !isa.hasField(variant, "VSRCY1")) {
            return null;
        }
        if (isa.instructionName(variant).contains("MOV_B32") && isa.field(variant, "VSRCX1", words, offset) != 0) {
            return isa.instructionName(variant) + ": VSRCX1 must be 0 for a half without a second source";
        }
        long opy = isa.field(variant, "OPY", words, offset);
        String y = vopdName(isa, opy);
        if (y == null) {
            // OPY 14, 15 and 19-31 name no instruction (llvm-mc-22: invalid instruction encoding).
            return isa.instructionName(variant) + ": OPY " + opy + " is no VOPD instruction";
        }
        if (y.contains("MOV_B32") && isa.field(variant, "VSRCY1", words, offset) != 0) {
            return y + ": VSRCY1 must be 0 for a half without a second source";
        }
        return null;
    }

    /**
     * In the fake16 syntax (GFX12 and gfx1250 by default, GFX11 with {@code -real-true16}), the 32-bit VOP1/VOP2
     * forms (plain, literal, DPP16, DPP8) of 16-bit instructions take a destination below v128 only: llvm-mc-22
     * rejects {@code 0x01,0xab,0x0a,0x7f} (v_sqrt_f16_e32 with VDST 133) and {@code 0x01,0x05,0x0a,0x65}
     * (v_add_f16_e32) on gfx1200, gfx1250 and gfx1100 -real-true16, while a source there above v127 prints with an
     * "Invalid register" note ({@link #llvmInvalidMarker}); GFX11's real true16 reads the field's bit 7 as the half
     * (v5.h). 32-bit destinations (v_cvt_f32_f16 v133) are whole registers.
     */
    private static String fake16HighDestination(InstructionSet isa, int variant, int[] words, int offset,
            Shape shape, Target target, SyntaxMode mode) {
        Dialect d = target.dialect();
        if (!shape.vopShort || mode.true16() || d == Dialect.GFX9 || d == Dialect.GFX10) {
            return null;
        }
        for (int i = 0; i < shape.fields.length; i++) {
            if ("VDST".equals(shape.fields[i]) && shape.sizes[i] == 16
                    && (isa.operandFlags(variant, i) & InstructionSet.OUT) != 0) {
                long vdst = isa.field(variant, "VDST", words, offset);
                return vdst < 128 ? null : isa.instructionName(variant) + ": a 16-bit destination above v127 ("
                        + "VDST " + vdst + ") has no fake16 syntax";
            }
        }
        return null;
    }

    /**
     * LLVM's SoftFail bits: GFX10's VOP3 V_CMPX_* write EXEC, and LLVM's encoding fixes their VDST field at 0x7e
     * (exec_lo); llvm-mc-22 -mcpu=gfx1010/gfx1030 prints such a word with another VDST all the same, with "warning:
     * potentially undefined instruction encoding" (in wave32 and wave64 alike; checked on the whole of LLVM's
     * gfx10_vop3cx_warn.txt inputs). GFX9's VOP3 compares write an SGPR pair there, GFX11+ is not this syntax's rule.
     */
    @Override
    public String softFail(InstructionSet isa, int variant, int[] words, int offset, int length) {
        Target target = cache(isa).target();
        if (target.dialect() != Dialect.GFX10 || !isa.instructionName(variant).startsWith("V_CMPX_")
                || !isa.encodingFamily(variant).equals("VOP3") || !isa.hasField(variant, "VDST")) {
            return null;
        }
        long vdst = isa.field(variant, "VDST", words, offset);
        return vdst == 0x7e ? null : isa.instructionName(variant) + " writes EXEC: VDST should be 0x7e, not 0x"
                + Long.toHexString(vdst);
    }

    /**
     * The field whose non-zero value makes a variant's words no instruction of LLVM's syntax (see
     * {@link #invalidEncoding}), or null when no rule applies to the variant.
     */
    private static String invalidFieldName(InstructionSet isa, int variant, Target target) {
        String name = isa.instructionName(variant);
        String field = null;
        if (isa.encodingFamily(variant).equals("SOPP")) {
            if (!hasExplicitOperands(isa, variant) && !name.equals("S_ENDPGM") && !name.equals("S_NOP")) {
                field = "SIMM16";
            }
        } else if (target == Target.GFX90A && name.equals("BUFFER_INVL2")) {
            field = isa.hasField(variant, "GLC") ? "GLC" : "SC0";
        } else if (target.isGfx940() && gfx940Fp8Pack(name)) {
            field = "CLAMP";
        }
        return field != null && isa.hasField(variant, field) ? field : null;
    }

    /** The variant's {@link Shape}, made on first use. */
    private Shape shape(Cache cached, InstructionSet isa, int variant) {
        Shape shape = cached.shapes()[variant];
        if (shape == null) {
            shape = new Shape(this, isa, variant, cached.target());
            cached.shapes()[variant] = shape;
        }
        return shape;
    }

    /**
     * What printing asks of a variant that does not depend on the instruction words, kept per variant from its
     * first instruction on: the encoding-family tests the operand loop repeats (string comparisons), and the field
     * indices looked up by name, found ones and absent ones alike (dozens of {@code has}/{@code f} calls per
     * instruction, each a hash-table probe in {@link FieldTable} otherwise), and whether the variant is a VOPD pair or
     * an export.
     */
    static final class Shape {
        final String family;
        final String kind;
        final String target;
        final boolean vopShort;
        final boolean vop3;
        final boolean gfx9;
        /**
         * Field indices by name id ({@link FieldNames}): 0 not looked up yet, 1 absent, {@code index + 2} present.
         * The printer asks a variant for dozens of names (108 distinct ones in all, most of them absent for any one
         * variant), so a table keyed by a small id beats a hash table per variant: one array load per lookup, one
         * byte per name. Threads that print
         * concurrently (amdisa-mc on all cores) may both fill an entry; the value is the same, and a byte is read
         * and written whole, so a racing reader sees 0 (and looks the field up itself) or the value. A larger
         * table is published through the volatile field once filled.
         */
        private volatile byte[] byId = new byte[0];
        /** How the variant prints: 0 not known yet, else one of {@link #PLAIN}, {@link #VOPD}, {@link #EXPORT}. */
        int form;
        /**
         * Which {@link #invalidEncoding} rule can apply to the variant: 0 not known yet, 1 none, else the field index
         * plus 2 of the one field whose non-zero value makes the words invalid (a plain int: a racing reader
         * recomputes the same value).
         */
        int invalidField;
        /**
         * Whether {@link #invalidEncoding}'s word-dependent rules other than {@link #invalidField} (VOPD pairs, form
         * markers, fake16 destinations) can apply: only to VOPD and the 32-bit VOP forms.
         */
        final boolean wordRules;
        static final int PLAIN = 1;
        static final int VOPD = 2;
        static final int EXPORT = 3;

        /**
         * Which VOP3/VINTERP modifiers {@link #modifiers} prints, from the family, the instruction's name and the
         * dialect: one of {@link #V3_BITOP3} .. {@link #VINTERP_FORM}, or {@link #NO_VOP3_MODIFIERS}.
         */
        final int vop3Modifiers;
        static final int NO_VOP3_MODIFIERS = 0;
        static final int V3_BITOP3 = 1;
        static final int V3_BYTE_SEL = 2;
        static final int V3_SCALE_SEL = 3;
        static final int V3_PERMLANE_SWAP = 4;
        static final int V3_PLAIN = 5;
        static final int VINTERP_FORM = 6;

        /** Per operand: its width as this syntax prints it ({@link #operandSize}). */
        final int[] sizes;
        /** Per operand: the instruction set's field, type and flags (asked for every operand of every instruction). */
        final String[] fields;
        final String[] types;
        final int[] flags;
        /** Per operand: {@link #valueType(Ctx, int, int)} at the operand's width. */
        final OperandType[] valueTypes;
        /**
         * Per operand: whether it is a plain register or constant operand, which none of the special cases at the
         * start of {@link #operand} (literals, SDWA, image and memory addresses and data, interpolation attributes,
         * SMEM offsets, symbolic immediates, AGPR sources, VINTERP halves) can apply to, whatever the instruction
         * words hold; {@link #operand} skips them for it. Conservative: it is false
         * for every field or type one of those cases tests.
         */
        final boolean[] plain;
        /** Per operand: whether {@link #specialImmediate} may print it (a symbolic immediate operand). */
        final boolean[] special;
        /** Per operand: {@link #markerFree}. */
        final boolean[] markerFree;
        /** The index of the literal dword's field (LITERAL, else SIMM32), or -1 ({@link #literalDword}). */
        final int literal;
        /**
         * A VOP3 form of an instruction with a VOP1/VOP2/VOPC form, with an OP_SEL field: the words that may need
         * {@link Ctx#fake16Fallback}.
         */
        final boolean fake16Candidate;
        /** A DS {@code _SRC2_} form, which takes its address only. */
        final boolean dsSrc2;
        /** {@link #vop3InterpAttribute}: SRC0 is an interpolation attribute. */
        final boolean interpAttr;
        /** Whether the encoding has one of the GFX11+ wait counter fields ({@link #waits}). */
        final boolean waits;
        /** {@link #integerOnly(Ctx)}: every explicit operand is an integer. */
        final boolean integerOnly;
        /** {@link #mfma(Ctx)}: a CDNA matrix instruction. */
        final boolean mfma;
        /**
         * Per operand: an integer source of an instruction that is not integer-only, which LLVM gives no neg/abs
         * (v_ldexp_f32's exponent, v_trig_preop_f64's and v_cmp_class_f32's src1, v_cvt_pk_u8_f32's src1 and src2):
         * an I/U format, or a bits (B) format beside float operands (the specs type those three sources B32).
         * Never in VOP3P, whose mix instructions type their f16-or-f32 sources B32 and take neg/abs.
         * llvm-mc-22 decodes the bits without printing them, in VOP3 and DPP alike (v_ldexp_f32 v5, v1, v2 with
         * src1's neg bit set), or rejects the word. Not in SDWA, where such a source still takes sext
         * (v_cvt_f32_i32_sdwa v1, sext(v2) src0_sel:WORD_1).
         */
        final boolean[] unmodified;

        Shape(LlvmSyntax syntax, InstructionSet isa, int v, Target llvm) {
            family = isa.encodingFamily(v);
            kind = isa.variantKind(v);
            target = isa.llvmTarget();
            vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
            wordRules = vopShort || family.startsWith("VOPD");
            vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
            gfx9 = isa.llvmTarget().startsWith("gfx9");
            int n = isa.operandCount(v);
            sizes = new int[n];
            special = new boolean[n];
            fields = new String[n];
            types = new String[n];
            flags = new int[n];
            valueTypes = new OperandType[n];
            plain = new boolean[n];
            markerFree = new boolean[n];
            String name = isa.instructionName(v);
            boolean imageFamily = family.contains("MIMG") || family.equals("VIMAGE") || family.equals("VSAMPLE");
            for (int i = 0; i < n; i++) {
                sizes[i] = syntax.operandSize(isa, v, i);
                fields[i] = isa.operandField(v, i);
                types[i] = isa.operandType(v, i);
                flags[i] = isa.operandFlags(v, i);
                special[i] = symbolicImmediate(name, types[i]);
                markerFree[i] = markerFree(isa, v, i, llvm, sizes[i]);
                valueTypes[i] = valueType(isa, v, i, sizes[i]);
                String f = fields[i];
                String t = types[i];
                plain[i] = f != null && !kind.equals("SDWA") && !kind.equals("LIT64") && !imageFamily
                        && !family.equals("VINTERP") && !family.equals("VINTRP")
                        && !f.startsWith("LITERAL") && !f.startsWith("SIMM") && !f.startsWith("ADDR")
                        && !f.startsWith("VADDR") && !f.startsWith("ATTR")
                        && !f.equals("SDST") && !f.equals("VDATA") && !f.equals("VSRC") && !f.equals("SADDR")
                        && !f.equals("SBASE") && !f.equals("SRSRC") && !f.equals("SSAMP")
                        && !((sizes[i] == 512 || sizes[i] == 256 && name.endsWith("_F8F6F4"))
                                && (f.equals("SRC0") || f.equals("SRC1")))
                        && !t.startsWith("OPR_SMEM_OFFSET") && !t.equals("OPR_SIMM24")
                        && !t.equals("OPR_SRC_ACCVGPR") && !special[i]
                        && !(f.equals("SRC0") && vop3InterpAttribute(isa, v));
            }
            int literalField = isa.fieldIndex(v, "LITERAL");
            literal = literalField >= 0 ? literalField : isa.fieldIndex(v, "SIMM32");
            boolean anyWait = false;
            for (String f : WAIT_FIELDS) {
                anyWait |= isa.fieldIndex(v, f) >= 0;
            }
            waits = anyWait;
            dsSrc2 = family.equals("DS") && name.contains("_SRC2_");
            interpAttr = vop3InterpAttribute(isa, v);
            fake16Candidate = vop3 && (isa.instructionForms(v) & InstructionSet.HAS_VOP_SHORT) != 0
                    && isa.fieldIndex(v, "OP_SEL") >= 0;
            integerOnly = integerOnly(isa, v);
            unmodified = new boolean[n];
            if (!integerOnly && !kind.equals("SDWA") && !family.equals("VOP3P")) {
                boolean floats = false;
                for (int i = 0; i < n; i++) {
                    String format = isa.operandFormat(v, i);
                    floats |= fields[i] != null && format != null && floatFormat(format);
                }
                for (int i = 0; i < n; i++) {
                    String format = isa.operandFormat(v, i);
                    unmodified[i] = fields[i] != null && format != null && (integerFormat(format)
                            || floats && format.startsWith("FMT_NUM_B") && !format.startsWith("FMT_NUM_BF"));
                }
            }
            vop3Modifiers = vop3 && bitop3(name) ? V3_BITOP3
                    : vop3 && llvm.dialect().isGfx12Plus() && byteSel(name) ? V3_BYTE_SEL
                    : vop3 && scaleSel(name) ? V3_SCALE_SEL
                    : vop3 && permlaneSwap(name) ? V3_PERMLANE_SWAP
                    : vop3 ? V3_PLAIN
                    : family.equals("VINTERP") ? VINTERP_FORM : NO_VOP3_MODIFIERS;
            mfma = gfx9 && (kind.equals("MFMA") || name.startsWith("V_MFMA") || name.startsWith("V_SMFMAC"));
        }

        int index(InstructionSet isa, int v, String name) {
            if (name == null) {
                return isa.fieldIndex(v, null);
            }
            int id = FieldNames.id(name);
            byte[] table = byId;
            int known = id < table.length ? table[id] : 0;
            if (known != 0) {
                return known - 2;
            }
            int index = isa.fieldIndex(v, name);
            if (index < Byte.MAX_VALUE - 2) {
                remember(id, index);
            }
            return index;
        }

        private synchronized void remember(int id, int index) {
            byte[] table = byId;
            if (id >= table.length) {
                table = java.util.Arrays.copyOf(table, Math.max(id + 1, Math.max(16, table.length * 2)));
                table[id] = (byte) (index + 2);
                byId = table;
            } else {
                table[id] = (byte) (index + 2);
            }
        }
    }

    /**
     * Small ids for the field names the printer asks for, in the order first asked, shared by all variants and
     * instruction sets. Looked up by identity first (the names are mostly string constants, whose hash code the
     * string caches) and by equality after that, so a name built at run time gets the id of its constant.
     * Copy-on-write: readers see an immutable table through a volatile field; the set of names is small (a few
     * hundred) and stops growing after the first instructions.
     */
    static final class FieldNames {
        private record Table(String[] keys, int[] ids, int count) {
        }

        private static volatile Table table = new Table(new String[1024], new int[1024], 0);

        private FieldNames() {
        }

        static int id(String name) {
            Table t = table;
            int h = name.hashCode();
            String[] keys = t.keys();
            int mask = keys.length - 1;
            for (int slot = (h ^ h >>> 16) & mask; ; slot = (slot + 1) & mask) {
                String k = keys[slot];
                if (k == name) {
                    return t.ids()[slot];
                }
                if (k == null) {
                    return add(name);
                }
                if (k.hashCode() == h && k.equals(name)) {
                    return t.ids()[slot];
                }
            }
        }

        private static synchronized int add(String name) {
            Table t = table;
            int capacity = t.keys().length;
            while (t.count() + 1 > capacity / 2) {
                capacity *= 2;
            }
            String[] keys = new String[capacity];
            int[] ids = new int[capacity];
            int mask = capacity - 1;
            int found = -1;
            for (int old = 0; old < t.keys().length; old++) {
                String k = t.keys()[old];
                if (k != null) {
                    put(keys, ids, mask, k, t.ids()[old]);
                    if (k.equals(name)) {
                        found = t.ids()[old]; // another thread added it meanwhile
                    }
                }
            }
            if (found >= 0) {
                return found;
            }
            put(keys, ids, mask, name, t.count());
            table = new Table(keys, ids, t.count() + 1);
            return t.count();
        }

        private static void put(String[] keys, int[] ids, int mask, String k, int id) {
            int h = k.hashCode();
            int slot = (h ^ h >>> 16) & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = k;
            ids[slot] = id;
        }
    }

    /** Per-instruction view used while printing. */
    protected static final class Ctx {
        final InstructionSet isa;
        final int v;
        final int[] w;
        final int o;
        final String family;
        final String kind;
        final String target;
        final Target llvm;
        /** Lane-mask width (32 or 64) and whether 16-bit VGPR operands print as halves, from the mode. */
        final int waveSize;
        private final boolean true16;
        private final Shape shape;

        Ctx(InstructionSet isa, int v, int[] w, int o, Target llvm, SyntaxMode mode, Shape shape) {
            this.isa = isa;
            this.v = v;
            this.w = w;
            this.o = o;
            this.family = shape.family;
            this.kind = shape.kind;
            this.target = shape.target;
            this.llvm = llvm;
            this.waveSize = mode.waveSize();
            this.shape = shape;
            this.true16 = mode.true16() && !fake16Fallback();
        }

        /**
         * Whether LLVM's GFX11 (real true16) disassembler reads this VOP3 word with its fake16 table: the true16
         * VOP3 forms of VOP1/VOP2/VOPC instructions take op_sel bits only for the sources the instruction has (and
         * the destination bit only where it writes a VGPR half, not in a compare); with another bit set the true16
         * decoding fails and llvm-mc-22 falls back to the fake16 form, printing whole registers and no op_sel
         * (measured: {@code v_exp_f16_e64} with op_sel bit 2 set prints {@code v91}, with only bit 3 set {@code
         * v91.h ... op_sel:[0,1]}). VOP3-only instructions have no fake16 form to fall back to.
         */
        private boolean fake16Fallback() {
            if (!shape.fake16Candidate) {
                return false;
            }
            int opSel = (int) f("OP_SEL");
            if (opSel == 0) {
                return false;
            }
            int sources = vop3Sources(this);
            int unused = 7 & ~((1 << sources) - 1);
            if (isa.instructionName(v).startsWith("V_CMP")) {
                unused |= 8;
            }
            return (opSel & unused) != 0;
        }

        /** The last field looked up: {@code has(X)} is mostly followed by {@code f(X)} (same string object). */
        private String lastName;
        private int lastIndex;

        private int index(String name) {
            if (name != lastName || name == null) {
                lastIndex = shape.index(isa, v, name);
                lastName = name;
            }
            return lastIndex;
        }

        long f(String name) {
            return isa.fieldValue(v, index(name), w, o);
        }

        boolean has(String name) {
            return index(name) >= 0;
        }

        boolean vopShort() {
            return shape.vopShort;
        }

        /** Operand {@code i}'s width as printed ({@link LlvmSyntax#operandSize}), kept per variant. */
        int size(int i) {
            return shape.sizes[i];
        }

        /**
         * The encodings whose 16-bit VGPR operands GFX11's true16 syntax prints as halves: the VOP families and
         * VINTERP (v_interp_p10_f16_f32 v111, v44.l, v195, v12.l; v_interp_p2_f16_f32 v215.l, v224.h, -v153, -v3
         * op_sel:[1,0,1,0]).
         */
        boolean vopOrVinterp() {
            return family.startsWith("VOP") || family.equals("VINTERP");
        }

        boolean vop3() {
            return shape.vop3;
        }

        boolean gfx9() {
            return shape.gfx9;
        }

        boolean true16() {
            // Measured with llvm-mc-22: only GFX11 defaults to real true16 (16-bit VGPR operands print as halves);
            // GFX12 (fake16 by default) prints whole registers in VOP3 and v0.l/v0.h only where the encoding
            // selects a half. -mattr=+real-true16 / -real-true16 swap the two (SyntaxMode).
            return true16;
        }
    }

    /**
     * An export as LLVM prints it: the target by name, then the four sources, each {@code off} where its EN bit is
     * clear (with COMPR the sources are VSRC0, VSRC0, VSRC1, VSRC1), then done, compr, vm (GFX9/10) or row_en
     * (GFX11+).
     */
    private void printExport(Ctx c, StringBuilder out) {
        out.append(c.isa.instructionName(c.v).toLowerCase(Locale.ROOT)).append(' ');
        exportTarget(out, c.llvm.dialect(), (int) c.f("TGT"));
        boolean compr = bit(c, "COMPR") != 0;
        long en = c.f("EN");
        for (int n = 0; n < 4; n++) {
            out.append(n == 0 ? " " : ", ");
            if ((en >>> n & 1) == 0) {
                out.append("off");
            } else {
                out.append('v').append(c.f("VSRC" + (compr ? n / 2 : n)));
            }
        }
        MemoryModifiers.printFlag(out, "done", bit(c, "DONE") != 0);
        MemoryModifiers.printFlag(out, "compr", compr);
        MemoryModifiers.printFlag(out, "vm", bit(c, "VM") != 0);
        MemoryModifiers.printFlag(out, "row_en", bit(c, "ROW_EN") != 0);
    }

    /**
     * LLVM's export target names (AMDGPU::Exp): mrt0-7 (0-7), mrtz (8), null (9, not GFX11+), pos0-3 (12-15), pos4
     * (16) and prim (20) on GFX10+, dual_src_blend0/1 (21, 22) on GFX11+, param0-31 (32-63, not GFX11+); anything
     * else {@code invalid_target_N}.
     */
    static void exportTarget(StringBuilder out, Dialect d, int id) {
        boolean gfx10 = d.isGfx10Plus();
        boolean gfx11 = gfx10 && d != Dialect.GFX10;
        if (id <= 7) {
            out.append("mrt").append(id);
        } else if (id == 8) {
            out.append("mrtz");
        } else if (id == 9 && !gfx11) {
            out.append("null");
        } else if (id >= 12 && id <= 15 || id == 16 && gfx10) {
            out.append("pos").append(id - 12);
        } else if (id == 20 && gfx10) {
            out.append("prim");
        } else if ((id == 21 || id == 22) && gfx11) {
            out.append("dual_src_blend").append(id - 21);
        } else if (id >= 32 && id <= 63 && !gfx11) {
            out.append("param").append(id - 32);
        } else {
            out.append("invalid_target_").append(id);
        }
    }

    /** A GFX11/GFX12 dual-issue word (VOPD): OPX/OPY with the X and Y operand fields. */
    private static boolean vopd(Ctx c) {
        return c.family.startsWith("VOPD") && c.has("OPX") && c.has("OPY") && c.has("VDSTX") && c.has("VDSTY")
                && c.has("SRCX0") && c.has("SRCY0");
    }

    /**
     * A VOPD word as LLVM prints it, {@code X :: Y}. The variant names the X instruction (its opcode is OPX); the Y
     * instruction is the VOPD instruction whose opcode is OPY. Each half is {@code vdst, src0, vsrc1} (MOV: no
     * vsrc1; FMAAK: K last; FMAMK: K between the sources); the Y destination is {@code VDSTY << 1} with the low bit
     * the complement of VDSTX's; the one literal dword serves both halves.
     */
    private void printVopd(Ctx c, int length, StringBuilder out) {
        // The literal dword: the variant's literal field, or (a pair whose X instruction the spec lists without a
        // literal form, but whose other half or source needs one) the third dword of a 3-dword instruction.
        long literal = c.has("SIMM32") ? c.f("SIMM32") : c.has("LITERAL") ? c.f("LITERAL")
                : length > 2 && c.o + 2 < c.w.length ? c.w[c.o + 2] & 0xffffffffL : 0;
        String x = c.isa.instructionName(c.v);
        String y = vopdName(c.isa, c.f("OPY"));
        long vdstX = c.f("VDSTX");
        vopdHalf(c, out, x, vdstX, c.f("SRCX0"), c.has("VSRCX1") ? c.f("VSRCX1") : 0, literal);
        out.append(" :: ");
        vopdHalf(c, out, y == null ? "V_DUAL_OPY_" + c.f("OPY") : y, c.f("VDSTY") << 1 | (vdstX & 1 ^ 1),
                c.f("SRCY0"), c.has("VSRCY1") ? c.f("VSRCY1") : 0, literal);
    }

    private static void vopdHalf(Ctx c, StringBuilder out, String name, long vdst, long src0, long vsrc1,
            long literal) {
        out.append(name.toLowerCase(Locale.ROOT)).append(" v").append(vdst).append(", ");
        OperandType type = name.endsWith("_B32") || name.endsWith("_U32") ? OperandType.INT32
                : name.endsWith("_F16") ? OperandType.V2FP16 : name.endsWith("_BF16") ? OperandType.V2BF16
                : OperandType.FP32;
        if (!SourceOperands.print(out, c.llvm, type, (int) src0, 1, literal)) {
            out.append(src0);
        }
        if (name.contains("FMAMK")) {
            out.append(", ").append(literal(literal, 32));
        }
        if (!name.contains("MOV_B32")) {
            out.append(", v").append(vsrc1);
        }
        if (name.contains("FMAAK")) {
            out.append(", ").append(literal(literal, 32));
        }
    }

    /** Per instruction set, the VOPD instruction names by opcode (built on the first VOPD word). */
    private record VopdNames(InstructionSet isa, String[] names) {
    }

    private volatile VopdNames vopdNames;

    /** The name of the VOPD instruction with this opcode, or null. */
    private String vopdName(InstructionSet isa, long opcode) {
        VopdNames n = vopdNames;
        if (n == null || n.isa() != isa) {
            String[] names = new String[64];
            for (int v = 0; v < isa.variantCount(); v++) {
                long op = isa.opcode(v);
                if (isa.encodingFamily(v).startsWith("VOPD") && op >= 0 && op < names.length && names[(int) op] == null) {
                    names[(int) op] = isa.instructionName(v);
                }
            }
            // The Y-only opcodes (LLVM's VOPD Y table), where the instruction set lists no variant with them.
            for (int op = VopdYOnly.FIRST_OPCODE; op < names.length && VopdYOnly.name(op) != null; op++) {
                if (names[op] == null) {
                    names[op] = VopdYOnly.name(op);
                }
            }
            n = new VopdNames(isa, names);
            vopdNames = n;
        }
        return opcode >= 0 && opcode < n.names().length ? n.names()[(int) opcode] : null;
    }

    /** The mnemonic with LLVM's encoding suffix. */
    public String mnemonic(InstructionSet isa, int variant) {
        String base = isa.instructionName(variant).toLowerCase(Locale.ROOT);
        String family = isa.encodingFamily(variant);
        String kind = isa.variantKind(variant);
        int forms = isa.instructionForms(variant);
        boolean vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
        boolean vopShort = family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC");
        boolean vop3p = family.equals("VOP3P");
        switch (kind) {
            case "DPP16", "DPP8", "DPP":
                if (family.equals("VOPC") && !isa.llvmTarget().startsWith("gfx9")) {
                    return base;
                }
                return base + (vop3 || vop3p ? "_e64_dpp" : "_dpp");
            case "SDWA":
                return base + "_sdwa";
            default:
                break;
        }
        if (!hasExplicitOperands(isa, variant)) {
            return base;
        }
        if (base.startsWith("v_mad_mix") && isa.llvmTarget().startsWith("gfx9")) {
            // CDNA implements the mix instructions fused (AMD's CDNA ISA guides: V_FMA_MIX_*; LLVM's
            // FeatureFmaMixInsts): LLVM names them v_fma_mix* on every CDNA target.
            return "v_fma_mix" + base.substring("v_mad_mix".length());
        }
        if (base.equals("v_accvgpr_read") || base.equals("v_accvgpr_write")) {
            return base + "_b32"; // LLVM's name of CDNA's V_ACCVGPR_READ/WRITE
        }
        if (vopShort && noLlvmVop3(base)) {
            // LLVM has no VOP3 form of these ("e64 variant of this instruction is not supported"), so it prints
            // the VOP1 form without _e32; the spec's VOP3 form keeps _e64.
            return base;
        }
        if (isa.llvmTarget().equals("gfx1250") && (base.equals("v_cvt_pk_f16_fp8") || base.equals("v_cvt_pk_f16_bf8"))) {
            // llvm-mc-22 prints both the VOP1 and the VOP3 form without a suffix (v_cvt_pk_f16_fp8 v53, s88).
            return base;
        }
        if (vopShort && (forms & InstructionSet.HAS_VOP3) != 0 || family.equals("VINTRP")) {
            return base + "_e32";
        }
        if (vop3 && (forms & InstructionSet.HAS_VOP_SHORT) != 0) {
            return base + "_e64";
        }
        return base;
    }

    /**
     * VOP1 instructions that LLVM knows only in their 32-bit form on every target it shares with the specs
     * (llvm-mc-22: "e64 variant of this instruction is not supported" for v_readfirstlane_b32_e64,
     * v_swap_b32_e64 and v_accvgpr_mov_b32_e64), though the specs list a VOP3 encoding: printed without {@code _e32}, and the assembler does
     * not take their VOP3 form.
     *
     * @param mnemonic the instruction name in lower case
     * @return whether LLVM has no VOP3 form of the instruction
     */
    public static boolean noLlvmVop3(String mnemonic) {
        return mnemonic.equals("v_readfirstlane_b32") || mnemonic.equals("v_swap_b32")
                || mnemonic.equals("v_accvgpr_mov_b32");
    }

    private static boolean hasExplicitOperands(InstructionSet isa, int variant) {
        for (int i = 0; i < isa.operandCount(variant); i++) {
            if ((isa.operandFlags(variant, i) & InstructionSet.IMPLICIT) == 0) {
                return true;
            }
        }
        return false;
    }

    /** The printed operands in order, with LLVM's implicit {@code vcc} placed where it prints it. */
    protected List<String> operands(Ctx c) {
        List<String> out = new ArrayList<>();
        boolean vccOut = false;
        boolean vccIn = false;
        int srcIndex = 0;
        int literalAt = -1;
        Shape shape = c.shape;
        for (int i = 0; i < shape.flags.length; i++) {
            int flags = shape.flags[i];
            String type = shape.types[i];
            if ((flags & InstructionSet.IMPLICIT) != 0) {
                if (c.vopShort() && type.equals("OPR_VCC")) {
                    vccOut |= (flags & InstructionSet.OUT) != 0;
                    vccIn |= (flags & InstructionSet.IN) != 0 && (flags & InstructionSet.OUT) == 0;
                }
                continue;
            }
            String field = shape.fields[i];
            if (shape.dsSrc2 && !"ADDR".equals(field)) {
                // LDS-to-LDS DS forms (ds_add_src2_u32 v1 offset:4): LLVM prints the address only; the specs give
                // them the generic DS destination and data operands.
                continue;
            }
            if (skipped(c, field) || cmpxDestination(c, flags) || ldsDmaData(c, field)) {
                continue;
            }
            String text = operand(c, i);
            if (text == null) {
                continue;
            }
            text = llvmInvalidMarker(c, i, field, type, flags, text);
            if (field != null && (field.startsWith("LITERAL") || field.startsWith("SIMM32"))) {
                literalAt = out.size();
            }
            if (mfma(c)) {
                text = mfmaRegister(c, field, text);
                text = withRegisterClassNote(c, i, field, flags, text);
            } else if ((c.llvm.isGfx90aPlus() || c.target.equals("gfx908") && c.family.startsWith("FLAT"))
                    && !c.family.startsWith("VOP") && c.has("ACC") && c.f("ACC") != 0
                    && field != null
                    && dataField(field) && vgprText(text)) {
                // gfx90a+ memory instructions: ACC selects AGPRs for the data registers.
                text = "a" + text.substring(1);
                text = withRegisterClassNote(c, i, field, flags, text);
            } else if ((flags & InstructionSet.IN) != 0 && field != null && sourceField(field)) {
                String bare = text;
                if (shape.unmodified[i]) {
                    // an integer source of a float instruction: no neg/abs (see Shape#unmodified)
                    srcIndex++;
                } else if (shape.interpAttr) {
                    // the attribute takes no modifiers; the VGPR (SRC1) and SRC2 have those of their field
                    srcIndex++;
                    if (!field.equals("SRC0")) {
                        text = sourceModifiers(c, field.charAt(3) - '0', text);
                    }
                } else {
                    text = c.kind.equals("SDWA") ? sdwaSourceModifiers(c, i, srcIndex++, text)
                            : sourceModifiers(c, srcIndex++, text);
                }
                String note = registerClassNote(c, i, field, flags, bare);
                if (note != null) {
                    // LLVM prints the note right after the operand, inside |...| and neg(...).
                    int at = text.indexOf(bare) + bare.length();
                    text = text.substring(0, at) + note + text.substring(at);
                }
            } else {
                text = withRegisterClassNote(c, i, field, flags, text);
            }
            out.add(text);
        }
        String saddr = flatSaddrOperand(c);
        if (saddr != null) {
            out.add(saddr);
        }
        String name = c.isa.instructionName(c.v);
        if ((name.contains("MADMK") || name.contains("FMAMK")) && literalAt == out.size() - 1 && out.size() >= 4) {
            // LLVM's syntax puts the K constant of *MK instructions between the sources: vdst, src0, K, vsrc1.
            out.add(2, out.remove(literalAt));
        }
        String vcc = Registers.implicitVcc(c.waveSize);
        if (c.family.equals("VOPC")) {
            // VOPC writes VCC (GFX9 V_CMPX too); LLVM prints it first. GFX10+ V_CMPX writes only EXEC.
            boolean cmpx = c.isa.instructionName(c.v).startsWith("V_CMPX") && !c.gfx9();
            if (!cmpx && !c.kind.equals("SDWA")) {
                out.add(0, vcc);
            }
        } else if (c.vopShort() && vccOut) {
            out.add(Math.min(1, out.size()), vcc);
        }
        if (c.vopShort() && vccIn && !c.family.equals("VOPC")) {
            out.add(vcc);
        }
        return out;
    }

    private String withRegisterClassNote(Ctx c, int i, String field, int flags, String text) {
        String note = registerClassNote(c, i, field, flags, text);
        return note == null ? text : text + note;
    }

    /**
     * GFX9 dialect: the {@code /*Invalid ...*}{@code /} note llvm-mc prints after an operand its register class does
     * not admit (misaligned tuples on gfx90a+, constants in register-only operands), see {@link RegisterClasses}.
     */
    private String registerClassNote(Ctx c, int i, String field, int flags, String text) {
        if (!c.gfx9() && field != null && c.target.equals("gfx1250")) {
            // (not for lane masks: a VGPR pair there gets no note in wave64, v_cndmask_b32_e64 ..., v[231:232])
            return c.isa.operandFormat(c.v, i).contains("_M64") ? null
                    : gfx1250AlignmentNote(c, c.isa.operandType(c.v, i), field, flags, text);
        }
        if (!c.gfx9() || field == null
                || c.isa.operandFormat(c.v, i).contains("_M64") && (text.startsWith("v") || text.startsWith("a"))) {
            return null; // lane masks are SGPR pairs of their own class (a VGPR there gets no note)
        }
        if (c.kind.equals("SDWA") && sdwaScalar(c, field)) {
            return null; // an SDWA source with S0/S1 set: LLVM's SDWA source class takes SGPRs and constants
        }
        String name = c.isa.instructionName(c.v);
        RegisterClasses.Role role = RegisterClasses.Role.OTHER;
        boolean accumulatorAgpr = false;
        if (mfma(c)) {
            boolean sparse = name.startsWith("V_SMFMAC");
            if (field.equals("SRC0") || field.equals("SRC1")) {
                role = RegisterClasses.Role.MATRIX_AB;
            } else if (field.equals("VDST") && sparse) {
                role = RegisterClasses.Role.SPARSE_MATRIX_DEST;
            } else if (field.equals("VDST") || field.equals("SRC2") && !sparse) {
                role = RegisterClasses.Role.MATRIX_CD;
                accumulatorAgpr = c.target.equals("gfx908") || c.has("ACC_CD") && c.f("ACC_CD") != 0;
            }
        } else if (c.family.startsWith("VOP")) {
            if ((flags & InstructionSet.OUT) != 0 && field.equals("VDST")) {
                role = RegisterClasses.Role.VALU_DEST;
            } else if ((flags & InstructionSet.IN) != 0 && sourceField(field)) {
                role = RegisterClasses.Role.VALU_SOURCE;
            }
        } else if (c.family.equals("MUBUF") || c.family.equals("MTBUF")) {
            // (LLVM checks the alignment of MUBUF's VADDR pair, not of MTBUF's.)
            role = dataField(field) ? RegisterClasses.Role.MEMORY_DATA_ANY
                    : field.equals("VADDR") && c.family.equals("MUBUF") ? RegisterClasses.Role.MEMORY_ADDRESS : role;
        } else if (c.family.startsWith("FLAT") && c.target.equals("gfx908")) {
            role = dataField(field) ? RegisterClasses.Role.MEMORY_DATA_VGPR_ONLY : role;
        } else if (c.family.startsWith("FLAT") || c.family.equals("DS") || c.family.equals("VDS")) {
            boolean byFile = c.family.equals("DS") || c.family.equals("VDS")
                    || name.contains("ATOMIC") && !skipped(c, "VDST");
            role = dataField(field) ? byFile ? RegisterClasses.Role.MEMORY_DATA_BY_FILE
                    : RegisterClasses.Role.MEMORY_DATA_ANY
                    : field.equals("ADDR") || field.equals("VADDR") ? RegisterClasses.Role.MEMORY_ADDRESS : role;
        }
        return RegisterClasses.note(c.llvm, role, c.isa.operandType(c.v, i), c.size(i), text,
                accumulatorAgpr);
    }

    /**
     * gfx1250 VOP3 instructions whose SRC0 LLVM types as a VGPR (VGPR_32, VReg_64_Align2) though the spec says
     * OPR_SRC: the lane permutes (llvm-mc-22: v_permlane_bcast_b32 v184, s81/*Invalid register, operand has
     * 'VGPR_32' register class*{@code /}, ...; 0x294b/*Invalid immediate*{@code /}) and the scaled 8-value unpacks
     * (v_cvt_scale_pk8_f32_fp8 v[46:53], 17/*Invalid immediate*{@code /}, v81).
     */
    private static boolean gfx1250VgprSource0(String name) {
        return name.startsWith("V_CVT_SCALE_PK8_") || name.equals("V_PERMLANE16_SWAP_B32")
                || name.startsWith("V_PERMLANE_")
                && (name.startsWith("V_PERMLANE_UP_") || name.startsWith("V_PERMLANE_DOWN_")
                || name.startsWith("V_PERMLANE_XOR_") || name.startsWith("V_PERMLANE_BCAST_")
                || name.startsWith("V_PERMLANE_IDX_GEN_"));
    }

    /**
     * gfx1250 matrix sources LLVM types as VGPRs (the spec says OPR_SRC): the A and B matrices and the SWMMAC index.
     * llvm-mc-22 notes a constant or literal there as /*Invalid immediate*{@code /} and an SGPR with the VGPR class
     * (checked by hand: v_wmma_f32_16x16x4_f32 ..., s[2:3]/*Invalid register, operand has 'VReg_64_Align2' ...,
     * -1/*Invalid immediate*{@code /}; v_swmmac_i32_16x16x128_iu8 ..., 24/*Invalid immediate*{@code /}). The C
     * matrix takes constants and literals.
     */
    private static String gfx1250MatrixNote(Ctx c, int i, String field, String name) {
        int k = i - firstSourceIndex(c);
        boolean matrix = name.startsWith("V_WMMA") || name.startsWith("V_SWMMAC");
        if (!(k == 0 || matrix && k == 1 || k == 2 && name.startsWith("V_SWMMAC"))) {
            return null;
        }
        if (field.startsWith("LITERAL")) {
            // (a 64-bit literal gets no note: v_cvt_scale_pk8_f16_fp8 v[228:231], lit64(0xa19e), 14)
            return c.kind.equals("LIT64") ? null : "/*Invalid immediate*/";
        }
        long code = c.isa.operandValue(c.v, i, c.w, c.o);
        if (inlineCode(code)) {
            return "/*Invalid immediate*/";
        }
        if (code >= 0 && code < InlineConstants.INT_ZERO) {
            int size = c.isa.operandSize(c.v, i);
            if (k < 2 && name.endsWith("_F8F6F4")) {
                size = f8f6f4MatrixBits((int) (k == 0 ? bit(c, "OP_SEL") : bit(c, "OP_SEL_HI")) & 7);
            }
            return size <= 32 ? "/*Invalid register, operand has 'VGPR_32' register class*/"
                    : "/*Invalid register, operand has 'VReg_" + size + "_Align2' register class*/";
        }
        return null;
    }

    /**
     * gfx1250 requires VGPR tuples of 64 bits or more to start at an even register, and llvm-mc-22 notes a misaligned
     * one (checked by hand on v_add_f64_e64, v_fma_f64, v_mov_b64, v_pk_fma_f32, v_lshlrev_b64, ds_load_b64,
     * ds_store_b64, buffer_load_b64, flat_load_b64, scratch_load_b64, global_store_b64): {@code VReg_N_Align2} for
     * VALU destinations, VGPR-only sources and memory data and addresses, {@code VS_N_Align2} for VALU sources that
     * also take scalars.
     */
    private static String gfx1250AlignmentNote(Ctx c, String type, String field, int flags, String text) {
        if (text.length() < 6 || !text.startsWith("v[")) {
            return null;
        }
        int colon = text.indexOf(':');
        int close = text.indexOf(']');
        if (colon < 0 || close < colon) {
            return null;
        }
        int first = Integer.parseInt(text, 2, colon, 10);
        int count = Integer.parseInt(text, colon + 1, close, 10) - first + 1;
        if (count < 2 || (first & 1) == 0) {
            return null;
        }
        String prefix = null;
        if (c.family.startsWith("VOP") && !c.family.startsWith("VOPD")) {
            if ((flags & InstructionSet.OUT) != 0 && field.equals("VDST")) {
                prefix = "VReg";
            } else if ((flags & InstructionSet.IN) != 0 && sourceField(field)) {
                // Sources in the 9-bit SRC encoding take scalars too (VS), except the matrix sources; VSRC1 of
                // VOP1/VOP2/VOPC is VGPR-only.
                String name = c.isa.instructionName(c.v);
                boolean scalarToo = field.startsWith("SRC") && !name.startsWith("V_WMMA")
                        && !name.startsWith("V_SWMMAC") && !type.equals("OPR_VGPR");
                prefix = scalarToo ? "VS" : "VReg";
            }
        } else if (c.family.equals("DS") || c.family.equals("VDS") || c.family.equals("VBUFFER")
                || c.family.equals("VFLAT")
                || c.family.equals("VGLOBAL") || c.family.equals("VSCRATCH")) {
            prefix = "VReg";
        }
        return prefix == null ? null : "/*Invalid register, operand has '" + prefix + "_" + count * 32
                + "_Align2' register class*/";
    }

    /**
     * The comment LLVM's GFX11+ disassembler puts after an operand its register class rejects (it decodes the word
     * and prints the value anyway): {@code /*Invalid immediate*}{@code /} after a literal in an operand that takes
     * only registers (the spec types it as a VGPR, a VGPR-only source or a scalar register: lane masks, the
     * {@code movrels} sources), and, in the fake16 syntax (GFX12's default, GFX11 with {@code -real-true16}), {@code /*Invalid register,
     * operand has 'VS_32_Lo128' register class*}{@code /} (the 9-bit VOP1/VOP2/VOPC source) or {@code 'VGPR_32_Lo128'}
     * (VSRC1, the DPP source) after a 16-bit VGPR source above v127, which those encodings cannot address there.
     */
    private String llvmInvalidMarker(Ctx c, int i, String field, String type, int flags, String text) {
        if (c.shape.markerFree[i]) {
            return text;
        }
        if (c.llvm.dialect().isGfx11Plus() && ("SDST".equals(field) || "VDST".equals(field)) && c.vop3()
                && (flags & InstructionSet.OUT) != 0
                && c.isa.instructionName(c.v).startsWith("V_CMP")) {
            // A VOP3 compare's lane-mask destination holding an inline-constant code (llvm-mc-22 on gfx1100,
            // gfx1200 and gfx1250: v_cmp_nle_f64_e64 39/*Invalid immediate*{@code /}, ...).
            long code = c.isa.operandValue(c.v, i, c.w, c.o);
            boolean inline = inlineCode(code);
            return inline ? text + "/*Invalid immediate*/" : text;
        }
        if (gfx10ScratchSaddr(c.llvm, field, c.family) && c.isa.operandValue(c.v, i, c.w, c.o) == 0x7f
                && !c.llvm.hasGfx10ScratchStMode()) {
            // gfx1010 scratch with SADDR 0x7f (no ST mode): llvm-mc-22 prints scratch_load_dword v1, off,
            // exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*{@code /}.
            return text + "/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/";
        }
        if (!c.llvm.dialect().isGfx11Plus() || field == null || (flags & InstructionSet.IN) == 0) {
            return text;
        }
        String name = c.isa.instructionName(c.v);
        if (c.target.equals("gfx1250") && "SADDR".equals(field) && c.family.equals("VGLOBAL") && text.equals("exec")) {
            // (llvm-mc-22: global_atomic_min_u32 v35, v254, exec/*Invalid register, operand has
            // 'SReg_64_XEXEC_XNULL' register class*{@code /} ...)
            return text + "/*Invalid register, operand has 'SReg_64_XEXEC_XNULL' register class*/";
        }
        if (c.target.equals("gfx1250") && (name.equals("S_SET_PC_I64") || name.equals("S_RFE_I64"))
                && !c.kind.equals("LIT64")) {
            // The gfx1250 spec types their source OPR_SSRC; LLVM's is an SGPR pair (SReg_64): llvm-mc-22 prints
            // s_set_pc_i64 -1/*Invalid immediate*{@code /} (s_swap_pc_i64 takes constants).
            long code = c.isa.operandValue(c.v, i, c.w, c.o);
            boolean inline = inlineCode(code);
            if (field.startsWith("SIMM32") || field.startsWith("LITERAL") || inline) {
                return text + "/*Invalid immediate*/";
            }
        }
        if (c.target.equals("gfx1250") && (c.family.equals("VOP3P") && gfx1250Wmma(name)
                || (c.vop3() || c.family.equals("VOP1")) && gfx1250VgprSource0(name))) {
            String note = gfx1250MatrixNote(c, i, field, name);
            if (note != null && field.startsWith("LITERAL")) {
                // LLVM prints such a literal plainly (v_cvt_scale_pk8_f16_bf8 v[166:169], 10/*Invalid immediate*/,
                // where amdisa's 32-bit integer source would read lit(0xa)).
                int bits = (int) c.isa.operandValue(c.v, i, c.w, c.o);
                int fcode = InlineConstants.f32Code(bits);
                return (InlineConstants.intCode(bits) >= 0 ? Integer.toString(bits)
                        : fcode >= 0 ? InlineConstants.floatText(fcode, OperandType.FP32) : literal(bits, 32)) + note;
            }
            if (note != null) {
                return text + note;
            }
        }
        // V_READLANE/V_READFIRSTLANE read a VGPR (or LDS directly) whatever the spec's source type says.
        boolean laneRead = (name.startsWith("V_READLANE") || name.startsWith("V_READFIRSTLANE"))
                && (field.equals("SRC0") || field.startsWith("LITERAL") && i == firstSourceIndex(c));
        if ((field.startsWith("LITERAL") || field.startsWith("SIMM32"))
                && (type.equals("OPR_SRC_VGPR") || type.equals("OPR_VGPR") || type.equals("OPR_SREG") || laneRead)
                && !name.equals("S_MOVRELSD_2_B32")
                && !(c.target.equals("gfx1250") && name.startsWith("V_PERMLANE") && type.equals("OPR_SREG"))) {
            // (gfx1250's lane permutes take a literal lane select: llvm-mc-22 prints and assembles
            // v_permlane_bcast_b32 v184, v81, 0x294b, s28.)
            // (LLVM defines S_MOVRELSD_2_B32 with an ordinary scalar source, literals included; the spec types its
            // source as a scalar register like S_MOVRELS_B32's.) LLVM prints such an immediate plainly: an inline
            // integer or float value as the constant (no lit(...)), anything else as 32-bit hex.
            int bits = (int) c.isa.operandValue(c.v, i, c.w, c.o);
            int fcode = InlineConstants.f32Code(bits);
            String plain = InlineConstants.intCode(bits) >= 0 ? Integer.toString(bits)
                    : fcode >= 0 ? InlineConstants.floatText(fcode, OperandType.FP32) : literal(bits, 32);
            return plain + "/*Invalid immediate*/";
        }
        long code = c.isa.operandValue(c.v, i, c.w, c.o);
        boolean inline = inlineCode(code);
        boolean srcCode = field.length() == 4 && field.startsWith("SRC") && digit(field.charAt(3))
                || field.length() == 5 && field.startsWith("SSRC") && digit(field.charAt(4));
        if (type.equals("OPR_SREG") && srcCode && inline && !name.equals("S_SWAPPC_B64")
                && !name.equals("S_MOVRELSD_2_B32")) {
            // Scalar-register-only sources (movrels, setpc, rfe, lane masks) holding an inline constant. LLVM gives
            // S_SWAPPC_B64 and S_MOVRELSD_2_B32 ordinary scalar sources (s_swappc_b64 s[30:31], 58 and
            // s_movrelsd_2_b32 s0, 58 print without a note, s_setpc_b64 58 with one).
            return text + "/*Invalid immediate*/";
        }
        if (laneRead && field.equals("SRC0") && code >= 0 && code < 254 && !llvmUncheckedSpecial(c, code)) {
            return text + (inline ? "/*Invalid immediate*/"
                    : "/*Invalid register, operand has 'VRegOrLds_32' register class*/");
        }
        boolean dppVop3 = c.kind.startsWith("DPP") && (c.vop3() || c.family.equals("VOP3P"));
        if ((type.equals("OPR_SRC_VGPR") || type.equals("OPR_VGPR") && !c.kind.startsWith("DPP"))
                && !(dppVop3 && (field.equals("SRC1") || field.equals("SRC2")))
                && (c.size(i) == 32 || c.family.equals("VINTERP") && !c.true16())
                && field.length() == 4
                && field.startsWith("SRC") && digit(field.charAt(3)) && code >= 0 && code < 256
                && code != InlineConstants.LITERAL && !llvmUncheckedSpecial(c, code)) {
            // A VGPR-only source in a 9-bit source field (movrels, permlane, VINTERP) holding a scalar or constant.
            // (Not SRC1/SRC2 of a VOP3 DPP form, which the specs type OPR_SRC_VGPR: llvm-mc-22 decodes any source
            // there, gfx1100 included: v_add3_u32_e64_dpp v5, v1, s2, v3 quad_perm:[3,2,1,0] ...)
            return text + (inline ? "/*Invalid immediate*/"
                    : "/*Invalid register, operand has 'VGPR_32' register class*/");
        }
        if ((field.equals("RSRC") || field.equals("SAMP"))
                && (c.family.equals("VIMAGE") || c.family.equals("VSAMPLE"))
                && (inline || code >= Registers.VGPR_FIRST)) {
            // GFX12 image descriptors are SGPR tuples: LLVM flags a VGPR or an inline constant in those fields.
            return text + (inline ? "/*Invalid immediate*/" : "/*Invalid register, operand has '"
                    + (field.equals("RSRC") ? "SReg_256_XNULL" : "SReg_128_XNULL") + "' register class*/");
        }
        int size = c.size(i);
        if (size > 64 && c.family.equals("VOP3P") && !c.target.equals("gfx1250") && inline
                && (field.equals("SRC0") || field.equals("SRC1"))
                && (name.startsWith("V_WMMA") || name.startsWith("V_SWMMAC"))) {
            // A WMMA's A and B take no constant (C does): llvm-mc-22 on gfx1100 and gfx1200 prints
            // v_wmma_f32_16x16x16_f16 v[16:23], 1.0/*Invalid immediate*{@code /}, v[8:15], v[16:23] but ..., 1.0.
            return text + "/*Invalid immediate*/";
        }
        if (size > 64 && (c.vop3() || c.family.equals("VOP3P"))
                && field.length() == 4 && field.startsWith("SRC") && digit(field.charAt(3)) && code >= 0
                && code < InlineConstants.INT_ZERO) {
            // A matrix (WMMA) or packed-conversion source wider than 64 bits is a VGPR tuple in LLVM, on GFX11 too
            // (v_wmma_f32_16x16x16_f16 v[16:23], s[0:7]/*Invalid register, operand has 'VReg_256' register
            // class*{@code /}, ...).
            return text + "/*Invalid register, operand has 'VReg_" + size
                    + (c.llvm.requiresAlignedVgprTuples() ? "_Align2" : "") + "' register class*/";
        }
        if (field.startsWith("LITERAL") && size > 64 && !c.kind.equals("LIT64")
                && !(c.target.equals("gfx1250") && gfx1250Wmma(name))) {
            // No literal fills an operand wider than 64 bits (llvm-mc-22 prints a gfx1250 WMMA's literal C,
            // v_wmma_f32_16x16x32_bf16 ..., 0x146b, without a note, though its parser rejects it).
            return text + "/*Invalid immediate*/";
        }
        if (c.vop3() && (field.equals("SRC1") || field.equals("SRC2")) && size == 32
                && (type.equals("OPR_SREG") || type.equals("OPR_SSRC")) && code >= Registers.VGPR_FIRST
                && !c.isa.operandFormat(c.v, i).startsWith("FMT_NUM_M")) {
            // The scalar lane-select sources of the VOP3 permlanes: a VGPR there is not read (lane masks, which
            // LLVM lets take a VGPR, excepted).
            return text + "/*Invalid register, operand has 'SReg_32' register class*/";
        }
        if (field.equals("SADDR") && code == 0x7f && (c.family.startsWith("FLAT_SCR") || c.family.equals("VSCRATCH"))) {
            // A GFX11+ scratch SGPR base cannot be exec_hi (llvm-mc-22 decodes and flags it).
            return text + "/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/";
        }
        if (code == 254 && c.family.startsWith("SOP") && c.size(i) <= 32
                && text.equals("src_lds_direct")) {
            // LDS-direct reads are a VALU source; a scalar source cannot take them (16-bit ones included:
            // s_pack_ll_b32_b16 s5, src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/, s2).
            return text + "/*Invalid register, operand has 'SReg_32' register class*/";
        }
        if (!c.true16() && c.vopShort() && sourceField(field)
                && c.size(i) == 16 && firstVgpr(text) >= 128) {
            boolean any = field.equals("SRC0") && !c.kind.startsWith("DPP");
            return text + "/*Invalid register, operand has '" + (any ? "VS_32_Lo128" : "VGPR_32_Lo128")
                    + "' register class*/";
        }
        return text;
    }

    /**
     * Whether {@link #llvmInvalidMarker} leaves operand {@code i} of variant {@code v} alone whatever the words hold:
     * the static part of each of its cases, in its order, is false. It mirrors that method: a case added there needs
     * its static condition here (the differential and conformance suites compare every note with llvm-mc's).
     */
    private static boolean markerFree(InstructionSet isa, int v, int i, Target llvm, int size) {
        String field = isa.operandField(v, i);
        String type = isa.operandType(v, i);
        int flags = isa.operandFlags(v, i);
        String family = isa.encodingFamily(v);
        String kind = isa.variantKind(v);
        String name = isa.instructionName(v);
        boolean vop3 = family.equals("VOP3") || family.equals("VOP3_SDST_ENC");
        boolean gfx1250 = isa.llvmTarget().equals("gfx1250");
        if (llvm.dialect().isGfx11Plus() && ("SDST".equals(field) || "VDST".equals(field)) && vop3
                && (flags & InstructionSet.OUT) != 0 && name.startsWith("V_CMP")) {
            return false;
        }
        if (gfx10ScratchSaddr(llvm, field, family)) {
            return false;
        }
        if (!llvm.dialect().isGfx11Plus() || field == null || (flags & InstructionSet.IN) == 0) {
            return true;
        }
        boolean literal = field.startsWith("LITERAL") || field.startsWith("SIMM32");
        boolean srcField = field.length() == 4 && field.startsWith("SRC") && digit(field.charAt(3));
        boolean srcCode = srcField || field.length() == 5 && field.startsWith("SSRC") && digit(field.charAt(4));
        boolean laneRead = name.startsWith("V_READLANE") || name.startsWith("V_READFIRSTLANE");
        return !(gfx1250 && "SADDR".equals(field))
                && !(gfx1250 && (name.equals("S_SET_PC_I64") || name.equals("S_RFE_I64")))
                && !(gfx1250 && (family.equals("VOP3P") && gfx1250Wmma(name)
                        || (vop3 || family.equals("VOP1")) && gfx1250VgprSource0(name)))
                && !laneRead
                && !(literal && (type.equals("OPR_SRC_VGPR") || type.equals("OPR_VGPR") || type.equals("OPR_SREG")))
                && !(type.equals("OPR_SREG") && srcCode)
                && !((type.equals("OPR_SRC_VGPR") || type.equals("OPR_VGPR")) && srcField)
                && !((field.equals("RSRC") || field.equals("SAMP"))
                        && (family.equals("VIMAGE") || family.equals("VSAMPLE")))
                && !(size > 64 && (vop3 || family.equals("VOP3P")) && srcField)
                && !(field.startsWith("LITERAL") && size > 64 && !kind.equals("LIT64"))
                && !(vop3 && (field.equals("SRC1") || field.equals("SRC2")) && size == 32
                        && (type.equals("OPR_SREG") || type.equals("OPR_SSRC")))
                && !(field.equals("SADDR") && (family.startsWith("FLAT_SCR") || family.equals("VSCRATCH")))
                && !(family.startsWith("SOP") && size <= 32)
                && !((family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC")) && sourceField(field)
                        && size == 16);
    }

    /** The SADDR operand of a GFX10 scratch instruction (the static part of its {@link #llvmInvalidMarker} case). */
    private static boolean gfx10ScratchSaddr(Target llvm, String field, String family) {
        return llvm.dialect() == Dialect.GFX10 && "SADDR".equals(field) && family.startsWith("FLAT_SCR");
    }

    /**
     * Whether a 9-bit source code names a special register LLVM's GFX11+ decoder returns without a register class
     * check: null, the aperture and POPS registers (src_shared_base .. src_pops_exiting_wave_id) and src_vccz,
     * src_execz, src_scc. llvm-mc-22 prints {@code v_movrelsd_b32_e32 v182, src_private_base} and {@code
     * v_readfirstlane_b32 s0, null} with no note, but flags s0, m0, exec_lo and src_lds_direct there.
     */
    private static boolean llvmUncheckedSpecial(Ctx c, long code) {
        return code == c.llvm.nullEncoding() || code >= 235 && code <= 239 || code >= 251 && code <= 253;
    }

    /** Whether a source code (a field value, possibly wider than 9 bits) is an inline constant. */
    private static boolean inlineCode(long code) {
        return code >= 0 && code < 512 && InlineConstants.isInline((int) code);
    }

    /** The index of the first explicit input operand of the variant, or -1. */
    private static int firstSourceIndex(Ctx c) {
        for (int k = 0; k < c.isa.operandCount(c.v); k++) {
            int f = c.isa.operandFlags(c.v, k);
            if ((f & InstructionSet.IMPLICIT) == 0 && (f & InstructionSet.IN) != 0) {
                return k;
            }
        }
        return -1;
    }

    /** The number of the single VGPR {@code vN} printed, or -1. */
    private static int firstVgpr(String text) {
        return text.startsWith("v") && digits(text, 1) && text.length() <= 4 ? Integer.parseInt(text, 1, text.length(),
                10) : -1;
    }

    /** CDNA matrix instructions (MFMA, SMFMAC), printed with AGPRs and cbsz/abid/blgp. */
    private static boolean mfma(Ctx c) {
        return c.shape.mfma;
    }

    /**
     * MFMA registers as LLVM prints them: the accumulator (VDST, SRC2) is an AGPR tuple on gfx908 and wherever
     * ACC_CD is set; SRC0/SRC1 are AGPRs where their ACC bit is set.
     */
    private static String mfmaRegister(Ctx c, String field, String text) {
        boolean agpr = false;
        if ("VDST".equals(field) || "SRC2".equals(field) && !c.isa.instructionName(c.v).startsWith("V_SMFMAC")) {
            // (SMFMAC's SRC2 is the sparsity index, always a VGPR.)
            agpr = c.target.equals("gfx908") || c.has("ACC_CD") && c.f("ACC_CD") != 0;
        } else if ("SRC0".equals(field) || "SRC1".equals(field)) {
            agpr = c.has("ACC") && (c.f("ACC") >>> (field.charAt(3) - '0') & 1) != 0;
        }
        return agpr && vgprText(text) ? "a" + text.substring(1) : text;
    }

    /** GFX10+ VOP3 V_CMPX writes only EXEC; LLVM prints no destination (some XML variants list one). */
    private static boolean cmpxDestination(Ctx c, int flags) {
        return c.vop3() && !c.gfx9() && (flags & InstructionSet.OUT) != 0 && (flags & InstructionSet.IN) == 0
                && c.isa.instructionName(c.v).startsWith("V_CMPX");
    }

    /**
     * GFX9 buffer loads with the LDS bit write LDS, not VGPRs: LLVM prints no data operand. So do the GFX10 LDS-DMA
     * loads ({@link #ldsDmaLoad}: {@code buffer_load_dword off, s[4:7], s1 lds}, {@code scratch_load_dword off, off
     * offset:8 lds}).
     */
    private static boolean ldsDmaData(Ctx c, String field) {
        return c.gfx9() && "VDATA".equals(field) && (c.family.equals("MUBUF") || c.family.equals("MTBUF"))
                && bit(c, "LDS") != 0
                || "VDST".equals(field) && flatLdsBit(c) && c.f("SVE") != 0
                || !c.gfx9() && ("VDATA".equals(field) || "VDST".equals(field)) && bit(c, "LDS") != 0
                && ldsDmaLoad(c.isa, c.v);
    }

    /**
     * The VOP3 F16 interpolation instructions of GFX9 and GFX10 (v_interp_p1ll_f16, v_interp_p1lv_f16,
     * v_interp_p2_f16, and gfx908's v_interp_p2_legacy_f16, in ENC_VOP3 and the CDNA 1 spec's VOP3_SDST_ENC): LLVM reads
     * their SRC0 field as an attribute, {@code attrN.c} (bits 0-5 the attribute, 6-7 the channel, bit 8 the high
     * half, written {@code high} after the operands), printed after the VGPR of SRC1, whose neg/abs bits are those of
     * source 1 ({@code v_interp_p2_f16 v5, -v1, attr3.w, v3 high}). The reconstructed RDNA 1/2 specs type that field
     * as a plain 16-bit float source (which is why it comes second in their operand lists), and so does the CDNA 1
     * one (llvm-mc-22 -mcpu=gfx908: {@code v_interp_p1ll_f16 v4, v8, attr12.x high} for the word amdisa printed as
     * {@code v_interp_p1ll_f16 v4, v8, v12}); gfx90a and later have no such instructions.
     *
     * @param isa     the instruction set
     * @param variant the variant
     * @return true for those instructions on gfx908, gfx1010 and gfx1030
     */
    public static boolean vop3InterpAttribute(InstructionSet isa, int variant) {
        String target = isa.llvmTarget();
        String family = isa.encodingFamily(variant);
        return (target.startsWith("gfx10") || target.startsWith("gfx9"))
                && (family.equals("VOP3") || family.equals("VOP3_SDST_ENC"))
                && isa.instructionName(variant).startsWith("V_INTERP_");
    }

    /**
     * Whether a variant is one of LLVM's LDS-DMA loads (GFX9 and GFX10): a MUBUF, global or scratch load of one dword
     * or less, not D16 ({@code _LOAD_DWORD}, {@code _UBYTE}, {@code _SBYTE}, {@code _USHORT}, {@code _SSHORT}, buffer
     * {@code _FORMAT_X}; gfx950 buffers also {@code _DWORDX3} and {@code _DWORDX4}), whose LDS bit sends the data to
     * LDS instead of a VGPR. LLVM's syntax then has no data operand and ends with {@code lds}
     * ({@code buffer_load_ubyte off, s[8:11], s2 lds}, {@code global_load_dword v[4:5], off lds},
     * {@code scratch_load_sshort off, off offset:16 lds}); llvm-mc-22 rejects {@code lds} on every other load, store
     * and atomic ("invalid operand for instruction"). The spec does not tell which loads have the form (its encodings
     * all carry the bit): this is LLVM's list. The FLAT bit is LDS on GFX10 and SVE in the CDNA 1/2 reconstructions
     * (see {@link #flatLdsBit}).
     *
     * @param isa     the instruction set
     * @param variant the variant
     * @return true for the loads that take the LDS-DMA form
     */
    public static boolean ldsDmaLoad(InstructionSet isa, int variant) {
        String target = isa.llvmTarget();
        boolean gfx940 = target.equals("gfx942") || target.equals("gfx950");
        if (!target.startsWith("gfx9") && !target.startsWith("gfx10")) {
            return false;
        }
        String family = isa.encodingFamily(variant);
        boolean buffer = family.equals("MUBUF") && isa.hasField(variant, "LDS");
        boolean flat = (family.startsWith("FLAT_GL") || family.startsWith("FLAT_SCR"))
                && (isa.hasField(variant, "LDS") || !gfx940 && isa.hasField(variant, "SVE"));
        if (!buffer && !flat) {
            return false;
        }
        String name = isa.instructionName(variant);
        int load = name.indexOf("_LOAD_");
        if (load < 0) {
            return false;
        }
        return switch (name.substring(load + 6)) {
            case "DWORD", "UBYTE", "SBYTE", "USHORT", "SSHORT" -> true;
            case "FORMAT_X" -> buffer;
            case "DWORDX3", "DWORDX4" -> buffer && target.equals("gfx950");
            default -> false;
        };
    }

    /**
     * Whether the spec's FLAT SVE bit (bit 13) is LLVM's {@code lds} bit: the CDNA 1/2 reconstructions name it SVE as
     * CDNA 3 does, but gfx908/gfx90a have no scratch VGPR-enable bit (a scratch address is a VGPR exactly when SADDR
     * is off) and llvm-mc-22 reads the bit as the LDS-DMA form ({@code scratch_load_dword v2, off lds},
     * {@code global_load_dword v[2:3], off lds}: no destination).
     */
    private static boolean flatLdsBit(Ctx c) {
        return c.gfx9() && !c.llvm.isGfx940() && c.has("SVE");
    }

    /** Atomics without the return bit have no destination in LLVM's syntax. */
    private static boolean skipped(Ctx c, String field) {
        if (!"VDST".equals(field) || !(c.family.startsWith("FLAT") || c.family.startsWith("VFLAT")
                || c.family.equals("VGLOBAL")) || !c.isa.instructionName(c.v).contains("ATOMIC")) {
            return false;
        }
        for (String bit : new String[] {"GLC", "SC0"}) {
            if (c.has(bit)) {
                return c.f(bit) == 0;
            }
        }
        // GFX12: bit 0 of TH is TH_ATOMIC_RETURN.
        return c.has("TH") && (c.f("TH") & 1) == 0;
    }

    /**
     * SDWA source modifiers as llvm-mc-22 prints them: {@code sext(...)} from SRCk_SEXT for an integer operand, neg
     * and abs for a floating-point one (the other bits are not shown).
     */
    private String sdwaSourceModifiers(Ctx c, int i, int k, String text) {
        OperandType t = valueType(c, i, c.size(i));
        if (t.isFloating()) {
            return sourceModifiers(c, k, text);
        }
        String sext = "SRC" + k + "_SEXT";
        return c.has(sext) && c.f(sext) != 0 ? "sext(" + text + ")" : text;
    }

    /** Applies VOP3/DPP/SDWA neg and abs bits of source {@code k} to its text. */
    protected String sourceModifiers(Ctx c, int k, String text) {
        boolean neg = false;
        boolean abs = false;
        if ((c.vop3() || c.family.equals("VINTERP")) && c.has("NEG")) {
            if (integerOnly(c) || c.vop3() && bitop3(c.isa.instructionName(c.v))) {
                return text; // LLVM's integer VOP3 instructions have no source modifiers: the bits are not shown
            }
            neg = (c.f("NEG") >>> k & 1) != 0;
            abs = c.has("ABS") && (c.f("ABS") >>> k & 1) != 0;
        } else if (c.family.equals("VOP3P") && c.isa.instructionName(c.v).contains("_MIX") && c.has("NEG")) {
            // The mix instructions take f32/f16 sources with neg and abs; the abs bits sit in the NEG_HI field.
            neg = (c.f("NEG") >>> k & 1) != 0;
            abs = (bit(c, "NEG_HI") >>> k & 1) != 0;
        } else if (c.has(indexed(SRC_NEG, "SRC", k, "_NEG"))) {
            if (integerOnly(c)) {
                // Nor do their DPP forms: llvm-mc-22 prints v_dot4c_i32_i8_dpp v254, v29, v57 ... with SRC0_NEG and
                // SRC1_ABS set (and rejects such v_add_nc_u32_dpp words).
                return text;
            }
            neg = c.f(indexed(SRC_NEG, "SRC", k, "_NEG")) != 0;
            abs = c.has(indexed(SRC_ABS, "SRC", k, "_ABS")) && c.f(indexed(SRC_ABS, "SRC", k, "_ABS")) != 0;
        }
        int marker = text.indexOf("/*");
        if (neg && !abs && plainImmediate(marker < 0 ? text : text.substring(0, marker))) {
            // LLVM spells a negated inline constant or plain literal neg(...) (as SourceOperands.printWithModifiers
            // does), so that it does not read as another constant.
            return "neg(" + text + ")";
        }
        String t = abs ? "|" + text + "|" : text;
        return neg ? "-" + t : t;
    }

    /** Whether every explicit operand of the instruction has a signed or unsigned integer format. */
    /** {@code FMT_NUM_(PK2_)?[IU](8|16|24|32|64)}, without a regular expression (this is on the print path). */
    private static boolean integerFormat(String format) {
        if (!format.startsWith("FMT_NUM_")) {
            return false;
        }
        int i = format.startsWith("PK2_", 8) ? 12 : 8;
        if (i >= format.length() || (format.charAt(i) != 'I' && format.charAt(i) != 'U')) {
            return false;
        }
        return switch (format.substring(i + 1)) {
            case "8", "16", "24", "32", "64" -> true;
            default -> false;
        };
    }

    /** {@code FMT_NUM_F*} or {@code FMT_NUM_BF*}: a floating-point format. */
    private static boolean floatFormat(String format) {
        return format.startsWith("FMT_NUM_F") || format.startsWith("FMT_NUM_BF");
    }

    private static boolean integerOnly(Ctx c) {
        return c.shape.integerOnly;
    }

    private static boolean integerOnly(InstructionSet isa, int v) {
        boolean any = false;
        for (int i = 0; i < isa.operandCount(v); i++) {
            if ((isa.operandFlags(v, i) & InstructionSet.IMPLICIT) != 0 || isa.operandField(v, i) == null) {
                continue;
            }
            if (!integerFormat(isa.operandFormat(v, i))) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /** An inline constant or plain literal as printed: {@code -?\d+(\.\d+)?|0x[0-9a-f]+}. */
    private static boolean plainImmediate(String t) {
        if (t.startsWith("0x")) {
            if (t.length() == 2) {
                return false;
            }
            for (int i = 2; i < t.length(); i++) {
                char ch = t.charAt(i);
                if (!digit(ch) && (ch < 'a' || ch > 'f')) {
                    return false;
                }
            }
            return true;
        }
        int i = t.startsWith("-") ? 1 : 0;
        int dot = t.indexOf('.', i);
        return dot < 0 ? digits(t, i) : digits(t.substring(0, dot), i) && digits(t, dot + 1);
    }

    /** The text of operand {@code i}, or {@code null} when LLVM does not print it. */
    protected String operand(Ctx c, int i) {
        InstructionSet isa = c.isa;
        Shape shape = c.shape;
        String type = shape.types[i];
        int size = shape.sizes[i];
        String field = shape.fields[i];
        long value = isa.operandValue(c.v, i, c.w, c.o);
        // A plain operand (Shape.plain) skips the special cases: none of them can apply to it.
        if (!shape.plain[i]) {
            if (field != null && (field.startsWith("LITERAL") || field.startsWith("SIMM64"))
                    && c.kind.equals("LIT64")) {
                // A 64-bit literal dword pair (GFX12.5): lit64(...) where it would fit a 32-bit literal.
                StringBuilder sb = new StringBuilder();
                SourceOperands.printLiteral64(sb, valueType(c, i, 64), value);
                return sb.toString();
            }
            if (field != null && field.startsWith("LITERAL") && size == 64 && !c.family.startsWith("SOP")
                    && valueType(c, i, 64) == OperandType.INT64 && !kConstant(isa.instructionName(c.v))) {
                // A 64-bit integer operand's literal: lit(...) where plain text would read as an inline constant.
                StringBuilder sb = new StringBuilder();
                SourceOperands.printLiteral32(sb, c.llvm, OperandType.INT64, (int) value);
                return sb.toString();
            }
            if (field != null && field.startsWith("LITERAL") && size <= 32 && !kConstant(isa.instructionName(c.v))) {
                StringBuilder sb = new StringBuilder();
                SourceOperands.printLiteral32(sb, c.llvm, valueType(c, i, size), (int) value);
                return sb.toString();
            }
            if (field != null
                    && (field.startsWith("LITERAL") || field.startsWith("SIMM32") || field.startsWith("SIMM64"))) {
                // Scalar ALU sources are 32 bits wide in LLVM whatever format the spec gives them.
                boolean f16 = isa.operandFormat(c.v, i).endsWith("F16");
                if (c.family.startsWith("SOPK") && field.startsWith("SIMM32") && (int) value >= -16
                        && (int) value <= 64) {
                    // s_setreg_imm32_b32's immediate: LLVM prints values of the inline-integer range in decimal
                    return Integer.toString((int) value);
                }
                if (!f16 && (c.family.equals("SOP1") || c.family.equals("SOP2") || c.family.equals("SOPC"))) {
                    // A scalar source's literal: lit(...) where plain text would read as an inline constant, as
                    // llvm-mc-22 prints it on every target (s_cmp_gt_i32 lit(0x3f800000), s104; s_mul_hi_u32 s10,
                    // lit(0x0), s1).
                    StringBuilder sb = new StringBuilder();
                    SourceOperands.printLiteral32(sb, c.llvm, valueType(c, i, size), (int) value);
                    return sb.toString();
                }
                if (f16 && size == 16 && c.family.equals("SOP1") && c.llvm.dialect().isGfx11Plus()) {
                    StringBuilder sb = new StringBuilder();
                    SourceOperands.printLiteral32(sb, c.llvm, valueType(c, i, size), (int) value);
                    return sb.toString();
                }
                if (c.llvm.dialect().isGfx11Plus() && type.startsWith("OPR_SSRC")
                        && (c.family.equals("SOP1") || c.family.equals("SOP2") || c.family.equals("SOPC"))) {
                    // A scalar ALU source literal: llvm-mc-22 (GFX11+) wraps the whole dword in lit(...) where it would
                    // read as an inline constant of a 32-bit source (s_add_u32 s4, s2, lit(0x40); lit(0x3f800000)); a
                    // 64-bit source only for 0..64 (s_mov_b64 s[4:5], lit(0x40), but 0x3f800000). An f16 source of
                    // s_*_f16 also where the low half is an f16 constant (s_sub_f16 s4, s2, lit(0x3c00); lit(0x10000));
                    // Otherwise an f16 source prints the low half alone (s_cmp_lt_f16 s2, 0x3c00 for 0x13c00;
                    // s_add_f16 s14, 0xd17a, s78 for 0x12f1d17a).
                    boolean lit = SourceOperands.literalNeedsLit(c.llvm, size == 64 ? OperandType.INT64
                            : OperandType.INT32, (int) value)
                            || f16 && c.family.equals("SOP2")
                            && SourceOperands.literalNeedsLit(c.llvm, OperandType.FP16, (int) value & 0xffff);
                    if (lit) {
                        return "lit(" + literal(value, 32) + ")";
                    }
                    return literal(value, f16 ? 16 : 32);
                }
                return literal(value, c.family.startsWith("SOP") && !f16 ? 32 : size);
            }
            if ("SDST".equals(field) && c.family.equals("VOPC") && c.kind.equals("SDWA") && c.has("SD")
                    && c.f("SD") == 0) {
                // GFX10 V_CMPX writes only EXEC; LLVM prints no destination for it.
                if (!c.gfx9() && isa.instructionName(c.v).startsWith("V_CMPX")) {
                    return null;
                }
                return Registers.implicitVcc(c.waveSize);
            }
            if (c.kind.equals("SDWA") && field != null && sdwaScalar(c, field)) {
                // GFX9+ SDWA: S0/S1 set means the 8-bit source field holds a scalar source code (SGPR or constant).
                StringBuilder sb = new StringBuilder();
                if (SourceOperands.print(sb, c.llvm, printType(valueType(c, i, size), (int) (value & 0xff)),
                        (int) (value & 0xff),
                        Math.max(1, (size + 31) / 32), 0)) {
                    return sb.toString();
                }
            }
            if ("VDATA".equals(field) && c.has("DMASK") && (c.family.contains("MIMG")
                    || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE"))) {
                // Image data as LLVM's disassembler counts it (convertMIMGInst): one register per DMASK bit (DMASK 0
                // counts as one, gather4 always four), halved (rounded up) for packed D16, plus one for the TFE status
                // dword; LWE adds none.
                int n = isa.instructionName(c.v).contains("GATHER4") ? 4
                        : Math.max(1, Long.bitCount(c.f("DMASK") & 15));
                if (bit(c, "D16") != 0) {
                    n = (n + 1) / 2;
                }
                if (bit(c, "TFE") != 0) {
                    n++;
                }
                size = 32 * n;
            }
            if ("VDATA".equals(field) && bit(c, "TFE") != 0 && (c.family.equals("MUBUF") || c.family.equals("MTBUF")
                    || c.family.equals("VBUFFER")) && !isa.instructionName(c.v).contains("ATOMIC")) {
                // LLVM's buffer loads and stores with TFE carry one more data register (the status dword).
                size += 32;
            }
            if (("SRC0".equals(field) || "SRC1".equals(field)) && size == 512 && c.target.equals("gfx1250")
                    && c.family.equals("VOP3P") && isa.instructionName(c.v).endsWith("_F8F6F4")) {
                // The A and B matrices are as wide as their format (matrix_a_fmt, matrix_b_fmt) needs.
                size = f8f6f4MatrixBits((int) ("SRC0".equals(field) ? bit(c, "OP_SEL") : bit(c, "OP_SEL_HI")) & 7);
            } else if (("SRC0".equals(field) || "SRC1".equals(field)) && size == 256 && c.gfx9()
                    && (c.family.equals("VOP3P") || c.family.equals("VOP3PX2"))
                    && isa.instructionName(c.v).endsWith("_F8F6F4")) {
                // gfx950: A's format is cbsz, B's blgp (llvm-mc-22: cbsz:2 prints A as v[4:9], blgp:4 B as v[12:15]).
                size = f8f6f4MatrixBits((int) ("SRC0".equals(field) ? bit(c, "CBSZ") : bit(c, "BLGP")) & 7) / 2;
            }
            if ("ATTR".equals(field) && c.has("ATTR_CHAN")) {
                return "attr" + value + "." + "xyzw".charAt((int) c.f("ATTR_CHAN") & 3);
            }
            if ("SRC0".equals(field) && shape.interpAttr) {
                long code = c.f("SRC0");
                return "attr" + (code & 63) + "." + "xyzw".charAt((int) (code >> 6) & 3);
            }
            if ("ATTR_CHAN".equals(field) && c.has("ATTR")) {
                return null;
            }
            if ("VSRC".equals(field) && c.family.equals("VINTRP")
                    && isa.instructionName(c.v).equals("V_INTERP_MOV_F32")) {
                // V_INTERP_MOV_F32 reads an interpolation parameter, not a VGPR: LLVM's p10/p20/p0 (0, 1, 2).
                return value == 0 ? "p10" : value == 1 ? "p20" : value == 2 ? "p0" : "invalid_param_" + value;
            }
            if (image(c) && !c.gfx9() && field != null) {
                if (field.startsWith("ADDR") && digits(field, 4)
                        || field.length() == 6 && field.startsWith("VADDR") && field.charAt(5) >= '1'
                        && field.charAt(5) <= '9') {
                    return null;
                }
                if (field.equals("VADDR") || field.equals("VADDR0")) {
                    return imageAddress(c, field);
                }
            }
            if ("SADDR".equals(field) && size == 32 && (c.family.startsWith("FLAT_GL") || c.family.equals("VGLOBAL"))) {
                size = 64; // a global SADDR is an SGPR pair, whatever width the spec gives it
            }
            String addr = addressOperand(c, field, size);
            if (addr != null) {
                return addr;
            }
            if (field != null && (field.equals("SBASE") || field.equals("SRSRC") || field.equals("SSAMP"))) {
                // These fields count SGPR pairs (SBASE) or quads (SRSRC, SSAMP).
                value *= field.equals("SBASE") ? 2 : 4;
            }
            if (type.equals("OPR_SMEM_OFFSET")) {
                return smemOffset(c, value);
            }
            if (type.equals("OPR_SMEM_OFFSET_NOK")) {
                // The SGPR offset of the GFX12 prefetches: a scalar register (null, m0 included), never a constant.
                StringBuilder sb = new StringBuilder();
                Registers.printScalar(sb, c.llvm, (int) value, 1);
                return sb.toString();
            }
            if (type.equals("OPR_SIMM24") && c.family.equals("SMEM")) {
                // The prefetches' immediate offset: signed 24 bits, printed as LLVM prints SMEM offsets (-0x497e2c).
                StringBuilder sb = new StringBuilder();
                MemoryModifiers.printSmemOffset(sb, MemoryModifiers.signExtend((int) value, 24));
                return sb.toString();
            }
            String special = specialImmediate(c, i, type, value);
            if (special != null) {
                return special;
            }
            if (type.equals("OPR_SRC_ACCVGPR") && value >= Registers.VGPR_FIRST && value < 512) {
                // An AGPR source (v_accvgpr_read/mov): the VGPR codes of the source field select a0-a255.
                return registerRange("a" + (value - Registers.VGPR_FIRST), size);
            }
            if (size == 16 && c.true16() && c.family.equals("VINTERP") && sourceField(field) && value >= 0
                    && value < Registers.VGPR_FIRST) {
                // GFX11's true16 VINTERP reads a 16-bit source as a VGPR half from the low 8 bits of any code,
                // without a note (llvm-mc-22: src0 = 2 prints v2.l, 240 v240.l), where its 32-bit sources flag s2
                // as invalid.
                StringBuilder sb = new StringBuilder();
                Registers.printVgpr16(sb, (int) value, opSelHigh(c, field));
                return sb.toString();
            }
        }
        if ((isSource(type) || dppVop3Source(c, type, field)) && value >= 0 && value < 512 && !isMarker(value)) {
            StringBuilder sb = new StringBuilder();
            OperandType valueType = printType(valueType(c, i, size), (int) value);
            long literal = literalDword(c);
            boolean printed;
            if (size == 16 && c.true16() && value >= Registers.VGPR_FIRST && c.vopOrVinterp()
                    && !c.isa.instructionName(c.v).contains("_MIX")) {
                printed = SourceOperands.printTrue16(sb, c.llvm, valueType, (int) value, literal, c.vopShort(),
                        opSelHigh(c, field));
            } else {
                printed = SourceOperands.print(sb, c.llvm, valueType, (int) value, Math.max(1, (size + 31) / 32),
                        literal);
            }
            if (printed) {
                return sb.toString();
            }
        }
        if (c.gfx9() && type.equals("OPR_VGPR_OR_LDS") && "SRC0".equals(field) && value >= 0 && value < 512) {
            // v_readlane/v_readfirstlane SRC0 is the 9-bit source encoding; LLVM decodes any code (SGPRs and
            // constants with an Invalid note), VGPRs from 256.
            StringBuilder sb = new StringBuilder();
            if (SourceOperands.print(sb, c.llvm, OperandType.INT32, (int) value, 1, 0)) {
                return sb.toString();
            }
        }
        String name = isa.operandValueName(c.v, i, value);
        if (name != null) {
            if (name.equals("literal")) {
                return literal(c.f("LITERAL"), c.family.startsWith("SOP") ? 32 : size);
            }
            if (size == 16 && c.true16() && name.startsWith("v") && digits(name, 1) && c.vopOrVinterp()
                    && !c.isa.instructionName(c.v).contains("_MIX")) {
                return half(c, field, (int) value, name);
            }
            return registerRange(name, size);
        }
        if (type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.startsWith("OPR_SDST")
                || type.equals("OPR_SREG")) {
            // Specs whose operand types do not name every value (the RDNA 1/2 reconstructions name only VGPRs and
            // the DPP/SDWA markers): the register of the standard source encoding, through runtime.syntax.
            StringBuilder sb = new StringBuilder();
            if (value >= 0 && value < 512
                    && Registers.printSource(sb, c.llvm, (int) value, Math.max(1, (size + 31) / 32))) {
                return sb.toString();
            }
        }
        if (type.equals("OPR_VGPR") && value >= 256 && value < 512 && field != null && field.length() == 4
                && field.startsWith("SRC") && digit(field.charAt(3))) {
            // A VGPR-typed operand in a 9-bit source field holds the source code 256 + index.
            return registerRange("v" + (value - 256), size);
        }
        if (branchTarget(c.isa.instructionName(c.v), type)) {
            // A branch offset: llvm-mc-22 prints it in unsigned decimal. The gfx1250 reconstruction types
            // S_CALL_I64's SIMM16 as OPR_SIMM16 where the earlier specs say OPR_LABEL (s_call_i64 s[14:15], 55710).
            return Long.toString(value);
        }
        if ("SIMM16".equals(field) && Immediates.isHex16(c.family, isa.instructionName(c.v))) {
            StringBuilder sb = new StringBuilder();
            Immediates.printHex16(sb, (int) value);
            return sb.toString();
        }
        if (value >= 0 && value <= 64 && !hexImmediate16(c, type)) {
            return Long.toString(value);
        }
        return "0x" + Long.toHexString(value);
    }

    /**
     * Whether LLVM declares this SOPK/SOPP immediate as an {@code s16imm}/{@code u16imm} operand, which its
     * printer writes in hex whatever the value (s_movk_i32 s5, 0x3f; s_clause 0x3f; s_wait_loadcnt 0x0), where
     * the other 16-bit immediates print small values in decimal (s_nop 63, s_sleep 2, s_setprio 1). In the specs:
     * every SOPK SIMM16 typed OPR_SIMM16, the clause and wait-event operands, and the SOPP counter waits
     * (S_WAIT_*CNT, S_WAIT_LOADCNT_DSCNT), rounding mode, trace data and prefetch distance, typed OPR_SIMM16
     * like s_nop's.
     */
    private static boolean hexImmediate16(Ctx c, String type) {
        if (c.family.equals("SOPK")) {
            return type.equals("OPR_SIMM16");
        }
        if (!c.family.equals("SOPP")) {
            return false;
        }
        if (type.equals("OPR_CLAUSE") || type.equals("OPR_WAIT_EVENT") || type.equals("OPR_WAIT_MEM_DS")) {
            return true;
        }
        String name = c.isa.instructionName(c.v);
        return name.startsWith("S_WAIT_") && name.contains("CNT") || name.equals("S_ROUND_MODE")
                || name.equals("S_TTRACEDATA_IMM") || name.equals("S_SET_INST_PREFETCH_DISTANCE");
    }

    /** The GFX12+ SMEM prefetches, whose offsets are operands and which take no cache policy in LLVM. */
    private static boolean smemPrefetch(String name) {
        return name.startsWith("S_PREFETCH_") || name.startsWith("S_BUFFER_PREFETCH_");
    }

    /**
     * The literal dword of the word, or 0: the {@code LITERAL} field, or the scalar encodings' {@code SIMM32}. A source
     * field holding code 255 beside the field that carries the literal (both SOP2 sources set to 255 share the one
     * dword) reads it from here.
     */
    private static long literalDword(Ctx c) {
        int index = c.shape.literal;
        return index >= 0 ? c.isa.fieldValue(c.v, index, c.w, c.o) : 0;
    }

    /** MADAK/MADMK/FMAAK/FMAMK: LLVM prints their K constant as the whole literal dword. */
    private static boolean kConstant(String name) {
        return name.contains("MADAK") || name.contains("MADMK") || name.contains("FMAAK") || name.contains("FMAMK");
    }

    /** Operand types whose value is a code of the 9-bit SRC encoding (or its scalar 8-/7-bit prefix). */
    private static boolean isSource(String type) {
        return type.startsWith("OPR_SRC") || type.startsWith("OPR_SSRC") || type.startsWith("OPR_SDST")
                || type.startsWith("OPR_SREG");
    }

    /**
     * GFX11+ VOP3 DPP encodings keep the full 9-bit SRC1/SRC2 fields, which llvm-mc decodes as any source (SGPR,
     * inline constant), though the XML types them as VGPRs.
     */
    private static boolean dppVop3Source(Ctx c, String type, String field) {
        return type.equals("OPR_VGPR") && !c.gfx9() && (c.vop3() || c.family.equals("VOP3P"))
                && c.kind.startsWith("DPP") && ("SRC1".equals(field) || "SRC2".equals(field))
                || type.equals("OPR_VGPR") && c.family.equals("VINTERP") && field != null
                && field.length() == 4 && field.startsWith("SRC") && digit(field.charAt(3));
    }

    /** SRC codes that select DPP, DPP8 or SDWA rather than a value; the decoder resolves them elsewhere. */
    private static boolean isMarker(long code) {
        return code == 233 || code == 234 || code == 249 || code == 250;
    }

    /** The value type of operand {@code i}; scalar ALU 16-bit integer operands read 32-bit sources in LLVM. */
    private static OperandType valueType(Ctx c, int i, int size) {
        return size == c.shape.sizes[i] ? c.shape.valueTypes[i] : valueType(c.isa, c.v, i, size);
    }

    private static OperandType valueType(InstructionSet isa, int v, int i, int size) {
        String family = isa.encodingFamily(v);
        if (size == 64 && family.equals("VOP3P") && packedF32(isa.instructionName(v))) {
            return OperandType.FP32; // the packed f32 sources: f32 constants (packedF32)
        }
        if (gfx10AlignSource2(isa, v, i)) {
            return OperandType.INT32;
        }
        OperandType t = valueType(isa.operandFormat(v, i), size);
        if (family.equals("VOP3P") && size == 32 && isa.instructionName(v).contains("_MIX")
                && (isa.operandFlags(v, i) & InstructionSet.IN) != 0) {
            // LLVM types every mix source f16 (FP16InputMods) whatever op_sel_hi selects: a literal prints its low
            // 16 bits (v_fma_mix_f32 v2, 0x5678, ... for 0x12345678), or lit(...) whole where those read as an
            // inline constant (lit(0x3c00), lit(0x3f800000)).
            return OperandType.FP16;
        }
        if (t.bits() == 16 && size == 32 && (family.startsWith("SOP") || family.startsWith("VOP3P")
                || !gfx10(isa))) {
            // A 16-bit format in a 32-bit operand is packed (VOP3P) or a scalar 32-bit source. On GFX10 elsewhere it
            // is the 16-bit value (the RDNA 1/2 reconstructions give the V_CMP*_F16 sources size 32: llvm-mc-22
            // prints the literal 0x94d1039f of v_cmpx_tru_f16_e64 as neg(0x39f), its low half); on the other
            // targets such an operand is read whole (gfx1250's V_CVT_SR_BF8_F16 SRC1, typed F16 with size 32 by the
            // reconstruction, is the 32-bit seed: llvm-mc-22 prints its literal 0x6ad290eb whole).
            return family.startsWith("SOP") ? OperandType.INT32 : t == OperandType.INT16 ? OperandType.V2INT16
                    : t == OperandType.FP16 ? OperandType.V2FP16 : OperandType.V2BF16;
        }
        if (t == OperandType.FP16 && family.equals("SOP1")) {
            // GFX11.5+ SALU f16 conversions (s_cvt_f32_f16, s_ceil_f16, ...): llvm-mc-22 prints their literal as
            // the whole 32-bit dword, as for an integer source (lit(...) where it reads as an inline constant).
            return OperandType.INT32;
        }
        if (t == OperandType.FP16 && family.equals("SOPC")) {
            // GFX11.5+ s_cmp_*_f16: llvm-mc-22 prints the float inline constants as their f16 bit pattern (0xb800
            // for -0.5) and the literal's low 16 bits, as for a 16-bit integer operand.
            return OperandType.INT16;
        }
        // Scalar ALU integer operands read 32-bit sources: LLVM prints their literals whole (F16 ones 16 bits).
        return t.bits() == 16 && !t.isFloating() && family.startsWith("SOP") ? OperandType.INT32 : t;
    }

    /**
     * Whether the target is a GFX10 one (RDNA 1/2), where LLVM reads some VALU operands otherwise than the spec types
     * them: a 16-bit format in a 32-bit operand outside VOP3P is the 16-bit value ({@code valueType}), and
     * {@link #gfx10AlignSource2}.
     *
     * @param isa the instruction set
     * @return whether {@code isa}'s LLVM target is gfx10xx
     */
    public static boolean gfx10(InstructionSet isa) {
        return isa.llvmTarget().startsWith("gfx10");
    }

    /**
     * V_ALIGNBIT_B32 / V_ALIGNBYTE_B32's shift source (SRC2) on GFX10: the specs type it FMT_NUM_U16 of 16 bits on
     * every RDNA generation, and LLVM's GFX11+ definitions agree (v_alignbit_b32 v1, v2, v3, 0xb800 for the inline
     * -0.5), but its GFX10 ones read a 32-bit source: llvm-mc-22 -mcpu=gfx1030 prints -0.5 and the whole literal
     * (0x3fc00000) and reads 0x3f800000 as the inline 1.0. Only the low five bits are used, so the result is the
     * same either way; the assembler (VariantParser) and this printer type the operand as LLVM does.
     *
     * @param isa the instruction set
     * @param v the variant
     * @param i the operand index
     * @return whether operand {@code i} of {@code v} is that source
     */
    public static boolean gfx10AlignSource2(InstructionSet isa, int v, int i) {
        // SRC2 is the fourth operand (after VDST, SRC0, SRC1); a literal in it is the LITERAL field of the variant.
        // The target and index tests come first: this runs for every printed operand.
        if (i != 3 || !gfx10(isa)) {
            return false;
        }
        String field = isa.operandField(v, i);
        if (!("SRC2".equals(field) || "LITERAL".equals(field))) {
            return false;
        }
        String name = isa.instructionName(v);
        return name.equals("V_ALIGNBIT_B32") || name.equals("V_ALIGNBYTE_B32");
    }

    /** The runtime.syntax value type of an AMD data format, which decides how constants and literals print. */
    static OperandType valueType(String format, int size) {
        return switch (format) {
            case "FMT_NUM_F16" -> OperandType.FP16;
            case "FMT_NUM_BF16" -> OperandType.BF16;
            case "FMT_NUM_I16", "FMT_NUM_U16", "FMT_NUM_B16" -> OperandType.INT16;
            case "FMT_NUM_F32" -> OperandType.FP32;
            case "FMT_NUM_F64" -> OperandType.FP64;
            case "FMT_NUM_I64", "FMT_NUM_U64", "FMT_NUM_B64" -> OperandType.INT64;
            case "FMT_NUM_PK2_F16" -> OperandType.V2FP16;
            case "FMT_NUM_PK2_BF16" -> OperandType.V2BF16;
            case "FMT_NUM_PK2_I16", "FMT_NUM_PK2_U16" -> OperandType.V2INT16;
            default -> size == 64 ? OperandType.INT64 : size == 16 ? OperandType.INT16 : OperandType.INT32;
        };
    }

    /** The op_sel bit that selects the high half of a true16 VOP3 operand. */
    private static boolean opSelHigh(Ctx c, String field) {
        if (!c.has("OP_SEL") || field == null) {
            return false;
        }
        int bit = field.equals("VDST") ? 3 : field.endsWith("0") ? 0 : field.endsWith("1") ? 1 : 2;
        return (c.f("OP_SEL") >>> bit & 1) != 0;
    }

    /** {@code s_waitcnt}, {@code hwreg}, {@code sendmsg}, {@code s_delay_alu} and depctr operands. */
    private static String specialImmediate(Ctx c, int i, String type, long value) {
        if (!c.shape.special[i]) {
            return null; // none of the cases below applies (checked first: this runs for every operand)
        }
        String name = c.isa.instructionName(c.v);
        StringBuilder sb = new StringBuilder();
        int imm = (int) value & 0xffff;
        switch (type) {
            case "OPR_WAITCNT" -> Waitcnt.print(sb, c.llvm, imm);
            case "OPR_HWREG" -> HwReg.print(sb, c.llvm, imm);
            case "OPR_SENDMSG" -> SendMsg.print(sb, c.llvm, imm);
            default -> {
                if (name.startsWith("S_SENDMSG_RTN") && type.startsWith("OPR_SENDMSG")) {
                    SendMsg.print(sb, c.llvm, imm & 0xff);
                } else if (name.equals("S_DELAY_ALU")) {
                    DelayAlu.print(sb, imm);
                } else if (name.equals("S_WAITCNT_DEPCTR") || name.equals("S_WAIT_ALU")) {
                    DepCtr.print(sb, c.llvm, imm); // GFX12's s_wait_alu takes the same depctr operand
                } else if (gprIdxMode(name, type)) {
                    GprIdx.print(sb, (int) value);
                } else if (name.equals("S_VERSION") && c.llvm.dialect().isGfx10Plus()) {
                    if (!UcVersion.print(sb, imm)) {
                        return null;
                    }
                } else {
                    return null;
                }
            }
        }
        return sb.toString();
    }

    /** Whether {@link #specialImmediate} may print an operand of this type of this instruction. */
    private static boolean symbolicImmediate(String name, String type) {
        return type.equals("OPR_WAITCNT") || type.equals("OPR_HWREG") || type.startsWith("OPR_SENDMSG")
                || name.equals("S_DELAY_ALU") || name.equals("S_WAITCNT_DEPCTR") || name.equals("S_WAIT_ALU")
                || name.equals("S_VERSION") || gprIdxMode(name, type);
    }

    /**
     * Whether an operand of this type of this instruction is a branch offset (printed in unsigned decimal): an
     * {@code OPR_LABEL}, or the SIMM16 the gfx1250 reconstruction gives {@code S_CALL_I64}.
     */
    public static boolean branchTarget(String name, String type) {
        return "OPR_LABEL".equals(type) || "OPR_SIMM16".equals(type) && name.startsWith("S_CALL_");
    }

    /**
     * The VGPR index mode operand, printed {@code gpr_idx(...)}: {@code s_set_gpr_idx_on}'s second operand (the
     * spec's OPR_SIMM4) and {@code s_set_gpr_idx_mode}'s immediate.
     */
    public static boolean gprIdxMode(String name, String type) {
        return type.equals("OPR_SIMM4") && name.equals("S_SET_GPR_IDX_ON")
                || type.equals("OPR_SIMM16") && name.equals("S_SET_GPR_IDX_MODE");
    }

    /** True16 register halves: bit 7 of an 8-bit VGPR field selects the high half in VOP1/VOP2/VOPC encodings. */
    private static String half(Ctx c, String field, int value, String name) {
        int reg = Integer.parseInt(name.substring(1));
        StringBuilder sb = new StringBuilder();
        if (c.vopShort()) {
            Registers.printVgpr16(sb, reg & 127, (reg & 128) != 0);
        } else {
            Registers.printVgpr16(sb, reg, opSelHigh(c, field));
        }
        return sb.toString();
    }

    private static String literal(long value, int size) {
        StringBuilder sb = new StringBuilder();
        SourceOperands.appendHex(sb, size == 16 ? value & 0xffff : value & 0xffffffffL);
        return sb.toString();
    }

    private static boolean image(Ctx c) {
        return c.family.contains("MIMG") || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE");
    }

    private static final int[] DIM_COORDS = {1, 2, 3, 3, 2, 3, 3, 4};

    /**
     * The number of address VGPRs of a GFX10+ image instruction, as LLVM derives it: the coordinates of the
     * dimension plus the instruction's extra arguments (mip level, LOD, bias, compare value, offset, clamp,
     * derivatives), from the instruction name's suffixes.
     */
    static int imageAddressCount(String name, int dim) {
        return imageAddressCount(name, dim, false, true);
    }

    /**
     * The number of address VGPRs as LLVM's {@code getAddrSizeMIMGOp} derives it: the extra arguments (bias,
     * compare value, offset: a dword each), the coordinates of the dimension plus the mip level/LOD/clamp (packed two
     * per dword with A16), and the derivatives (packed, {@code alignTo<2>(gradients / 2)} dwords, for the G16
     * instructions and for A16 on targets without G16 instructions).
     *
     * @param a16 the A16 bit: 16-bit coordinates
     * @param g16Supported whether the target has G16 instructions (gfx1030+); without them A16 packs derivatives too
     */
    public static int imageAddressCount(String name, int dim, boolean a16, boolean g16Supported) {
        int coords = DIM_COORDS[dim & 7];
        if (name.contains("GET_RESINFO")) {
            return 1;
        }
        if (name.endsWith("_BVH_INTERSECT_RAY") || name.endsWith("_BVH64_INTERSECT_RAY")) {
            // Ray intersection: node pointer (one dword, two for BVH64), ray extent, origin (3), direction (3) and
            // inverse direction (3); A16 packs the two directions into three dwords (LLVM's BVH address sizes:
            // image_bvh_intersect_ray v[4:7], v[9:19] / v[9:16] ... a16).
            int node = name.contains("_BVH64") ? 2 : 1;
            return node + 4 + (a16 ? 3 : 6);
        }
        int components = coords;
        int extra = 0;
        int gradients = 0;
        boolean g16 = false;
        if (name.contains("_MIP")) {
            components++;
        }
        int k = Math.max(name.indexOf("SAMPLE"), name.indexOf("GATHER4"));
        if (k >= 0) {
            // The '_'-separated parts after SAMPLE/GATHER4, read in place (no regex, no split: this runs per image
            // instruction).
            int from = k + (name.startsWith("SAMPLE", k) ? "SAMPLE".length() : "GATHER4".length());
            int grad = (dim & 7) == 2 ? 3 : (dim & 7) == 0 || (dim & 7) == 4 ? 1 : 2;
            while (from <= name.length()) {
                int to = name.indexOf('_', from);
                if (to < 0) {
                    to = name.length();
                }
                if (part(name, from, to, "C") || part(name, from, to, "B") || part(name, from, to, "O")) {
                    extra++;
                } else if (part(name, from, to, "L") || part(name, from, to, "CL")) {
                    components++;
                } else if (part(name, from, to, "D") || part(name, from, to, "CD")) {
                    gradients = 2 * grad;
                } else if (part(name, from, to, "G16")) {
                    g16 = true;
                }
                from = to + 1;
            }
        }
        int n = extra + (a16 ? (components + 1) / 2 : components);
        if (gradients > 0) {
            n += a16 && !g16Supported || g16 ? (gradients / 2 + 1) / 2 * 2 : gradients;
        }
        return n;
    }

    /** Whether {@code name} from {@code from} to {@code to} is {@code part}. */
    private static boolean part(String name, int from, int to, String part) {
        return to - from == part.length() && name.startsWith(part, from);
    }

    /** An image address: a register range, or LLVM's NSA list {@code [v1, v4]} of separate registers. */
    private static String imageAddress(Ctx c, String field) {
        int dim = c.has("DIM") ? (int) c.f("DIM") : 0;
        // llvm-mc-22 counts derivatives unpacked with A16 on every GFX10+ target, gfx1010 included (measured:
        // image_sample_d_cl_o ... dim:SQ_RSRC_IMG_2D_ARRAY a16 has 7 addresses on gfx1010 and gfx1030, and a gfx1010
        // NSA word with fewer address bytes than that shows all it has).
        int n = imageAddressCount(c.isa.instructionName(c.v), dim, bit(c, "A16") != 0, true);
        long first = c.f(field);
        boolean nsa = c.family.contains("NSA") || c.kind.equals("NSA") || c.family.equals("VIMAGE") || c.family.equals("VSAMPLE");
        if (!nsa || n == 1) {
            StringBuilder sb = new StringBuilder();
            // Register tuples come in 1..12 and 16 dwords.
            Registers.print(sb, RegisterKind.VGPR, (int) first, n > 12 ? 16 : n);
            return sb.toString();
        }
        // GFX11+ partial NSA: when there are more addresses than address fields, the last field is a register
        // tuple holding the rest.
        int slots = 1;
        while (c.has("ADDR" + slots) || c.has("VADDR" + slots)) {
            slots++;
        }
        boolean partial = n > slots && !c.target.startsWith("gfx10");
        // GFX10 NSA: llvm-mc-22 shows the address fields the word has, even when the instruction needs more.
        int shown = partial ? n : Math.min(n, slots);
        StringBuilder sb = new StringBuilder("[v").append(first);
        for (int i = 1; i < shown; i++) {
            String next = c.has("ADDR" + i) ? "ADDR" + i : "VADDR" + i;
            long reg = c.has(next) ? c.f(next) : 0;
            if (partial && i == slots - 1) {
                sb.append(", ");
                Registers.print(sb, RegisterKind.VGPR, (int) reg, n - i);
                break;
            }
            sb.append(", v").append(reg);
        }
        return sb.append(']').toString();
    }

    /** Memory address operands that LLVM prints as {@code off} or as a 32-bit register. */
    private String addressOperand(Ctx c, String field, int size) {
        if (field == null) {
            return null;
        }
        boolean buffer = c.family.equals("MUBUF") || c.family.equals("MTBUF") || c.family.equals("VBUFFER");
        if (buffer && field.equals("VADDR") && c.has("OFFEN") && c.has("IDXEN")) {
            long n = (c.f("OFFEN") != 0 ? 1 : 0) + (c.f("IDXEN") != 0 ? 1 : 0);
            long reg = c.f("VADDR");
            return n == 0 ? "off" : n == 1 ? "v" + reg : "v[" + reg + ":" + (reg + 1) + "]";
        }
        boolean global = c.family.startsWith("FLAT_GL") || c.family.equals("VGLOBAL")
                || flatSaddr(c); // gfx1250 FLAT addresses like GLOBAL
        boolean scratch = c.family.startsWith("FLAT_SCR") || c.family.equals("VSCRATCH");
        if ((global || scratch) && c.has("SADDR")) {
            long saddr = c.f("SADDR");
            // off: 0x7f, and the dialect's null (GFX10 0x7d, GFX11+ 0x7c). A scratch SADDR takes M0 (GFX10 0x7c,
            // GFX11+ 0x7d), which llvm-mc-22 prints as m0; LLVM's global SADDR class has no M0 (it decodes no such
            // word), where amdisa keeps printing off.
            int m0 = c.llvm.dialect().isGfx11Plus() ? 0x7d : 0x7c;
            boolean saddrOff = saddr == 0x7f
                    || !c.gfx9() && (saddr == 0x7d || saddr == 0x7c) && !(scratch && saddr == m0);
            if (scratch && c.llvm.dialect().isGfx11Plus()) {
                // GFX11+ scratch: only null (0x7c) means no SGPR base; llvm-mc-22 prints 0x7d as m0 and 0x7f as
                // exec_hi (flagged, see llvmInvalidMarker).
                saddrOff = saddr == c.llvm.nullEncoding();
            }
            // GFX10 scratch with SADDR 0x7f reads no VGPR either: gfx1030's ST mode (off, off); gfx1010 has no such
            // mode and llvm-mc-22 prints the SGPR base as exec_hi (flagged, see llvmInvalidMarker).
            boolean gfx10St = scratch && saddr == 0x7f && c.llvm.dialect() == Dialect.GFX10;
            if (field.equals("SADDR")) {
                return gfx10St ? (c.llvm.hasGfx10ScratchStMode() ? "off" : null) : saddrOff ? "off" : null;
            }
            if (field.equals("ADDR") || field.equals("VADDR")) {
                long reg = c.f(field);
                if (gfx10St) {
                    return "off";
                }
                if (scratch) {
                    // GFX10 scratch: SADDR 0x7f is LLVM's ST mode (gfx1030's flat-scratch-st-mode, and the
                    // LDS-DMA loads), no address at all: scratch_load_dword v1, off, off.
                    boolean vaddr = c.has("SVE") && !flatLdsBit(c) ? c.f("SVE") != 0
                            : saddrOff && (c.gfx9() || saddr != 0x7f);
                    return vaddr ? "v" + reg : "off";
                }
                return saddrOff ? "v[" + reg + ":" + (reg + 1) + "]" : "v" + reg;
            }
        }
        return null;
    }

    /**
     * A gfx1250 FLAT word whose encoding has a SADDR field (the FLAT instructions take an SGPR base there, as GLOBAL
     * ones do, see {@link Target#hasFlatSaddr()}).
     */
    private static boolean flatSaddr(Ctx c) {
        return c.llvm.hasFlatSaddr() && (c.family.equals("VFLAT") || c.family.equals("FLAT")) && c.has("SADDR");
    }

    /**
     * The SGPR base of a gfx1250 FLAT word whose spec lists no SADDR operand (LLVM prints it last, after the data:
     * {@code flat_atomic_add_f32 v2, v3, s[2:3]}), or null where SADDR is off or the spec lists the operand.
     */
    private static String flatSaddrOperand(Ctx c) {
        if (!flatSaddr(c) || !hasExplicitOperands(c.isa, c.v)) {
            return null; // (a variant the spec lists without operands prints none)
        }
        for (int i = 0; i < c.isa.operandCount(c.v); i++) {
            if ("SADDR".equals(c.isa.operandField(c.v, i))) {
                return null;
            }
        }
        long saddr = c.f("SADDR");
        if (saddr == 0x7c || saddr == 0x7d || saddr == 0x7f) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        return Registers.printSource(sb, c.llvm, (int) saddr, 2) ? sb.toString() : null;
    }

    private static String smemOffset(Ctx c, long value) {
        if (c.has("IMM") && c.has("SOFFSET_EN")) {
            // GFX9: SOFFSET_EN selects the SOFFSET register (an immediate then prints as offset:0x..), else IMM
            // selects the immediate and !IMM an SGPR number in OFFSET.
            StringBuilder sb = new StringBuilder();
            if (c.f("SOFFSET_EN") != 0) {
                Registers.printScalar(sb, c.llvm, (int) c.f("SOFFSET"), 1);
            } else if (c.f("IMM") != 0) {
                MemoryModifiers.printSmemOffset(sb, MemoryModifiers.signExtend((int) c.f("OFFSET"), 21));
            } else {
                Registers.printScalar(sb, c.llvm, (int) (c.f("OFFSET") & 0x7f), 1);
            }
            return sb.toString();
        }
        if (c.has("IMM") && c.f("IMM") == 0) {
            return "s" + (c.f("OFFSET") & 0x7f);
        }
        if (c.has("SOFFSET") && !c.has("IMM")) {
            long s = c.f("SOFFSET");
            if (s != c.llvm.nullEncoding()) {
                // GFX10+: an SGPR offset, the immediate (if any) follows as offset:0x.. after the operands.
                StringBuilder sb = new StringBuilder();
                Registers.printScalar(sb, c.llvm, (int) s, 1);
                return sb.toString();
            }
        }
        long off = c.has("OFFSET") ? c.f("OFFSET") : c.has("IOFFSET") ? c.f("IOFFSET") : value;
        if (off == 0 && c.has("SOFFSET") && !c.has("IMM") && !c.llvm.dialect().isGfx12Plus()) {
            // GFX10/GFX11: a null SOFFSET with a zero immediate prints as the register (s_load_b32 s5, s[2:3], null).
            return "null";
        }
        StringBuilder sb = new StringBuilder();
        MemoryModifiers.printSmemOffset(sb, MemoryModifiers.signExtend((int) off,
                c.llvm.dialect().isGfx12Plus() ? 24 : 21));
        return sb.toString();
    }

    /** GFX10+ SMEM with an SGPR offset: the immediate offset prints as a modifier. */
    private static void smemImmediate(Ctx c, StringBuilder out) {
        if (c.has("IOFFSET") && c.has("SOFFSET") && c.f("SOFFSET") != c.llvm.nullEncoding()) {
            // GFX12+: the immediate follows an SGPR offset, printed even when zero.
            long off = MemoryModifiers.signExtend((int) c.f("IOFFSET"), 24);
            if (off != 0 || c.llvm.dialect().isGfx12Plus()) {
                out.append(" offset:");
                MemoryModifiers.printSmemOffset(out, off);
            }
            return;
        }
        if (c.has("IMM") && c.has("SOFFSET_EN")) {
            if (c.f("SOFFSET_EN") != 0 && c.f("IMM") != 0 && c.f("OFFSET") != 0) {
                out.append(" offset:");
                MemoryModifiers.printSmemOffset(out, MemoryModifiers.signExtend((int) c.f("OFFSET"), 21));
            }
            return;
        }
        if (c.has("SOFFSET") && !c.has("IMM") && c.has("OFFSET") && c.f("SOFFSET") != c.llvm.nullEncoding()) {
            long off = MemoryModifiers.signExtend((int) c.f("OFFSET"), c.llvm.dialect().isGfx12Plus() ? 24 : 21);
            if (off != 0) {
                out.append(" offset:");
                MemoryModifiers.printSmemOffset(out, off);
            }
        }
    }

    /** Modifiers LLVM prints after the operands. */
    protected void modifiers(Ctx c, StringBuilder out) {
        int form = c.shape.vop3Modifiers;
        if (form == Shape.V3_BITOP3) {
            bitop3(out, bitop3Value(c.has("NEG") ? c.f("NEG") : 0, c.has("ABS") ? c.f("ABS") : 0,
                    c.has("OMOD") ? c.f("OMOD") : 0));
            vop3OpSel(c, out);
            Vop3Modifiers.printClamp(out, c.has("CLAMP") && c.f("CLAMP") != 0);
        } else if (form == Shape.V3_BYTE_SEL) {
            String name = c.isa.instructionName(c.v);
            Vop3Modifiers.printByteSel(out, opSelToByteSel(name, c.has("OP_SEL") ? (int) c.f("OP_SEL") : 0));
            clampOmod(c, out);
        } else if (form == Shape.V3_SCALE_SEL) {
            int opSel = c.has("OP_SEL") ? (int) c.f("OP_SEL") : 0;
            if (opSel != 0) {
                out.append(" scale_sel:").append(opSel);
            }
            clampOmod(c, out);
        } else if (form == Shape.V3_PERMLANE_SWAP) {
            int opSel = c.has("OP_SEL") ? (int) c.f("OP_SEL") : 0;
            if ((opSel & 2) != 0) {
                out.append(" bound_ctrl:1");
            }
            if ((opSel & 1) != 0) {
                out.append(" fi:1");
            }
            clampOmod(c, out);
        } else if (form == Shape.V3_PLAIN) {
            if (c.shape.interpAttr && (c.f("SRC0") & 0x100) != 0) {
                out.append(" high");
            }
            vop3OpSel(c, out);
            clampOmod(c, out);
        } else if (form == Shape.VINTERP_FORM) {
            // LLVM's VINTERP order: clamp, op_sel (GFX12, and GFX11 in its true16 syntax), then the wait counter.
            Vop3Modifiers.printClamp(out, bit(c, "CLAMP") != 0);
            vop3OpSel(c, out);
        }
        if (mfma(c)) {
            boolean f64 = c.llvm.isGfx90aPlus() && c.isa.instructionName(c.v).startsWith("V_MFMA_F64");
            boolean scaled = c.family.equals("VOP3PX2") && c.gfx9() && c.has("X2ENCODING");
            if (scaled) {
                // gfx950's scaled MFMAs: the scale sources' op_sel (when set) and op_sel_hi (always, with a third
                // element 0), as llvm-mc-22 prints them; ABID bit 0 is set in every such word and not printed.
                if (c.f("OP_SEL") != 0) {
                    Vop3Modifiers.printBitArray(out, "op_sel", (int) c.f("OP_SEL"), 3, 0);
                }
                out.append(" op_sel_hi:[").append(c.f("OP_SEL_HI") & 1).append(',')
                        .append(c.f("OP_SEL_HI") >>> 1 & 1).append(",0]");
            }
            for (String f : new String[] {"CBSZ", "ABID", "BLGP"}) {
                if (scaled && f.equals("ABID") && c.f(f) == 1) {
                    continue;
                }
                if (f64 && f.equals("BLGP")) {
                    // The F64 MFMAs (DGEMM) read BLGP as the neg bits of A, B and C: LLVM prints neg:[a,b,c].
                    Vop3Modifiers.printBitArray(out, "neg", (int) bit(c, f), 3, 0);
                } else if (bit(c, f) != 0) {
                    out.append(' ').append(f.toLowerCase(Locale.ROOT)).append(':').append(c.f(f));
                }
            }
        } else if (c.family.equals("VOP3P")) {
            int srcs = 0;
            for (int i = 0; i < c.isa.operandCount(c.v); i++) {
                String f = c.isa.operandField(c.v, i);
                if (f != null && (c.isa.operandFlags(c.v, i) & InstructionSet.IMPLICIT) == 0
                        && (c.isa.operandFlags(c.v, i) & InstructionSet.IN) != 0
                        && sourceField(f)) {
                    srcs++;
                }
            }
            String name = c.isa.instructionName(c.v);
            boolean matrix1250 = c.target.equals("gfx1250") && gfx1250Wmma(name);
            if (matrix1250) {
                gfx1250WmmaModifiers(c, name, out);
            } else if (gfx12IndexKey(c.llvm, name)) {
                int key = (int) bit(c, "OP_SEL") & 3;
                if (key != 0) {
                    out.append(" index_key:").append(key);
                }
            } else if (srcs > 0 && c.has("OP_SEL")) {
                Vop3Modifiers.printBitArray(out, "op_sel", (int) c.f("OP_SEL"), srcs, 0);
            }
            if (matrix1250) {
                // no op_sel_hi: its bits are matrix_b_reuse / matrix_b_fmt (above)
            } else if (srcs > 0 && c.has("OP_SEL_HI") && name.contains("_MIX")) {
                // The mix instructions' op_sel_hi selects f16 sources; LLVM prints it when any bit is set.
                Vop3Modifiers.printBitArray(out, "op_sel_hi", (int) c.f("OP_SEL_HI"), srcs, 0);
            } else if (srcs > 0 && c.has("OP_SEL_HI") && (!noOpSelHi(name)
                    || c.llvm.dialect().isGfx12Plus() && (name.startsWith("V_WMMA") || name.startsWith("V_SWMMAC")))
                    && !(name.startsWith("V_WMMA_F32") && !c.llvm.dialect().isGfx12Plus())) {
                // GFX11's F32-result WMMAs have no op_sel_hi operand in LLVM: llvm-mc-22 decodes the bits and prints
                // nothing (v_wmma_f32_16x16x16_f16 with op_sel_hi 0 prints bare; its assembler writes all ones).
                // The F16/BF16-result ones keep it (v_wmma_bf16_16x16x16_bf16 ... op_sel_hi:[0,0,0]), and so do the
                // GFX12+ integer WMMAs (llvm-mc-22 decodes them only with op_sel_hi all ones and assembles
                // v_wmma_i32_16x16x16_iu4 with the three bits set).
                Vop3Modifiers.printBitArray(out, "op_sel_hi", (int) c.f("OP_SEL_HI"), srcs, -1);
            }
            if (srcs > 0 && !name.contains("_MIX") && !noNegPacked(name)) {
                // Integer packed instructions print their neg bits too (llvm-mc-22 on gfx1100, gfx1200 and gfx1250:
                // v_pk_mul_lo_u16 v1, v2, v3 neg_hi:[1,0], v_dot4_i32_iu8 ... neg_lo:[1,1,0]), except the gfx1250
                // three-source i16/u16 ones (noNegPacked).
                Vop3Modifiers.printBitArray(out, "neg_lo", (int) bit(c, "NEG"), srcs, 0);
                Vop3Modifiers.printBitArray(out, "neg_hi", (int) bit(c, "NEG_HI"), srcs, 0);
            }
            Vop3Modifiers.printClamp(out, bit(c, "CLAMP") != 0);
        }
        switch (c.kind) {
            case "DPP16", "DPP" -> dpp16(c, out);
            case "DPP8" -> {
                int selects = 0;
                for (int i = 0; i < 8; i++) {
                    selects |= (int) (c.f(indexed(LANE_SEL, "LANE_SEL_", i, "")) & 7) << 3 * i;
                }
                Dpp.printDpp8(out.append(' '), selects);
                Dpp.printDpp8Fi(out, c.f("SRC0") == 234);
            }
            case "SDWA" -> sdwa(c, out);
            default -> memory(c, out);
        }
        waits(c, out);
    }

    private static final String[] WAIT_FIELDS = {"WAIT_VDST", "WAIT_VA_VDST", "WAIT_VM_VSRC", "WAIT_EXP"};
    /** {@link #WAIT_FIELDS} lower-cased once (they print on every LDS-direct and VINTERP instruction). */
    private static final String[] WAIT_NAMES = java.util.Arrays.stream(WAIT_FIELDS)
            .map(f -> f.toLowerCase(Locale.ROOT)).toArray(String[]::new);

    /** GFX11+ LDS-direct and VINTERP wait counters, which LLVM always prints. */
    private static void waits(Ctx c, StringBuilder out) {
        if (!c.shape.waits) {
            return;
        }
        for (int i = 0; i < WAIT_FIELDS.length; i++) {
            if (c.has(WAIT_FIELDS[i])) {
                out.append(' ').append(WAIT_NAMES[i]).append(':').append(c.f(WAIT_FIELDS[i]));
            }
        }
    }

    /**
     * VOP3 op_sel, one bit per source, then the destination bit, printed when any is set. In fake16 (LLVM's
     * printPackedModifier for VOP3_OPSEL instructions, 16-bit operands printed as whole registers) compares and
     * VOP1/VOP2/VOPC instructions promoted to VOP3 have none; in real true16 (GFX11's default) every VOP3 prints it
     * beside the v1.h halves, without the destination bit for V_CMPX. Instructions whose op_sel LLVM prints
     * differently (FP8/BF8 conversions' byte select, PERMLANE16's fi/bound_ctrl) are left out.
     */
    private static void vop3OpSel(Ctx c, StringBuilder out) {
        if (!c.has("OP_SEL") || c.f("OP_SEL") == 0 || c.true16() && !c.vop3() && !c.family.equals("VINTERP")) {
            return;
        }
        String name = c.isa.instructionName(c.v);
        if (c.gfx9() && name.contains("_LEGACY_")) {
            return; // GFX9's *_legacy 16-bit VOP3 opcodes keep GFX8's encoding in LLVM: no op_sel operand
        }
        if (permlane16(name)) {
            // V_PERMLANE(X)16(_VAR)_B32: LLVM's op_sel of two elements, its FI and BOUND_CTRL bits (bits 0 and 1),
            // printed when either is set (llvm-mc-22: 0x18 in byte 1 prints op_sel:[1,1], 0x08 op_sel:[1,0]).
            int opSel = (int) c.f("OP_SEL");
            if ((opSel & 3) != 0) {
                out.append(" op_sel:[").append(opSel & 1).append(',').append(opSel >>> 1 & 1).append(']');
            }
            return;
        }
        if (c.gfx9() && gfx940Fp8Pack(name)) {
            // gfx940's V_CVT_PK_FP8/BF8_F32 and V_CVT_SR_FP8/BF8_F32 write one byte (PK: a 16-bit half) of VDST,
            // chosen by the destination bits: LLVM prints op_sel over the two sources and the destination for PK
            // (op_sel:[0,0,1] is bit 3) and over the four bits for SR (op_sel:[0,0,1,1]), measured with llvm-mc-22
            // -mcpu=gfx942 and gfx950.
            int opSel = (int) c.f("OP_SEL");
            out.append(" op_sel:[").append(opSel & 1).append(',').append(opSel >>> 1 & 1).append(',');
            if (name.startsWith("V_CVT_SR_")) {
                out.append(opSel >>> 2 & 1).append(',');
            }
            out.append(opSel >>> 3 & 1).append(']');
            return;
        }
        if (name.contains("PERMLANE") || name.contains("FP8") || name.contains("BF8")) {
            return;
        }
        if (!c.true16() && (name.startsWith("V_CMP")
                || (c.isa.instructionForms(c.v) & InstructionSet.HAS_VOP_SHORT) != 0 && !c.family.equals("VINTERP"))) {
            return; // VOP1/VOP2 instructions promoted to VOP3 have no op_sel operand in LLVM's GFX12 (fake16)
        }
        boolean halves = vop3HalfOperands(c.isa, c.v);
        int sources = vop3Sources(c);
        if (!halves || sources == 0) {
            return;
        }
        int opSel = (int) c.f("OP_SEL");
        out.append(" op_sel:[");
        for (int k = 0; k < sources; k++) {
            out.append(opSel >>> k & 1).append(',');
        }
        if (c.true16() && name.startsWith("V_CMPX")) {
            out.setCharAt(out.length() - 1, ']'); // real true16 prints the halves and op_sel; V_CMPX has no destination
            return;
        }
        out.append(opSel >>> 3 & 1).append(']');
    }

    /**
     * gfx940+'s f32-to-FP8/BF8 packing conversions (V_CVT_PK_FP8/BF8_F32, V_CVT_SR_FP8/BF8_F32), whose op_sel selects
     * the destination byte or half and which LLVM defines without clamp.
     */
    public static boolean gfx940Fp8Pack(String name) {
        return switch (name) {
            case "V_CVT_PK_FP8_F32", "V_CVT_PK_BF8_F32", "V_CVT_SR_FP8_F32", "V_CVT_SR_BF8_F32" -> true;
            default -> false;
        };
    }

    /**
     * V_BITOP3_B16 and V_BITOP3_B32 (gfx950, gfx1250): LLVM's {@code bitop3:N} operand, the 8-bit truth table of the
     * three sources, which the VOP3 word holds in the fields the spec names for source modifiers (bits 0-2 in NEG,
     * 3-5 in ABS, 6-7 in OMOD; the spec lists no such operand). Such an instruction has no neg, abs or omod in LLVM's
     * syntax. Measured bit by bit with llvm-mc-22 -mcpu=gfx950 and gfx1250.
     */
    public static boolean bitop3(String name) {
        return name.startsWith("V_BITOP3_");
    }

    /** The bitop3 truth table held in a VOP3 word's NEG, ABS and OMOD fields (see {@link #bitop3(String)}). */
    public static int bitop3Value(long neg, long abs, long omod) {
        return (int) ((neg & 7) | (abs & 7) << 3 | (omod & 3) << 6);
    }

    /**
     * Prints {@code bitop3:N} as llvm-mc-22 does: nothing for 0, decimal up to 10, else hex ({@code bitop3:10},
     * {@code bitop3:0xb}, {@code bitop3:0xa1}).
     */
    static void bitop3(StringBuilder out, int value) {
        if (value == 0) {
            return;
        }
        out.append(" bitop3:");
        if (value <= 10) {
            out.append(value);
        } else {
            out.append("0x").append(Integer.toHexString(value));
        }
    }

    /**
     * Whether a VOP3 variant has 16-bit operands (or is V_PK_ASHR*), without which LLVM gives it no op_sel operand
     * (outside the permlane and FP8/BF8 conversions, which have their own): llvm-mc-22 rejects v_add3_u32 v5, v1, v2,
     * v3 op_sel:[1,0,0,0] ("not a valid operand.") on gfx908, gfx1030, gfx1100, gfx1200 and gfx1250.
     */
    public static boolean vop3HalfOperands(InstructionSet isa, int v) {
        if (isa.instructionName(v).contains("ASHR_PK")) {
            return true;
        }
        for (int i = 0; i < isa.operandCount(v); i++) {
            if ((isa.operandFlags(v, i) & InstructionSet.IMPLICIT) == 0 && isa.operandField(v, i) != null
                    && isa.operandSize(v, i) == 16) {
                return true;
            }
        }
        return false;
    }

    /**
     * The packed f32 VOP3P instructions (V_PK_FMA_F32, V_PK_MUL_F32, V_PK_ADD_F32; gfx90a and later), whose 64-bit
     * operands the reconstructed specs type FMT_NUM_F64 but LLVM reads as two f32 (v2f32): a constant is an f32 one
     * (0x3e22f983 is the inline 0.15915494, 0.1 the 32-bit literal 0x3dcccccd), as llvm-mc-22 shows on gfx90a, gfx950
     * and gfx1250.
     */
    public static boolean packedF32(String name) {
        return name.startsWith("V_PK_") && name.endsWith("_F32");
    }

    /**
     * V_PERMLANE16_SWAP_B32 and V_PERMLANE32_SWAP_B32 (gfx950, gfx1250), whose VOP3 form LLVM gives DPP-style
     * {@code fi:1} (OP_SEL bit 0) and {@code bound_ctrl:1} (OP_SEL bit 1) modifiers and no op_sel, printed bound_ctrl
     * first (llvm-mc-22: byte 1 0x18 is {@code v_permlane16_swap_b32_e64 v1, v2 bound_ctrl:1 fi:1}).
     */
    public static boolean permlaneSwap(String name) {
        return name.startsWith("V_PERMLANE") && name.endsWith("_SWAP_B32");
    }

    /**
     * The GFX12 sparse matrix instructions (V_SWMMAC_* outside {@link #gfx1250Wmma}, on gfx1200 and gfx1250), whose
     * OP_SEL bits LLVM reads as {@code index_key:N} (no op_sel): llvm-mc-22 gives v_swmmac_f32_16x16x32_f16 ... index_key:1
     * byte 1 0x48 and takes index_key 0-1 in wave32 ("out of range index_key" for 2); V_SWMMAC_I32_16X16X64_IU4 has
     * neither.
     */
    public static boolean gfx12IndexKey(Target target, String name) {
        return target.dialect().isGfx12Plus() && name.startsWith("V_SWMMAC_") && !gfx1250Wmma(name);
    }

    /**
     * The GFX12+ FP8/BF8 conversions whose OP_SEL bits LLVM spells {@code byte_sel:N} (0-3): V_CVT_SR_FP8_F32 and
     * V_CVT_SR_BF8_F32 in bits 2-3 (byte_sel:1 sets bit 2), V_CVT_F32_FP8 and V_CVT_F32_BF8 in bits 1 and 0 (byte_sel:1
     * sets bit 1, byte_sel:2 bit 0), measured with llvm-mc-22 -mcpu=gfx1200 and gfx1250; no op_sel.
     */
    public static boolean byteSel(String name) {
        return name.equals("V_CVT_SR_FP8_F32") || name.equals("V_CVT_SR_BF8_F32") || name.equals("V_CVT_F32_FP8")
                || name.equals("V_CVT_F32_BF8");
    }

    /** The OP_SEL bits of {@code byte_sel:b} for a {@link #byteSel(String)} instruction. */
    public static int byteSelToOpSel(String name, int b) {
        return name.startsWith("V_CVT_SR_") ? (b & 3) << 2 : (b & 1) << 1 | (b >>> 1 & 1);
    }

    /** The byte_sel value of a {@link #byteSel(String)} instruction's OP_SEL bits. */
    public static int opSelToByteSel(String name, int opSel) {
        return name.startsWith("V_CVT_SR_") ? opSel >>> 2 & 3 : (opSel >>> 1 & 1) | (opSel & 1) << 1;
    }

    /**
     * The gfx1250 scaled conversions from FP8/BF8/FP6/BF6 (V_CVT_SCALE_PK8_*, V_CVT_SCALE_PK16_*), whose 4-bit OP_SEL
     * field LLVM reads as {@code scale_sel:N} (0-15; llvm-mc-22: scale_sel:5 is byte 1 0x28), with no op_sel.
     */
    public static boolean scaleSel(String name) {
        return name.startsWith("V_CVT_SCALE_PK");
    }

    /**
     * The scaled conversions of gfx950 and gfx1250 (V_CVT_SCALEF32_*, V_CVT_SCALE_PK*), which LLVM defines without
     * clamp, omod and source neg/abs: llvm-mc-22 rejects v_cvt_scalef32_pk_f32_fp4 v[2:3], v2, v3 clamp ("invalid
     * operand for instruction"), v_cvt_scalef32_f16_fp8 v1, v2, v3 mul:2 and v_cvt_scalef32_pk8_fp4_f32 v5,
     * -v[2:9], v10 ("not a valid operand.").
     */
    public static boolean scaledConversion(String name) {
        return name.startsWith("V_CVT_SCALEF32_") || name.startsWith("V_CVT_SCALE_PK");
    }

    /** V_PERMLANE16_B32, V_PERMLANEX16_B32 and their _VAR forms, whose FI and BOUND_CTRL LLVM spells as op_sel. */
    public static boolean permlane16(String name) {
        return name.startsWith("V_PERMLANE") && name.contains("16_") && !name.contains("SWAP");
    }

    /** The number of VOP3 sources op_sel has bits for: the highest SRCn operand, or the count of source operands. */
    private static int vop3Sources(Ctx c) {
        int sources = 0;
        int sourceOperands = 0;
        for (int i = 0; i < c.isa.operandCount(c.v); i++) {
            int flags = c.isa.operandFlags(c.v, i);
            String f = c.isa.operandField(c.v, i);
            if ((flags & InstructionSet.IMPLICIT) != 0 || f == null) {
                continue;
            }
            if ((flags & InstructionSet.IN) != 0 && f.length() == 4 && f.startsWith("SRC") && f.charAt(3) >= '0' && f.charAt(3) <= '2') {
                sources = Math.max(sources, f.charAt(3) - '0' + 1);
                sourceOperands++;
            } else if ((flags & InstructionSet.IN) != 0 && f.startsWith("LITERAL")) {
                sourceOperands++; // a literal stands in for a source field (SRC2 of v_mad_i16 v5, s1, v2, 0x1234)
            }
        }
        return Math.min(3, Math.max(sources, sourceOperands));
    }

    /**
     * The matrix instructions new in gfx1250 (V_WMMA_F32_16X16X4_F32, the 16x16x32 F16/BF16, 16x16x64 and 16x16x128
     * WMMAs and SWMMACs, the F8F6F4 WMMA), whose OP_SEL/OP_SEL_HI bits llvm-mc-22 reads as index_key,
     * matrix_a_reuse, matrix_b_reuse or, for F8F6F4, matrix_a_fmt and matrix_b_fmt. The GFX12 WMMAs the gfx1250 spec
     * also lists keep GFX12's syntax.
     */
    public static boolean gfx1250Wmma(String name) {
        return (name.startsWith("V_WMMA_") || name.startsWith("V_SWMMAC_")) && GFX1250_WMMA.matcher(name).matches();
    }

    private static final java.util.regex.Pattern GFX1250_WMMA = java.util.regex.Pattern.compile(
            "V_WMMA_F32_16X16X4_F32|V_WMMA_\\w+_16X16X32_(F16|BF16)|V_WMMA_\\w+_16X16X64_\\w+"
                    + "|V_WMMA_\\w+_F8F6F4|V_SWMMAC_\\w+_16X16X64_(F16|BF16)|V_SWMMAC_\\w+_16X16X128_\\w+");

    /** The F8F6F4 matrix format names of llvm-mc-22 (0, FP8, is the default and not printed). */
    private static final String[] MATRIX_FMT = {null, "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6",
        "MATRIX_FMT_FP4"};

    /**
     * gfx1250 matrix modifiers in llvm-mc-22's order: F8F6F4 matrix_a_fmt (OP_SEL) and matrix_b_fmt (OP_SEL_HI);
     * the others index_key (SWMMAC, OP_SEL bits 0-1), matrix_a_reuse (OP_SEL bit 2), matrix_b_reuse (OP_SEL_HI
     * bit 2, word bit 14), checked bit by bit with llvm-mc-22 -mcpu=gfx1250. neg_lo/neg_hi and clamp follow.
     */
    private static void gfx1250WmmaModifiers(Ctx c, String name, StringBuilder out) {
        int opSel = (int) bit(c, "OP_SEL");
        int opSelHi = (int) bit(c, "OP_SEL_HI");
        if (name.endsWith("_F8F6F4")) {
            matrixFormat(out, "matrix_a_fmt", opSel & 7);
            matrixFormat(out, "matrix_b_fmt", opSelHi & 7);
            return;
        }
        if (name.startsWith("V_SWMMAC") && (opSel & 3) != 0) {
            out.append(" index_key:").append(opSel & 3);
        }
        if ((opSel & 4) != 0) {
            out.append(" matrix_a_reuse");
        }
        if ((opSelHi & 4) != 0) {
            out.append(" matrix_b_reuse");
        }
    }

    private static void matrixFormat(StringBuilder out, String name, int fmt) {
        if (fmt != 0) {
            out.append(' ').append(name).append(':');
            if (fmt < MATRIX_FMT.length) {
                out.append(MATRIX_FMT[fmt]);
            } else {
                out.append(fmt);
            }
        }
    }

    /** Registers of an F8F6F4 matrix source as its format needs them: FP6/BF6 12, FP4 8, the others 16. */
    public static int f8f6f4MatrixBits(int fmt) {
        return fmt == 2 || fmt == 3 ? 384 : fmt == 4 ? 256 : 512;
    }

    /**
     * The gfx1250 three-source integer packed instructions (v_pk_add_max/add_min/max3/min3 on i16/u16), which
     * llvm-mc-22 defines without neg modifiers: it prints none for a word with the NEG/NEG_HI bits set.
     */
    private static boolean noNegPacked(String name) {
        return name.startsWith("V_PK_") && (name.endsWith("_I16") || name.endsWith("_U16"))
                && (name.startsWith("V_PK_ADD_MAX_") || name.startsWith("V_PK_ADD_MIN_")
                || name.startsWith("V_PK_MAX3_") || name.startsWith("V_PK_MIN3_"));
    }

    private static boolean noOpSelHi(String name) {
        return name.contains("_MIX") || name.contains("ACCVGPR") || name.contains("IU8") || name.contains("IU4") || name.contains("_I32_I8")
                || name.contains("_U32_U8") || name.contains("_I32_I4") || name.contains("_U32_U4");
    }

    private static void clampOmod(Ctx c, StringBuilder out) {
        Vop3Modifiers.printClamp(out, c.has("CLAMP") && c.f("CLAMP") != 0);
        if (c.has("OMOD")) {
            Vop3Modifiers.printOmod(out, (int) c.f("OMOD"));
        }
    }

    private static void dpp16(Ctx c, StringBuilder out) {
        int ctrl = (int) c.f("DPP_CTRL");
        if (c.gfx9() && c.llvm.isGfx90aPlus() && (ctrl < 0x150 || ctrl > 0x15f) && has64BitOperand(c)) {
            // gfx90a+ DPP on 64-bit operands (LLVM's "DP ALU" DPP) has only row_newbcast; LLVM prints its note in
            // place of any other control.
            out.append("  /* DP ALU dpp only supports row_newbcast */");
        } else {
            Dpp.printCtrl(out.append(' '), c.llvm, ctrl);
        }
        Dpp.printMasks(out, (int) c.f("ROW_MASK"), (int) c.f("BANK_MASK"),
                c.has("BOUND_CTRL") && c.f("BOUND_CTRL") != 0, c.has("FI") && c.f("FI") != 0);
    }

    private static boolean has64BitOperand(Ctx c) {
        for (int i = 0; i < c.isa.operandCount(c.v); i++) {
            if ((c.isa.operandFlags(c.v, i) & InstructionSet.IMPLICIT) == 0 && c.isa.operandField(c.v, i) != null
                    && c.isa.operandSize(c.v, i) == 64) {
                return true;
            }
        }
        return false;
    }

    private static void sdwa(Ctx c, StringBuilder out) {
        clampOmod(c, out);
        if (c.has("DST_SEL") && !c.family.equals("VOPC") && !fp8ToF32(c)) {
            sdwaSel(out, "dst_sel", c.f("DST_SEL"));
            if (!Sdwa.printDstUnused(out, (int) c.f("DST_UNUSED") & 3)) {
                out.append(" dst_unused:").append(c.f("DST_UNUSED") & 3);
            }
        }
        sdwaSel(out, "src0_sel", c.f("SRC0_SEL"));
        if (c.has("SRC1_SEL") && !c.family.equals("VOP1")) {
            sdwaSel(out, "src1_sel", c.f("SRC1_SEL"));
        }
    }

    /** gfx940+ FP8/BF8 to F32 conversions: their SDWA form writes whole registers, LLVM prints no dst_sel. */
    private static boolean fp8ToF32(Ctx c) {
        String name = c.isa.instructionName(c.v);
        return c.gfx9() && (name.startsWith("V_CVT_F32_") || name.startsWith("V_CVT_PK_F32_"))
                && (name.endsWith("_FP8") || name.endsWith("_BF8"));
    }

    /** A selector through {@link Sdwa}; the reserved value 7 prints as a number, as before. */
    private static void sdwaSel(StringBuilder out, String name, long sel) {
        if (!Sdwa.printSel(out, name, (int) sel & 7)) {
            out.append(' ').append(name).append(':').append(sel & 7);
        }
    }

    private static void memory(Ctx c, StringBuilder out) {
        switch (c.family) {
            case "MUBUF", "MTBUF" -> {
                // LLVM's order: format, idxen, offen, offset, cache policy.
                if (c.family.equals("MTBUF")) {
                    if (c.has("FORMAT")) {
                        MemoryModifiers.printFormat(out, c.llvm, (int) c.f("FORMAT"));
                    } else if (c.has("DFMT")) {
                        MemoryModifiers.printFormat(out, c.llvm, (int) (c.f("DFMT") | c.f("NFMT") << 4));
                    }
                }
                if (c.has("IDXEN") && c.f("IDXEN") != 0) {
                    out.append(" idxen");
                }
                if (c.has("OFFEN") && c.f("OFFEN") != 0) {
                    out.append(" offen");
                }
                offset(c, out, "OFFSET");
                if (!gfx90aCacheMaintenance(c)) {
                    cacheBits(c, out);
                }
            }
            case "FLAT", "FLAT_GLBL", "FLAT_GLOBAL", "FLAT_SCRATCH", "VFLAT", "VGLOBAL", "VSCRATCH" -> {
                offset(c, out, c.has("IOFFSET") ? "IOFFSET" : "OFFSET");
                scaleOffset(c, out, 16);
                cacheBits(c, out);
                if (flatLdsBit(c) && c.f("SVE") != 0) {
                    out.append(" lds");
                }
            }
            case "DS", "VDS" -> {
                // (VDS: the GFX12+ specs' ENC_VDS, a second DS encoding some of their DS instructions are listed in.)
                String name = c.isa.instructionName(c.v);
                if (name.contains("2ADDR") || name.contains("WRITE2") || name.contains("READ2")
                        || name.contains("STORE_2") || name.contains("LOAD_2") || name.contains("XCHG2")) {
                    if (c.f("OFFSET0") != 0) {
                        out.append(" offset0:").append(c.f("OFFSET0"));
                    }
                    if (c.f("OFFSET1") != 0) {
                        out.append(" offset1:").append(c.f("OFFSET1"));
                    }
                } else {
                    long off = c.f("OFFSET0") | c.f("OFFSET1") << 8;
                    if (off != 0 && name.equals("DS_SWIZZLE_B32")) {
                        swizzle(out.append(" offset:"), (int) off);
                    } else if (off != 0) {
                        out.append(" offset:").append(off);
                    }
                }
                if (c.has("GDS") && c.f("GDS") != 0 && !(c.gfx9() && c.llvm.isGfx90aPlus())) {
                    // gfx90a+ has no GDS: llvm-mc decodes the word and ignores the bit.
                    out.append(" gds");
                }
            }
            case "SMEM" -> {
                String name = c.isa.instructionName(c.v);
                if (smemPrefetch(name) || !hasExplicitOperands(c.isa, c.v)
                        || c.llvm.dialect().isGfx12Plus() && name.startsWith("S_DCACHE")) {
                    // GFX12 prefetches: the immediate offset, SGPR offset and count are all operands; LLVM reads no
                    // th/scope bits (s_prefetch_data_pc_rel 0x100, s5, 7 decodes the same with the scope bits set).
                    // Cache maintenance without operands (s_gl1_inv, s_dcache_inv) prints no offset or policy.
                    break;
                }
                smemImmediate(c, out);
                boolean probe = name.startsWith("S_ATC_PROBE");
                if (!probe) {
                    scaleOffset(c, out, 24); // LLVM's s_atc_probe* take no scale_offset
                }
                if (!smemWithoutPolicy(name)) {
                    // (GFX12's s_atc_probe decodes with th/scope bits set and prints none of them; GFX10/11 LLVM
                    // decodes no s_atc_probe word with glc or dlc set.)
                    cacheBits(c, out);
                }
            }
            case "VBUFFER" -> {
                if (c.isa.instructionName(c.v).startsWith("TBUFFER") && c.has("FORMAT")) {
                    MemoryModifiers.printFormat(out, c.llvm, (int) c.f("FORMAT"));
                }
                if (c.has("IDXEN") && c.f("IDXEN") != 0) {
                    out.append(" idxen");
                }
                if (c.has("OFFEN") && c.f("OFFEN") != 0) {
                    out.append(" offen");
                }
                offset(c, out, "IOFFSET");
                cacheBits(c, out);
            }
            default -> {
                if (image(c)) {
                    imageModifiers(c, out);
                }
            }
        }
    }

    /**
     * A ds_swizzle offset as LLVM's printSwizzle spells it: rotate and FFT modes (0xC000 and up), quad_perm
     * (0x80xx), the bitmask modes (bit 15 clear: and/or/xor masks of 5 bits, shown as SWAP, REVERSE, BROADCAST or
     * BITMASK_PERM), otherwise the number.
     */
    static void swizzle(StringBuilder out, int imm) {
        if (imm >= 0xe000) {
            out.append("swizzle(FFT,").append(imm & 0x1f).append(')');
        } else if (imm >= 0xc000) {
            out.append("swizzle(ROTATE,").append(imm >> 10 & 1).append(',').append(imm >> 5 & 0x1f).append(')');
        } else if ((imm & 0xff00) == 0x8000) {
            out.append("swizzle(QUAD_PERM");
            for (int i = 0; i < 4; i++) {
                out.append(',').append(imm >> 2 * i & 3);
            }
            out.append(')');
        } else if ((imm & 0x8000) == 0) {
            int and = imm & 0x1f;
            int or = imm >> 5 & 0x1f;
            int xor = imm >> 10 & 0x1f;
            int group = 0x1f - and + 1;
            if (and == 0x1f && or == 0 && Integer.bitCount(xor) == 1) {
                out.append("swizzle(SWAP,").append(xor).append(')');
            } else if (and == 0x1f && or == 0 && xor > 0 && Integer.bitCount(xor + 1) == 1) {
                out.append("swizzle(REVERSE,").append(xor + 1).append(')');
            } else if (group > 1 && Integer.bitCount(group) == 1 && or < group && xor == 0) {
                out.append("swizzle(BROADCAST,").append(group).append(',').append(or).append(')');
            } else {
                int probe0 = or ^ xor;
                int probe1 = (0x1f & and | or) ^ xor;
                out.append("swizzle(BITMASK_PERM,\"");
                for (int mask = 0x10; mask > 0; mask >>= 1) {
                    int p0 = probe0 & mask;
                    int p1 = probe1 & mask;
                    out.append(p0 == p1 ? (p0 == 0 ? '0' : '1') : p0 == 0 ? 'p' : 'i');
                }
                out.append("\")");
            }
        } else {
            out.append(imm);
        }
    }

    /**
     * gfx1250's scale_offset bit (the offset is scaled by the access size), which LLVM prints after the offset: bit 48
     * of VFLAT/VGLOBAL/VSCRATCH words and bit 56 of SMEM words (bit {@code dword1Bit} of the second dword), read
     * from the word where the spec names no SCALE_OFFSET field.
     */
    private static void scaleOffset(Ctx c, StringBuilder out, int dword1Bit) {
        if (c.has("SCALE_OFFSET")) {
            MemoryModifiers.printFlag(out, "scale_offset", c.f("SCALE_OFFSET") != 0);
        } else if (c.target.equals("gfx1250") && c.o + 1 < c.w.length) {
            MemoryModifiers.printFlag(out, "scale_offset", (c.w[c.o + 1] >>> dword1Bit & 1) != 0);
        }
    }

    private static void offset(Ctx c, StringBuilder out, String field) {
        if (!c.has(field)) {
            return;
        }
        long off = c.f(field);
        int bits = signedOffsetBits(c, field);
        MemoryModifiers.printOffset(out, bits > 0 ? MemoryModifiers.signExtend((int) off, bits) : (int) off);
    }

    /**
     * The width of a signed memory offset, or 0 for an unsigned one (measured with llvm-mc-22): FLAT global and
     * scratch offsets are signed, 13 bits on GFX9 and GFX11, 12 bits on GFX10, 24 bits on GFX12+, where plain FLAT
     * and VBUFFER offsets are signed too; MUBUF, MTBUF and DS offsets are unsigned.
     */
    private static int signedOffsetBits(Ctx c, String field) {
        boolean segment = c.family.startsWith("FLAT_GL") || c.family.startsWith("FLAT_SCR")
                || c.family.equals("VGLOBAL") || c.family.equals("VSCRATCH");
        Dialect d = c.llvm.dialect();
        if (d.isGfx12Plus()) {
            return segment || c.family.equals("VFLAT") || c.family.equals("FLAT") || c.family.equals("VBUFFER")
                    ? 24 : 0;
        }
        if (!segment) {
            return 0;
        }
        return d == Dialect.GFX10 ? 12 : 13;
    }

    /** Cache policy: GFX9-GFX11 bits through {@link MemoryModifiers#printCachePolicy}, GFX12 th/scope/nv. */
    private static void cacheBits(Ctx c, StringBuilder out) {
        if (c.has("TH") || c.has("SCOPE")) {
            String name = c.isa.instructionName(c.v);
            MemoryModifiers.Access access = name.contains("ATOMIC") ? MemoryModifiers.Access.ATOMIC
                    : name.contains("STORE") || name.contains("WRITE") || name.equals("TENSOR_SAVE")
                    ? MemoryModifiers.Access.STORE : MemoryModifiers.Access.LOAD; // tensor_save: th:TH_STORE_*
            MemoryModifiers.printGfx12Policy(out, (int) bit(c, "TH"), (int) bit(c, "SCOPE"), bit(c, "NV") != 0,
                    access);
        } else {
            boolean smem = c.family.equals("SMEM");
            MemoryModifiers.printCachePolicy(out, c.llvm, bit(c, "GLC") != 0 || bit(c, "SC0") != 0,
                    bit(c, "SLC") != 0 || bit(c, "NT") != 0, bit(c, "DLC") != 0,
                    bit(c, "SC1") != 0 || bit(c, "SCC") != 0, smem);
        }
        MemoryModifiers.printFlag(out, "tfe", bit(c, "TFE") != 0);
        MemoryModifiers.printFlag(out, "lds", bit(c, "LDS") != 0);
    }

    /** LLVM's order: dmask, dim, unorm, cache policy, r128, a16, tfe, lwe, da (GFX9), d16. */
    private static void imageModifiers(Ctx c, StringBuilder out) {
        String name = c.isa.instructionName(c.v);
        if ((name.endsWith("_BVH_INTERSECT_RAY") || name.endsWith("_BVH64_INTERSECT_RAY")) && c.has("GLC")) {
            // LLVM's ray intersection instructions take no dmask, dim, unorm or r128 operands (the encoding's fixed
            // DMASK 0xf and R128 bits are not printed): only the cache policy and a16.
            MemoryModifiers.printCachePolicy(out, c.llvm, bit(c, "GLC") != 0, bit(c, "SLC") != 0,
                    bit(c, "DLC") != 0, false, false);
            MemoryModifiers.printFlag(out, "a16", bit(c, "A16") != 0);
            return;
        }
        if (bit(c, "DMASK") != 0) {
            MemoryModifiers.printDmask(out, (int) c.f("DMASK"));
        }
        if (c.has("DIM") && !c.gfx9()) {
            MemoryModifiers.printDim(out, (int) c.f("DIM"));
        }
        MemoryModifiers.printFlag(out, "unorm", bit(c, "UNORM") != 0);
        if (c.has("TH") || c.has("SCOPE")) {
            MemoryModifiers.printGfx12Policy(out, (int) bit(c, "TH"), (int) bit(c, "SCOPE"), bit(c, "NV") != 0,
                    name.contains("ATOMIC") ? MemoryModifiers.Access.ATOMIC : name.contains("STORE")
                            ? MemoryModifiers.Access.STORE : MemoryModifiers.Access.LOAD);
        } else {
            MemoryModifiers.printCachePolicy(out, c.llvm, bit(c, "GLC") != 0, bit(c, "SLC") != 0,
                    bit(c, "DLC") != 0, false, false);
        }
        MemoryModifiers.printFlag(out, "r128", bit(c, "R128") != 0);
        MemoryModifiers.printFlag(out, "a16", bit(c, "A16") != 0);
        MemoryModifiers.printFlag(out, "tfe", bit(c, "TFE") != 0);
        MemoryModifiers.printFlag(out, "lwe", bit(c, "LWE") != 0);
        MemoryModifiers.printFlag(out, "da", bit(c, "DA") != 0); // GFX9: after lwe, as llvm-mc-22 prints it
        MemoryModifiers.printFlag(out, "d16", bit(c, "D16") != 0);
    }

    /**
     * LLVM's SMEM time, probe and cache-maintenance instructions take no glc/dlc (llvm-mc-22 rejects the text and
     * prints none of the bits): S_MEMTIME, S_MEMREALTIME, S_DCACHE_*, S_GL1_INV, S_ATC_PROBE*, S_GET_WAVEID_IN_WORKGROUP.
     */
    static boolean smemWithoutPolicy(String name) {
        return name.startsWith("S_MEMTIME") || name.startsWith("S_MEMREALTIME") || name.startsWith("S_DCACHE")
                || name.equals("S_GL1_INV") || name.startsWith("S_ATC_PROBE") || name.equals("S_GET_WAVEID_IN_WORKGROUP");
    }

    /**
     * gfx90a's BUFFER_WBL2 and BUFFER_INVL2 take no cache policy in LLVM (llvm-mc-22 -mcpu=gfx90a rejects
     * {@code buffer_wbl2 glc} and {@code buffer_wbl2 scc}, and decodes words with the GLC/SLC/SCC bits set as plain
     * {@code buffer_wbl2}); gfx940+ spells the same instructions with sc0/sc1 (buffer_wbl2, buffer_inv), which print.
     */
    static boolean gfx90aCacheMaintenance(Ctx c) {
        if (c.llvm != Target.GFX90A) {
            return false;
        }
        String name = c.isa.instructionName(c.v);
        return name.equals("BUFFER_WBL2") || name.equals("BUFFER_INVL2");
    }

    /** A field's value, or 0 when the encoding has no such field. */
    private static long bit(Ctx c, String field) {
        return c.has(field) ? c.f(field) : 0;
    }

    /** Operand size in bits, lane masks resized to the wave size. */
    protected int operandSize(InstructionSet isa, int variant, int i) {
        int size = isa.operandSize(variant, i);
        if (size == 16 && gfx10AlignSource2(isa, variant, i)) {
            return 32;
        }
        if (laneMask(isa, variant, i)) {
            return waveSize(isa);
        }
        if (mode != null && mode.waveSize() != isa.defaultWaveSize()) {
            Cache c = cache(isa);
            return mode.waveScaledSize(c.target(), isa.instructionName(variant), isa.operandField(variant, i), size);
        }
        return size;
    }

    /** Whether SDWA source {@code field} holds a scalar source code: its S0 (SRC0, VSRC0) or S1 (VSRC1) bit is set. */
    private static boolean sdwaScalar(Ctx c, String field) {
        String s = switch (field) {
            case "SRC0", "VSRC0" -> "S0";
            case "SRC1", "VSRC1" -> "S1";
            default -> null;
        };
        return s != null && c.has(s) && c.f(s) != 0;
    }

    /**
     * Whether operand {@code i} is a lane mask, sized by the wave: an {@code _M64} format, or a compare's 64-bit
     * scalar destination whatever format the spec gives it (SDST, or VOP3's VDST holding an SGPR: the RDNA 1/2
     * reconstructions type V_CMP_TRU_F64's VOP3 VDST as FMT_NUM_F64 where the other compares have FMT_NUM_M64).
     */
    public static boolean laneMask(InstructionSet isa, int variant, int i) {
        if (isa.operandFormat(variant, i).contains("_M64")) {
            return true;
        }
        String field = isa.operandField(variant, i);
        return isa.operandSize(variant, i) == 64 && isa.instructionName(variant).startsWith("V_CMP")
                && ("SDST".equals(field) || "VDST".equals(field) && isa.operandType(variant, i).equals("OPR_SREG"));
    }

    /** {@code v2} of 64 bits -> {@code v[2:3]}; {@code vcc_lo} of 64 bits -> {@code vcc}. */
    public static String registerRange(String name, int sizeBits) {
        if (sizeBits <= 32) {
            return name;
        }
        int count = (sizeBits + 31) / 32;
        if (name.endsWith("_lo") && count == 2) {
            return name.substring(0, name.length() - 3);
        }
        int digits = name.length();
        while (digits > 0 && Character.isDigit(name.charAt(digits - 1))) {
            digits--;
        }
        if (digits == name.length() || digits == 0) {
            return name;
        }
        RegisterKind kind = switch (name.substring(0, digits)) {
            case "v" -> RegisterKind.VGPR;
            case "s" -> RegisterKind.SGPR;
            case "a" -> RegisterKind.AGPR;
            case "ttmp" -> RegisterKind.TTMP;
            default -> null;
        };
        if (kind == null) {
            return name;
        }
        StringBuilder sb = new StringBuilder();
        Registers.print(sb, kind, Integer.parseInt(name.substring(digits)), count);
        return sb.toString();
    }
}
