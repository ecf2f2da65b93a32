package io.github.amdisa.isaxml.model.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.BundledSpecs;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.DefectPolicy;
import io.github.amdisa.isaxml.load.LoadResult;
import io.github.amdisa.isaxml.load.SpecFile;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Encoding conditions: evaluation against instruction words, the XML writer, and the readable form. */
class ConditionExpressionTest {

    /** The bundled RDNA3 spec. It is a reconstruction (not AMD's file); its VOP3 trees copy the real excerpt's. */
    private static IsaSpec rdna3() {
        return BundledSpecs.load(Generation.RDNA3).spec();
    }

    /** A V_BFE_I32 word of {@code encodingName} with the given sources, built field by field. */
    private static int[] vop3Word(Encoding e, long src0, long src1, long src2) {
        int[] words = new int[e.dwordCount()];
        long opcode = rdna3().instruction("V_BFE_I32").orElseThrow().encodings().stream()
                .filter(ie -> ie.encodingName().equals(e.name())).findFirst().orElseThrow().opcode();
        e.field("ENCODING").orElseThrow().insert(words, 0, 0b110101);
        e.field("OP").orElseThrow().insert(words, 0, opcode);
        e.field("VDST").orElseThrow().insert(words, 0, 7);
        e.field("SRC0").orElseThrow().insert(words, 0, src0);
        e.field("SRC1").orElseThrow().insert(words, 0, src1);
        e.field("SRC2").orElseThrow().insert(words, 0, src2);
        assertTrue(e.matches(words, 0), "the word carries " + e.name() + "'s identifier");
        return words;
    }

    private static boolean holds(Encoding e, String condition, int[] words) {
        return ExprEvaluator.holds(e.condition(condition).orElseThrow().expression(), e, words, 0);
    }

    @Test
    void vop3DefaultAndLiteralConditionsOnRdna3() {
        Encoding vop3 = rdna3().encoding("ENC_VOP3").orElseThrow();
        Encoding literal = rdna3().encoding("VOP3_INST_LITERAL").orElseThrow();
        long v1 = 256 + 1;
        long v2 = 256 + 2;
        long v3 = 256 + 3;

        assertTrue(holds(vop3, "default", vop3Word(vop3, v1, v2, v3)), "SRC0 = v1");
        assertFalse(holds(vop3, "default", vop3Word(vop3, 255, v2, v3)), "SRC0 = literal");
        assertFalse(holds(vop3, "default", vop3Word(vop3, 250, v2, v3)), "SRC0 = DPP16 marker");

        assertTrue(holds(literal, "has_lit_0", vop3Word(literal, 255, v2, v3)));
        assertFalse(holds(literal, "has_lit_0", vop3Word(literal, v1, v2, v3)));
        assertFalse(holds(literal, "has_lit_0", vop3Word(literal, 255, 255, v3)), "that is has_lit_0_has_lit_1");
        assertTrue(holds(literal, "has_lit_0_has_lit_1", vop3Word(literal, 255, 255, v3)));
        assertTrue(holds(literal, "has_lit_2", vop3Word(literal, v1, v2, 255)));
    }

    @Test
    void toStringIsReadableInfix() {
        Expr dflt = rdna3().encoding("ENC_VOP3").orElseThrow().condition("default").orElseThrow().expression();
        assertEquals("(((INST.VOP3.SRC0 notin [250, 233, 234, 255]) && (INST.VOP3.SRC1 != 255))"
                + " && (INST.VOP3.SRC2 != 255))", dflt.toString());
        Expr lit0 = rdna3().encoding("VOP3_INST_LITERAL").orElseThrow().condition("has_lit_0").orElseThrow()
                .expression();
        assertEquals("(((INST.VOP3.SRC0 == 255) && (INST.VOP3.SRC1 != 255)) && (INST.VOP3.SRC2 != 255))",
                lit0.toString());
        assertEquals("1", Expr.alwaysTrue().toString());
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void everyConditionPrintsWithoutXmlOrUnknownOperators(Generation g) {
        for (Encoding e : BundledSpecs.load(g).spec().encodings()) {
            for (EncodingCondition c : e.conditions()) {
                String s = c.expression().toString();
                String what = g + " " + e.name() + "/" + c.name() + ": " + s;
                assertFalse(s.contains("<") && !s.contains(" < "), what);
                assertFalse(s.contains("?") || s.contains("op type") || s.isBlank(), what);
                assertEquals(s.chars().filter(ch -> ch == '(').count(), s.chars().filter(ch -> ch == ')').count(),
                        what);
            }
        }
    }

    /**
     * Every condition of every encoding evaluates, without an exception, on a few thousand words: half random, half
     * with each field the condition reads set, by a coin toss, to one of the condition's literals (so that
     * comparisons hit). Each condition that reads fields is seen both true and false: none is unsatisfiable or
     * trivially true in the data.
     */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void everyConditionEvaluatesOnRandomWords(Generation g) {
        Random random = new Random(0x5eed + g.ordinal());
        List<String> oneSided = new ArrayList<>();
        int evaluated = 0;
        for (Encoding e : BundledSpecs.load(g).spec().encodings()) {
            for (EncodingCondition c : e.conditions()) {
                List<Field> fields = referencedFields(c.expression(), e);
                List<Long> literals = literals(c.expression());
                int trueCount = 0;
                int n = 3000;
                for (int i = 0; i < n; i++) {
                    int[] words = new int[e.dwordCount()];
                    for (int w = 0; w < words.length; w++) {
                        words[w] = random.nextInt();
                    }
                    if (i % 2 == 1 && !literals.isEmpty()) {
                        for (Field f : fields) {
                            if (random.nextBoolean()) {
                                f.insert(words, 0, literals.get(random.nextInt(literals.size())));
                            }
                        }
                    }
                    // Total: each evaluation is either true or false, never an exception.
                    if (ExprEvaluator.holds(c.expression(), e, words, 0)) {
                        trueCount++;
                    }
                    evaluated++;
                }
                if (!fields.isEmpty() && (trueCount == 0 || trueCount == n)) {
                    oneSided.add(e.name() + "/" + c.name() + " " + (trueCount == 0 ? "never" : "always") + ": "
                            + c.expression());
                }
            }
        }
        assertEquals(List.of(), oneSided);
        assertTrue(evaluated > 10_000, "evaluated " + evaluated);
    }

    private static List<Field> referencedFields(Expr e, Encoding enc) {
        Set<String> names = new TreeSet<>();
        collectFields(e, names);
        return names.stream().map(n -> enc.field(n).orElseThrow()).toList();
    }

    private static void collectFields(Expr e, Set<String> out) {
        if (e instanceof Expr.Op op) {
            if (op.operator() == Operator.FIELD_DEREF) {
                List<String> path = ExprEvaluator.path(op);
                out.add(path.get(path.size() - 1));
            } else {
                op.operands().forEach(c -> collectFields(c, out));
            }
        }
    }

    private static List<Long> literals(Expr e) {
        Set<Long> out = new TreeSet<>();
        collectLiterals(e, out);
        return List.copyOf(out);
    }

    private static void collectLiterals(Expr e, Set<Long> out) {
        if (e instanceof Expr.Lit lit) {
            out.add(ExprEvaluator.parseLiteral(lit.value()));
        } else if (e instanceof Expr.Op op) {
            op.operands().forEach(c -> collectLiterals(c, out));
        }
    }

    /** CDNA5 condition names join names with {@code &} ({@code has_lit_0&has_lit_1}). */
    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }

    /**
     * {@link ExprXml#write} output, wrapped in a minimal spec (one encoding per original, its conditions only) and
     * read back by the loader with {@link SpecLoader#forFragments()}, gives equal expressions and condition IDs.
     * The compact form is used for half the generations, the indented form for the other half.
     */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void writtenXmlReadsBackToAnEqualExpression(Generation g) throws Exception {
        IsaSpec spec = BundledSpecs.load(g).spec();
        boolean indented = g.ordinal() % 2 == 0;
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Spec>\n"
                + "    <Document>\n        <ReleaseDate>2026-12-02</ReleaseDate>\n"
                + "        <SchemaVersion>" + spec.document().schemaVersion() + "</SchemaVersion>\n    </Document>\n"
                + "    <ISA>\n        <Architecture>\n            <ArchitectureName>" + g.amdName()
                + "</ArchitectureName>\n            <ArchitectureId>" + spec.architecture().id()
                + "</ArchitectureId>\n        </Architecture>\n        <Encodings>\n");
        for (Encoding e : spec.encodings()) {
            xml.append("            <Encoding Order=\"").append(e.order()).append("\">\n")
                    .append("                <EncodingName>").append(e.name()).append("</EncodingName>\n")
                    .append("                <BitCount>").append(e.bitCount()).append("</BitCount>\n")
                    .append("                <EncodingIdentifierMask Radix=\"2\">")
                    .append(e.identifierMask().toBinaryString()).append("</EncodingIdentifierMask>\n")
                    .append("                <EncodingIdentifiers/>\n")
                    .append("                <EncodingConditions>\n");
            for (EncodingCondition c : e.conditions()) {
                xml.append("                    <EncodingCondition>\n")
                        .append("                        <ConditionName>").append(escape(c.name())).append("</ConditionName>\n");
                c.id().ifPresent(id -> xml.append("                        <ConditionId>").append(id)
                        .append("</ConditionId>\n"));
                xml.append("                        <CondtionExpression>")
                        .append(indented ? "\n" + ExprXml.write(c.expression(), 7, 4) + "                        "
                                : ExprXml.write(c.expression()))
                        .append("</CondtionExpression>\n                    </EncodingCondition>\n");
            }
            xml.append("                </EncodingConditions>\n            </Encoding>\n");
        }
        xml.append("        </Encodings>\n    </ISA>\n</Spec>\n");
        byte[] bytes = xml.toString().getBytes(StandardCharsets.UTF_8);
        SpecFile file = new SpecFile("conditions-" + g.fileStem() + ".xml", Optional.empty(),
                () -> new ByteArrayInputStream(bytes));

        LoadResult back = new SpecLoader(DefectPolicy.strict()).forFragments().load(file);
        assertEquals(List.of(), back.problems());
        int compared = 0;
        for (Encoding e : spec.encodings()) {
            Encoding r = back.spec().encoding(e.name()).orElseThrow();
            assertEquals(e.conditions().size(), r.conditions().size(), e.name());
            for (int i = 0; i < e.conditions().size(); i++) {
                EncodingCondition a = e.conditions().get(i);
                EncodingCondition b = r.conditions().get(i);
                assertEquals(a.name(), b.name());
                assertEquals(a.id(), b.id(), e.name() + "/" + a.name());
                assertEquals(a.expression(), b.expression(), e.name() + "/" + a.name());
                compared++;
            }
        }
        assertTrue(compared >= spec.encodings().size(), "compared " + compared);
        if (g == Generation.CDNA5) {
            assertTrue(spec.encodings().stream().flatMap(e -> e.conditions().stream())
                    .allMatch(c -> c.id().isPresent()), "schema 1.2.0 numbers every condition");
        }
    }
}
