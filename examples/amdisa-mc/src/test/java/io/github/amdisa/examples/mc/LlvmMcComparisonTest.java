package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the real {@code llvm-mc-22} and amdisa-mc (with {@link FakeBackend}, whose {@code s_nop N} and invalid
 * {@code 0xff...} dwords behave as on gfx1100) on the same inputs and requires identical standard output, standard
 * error and exit status. Skipped when {@code llvm-mc-22} is not on the PATH.
 */
class LlvmMcComparisonTest {

    private static final String LLVM_MC = "llvm-mc-22";

    @BeforeAll
    static void needsLlvmMc() {
        boolean found = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, LLVM_MC)));
        assumeTrue(found, LLVM_MC + " is not on the PATH; skipping the comparison with the real llvm-mc");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "0x00,0x00,0x80,0xbf\n",
        "0x00 0x00 0x80 0xbf 0x01 0x00 0x80 0xbf\n0x02,0x00,\n0x80,0xbf\n",
        "# comment\n\n0x00,0x00,0x80,0xbf # trailing\n",
        "0x00,0x00,0x80,0xbf\nfoo\n0x01,0x00,0x80,0xbf // nop\n0x02,0x00,0x80,0xbf\n",
        "0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf,0x05,0x00\n",
        "[0x00,0x00,0x80,0xbf,0xff,0xff,0xff,0xff,0x00,0x00,0x80,0xbf]\n0x01,0x00,0x80,0xbf\n",
        "[0x00,0x00,0x80,0xbf [0x01,0x00,0x80,0xbf]]\n",
        "]0x00,0x00,0x80,0xbf\n[0x03,0x00,0x80,0xbf\n",
        "0x00\t0x00, zz\n-1\n256\n0x\n010 0x00 0x80 0xbf\n0b1 0 0x80 0xbf\n",
        "",
    })
    void disassemblyMatches(String input) throws Exception {
        for (List<String> flags : List.of(List.of("-disassemble"), List.of("-disassemble", "-show-encoding"))) {
            compare(input, flags);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "s_nop 0\n",
        "\n\ns_nop 0\n\n// c\ns_nop 1 ; t\n",
        "foo:\n  s_nop 2 // trailing\nbar: s_nop 3\n\t.text\n",
        "s_nop 0\n\tv_bogus v1\ns_nop 1",
        "# line comment\n; another\ns_nop 15\n",
        "x=1\n.set y, x+1\n.equ z, u+1\n  .EQUIV w , 3\n.equiv w, 4\nw = 5\nL:\nL:\nL = 2\ns_nop 0\n",
        ".set y\n.set 1, 2\n.set y, 1,\nq = r\nr = 3\n.set t, (q+1)*2\n",
    })
    void assemblyMatches(String input) throws Exception {
        compare(input, List.of());
        compare(input, List.of("-show-encoding"));
    }

    private static void compare(String input, List<String> flags) throws Exception {
        List<String> args = new ArrayList<>(List.of("-triple=amdgcn", "-mcpu=gfx1100"));
        args.addAll(flags);
        McRun expected = llvmMc(input, args);
        McRun actual = McRun.fake(input, args.toArray(String[]::new));
        String what = "input " + input.replace("\n", "\\n") + " with " + flags;
        assertEquals(expected.out(), actual.out(), "stdout for " + what);
        assertEquals(expected.err(), actual.err(), "stderr for " + what);
        assertEquals(expected.status(), actual.status(), "exit status for " + what);
    }

    private static McRun llvmMc(String input, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(LLVM_MC));
        command.addAll(args);
        Process p = new ProcessBuilder(command).start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        try (OutputStream in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.ISO_8859_1));
        }
        int status = p.waitFor();
        return new McRun(new String(out.join(), StandardCharsets.ISO_8859_1),
                new String(err.join(), StandardCharsets.ISO_8859_1), status);
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
