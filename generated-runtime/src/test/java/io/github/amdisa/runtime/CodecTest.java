package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.DecodeSink;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.Words;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The generated codecs of all ten generations: a known instruction, error behaviour, encoder round trips. */
class CodecTest {

    /** {@code v_bfe_i32 v5, v1, v2, s3} as {@code llvm-mc-22 -show-encoding} assembles it for each target. */
    private static final Map<Generation, byte[]> V_BFE_I32 = Map.of(
            Generation.CDNA1, bytes(0x05, 0x00, 0xc9, 0xd1, 0x01, 0x05, 0x0e, 0x00),
            Generation.CDNA2, bytes(0x05, 0x00, 0xc9, 0xd1, 0x01, 0x05, 0x0e, 0x00),
            Generation.CDNA3, bytes(0x05, 0x00, 0xc9, 0xd1, 0x01, 0x05, 0x0e, 0x00),
            Generation.CDNA4, bytes(0x05, 0x00, 0xc9, 0xd1, 0x01, 0x05, 0x0e, 0x00),
            Generation.CDNA5, bytes(0x05, 0x00, 0x11, 0xd6, 0x01, 0x05, 0x0e, 0x00),
            Generation.RDNA1, bytes(0x05, 0x00, 0x49, 0xd5, 0x01, 0x05, 0x0e, 0x00),
            Generation.RDNA2, bytes(0x05, 0x00, 0x49, 0xd5, 0x01, 0x05, 0x0e, 0x00),
            Generation.RDNA3, bytes(0x05, 0x00, 0x11, 0xd6, 0x01, 0x05, 0x0e, 0x00),
            Generation.RDNA3_5, bytes(0x05, 0x00, 0x11, 0xd6, 0x01, 0x05, 0x0e, 0x00),
            Generation.RDNA4, bytes(0x05, 0x00, 0x11, 0xd6, 0x01, 0x05, 0x0e, 0x00));

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void decodesVBfeI32LikeLlvm(Generation g) throws Exception {
        InstructionSet isa = TestIsas.instructionSet(g);
        int[] words = Words.fromBytes(V_BFE_I32.get(g));
        int[] variant = {-1};
        int length = isa.decode(words, 0, (v, w, o, n) -> variant[0] = v);
        assertEquals(2, length);
        assertEquals("V_BFE_I32", isa.instructionName(variant[0]));
        assertEquals("ENC_VOP3", isa.encodingName(variant[0]));
        assertEquals("v_bfe_i32 v5, v1, v2, s3", Disassembler.llvm(isa).disassemble(words, 0));
        assertEquals(2, isa.decode(ByteBuffer.wrap(V_BFE_I32.get(g)), DecodeSink.IGNORE));
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void truncatedAndOutOfRangeInputThrowsDecodeException(Generation g) throws Exception {
        InstructionSet isa = TestIsas.instructionSet(g);
        int[] first = {Words.fromBytes(V_BFE_I32.get(g))[0]};
        DecodeException e = assertThrows(DecodeException.class, () -> isa.decode(first, 0, DecodeSink.IGNORE));
        assertTrue(e.reason().contains("truncated"), e.reason());
        assertThrows(DecodeException.class, () -> isa.decode(first, 1, DecodeSink.IGNORE));
        assertThrows(DecodeException.class, () -> isa.decode(first, -1, DecodeSink.IGNORE));
        assertThrows(DecodeException.class, () -> isa.decode(new int[0], 0, DecodeSink.IGNORE));
    }

    /** Any word sequence either decodes (to a length that fits) or throws DecodeException, nothing else. */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void randomWordsDecodeOrThrowDecodeException(Generation g) throws Exception {
        InstructionSet isa = TestIsas.instructionSet(g);
        Disassembler dis = Disassembler.llvm(isa);
        Random r = new Random(g.ordinal());
        int decoded = 0;
        for (int i = 0; i < 20_000; i++) {
            int[] w = new int[1 + r.nextInt(5)];
            for (int k = 0; k < w.length; k++) {
                w[k] = r.nextInt();
            }
            try {
                StringBuilder b = new StringBuilder();
                int n = dis.disassemble(w, 0, b);
                assertTrue(n >= 1 && n <= w.length, "length " + n + " for " + w.length + " words");
                decoded++;
            } catch (DecodeException expected) {
                // fine: typed rejection
            }
        }
        assertTrue(decoded > 0, "no random word decoded at all");
    }

    /** The raw encoder and the decoder share the layouts: encoding each variant's identifier decodes back to it. */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void encoderRoundTrips(Generation g) throws Exception {
        InstructionSet isa = TestIsas.instructionSet(g);
        int roundTrips = 0;
        int sameInstruction = 0;
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] words = new int[isa.length(v)];
            isa.encode(v, new String[0], new long[0], words, 0);
            int[] found = {-1};
            try {
                isa.decode(words, 0, (fv, w, o, n) -> found[0] = fv);
            } catch (DecodeException e) {
                continue;
            }
            roundTrips++;
            if (isa.instructionOrdinal(found[0]) == isa.instructionOrdinal(v)) {
                sameInstruction++;
            }
        }
        // Zero operands do not satisfy every condition (literal, DPP forms need SRC0 = 255/250), so only plain
        // variants are expected back; those must come back as the same instruction.
        assertTrue(roundTrips > isa.variantCount() / 4, g + ": " + roundTrips + " round trips");
        assertTrue(sameInstruction >= roundTrips * 0.95, g + ": " + sameInstruction + " of " + roundTrips);
    }

    /**
     * The one-decode print-and-warn call gives the text and the soft-fail reason the two separate calls give:
     * llvm-mc-22 -mcpu=gfx1030 warns "potentially undefined instruction encoding" for a VOP3 v_cmpx whose VDST is not
     * exec_lo (0x00,0x00,0x9f,0xd4,... as in LLVM's gfx10_vop3cx_warn.txt) and not for VDST = 0x7e; words that do not
     * decode leave both outputs alone.
     */
    @Test
    void disassembleWithSoftFailDecodesOnceForBoth() throws Exception {
        Disassembler d = Disassembler.llvm(TestIsas.instructionSet(Generation.RDNA2));
        int[][] cases = {{0xd49f0000, 0x00020501}, {0xd412007e, 0x000204f7}};
        boolean[] warns = {true, false};
        for (int i = 0; i < cases.length; i++) {
            StringBuilder one = new StringBuilder();
            String[] softFail = {"unset"};
            int n = d.disassemble(cases[i], 0, one, softFail);
            StringBuilder separate = new StringBuilder();
            assertEquals(d.disassemble(cases[i], 0, separate), n);
            assertEquals(separate.toString(), one.toString());
            assertEquals(d.softFail(cases[i], 0), softFail[0]);
            assertEquals(warns[i], softFail[0] != null, one + ": " + softFail[0]);
        }
        StringBuilder out = new StringBuilder("kept");
        String[] softFail = {"kept"};
        assertThrows(DecodeException.class, () -> d.disassemble(new int[] {0xffffffff}, 0, out, softFail));
        assertEquals("kept", out.toString());
        assertEquals("kept", softFail[0]);
    }

    @Test
    void encoderSetsFieldsByName() throws Exception {
        InstructionSet isa = TestIsas.instructionSet(Generation.RDNA3);
        int variant = -1;
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionName(v).equals("V_BFE_I32") && isa.encodingName(v).equals("ENC_VOP3")) {
                variant = v;
            }
        }
        int[] w = new int[2];
        isa.encode(variant, new String[] {"VDST", "SRC0", "SRC1", "SRC2"}, new long[] {5, 257, 258, 3}, w, 0);
        assertEquals("0x05,0x00,0x11,0xd6,0x01,0x05,0x0e,0x00", Words.toLlvmBytes(w, 0, 2));
    }
}
