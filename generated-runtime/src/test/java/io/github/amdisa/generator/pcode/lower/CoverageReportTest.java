package io.github.amdisa.generator.pcode.lower;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Per generation: lowered / with pseudocode, unsupported grouped by reason; written to target/pcode-coverage.md,
 * with every unsupported instruction and its full reason in target/pcode-unsupported.md.
 */
class CoverageReportTest {

    /**
     * Floor per generation: the acceptance, 95% of the instructions with pseudocode lowered (reached on every
     * generation; CDNA 5 is the lowest at 1670 / 1757 = 95.05%).
     */
    private static final double FLOOR = 0.95;

    @Test
    void coverage() throws IOException {
        StringBuilder md = new StringBuilder("# Pseudocode lowering coverage\n\n| generation | lowered | with pseudocode | % |\n|---|---|---|---|\n");
        Map<Generation, int[]> counts = new TreeMap<>();
        Map<Generation, Map<String, Integer>> reasons = new TreeMap<>();
        StringBuilder byInstruction = new StringBuilder("# Unsupported instructions\n\n");
        for (PcodeGenerator.Outcome o : Generated.outcomes()) {
            int[] c = counts.computeIfAbsent(o.generation(), g -> new int[2]);
            c[1]++;
            if (o.lowered()) {
                c[0]++;
            } else {
                reasons.computeIfAbsent(o.generation(), g -> new TreeMap<>()).merge(category(o.reason()), 1,
                        Integer::sum);
                byInstruction.append("- ").append(o.generation()).append(' ').append(o.instruction()).append(": ")
                        .append(o.reason()).append('\n');
            }
        }
        StringBuilder detail = new StringBuilder();
        for (var e : counts.entrySet()) {
            int[] c = e.getValue();
            md.append(String.format("| %s | %d | %d | %.1f |%n", e.getKey(), c[0], c[1], 100.0 * c[0] / c[1]));
            detail.append("\n## ").append(e.getKey()).append(" unsupported by reason\n\n");
            reasons.getOrDefault(e.getKey(), Map.of()).entrySet().stream()
                    .sorted((a, b) -> b.getValue() - a.getValue())
                    .forEach(r -> detail.append("- ").append(r.getValue()).append(" ").append(r.getKey()).append('\n'));
        }
        md.append(detail);
        Path out = Path.of("target", "pcode-coverage.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md, StandardCharsets.UTF_8);
        Files.writeString(out.resolveSibling("pcode-unsupported.md"), byInstruction, StandardCharsets.UTF_8);
        System.out.println(md);
        for (var e : counts.entrySet()) {
            int[] c = e.getValue();
            assertTrue(c[0] >= FLOOR * c[1], e.getKey() + " lowered " + c[0] + "/" + c[1]);
        }
    }

    private static String category(String reason) {
        String r = reason.replaceAll("line \\d+.*", "").replaceAll("\\d+:\\d+", "");
        return r.length() > 120 ? r.substring(0, 120) : r;
    }
}
