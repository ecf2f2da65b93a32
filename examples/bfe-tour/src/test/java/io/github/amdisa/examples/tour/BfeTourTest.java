package io.github.amdisa.examples.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.Words;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class BfeTourTest {

    private static List<BfeTour.Row> rows;

    @BeforeAll
    static void runTour() {
        rows = BfeTour.runAll();
    }

    @Test
    void everyGenerationAssemblesDecodesAndExecutes() {
        assertEquals(Target.values().length, rows.size());
        for (BfeTour.Row r : rows) {
            assertTrue(r.ok(), () -> r.target() + ": " + r);
            assertEquals(r.waveSize() * BfeTour.WIDTHS.length, r.lanesChecked(), r.target().mcpu());
        }
    }

    /** The reference itself, on values worked out by hand from AMD's definition. */
    @Test
    void referenceOnHandWorkedValues() {
        assertEquals(0, BfeTour.reference(-1, 0, 0));                     // width 0: empty field
        assertEquals(-1, BfeTour.reference(0x0000_0001, 0, 1));           // one bit, set: sign-extends to -1
        assertEquals(0x7f, BfeTour.reference(0x0000_7f00, 8, 8));         // 0x7f, positive
        assertEquals(-128, BfeTour.reference(0x0000_8000, 8, 8));         // 0x80 -> -128
        assertEquals(-8, BfeTour.reference(0x8000_00f0, 28, 8));          // arithmetic shift pulls in sign bits
        assertEquals(0x7f, BfeTour.reference(0x0000_7f00, 8 + 32, 8 + 32)); // only bits 4:0 of S1 and S2 count
    }

    @Test
    void printedTableNamesEveryTarget() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BfeTour.print(rows, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        for (Target t : Target.values()) {
            assertTrue(table.contains(t.mcpu()), t.mcpu());
        }
        assertTrue(table.contains("10 of 10 generations pass."), table);
    }

    /** The bytes amdisa assembles are the bytes llvm-mc-22 assembles, on every target. */
    @Test
    void bytesEqualLlvmMc() throws Exception {
        Path llvm = Path.of("/usr/bin/llvm-mc-22");
        Assumptions.assumeTrue(Files.isExecutable(llvm),
                "llvm-mc-22 is not installed (apt-get install llvm-22); skipping the byte comparison");
        Pattern encoding = Pattern.compile("encoding: (\\[[^\\]]*\\])");
        for (BfeTour.Row r : rows) {
            String out = run(llvm, r.target().mcpu(), BfeTour.STATEMENT + "\n");
            Matcher m = encoding.matcher(out);
            assertTrue(m.find(), () -> r.target().mcpu() + ": " + out);
            assertEquals(m.group(1), "[" + Words.toLlvmBytes(r.words(), 0, r.words().length) + "]", r.target().mcpu());
        }
    }

    private static String run(Path llvm, String mcpu, String input) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(llvm.toString(), "-triple=amdgcn", "-mcpu=" + mcpu, "-show-encoding")
                .redirectErrorStream(true).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }
}
