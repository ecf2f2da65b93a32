package io.github.amdisa.isaxml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.load.LoadResult;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.load.SpecSources;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.DataComponent;
import io.github.amdisa.isaxml.model.DataFormat;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.Signedness;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * AMD's real, verbatim RDNA 3 excerpts load losslessly: every value asserted here was read off the excerpt files
 * (and AMD's RDNA 3 file they were cut from), not off the loader's output.
 */
class ExcerptTest {

    private static IsaSpec excerpt(String name) throws Exception {
        LoadResult r = new SpecLoader().forFragments().load(SpecSources.bundledExcerpt(name));
        assertEquals(List.of(), r.problems(), "a verbatim AMD excerpt must load without any problem");
        return r.spec();
    }

    @Test
    void headerOfTheRealRdna3File() throws Exception {
        IsaSpec s = excerpt("rdna3_V_BFE_I32.xml");
        assertEquals("AMD RDNA 3", s.architecture().name());
        assertEquals(8, s.architecture().id());
        assertEquals("1.1.1", s.document().schemaVersion());
        assertEquals("2026-02-20", s.document().releaseDate());
        assertEquals("MIT", s.document().license());
        assertEquals("AMD Public Use.", s.document().sensitivity());
        assertEquals(Optional.of(Generation.RDNA3), s.generation());
    }

    @Test
    void vBfeI32HasItsTenEncodingVariants() throws Exception {
        Instruction bfe = excerpt("rdna3_V_BFE_I32.xml").instruction("V_BFE_I32").orElseThrow();
        assertEquals("Extract a signed bitfield from the first input using field offset from the second input and "
                + "size from the third input, then store the result into a vector register.", bfe.description());
        assertEquals(List.of(), bfe.aliases());
        assertFalse(bfe.flags().branch() || bfe.flags().conditionalBranch() || bfe.flags().indirectBranch()
                || bfe.flags().programTerminator() || bfe.flags().immediatelyExecuted());
        assertEquals("VALU", bfe.group().name());
        assertEquals(List.of("NOT_ASSIGNED"), bfe.group().subgroups());
        assertEquals(List.of("ENC_VOP3/default", "VOP3_INST_LITERAL/has_lit_0", "VOP3_INST_LITERAL/has_lit_1",
                "VOP3_INST_LITERAL/has_lit_0_has_lit_1", "VOP3_INST_LITERAL/has_lit_2",
                "VOP3_INST_LITERAL/has_lit_0_has_lit_2", "VOP3_INST_LITERAL/has_lit_1_has_lit_2",
                "VOP3_INST_LITERAL/has_lit_0_has_lit_1_has_lit_2", "VOP3_VOP_DPP8/has_dpp8",
                "VOP3_VOP_DPP16/has_dpp16"),
                bfe.encodings().stream().map(e -> e.encodingName() + "/" + e.conditionName()).toList());
        for (InstructionEncoding e : bfe.encodings()) {
            assertEquals(529, e.opcode(), e.encodingName());
            assertTrue(e.conditionId().isEmpty(), "schema 1.1.1 has no condition IDs");
            assertEquals(4, e.operands().size());
        }
    }

    @Test
    void vBfeI32OperandsPerVariant() throws Exception {
        Instruction bfe = excerpt("rdna3_V_BFE_I32.xml").instruction("V_BFE_I32").orElseThrow();
        List<Operand> vop3 = bfe.encoding("ENC_VOP3", "default").orElseThrow().operands();
        assertOperand(vop3.get(0), "VDST", "FMT_NUM_I32", "OPR_VGPR", 32, false, true, 1);
        assertOperand(vop3.get(1), "SRC0", "FMT_NUM_I32", "OPR_SRC", 32, true, false, 2);
        assertOperand(vop3.get(2), "SRC1", "FMT_NUM_U32", "OPR_SRC", 32, true, false, 3);
        assertOperand(vop3.get(3), "SRC2", "FMT_NUM_U32", "OPR_SRC", 32, true, false, 4);
        for (Operand o : vop3) {
            assertFalse(o.implicit());
            assertTrue(o.binaryMicrocodeRequired());
        }
        List<Operand> lit02 = bfe.encoding("VOP3_INST_LITERAL", "has_lit_0_has_lit_2").orElseThrow().operands();
        assertOperand(lit02.get(1), "LITERAL", "FMT_NUM_I32", "OPR_SRC", 32, true, false, 2);
        assertOperand(lit02.get(2), "SRC1", "FMT_NUM_U32", "OPR_SRC", 32, true, false, 3);
        assertOperand(lit02.get(3), "LITERAL", "FMT_NUM_U32", "OPR_SRC", 32, true, false, 4);
        List<Operand> dpp8 = bfe.encoding("VOP3_VOP_DPP8", "has_dpp8").orElseThrow().operands();
        assertOperand(dpp8.get(1), "VSRC0", "FMT_NUM_I32", "OPR_VGPR", 32, true, false, 2);
        assertOperand(dpp8.get(2), "SRC1", "FMT_NUM_U32", "OPR_SRC_VGPR", 32, true, false, 3);
        assertOperand(dpp8.get(3), "SRC2", "FMT_NUM_U32", "OPR_SRC", 32, true, false, 4);
    }

    private static void assertOperand(Operand o, String field, String format, String type, int size, boolean input,
                                      boolean output, int order) {
        assertEquals(Optional.of(field), o.fieldName());
        assertEquals(format, o.dataFormat());
        assertEquals(type, o.operandType());
        assertEquals(size, o.size());
        assertEquals(input, o.input());
        assertEquals(output, o.output());
        assertEquals(order, o.order());
    }

    @Test
    void encVop3LayoutMaskAndConditionTree() throws Exception {
        Encoding vop3 = excerpt("rdna3_ENC_VOP3.xml").encoding("ENC_VOP3").orElseThrow();
        assertEquals(8, vop3.order());
        assertEquals(64, vop3.bitCount());
        assertEquals(2, vop3.dwordCount());
        // Mask: the first dword's bits 31..16 (AMD writes the first dword as the rightmost 32 characters).
        assertEquals(0xFFFF0000, vop3.identifierMask().dword(0));
        assertEquals(0, vop3.identifierMask().dword(1));
        assertEquals(15, vop3.identifiers().size(), "the excerpt keeps 15 of the identifiers");
        assertEquals(0xD5800000, vop3.identifiers().get(0).dword(0));
        assertEquals(0xD4FF0000, vop3.identifiers().get(14).dword(0));
        assertField(vop3, "VDST", 0, 8);
        assertField(vop3, "ABS", 8, 3);
        assertField(vop3, "OP_SEL", 11, 4);
        assertField(vop3, "CLAMP", 15, 1);
        assertField(vop3, "OP", 16, 10);
        assertField(vop3, "ENCODING", 26, 6);
        assertField(vop3, "SRC0", 32, 9);
        assertField(vop3, "SRC1", 41, 9);
        assertField(vop3, "SRC2", 50, 9);
        assertField(vop3, "OMOD", 59, 2);
        assertField(vop3, "NEG", 61, 3);
        assertEquals(List.of("default"), vop3.conditions().stream().map(c -> c.name()).toList());
        assertEquals("(((INST.VOP3.SRC0 notin [250, 233, 234, 255]) && (INST.VOP3.SRC1 != 255)) "
                + "&& (INST.VOP3.SRC2 != 255))", vop3.conditions().get(0).expression().toString());
        assertTrue(vop3.description().startsWith("Vector ALU operations requiring three sources or modifiers"));
    }

    @Test
    void encVop3DefaultConditionOnRealWords() throws Exception {
        Encoding vop3 = excerpt("rdna3_ENC_VOP3.xml").encoding("ENC_VOP3").orElseThrow();
        var cond = vop3.condition("default").orElseThrow().expression();
        // llvm-mc-22 -mcpu=gfx1100: v_bfe_i32 v5, v1, v2, s3 = [0x05,0x00,0x11,0xd6,0x01,0x05,0x0e,0x00]
        int[] bfe = {0xD6110005, 0x000E0501};
        assertTrue(ExprEvaluator.holds(cond, vop3, bfe, 0));
        assertEquals(529, vop3.field("OP").orElseThrow().extract(bfe, 0));
        assertEquals(257, vop3.field("SRC0").orElseThrow().extract(bfe, 0));
        // The same with SRC0 = 255 (a literal follows): default no longer holds.
        int[] lit = bfe.clone();
        vop3.field("SRC0").orElseThrow().insert(lit, 0, 255);
        assertFalse(ExprEvaluator.holds(cond, vop3, lit, 0));
        int[] dpp16 = bfe.clone();
        vop3.field("SRC0").orElseThrow().insert(dpp16, 0, 250);
        assertFalse(ExprEvaluator.holds(cond, vop3, dpp16, 0));
    }

    private static void assertField(Encoding e, String name, int offset, int count) {
        Field f = e.field(name).orElseThrow(() -> new AssertionError("no field " + name));
        assertEquals(List.of(new BitRange(0, offset, count)), f.ranges(), name);
        assertFalse(f.conditional());
    }

    @Test
    void dsInstructionsAndImplicitOperands() throws Exception {
        IsaSpec s = excerpt("rdna3_DS_instructions.xml");
        Instruction nop = s.instruction("DS_NOP").orElseThrow();
        assertEquals(20, nop.encodings().get(0).opcode());
        assertEquals("ENC_DS", nop.encodings().get(0).encodingName());
        assertEquals(List.of(), nop.encodings().get(0).operands());
        assertEquals("Do nothing.", nop.description());
        Instruction add = s.instruction("DS_ADD_F32").orElseThrow();
        assertEquals(21, add.encodings().get(0).opcode());
        assertEquals(List.of("ATOMIC", "DATA_SHARE"), add.group().subgroups());
        assertEquals("VMEM", add.group().name());
        List<Operand> ops = add.encodings().get(0).operands();
        assertOperand(ops.get(0), "ADDR", "FMT_NUM_B32", "OPR_VGPR", 32, true, false, 1);
        assertOperand(ops.get(1), "DATA0", "FMT_NUM_F32", "OPR_VGPR", 32, true, false, 2);
        for (int i : new int[] {2, 3}) {
            Operand o = ops.get(i);
            assertTrue(o.implicit());
            assertEquals(Optional.empty(), o.fieldName());
            assertEquals("OPR_DSMEM", o.operandType());
            assertEquals("FMT_NUM_F32", o.dataFormat());
            assertEquals(32, o.size());
            assertEquals(i + 1, o.order());
        }
        assertTrue(ops.get(2).output() && !ops.get(2).input());
        assertTrue(ops.get(3).input() && !ops.get(3).output());
    }

    @Test
    void operandTypesWithPredefinedValuesAndPartitions() throws Exception {
        IsaSpec s = excerpt("rdna3_OperandTypes_sample.xml");
        OperandType dsmem = s.operandType("OPR_DSMEM").orElseThrow();
        assertFalse(dsmem.partitioned());
        assertEquals(0, dsmem.value("dsmem").orElseThrow().value());
        assertEquals("I/O to DS memory", dsmem.value("dsmem").orElseThrow().description());
        assertEquals(126, s.operandType("OPR_EXEC").orElseThrow().value("exec").orElseThrow().value());
        OperandType waitcnt = s.operandType("OPR_WAITCNT").orElseThrow();
        assertTrue(waitcnt.partitioned());
        assertEquals(List.of("EXP", "LGKM", "VM"), waitcnt.fields().stream().map(Field::name).toList());
        assertEquals(List.of(new BitRange(0, 0, 3)), waitcnt.fields().get(0).ranges());
        assertEquals(List.of(new BitRange(0, 4, 6)), waitcnt.fields().get(1).ranges());
        assertEquals(List.of(new BitRange(0, 10, 6)), waitcnt.fields().get(2).ranges());
        assertEquals("Export wait count. 0x7 means do not wait on EXPCNT.", waitcnt.fields().get(0).description());
    }

    @Test
    void dataFormatBitmap() throws Exception {
        DataFormat f = excerpt("rdna3_DataFormat_FMT_NUM_PK4_U8.xml").dataFormat("FMT_NUM_PK4_U8").orElseThrow();
        assertEquals("integer", f.dataType());
        assertEquals(32, f.bitCount());
        assertEquals(4, f.componentCount());
        assertEquals("Unsigned 8-bit integral data. Packed 4-component value.", f.description());
        assertEquals(4, f.components().size());
        for (int i = 0; i < 4; i++) {
            DataComponent c = f.components().get(i);
            assertEquals(i, c.order());
            assertEquals(1, c.fields().size());
            assertEquals("Integer", c.fields().get(0).name());
            assertEquals(Signedness.UNSIGNED, c.fields().get(0).signedness());
            // DataAttributes ranges carry Order="1" in AMD's file; the order is kept as written.
            assertEquals(List.of(new BitRange(1, 8 * i, 8)), c.fields().get(0).ranges());
        }
    }
}
