package io.github.amdisa.examples.objdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: exit statuses, error messages, and several files in one run. */
class AmdisaObjdumpTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return AmdisaObjdump.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void listsEveryFileAndReportsTheBadOnes(@TempDir Path dir) throws Exception {
        Path good = Files.write(dir.resolve("k.o"), TestElf.object(0x41, new int[] {0xBFB00000},
                List.of(new TestElf.Sym("k", 0, ElfFile.STT_FUNC))));
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a code object");
        int status = run("-d", good.toString(), text.toString(), dir.resolve("missing.o").toString(),
                good.toString());
        assertEquals(1, status);
        String listing = out.toString(StandardCharsets.UTF_8);
        assertEquals(2, listing.split("file format elf64-amdgpu", -1).length - 1, listing);
        String errors = err.toString(StandardCharsets.UTF_8);
        assertTrue(errors.contains("amdisa-objdump: error: '" + text + "': at byte 0x0: not an ELF file"), errors);
        assertTrue(errors.contains("amdisa-objdump: error: '" + dir.resolve("missing.o") + "': no such file"),
                errors);
    }

    @Test
    void succeedsOnGoodFiles(@TempDir Path dir) throws Exception {
        Path good = Files.write(dir.resolve("k.o"), TestElf.object(0x41, new int[] {0xBFB00000}, List.of()));
        assertEquals(0, run("--symbolize-operands", good.toString()));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("\ts_endpgm "));
    }

    @Test
    void badCommandLinesExitWithTwo() {
        assertEquals(2, run());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no input file"));
        assertEquals(2, run("--frobnicate", "x.o"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown option '--frobnicate'"));
        assertEquals(2, run("--mcpu=gfx9000", "x.o"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown processor 'gfx9000'"));
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: amdisa-objdump"));
    }
}
