package io.github.amdisa.generator.codec;

import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The encoding variants a spec leaves out although the hardware has them: the one place where the generator adds to
 * what a spec file says. Each overlay is a rule over the spec's own structure (no instruction tables), adds variants
 * only where the spec has none for that instruction and encoding (a spec that lists them is taken as it is), and
 * reports what it added; {@link IsaGenerator} prints the report with the generator's warnings. Evidence for both:
 * llvm-mc-22 decodes the words and the hardware guides document the forms, while AMD's data lists them for a few
 * instructions only.
 *
 * <ul>
 *   <li><b>VOPD literal forms</b> (RDNA 3, 3.5, 4). A VOPD pair carries one literal dword when a source of either
 *       half is 255. The specs list {@code VOPDXY_INST_LITERAL} for FMAAK/FMAMK and, from RDNA 3.5 on, for some X
 *       instructions (MOV, CNDMASK, MUL_DX9_ZERO, ...), while their {@code VOPDXY} condition excludes 255 in both
 *       halves: a pair such as {@code v_dual_add_f32 v255, 0xaf123456, v2 :: v_dual_add_f32 v6, null, v3} matched
 *       no variant. Every VOPD X instruction (opcode within OPX) without them gets the literal variants, one per
 *       {@code F != 255} conjunct of the {@code VOPDXY} condition, under the literal encoding's condition
 *       {@code F == 255} (derived from the conjunct, as {@code has_lit_<k>}, where the literal encoding lacks it,
 *       as RDNA 3's does), and one more for a Y half that always reads the literal ({@code opy_reads_literal}:
 *       OPY is the opcode of an instruction whose literal variant is unconditional, FMAAK/FMAMK), since the decoder
 *       picks the variant by the X opcode; {@code VOPDXY}'s default then excludes those OPY values, as it excludes
 *       255, so the 64-bit and the literal forms never both match a word. The operands follow the spec's own RDNA 3.5/4 literal variants: the spec lists each VOPD
 *       instruction with the Y field names, so a literal in the X half's src0 ({@code SRCX0}) replaces the
 *       instruction's {@code SRCY0} operand with {@code LITERAL}, and a literal in the Y half leaves the X operands as
 *       they are.</li>
 *   <li><b>GFX10 SDWA forms</b> (RDNA 1, 2). The specs list {@code VOP1_VOP_SDWA} for 5 of the 59 VOP1 instructions
 *       that have a DPP16 form, and {@code VOP2_VOP_SDWA} for 2 of 43, although every one of them has the SDWA form
 *       on the hardware except the VOP2 accumulators. Where a spec defines both {@code <E>_VOP_DPP16} and
 *       {@code <E>_VOP_SDWA}, an instruction with a DPP16 variant and no SDWA variant gets one, with the DPP16
 *       variant's operands (both read VSRC0/VSRC1) and opcode, under the SDWA condition the spec's other instructions
 *       use. Left out: the accumulators, whose destination is also a source and which GFX10 has no SDWA form of
 *       (llvm-mc-22 decodes none): by AMD's naming, MAC/FMAC instructions and the {@code DOT<n>C} dot products.</li>
 * </ul>
 */
public final class SpecGapOverlays {

    /** The spec with the overlays applied, and one report line per overlay that added something. */
    public record Result(IsaSpec spec, List<String> report) {
        public Result {
            report = List.copyOf(report);
        }
    }

    private SpecGapOverlays() {
    }

    /** Applies every overlay to {@code spec}; returns {@code spec} itself when none applies. */
    public static Result apply(IsaSpec spec) {
        List<String> report = new ArrayList<>();
        IsaSpec s = vopdLiteralForms(spec, report);
        s = gfx10SdwaForms(s, report);
        return new Result(s, report);
    }

    static final String VOPD = "VOPDXY";
    static final String VOPD_LITERAL = "VOPDXY_INST_LITERAL";

    static IsaSpec vopdLiteralForms(IsaSpec spec, List<String> report) {
        Optional<Encoding> baseEnc = spec.encoding(VOPD);
        Optional<Encoding> litEnc = spec.encoding(VOPD_LITERAL);
        if (baseEnc.isEmpty() || litEnc.isEmpty()) {
            return spec;
        }
        Encoding base = baseEnc.get();
        Encoding lit = litEnc.get();
        Optional<EncodingCondition> baseDefault = base.condition("default");
        if (baseDefault.isEmpty()) {
            return spec;
        }
        List<Expr.Op> conjuncts = new ArrayList<>();
        if (!literalExclusions(baseDefault.get().expression(), conjuncts) || conjuncts.isEmpty()) {
            return spec;
        }
        // One literal condition per conjunct: the literal encoding's own, else derived.
        List<EncodingCondition> litConditions = new ArrayList<>(lit.conditions());
        List<String> conditionNames = new ArrayList<>();
        List<String> conditionFields = new ArrayList<>();
        List<String> derived = new ArrayList<>();
        for (int k = 0; k < conjuncts.size(); k++) {
            Expr.Op ne = conjuncts.get(k);
            Expr.Op eq = new Expr.Op(Operator.EQ.xml(), ne.operands(), ne.type());
            String field = fieldOf(ne);
            EncodingCondition found = null;
            for (EncodingCondition c : lit.conditions()) {
                if (sameTest(c.expression(), eq)) {
                    found = c;
                }
            }
            if (found == null) {
                String name = "has_lit_" + k;
                if (lit.condition(name).isPresent()) {
                    return spec; // a condition of that name that tests something else: leave the spec alone
                }
                found = new EncodingCondition(name, OptionalInt.empty(), eq, baseDefault.get().location());
                litConditions.add(found);
                derived.add(name + " (" + eq + ")");
            }
            conditionNames.add(found.name());
            conditionFields.add(field);
        }
        EncodingCondition baseDefaultOverlaid = null;
        // A Y half that always reads a literal (FMAAK/FMAMK as OPY): the pair carries the literal whatever the X
        // instruction, so the X instruction needs a literal form for those OPY values too.
        List<Long> yLiteral = new ArrayList<>();
        int opyWidth = base.field("OPY").map(Field::width).orElse(0);
        for (Instruction i : spec.instructions()) {
            for (InstructionEncoding e : i.encodings()) {
                if (e.encodingName().equals(VOPD_LITERAL) && unconditional(lit, e) && opyWidth > 0
                        && e.opcode() >>> opyWidth == 0 && !yLiteral.contains(e.opcode())) {
                    yLiteral.add(e.opcode());
                }
            }
        }
        if (!yLiteral.isEmpty()) {
            Expr.Op ne = conjuncts.get(0);
            Expr opy = withLastField(ne.operands().get(0), "OPY");
            Expr test = null;
            for (long op : yLiteral) {
                Expr eq = new Expr.Op(Operator.EQ.xml(), List.of(opy, new Expr.Lit(Long.toString(op),
                        ne.operands().get(1).type())), ne.type());
                test = test == null ? eq : new Expr.Op(Operator.OR.xml(), List.of(test, eq), ne.type());
            }
            String name = "opy_reads_literal";
            if (lit.condition(name).isPresent()) {
                return spec;
            }
            litConditions.add(new EncodingCondition(name, OptionalInt.empty(), test, baseDefault.get().location()));
            // ... and the 64-bit form no longer takes those words, as it takes no word with a 255 source: the two
            // stay disjoint, so a stream decodes the same whether or not the literal dword is there to read.
            Expr excluded = baseDefault.get().expression();
            for (long op : yLiteral) {
                Expr other = new Expr.Op(Operator.NE.xml(), List.of(opy, new Expr.Lit(Long.toString(op),
                        conjuncts.get(0).operands().get(1).type())), conjuncts.get(0).type());
                excluded = new Expr.Op(Operator.AND.xml(), List.of(excluded, other), conjuncts.get(0).type());
            }
            EncodingCondition d = baseDefault.get();
            baseDefaultOverlaid = new EncodingCondition(d.name(), d.id(), excluded, d.location());
            derived.add(VOPD + " default (" + excluded + ")");
            derived.add(name + " (" + test + ")");
            conditionNames.add(name);
            conditionFields.add("OPY");
        }
        int opxWidth = base.field("OPX").map(Field::width).orElse(64);
        List<Instruction> instructions = new ArrayList<>();
        List<String> given = new ArrayList<>();
        for (Instruction i : spec.instructions()) {
            Optional<InstructionEncoding> b = i.encoding(VOPD, "default");
            boolean unconditional = i.encodings().stream().anyMatch(e -> e.encodingName().equals(VOPD_LITERAL)
                    && unconditional(lit, e));
            if (b.isEmpty() || unconditional || opxWidth < 64 && b.get().opcode() >>> opxWidth != 0) {
                instructions.add(i);
                continue;
            }
            List<InstructionEncoding> encodings = new ArrayList<>(i.encodings());
            boolean added = false;
            for (int k = 0; k < conditionNames.size(); k++) {
                if (i.encoding(VOPD_LITERAL, conditionNames.get(k)).isPresent()) {
                    continue;
                }
                InstructionEncoding ie = b.get();
                encodings.add(new InstructionEncoding(VOPD_LITERAL, conditionNames.get(k), OptionalInt.empty(),
                        ie.opcode(), vopdLiteralOperands(ie.operands(), conditionFields.get(k)), ie.location()));
                added = true;
            }
            if (added) {
                given.add(i.name());
                instructions.add(new Instruction(i.name(), i.aliases(), i.description(), i.flags(), encodings,
                        i.group(), i.location()));
            } else {
                instructions.add(i);
            }
        }
        if (given.isEmpty() && derived.isEmpty()) {
            return spec;
        }
        report.add("overlay VOPD literal forms: " + given.size() + " instructions given " + VOPD_LITERAL + " "
                + String.join("/", conditionNames) + " variants the spec lacks (" + String.join(", ", given) + ")"
                + (derived.isEmpty() ? "" : "; conditions derived from " + VOPD + " default: "
                + String.join(", ", derived)));
        List<Encoding> encodings = new ArrayList<>();
        for (Encoding e : spec.encodings()) {
            if (e == lit) {
                encodings.add(new Encoding(e.name(), e.order(), e.bitCount(), e.identifierMask(), e.identifiers(),
                        litConditions, e.description(), e.fields(), e.location()));
            } else if (e == base && baseDefaultOverlaid != null) {
                List<EncodingCondition> conditions = new ArrayList<>();
                for (EncodingCondition c : e.conditions()) {
                    conditions.add(c.name().equals("default") ? baseDefaultOverlaid : c);
                }
                encodings.add(new Encoding(e.name(), e.order(), e.bitCount(), e.identifierMask(), e.identifiers(),
                        conditions, e.description(), e.fields(), e.location()));
            } else {
                encodings.add(e);
            }
        }
        return rebuilt(spec, encodings, instructions);
    }

    /**
     * The operands of a VOPD X instruction's literal variant, from its {@code VOPDXY} operands (listed with the Y
     * field names): a literal in an X-half field ({@code SRCX0}) stands for the operand of its Y-named counterpart
     * ({@code SRCY0}); a literal in a Y-half field belongs to the other instruction of the pair.
     */
    static List<Operand> vopdLiteralOperands(List<Operand> operands, String conditionField) {
        int x = conditionField.indexOf('X');
        if (x < 0) {
            return operands;
        }
        String own = conditionField.substring(0, x) + 'Y' + conditionField.substring(x + 1);
        List<Operand> out = new ArrayList<>();
        for (Operand o : operands) {
            out.add(o.fieldName().filter(own::equals).isPresent()
                    ? new Operand(Optional.of("LITERAL"), o.dataFormat(), o.operandType(), o.size(), o.input(),
                    o.output(), o.implicit(), o.binaryMicrocodeRequired(), o.order(), o.location())
                    : o);
        }
        return out;
    }

    /** Whether variant {@code e} of the literal encoding {@code lit} applies under a trivially true condition. */
    private static boolean unconditional(Encoding lit, InstructionEncoding e) {
        return lit.condition(e.conditionName()).map(c -> ExprCompiler.isTriviallyTrue(c.expression())).orElse(false);
    }

    /** The field reference {@code ref} ({@code INST.VOPDXY.SRCX0}) with its last name replaced by {@code field}. */
    private static Expr withLastField(Expr ref, String field) {
        if (ref instanceof Expr.Op op && op.operator() == Operator.FIELD_DEREF) {
            List<Expr> operands = new ArrayList<>(op.operands());
            operands.set(operands.size() - 1, withLastField(operands.get(operands.size() - 1), field));
            return new Expr.Op(op.kind(), operands, op.type());
        }
        return ref instanceof Expr.Id id ? new Expr.Id(field, id.type()) : ref;
    }

    /** Whether {@code e} is a conjunction of {@code <field> != 255} tests; collects them. */
    private static boolean literalExclusions(Expr e, List<Expr.Op> out) {
        if (!(e instanceof Expr.Op op)) {
            return false;
        }
        if (op.operator() == Operator.AND) {
            return op.operands().stream().allMatch(x -> literalExclusions(x, out));
        }
        if (op.operator() == Operator.NE && op.operands().size() == 2 && fieldOf(op) != null
                && op.operands().get(1) instanceof Expr.Lit l && parses(l.value(), 255)) {
            out.add(op);
            return true;
        }
        return false;
    }

    private static boolean parses(String text, long value) {
        try {
            String t = text.trim().toLowerCase(Locale.ROOT);
            return (t.startsWith("0x") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t)) == value;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The field a comparison {@code <field> op <literal>} tests, or null. */
    private static String fieldOf(Expr.Op op) {
        Expr left = op.operands().get(0);
        if (left instanceof Expr.Op f && f.operator() == Operator.FIELD_DEREF) {
            List<String> path = io.github.amdisa.isaxml.model.expr.ExprEvaluator.path(f);
            return path.get(path.size() - 1);
        }
        return left instanceof Expr.Id id ? id.name() : null;
    }

    /** Whether {@code e} is the comparison {@code want} (same operator, field and value). */
    private static boolean sameTest(Expr e, Expr.Op want) {
        return e instanceof Expr.Op op && op.operator() == want.operator() && op.operands().size() == 2
                && fieldOf(op) != null && fieldOf(op).equals(fieldOf(want))
                && op.operands().get(1) instanceof Expr.Lit l && want.operands().get(1) instanceof Expr.Lit w
                && l.value().equals(w.value());
    }

    static IsaSpec gfx10SdwaForms(IsaSpec spec, List<String> report) {
        List<Instruction> instructions = new ArrayList<>(spec.instructions());
        List<Encoding> encodings = new ArrayList<>(spec.encodings());
        boolean changed = false;
        for (int n = 0; n < encodings.size(); n++) {
            Encoding sdwa = encodings.get(n);
            String name = sdwa.name();
            if (!name.endsWith("_VOP_SDWA")) {
                continue;
            }
            String family = name.substring(0, name.length() - "_VOP_SDWA".length());
            Optional<Encoding> dpp16 = spec.encoding(family + "_VOP_DPP16");
            String condition = sdwaCondition(spec, sdwa);
            Optional<Field> op = CodecModel.opcodeField(sdwa);
            if (dpp16.isEmpty() || condition == null || op.isEmpty() || sdwa.identifiers().isEmpty()) {
                continue;
            }
            List<String> given = new ArrayList<>();
            List<Bits> identifiers = new ArrayList<>(sdwa.identifiers());
            for (int k = 0; k < instructions.size(); k++) {
                Instruction i = instructions.get(k);
                Optional<InstructionEncoding> d = i.encodings().stream()
                        .filter(e -> e.encodingName().equals(dpp16.get().name())).findFirst();
                boolean has = i.encodings().stream().anyMatch(e -> e.encodingName().equals(name));
                if (d.isEmpty() || has || accumulator(i.name()) || !fieldsExist(sdwa, d.get().operands())) {
                    continue;
                }
                Bits id = identifierWithOpcode(sdwa, op.get(), d.get().opcode());
                if (id == null) {
                    continue;
                }
                if (!identifiers.contains(id)) {
                    identifiers.add(id);
                }
                List<InstructionEncoding> variants = new ArrayList<>(i.encodings());
                variants.add(new InstructionEncoding(name, condition, OptionalInt.empty(), d.get().opcode(),
                        d.get().operands(), d.get().location()));
                instructions.set(k, new Instruction(i.name(), i.aliases(), i.description(), i.flags(), variants,
                        i.group(), i.location()));
                given.add(i.name());
            }
            if (!given.isEmpty()) {
                changed = true;
                encodings.set(n, new Encoding(sdwa.name(), sdwa.order(), sdwa.bitCount(), sdwa.identifierMask(),
                        identifiers, sdwa.conditions(), sdwa.description(), sdwa.fields(), sdwa.location()));
                report.add("overlay GFX10 SDWA forms: " + given.size() + " instructions with a " + dpp16.get().name()
                        + " form given the " + name + "/" + condition + " variant the spec lacks ("
                        + String.join(", ", given) + ")");
            }
        }
        return changed ? rebuilt(spec, encodings, instructions) : spec;
    }

    /**
     * The identifier of {@code e} for {@code opcode}: the encoding's first identifier with the opcode bits under
     * the mask replaced (the other identifier bits are the encoding's fixed bits, the same in every identifier); null
     * when the opcode does not fit the field.
     */
    private static Bits identifierWithOpcode(Encoding e, Field op, long opcode) {
        if (op.width() < 64 && opcode >>> op.width() != 0) {
            return null;
        }
        int[] words = e.identifiers().get(0).toDwords();
        int[] mask = e.identifierMask().toDwords();
        int[] opBits = new int[Math.max(words.length, e.dwordCount())];
        op.insert(opBits, 0, -1L);
        int[] value = new int[opBits.length];
        op.insert(value, 0, opcode);
        for (int d = 0; d < words.length; d++) {
            int m = d < mask.length ? mask[d] & opBits[d] : 0;
            words[d] = words[d] & ~m | value[d] & m;
        }
        return Bits.ofDwords(e.identifiers().get(0).width(), words);
    }

    /**
     * The condition the spec's instructions use with {@code sdwa}, if they all use one; else the encoding's only
     * non-trivial condition; else null.
     */
    private static String sdwaCondition(IsaSpec spec, Encoding sdwa) {
        String used = null;
        for (Instruction i : spec.instructions()) {
            for (InstructionEncoding e : i.encodings()) {
                if (e.encodingName().equals(sdwa.name())) {
                    if (used != null && !used.equals(e.conditionName())) {
                        return null;
                    }
                    used = e.conditionName();
                }
            }
        }
        if (used != null) {
            return used;
        }
        List<EncodingCondition> real = sdwa.conditions().stream()
                .filter(c -> !ExprCompiler.isTriviallyTrue(c.expression())).toList();
        return real.size() == 1 ? real.get(0).name() : null;
    }

    /** An accumulating VOP2 instruction by AMD's naming: MAC/FMAC (multiply-accumulate) and DOT<n>C. */
    static boolean accumulator(String name) {
        return name.matches("V_(PK_)?F?MAC_.*") || name.matches("V_DOT\\d+C_.*");
    }

    private static boolean fieldsExist(Encoding e, List<Operand> operands) {
        return operands.stream().allMatch(o -> o.fieldName().map(f -> e.field(f).isPresent()).orElse(true));
    }

    private static IsaSpec rebuilt(IsaSpec spec, List<Encoding> encodings, List<Instruction> instructions) {
        return new IsaSpec(spec.source(), spec.sha256(), spec.document(), spec.architecture(), encodings,
                instructions, spec.dataFormats(), spec.operandTypes(), spec.functionalGroups(),
                spec.functionalSubgroups());
    }
}
