package com.example.kernels;

import com.example.gpu.rdna3.Instruction;
import com.example.gpu.rdna3.Rdna3Isa;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Lists an RDNA 3 kernel with the classes that {@code amdisa:generate} produced in {@code com.example.gpu.rdna3}:
 * one line per instruction (dword offset, LLVM-syntax text) and how often each instruction occurs.
 */
public final class KernelListing {

    /**
     * A small kernel as a GPU reads it (little-endian dwords): load a pointer, scale the work-item id, load, multiply
     * by pi, store. Encoded by llvm-mc-22 for gfx1100.
     */
    static final int[] KERNEL = {
        0xf4040000, 0xf8000000,   // s_load_b64 s[0:1], s[0:1], null
        0x30000082,               // v_lshlrev_b32_e32 v0, 2, v0
        0xbf89fc07,               // s_waitcnt lgkmcnt(0)
        0xd7006a01, 0x00020000,   // v_add_co_u32 v1, vcc_lo, s0, v0
        0xd5206a02, 0x01a90001,   // v_add_co_ci_u32_e64 v2, vcc_lo, s1, 0, vcc_lo
        0xdc520000, 0x037c0001,   // global_load_b32 v3, v[1:2], off
        0xbf8903f7,               // s_waitcnt vmcnt(0)
        0x100606ff, 0x40490fdb,   // v_mul_f32_e32 v3, 0x40490fdb, v3
        0xdc6a0000, 0x007c0301,   // global_store_b32 v[1:2], v3, off
        0xbfb00000,               // s_endpgm
    };

    /** One decoded instruction. */
    public record Line(int offset, int length, Instruction instruction, String text) {
    }

    private KernelListing() {
    }

    /**
     * Decodes {@code words} from the start to the end.
     *
     * @throws DecodeException at the first dword that is no RDNA 3 instruction (the exception names the offset)
     */
    public static List<Line> list(int[] words) {
        Disassembler disassembler = Rdna3Isa.disassembler();
        List<Line> lines = new ArrayList<>();
        int offset = 0;
        while (offset < words.length) {
            int at = offset;
            int[] variant = new int[1];
            int length = Rdna3Isa.INSTANCE.decode(words, at, (v, w, o, n) -> variant[0] = v);
            lines.add(new Line(at, length, Rdna3Isa.INSTANCE.instruction(variant[0]),
                    disassembler.disassemble(words, at)));
            offset += length;
        }
        return lines;
    }

    /** How often each instruction occurs in {@code lines}. */
    public static Map<Instruction, Integer> histogram(List<Line> lines) {
        Map<Instruction, Integer> counts = new EnumMap<>(Instruction.class);
        for (Line l : lines) {
            counts.merge(l.instruction(), 1, Integer::sum);
        }
        return counts;
    }

    public static void main(String[] args) {
        List<Line> lines = list(KERNEL);
        for (Line l : lines) {
            System.out.printf("%4d  %s%n", l.offset() * 4, l.text());
        }
        System.out.println();
        histogram(lines).forEach((i, n) -> System.out.printf("%3d x %s%n", n, i));
    }
}
