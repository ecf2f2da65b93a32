package io.github.amdisa.examples.objdump;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the LLVM 22 tools the tests compare with; tests that need them skip with a message when they are missing. */
final class LlvmTools {

    static final String MC = "llvm-mc-22";
    static final String OBJDUMP = "llvm-objdump-22";

    private LlvmTools() {
    }

    /** Skips the calling test unless {@code tool} is on the PATH. */
    static void assumeInstalled(String tool) {
        assumeTrue(onPath(tool), tool + " is not installed (Debian package llvm-22): skipping the comparison");
    }

    static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Assembles {@code source} for {@code mcpu} into a relocatable code object ({@code -filetype=obj}). */
    static Path assemble(Path source, String mcpu, Path object) throws IOException, InterruptedException {
        run(List.of(MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + mcpu, "-filetype=obj", source.toString(), "-o",
                object.toString()));
        return object;
    }

    /** Runs a command and returns its standard output; fails on a non-zero exit. */
    static String run(List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("llvm", ".err");
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(command + " timed out");
            }
            if (p.exitValue() != 0) {
                throw new IOException(command + " exited with " + p.exitValue() + ": " + Files.readString(err));
            }
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
