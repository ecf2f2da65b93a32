package io.github.amdisa.examples.objdump;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes minimal ELF64 little-endian relocatable AMD GPU objects for tests that must run without LLVM: a null
 * section, {@code .text}, {@code .symtab}, {@code .strtab} and {@code .shstrtab}. Written from the ELF-64 layout,
 * independently of {@link ElfFile}.
 */
final class TestElf {

    /** A symbol to put into {@code .symtab}, defined in {@code .text}. */
    record Sym(String name, long value, int type) {
    }

    /** Byte offsets of the parts of the written file, for tests that damage them. */
    record Layout(int textOffset, int symtabOffset, int strtabOffset, int shstrtabOffset, int sectionHeaders) {
    }

    private TestElf() {
    }

    static byte[] object(int eFlags, int[] textWords, List<Sym> symbols) {
        return write(eFlags, textWords, symbols, new Layout[1]);
    }

    static byte[] write(int eFlags, int[] textWords, List<Sym> symbols, Layout[] layout) {
        ByteArrayOutputStream strtab = new ByteArrayOutputStream();
        strtab.write(0);
        List<Integer> nameOffsets = new ArrayList<>();
        for (Sym s : symbols) {
            nameOffsets.add(strtab.size());
            strtab.writeBytes(s.name().getBytes(StandardCharsets.UTF_8));
            strtab.write(0);
        }
        byte[] shstrtab = "\0.text\0.symtab\0.strtab\0.shstrtab\0".getBytes(StandardCharsets.US_ASCII);
        int textName = 1;
        int symtabName = 7;
        int strtabName = 15;
        int shstrtabName = 23;

        int textOffset = 64;
        int textSize = textWords.length * 4;
        int symtabOffset = align(textOffset + textSize, 8);
        int symtabSize = 24 * (symbols.size() + 1);
        int strtabOffset = symtabOffset + symtabSize;
        int shstrtabOffset = strtabOffset + strtab.size();
        int shoff = align(shstrtabOffset + shstrtab.length, 8);
        int total = shoff + 5 * 64;
        layout[0] = new Layout(textOffset, symtabOffset, strtabOffset, shstrtabOffset, shoff);

        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 64, 3});
        b.putShort(16, (short) 1);            // ET_REL
        b.putShort(18, (short) 224);          // EM_AMDGPU
        b.putInt(20, 1);
        b.putLong(40, shoff);
        b.putInt(48, eFlags);
        b.putShort(52, (short) 64);
        b.putShort(58, (short) 64);
        b.putShort(60, (short) 5);
        b.putShort(62, (short) 4);            // .shstrtab
        for (int i = 0; i < textWords.length; i++) {
            b.putInt(textOffset + 4 * i, textWords[i]);
        }
        for (int i = 0; i < symbols.size(); i++) {
            int e = symtabOffset + 24 * (i + 1);
            b.putInt(e, nameOffsets.get(i));
            b.put(e + 4, (byte) (1 << 4 | symbols.get(i).type()));   // STB_GLOBAL
            b.putShort(e + 6, (short) 1);                            // .text
            b.putLong(e + 8, symbols.get(i).value());
        }
        b.put(strtabOffset, strtab.toByteArray());
        b.put(shstrtabOffset, shstrtab);
        section(b, shoff + 64, textName, 1, 0x6, textOffset, textSize, 0, 0);
        section(b, shoff + 128, symtabName, 2, 0, symtabOffset, symtabSize, 3, 24);
        section(b, shoff + 192, strtabName, 3, 0, strtabOffset, strtab.size(), 0, 0);
        section(b, shoff + 256, shstrtabName, 3, 0, shstrtabOffset, shstrtab.length, 0, 0);
        return b.array();
    }

    private static void section(ByteBuffer b, int at, int name, int type, long flags, long offset, long size,
                                int link, long entsize) {
        b.putInt(at, name);
        b.putInt(at + 4, type);
        b.putLong(at + 8, flags);
        b.putLong(at + 24, offset);
        b.putLong(at + 32, size);
        b.putInt(at + 40, link);
        b.putLong(at + 48, 4);
        b.putLong(at + 56, entsize);
    }

    private static int align(int value, int to) {
        return (value + to - 1) / to * to;
    }
}
