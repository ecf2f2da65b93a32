package io.github.amdisa.runtime;

import io.github.amdisa.isaxml.Generation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The one place where a disagreement between amdisa and {@code llvm-mc-22} gets its explanation. Every rule names a
 * category and a reason with its evidence (an AMD spec gap of the reconstructed specs, an LLVM quirk, a known
 * amdisa printer gap); the first rule that matches wins. A disagreement no rule explains is {@link #UNEXPLAINED},
 * which {@link LlvmDifferentialTest} counts and fails on.
 */
final class DifferentialClassifier {

    /** The five comparisons of the differential suite. */
    enum Direction {
        /** amdisa's words disassembled by llvm-mc: same instruction (mnemonic without encoding suffix), same length. */
        DECODE("1 llvm decodes"),
        /** amdisa's text assembled by llvm-mc: the same bytes as amdisa's encoding. */
        ASSEMBLE("2 llvm assembles"),
        /** amdisa decodes its words to raw field values and re-encodes them: identical words. */
        ROUND_TRIP("3 round trip"),
        /** amdisa's text equals llvm-mc's (whitespace-normalised), over the words llvm-mc decodes. */
        TEXT("4 text"),
        /** Random words: where llvm-mc decodes the first instruction, amdisa's length and text agree. */
        RANDOM("random words");

        final String title;

        Direction(String title) {
            this.title = title;
        }
    }

    /** One disagreement, with everything a rule may look at. */
    record Case(Generation generation, Direction direction, String instruction, String encoding, String family,
                String kind, String amdisa, String llvm, String bytes, String detail) {

        boolean gfx9() {
            return generation.llvmTarget().startsWith("gfx9");
        }

        String target() {
            return generation.llvmTarget();
        }

        String example() {
            StringBuilder b = new StringBuilder();
            b.append(instruction == null ? "" : instruction + " (" + encoding + "): ");
            b.append("amdisa `").append(amdisa).append('`');
            if (llvm != null) {
                b.append(", llvm `").append(llvm).append('`');
            }
            if (detail != null) {
                b.append(", ").append(detail);
            }
            b.append(" [").append(bytes).append(']');
            return b.toString();
        }
    }

    /** A category: short name and the reason why amdisa and LLVM differ. */
    record Category(String name, String reason) {
    }

    static final Category UNEXPLAINED = new Category("unexplained", "no rule of DifferentialClassifier explains it");

    /**
     * What is known about the whole generation when classifying: the variants ({@code NAME/ENCODING}) no instance of
     * which llvm-mc decodes, the direction-4 category of every word whose text differs and the words whose text
     * agrees (by their bytes).
     */
    record Context(Set<String> llvmDecodesNone, Map<String, Category> textCategories, Set<String> sameText) {
        boolean unknownToLlvm(Case c) {
            return c.instruction() != null && llvmDecodesNone.contains(c.instruction() + "/" + c.encoding());
        }
    }

    private record Rule(Category category, BiPredicate<Case, Context> test) {
    }

    private static boolean detail(Case c, String text) {
        return c.detail() != null && c.detail().contains(text);
    }

    private static boolean llvm(Case c, String text) {
        return c.llvm() != null && c.llvm().contains(text);
    }

    private static boolean name(Case c, String regex) {
        return c.instruction() != null && c.instruction().matches(regex);
    }

    private static boolean family(Case c, String regex) {
        return c.family() != null && c.family().matches(regex);
    }

    private static final List<Rule> RULES = List.of(
            rule("GFX9 VOP3 literal", "The reconstructed CDNA specs list VOP3/VOP3P encodings with a literal dword "
                    + "(VOP3_INST_LITERAL); LLVM's GFX9 targets have no VOP3 literal (FeatureVOP3Literal is GFX10+): "
                    + "llvm-mc-22 rejects the text (\"literal operands are not supported\") and aborts on many of the "
                    + "words, so they are not sent to its disassembler. Spec gap or LLVM gap; AMD's real CDNA files decide.",
                    (c, x) -> !c.generation().llvmTarget().startsWith("gfx1") && family(c, "VOP3.*")
                            && "LITERAL".equals(c.kind())
                            && (detail(c, "not sent") || detail(c, "literal operands are not supported")
                            || c.direction() == Direction.ROUND_TRIP)),
            rule("llvm-mc aborts", "llvm-mc-22 aborts (an assertion in the AMDGPU disassembler) on the word: an LLVM bug.",
                    (c, x) -> detail(c, "llvm-mc crashes")),
            rule("gather4 with d16 and tfe", "LLVM has no gather4 form with both d16 and tfe (three data dwords): "
                    + "llvm-mc-22 rejects image_gather4 v[0:2], ... tfe d16 (\"invalid operand for instruction\"; on "
                    + "gfx908 it also rejects v[0:1]: \"image data size does not match dmask, d16 and tfe\") and "
                    + "decodes such a word without converting it (gfx908: image_gather4 v[0:1], v4, ... dmask:0x1 tfe "
                    + "d16; gfx1200: two data registers and one address register too many, image_gather4 v[0:1], [v1, "
                    + "v2, v0], ... tfe d16) (LLVM gap).",
                    (c, x) -> name(c, "IMAGE_GATHER4.*") && c.amdisa() != null
                            && c.amdisa().matches(".* tfe( .*|$)") && c.amdisa().matches(".* d16( .*|$)")),
            rule("form unknown to LLVM", "The reconstructed spec lists this instruction in this encoding, but llvm-mc-22 "
                    + "decodes no instance of it for the target (e.g. V_READFIRSTLANE_B32 in VOP3: \"e64 variant of this "
                    + "instruction is not supported\"; GWS and other instructions LLVM does not model for the target); "
                    + "every direction of such a variant disagrees.",
                    (c, x) -> x.unknownToLlvm(c) && c.direction() != Direction.ROUND_TRIP),
            rule("LLVM flags the operand invalid", "The spec's operand type admits the value (an SGPR, constant or "
                    + "literal where LLVM's register class allows only a VGPR, an immediate LLVM's operand does not "
                    + "take); llvm-mc-22 prints it with an /*Invalid ...*/ comment (on GFX11+ amdisa prints the same "
                    + "comment where it knows LLVM's class; the rest differ in text) and does not assemble it.",
                    (c, x) -> llvm(c, "/*Invalid") || c.direction() == Direction.ASSEMBLE && c.amdisa() != null
                            && c.amdisa().contains("/*Invalid")
                            || c.direction() == Direction.ASSEMBLE
                            && x.textCategories().containsKey(c.bytes())
                            && x.textCategories().get(c.bytes()).name().equals("LLVM flags the operand invalid")),
            rule("GFX9 NSA image encoding", "The reconstructed CDNA specs list a 12-byte NSA image encoding "
                    + "(MIMG_NSA1); GFX9 has no NSA, nothing in the word tells it from the 8-byte ENC_MIMG, and amdisa "
                    + "and llvm-mc both decode the first 8 bytes as ENC_MIMG (spec gap).",
                    (c, x) -> c.gfx9() && family(c, "MIMG.*") && "NSA".equals(c.kind())
                            || c.gfx9() && c.encoding() != null && c.encoding().startsWith("MIMG_NSA")),
            rule("S_SET_GPR_IDX_ON mode operand", "The spec types S_SET_GPR_IDX_ON's second operand as a source "
                    + "(so a literal form exists) and S_SET_GPR_IDX_MODE's as 16 bits; LLVM models both as a 4-bit mode "
                    + "immediate "
                    + "(spec gap).",
                    (c, x) -> name(c, "S_SET_GPR_IDX_(ON|MODE)")),
            rule("VOP2 SDWA carry-out", "The reconstructed GFX9 spec has an SDWA VOP2 variant with an SDST carry-out "
                    + "field for V_ADD/SUB_CO_U32; GFX9 SDWA VOP2 writes VCC and has no SDST (LLVM decodes no such "
                    + "word or reads the bits as SDWA selects) (spec gap).",
                    (c, x) -> c.encoding() != null && c.encoding().startsWith("VOP2_VOP_SDWA_SDST")),
            rule("constant bus of the variant", "The variant itself needs more scalar values than the target's "
                    + "constant bus carries (e.g. GFX9 V_CNDMASK_B32 e32 with a literal also reads VCC); llvm-mc-22 "
                    + "rejects the text: \"violates constant bus restrictions\" (the spec lists the form).",
                    (c, x) -> detail(c, "constant bus")),
            rule("ds_swizzle BITMASK_PERM is lossy", "amdisa prints DS_SWIZZLE_B32 offsets as LLVM's swizzle(...) "
                    + "macros; a BITMASK_PERM string shows only the effect of the and/or/xor masks per bit, so llvm-mc-22 "
                    + "assembles it to another mask combination with the same effect (LLVM print/parse asymmetry).",
                    (c, x) -> name(c, "DS_SWIZZLE_B32") && c.direction() == Direction.ASSEMBLE && c.amdisa() != null
                            && c.amdisa().contains("swizzle(BITMASK_PERM")),
            rule("interpolation attribute operand", "The reconstructed spec types the attribute of the VOP3 F16 "
                    + "interpolation instructions as a source register; LLVM prints attrN.c and the high modifier "
                    + "from those bits (spec gap).",
                    (c, x) -> name(c, "V_INTERP_.*F16.*") && family(c, "VOP3.*")),
            rule("instruction missing from the spec", "llvm-mc-22 decodes the random word as an instruction or form "
                    + "that the reconstructed spec does not list, so amdisa (which decodes exactly what the XML lists) "
                    + "finds no encoding (spec gap of the reconstruction).",
                    (c, x) -> c.direction() == Direction.RANDOM && detail(c, "only llvm-mc decodes")),
            rule("gfx950 conversions without clamp", "LLVM's gfx950 V_CVT_SR_* and V_CVT_SCALEF32_* take op_sel but no "
                    + "clamp (llvm-mc-22: \"invalid operand for instruction\" for v_cvt_sr_f16_f32 v166, s12, 5 clamp; "
                    + "it decodes no word with the bit set); the spec's ENC_VOP3 gives them the CLAMP bit (spec or LLVM "
                    + "gap).",
                    (c, x) -> c.target().equals("gfx950") && name(c, "V_CVT_SR_.*|V_CVT_SCALEF32_.*")
                            && c.amdisa() != null && c.amdisa().contains(" clamp")),
            rule("integer operand typed as float", "The reconstructed spec gives an integer operand a float data "
                    + "format (the class mask of V_CMP(X)_CLASS_*, the exponent of V_LDEXP_*, the packed FP8/BF8 "
                    + "sources of V_CVT_*_BF8/FP8), so instances carry neg/abs modifiers LLVM does not accept there "
                    + "(spec gap).",
                    (c, x) -> (name(c, "V_CMPX?_CLASS_.*|V_LDEXP_.*|V_CVT_.*_(BF8|FP8).*|V_CVT_PK_F32_(BF8|FP8)|V_CVT_SCALEF32.*|V_TRIG_PREOP.*")
                            // gfx1250 stochastic-rounding conversions: SRC2 is the u32 seed (LLVM prints no
                            // modifier on it), the spec says FMT_NUM_F32.
                            || c.target().equals("gfx1250") && name(c, "V_CVT_SR_PK_(BF16|F16)_F32"))
                            && (c.amdisa() != null && c.amdisa().matches(".*([-|]|neg\\().*") || detail(c, "cannot decode")
                            || detail(c, "not a valid operand"))),
            rule("64-bit DPP controls", "On gfx90a+ LLVM accepts only row_newbcast for DPP of 64-bit (DP ALU) "
                    + "instructions (\"DP ALU dpp only supports row_newbcast\"); the spec lists DPP forms without "
                    + "restricting the control.",
                    (c, x) -> detail(c, "DP ALU dpp") || family(c, "VOP.*") && "DPP".equals(c.kind())
                            && name(c, ".*(F64|B64|I64|U64).*") && c.gfx9()),
            rule("LLVM takes no literal here", "The spec lets this scalar operand be a literal (SOP*_INST_LITERAL); "
                    + "LLVM's operand class for the instruction takes only registers or a small immediate.",
                    (c, x) -> family(c, "SOP.*") && "LITERAL".equals(c.kind())
                            && (detail(c, "invalid operand for instruction") || llvm(c, "/*Invalid"))),
            rule("no _e32 without an LLVM VOP3 form", "amdisa adds _e32 because the spec lists a VOP3 form of the "
                    + "instruction; LLVM has none for the target (e.g. gfx9 V_SWAP_B32) and prints no suffix.",
                    (c, x) -> c.amdisa() != null && c.llvm() != null && c.amdisa().split(" ")[0]
                            .equals(c.llvm().split(" ")[0] + "_e32")),
            rule("S_ENDPGM immediate", "LLVM prints S_ENDPGM's SIMM16 when it is not zero; the spec lists no "
                    + "operand for S_ENDPGM (spec gap; amdisa's printer and assembler now add the immediate, so this "
                    + "only explains a text without it).",
                    (c, x) -> name(c, "S_ENDPGM") && "s_endpgm".equals(c.amdisa()) && llvm(c, "s_endpgm ")),
            rule("GFX12 fake16 VGPR range", "llvm-mc-22 models gfx1200 and gfx1250 16-bit VALU operands as fake16 with the "
                    + "VGPR_32_Lo128 class: a 16-bit operand of a VOP1/VOP2/VOPC(/DPP) word above v127 does not decode "
                    + "(\"operands are not valid for this GPU or mode\" when assembled); the hardware reads bit 7 as "
                    + "the high half (true16). LLVM modelling gap. V_SAT_PK4_* write a 16-bit result: llvm-mc-22 "
                    + "assembles v_sat_pk4_i4_i8 v200, v11 only as _e64.",
                    (c, x) -> (c.target().equals("gfx1250") || c.target().equals("gfx1200"))
                            && family(c, "VOP1|VOP2|VOPC") && name(c, ".*(F16|I16|U16|B16).*|V_SAT_PK4_.*")),
            rule("gfx1250 BF16 clamp", "llvm-mc-22 has no clamp modifier on gfx1250 BF16 VALU instructions: it "
                    + "decodes no word with the CLAMP bit set and rejects the text (LLVM modelling gap).",
                    (c, x) -> c.target().equals("gfx1250") && name(c, ".*BF16.*") && c.amdisa() != null
                            && c.amdisa().contains("clamp")),
            rule("WMMA matrix operands", "LLVM types WMMA/SWMMAC A and B matrices as VGPR tuples; the spec's operand "
                    + "types admit inline constants, SGPRs and (INST_LITERAL) literals (spec gap or LLVM restriction).",
                    (c, x) -> name(c, "V_S?WMMAC?_.*") && (detail(c, "cannot decode") || detail(c, "not a valid")
                            || detail(c, "invalid operand") || llvm(c, "/*Invalid")
                            || c.amdisa() != null && c.amdisa().matches(".*, (0x[0-9a-f]+|-?\\d+(\\.\\d+)?|s\\[.*),.*"))),
            rule("spec lists no operands", "The reconstructed spec lists no operands for this instruction (e.g. the "
                    + "GFX12.5 F64 atomics, S_GET_BARRIER_STATE), so amdisa prints only the mnemonic; llvm-mc-22 "
                    + "knows its operands (spec gap).",
                    (c, x) -> c.amdisa() != null && !c.amdisa().contains(" ")
                            && (detail(c, "too few operands") || c.llvm() != null && c.llvm().contains(" "))
                            // gfx1250 FLAT/GLOBAL load_monitor, prefetch, cluster_load, tensor_save: <Operands/>
                            // in the spec, so amdisa prints only the modifiers after the mnemonic.
                            || c.amdisa() != null && c.llvm() != null && c.amdisa().split(" ").length > 1
                            && c.llvm().split(" ").length > 1 && c.amdisa().split(" ")[1].matches("[a-z_]+:.*")
                            && !c.llvm().split(" ")[1].matches("[a-z_]+:.*")
                            && c.amdisa().split(" ")[0].equals(c.llvm().split(" ")[0])),
            rule("LLVM's own text does not assemble", "amdisa prints exactly llvm-mc-22's text for the word, and "
                    + "llvm-mc-22 rejects that text (e.g. th:0x7, a temporal hint its parser does not accept for the "
                    + "access, or a return atomic without TH_ATOMIC_RETURN): LLVM's printer and parser disagree.",
                    (c, x) -> c.direction() == Direction.ASSEMBLE && x.sameText().contains(c.bytes())
                            && detail(c, "llvm-mc: ")),
            rule("GFX10 NSA dwords the addresses do not fill", "The reconstructed GFX10/GFX11 specs list every image "
                    + "instruction in each NSA encoding (GFX10: one to three address dwords), but no dimension gives this "
                    + "instruction the address count of this variant's dword count (an assembler writes ceil((addresses "
                    + "- 1) / 4) dwords, and NSA only for two or more addresses): llvm-mc-22 reads such a word shorter, or leaves its NSA form unconverted "
                    + "(vdata of one register, all address slots printed). Spec lists forms no assembler produces.",
                    (c, x) -> (c.target().startsWith("gfx10") || c.target().startsWith("gfx11")) && c.encoding() != null
                            && c.encoding().startsWith("MIMG_NSA") && (!nsaDwordsFit(c) || !wordNsaDwordsFit(c))),
            rule("no clamp on GFX11/GFX12 V_DOT2 F16/BF16", "llvm-mc-22 has no clamp on gfx11 and gfx12 "
                    + "V_DOT2_F16_F16, V_DOT2_BF16_BF16 and the gfx12 FP8/BF8 V_DOT4_F32_* (\"invalid operand for "
                    + "instruction\" for the text, and it decodes no word with the CLAMP bit set: on gfx1100, gfx1150 "
                    + "and gfx1200 [0x1b,0x80,0x66,0xd6,0x21,0xb3,0x76,0xc2] is an invalid encoding, the same word "
                    + "without bit 15 is v_dot2_f16_f16 v27.l, v33, -v89, neg(29)); the spec's encoding has the bit "
                    + "(LLVM restriction).",
                    (c, x) -> (c.target().startsWith("gfx12") || c.target().startsWith("gfx11"))
                            && name(c, "V_DOT2_(F16_F16|BF16_BF16)|V_DOT4_F32_(FP8|BF8)_(FP8|BF8)")
                            && c.amdisa() != null && c.amdisa().contains(" clamp")),
            rule("no clamp on GFX12 FP8/FP6/FP4 conversions", "llvm-mc-22 takes no clamp on the gfx1200 FP8/BF8 and "
                    + "the gfx1250 FP8/BF8/FP6/BF6/FP4 conversions (V_CVT_*FP8*, V_CVT_*BF8*, V_CVT_SCALEF32_*: \"invalid "
                    + "operand for instruction\" for v_cvt_f32_fp8_e64 v1, v2 clamp and v_cvt_pk_fp8_f32 v1, v2, v3 clamp "
                    + "on gfx1200, and it decodes no such word with the CLAMP bit set, e.g. [0xf2,0x80,0xed,0xd5,0xbe,0x00,"
                    + "0x00,0x00]); the spec's VOP3 encoding has the CLAMP bit (LLVM restriction).",
                    (c, x) -> c.target().startsWith("gfx12") && name(c, "V_CVT_.*(FP8|BF8|FP6|BF6|FP4).*")
                            && c.amdisa() != null && c.amdisa().contains(" clamp")),
            rule("no _e64 where LLVM prints none", "amdisa adds _e64 because the spec lists a short (VOP1/VOP2) form "
                    + "of the instruction; llvm-mc-22 prints this VOP3 form without a suffix (e.g. gfx1250 "
                    + "v_cvt_pk_f16_fp8).",
                    (c, x) -> c.amdisa() != null && c.llvm() != null && c.amdisa().split(" ")[0]
                            .equals(c.llvm().split(" ")[0] + "_e64")),
            rule("64-bit K constant missing from the spec", "llvm-mc-22 reads a 64-bit K constant after gfx1250 "
                    + "V_FMAMK_F64/V_FMAAK_F64; the reconstructed spec lists them without a literal dword (spec gap).",
                    (c, x) -> name(c, "V_FMA[AM]K_F64") && c.target().equals("gfx1250")),
            rule("literal form of an instruction without a source", "The gfx1250 spec lists a SOP1_INST_LITERAL "
                    + "variant (condition has_lit_0, SSRC0 = 255) for S_GET_PC_I64 and S_GET_SHADER_CYCLES_U64, whose "
                    + "operand list has no source; llvm-mc-22 reads the word as 4 bytes (s_get_pc_i64 s[62:63], "
                    + "re-encoded with SSRC0 = 0) where amdisa, following the spec, reads the literal dword too (spec "
                    + "gap: a literal form of an instruction that reads no source).",
                    (c, x) -> c.target().equals("gfx1250") && family(c, "SOP1") && "LITERAL".equals(c.kind())
                            && detail(c, "length") && c.amdisa() != null && c.amdisa().indexOf(',') < 0),
            rule("s_cmp_*_f16 inline constant printed as its bits", "llvm-mc-22 disassembles a float inline "
                    + "constant of a gfx1250 S_CMP_*_F16 word as its f16 bit pattern (4.0 as 0x4400, as amdisa prints "
                    + "it) and its -show-encoding re-encodes that text with a literal dword (8 bytes), although it "
                    + "assembles s_cmp_lt_f16 s36, 4.0 to the 4-byte [0x24,0xf6,0x51,0xbf] it was given (LLVM "
                    + "print/length quirk; the word itself is 4 bytes).",
                    (c, x) -> name(c, "S_CMP_.*_F16") && detail(c, "length") && c.amdisa() != null
                            && c.amdisa().equals(c.llvm())),
            rule("VOP3PX2 first word", "The gfx1250 spec's ENC_VOP3PX2 (V_WMMA_SCALE*) identifies the 128-bit word "
                    + "by the two ENCODING bytes and the second OP only; its first 64 bits are a VOP3P word whose X2OP "
                    + "LLVM sets to 53 (v_wmma_ld_scale_paired_b32: llvm-mc-22 assembles v_wmma_scale_f32_16x16x128_f8f6f4 "
                    + "... to [0x00,0x00,0x35,0xcc,...]). The instance generator leaves X2OP 0, so the first word is an "
                    + "ordinary VOP3P instruction (v_pk_mad_i16) and both decoders read 8 bytes (spec gap: X2OP is not "
                    + "an identifier field).",
                    (c, x) -> "ENC_VOP3PX2".equals(c.encoding()) && c.amdisa() != null
                            && !c.amdisa().startsWith("v_wmma")),
            rule("gfx1250 WMMA op_sel_hi bits", "llvm-mc-22 decodes a gfx1250 WMMA/SWMMAC word only with bits 59 "
                    + "and 60 (the spec's OP_SEL_HI[1:0]) set and has no syntax for them (checked by hand: "
                    + "v_wmma_f16_16x16x32_f16 with those bits clear is an invalid encoding; its assembler always sets "
                    + "them). The spec leaves the bits free, so an instance with them clear prints like the word with "
                    + "them set and llvm-mc assembles that (spec/LLVM difference; amdisa's assembler sets them too).",
                    (c, x) -> c.target().equals("gfx1250") && c.instruction() != null
                            && io.github.amdisa.runtime.codec.LlvmSyntax.gfx1250Wmma(c.instruction())
                            && c.direction() == Direction.ASSEMBLE && detail(c, "llvm-mc encodes")),
            rule("gfx1250 FP8/BF8 pack DPP control", "llvm-mc-22 misprints the VOP3 DPP control of gfx1250 "
                    + "V_CVT_PK_FP8_F32/V_CVT_PK_BF8_F32 when bit 7 is set: 0xc0 prints as quad_perm:[0,0,0,1], 0xc4 "
                    + "and 0xc5 as /* Invalid dpp_ctrl value */, while its assembler encodes quad_perm:[1,1,0,3] as the "
                    + "0xc5 amdisa decodes (checked by hand; LLVM decoder quirk).",
                    (c, x) -> c.target().equals("gfx1250") && name(c, "V_CVT_PK_(FP8|BF8)_F32")
                            && c.kind() != null && c.kind().startsWith("DPP") && c.amdisa() != null
                            && c.amdisa().contains("quad_perm:") && (llvm(c, "Invalid dpp_ctrl")
                            || c.llvm() != null && c.llvm().contains("quad_perm:"))),
            rule("gfx12 buffer offset bit 23", "The GFX12 specs give the VBUFFER IOFFSET 24 bits, which amdisa prints "
                    + "signed; llvm-mc-22 takes a 23-bit unsigned buffer offset (\"expected a 23-bit unsigned offset for "
                    + "buffer ops\") and decodes no word with bit 23 set (checked on gfx1200 and gfx1250: clearing the "
                    + "bit makes the word decode). Spec/LLVM difference on the field's range.",
                    (c, x) -> c.target().startsWith("gfx12") && family(c, "VBUFFER") && c.amdisa() != null
                            && c.amdisa().contains(" offset:-")),
            rule("prefetch SDATA above 31", "The GFX12 specs type the SDATA field of S_PREFETCH_* / "
                    + "S_BUFFER_PREFETCH_DATA as OPR_SIMM5 in a 7-bit field; llvm-mc-22 decodes only 0..31 there "
                    + "(checked: s_prefetch_inst with SDATA 28 decodes, 32 does not), and the instance generator and "
                    + "random words draw the whole field (generator limitation on a spec operand narrower than its field).",
                    (c, x) -> name(c, "S_(BUFFER_)?PREFETCH_.*") && c.amdisa() != null
                            && c.amdisa().matches("\\S+ [^,]*(, [^,]*)*, (3[2-9]|[4-9]\\d|1[0-2]\\d|0x[0-9a-f]+)( .*)?")),
            rule("packed 2 x 32-bit operand typed 64-bit", "The gfx1250 spec gives V_PK_*_F32 sources FMT_NUM_F64 "
                    + "(the CDNA4 spec: FMT_NUM_PK2_F32) and V_PERM_PK16_*'s 64-bit sources FMT_NUM_B64; LLVM types them "
                    + "as two 32-bit halves and prints the 1/(2*pi) inline constant as the 32-bit 0.15915494, where "
                    + "amdisa, following the format, prints the 64-bit 0.15915494309189532 (spec gap).",
                    (c, x) -> c.target().equals("gfx1250") && c.amdisa() != null && c.llvm() != null
                            && c.amdisa().contains("0.15915494309189532") && !c.llvm().contains("0.15915494309189532")),
            rule("gfx1200 reserved bit printed as scale_offset", "llvm-mc-22 decodes bit 48 (FLAT-family) or 56 "
                    + "(SMEM) of a gfx1200 word as scale_offset, which its own assembler rejects on gfx1200 (\"scale_offset "
                    + "is not supported on this GPU\"); the RDNA4 spec has no such field there (a reserved bit), so "
                    + "amdisa prints nothing for it (LLVM decoder quirk).",
                    (c, x) -> c.target().equals("gfx1200") && llvm(c, " scale_offset") && c.amdisa() != null
                            && !c.amdisa().contains("scale_offset")),
            rule("gfx1250 FLAT SADDR missing from the spec", "llvm-mc-22's gfx1250 FLAT instructions take an SGPR "
                    + "base (SADDR) with a 32-bit VGPR offset, as GLOBAL ones do; the reconstructed gfx1250 spec gives "
                    + "FLAT a 64-bit VADDR and no SADDR operand, so amdisa prints v[n:n+1] (spec gap).",
                    (c, x) -> c.target().equals("gfx1250") && family(c, "VFLAT") && c.amdisa() != null
                            && c.llvm() != null && c.amdisa().matches("flat_\\S+ .*v\\[\\d+:\\d+\\].*")
                            && c.llvm().matches(".*, (s\\[|ttmp\\[|vcc|null|exec).*")),
            rule("MSAA dim on a mip/sample/gather/get_lod image op", "The spec lets DIM take any value on every "
                    + "image instruction; MSAA surfaces have no mip levels and are not sampled, and LLVM's image tables "
                    + "have no address form for a multisample dim on mip, sample, gather or get_lod opcodes: llvm-mc-22 "
                    + "rejects the text (\"image address size does not match dim and a16\", checked by hand on gfx1030 "
                    + "for image_load_mip ... dim:SQ_RSRC_IMG_2D_MSAA_ARRAY) and, decoding, leaves the data and address "
                    + "registers unsized (spec/LLVM difference).",
                    (c, x) -> !c.gfx9() && (family(c, "MIMG.*|VIMAGE|VSAMPLE")
                            || c.encoding() != null && c.encoding().startsWith("MIMG"))
                            && name(c, ".*(_MIP.*|SAMPLE.*|GATHER.*|GET_LOD.*)")
                            && (c.amdisa() != null && c.amdisa().contains("_MSAA")
                                    || c.llvm() != null && c.llvm().contains("_MSAA"))),
            rule("one-source V_CMP_TRU/F", "The reconstructed spec lists one source for some always-true/false "
                    + "compares (V_CMP(X)_TRU_*, V_CMP(X)_F_*); LLVM prints both sources (spec gap).",
                    (c, x) -> name(c, "V_CMPX?_(TRU|T|F)_.*") && c.llvm() != null
                            && c.llvm().split(",").length > (c.amdisa() == null ? 0 : c.amdisa().split(",").length)),
            rule("gfx908 float atomics", "gfx908 has BUFFER/GLOBAL_ATOMIC_ADD_F32 and _PK_ADD_F16 only without "
                    + "return (LLVM: no glc form, VDST ignored); the spec lists them like the other atomics.",
                    (c, x) -> c.target().equals("gfx908") && name(c, "(BUFFER|GLOBAL)_ATOMIC_(ADD_F32|PK_ADD_F16)")),
            rule("16-bit integer float constant", "llvm-mc-22 decodes a float inline constant (0.5 .. 4.0) "
                    + "in a 16-bit integer VALU word as a 16-bit literal and consumes a literal dword "
                    + "the hardware does not read (LLVM decoder quirk).",
                    (c, x) -> name(c, ".*(I16|U16|B16).*") && detail(c, "length")
                            && c.llvm() != null && c.llvm().contains("0x")),
            rule("SOPC F16 float constant", "llvm-mc-22 decodes a float inline constant of the gfx1150+ SOPC "
                    + "S_CMP_*_F16 compares as its 16-bit value and prints it as a literal, which its encoder writes as "
                    + "a literal dword: [0xf2,0x90,0x51,0xbf] (src0 = 242, the inline 1.0) prints s_cmp_lt_f16 0x3c00, 16 "
                    + "with the 8-byte encoding [0xff,0x90,0x51,0xbf,0x00,0x3c,0x00,0x00], while its assembler "
                    + "writes s_cmp_lt_f16 1.0, 16 as the 4-byte word (LLVM decoder quirk; SOP2 s_add_f16 prints 1.0).",
                    (c, x) -> name(c, "S_CMP_.*_F16") && detail(c, "length") && c.llvm() != null
                            && c.llvm().matches("s_cmp_\\S+ (0x[0-9a-f]{4},.*|.*, 0x[0-9a-f]{4})")),
            rule("GFX12 buffer offset bit 23", "The RDNA4 spec gives the VBUFFER offset 24 bits and amdisa prints "
                    + "it signed; llvm-mc-22 takes a 23-bit unsigned buffer offset: it decodes no word with bit 23 "
                    + "set ([..,0x00,0x60,0x2f,0xaf] is an invalid encoding, the same word with 0x2f in the last byte "
                    + "is buffer_atomic_min_u64 ... offset:3092320) and rejects the text (\"expected a 23-bit unsigned "
                    + "offset for buffer ops\") (spec/LLVM difference).",
                    (c, x) -> c.target().startsWith("gfx12") && family(c, "VBUFFER") && (byteAt(c, 11) & 0x80) != 0
                            && (detail(c, "cannot decode") || detail(c, "23-bit unsigned offset"))),
            rule("GFX12 WMMA op_sel_hi", "llvm-mc-22 decodes a gfx12 WMMA/SWMMAC word only with OP_SEL_HI all ones "
                    + "([0x86,0x00,0x54,0xcc,0x4c,0x41,0xf6,0x06], v_swmmac_i32_16x16x32_iu8 with op_sel_hi 0, is an invalid "
                    + "encoding) and prints no op_sel_hi, so the text assembles with the bits set; the spec's VOP3P "
                    + "encoding lets the field take any value (LLVM restriction).",
                    (c, x) -> c.target().equals("gfx1200") && name(c, "V_S?WMMAC?_.*") && family(c, "VOP3P")
                            && ((byteAt(c, 1) & 0x40) == 0 || (byteAt(c, 7) & 0x18) != 0x18)
                            && (detail(c, "cannot decode") || detail(c, "llvm-mc encodes"))),
            rule("GFX11 NSA word LLVM leaves unconverted", "llvm-mc-22 leaves a gfx11 NSA image word in its raw "
                    + "form (two blanks after the mnemonic, vdata of one register, every NSA address slot listed) when "
                    + "the dim and a16 give the instruction fewer addresses than the word's NSA slots: "
                    + "[0x47,0x4d,0x6f,0xf0,0x1a,0xce,0x42,0xa9,0x46,0xc4,0xae,0x0b] (image_sample, 2D, a16: one address "
                    + "dword) prints image_sample  v206, [v26, v70, v196], ...; amdisa prints the addresses the dim needs "
                    + "(LLVM decoder quirk).",
                    (c, x) -> c.target().startsWith("gfx11") && c.encoding() != null
                            && c.encoding().startsWith("MIMG_NSA") && c.llvm() != null && c.llvm().matches("\\S+  .*")),
            rule("prefetch count above 31", "The RDNA4 spec's S_PREFETCH_* and S_BUFFER_PREFETCH_DATA take their "
                    + "count (OPR_SIMM5) from the 7-bit SDATA field; llvm-mc-22 reads 5 bits: it decodes no word "
                    + "with SDATA above 31 and assembles s_prefetch_data_pc_rel 0x100, s5, 32 as count 0 (spec/LLVM "
                    + "difference).",
                    (c, x) -> name(c, "S_(BUFFER_)?PREFETCH_.*")
                            && ((byteAt(c, 0) | byteAt(c, 1) << 8) >>> 6 & 0x7f) > 31),
            rule("MIX DPP control bit 7", "llvm-mc-22 drops bit 7 of DPP_CTRL when it decodes V_FMA_MIXLO_F16 and "
                    + "V_FMA_MIXHI_F16 DPP words on gfx11/gfx12: [..,0x2e,0xbf,0x08,0x1d] prints quad_perm:[3,3,3,0] "
                    + "and re-encodes 0x3f, while its assembler writes quad_perm:[3,3,3,2] as 0xbf and V_FMA_MIX_F32 "
                    + "and V_DOT2_F32_F16 decode 0xbf as [3,3,3,2] (LLVM decoder quirk).",
                    (c, x) -> name(c, "V_FMA_MIX(LO|HI)_F16") && c.kind() != null && c.kind().startsWith("DPP")
                            && !c.kind().equals("DPP8") && (byteAt(c, 9) & 0x80) != 0
                            && c.amdisa() != null && c.llvm() != null
                            && c.amdisa().replaceAll("quad_perm:\\[[0-9,]*\\]|row_\\w+:\\d+", "")
                            .equals(c.llvm().replaceAll("quad_perm:\\[[0-9,]*\\]|row_\\w+:\\d+|/\\* Invalid dpp_ctrl value \\*/", ""))),
            rule("MFMA operands LLVM restricts", "LLVM's MFMA A/B operands take registers (no inline constants "
                    + "on gfx908) and its ENC_VOP3 view of MFMA opcodes differs from the spec's (the spec also lists "
                    + "MFMA opcodes in ENC_VOP3 without cbsz/abid/blgp); gfx940+ F64 MFMA bits that the spec calls "
                    + "BLGP are neg:[...] in LLVM.",
                    (c, x) -> name(c, "V_MFMA_.*|V_SMFMAC_.*") && (c.direction() != Direction.TEXT
                            || family(c, "VOP3|VOP3_SDST_ENC") || llvm(c, "neg:["))),
            rule("V_ACCVGPR source", "The spec types V_ACCVGPR_READ/WRITE/MOV's source as any source; LLVM takes "
                    + "an AGPR (read, mov) or a VGPR (write) only (spec gap).",
                    (c, x) -> name(c, "V_ACCVGPR_(READ|WRITE|MOV).*")),
            rule("gfx908 MUBUF bit 55", "The CDNA1 reconstruction names bit 55 of MUBUF/MTBUF/FLAT ACC (AGPR data, "
                    + "gfx90a+); on gfx908 LLVM reads it as TFE (spec gap).",
                    (c, x) -> c.target().equals("gfx908") && llvm(c, " tfe") && c.amdisa() != null
                            && !c.amdisa().contains(" tfe")),
            rule("LDS DMA form", "LLVM prints the LDS-DMA form of a buffer/global/scratch load (lds bit set) "
                    + "without a VGPR destination; amdisa prints the spec's destination operand (amdisa printer gap).",
                    (c, x) -> llvm(c, " lds") && c.amdisa() != null),
            rule("gfx90a atomic glc with scc", "llvm-mc-22 has no gfx90a+ atomic with both glc (return) and scc/sc1, "
                    + "and no gfx90a floating-point buffer atomic with scc at all: it decodes no such word and drops scc "
                    + "when it assembles the text (LLVM gap; measured with buffer_atomic_add_f32 ... glc slc scc and "
                    + "buffer_atomic_add_f32 v161, off, s[64:67], s63 offset:13 scc, which it encodes without bit 15, "
                    + "while buffer_atomic_add ... scc keeps it).",
                    (c, x) -> c.gfx9() && !c.target().equals("gfx908") && name(c, ".*ATOMIC.*")
                            && c.amdisa() != null && c.amdisa().matches(".* (scc|sc1).*")
                            && (c.amdisa().contains(" glc") || name(c, ".*ATOMIC_(PK_)?(ADD|MIN|MAX)_(F16|BF16|F32|F64)"))),
            rule("no GDS on gfx90a+", "LLVM rejects gds on gfx90a+ (\"gds modifier is not supported on this GPU\"); "
                    + "the reconstructed CDNA specs keep the DS GDS bit (spec gap or LLVM restriction).",
                    (c, x) -> c.gfx9() && !c.target().equals("gfx908") && family(c, "DS") && c.amdisa() != null
                            && c.amdisa().endsWith(" gds")),
            rule("SMEM without cache policy in LLVM", "LLVM's S_ATC_PROBE*, S_MEMTIME, S_MEMREALTIME, S_DCACHE_*, "
                    + "S_GL1_INV and S_GET_WAVEID_IN_WORKGROUP take no glc/dlc; the spec's SMEM encoding gives them the "
                    + "bits, amdisa prints none of them (as llvm-mc-22), so the text does not carry them back; GFX10/11 "
                    + "llvm-mc-22 decodes no s_atc_probe word with glc or dlc set (s_atc_probe 0x56, s[76:77], s24 with "
                    + "bit 13 set: \"invalid instruction encoding\").",
                    (c, x) -> name(c, "S_ATC_PROBE.*|S_MEMTIME|S_MEMREALTIME|S_DCACHE_.*|S_GL1_INV|S_GET_WAVEID_IN_WORKGROUP")
                            && c.amdisa() != null && (c.amdisa().matches(".* (glc|dlc|slc|scc|offset:).*")
                            || detail(c, "llvm-mc cannot decode") || detail(c, "llvm-mc encodes"))),
            rule("VOP3 source types the generator leaves raw", "The spec types this VOP3 source field (9 bits) "
                    + "with a VGPR-only operand type other than OPR_VGPR whose values are register numbers; the "
                    + "instance generator's 256 + index rule covers only OPR_VGPR, so the word reads an SGPR or constant "
                    + "code there (generator limitation).",
                    (c, x) -> name(c, "V_MQSAD_U32_U8|V_QSAD_PK_U16_U8|V_MQSAD_PK_U16_U8")),
            rule("FP8 SDWA without dst_sel", "llvm-mc-22 prints no dst_sel/dst_unused for the SDWA FP8/BF8 "
                    + "conversions (their result is always a whole dword); amdisa prints the fields (printer gap).",
                    (c, x) -> "SDWA".equals(c.kind()) && name(c, "V_CVT_.*(FP8|BF8).*")),
            rule("literal form missing from the spec", "llvm-mc-22 reads a literal dword after this scalar "
                    + "instruction's 255 source; the spec lists no literal variant for it, so amdisa decodes the "
                    + "4-byte form and prints lit(0x0) (spec gap).",
                    (c, x) -> detail(c, "length") && c.amdisa() != null && c.amdisa().contains("lit(0x0)")),
            rule("V_PERMLANE lane selects", "LLVM's V_PERMLANE* take their lane selects (src1, src2) from SGPRs or "
                    + "inline constants, without a literal; the spec lists a literal form (spec gap). (gfx1250's "
                    + "v_permlane_*_b32 do take a literal: llvm-mc-22 assembles v_permlane_bcast_b32 v184, v81, 0x294b, "
                    + "s28, and amdisa prints it without a note.)",
                    (c, x) -> name(c, "V_PERMLANE.*")),
            rule("LIT64 form of a 32-bit operand", "The gfx1250 spec lists a 64-bit-literal (LIT64) variant for "
                    + "instructions whose literal operand LLVM-22 reads as 32 bits: llvm-mc decodes one literal dword "
                    + "where amdisa reads two (spec/LLVM mismatch on which operands take lit64).",
                    (c, x) -> c.encoding() != null && c.encoding().contains("LIT64")
                            && (detail(c, "length") || detail(c, "cannot decode") || detail(c, "llvm-mc"))),
            rule("image registers past v255", "The image data range the DMASK (and TFE, D16) asks for, or the "
                    + "address range, runs past v255; llvm-mc-22 then keeps the register classes of the decoder table "
                    + "entry it matched (v254, v[253:254], even v[255:256] for the same word with other VDATA; with "
                    + "the address at v252 it prints both data and address as two registers: image_gather4_b_cl "
                    + "v[234:235], v[252:253], ... dmask:0x7 tfe on gfx1100, v[234:238], v[16:20] with the address "
                    + "at v16), amdisa prints the computed ranges (outside the register file; measured on gfx908 "
                    + "image_load, gfx1010 image_gather4_b_o with VDATA 0xfc..0xff, gfx1100 image_gather4_b_cl).",
                    (c, x) -> c.amdisa() != null && c.amdisa().matches(
                            "image_\\S+ (\\S+, )?v\\[\\d+:(25[6-9]|2[6-9]\\d)\\].*")),
            rule("TFE data register", "With TFE set LLVM prints one more data register (the status dword); "
                    + "amdisa prints the spec's data operand width (amdisa printer gap outside images).",
                    (c, x) -> llvm(c, " tfe") && c.amdisa() != null && c.amdisa().contains(" tfe")),
            rule("VINTERP true16 halves", "On GFX11 llvm-mc-22 prints the 16-bit VINTERP operands as halves "
                    + "(v1.l); amdisa prints halves only for VOP encodings (amdisa printer gap).",
                    (c, x) -> family(c, "VINTERP") && llvm(c, ".l")),
            rule("VOP3 DPP source LLVM rejects", "The spec's operand type admits an SGPR, inline constant or the "
                    + "literal code in this VOP3 DPP source; the DPP encoding has no literal dword and llvm-mc-22 "
                    + "rejects or misreads the others (\"invalid operand\", \"src1 immediate operand invalid\").",
                    (c, x) -> c.kind() != null && c.kind().startsWith("DPP") && family(c, "VOP3.*")
                            && (detail(c, "invalid operand") || detail(c, "immediate operand invalid")
                            || c.amdisa() != null && c.amdisa().contains("lit(0x0)"))),
            rule("GFX10 atomics without dlc", "llvm-mc-22 has no dlc on GFX10 buffer atomics: it decodes no such "
                    + "word or drops the bit when assembling; the spec's MUBUF encoding has DLC for every opcode.",
                    (c, x) -> c.target().startsWith("gfx10") && name(c, ".*ATOMIC.*") && c.amdisa() != null
                            && c.amdisa().contains(" dlc")),
            rule("generator limitation: operand values", "The spec's operand type for a destination or a buffer "
                    + "descriptor names values that are not valid there (inline-constant codes in a VOP3 compare "
                    + "destination, SGPR quads past s103 on RDNA 1/2); the instance generator draws from those names, "
                    + "so llvm-mc rejects the word (generator limitation, not a codec disagreement).",
                    (c, x) -> c.amdisa() != null && (c.amdisa().matches("v_cmpx?_\\S+ (-?\\d+|0x[0-9a-f]+), .*")
                            || family(c, "MUBUF|MTBUF") && c.amdisa().matches(".*, (0x[0-9a-f]+|\\d+), .*"))),
            rule("64-bit SADDR typed 32 bits", "The reconstructed RDNA 1/2 spec gives the SADDR of some 64-bit "
                    + "global atomics 32 bits, so amdisa prints s12 where LLVM prints s[12:13] (spec gap).",
                    (c, x) -> name(c, "GLOBAL_ATOMIC_.*X2") && c.amdisa() != null && c.amdisa().matches(".*, s\\d+$")),
            rule("VOPD literal of the Y half", "A VOPD word (X :: Y) whose Y half is FMAAK/FMAMK carries a literal "
                    + "dword; the reconstructed spec's literal condition looks only at the X opcode and the SRC0 fields, "
                    + "so amdisa decodes the 8-byte form where llvm-mc-22 reads 12 bytes (spec gap).",
                    (c, x) -> family(c, "VOPD.*") && detail(c, "length") && llvm(c, " :: ")
                            && c.llvm().matches(".*:: v_dual_fma(ak|mk)_f32.*")),
            rule("VOPD pair", "A VOPD word holds two instructions (X :: Y); the reconstructed spec lists only one "
                    + "half's operands and amdisa prints the pair from the OPX/OPY/X/Y fields. What still differs is a "
                    + "VOPD form the spec does not restrict (gfx1250 VOPD3, a literal shared by both halves).",
                    (c, x) -> family(c, "VOPD.*") || llvm(c, " :: ")),
            rule("S_SUBVECTOR_LOOP operands", "The reconstructed spec gives S_SUBVECTOR_LOOP_BEGIN/END no operands "
                    + "(or SOP2 operands); LLVM models them as SOPK with sdst and simm16 (spec gap).",
                    (c, x) -> name(c, "S_SUBVECTOR_LOOP_.*")),
            rule("v_nop VOP3", "llvm-mc-22 prints the VOP3 form of V_NOP as plain v_nop, which assembles to the VOP1 "
                    + "form (an LLVM print/parse asymmetry).",
                    (c, x) -> name(c, "V_NOP") && c.direction() == Direction.ASSEMBLE),
            rule("follows from direction 4", "amdisa's text differs from llvm-mc's for this word (its direction-4 "
                    + "category explains why), so llvm-mc assembles it to other bytes or rejects it.",
                    (c, x) -> c.direction() == Direction.ASSEMBLE && x.textCategories().containsKey(c.bytes())
                            && !unexplained(x.textCategories().get(c.bytes()))),
            rule("LLVM's own text does not round-trip", "amdisa prints exactly llvm-mc-22's text, and llvm-mc-22 "
                    + "assembles that text to other bytes: the word has bits LLVM's syntax does not show (ignored "
                    + "or defaulted fields), so LLVM's print/parse is not a round trip for it.",
                    (c, x) -> c.direction() == Direction.ASSEMBLE && detail(c, "llvm-mc encodes")
                            && x.sameText().contains(c.bytes()))
    );

    private DifferentialClassifier() {
    }

    /** Byte {@code k} of the case's word bytes ({@code 0x..,0x..}), or 0 when there are fewer. */
    private static int byteAt(Case c, int k) {
        String[] b = c.bytes().split(",");
        return k < b.length ? Integer.decode(b[k].trim()) : 0;
    }

    /** Whether some dimension gives a GFX10 MIMG_NSA<k> instruction an address count that needs k NSA dwords. */
    private static boolean nsaDwordsFit(Case c) {
        int dwords = c.encoding().charAt(c.encoding().length() - 1) - '0';
        boolean sampler = c.instruction().contains("SAMPLE") || c.instruction().contains("GATHER4");
        for (int dim = 0; dim < (sampler ? 6 : 8); dim++) {
            int n = io.github.amdisa.runtime.codec.LlvmSyntax.imageAddressCount(c.instruction(), dim, false, true);
            if (n >= 2 && (c.target().startsWith("gfx11") || (n + 2) / 4 == dwords)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this GFX10 MIMG_NSA<k> word's own DIM and A16 bits give the instruction an address count that needs k
     * NSA dwords (a random word may carry a dimension whose count needs fewer or more).
     */
    private static boolean wordNsaDwordsFit(Case c) {
        if (!c.target().startsWith("gfx10")) {
            return true;
        }
        String[] b = c.bytes().replaceAll("[\\[\\]\\s]", "").split(",");
        if (b.length < 8) {
            return true;
        }
        int dword0 = 0;
        int dword1 = 0;
        for (int i = 0; i < 4; i++) {
            dword0 |= Integer.decode(b[i]) << (8 * i);
            dword1 |= Integer.decode(b[4 + i]) << (8 * i);
        }
        int dim = dword0 >>> 3 & 7;
        boolean a16 = (dword1 >>> 30 & 1) != 0;
        int dwords = c.encoding().charAt(c.encoding().length() - 1) - '0';
        int n = io.github.amdisa.runtime.codec.LlvmSyntax.imageAddressCount(c.instruction(), dim, a16, true);
        return n >= 2 && (n + 2) / 4 == dwords;
    }

    static Category classify(Case c, Context context) {
        for (Rule r : RULES) {
            if (r.test.test(c, context)) {
                return r.category;
            }
        }
        String detail = c.detail() == null ? "text" : c.detail().replaceAll("[\\[(0-9].*", "").trim();
        return new Category(UNEXPLAINED.name() + ": " + c.encoding() + ", " + detail, UNEXPLAINED.reason());
    }

    static boolean unexplained(Category c) {
        return c.name().startsWith(UNEXPLAINED.name());
    }

    private static Rule rule(String name, String reason, BiPredicate<Case, Context> test) {
        return new Rule(new Category(name, reason), test);
    }
}
