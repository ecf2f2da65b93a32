package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.runtime.asm.Assembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The spec's {@code <AliasedInstructionNames>} reach the generated instruction sets unchanged (compared with the
 * spec as isa-xml loads it), and the assembler takes every alias as a mnemonic for its instruction: a statement
 * printed for a decodable instance of the instruction, with the alias put in place of the name, assembles to the
 * same words.
 */
class SpecAliasTest {

    @ParameterizedTest
    @EnumSource(Generation.class)
    void aliasesComeFromTheSpecAndAssemble(Generation g) throws Exception {
        IsaSpec spec = TestIsas.spec(g);
        Map<String, List<String>> expected = new HashMap<>();
        for (Instruction i : spec.instructions()) {
            expected.put(i.name(), i.aliases());
        }
        InstructionSet isa = TestIsas.instructionSet(g);
        Assembler asm = Assembler.llvm(isa);
        int checked = 0;
        for (int v = 0; v < isa.variantCount(); v++) {
            assertEquals(expected.get(isa.instructionName(v)), isa.instructionAliases(v), isa.instructionName(v));
        }
        int[] words = new int[32];
        io.github.amdisa.runtime.codec.Disassembler dis = io.github.amdisa.runtime.codec.Disassembler.llvm(isa);
        for (int v = 0; v < isa.variantCount(); v++) {
            if (isa.instructionAliases(v).isEmpty()) {
                continue;
            }
            java.util.Arrays.fill(words, 0);
            isa.encode(v, new String[0], new long[0], words, 0);
            Assembler.Assembly canonical;
            String printed;
            try {
                StringBuilder sb = new StringBuilder();
                dis.disassemble(words, 0, sb);
                printed = sb.toString().strip();
                canonical = asm.assemble(printed);
            } catch (RuntimeException e) {
                continue; // an instance the assembler cannot take back is not what this test is about
            }
            String name = printed.split(" ", 2)[0];
            for (String alias : isa.instructionAliases(v)) {
                String text = alias.toLowerCase(Locale.ROOT) + printed.substring(name.length());
                assertArrayEquals(canonical.words(), asm.assemble(text).words(), text);
                checked++;
            }
        }
        int aliases = expected.values().stream().mapToInt(List::size).sum();
        if (aliases > 0) {
            assertEquals(true, checked > 0, "no alias of " + g + " was assembled");
        }
    }
}
