package io.github.amdisa.examples.objdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Assembles small kernels with {@code llvm-mc-22 -filetype=obj} for every bundled generation (and a few sibling
 * processors, to exercise the {@code EF_AMDGPU_MACH} mapping) and compares amdisa-objdump's listing with
 * {@code llvm-objdump-22 -d}, plain and with {@code --symbolize-operands}, whitespace-normalised.
 */
class LlvmObjdumpComparisonTest {

    static Stream<Arguments> objects() {
        return Stream.of(
                Arguments.of("gfx908", "gfx9.s"), Arguments.of("gfx90a", "gfx9.s"),
                Arguments.of("gfx942", "gfx9.s"), Arguments.of("gfx950", "gfx9.s"),
                Arguments.of("gfx1010", "gfx10.s"), Arguments.of("gfx1030", "gfx10.s"),
                Arguments.of("gfx1031", "gfx10.s"), Arguments.of("gfx1100", "gfx11.s"),
                Arguments.of("gfx1101", "gfx11.s"), Arguments.of("gfx1150", "gfx11.s"),
                Arguments.of("gfx1151", "gfx11.s"), Arguments.of("gfx1200", "gfx12.s"),
                Arguments.of("gfx1201", "gfx12.s"), Arguments.of("gfx1250", "gfx12.s"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("objects")
    void listingMatchesLlvmObjdump(String mcpu, String kernel, @TempDir Path dir) throws Exception {
        LlvmTools.assumeInstalled(LlvmTools.MC);
        LlvmTools.assumeInstalled(LlvmTools.OBJDUMP);
        Path source = dir.resolve(kernel);
        try (InputStream in = getClass().getResourceAsStream("/kernels/" + kernel)) {
            Files.write(source, in.readAllBytes());
        }
        Path object = LlvmTools.assemble(source, mcpu, dir.resolve(mcpu + ".o"));
        byte[] bytes = Files.readAllBytes(object);
        String name = object.toString();
        CodeObjectDisassembler amdisa = new CodeObjectDisassembler();

        String plain = amdisa.disassemble(name, bytes, CodeObjectDisassembler.Options.DEFAULT);
        String llvm = LlvmTools.run(List.of(LlvmTools.OBJDUMP, "-d", name));
        assertEquals(normalise(llvm), normalise(plain), mcpu + " llvm-objdump -d");
        assertTrue(plain.contains(" <scale+0x"), "branch targets are annotated:\n" + plain);

        String labelled = amdisa.disassemble(name, bytes, new CodeObjectDisassembler.Options(true, Optional.empty()));
        String llvmLabelled = LlvmTools.run(List.of(LlvmTools.OBJDUMP, "-d", "--symbolize-operands", name));
        assertEquals(normalise(llvmLabelled), normalise(labelled), mcpu + " llvm-objdump -d --symbolize-operands");
        assertTrue(labelled.contains(" <L0>:") && labelled.contains("s_cbranch_scc1 L0"), labelled);
    }

    /** Trims every line, collapses runs of blanks to one space and drops empty lines. */
    static List<String> normalise(String listing) {
        List<String> lines = new ArrayList<>();
        for (String line : listing.split("\n")) {
            String l = line.strip().replaceAll("[ \t]+", " ");
            if (!l.isEmpty()) {
                lines.add(l);
            }
        }
        return lines;
    }
}
