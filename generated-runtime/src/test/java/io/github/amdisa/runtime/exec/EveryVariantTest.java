package io.github.amdisa.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every decoder variant of every generation, raw-encoded with zero fields and executed once on a wave with memory:
 * it runs or raises a typed {@link ExecutionException}, never anything else. Counts what executes and why the
 * rest is refused ({@code target/interpreter-variants.md}); a floor keeps the executable share from regressing.
 */
class EveryVariantTest {

    private static final Map<Target, String> SUMMARY = new TreeMap<>();

    @ParameterizedTest
    @EnumSource(Target.class)
    void everyVariantRunsOrRaisesTypedErrors(Target t) {
        Interpreter in = Interpreters.forTarget(t);
        InstructionSet isa = in.instructionSet();
        int ran = 0;
        Map<String, Integer> refused = new TreeMap<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] words = new int[8];
            try {
                isa.encode(v, new String[0], new long[0], words, 0);
            } catch (IllegalArgumentException e) {
                continue;
            }
            Wave w = new Wave(t, t.defaultWaveSize(), 256, t.hasAgprs() ? 256 : 0);
            w.attach(new SparseMemory(SparseMemory.Unmapped.ZERO_FILL, false), Lds.of(t),
                    new Scratch(t.defaultWaveSize(), 4096));
            try {
                in.execute(w, words, 0);
                ran++;
            } catch (ExecutionException e) {
                String kind = e.getClass().getSimpleName();
                String why = e instanceof UnsupportedInstruction u ? reasonClass(u.reason()) : kind;
                refused.merge(why, 1, Integer::sum);
            } catch (RuntimeException | StackOverflowError e) {
                fail(isa.instructionName(v) + " (" + isa.encodingName(v) + ") on " + t + " threw " + e, e);
            }
        }
        int total = ran + refused.values().stream().mapToInt(Integer::intValue).sum();
        StringBuilder sb = new StringBuilder(String.format("| %s | %d | %d | %.1f%% |", t.mcpu(), ran, total,
                100.0 * ran / total));
        SUMMARY.put(t, sb + " " + refused);
        assertTrue(ran * 2 > total, t + ": only " + ran + " of " + total + " variants execute: " + refused);
    }

    private static String reasonClass(String reason) {
        String r = reason.replaceAll("0x[0-9a-f]+", "N").replaceAll("\\d+", "N");
        return r.length() > 70 ? r.substring(0, 70) : r;
    }

    @AfterAll
    static void report() throws Exception {
        StringBuilder sb = new StringBuilder("# Interpreter: decoder variants executed with zero fields\n\n"
                + "Each variant of the bundled (reconstructed) specs, all fields zero, executed once. Refusals are\n"
                + "typed ExecutionExceptions, grouped by reason.\n\n| target | ran | variants | % | refused |\n"
                + "|---|---|---|---|---|\n");
        SUMMARY.values().forEach(l -> sb.append(l).append('\n'));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/interpreter-variants.md"), sb.toString());
    }
}
