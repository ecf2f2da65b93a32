package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.runtime.asm.Assembler;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Assembler fuzz test: valid statements (amdisa's own disassembly of random words built from the bundled specs)
 * are mutated (characters deleted, inserted, replaced; operands swapped, dropped, duplicated; numbers changed;
 * text truncated) and assembled. Every line must either raise a located {@link AsmSyntaxException} (offset inside
 * the line) or assemble; nothing else may escape. When {@code llvm-mc-22} is installed, every line amdisa
 * assembles is also assembled by llvm-mc: lines both accept must give the same bytes in at least the floor's share,
 * and lines only amdisa accepts are counted against a ceiling per generation (report {@code target/asm-fuzz.md}, every
 * such line in {@code target/asm-fuzz-only-amdisa.tsv}, with the lines amdisa rejects that llvm-mc assembles).
 */
class AssemblerFuzzTest {

    private static final int LINES = 1500;
    private static final String NOISE = " ,[]:()-|.0123456789vsaxlhe_";
    /** Floor for same bytes over lines both tools accept, percent: one point under the lowest measured (98.01%). */
    private static final double FLOOR = 97.0;

    /**
     * Ceiling for the mutated lines only amdisa assembles (llvm-mc-22 rejects them), per generation: the count measured
     * on 3 Dec 2026 after the constant-bus, dmask, address-width and literal rules, plus two, so a new kind of
     * leniency fails the build while a reshuffled seed does not. Before those rules: 16 7 14 4 13 47 33 15 11 11.
     */
    private static final Map<Generation, Integer> ONLY_AMDISA_CEILING = Map.of(
            Generation.CDNA1, 4 + 2, Generation.CDNA2, 1 + 2, Generation.CDNA3, 4 + 2, Generation.CDNA4, 0 + 2,
            Generation.CDNA5, 8 + 2, Generation.RDNA1, 12 + 2, Generation.RDNA2, 9 + 2, Generation.RDNA3, 3 + 2,
            Generation.RDNA3_5, 5 + 2, Generation.RDNA4, 5 + 2);

    private static final Map<Generation, String> REPORT = new EnumMap<>(Generation.class);
    /** Every line only amdisa accepts, with llvm's message, per generation (the report shows eight). */
    private static final Map<Generation, List<String>> ONLY_AMDISA = new EnumMap<>(Generation.class);

    @ParameterizedTest
    @EnumSource(Generation.class)
    void mutatedTextIsRejectedWithALocationOrAssembles(Generation g) throws Exception {
        IsaSpec spec = TestIsas.spec(g);
        InstructionSet isa = TestIsas.instructionSet(g);
        Disassembler dis = Disassembler.llvm(isa);
        Assembler asm = Assembler.llvm(isa);
        WordBuilder builder = new WordBuilder(spec, isa, 0xf022 + g.ordinal());
        Random random = new Random(0xf022L * (g.ordinal() + 1));
        List<String> seeds = new ArrayList<>();
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] w = builder.build(v);
            if (w == null) {
                continue;
            }
            try {
                String t = dis.disassemble(w, 0);
                if (!t.contains("/*")) {
                    seeds.add(t);
                }
            } catch (DecodeException e) {
                // not a seed
            }
        }
        List<String> accepted = new ArrayList<>();
        List<String> acceptedBytes = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        int rejected = 0;
        List<String> escaped = new ArrayList<>();
        for (int i = 0; i < LINES; i++) {
            String line = mutate(seeds.get(random.nextInt(seeds.size())), random);
            try {
                Assembler.Assembly a = asm.assemble(line);
                accepted.add(line);
                acceptedBytes.add(a.bytes());
            } catch (AsmSyntaxException e) {
                rejected++;
                refused.add(line + "\t" + e.getMessage());
                if (e.detail().startsWith("internal assembler error")) {
                    // Assembler.assemble turns an unexpected exception into this message: a bug all the same.
                    escaped.add(line + " -> " + e.detail());
                } else if (e.offset() < 0 || e.offset() > line.length()) {
                    escaped.add(line + " -> offset " + e.offset() + " outside the line");
                }
            } catch (RuntimeException e) {
                escaped.add(line + " -> " + e);
            }
        }
        if (!escaped.isEmpty()) {
            fail(g + ": " + escaped.size() + " mutated lines escaped the typed exception, e.g. "
                    + escaped.subList(0, Math.min(5, escaped.size())));
        }
        StringBuilder rep = new StringBuilder();
        rep.append(String.format(Locale.ROOT, "## %s (%s)%n%n- %d mutated lines: amdisa rejects %d with a located "
                + "error, assembles %d%n", g.amdName(), g.llvmTarget(), LINES, rejected, accepted.size()));
        if (LlvmMc.available() && !accepted.isEmpty()) {
            List<LlvmAsm.Result> llvm = LlvmAsm.assemble(g.llvmTarget(), accepted);
            int both = 0;
            int same = 0;
            int onlyAmdisa = 0;
            List<String> examples = new ArrayList<>();
            List<String> only = new ArrayList<>();
            for (int i = 0; i < accepted.size(); i++) {
                LlvmAsm.Result r = llvm.get(i);
                if (!r.ok()) {
                    onlyAmdisa++;
                    only.add(accepted.get(i) + "\t" + r.error());
                    if (examples.size() < 8) {
                        examples.add("only amdisa: `" + accepted.get(i) + "` (llvm: " + r.error() + ")");
                    }
                    continue;
                }
                both++;
                String theirs = hex(r.bytes());
                if (theirs.equals(acceptedBytes.get(i))) {
                    same++;
                } else if (examples.size() < 8) {
                    examples.add("bytes differ: `" + accepted.get(i) + "` amdisa " + acceptedBytes.get(i) + ", llvm "
                            + theirs);
                }
            }
            double pct = both == 0 ? 100 : 100.0 * same / both;
            rep.append(String.format(Locale.ROOT, "- of those, llvm-mc-22 assembles %d; same bytes %d (%.2f%%); "
                    + "accepted by amdisa only %d%n", both, same, pct, onlyAmdisa));
            // The other direction: lines amdisa rejects that llvm-mc-22 assembles (a stricter rule gone too far).
            List<String> refusedLines = new ArrayList<>();
            refused.forEach(l -> refusedLines.add(l.substring(0, l.indexOf('\t'))));
            List<LlvmAsm.Result> llvmRefused = LlvmAsm.assemble(g.llvmTarget(), refusedLines);
            int onlyLlvm = 0;
            for (int i = 0; i < refused.size(); i++) {
                if (llvmRefused.get(i).ok()) {
                    onlyLlvm++;
                    only.add("ONLY-LLVM\t" + refused.get(i));
                }
            }
            rep.append(String.format(Locale.ROOT, "- of the lines amdisa rejects, llvm-mc-22 assembles %d%n", onlyLlvm));
            for (String e : examples) {
                rep.append("  - ").append(e.replace("|", "\\|")).append('\n');
            }
            REPORT.put(g, rep.append('\n').toString());
            synchronized (ONLY_AMDISA) {
                ONLY_AMDISA.put(g, only);
            }
            assertTrue(pct >= FLOOR, g + ": same bytes on " + pct + "% of lines both accept, floor " + FLOOR);
            int ceiling = ONLY_AMDISA_CEILING.getOrDefault(g, Integer.MAX_VALUE);
            assertTrue(onlyAmdisa <= ceiling, g + ": amdisa assembles " + onlyAmdisa + " mutated lines llvm-mc-22 "
                    + "rejects, ceiling " + ceiling + " (target/asm-fuzz-only-amdisa.tsv lists them)");
        } else {
            REPORT.put(g, rep.append('\n').toString());
        }
    }

    static String mutate(String s, Random r) {
        String[] ops = s.split(", ");
        return switch (r.nextInt(9)) {
            case 0 -> {
                int p = r.nextInt(s.length());
                yield s.substring(0, p) + s.substring(p + 1);
            }
            case 1 -> {
                int p = r.nextInt(s.length() + 1);
                yield s.substring(0, p) + NOISE.charAt(r.nextInt(NOISE.length())) + s.substring(p);
            }
            case 2 -> {
                int p = r.nextInt(s.length());
                yield s.substring(0, p) + NOISE.charAt(r.nextInt(NOISE.length())) + s.substring(p + 1);
            }
            case 3 -> {
                if (ops.length < 3) {
                    yield s + ", v1";
                }
                int a = 1 + r.nextInt(ops.length - 1);
                int b = 1 + r.nextInt(ops.length - 1);
                String t = ops[a];
                ops[a] = ops[b];
                ops[b] = t;
                yield String.join(", ", ops);
            }
            case 4 -> {
                if (ops.length < 2) {
                    yield s.split(" ")[0];
                }
                List<String> l = new ArrayList<>(Arrays.asList(ops));
                l.remove(1 + r.nextInt(ops.length - 1));
                yield String.join(", ", l);
            }
            case 5 -> s + (r.nextBoolean() ? ", " + ops[ops.length - 1] : " " + ops[0].split(" ")[0]);
            case 6 -> s.replaceFirst("\\d+", Integer.toString(r.nextInt(1 << (1 + r.nextInt(20))) - 64));
            case 7 -> s.substring(0, r.nextInt(s.length() + 1));
            default -> s.replaceFirst("([vs])(\\d+)", r.nextBoolean() ? "$1[$2:" + r.nextInt(300) + "]" : "a$2");
        };
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < b.length; i++) {
            s.append(i == 0 ? "" : ",").append(String.format("0x%02x", b[i] & 0xff));
        }
        return s.toString();
    }

    @AfterAll
    static void writeReport() throws Exception {
        if (REPORT.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("# Assembler fuzz test\n\nMutated statements (from amdisa's disassembly of "
                + "random words of the bundled, reconstructed specs).\n\n");
        REPORT.values().forEach(b::append);
        Path out = Path.of("target", "asm-fuzz.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b, StandardCharsets.UTF_8);
        StringBuilder o = new StringBuilder();
        ONLY_AMDISA.forEach((g, lines) -> lines.forEach(l -> o.append(g).append('\t').append(l).append('\n')));
        Files.writeString(out.resolveSibling("asm-fuzz-only-amdisa.tsv"), o, StandardCharsets.UTF_8);
    }
}
