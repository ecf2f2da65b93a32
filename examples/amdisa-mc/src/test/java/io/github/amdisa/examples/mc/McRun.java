package io.github.amdisa.examples.mc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@link AmdisaMc#run} in memory. */
record McRun(String out, String err, int status) {

    static McRun run(McBackends backends, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = AmdisaMc.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.ISO_8859_1)),
                new PrintStream(out, true, StandardCharsets.ISO_8859_1),
                new PrintStream(err, true, StandardCharsets.ISO_8859_1), backends);
        return new McRun(out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.ISO_8859_1),
                status);
    }

    static McRun fake(String stdin, String... args) {
        return run(McBackends.of(FakeBackend.provider()), stdin, args);
    }
}
