package io.github.amdisa.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Differential test against LLVM: for every instruction x encoding variant of every generation, words are built
 * from the XML (random valid operands), decoded and printed by amdisa, and disassembled by ONE {@code llvm-mc-22}
 * process per generation. Compared: length, mnemonic, and the whole text (whitespace-normalised). The report goes
 * to {@code target/llvm-agreement.md}; each generation must stay above a floor set slightly below the measured
 * agreement, so that regressions fail the build.
 */
class LlvmAgreementTest {

    /**
     * Floors in percent of LLVM-decodable words (length, mnemonic, full text), set about one point below what was
     * measured (the words are built with a fixed seed, so the measurement is repeatable).
     */
    private static final Map<Generation, double[]> FLOORS = new EnumMap<>(Map.of(
            Generation.CDNA1, new double[] {98.5, 98.5, 95.0},
            Generation.CDNA2, new double[] {98.5, 98.5, 96.5},
            Generation.CDNA3, new double[] {98.5, 98.5, 96.0},
            Generation.CDNA4, new double[] {96.5, 98.5, 94.5},
            Generation.CDNA5, new double[] {96.0, 98.5, 84.5},
            Generation.RDNA1, new double[] {96.5, 98.5, 83.5},
            Generation.RDNA2, new double[] {96.5, 98.5, 84.5},
            Generation.RDNA3, new double[] {98.5, 99.0, 92.0},
            Generation.RDNA3_5, new double[] {98.5, 99.0, 92.0},
            Generation.RDNA4, new double[] {98.0, 99.0, 89.0}));

    private static final Map<Generation, String> REPORT = new EnumMap<>(Generation.class);
    private static final Map<Generation, double[]> MEASURED = new EnumMap<>(Generation.class);

    @BeforeAll
    static void requireLlvmMc() {
        Assumptions.assumeTrue(LlvmMc.available(), LlvmMc.EXECUTABLE
                + " is not on the PATH: the differential test against LLVM is skipped");
    }

    static InstructionSet instructionSet(Generation g) throws ReflectiveOperationException {
        String stem = g.fileStem();
        String cls = "io.github.amdisa." + stem + "." + Character.toUpperCase(stem.charAt(0)) + stem.substring(1)
                + "Isa";
        return (InstructionSet) Class.forName(cls).getField("INSTANCE").get(null);
    }

    private static final class Category {
        int count;
        final List<String> examples = new ArrayList<>();
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void agreesWithLlvmMc(Generation g) throws Exception {
        IsaSpec spec = new SpecLoader().loadBundled(g).spec();
        InstructionSet isa = instructionSet(g);
        Disassembler dis = Disassembler.llvm(isa);
        WordBuilder builder = new WordBuilder(spec, isa, 0x5eed + g.ordinal());
        List<int[]> words = new ArrayList<>();
        List<Integer> variants = new ArrayList<>();
        int unbuildable = 0;
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] w = builder.build(v);
            if (w == null) {
                unbuildable++;
                continue;
            }
            words.add(w);
            variants.add(v);
        }
        List<byte[]> lines = new ArrayList<>();
        for (int[] w : words) {
            byte[] b = new byte[w.length * 4];
            for (int i = 0; i < w.length; i++) {
                for (int k = 0; k < 4; k++) {
                    b[i * 4 + k] = (byte) (w[i] >>> (8 * k));
                }
            }
            lines.add(b);
        }
        if (Boolean.getBoolean("amdisa.dumpLlvmInput")) {
            StringBuilder dump = new StringBuilder();
            for (int[] w : words) {
                dump.append(io.github.amdisa.runtime.codec.Words.toLlvmBytes(w, 0, w.length)).append('\n');
            }
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "llvm-input-" + g.llvmTarget() + ".txt"), dump);
        }
        long t0 = System.nanoTime();
        int processesBefore = LlvmMc.processes;
        List<LlvmMc.Result> llvm = LlvmMc.disassemble(g.llvmTarget(), lines);
        long llvmMillis = (System.nanoTime() - t0) / 1_000_000;

        int llvmDecodes = 0;
        int lengthOk = 0;
        int mnemonicOk = 0;
        int textOk = 0;
        int bothReject = 0;
        int otherVariant = 0;
        int lost = 0;
        Map<String, Category> categories = new TreeMap<>();
        for (int k = 0; k < words.size(); k++) {
            int v = variants.get(k);
            int[] w = words.get(k);
            String ours = null;
            int ourLength = -1;
            String decodeError = null;
            try {
                StringBuilder b = new StringBuilder();
                ourLength = dis.disassemble(w, 0, b);
                ours = b.toString();
                int[] found = new int[1];
                isa.decode(w, 0, (fv, ww, o, n) -> found[0] = fv);
                if (found[0] != v) {
                    otherVariant++;
                }
            } catch (DecodeException e) {
                decodeError = e.reason();
            }
            LlvmMc.Result r = llvm.get(k);
            String family = isa.encodingName(v);
            String bytes = io.github.amdisa.runtime.codec.Words.toLlvmBytes(w, 0, w.length);
            if (r == LlvmMc.LOST) {
                lost++;
                continue;
            }
            if (r == LlvmMc.CRASH) {
                add(categories, family + " | llvm-mc crashes", isa.instructionName(v) + ": `" + ours + "` [" + bytes
                        + "]");
                continue;
            }
            if (!r.decoded()) {
                if (ours == null) {
                    bothReject++;
                } else {
                    add(categories, family + " | llvm-mc cannot decode", isa.instructionName(v) + ": `" + ours
                            + "` [" + bytes + "]");
                }
                continue;
            }
            llvmDecodes++;
            if (ours == null) {
                add(categories, family + " | amdisa cannot decode", isa.instructionName(v) + ": " + decodeError
                        + "; llvm `" + r.text() + "` [" + bytes + "]");
                continue;
            }
            boolean len = ourLength * 4 == r.lengthBytes();
            String on = normalise(ours);
            String ln = normalise(r.text());
            boolean mn = on.split(" ")[0].equals(ln.split(" ")[0]);
            boolean tx = on.equals(ln);
            lengthOk += len ? 1 : 0;
            mnemonicOk += mn ? 1 : 0;
            textOk += tx ? 1 : 0;
            if (!len) {
                add(categories, family + " | length", isa.instructionName(v) + ": amdisa " + ourLength * 4
                        + " bytes `" + ours + "`, llvm " + r.lengthBytes() + " `" + r.text() + "`");
            } else if (!mn) {
                add(categories, family + " | mnemonic", "amdisa `" + ours + "`, llvm `" + r.text() + "` [" + bytes
                        + "]");
            } else if (!tx) {
                add(categories, family + " | operands", "amdisa `" + ours + "`, llvm `" + r.text() + "` [" + bytes
                        + "]");
            }
        }
        double pl = pct(lengthOk, llvmDecodes);
        double pm = pct(mnemonicOk, llvmDecodes);
        double pt = pct(textOk, llvmDecodes);
        MEASURED.put(g, new double[] {pl, pm, pt});
        StringBuilder rep = new StringBuilder();
        rep.append("## ").append(g.amdName()).append(" (").append(g.llvmTarget()).append(")\n\n");
        rep.append(String.format(Locale.ROOT, "- variants %d, words built %d (unbuildable %d), llvm-mc decodes %d, "
                + "both reject %d, amdisa picked another variant of the same bytes %d, output not attributable %d, llvm-mc time %d ms "
                + "(%d processes)%n", isa.variantCount(), words.size(), unbuildable, llvmDecodes, bothReject,
                otherVariant, lost, llvmMillis, LlvmMc.processes - processesBefore));
        rep.append(String.format(Locale.ROOT, "- agreement on llvm-decodable words: length %.2f%%, mnemonic %.2f%%, "
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
        double[] floor = FLOORS.get(g);
        assertTrue(pl >= floor[0], g + " length agreement " + pl + "% fell below " + floor[0] + "%");
        assertTrue(pm >= floor[1], g + " mnemonic agreement " + pm + "% fell below " + floor[1] + "%");
        assertTrue(pt >= floor[2], g + " text agreement " + pt + "% fell below " + floor[2] + "%");
    }

    @AfterAll
    static void writeReport() throws Exception {
        if (REPORT.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("# amdisa vs llvm-mc-22 agreement\n\n");
        b.append("Words built from the bundled XML (random valid operands, modifiers zero), decoded by amdisa and by "
                + "`llvm-mc-22 -disassemble -mcpu=<target>` (default wave size). Percentages are over the words "
                + "llvm-mc decodes.\n\n");
        b.append("| generation | target | length | mnemonic | full text |\n|---|---|---|---|---|\n");
        for (var en : MEASURED.entrySet()) {
            b.append(String.format(Locale.ROOT, "| %s | %s | %.2f%% | %.2f%% | %.2f%% |%n", en.getKey(),
                    en.getKey().llvmTarget(), en.getValue()[0], en.getValue()[1], en.getValue()[2]));
        }
        b.append('\n');
        REPORT.values().forEach(b::append);
        Path out = Path.of("target", "llvm-agreement.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b, StandardCharsets.UTF_8);
    }

    private static void add(Map<String, Category> categories, String key, String example) {
        Category c = categories.computeIfAbsent(key, k -> new Category());
        c.count++;
        if (c.examples.size() < 3) {
            c.examples.add(example);
        }
    }

    static String normalise(String s) {
        return s.trim().replaceAll("\\s+", " ").replaceAll(" ?, ?", ", ");
    }

    private static double pct(int n, int d) {
        return d == 0 ? 0 : 100.0 * n / d;
    }
}
