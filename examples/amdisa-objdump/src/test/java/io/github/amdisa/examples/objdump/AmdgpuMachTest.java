package io.github.amdisa.examples.objdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AmdgpuMachTest {

    /** Rows llvm-mc-22 no longer accepts as -mcpu (checked by hand against LLVM's ELF.h only). */
    private static final Set<AmdgpuMach> NOT_IN_LLVM_22 = EnumSet.of(AmdgpuMach.GFX940, AmdgpuMach.GFX941);

    @Test
    void valuesAndProcessorNamesAreUnique() {
        Set<Integer> values = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (AmdgpuMach m : AmdgpuMach.values()) {
            assertTrue(values.add(m.value()), "duplicate value " + m);
            assertTrue(names.add(m.processor()), "duplicate name " + m);
            assertTrue(m.value() > 0 && m.value() <= AmdgpuMach.MASK, m.toString());
        }
    }

    @Test
    void everyTargetHasItsOwnProcessor() {
        for (Target t : Target.values()) {
            AmdgpuMach m = AmdgpuMach.fromProcessor(t.mcpu()).orElseThrow();
            assertEquals(t, m.target());
        }
    }

    @Test
    void onlyTheLowByteSelectsTheProcessor() {
        // gfx90a as llvm-mc-22 writes it: xnack and sramecc "any" bits above the processor byte.
        assertEquals(AmdgpuMach.GFX90A, AmdgpuMach.fromFlags(0x53f).orElseThrow());
        assertEquals(AmdgpuMach.GFX11_GENERIC, AmdgpuMach.fromFlags(0x1000054).orElseThrow());
        assertTrue(AmdgpuMach.fromFlags(0x2c).isEmpty(), "gfx900 has no bundled spec");
        assertTrue(AmdgpuMach.fromFlags(0).isEmpty());
    }

    @Test
    void everyValueIsWhatLlvmMcWrites(@TempDir Path dir) throws Exception {
        LlvmTools.assumeInstalled(LlvmTools.MC);
        Path source = Files.writeString(dir.resolve("e.s"), ".text\ns_endpgm\n");
        int checked = 0;
        for (AmdgpuMach m : AmdgpuMach.values()) {
            if (NOT_IN_LLVM_22.contains(m)) {
                continue;
            }
            Path object = LlvmTools.assemble(source, m.processor(), dir.resolve(m.processor() + ".o"));
            ElfFile elf = ElfFile.read(Files.readAllBytes(object));
            assertEquals(m.value(), elf.flags() & AmdgpuMach.MASK, m.processor() + ": e_flags 0x"
                    + Integer.toHexString(elf.flags()));
            assertEquals(m, AmdgpuMach.fromFlags(elf.flags()).orElseThrow());
            checked++;
        }
        assertEquals(AmdgpuMach.values().length - NOT_IN_LLVM_22.size(), checked);
        assertTrue(List.of(AmdgpuMach.values()).size() >= 30);
    }
}
