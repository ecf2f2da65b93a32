package io.github.amdisa.examples.objdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The listing and the ELF reader on objects written by {@link TestElf} (no LLVM needed): expected listings are
 * written out by hand from the instructions' documented encodings, and malformed files must fail with a located
 * {@link ElfFormatException} and nothing else.
 */
class CodeObjectDisassemblerTest {

    private static final int GFX1100 = 0x41;
    private static final int GFX908 = 0x30;

    // gfx1100: s_nop 0, s_nop 1, s_cbranch_scc1 -2 (back to the second s_nop), an invalid dword, s_endpgm.
    private static final int[] LOOP = {0xBF800000, 0xBF800001, 0xBFA2FFFE, 0xFFFFFFFF, 0xBFB00000};

    private final CodeObjectDisassembler disassembler = new CodeObjectDisassembler();

    @Test
    void listsAKernelWithOffsetsEncodingsAndBranchTargets() throws Exception {
        byte[] elf = TestElf.object(GFX1100, LOOP, List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC)));
        String listing = disassembler.disassemble("k.o", elf, CodeObjectDisassembler.Options.DEFAULT);
        assertEquals("""

                k.o:\tfile format elf64-amdgpu

                Disassembly of section .text:

                0000000000000000 <k>:
                \ts_nop 0                                                    // 000000000000: BF800000
                \ts_nop 1                                                    // 000000000004: BF800001
                \ts_cbranch_scc1 65534                                       // 000000000008: BFA2FFFE <k+0x4>
                \t.long 0xffffffff                                           // 00000000000C: FFFFFFFF
                \ts_endpgm                                                   // 000000000010: BFB00000
                """, listing);
    }

    @Test
    void symbolizedOperandsGetLabels() throws Exception {
        byte[] elf = TestElf.object(GFX1100, LOOP, List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC)));
        String listing = disassembler.disassemble("k.o", elf, new CodeObjectDisassembler.Options(true,
                Optional.empty()));
        assertTrue(listing.contains("""
                0000000000000004 <L0>:
                \ts_nop 1                                                    // 000000000004: BF800001
                \ts_cbranch_scc1 L0                                          // 000000000008: BFA2FFFE
                """), listing);
    }

    @Test
    void aBranchToANoTypeSymbolNamesIt() throws Exception {
        byte[] elf = TestElf.object(GFX1100, LOOP, List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC),
                new TestElf.Sym("loop", 4, ElfFile.STT_NOTYPE)));
        String listing = disassembler.disassemble("k.o", elf, CodeObjectDisassembler.Options.DEFAULT);
        assertTrue(listing.contains("\n0000000000000004 <loop>:\n"), listing);
        assertTrue(listing.contains("\ts_cbranch_scc1 loop "), listing);
        assertTrue(!listing.contains("<loop+"), listing);
    }

    @Test
    void theSectionNameStandsInForAMissingSymbolAndTheLastNameWinsAtOneAddress() throws Exception {
        byte[] elf = TestElf.object(GFX1100, LOOP, List.of(new TestElf.Sym("b", 4, ElfFile.STT_FUNC),
                new TestElf.Sym("a", 4, ElfFile.STT_NOTYPE)));
        String listing = disassembler.disassemble("k.o", elf, CodeObjectDisassembler.Options.DEFAULT);
        assertTrue(listing.contains("\n0000000000000000 <.text>:\n\ts_nop 0 "), listing);
        assertTrue(listing.contains("\n0000000000000004 <b>:\n\ts_nop 1 "), listing);
        assertTrue(!listing.contains("<a>"), listing);
    }

    @Test
    void theGenerationComesFromTheMachineFlags() throws Exception {
        // 0xBF810000 is s_endpgm on GFX9 (CDNA) but s_setkill 0 on GFX11 (per llvm-mc-22): the same word lists
        // differently for gfx908 and gfx1100.
        int[] words = {0xBF810000};
        String cdna = disassembler.disassemble("a.o", TestElf.object(GFX908 | 0x500, words, List.of()),
                CodeObjectDisassembler.Options.DEFAULT);
        assertTrue(cdna.contains("\ts_endpgm "), cdna);
        String rdna = disassembler.disassemble("a.o", TestElf.object(GFX1100, words, List.of()),
                CodeObjectDisassembler.Options.DEFAULT);
        assertTrue(rdna.contains("\ts_setkill 0 "), rdna);
        String forced = disassembler.disassemble("a.o", TestElf.object(GFX1100, words, List.of()),
                new CodeObjectDisassembler.Options(false, AmdgpuMach.fromProcessor("gfx90a")));
        assertTrue(forced.contains("\ts_endpgm "), forced);
    }

    @Test
    void trailingBytesPrintAsBytes() throws Exception {
        TestElf.Layout[] layout = new TestElf.Layout[1];
        byte[] elf = TestElf.write(GFX1100, new int[] {0xBF800000, 0x00000201}, List.of(), layout);
        // Shrink .text from 8 to 6 bytes: s_nop 0 and two stray bytes 01 02.
        ByteBuffer.wrap(elf).order(ByteOrder.LITTLE_ENDIAN).putLong(layout[0].sectionHeaders() + 64 + 32, 6);
        String listing = disassembler.disassemble("b.o", elf, CodeObjectDisassembler.Options.DEFAULT);
        assertTrue(listing.contains("\t.byte 0x01, 0x02                                           "
                + "// 000000000004: 01 02\n"), listing);
    }

    @Test
    void malformedFilesGiveLocatedErrors() {
        TestElf.Layout[] l = new TestElf.Layout[1];
        byte[] good = TestElf.write(GFX1100, LOOP, List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC)), l);
        TestElf.Layout layout = l[0];

        assertError(new byte[0], 0, "not an ELF file");
        assertError("hello, world".getBytes(), 0, "not an ELF file");
        assertError(Arrays.copyOf(good, 40), 40, "truncated ELF header");
        assertError(with(good, 4, 1), 4, "EI_CLASS is 1, expected 2");
        assertError(with(good, 5, 2), 5, "EI_DATA is 2, expected 1");
        assertError(withShort(good, 18, 62), 18, "e_machine is 62, expected 224");
        assertError(withInt(good, 48, 0x2c), 48, "EF_AMDGPU_MACH 0x2c, which amdisa has no decoder for");
        assertError(withLong(good, 40, 1L << 40), 40, "section header 0 lies outside the file");
        assertError(withShort(good, 58, 40), 58, "e_shentsize is 40, expected 64");
        assertError(withShort(good, 62, 9), 62, "e_shstrndx 9 is not below the section count 5");
        assertError(Arrays.copyOf(good, good.length - 10), 40, "the section header table (5 entries) lies outside");
        assertError(withLong(good, layout.sectionHeaders() + 64 + 24, good.length - 4),
                layout.sectionHeaders() + 64 + 24, "the contents of section 1 lies outside the file");
        assertError(withInt(good, layout.symtabOffset() + 24, 5000), layout.symtabOffset() + 24,
                "name offset 5000 is outside its string table");
        assertError(withInt(good, layout.sectionHeaders() + 128 + 40, 17), layout.sectionHeaders() + 128 + 40,
                "links to string table section 17");
    }

    @Test
    void damagedFilesNeverThrowAnythingButElfFormatException() throws Exception {
        byte[] good = TestElf.object(GFX1100, LOOP, List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC)));
        int listed = 0;
        for (int n = 0; n < good.length; n++) {
            listed += tryList(Arrays.copyOf(good, n));
        }
        Random random = new Random(5);
        for (int i = 0; i < 5_000; i++) {
            byte[] bad = good.clone();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
            }
            listed += tryList(bad);
        }
        assertTrue(listed > 500, "most single-byte damage still lists: " + listed);
    }

    private int tryList(byte[] bytes) {
        try {
            disassembler.disassemble("x.o", bytes, CodeObjectDisassembler.Options.DEFAULT);
            return 1;
        } catch (ElfFormatException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
            return 0;
        }
    }

    private void assertError(byte[] bytes, long offset, String message) {
        ElfFormatException e = assertThrows(ElfFormatException.class,
                () -> disassembler.disassemble("x.o", bytes, CodeObjectDisassembler.Options.DEFAULT));
        assertTrue(e.getMessage().contains(message), "expected \"" + message + "\" in: " + e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    private static byte[] with(byte[] b, int at, int value) {
        byte[] c = b.clone();
        c[at] = (byte) value;
        return c;
    }

    private static byte[] withShort(byte[] b, int at, int value) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putShort(at, (short) value);
        return c;
    }

    private static byte[] withInt(byte[] b, int at, int value) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        return c;
    }

    private static byte[] withLong(byte[] b, int at, long value) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putLong(at, value);
        return c;
    }
}
