package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.Words;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Differential test against LLVM on random words, the complement of {@link LlvmAgreementTest} (which only feeds
 * words built from the XML). Per generation, {@value #INPUTS} inputs: half start with a fully random dword, half with
 * a random valid identifier (a variant's encoding and opcode bits, every bit that does not change the decoded
 * variant randomised). Every input is followed by random dwords, enough for the longest instruction, so whatever
 * the first instruction reads as a literal or extra address dword is random too. Only the FIRST instruction, at byte
 * 0, is compared: where llvm-mc decodes it, amdisa must decode it with the same length; mnemonic and whole text
 * (whitespace-normalised) agreement are counted.
 *
 * <p>The random tail decodes to arbitrary instructions in llvm-mc, and one starting in the last random dword could
 * read {@link LlvmMc}'s per-line sentinel as its literal. So every line ends in a <em>drain</em> of one-dword
 * instructions as long as the input (see {@link LlvmMc#disassemble(String, List, int)}): however far an instruction
 * in the tail reaches into the drain, decoding is back on a dword boundary before the sentinel, and no line's output
 * spills into the next one.
 *
 * <p>The report goes to {@code target/random-words.md}; each generation must stay above a floor set slightly below
 * the measured agreement (fixed seeds, so the measurement is repeatable).
 */
class RandomWordsTest {

    private static final int INPUTS = 3_000;
    private static final int BATCH = 250;

    /**
     * Floors in percent of the inputs whose first instruction llvm-mc decodes (length, mnemonic, full text), set
     * about one point below what was measured (fixed seeds, so the measurement is repeatable).
     */
    private static final Map<Generation, double[]> FLOORS = new EnumMap<>(Map.of(
            Generation.CDNA1, new double[] {96.0, 94.5, 81.5},
            Generation.CDNA2, new double[] {97.5, 97.5, 81.0},
            Generation.CDNA3, new double[] {99.0, 98.5, 79.5},
            Generation.CDNA4, new double[] {98.5, 98.5, 82.0},
            Generation.CDNA5, new double[] {96.0, 97.5, 71.5},
            Generation.RDNA1, new double[] {98.5, 97.0, 85.0},
            Generation.RDNA2, new double[] {99.0, 97.0, 86.5},
            Generation.RDNA3, new double[] {98.5, 99.0, 83.5},
            Generation.RDNA3_5, new double[] {98.5, 98.5, 86.0},
            Generation.RDNA4, new double[] {98.5, 99.0, 78.5}));

    private static final Map<Generation, String> REPORT = new EnumMap<>(Generation.class);
    private static final Map<Generation, String> ROWS = new EnumMap<>(Generation.class);

    @BeforeAll
    static void requireLlvmMc() {
        Assumptions.assumeTrue(LlvmMc.available(), LlvmMc.EXECUTABLE
                + " is not on the PATH: the random-word comparison with LLVM is skipped");
    }

    private static final class Category {
        int count;
        final List<String> examples = new ArrayList<>();
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void firstInstructionAgreesWithLlvmMc(Generation g) throws Exception {
        InstructionSet isa = LlvmAgreementTest.instructionSet(g);
        Disassembler dis = Disassembler.llvm(isa);
        Random random = new Random(0x4A11D0L + g.ordinal());
        int maxLength = 1;
        for (int v = 0; v < isa.variantCount(); v++) {
            maxLength = Math.max(maxLength, isa.length(v));
        }
        // LLVM may know instructions longer than amdisa's; a little slack costs nothing.
        int span = Math.max(5, maxLength + 1);
        List<int[]> prefixes = identifiers(isa);

        List<int[]> inputs = new ArrayList<>();
        List<byte[]> lines = new ArrayList<>();
        for (int i = 0; i < INPUTS; i++) {
            int[] w = new int[span];
            for (int k = 0; k < span; k++) {
                w[k] = random.nextInt();
            }
            if (i % 2 == 1) {
                int[] p = prefixes.get(random.nextInt(prefixes.size()));
                w[0] = (w[0] & p[1]) | p[0];
            }
            inputs.add(w);
            lines.add(bytes(w));
        }
        long t0 = System.nanoTime();
        int processesBefore = LlvmMc.processes;
        // Batches bound what an llvm-mc crash costs (the crashed process's output is lost and re-run).
        List<LlvmMc.Result> llvm = new ArrayList<>();
        for (int from = 0; from < INPUTS; from += BATCH) {
            llvm.addAll(LlvmMc.disassemble(g.llvmTarget(), lines.subList(from, Math.min(INPUTS, from + BATCH)), span));
        }
        long llvmMillis = (System.nanoTime() - t0) / 1_000_000;

        int llvmDecodes = 0;
        int amdisaDecodes = 0;
        int lengthOk = 0;
        int mnemonicOk = 0;
        int textOk = 0;
        int crashes = 0;
        int lost = 0;
        Map<String, Category> categories = new TreeMap<>();
        for (int k = 0; k < INPUTS; k++) {
            int[] w = inputs.get(k);
            String ours = null;
            int ourLength = -1;
            int[] variant = {-1};
            String decodeError = null;
            try {
                StringBuilder b = new StringBuilder();
                ourLength = dis.disassemble(w, 0, b);
                ours = b.toString();
                isa.decode(w, 0, (v, ww, o, n) -> variant[0] = v);
                amdisaDecodes++;
            } catch (DecodeException e) {
                decodeError = e.reason();
            }
            String family = variant[0] < 0 ? "-" : isa.encodingFamily(variant[0]);
            String name = variant[0] < 0 ? "" : isa.instructionName(variant[0]) + ": ";
            String bytes = Words.toLlvmBytes(w, 0, w.length);
            LlvmMc.Result r = llvm.get(k);
            if (r == LlvmMc.LOST) {
                lost++;
                continue;
            }
            if (r == LlvmMc.CRASH) {
                crashes++;
                add(categories, family + " | llvm-mc crashes", name + "`" + ours + "` [" + bytes + "]");
                continue;
            }
            if (!r.decoded()) {
                if (ours != null) {
                    add(categories, family + " | only amdisa decodes", name + "`" + ours + "` [" + bytes + "]");
                }
                continue;
            }
            llvmDecodes++;
            if (ours == null) {
                add(categories, "- | only llvm-mc decodes", decodeError + "; llvm `" + r.text() + "` ("
                        + r.lengthBytes() + " bytes) [" + bytes + "]");
                continue;
            }
            String on = LlvmAgreementTest.normalise(ours);
            String ln = LlvmAgreementTest.normalise(r.text());
            boolean len = ourLength * 4 == r.lengthBytes();
            boolean mn = on.split(" ")[0].equals(ln.split(" ")[0]);
            boolean tx = on.equals(ln);
            lengthOk += len ? 1 : 0;
            mnemonicOk += mn ? 1 : 0;
            textOk += tx ? 1 : 0;
            if (!len) {
                add(categories, family + " | length", name + "amdisa " + ourLength * 4 + " bytes `" + ours
                        + "`, llvm " + r.lengthBytes() + " `" + r.text() + "` [" + bytes + "]");
            } else if (!mn) {
                add(categories, family + " | mnemonic", name + "amdisa `" + ours + "`, llvm `" + r.text() + "` ["
                        + bytes + "]");
            } else if (!tx) {
                add(categories, family + " | operands", name + "amdisa `" + ours + "`, llvm `" + r.text() + "` ["
                        + bytes + "]");
            }
        }
        double pl = pct(lengthOk, llvmDecodes);
        double pm = pct(mnemonicOk, llvmDecodes);
        double pt = pct(textOk, llvmDecodes);
        ROWS.put(g, String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %.2f%% | %.2f%% | %.2f%% |%n", g,
                g.llvmTarget(), INPUTS, llvmDecodes, amdisaDecodes, pl, pm, pt));
        StringBuilder rep = new StringBuilder();
        rep.append("## ").append(g.amdName()).append(" (").append(g.llvmTarget()).append(")\n\n");
        rep.append(String.format(Locale.ROOT, "- inputs %d (%d dwords each, %d identifiers to draw from), llvm-mc "
                        + "decodes %d, amdisa decodes %d, llvm-mc crashes %d, output not attributable %d, llvm-mc "
                        + "time %d ms (%d processes)%n", INPUTS, span, prefixes.size(), llvmDecodes, amdisaDecodes, crashes,
                lost, llvmMillis, LlvmMc.processes - processesBefore));
        rep.append(String.format(Locale.ROOT, "- agreement where llvm-mc decodes: length %.2f%%, mnemonic %.2f%%, "
                + "full text %.2f%%%n%n", pl, pm, pt));
        rep.append("| encoding | reason | count | examples |\n|---|---|---|---|\n");
        categories.entrySet().stream().sorted((a, b) -> b.getValue().count - a.getValue().count).forEach(en -> {
            String[] kr = en.getKey().split(" \\| ");
            rep.append("| ").append(kr[0]).append(" | ").append(kr[1]).append(" | ").append(en.getValue().count)
                    .append(" | ").append(String.join("<br>", en.getValue().examples).replace("|", "\\|"))
                    .append(" |\n");
        });
        rep.append('\n');
        REPORT.put(g, rep.toString());

        assertTrue(lost <= INPUTS / 100, g + ": " + lost + " lines of llvm-mc output could not be attributed");
        assertTrue(llvmDecodes >= INPUTS / 4, g + ": llvm-mc decoded only " + llvmDecodes + " inputs");
        double[] floor = FLOORS.get(g);
        assertTrue(pl >= floor[0], g + " length agreement " + pl + "% fell below " + floor[0] + "%");
        assertTrue(pm >= floor[1], g + " mnemonic agreement " + pm + "% fell below " + floor[1] + "%");
        assertTrue(pt >= floor[2], g + " text agreement " + pt + "% fell below " + floor[2] + "%");
    }

    /**
     * Per variant whose bare identifier (all fields zero) decodes back to it: {identifier, free bits}, where a bit
     * of the first dword is free when flipping it alone leaves the decoded variant unchanged.
     */
    static List<int[]> identifiers(InstructionSet isa) {
        List<int[]> out = new ArrayList<>();
        int[] w = new int[32];
        int[] found = {-1};
        for (int v = 0; v < isa.variantCount(); v++) {
            java.util.Arrays.fill(w, 0);
            isa.encode(v, new String[0], new long[0], w, 0);
            if (decodedVariant(isa, w, found) != v) {
                continue;
            }
            int base = w[0];
            int free = 0;
            for (int bit = 0; bit < 32; bit++) {
                w[0] = base ^ (1 << bit);
                if (decodedVariant(isa, w, found) == v) {
                    free |= 1 << bit;
                }
            }
            w[0] = base;
            out.add(new int[] {base & ~free, free});
        }
        return out;
    }

    private static int decodedVariant(InstructionSet isa, int[] w, int[] found) {
        found[0] = -1;
        try {
            isa.decode(w, 0, (v, ww, o, n) -> found[0] = v);
        } catch (DecodeException e) {
            return -1;
        }
        return found[0];
    }

    private static byte[] bytes(int[] w) {
        byte[] b = new byte[w.length * 4];
        for (int i = 0; i < w.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[i * 4 + k] = (byte) (w[i] >>> (8 * k));
            }
        }
        return b;
    }

    @AfterAll
    static void writeReport() throws Exception {
        if (REPORT.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("# amdisa vs llvm-mc-22 on random words\n\n");
        b.append("Random dword sequences (half of them starting with a random valid identifier), first instruction "
                + "at byte 0 decoded by amdisa and by `llvm-mc-22 -disassemble -mcpu=<target>`. Percentages are over "
                + "the inputs llvm-mc decodes; a length disagreement includes amdisa rejecting the input.\n\n");
        b.append("| generation | target | inputs | llvm decodes | amdisa decodes | length | mnemonic | full text |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        ROWS.values().forEach(b::append);
        b.append('\n');
        REPORT.values().forEach(b::append);
        Path out = Path.of("target", "random-words.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b, StandardCharsets.UTF_8);
    }

    private static void add(Map<String, Category> categories, String key, String example) {
        Category c = categories.computeIfAbsent(key, k -> new Category());
        c.count++;
        if (c.examples.size() < 5) {
            c.examples.add(example);
        }
    }

    private static double pct(int n, int d) {
        return d == 0 ? 0 : 100.0 * n / d;
    }
}
