package io.github.amdisa.isaxml.load;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.BundledSpecs;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The ten reconstructed specs bundled in the jar load cleanly and hold what their README says. */
class BundledSpecsTest {

    /** One row of the table in {@code isa-xml/specs/reconstructed/README.md}. */
    private record Counts(int instructions, int encodings, int dataFormats, int operandTypes) {
    }

    /**
     * Columns "instructions", "encodings", "data formats" and "operand types" of the quality-gate table in
     * {@code isa-xml/specs/reconstructed/README.md}, copied literally (the "(real)" counts in brackets are AMD's,
     * not the files').
     */
    private static final Map<Generation, Counts> README_TABLE = Map.of(
            Generation.RDNA3_5, new Counts(1225, 47, 46, 29),
            Generation.RDNA4, new Counts(1264, 47, 66, 34),
            Generation.CDNA4, new Counts(1242, 35, 73, 29),
            Generation.RDNA3, new Counts(1152, 47, 46, 29),
            Generation.CDNA3, new Counts(1146, 34, 60, 29),
            Generation.CDNA2, new Counts(1126, 35, 38, 27),
            Generation.CDNA1, new Counts(1203, 37, 37, 27),
            Generation.RDNA2, new Counts(1153, 45, 35, 23),
            Generation.RDNA1, new Counts(1158, 45, 34, 24),
            Generation.CDNA5, new Counts(1310, 45, 61, 32));

    /**
     * Where the README's operand-type count is stale: these three files also define {@code OPR_ATTR} (used by their
     * V_INTERP_* operands, README gate-4 fix (6)), which the table does not count. The data is consistent (every
     * operand type it references is defined); the README row is one short.
     */
    private static final Set<Generation> README_MISSES_OPR_ATTR = Set.of(Generation.CDNA1, Generation.RDNA1,
            Generation.RDNA2);

    @Test
    void theReadmeTableCoversEveryGeneration() {
        assertEquals(Set.of(Generation.values()), README_TABLE.keySet());
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void loadsWithoutErrorsUnderTheDefaultPolicy(Generation g) throws SpecLoadException {
        // A fresh load (not the shared cache), so this test also covers the policy the caller passes.
        LoadResult r = new SpecLoader(DefectPolicy.defaults()).loadBundled(g);
        assertEquals(List.of(), r.problems().stream().filter(p -> p.severity() == Severity.ERROR).toList());
        assertEquals(List.of(), r.warnings(), "the reconstructions are meant to be internally consistent");
        assertEquals("bundled:" + g.specFileName(), r.spec().source());
        assertEquals(64, r.spec().sha256().length());
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void countsMatchTheReadme(Generation g) {
        IsaSpec spec = BundledSpecs.load(g).spec();
        Counts expected = README_TABLE.get(g);
        int operandTypes = spec.operandTypes().size();
        if (README_MISSES_OPR_ATTR.contains(g)) {
            assertTrue(spec.operandType("OPR_ATTR").isPresent(), "OPR_ATTR in " + g);
            operandTypes--;
        }
        int finalOperandTypes = operandTypes;
        assertAll(
                () -> assertEquals(expected.instructions(), spec.instructions().size(), "instructions"),
                () -> assertEquals(expected.encodings(), spec.encodings().size(), "encodings"),
                () -> assertEquals(expected.dataFormats(), spec.dataFormats().size(), "data formats"),
                () -> assertEquals(expected.operandTypes(), finalOperandTypes, "operand types"));
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void headerAndGeneration(Generation g) {
        IsaSpec spec = BundledSpecs.load(g).spec();
        assertEquals(g == Generation.CDNA5 ? "1.2.0" : "1.1.1", spec.document().schemaVersion());
        assertEquals(g == Generation.CDNA5, spec.document().isSchema12OrLater());
        assertEquals("2026-12-02", spec.document().releaseDate());
        assertEquals(g.amdName(), spec.architecture().name());
        assertEquals(g, spec.generation().orElseThrow());
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void vBfeI32IsEverywhere(Generation g) {
        Instruction bfe = BundledSpecs.load(g).spec().instruction("V_BFE_I32").orElseThrow();
        assertTrue(bfe.encodings().stream().anyMatch(e -> e.encodingName().equals("ENC_VOP3")
                && e.conditionName().equals("default")), () -> g + ": " + bfe.encodings());
    }

    /**
     * An independent re-check of the loader's opcode validation: the opcode of every instruction encoding, compared
     * on the OP bits the identifier mask fixes, is the OP value of one of its encoding's identifiers. The OP value
     * is read bit by bit with {@link Bits#bit(int)}, ranges in ascending {@code Order} (lowest = least significant),
     * not through {@link Field#extract}.
     */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void everyOpcodeIsAmongItsEncodingsIdentifiers(Generation g) {
        IsaSpec spec = BundledSpecs.load(g).spec();
        List<String> failures = new ArrayList<>();
        Set<String> withoutOpField = new TreeSet<>();
        int checked = 0;
        for (Instruction in : spec.instructions()) {
            for (InstructionEncoding ie : in.encodings()) {
                Encoding e = spec.encoding(ie.encodingName()).orElseThrow();
                Field op = e.field("OP").orElse(null);
                if (op == null) {
                    withoutOpField.add(e.name());
                    continue;
                }
                long fixed = opBits(op, e.identifierMask());
                assertTrue(fixed != 0, () -> e.name() + ": the identifier mask covers no OP bit");
                boolean found = false;
                for (Bits id : e.identifiers()) {
                    found |= (opBits(op, id) & fixed) == (ie.opcode() & fixed);
                }
                if (!found) {
                    failures.add(in.name() + " " + e.name() + "/" + ie.conditionName() + " opcode " + ie.opcode());
                }
                if (op.width() < 64 && ie.opcode() >>> op.width() != 0) {
                    failures.add(in.name() + " " + e.name() + ": opcode " + ie.opcode() + " wider than OP ("
                            + op.width() + " bits)");
                }
                checked++;
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(checked > 1000, "checked " + checked);
        // Only two kinds of encoding lack an OP field: the dual-issue VOPDXY forms (they carry OPX and OPY, README
        // "Known gaps") and the export encodings (one instruction each, no opcode bits).
        assertTrue(Set.of("VOPDXY", "VOPDXY_INST_LITERAL", "ENC_EXP", "ENC_VEXPORT").containsAll(withoutOpField),
                withoutOpField::toString);
    }

    private static long opBits(Field op, Bits value) {
        long v = 0;
        int shift = 0;
        for (BitRange r : op.ranges().stream().sorted(Comparator.comparingInt(BitRange::order)).toList()) {
            for (int i = 0; i < r.count(); i++) {
                if (value.bit(r.offset() + i)) {
                    v |= 1L << (shift + i);
                }
            }
            shift += r.count();
        }
        return v;
    }
}
