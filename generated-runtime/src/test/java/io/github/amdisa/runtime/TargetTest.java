package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.amdisa.isaxml.Generation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The runtime's target table against isa-xml's generations (the runtime cannot depend on isa-xml, so the two tables
 * are checked here) and, with llvm-mc-22, that every processor a target serves is one LLVM knows and encodes like
 * the representative one.
 */
class TargetTest {

    @Test
    void everyGenerationHasItsTarget() {
        Set<Target> seen = new HashSet<>();
        for (Generation g : Generation.values()) {
            Target t = Target.forMcpu(g.llvmTarget());
            assertTrue(seen.add(t), "two generations on " + t);
            assertEquals(g.amdName(), "AMD " + t.generation().replace("RDNA", "RDNA ").replace("CDNA", "CDNA "),
                    g + " vs " + t);
            assertEquals(g.defaultWaveSize(), t.defaultWaveSize(), g.toString());
        }
        assertEquals(Target.values().length, seen.size());
    }

    @Test
    void processorsAreUniqueAndResolveToTheirTarget() {
        Set<String> all = new HashSet<>();
        for (Target t : Target.values()) {
            assertEquals(t.mcpu(), t.processors().get(0));
            for (String p : t.processors()) {
                assertTrue(all.add(p), p + " listed twice");
                assertEquals(Optional.of(t), Target.forProcessor(p));
            }
        }
        assertEquals(Optional.empty(), Target.forProcessor("gfx9999"));
        assertEquals(Optional.empty(), Target.find("gfx1101"), "find takes representative processors only");
    }

    /** A few instructions of every family the processors of one generation share; bytes must agree. */
    private static final String PROBE = "s_endpgm\ns_mov_b32 s1, s2\nv_mov_b32 v1, v2\nv_add_f32 v1, v2, v3\n"
            + "v_bfe_i32 v5, v1, v2, s3\n";

    @Test
    void llvmKnowsEveryProcessorAndEncodesLikeTheRepresentative() throws Exception {
        assumeTrue(onPath("llvm-mc-22"), "llvm-mc-22 not on PATH: install Debian's llvm-22 (.ci/run does)");
        for (Target t : Target.values()) {
            String[] reference = llvm(t.mcpu());
            for (String p : t.processors()) {
                String[] got = llvm(p);
                assertFalse(got[1].contains("not a recognized processor"), p + ": " + got[1]);
                assertEquals(reference[0], got[0], p + " vs " + t.mcpu());
            }
        }
    }

    private static String[] llvm(String mcpu) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("llvm-mc-22", "-triple=amdgcn", "-mcpu=" + mcpu, "-show-encoding").start();
        p.getOutputStream().write(PROBE.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new String[] {out, err};
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
