package io.github.amdisa.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.load.Severity;
import io.github.amdisa.isaxml.load.SpecLoadException;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.load.SpecProblem;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile specs through the whole pipeline: every input of {@link HostileSpecs} (derived from the bundled,
 * reconstructed CDNA 2 spec) is handed to {@link IsaGenerator} with an output folder that holds a previous
 * generation's files. Each must fail with a {@link IsaGenerator.GenerationException} caused by a
 * {@link SpecLoadException} with a located error (or, for a bundle refused as a whole, by an {@code IOException}
 * naming it), within a time bound, leaving every previous file byte-identical and no temporary folder behind;
 * nothing read through an external reference may appear in any message. The inputs aimed at memory run once more
 * in a separate JVM with a 96 MiB heap.
 *
 * <p>The unit cases of the loader on a small hand-written spec are in isa-xml's {@code MalformedSpecTest}; this
 * corpus does not repeat them.
 */
class HostileSpecTest {

    private static final String SMALL_HEAP = "-Xmx96m";

    @TempDir
    static Path work;
    private static Path out;
    private static Map<String, String> previous;

    static List<HostileSpecs.Case> cases() {
        return HostileSpecs.all();
    }

    /** A real generation from the unmodified base spec fills the output folder. */
    @BeforeAll
    static void generatePreviousOutput() throws Exception {
        Path baseFile = Files.createDirectories(work.resolve("base")).resolve(HostileSpecs.FILE);
        Files.writeString(baseFile, HostileSpecs.base());
        out = work.resolve("generated");
        GenerationResult r = new IsaGenerator().generate(GenerationRequest.fromPath(baseFile, List.of(), "hostile",
                out));
        assertTrue(r.written().size() > 10, "the base spec generates: " + r.written().size() + " files");
        previous = snapshot(out);
    }

    @Test
    void theCorpusHasMoreThanThirtyDistinctFiles() {
        List<HostileSpecs.Case> all = cases();
        assertTrue(all.size() >= 40, "cases: " + all.size());
        assertEquals(all.size(), all.stream().map(HostileSpecs.Case::name).distinct().count(), "names are unique");
    }

    @ParameterizedTest
    @MethodSource("cases")
    void failsLocatedAndLeavesThePreviousOutputAlone(HostileSpecs.Case c) throws Exception {
        Path input = input(c);
        IsaGenerator.GenerationException e = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> assertThrows(IsaGenerator.GenerationException.class,
                        () -> new IsaGenerator().generate(GenerationRequest.fromPath(input, List.of(), "hostile", out)),
                        c.attack()));
        String everything = describe(e);
        Throwable cause = e.getCause();
        String errorCount = cause instanceof SpecLoadException sle ? Integer.toString(sle.errors().size()) : "-";
        String firstError = (cause instanceof SpecLoadException sle && !sle.errors().isEmpty() ? sle.errors().get(0)
                .toString() : String.valueOf(cause)).replace(input.getParent().toString(), "").replace("\n", " ");
        REPORT.put(c.name(), "| " + c.name() + " | " + c.attack() + " | " + errorCount + " | "
                + (firstError.length() > 300 ? firstError.substring(0, 300) + "..." : firstError).replace("|", "\\|") + " |\n");
        assertFalse(everything.contains(HostileSpecs.SECRET), () -> "external content was read: " + everything);
        assertTrue(everything.length() < 100_000, "the message stays short: " + everything.length() + " chars");
        switch (c.expect()) {
            case INPUT -> {
                assertInstanceOf(IOException.class, e.getCause(), everything);
                assertTrue(e.getMessage().contains(input.toString()), "names the input: " + e.getMessage());
            }
            case FILE, LOCATED -> {
                SpecLoadException sle = assertInstanceOf(SpecLoadException.class, e.getCause(), everything);
                List<SpecProblem> errors = sle.errors();
                assertFalse(errors.isEmpty(), everything);
                SpecProblem first = errors.get(0);
                assertTrue(first.location().file().startsWith(input.toString()), "names the file: " + first);
                if (c.expect() == HostileSpecs.Expect.LOCATED) {
                    assertTrue(errors.stream().allMatch(p -> p.location().line() > 0 && p.location().column() > 0),
                            () -> "every error has a line and column: " + errors);
                }
                if (c.kind() != null) {
                    assertTrue(errors.stream().anyMatch(p -> p.kind() == c.kind()),
                            () -> "expected a " + c.kind() + " error: " + errors);
                }
                assertTrue(errors.stream().allMatch(p -> p.severity() == Severity.ERROR));
                assertTrue(sle.getMessage().contains(first.toString()), sle::getMessage);
            }
            default -> throw new AssertionError(c.expect());
        }
        Map<String, String> now = snapshot(out);
        assertTrue(previous.equals(now), () -> "the previous output is unchanged: " + changes(previous, now));
        try (Stream<Path> s = Files.list(out.getParent())) {
            List<String> leftovers = s.map(p -> p.getFileName().toString()).filter(n -> n.contains(".tmp")).toList();
            assertEquals(List.of(), leftovers, "no temporary folder is left behind");
        }
    }

    @AfterAll
    static void writeReport() throws IOException {
        StringBuilder b = new StringBuilder("# Hostile specs\n\nGenerated by `HostileSpecTest`: each input is derived "
                + "from the bundled, reconstructed " + HostileSpecs.BASE + " spec (not AMD's file) and handed to "
                + "`IsaGenerator`; the first error of each failed load is shown (paths relative to the case folder)."
                + "\n\n| case | attack | errors | first error |\n|---|---|---|---|\n");
        REPORT.values().forEach(b::append);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "hostile-specs.md"), b, StandardCharsets.UTF_8);
    }

    /** The memory-aimed inputs, loaded in a JVM whose heap is far smaller than any of them would expand to. */
    @Test
    void explosiveInputsFailInASmallHeap() throws Exception {
        List<String> paths = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (HostileSpecs.Case c : cases()) {
            if (c.explosive()) {
                paths.add(input(c).toString());
                names.add(c.name());
            }
        }
        assertTrue(paths.size() >= 10, "explosive cases: " + names);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), SMALL_HEAP, "-cp", classPath, SmallHeap.class.getName()));
        command.addAll(paths);
        Path log = work.resolve("small-heap.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the small-heap JVM finishes");
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> String.join("\n", lines));
        List<String> results = lines.stream().filter(l -> l.startsWith("RESULT ")).toList();
        assertEquals(paths.size(), results.size(), () -> String.join("\n", lines));
        for (int i = 0; i < paths.size(); i++) {
            String r = results.get(i);
            String name = names.get(i);
            assertTrue(r.startsWith("RESULT " + paths.get(i) + " LOCATED "), () -> name + ": " + r);
        }
    }

    /** Runs in the small-heap JVM: loads each path and prints one {@code RESULT} line per path. */
    static final class SmallHeap {
        public static void main(String[] args) {
            PrintStream o = System.out;
            for (String a : args) {
                try {
                    new SpecLoader().loadAll(Path.of(a), List.of());
                    o.println("RESULT " + a + " LOADED");
                } catch (SpecLoadException e) {
                    SpecProblem p = e.errors().get(0);
                    boolean located = p.location().line() > 0 && p.location().column() > 0;
                    o.println("RESULT " + a + (located ? " LOCATED " : " UNLOCATED ") + p.kind() + " " + p);
                } catch (IOException | RuntimeException | OutOfMemoryError e) {
                    o.println("RESULT " + a + " THREW " + e);
                }
            }
            o.flush();
        }
    }

    private static final Map<String, String> REPORT = new java.util.concurrent.ConcurrentSkipListMap<>();
    private static final Map<String, Path> INPUTS = new java.util.concurrent.ConcurrentHashMap<>();

    /** Writes a case's input once (the large ones take a few seconds to compress). */
    private static synchronized Path input(HostileSpecs.Case c) throws IOException {
        Path p = INPUTS.get(c.name());
        if (p == null) {
            p = c.writer().write(Files.createDirectories(work.resolve("cases").resolve(c.name())));
            INPUTS.put(c.name(), p);
        }
        return p;
    }

    /** The exception chain with the first 200 problems of a SpecLoadException. */
    private static String describe(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            b.append(t).append('\n');
            if (t instanceof SpecLoadException sle) {
                sle.problems().stream().limit(200).forEach(p -> b.append(p).append('\n'));
            }
        }
        return b.toString();
    }

    private static String changes(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        for (String k : before.keySet()) {
            if (!before.get(k).equals(after.get(k))) {
                changed.add(k);
            }
        }
        after.keySet().stream().filter(k -> !before.containsKey(k)).forEach(changed::add);
        return changed.size() + " files changed, e.g. " + changed.stream().limit(5).toList();
    }

    private static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> m = new TreeMap<>();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p).toString(), HexFormat.of().formatHex(sha.digest(Files.readAllBytes(p)))
                        + " " + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return m;
    }
}
