package io.github.amdisa.generator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The spec-gap overlays on the bundled (reconstructed) specs: what they add, that they add nothing a spec already
 * has, and that their VOPD operand rule reproduces the literal variants the RDNA 4 spec itself lists.
 */
class SpecGapOverlaysTest {

    private static IsaSpec bundled(Generation g) throws Exception {
        return new SpecLoader().loadBundled(g).spec();
    }

    private static List<String> operandFields(InstructionEncoding e) {
        return e.operands().stream().map(o -> o.fieldName().orElse("-")).toList();
    }

    @Test
    void vopdOperandRuleReproducesTheSpecsOwnLiteralVariants() throws Exception {
        IsaSpec rdna4 = bundled(Generation.RDNA4);
        int checked = 0;
        for (Instruction i : rdna4.instructions()) {
            Optional<InstructionEncoding> base = i.encoding("VOPDXY", "default");
            for (String[] c : new String[][] {{"has_lit_0", "SRCX0"}, {"has_lit_1", "SRCY0"}}) {
                Optional<InstructionEncoding> own = i.encoding("VOPDXY_INST_LITERAL", c[0]);
                if (base.isPresent() && own.isPresent()) {
                    List<Operand> derived = SpecGapOverlays.vopdLiteralOperands(base.get().operands(), c[1]);
                    assertEquals(operandFields(own.get()), derived.stream()
                            .map(o -> o.fieldName().orElse("-")).toList(), i.name() + " " + c[0]);
                    checked++;
                }
            }
        }
        // MUL_DX9_ZERO, MOV, CNDMASK, MAX_NUM, MIN_NUM, each with both conditions.
        assertEquals(10, checked);
    }

    @Test
    void vopdXInstructionsGetBothLiteralForms() throws Exception {
        for (Generation g : List.of(Generation.RDNA3, Generation.RDNA3_5, Generation.RDNA4)) {
            IsaSpec before = bundled(g);
            SpecGapOverlays.Result r = SpecGapOverlays.apply(before);
            Instruction add = r.spec().instruction("V_DUAL_ADD_F32").orElseThrow();
            InstructionEncoding x = add.encoding("VOPDXY_INST_LITERAL", "has_lit_0").orElseThrow();
            assertEquals(List.of("VDSTY", "LITERAL", "VSRCY1"), operandFields(x), g.name());
            InstructionEncoding y = add.encoding("VOPDXY_INST_LITERAL", "has_lit_1").orElseThrow();
            assertEquals(List.of("VDSTY", "SRCY0", "VSRCY1"), operandFields(y), g.name());
            assertEquals(4, x.opcode());
            // FMAAK already reads a literal unconditionally; the Y-only opcodes (16-18) do not fit OPX.
            Instruction fmaak = r.spec().instruction("V_DUAL_FMAAK_F32").orElseThrow();
            assertEquals(before.instruction("V_DUAL_FMAAK_F32").orElseThrow().encodings(), fmaak.encodings());
            assertTrue(r.spec().instruction("V_DUAL_AND_B32").orElseThrow()
                    .encoding("VOPDXY_INST_LITERAL", "has_lit_0").isEmpty());
            // Conditions: the literal encoding tests SRCX0 == 255 and SRCY0 == 255 (derived on RDNA 3).
            var lit = r.spec().encoding("VOPDXY_INST_LITERAL").orElseThrow();
            assertEquals("(INST.VOPDXY.SRCX0 == 255)".replace(" ", ""),
                    lit.condition("has_lit_0").orElseThrow().expression().toString().replace(" ", ""), g.name());
            assertEquals(1, r.report().stream().filter(l -> l.startsWith("overlay VOPD literal forms")).count());
            assertEquals(g == Generation.RDNA3, r.report().get(0).contains("has_lit_0 ((INST.VOPDXY.SRCX0 == 255))"),
                    r.report().get(0));
            // A Y half that always reads the literal (FMAAK = 1, FMAMK = 2 as OPY) gives the X instruction a literal
            // form whose operands are its own.
            assertEquals("(((INST.VOPDXY.OPY==1)||(INST.VOPDXY.OPY==2)))", "(" + lit.condition("opy_reads_literal")
                    .orElseThrow().expression().toString().replace(" ", "") + ")");
            assertEquals(List.of("VDSTY", "SRCY0", "VSRCY1"), operandFields(
                    add.encoding("VOPDXY_INST_LITERAL", "opy_reads_literal").orElseThrow()));
            // The 64-bit form no longer matches those words: a stream decodes the same whatever follows the pair.
            String base = r.spec().encoding("VOPDXY").orElseThrow().condition("default").orElseThrow().expression()
                    .toString().replace(" ", "");
            assertTrue(base.contains("INST.VOPDXY.OPY!=1") && base.contains("INST.VOPDXY.OPY!=2")
                    && base.contains("INST.VOPDXY.SRCX0!=255"), base);
        }
    }

    @Test
    void gfx10VopSdwaFormsFollowDpp16ButNotAccumulators() throws Exception {
        for (Generation g : List.of(Generation.RDNA1, Generation.RDNA2)) {
            SpecGapOverlays.Result r = SpecGapOverlays.apply(bundled(g));
            IsaSpec s = r.spec();
            InstructionEncoding bfrev = s.instruction("V_BFREV_B32").orElseThrow().encodings().stream()
                    .filter(e -> e.encodingName().equals("VOP1_VOP_SDWA")).findFirst().orElseThrow();
            assertEquals("has_sdwa", bfrev.conditionName());
            assertEquals(List.of("VDST", "VSRC0"), operandFields(bfrev));
            assertTrue(hasSdwa(s, "V_ADD_F32", "VOP2_VOP_SDWA"));
            assertTrue(hasSdwa(s, "V_CNDMASK_B32", "VOP2_VOP_SDWA"));
            assertFalse(hasSdwa(s, "V_FMAC_F32", "VOP2_VOP_SDWA"), g.name());
            assertFalse(hasSdwa(s, "V_DOT2C_F32_F16", "VOP2_VOP_SDWA"), g.name());
            // 64-bit instructions have no DPP16 form, so no SDWA form either.
            assertFalse(hasSdwa(s, "V_CVT_F64_I32", "VOP1_VOP_SDWA"));
            assertTrue(r.report().stream().anyMatch(l -> l.contains("54 instructions with a VOP1_VOP_DPP16")),
                    r.report().toString());
            assertTrue(r.report().stream().anyMatch(l -> l.contains("35 instructions with a VOP2_VOP_DPP16")),
                    r.report().toString());
        }
    }

    private static boolean hasSdwa(IsaSpec s, String instruction, String encoding) {
        return s.instruction(instruction).orElseThrow().encodings().stream()
                .anyMatch(e -> e.encodingName().equals(encoding));
    }

    @Test
    void specsWithoutTheGapsAreReturnedAsTheyAre() throws Exception {
        for (Generation g : List.of(Generation.CDNA1, Generation.CDNA3, Generation.CDNA5)) {
            IsaSpec s = bundled(g);
            SpecGapOverlays.Result r = SpecGapOverlays.apply(s);
            assertSame(s, r.spec(), g.name());
            assertEquals(List.of(), r.report());
        }
        // Applying again adds nothing: the overlays only fill what is missing.
        IsaSpec once = SpecGapOverlays.apply(bundled(Generation.RDNA4)).spec();
        SpecGapOverlays.Result twice = SpecGapOverlays.apply(once);
        assertSame(once, twice.spec());
        assertEquals(List.of(), twice.report());
    }
}
