package io.github.amdisa.examples.objdump;

import io.github.amdisa.runtime.codec.AsmSyntax;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.LlvmSyntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Disassembles the executable sections of an AMD GPU code object into the listing {@code llvm-objdump -d} prints:
 * per section and symbol a header, per instruction the text, the address and the encoding dwords, and for branches
 * the target ({@code <kern+0x24>}), or with {@link Options#symbolizeOperands()} local labels ({@code L0}, ...) in
 * place of branch offsets, like {@code llvm-objdump -d --symbolize-operands}.
 *
 * <p>The generation comes from the ELF header's {@code EF_AMDGPU_MACH} ({@link AmdgpuMach}), or from
 * {@link Options#processor()} when given. Words that do not decode print as {@code .long}, trailing bytes as
 * {@code .byte}, as llvm-objdump does; a malformed file is an {@link ElfFormatException}.
 *
 * <p>llvm-objdump conventions kept here (measured on llvm-objdump 22): symbols at one address show only the one
 * whose name sorts last, and a section's name stands in when no symbol starts the section; every symbol's range is
 * decoded on its own; a branch whose target is exactly a symbol of type {@code STT_NOTYPE} prints that symbol's
 * name as its operand; labels are numbered in address order over the whole section.
 */
public final class CodeObjectDisassembler {

    /** Where the {@code //} comment starts: the tab and the instruction are left-justified to this width. */
    private static final int COMMENT_COLUMN = 60;

    /**
     * What to print.
     *
     * @param symbolizeOperands replace branch offsets by local labels and print the labels
     * @param processor the processor to decode for instead of the one the ELF header names
     */
    public record Options(boolean symbolizeOperands, Optional<AmdgpuMach> processor) {

        /** The defaults: plain {@code llvm-objdump -d} output, the processor from the file. */
        public static final Options DEFAULT = new Options(false, Optional.empty());
    }

    /** One decoded item of a symbol's range: an instruction ({@code variant >= 0}) or undecodable bytes. */
    private record Item(long address, int offset, int bytes, int variant, String text, long branchTarget,
                        boolean labelOperand) {
    }

    /** A symbol as the listing uses it: a name at an address. */
    private record Sym(String name, long address, int type) {
    }

    private final AsmSyntax syntax = new LlvmSyntax();

    /**
     * Reads a code object and returns its listing.
     *
     * @param fileName the name to print in the header, as given on the command line
     * @param bytes the file
     * @param options what to print
     * @return the listing
     * @throws ElfFormatException when the file is not an ELF64 AMD GPU code object, or its processor is unknown
     */
    public String disassemble(String fileName, byte[] bytes, Options options) throws ElfFormatException {
        ElfFile elf = ElfFile.read(bytes);
        if (elf.machine() != ElfFile.EM_AMDGPU) {
            throw new ElfFormatException(18, "e_machine is " + elf.machine() + ", expected " + ElfFile.EM_AMDGPU
                    + " (EM_AMDGPU): this is not an AMD GPU code object");
        }
        AmdgpuMach mach = options.processor().isPresent() ? options.processor().get() : processor(elf);
        InstructionSet isa = GeneratedIsas.forTarget(mach.target());
        StringBuilder out = new StringBuilder();
        out.append('\n').append(fileName).append(":\tfile format elf64-amdgpu\n");
        for (ElfFile.Section section : elf.sections()) {
            if (section.isExecutable() && section.type() == ElfFile.SHT_PROGBITS) {
                out.append("\nDisassembly of section ").append(section.name()).append(":\n");
                disassembleSection(elf, section, isa, options, out);
            }
        }
        return out.toString();
    }

    /**
     * Finds the processor the ELF header names.
     *
     * @param elf the file
     * @return the processor
     * @throws ElfFormatException when amdisa has no decoder for it
     */
    public static AmdgpuMach processor(ElfFile elf) throws ElfFormatException {
        return AmdgpuMach.fromFlags(elf.flags()).orElseThrow(() -> new ElfFormatException(48, String.format(
                Locale.ROOT, "e_flags 0x%x names processor EF_AMDGPU_MACH 0x%02x, which amdisa has no decoder for"
                        + " (known: %s); pass --mcpu= to choose one", elf.flags(), elf.flags() & AmdgpuMach.MASK,
                Arrays.stream(AmdgpuMach.values()).map(AmdgpuMach::processor).toList())));
    }

    private void disassembleSection(ElfFile elf, ElfFile.Section section, InstructionSet isa, Options options,
                                    StringBuilder out) {
        byte[] bytes = elf.contents(section);
        long start = section.address();
        long end = start + bytes.length;
        List<Sym> symbols = symbols(elf, section);

        List<List<Item>> ranges = new ArrayList<>();
        for (int i = 0; i < symbols.size(); i++) {
            long from = symbols.get(i).address();
            long to = i + 1 < symbols.size() ? symbols.get(i + 1).address() : end;
            ranges.add(decodeRange(isa, bytes, start, from, to, symbols));
        }

        TreeMap<Long, String> labels = new TreeMap<>();
        if (options.symbolizeOperands()) {
            for (List<Item> range : ranges) {
                for (Item item : range) {
                    if (item.branchTarget() >= start && item.branchTarget() < end && !item.labelOperand()) {
                        labels.put(item.branchTarget(), "");
                    }
                }
            }
            int n = 0;
            for (var e : labels.entrySet()) {
                e.setValue("L" + n++);
            }
        }

        for (int i = 0; i < symbols.size(); i++) {
            Sym sym = symbols.get(i);
            out.append('\n');
            hex(out, sym.address(), 16, false).append(" <").append(sym.name()).append(">:\n");
            for (Item item : ranges.get(i)) {
                String label = labels.get(item.address());
                if (label != null) {
                    out.append('\n');
                    hex(out, item.address(), 16, false).append(" <").append(label).append(">:\n");
                }
                printItem(item, bytes, end, symbols, labels, out);
            }
        }
    }

    /** The symbols of a section in address order, one per address, the section's name at its start if needed. */
    private static List<Sym> symbols(ElfFile elf, ElfFile.Section section) {
        long start = section.address();
        long end = start + section.size();
        List<Sym> all = new ArrayList<>();
        all.add(new Sym(section.name(), start, ElfFile.STT_SECTION));
        for (ElfFile.Symbol s : elf.symbols()) {
            if (s.sectionIndex() == section.index() && s.type() != ElfFile.STT_SECTION
                    && s.type() != ElfFile.STT_FILE && !s.name().isEmpty() && s.value() >= start
                    && s.value() < end) {
                all.add(new Sym(s.name(), s.value(), s.type()));
            }
        }
        all.sort(Comparator.comparingLong(Sym::address).thenComparing(Sym::name));
        List<Sym> shown = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i + 1 == all.size() || all.get(i + 1).address() != all.get(i).address()) {
                shown.add(all.get(i));
            }
        }
        return shown;
    }

    private List<Item> decodeRange(InstructionSet isa, byte[] bytes, long sectionStart, long from, long to,
                                   List<Sym> symbols) {
        int first = (int) (from - sectionStart);
        int limit = (int) (to - sectionStart);
        int[] words = new int[(limit - first) / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = dword(bytes, first + 4 * i);
        }
        List<Item> items = new ArrayList<>();
        int[] variant = new int[1];
        StringBuilder text = new StringBuilder();
        int index = 0;
        while (index < words.length) {
            long address = from + 4L * index;
            int length;
            try {
                length = isa.decode(words, index, (v, w, o, n) -> variant[0] = v);
            } catch (DecodeException e) {
                items.add(new Item(address, first + 4 * index, 4, -1,
                        String.format(Locale.ROOT, ".long 0x%08x", words[index]), Long.MIN_VALUE, false));
                index++;
                continue;
            }
            text.setLength(0);
            syntax.print(isa, variant[0], words, index, length, text);
            long target = Long.MIN_VALUE;
            boolean labelOperand = false;
            int labelIndex = labelOperand(isa, variant[0]);
            if (labelIndex >= 0) {
                long simm16 = (short) isa.operandValue(variant[0], labelIndex, words, index);
                long dest = address + 4 + simm16 * 4;
                Optional<Sym> exact = symbols.stream()
                        .filter(s -> s.address() == dest && s.type() == ElfFile.STT_NOTYPE).findFirst();
                if (exact.isPresent()) {
                    // LLVM's AMDGPUSymbolizer: the operand becomes the symbol, and the branch is no longer
                    // evaluated (no target comment, no label).
                    replaceLastOperand(text, exact.get().name());
                    labelOperand = true;
                } else if (labelIndex == 0) {
                    target = dest;
                }
            }
            items.add(new Item(address, first + 4 * index, 4 * length, variant[0], text.toString(), target,
                    labelOperand));
            index += length;
        }
        int tail = (limit - first) % 4;
        if (tail != 0) {
            StringBuilder b = new StringBuilder(".byte ");
            for (int i = 0; i < tail; i++) {
                b.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "0x%02x",
                        bytes[first + 4 * words.length + i] & 0xff));
            }
            items.add(new Item(from + 4L * words.length, first + 4 * words.length, tail, -1, b.toString(),
                    Long.MIN_VALUE, false));
        }
        return items;
    }

    /** The index of the variant's first operand of type {@code OPR_LABEL} (a 16-bit dword offset), or -1. */
    private static int labelOperand(InstructionSet isa, int variant) {
        int n = isa.operandCount(variant);
        for (int i = 0; i < n; i++) {
            if ("OPR_LABEL".equals(isa.operandType(variant, i))) {
                return i;
            }
        }
        return -1;
    }

    private static void replaceLastOperand(StringBuilder text, String replacement) {
        int cut = Math.max(text.lastIndexOf(", ") + 2, text.indexOf(" ") + 1);
        text.setLength(cut);
        text.append(replacement);
    }

    private static void printItem(Item item, byte[] bytes, long sectionEnd, List<Sym> symbols,
                                  TreeMap<Long, String> labels, StringBuilder out) {
        int lineStart = out.length();
        out.append('\t');
        String label = labels.get(item.branchTarget());
        if (label != null) {
            StringBuilder text = new StringBuilder(item.text());
            replaceLastOperand(text, label);
            out.append(text);
        } else {
            out.append(item.text());
        }
        while (out.length() - lineStart < COMMENT_COLUMN) {
            out.append(' ');
        }
        out.append("// ");
        hex(out, item.address(), 12, true).append(':');
        if (item.bytes() % 4 == 0) {
            for (int i = 0; i < item.bytes(); i += 4) {
                hex(out.append(' '), dword(bytes, item.offset() + i) & 0xffffffffL, 8, true);
            }
        } else {
            for (int i = 0; i < item.bytes(); i++) {
                hex(out.append(' '), bytes[item.offset() + i] & 0xff, 2, true);
            }
        }
        if (item.branchTarget() != Long.MIN_VALUE && item.branchTarget() < sectionEnd && label == null) {
            Sym base = null;
            for (Sym s : symbols) {
                if (s.address() <= item.branchTarget()) {
                    base = s;
                }
            }
            if (base != null) {
                long delta = item.branchTarget() - base.address();
                out.append(" <").append(base.name());
                if (delta != 0) {
                    out.append("+0x").append(Long.toHexString(delta));
                }
                out.append('>');
            }
        }
        out.append('\n');
    }

    private static int dword(byte[] b, int p) {
        return (b[p] & 0xff) | (b[p + 1] & 0xff) << 8 | (b[p + 2] & 0xff) << 16 | (b[p + 3] & 0xff) << 24;
    }

    private static StringBuilder hex(StringBuilder out, long value, int digits, boolean upper) {
        String h = Long.toHexString(value);
        for (int i = h.length(); i < digits; i++) {
            out.append('0');
        }
        return out.append(upper ? h.toUpperCase(Locale.ROOT) : h);
    }
}
