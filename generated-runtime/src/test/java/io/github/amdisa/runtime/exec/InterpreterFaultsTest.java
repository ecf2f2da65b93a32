package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import org.junit.jupiter.api.Test;

/**
 * The interpreter never returns a silent wrong result: out-of-range registers, unmapped or misaligned memory,
 * instructions it cannot execute and words that do not decode all raise typed {@link ExecutionException}s that
 * name the PC and the instruction.
 */
class InterpreterFaultsTest {

    private static final Target T = Target.GFX1100;

    private static InstructionSet isa() {
        return Interpreters.forTarget(T).instructionSet();
    }

    private static <E extends ExecutionException> E fails(Class<E> type, Wave w, int[] words) {
        Interpreter in = Interpreters.forTarget(T);
        return assertThrows(type, () -> in.run(w, new Program(0x100, words), 1000));
    }

    private static Wave wave(int vgprs) {
        Wave w = new Wave(T, 32, vgprs, 0);
        w.setPc(0x100);
        return w;
    }

    private static RawCode code() {
        return new RawCode(isa());
    }

    @Test
    void outOfRangeVgprIsIllegalRegister() {
        // s_nop; v_mov_b32 v20, v1 on a wave with 8 VGPRs
        int[] words = code().add("S_NOP", "SOPP").add("V_MOV_B32", "VOP1", "VDST", 20, "SRC0", 257)
                .add("S_ENDPGM", "SOPP").words();
        IllegalRegister e = fails(IllegalRegister.class, wave(8), words);
        assertEquals(0x104, e.pc());
        assertEquals("v_mov_b32_e32 v20, v1", e.instruction());
        assertTrue(e.getMessage().contains("VGPR"), e.getMessage());
        assertTrue(e.getMessage().contains("[pc=0x104: v_mov_b32_e32 v20, v1]"), e.getMessage());
    }

    @Test
    void outOfRangeSourceVgprIsIllegalRegister() {
        int[] words = code().add("V_ADD_NC_U32", "VOP2", "VDST", 1, "SRC0", 256 + 30, "VSRC1", 2)
                .add("S_ENDPGM", "SOPP").words();
        IllegalRegister e = fails(IllegalRegister.class, wave(8), words);
        assertEquals(0x100, e.pc());
    }

    private static int[] globalLoad() {
        // global_load_b32 v1, v[2:3], off
        return code().add("GLOBAL_LOAD_B32", "FLAT_GLOBAL", "VDST", 1, "ADDR", 2, "SADDR", 124)
                .add("S_ENDPGM", "SOPP").words();
    }

    @Test
    void unmappedMemoryFaultsUnderTheFaultPolicy() {
        Wave w = wave(8);
        w.attach(new SparseMemory(SparseMemory.Unmapped.FAULT, false), null, null);
        w.setV64(2, 5, 0x7000_0000L);
        w.setExec(1L << 5);
        MemoryFault e = fails(MemoryFault.class, w, globalLoad());
        assertEquals(0x7000_0000L, e.address());
        assertEquals(0x100, e.pc());
        assertTrue(e.instruction().startsWith("global_load_b32 v1, v[2:3], off"), e.instruction());
    }

    @Test
    void unmappedMemoryReadsZeroUnderTheZeroFillPolicy() {
        Wave w = wave(8);
        w.attach(new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false), null, null);
        w.setV(1, 0, 1234);
        w.setV64(2, 0, 0x7000_0000L);
        Interpreters.forTarget(T).run(w, new Program(0x100, globalLoad()), 10);
        assertEquals(0, w.v(1, 0));
    }

    @Test
    void noMemoryAttachedIsAFault() {
        MemoryFault e = fails(MemoryFault.class, wave(8), globalLoad());
        assertTrue(e.getMessage().contains("No global memory"), e.getMessage());
    }

    @Test
    void misalignedAccessFaultsInStrictAlignmentMode() {
        Wave w = wave(8);
        SparseMemory mem = new SparseMemory(SparseMemory.Unmapped.FAULT, true);
        mem.map(0x1000, 0x100);
        w.attach(mem, new Lds(1024, Lds.OutOfRange.FAULT, true), null);
        w.setV64(2, 0, 0x1002);
        w.setExec(1);
        MisalignedAccess e = fails(MisalignedAccess.class, w, globalLoad());
        assertEquals(0x1002, e.address());
        // The same load is fine in unaligned mode.
        SparseMemory relaxed = new SparseMemory(SparseMemory.Unmapped.FAULT, false);
        relaxed.map(0x1000, 0x100);
        relaxed.store32(0x1002, 0xCAFEBABE);
        Wave ok = wave(8);
        ok.attach(relaxed, null, null);
        ok.setV64(2, 0, 0x1002);
        ok.setExec(1);
        Interpreters.forTarget(T).run(ok, new Program(0x100, globalLoad()), 10);
        assertEquals(0xCAFEBABE, ok.v(1, 0));
        // LDS: ds_load_b32 v1, v2 at address 6
        int[] ds = code().add("DS_LOAD_B32", "DS", "VDST", 1, "ADDR", 2).add("S_ENDPGM", "SOPP").words();
        w.setV(2, 0, 6);
        w.setPc(0x100);
        MisalignedAccess lds = fails(MisalignedAccess.class, w, ds);
        assertEquals(6, lds.address());
    }

    @Test
    void ldsOutOfRangeFaultsUnderTheFaultPolicy() {
        Wave w = wave(8);
        w.attach(null, new Lds(1024, Lds.OutOfRange.FAULT, false), null);
        w.setV(2, 0, 4096);
        w.setExec(1);
        int[] ds = code().add("DS_LOAD_B32", "DS", "VDST", 1, "ADDR", 2).add("S_ENDPGM", "SOPP").words();
        fails(MemoryFault.class, w, ds);
    }

    @Test
    void textThatCannotBeLoweredIsUnsupportedNamingTheInstruction() {
        // RDNA 3's DS_APPEND text is prose ("Add (count_bits(exec_mask)) to the value ..."): its op throws.
        int[] words = code().add("DS_APPEND", "DS", "VDST", 2).add("S_ENDPGM", "SOPP").words();
        UnsupportedInstruction e = fails(UnsupportedInstruction.class, wave(8), words);
        assertTrue(e.getMessage().contains("DS_APPEND"), e.getMessage());
        assertTrue(e.getMessage().contains("informal text"), e.getMessage());
        assertEquals(0x100, e.pc());
        assertTrue(e.instruction().startsWith("ds_append"), e.instruction());
    }

    @Test
    void unknownDppControlAndIntegerClampAreRefusedNotApproximated() {
        InstructionSet isa = isa();
        int dpp = -1;
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals("V_ADD_F32") && isa.variantKind(v).equals("DPP16")
                    && isa.encodingFamily(v).equals("VOP2")) {
                dpp = v;
            }
        }
        int[] words = new int[4];
        int n = isa.encode(dpp, new String[] {"VDST", "SRC0", "VSRC0", "VSRC1", "DPP_CTRL", "ROW_MASK",
                "BANK_MASK"}, new long[] {1, 250, 2, 3, 0x142, 15, 15},
                words, 0);
        words[n] = code().add("S_ENDPGM", "SOPP").words()[0];
        UnsupportedInstruction e = fails(UnsupportedInstruction.class, wave(8), words);
        // DPP control 0x142 (row_bcast:15) exists on GFX9 only.
        assertTrue(e.getMessage().contains("V_ADD_F32") && e.getMessage().contains("DPP control 0x142"),
                e.getMessage());
        // v_mad_u32_u24 v1, v2, v3, v4 clamp: what clamp does to a product that overflows by itself is not documented
        // (IntClampThroughInterpreterTest covers the sums that saturate)
        int[] clamp = code().add("V_MAD_U32_U24", "VOP3", "VDST", 1, "SRC0", 258, "SRC1", 259, "SRC2", 260, "CLAMP", 1)
                .add("S_ENDPGM", "SOPP").words();
        e = fails(UnsupportedInstruction.class, wave(8), clamp);
        assertTrue(e.getMessage().contains("clamp"), e.getMessage());
    }

    @Test
    void floatOpsRefuseARoundingModeTheyCannotFollow() {
        // V_SQRT_F32's rounding is fixed at nearest-even in the lowering; under a directed MODE it is refused,
        // never approximated (V_ADD_F32 follows MODE; RoundModeThroughInterpreterTest covers it).
        int[] words = code().add("V_SQRT_F32", "VOP1", "VDST", 1, "SRC0", 258)
                .add("V_ADD_NC_U32", "VOP2", "VDST", 4, "SRC0", 258, "VSRC1", 3).add("S_ENDPGM", "SOPP").words();
        Wave w = wave(8);
        w.setMode(w.mode() | io.github.amdisa.runtime.fp.FpMode.ROUND_TOWARD_ZERO);
        UnsupportedInstruction e = fails(UnsupportedInstruction.class, w, words);
        assertTrue(e.getMessage().contains("V_SQRT_F32") && e.getMessage().contains("MODE"), e.getMessage());
        // The integer add after it is unaffected.
        Wave ok = wave(8);
        ok.setMode(ok.mode() | io.github.amdisa.runtime.fp.FpMode.ROUND_TOWARD_ZERO);
        ok.setV(2, 0, 5);
        ok.setV(3, 0, 6);
        ok.setPc(0x104);
        Interpreters.forTarget(T).run(ok, new Program(0x100, words), 10);
        assertEquals(11, ok.v(4, 0));
    }

    @Test
    void undecodableWordsAreIllegalInstructions() {
        IllegalInstruction e = fails(IllegalInstruction.class, wave(8), new int[] {0xFFFFFFFF, 0xFFFFFFFF});
        assertEquals(0x100, e.pc());
    }

    @Test
    void truncatedInstructionIsAMemoryFault() {
        // The first dword of a 64-bit VOP3 at the end of the program.
        int[] words = code().add("V_ADD_NC_U32", "VOP3", "VDST", 1, "SRC0", 258, "SRC1", 259).words();
        MemoryFault e = fails(MemoryFault.class, wave(8), new int[] {words[0]});
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void runningOffTheProgramIsAMemoryFault() {
        int[] words = code().add("V_MOV_B32", "VOP1", "VDST", 1, "SRC0", 257).words();
        MemoryFault e = fails(MemoryFault.class, wave(8), words);
        assertEquals(0x104, e.pc());
    }

    @Test
    void instructionWithoutPseudocodeOrEffectIsUnsupported() {
        // s_sendmsg has no executable text: refused with its name rather than skipped.
        int[] words = code().add("S_SENDMSG", "SOPP", "SIMM16", 3).add("S_ENDPGM", "SOPP").words();
        UnsupportedInstruction e = fails(UnsupportedInstruction.class, wave(8), words);
        assertTrue(e.getMessage().contains("S_SENDMSG"), e.getMessage());
    }
}
