package io.github.amdisa.examples.objdump;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small reader for the part of 64-bit little-endian ELF that AMD GPU code objects use: the file header, the
 * section headers with their names, and the symbol tables. No Java ELF library is among the project's known
 * dependencies, and a code object needs only this much, so the reader is written here from the ELF-64 object file
 * format (the System V gABI) and checks every offset and size it follows against the file's length.
 *
 * <p>Every problem is an {@link ElfFormatException} naming the byte offset where it was found; nothing else escapes
 * (a truncated or hostile file never causes an {@code IndexOutOfBoundsException}).
 */
public final class ElfFile {

    /** {@code e_machine} of AMD GPUs. */
    public static final int EM_AMDGPU = 224;
    /** Section type: program data. */
    public static final int SHT_PROGBITS = 1;
    /** Section type: symbol table. */
    public static final int SHT_SYMTAB = 2;
    /** Section type: string table. */
    public static final int SHT_STRTAB = 3;
    /** Section type: dynamic symbol table. */
    public static final int SHT_DYNSYM = 11;
    /** Section type: occupies no file space. */
    public static final int SHT_NOBITS = 8;
    /** Section flag: executable instructions. */
    public static final long SHF_EXECINSTR = 0x4;
    /** Symbol type: no type (labels). */
    public static final int STT_NOTYPE = 0;
    /** Symbol type: data object. */
    public static final int STT_OBJECT = 1;
    /** Symbol type: function (kernels and device functions). */
    public static final int STT_FUNC = 2;
    /** Symbol type: section. */
    public static final int STT_SECTION = 3;
    /** Symbol type: source file. */
    public static final int STT_FILE = 4;

    private static final int EHDR_SIZE = 64;
    private static final int SHDR_SIZE = 64;
    private static final int SYM_SIZE = 24;
    private static final int SHN_UNDEF = 0;
    private static final int SHN_LORESERVE = 0xff00;
    private static final int SHN_XINDEX = 0xffff;

    /**
     * One section header.
     *
     * @param index the section's index in the section header table
     * @param name the name from the section header string table
     * @param type {@code sh_type}
     * @param flags {@code sh_flags}
     * @param address {@code sh_addr}, the address of the first byte (0 in relocatable objects)
     * @param offset {@code sh_offset}, where the bytes are in the file
     * @param size {@code sh_size} in bytes
     * @param link {@code sh_link}
     * @param entrySize {@code sh_entsize}
     */
    public record Section(int index, String name, int type, long flags, long address, long offset, long size,
                          int link, long entrySize) {

        /**
         * Tells whether the section holds executable code.
         *
         * @return true when {@code SHF_EXECINSTR} is set
         */
        public boolean isExecutable() {
            return (flags & SHF_EXECINSTR) != 0;
        }
    }

    /**
     * One symbol table entry.
     *
     * @param name the name from the symbol table's string table
     * @param value {@code st_value}, the address (section-relative in relocatable objects)
     * @param size {@code st_size}
     * @param type the low four bits of {@code st_info} ({@link #STT_FUNC}, ...)
     * @param binding the high four bits of {@code st_info} (0 local, 1 global, 2 weak)
     * @param sectionIndex {@code st_shndx}, the section the symbol is defined in
     */
    public record Symbol(String name, long value, long size, int type, int binding, int sectionIndex) {
    }

    private final ByteBuffer data;
    private final int type;
    private final int machine;
    private final int osAbi;
    private final int abiVersion;
    private final int flags;
    private final List<Section> sections;
    private final List<Symbol> symbols;

    private ElfFile(ByteBuffer data, int type, int machine, int osAbi, int abiVersion, int flags,
                    List<Section> sections, List<Symbol> symbols) {
        this.data = data;
        this.type = type;
        this.machine = machine;
        this.osAbi = osAbi;
        this.abiVersion = abiVersion;
        this.flags = flags;
        this.sections = sections;
        this.symbols = symbols;
    }

    /**
     * Reads an ELF file from memory. The array is not copied.
     *
     * @param bytes the whole file
     * @return the parsed headers
     * @throws ElfFormatException when the bytes are not a well-formed 64-bit little-endian ELF file
     */
    public static ElfFile read(byte[] bytes) throws ElfFormatException {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 4 || bytes[0] != 0x7f || bytes[1] != 'E' || bytes[2] != 'L' || bytes[3] != 'F') {
            throw new ElfFormatException(0, "not an ELF file (the first four bytes are not 7f 45 4c 46)");
        }
        if (bytes.length < EHDR_SIZE) {
            throw new ElfFormatException(bytes.length, "truncated ELF header: the file has " + bytes.length
                    + " bytes, the 64-bit header needs " + EHDR_SIZE);
        }
        if (bytes[4] != 2) {
            throw new ElfFormatException(4, "EI_CLASS is " + bytes[4] + ", expected 2 (64-bit); AMD GPU code objects"
                    + " are ELF64");
        }
        if (bytes[5] != 1) {
            throw new ElfFormatException(5, "EI_DATA is " + bytes[5] + ", expected 1 (little-endian)");
        }
        int osAbi = bytes[7] & 0xff;
        int abiVersion = bytes[8] & 0xff;
        int type = b.getShort(16) & 0xffff;
        int machine = b.getShort(18) & 0xffff;
        int flags = b.getInt(48);
        long shoff = b.getLong(40);
        int shentsize = b.getShort(58) & 0xffff;
        long shnum = b.getShort(60) & 0xffff;
        long shstrndx = b.getShort(62) & 0xffff;
        if (shoff == 0) {
            return new ElfFile(b, type, machine, osAbi, abiVersion, flags, List.of(), List.of());
        }
        if (shentsize != SHDR_SIZE) {
            throw new ElfFormatException(58, "e_shentsize is " + shentsize + ", expected " + SHDR_SIZE);
        }
        checkRange(b, shoff, SHDR_SIZE, 40, "section header 0");
        if (shnum == 0) {
            // More than SHN_LORESERVE sections: the count is in section 0's sh_size.
            shnum = b.getLong((int) shoff + 32);
        }
        if (shstrndx == SHN_XINDEX) {
            shstrndx = b.getInt((int) shoff + 40) & 0xffffffffL;
        }
        checkRange(b, shoff, shnum < 0 || shnum > b.capacity() / SHDR_SIZE ? -1 : shnum * SHDR_SIZE, 40,
                "the section header table (" + Long.toUnsignedString(shnum) + " entries)");
        if (shstrndx >= shnum) {
            throw new ElfFormatException(62, "e_shstrndx " + shstrndx + " is not below the section count " + shnum);
        }
        int count = (int) shnum;
        long[][] raw = new long[count][];
        for (int i = 0; i < count; i++) {
            int h = (int) (shoff + (long) i * SHDR_SIZE);
            raw[i] = new long[] {b.getInt(h) & 0xffffffffL, b.getInt(h + 4) & 0xffffffffL, b.getLong(h + 8),
                    b.getLong(h + 16), b.getLong(h + 24), b.getLong(h + 32), b.getInt(h + 40) & 0xffffffffL,
                    b.getLong(h + 56)};
            if (raw[i][1] != SHT_NOBITS && i != 0) {
                checkRange(b, raw[i][4], raw[i][5], h + 24, "the contents of section " + i);
            }
        }
        long strOff = raw[(int) shstrndx][4];
        long strSize = raw[(int) shstrndx][5];
        List<Section> sections = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long[] r = raw[i];
            String name = i == 0 ? "" : string(b, strOff, strSize, r[0], shoff + (long) i * SHDR_SIZE);
            if (r[6] >= count && (r[1] == SHT_SYMTAB || r[1] == SHT_DYNSYM)) {
                throw new ElfFormatException(shoff + (long) i * SHDR_SIZE + 40, "symbol table " + name
                        + " links to string table section " + r[6] + ", but there are only " + count + " sections");
            }
            sections.add(new Section(i, name, (int) r[1], r[2], r[3], r[4], r[5], (int) r[6], r[7]));
        }
        List<Symbol> symbols = new ArrayList<>();
        for (Section s : sections) {
            if (s.type() == SHT_SYMTAB || s.type() == SHT_DYNSYM) {
                readSymbols(b, s, sections.get(s.link()), count, symbols);
            }
        }
        return new ElfFile(b, type, machine, osAbi, abiVersion, flags, List.copyOf(sections),
                List.copyOf(symbols));
    }

    private static void readSymbols(ByteBuffer b, Section table, Section strings, int sectionCount,
                                    List<Symbol> out) throws ElfFormatException {
        if (table.entrySize() != SYM_SIZE) {
            throw new ElfFormatException(table.offset(), "symbol table " + table.name() + " has entry size "
                    + table.entrySize() + ", expected " + SYM_SIZE);
        }
        long n = table.size() / SYM_SIZE;
        for (long i = 1; i < n; i++) {
            long p = table.offset() + i * SYM_SIZE;
            int e = (int) p;
            long nameOffset = b.getInt(e) & 0xffffffffL;
            int info = b.get(e + 4) & 0xff;
            int shndx = b.getShort(e + 6) & 0xffff;
            long value = b.getLong(e + 8);
            long size = b.getLong(e + 16);
            if (shndx != SHN_UNDEF && shndx < SHN_LORESERVE && shndx >= sectionCount) {
                throw new ElfFormatException(p + 6, "symbol " + i + " of " + table.name() + " is defined in section "
                        + shndx + ", but there are only " + sectionCount + " sections");
            }
            String name = string(b, strings.offset(), strings.size(), nameOffset, p);
            out.add(new Symbol(name, value, size, info & 0xf, info >>> 4, shndx));
        }
    }

    private static void checkRange(ByteBuffer b, long offset, long size, long where, String what)
            throws ElfFormatException {
        if (offset < 0 || size < 0 || offset > b.capacity() || size > b.capacity() - offset) {
            throw new ElfFormatException(where, what + " lies outside the file (offset " + offset + ", size "
                    + (size < 0 ? "too large" : size) + ", file size " + b.capacity() + ")");
        }
    }

    private static String string(ByteBuffer b, long tableOffset, long tableSize, long index, long where)
            throws ElfFormatException {
        checkRange(b, tableOffset, tableSize, where, "the string table of this name");
        if (index >= tableSize) {
            throw new ElfFormatException(where, "name offset " + index + " is outside its string table of "
                    + tableSize + " bytes");
        }
        int start = (int) (tableOffset + index);
        int end = start;
        int limit = (int) (tableOffset + tableSize);
        while (end < limit && b.get(end) != 0) {
            end++;
        }
        if (end == limit) {
            throw new ElfFormatException(where, "the name at offset " + index + " of its string table is not"
                    + " terminated");
        }
        byte[] bytes = new byte[end - start];
        b.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Returns {@code e_type}: 1 relocatable object ({@code llvm-mc -filetype=obj}), 3 shared object (a linked code
     * object, {@code .hsaco}).
     *
     * @return the file type
     */
    public int type() {
        return type;
    }

    /**
     * Returns {@code e_machine}.
     *
     * @return {@link #EM_AMDGPU} for AMD GPU code objects
     */
    public int machine() {
        return machine;
    }

    /**
     * Returns {@code EI_OSABI}: 64 HSA, 65 PAL, 66 Mesa3D.
     *
     * @return the OS ABI
     */
    public int osAbi() {
        return osAbi;
    }

    /**
     * Returns {@code EI_ABIVERSION} (for HSA, the code object version minus 2).
     *
     * @return the ABI version
     */
    public int abiVersion() {
        return abiVersion;
    }

    /**
     * Returns {@code e_flags}; on AMD GPUs the low byte is {@code EF_AMDGPU_MACH}, the processor.
     *
     * @return the flags
     */
    public int flags() {
        return flags;
    }

    /**
     * Returns the sections in header table order (index 0 is the null section).
     *
     * @return the sections
     */
    public List<Section> sections() {
        return sections;
    }

    /**
     * Returns the symbols of all symbol tables, without each table's null entry.
     *
     * @return the symbols
     */
    public List<Symbol> symbols() {
        return symbols;
    }

    /**
     * Returns a copy of a section's bytes.
     *
     * @param section a section of this file
     * @return its contents (empty for {@code SHT_NOBITS})
     */
    public byte[] contents(Section section) {
        if (section.type() == SHT_NOBITS || section.index() == 0) {
            return new byte[0];
        }
        return Arrays.copyOfRange(data.array(), (int) section.offset(), (int) (section.offset() + section.size()));
    }
}
