package io.github.amdisa.examples.tour;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.asm.Assembler;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.exec.ExecutionException;
import io.github.amdisa.runtime.exec.Interpreter;
import io.github.amdisa.runtime.exec.Interpreters;
import io.github.amdisa.runtime.exec.Program;
import io.github.amdisa.runtime.exec.RunLoop;
import io.github.amdisa.runtime.exec.Wave;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The mission's acid test as a printed table: {@code v_bfe_i32 v5, v1, v2, s3} on all ten generations — assembled
 * from text by amdisa's assembler, the bytes shown, decoded back to text by the generated decoder, and executed by
 * the generated interpreter on a full wave whose lanes hold sample inputs. Every lane's result is compared with an
 * independent Java implementation of the bit-field extract; the row says how many lanes agreed.
 *
 * <p>Run it with {@code java -jar examples/bfe-tour/target/amdisa-bfe-tour-*.jar} after a build.
 */
public final class BfeTour {

    /** The statement every generation assembles, decodes and executes. */
    public static final String STATEMENT = "v_bfe_i32 v5, v1, v2, s3";

    /** Widths placed in {@code s3}, one run each: 0 (empty field), ordinary widths, 31, and 37 (only bits 4:0 count). */
    static final int[] WIDTHS = {0, 1, 5, 8, 16, 31, 37};

    private BfeTour() {
    }

    /**
     * One generation's row.
     *
     * @param target the LLVM target
     * @param words the assembled words
     * @param decoded the decoder's text for the words
     * @param waveSize the wave size the instruction ran on
     * @param lanesChecked lanes compared with the independent implementation (all runs)
     * @param mismatches lanes that disagreed
     * @param sample a sample lane: inputs and result
     * @param error what went wrong, or null
     */
    public record Row(Target target, int[] words, String decoded, int waveSize, int lanesChecked, int mismatches,
                      String sample, String error) {
        /** Whether the bytes decode back to the statement and every lane agreed. */
        public boolean ok() {
            return error == null && mismatches == 0 && lanesChecked > 0 && STATEMENT.equals(decoded);
        }
    }

    /**
     * The independent reference: AMD's definition of {@code V_BFE_I32} ({@code D0 = signext_from_bit((S0 >> S1[4:0])
     * & ((1 << S2[4:0]) - 1), S2[4:0])}, the shift arithmetic), written in plain Java without the pseudocode.
     */
    public static int reference(int s0, int s1, int s2) {
        int offset = s1 & 31;
        int width = s2 & 31;
        if (width == 0) {
            return 0;
        }
        int field = (s0 >> offset) & (int) ((1L << width) - 1);
        int unused = 32 - width;
        return (field << unused) >> unused;
    }

    /** Runs the tour for one target. */
    public static Row run(Target target, long seed) {
        Interpreter interpreter = Interpreters.forTarget(target);
        InstructionSet isa = interpreter.instructionSet();
        int[] words;
        String decoded;
        try {
            words = Assembler.llvm(isa).assemble(STATEMENT).words();
            decoded = Disassembler.llvm(isa).disassemble(words, 0);
        } catch (RuntimeException e) {
            return new Row(target, new int[0], "", 0, 0, 0, "", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        int[] program;
        try {
            int[] end = Assembler.llvm(isa).assemble("s_endpgm").words();
            program = new int[words.length + end.length];
            System.arraycopy(words, 0, program, 0, words.length);
            System.arraycopy(end, 0, program, words.length, end.length);
        } catch (RuntimeException e) {
            return new Row(target, words, decoded, 0, 0, 0, "", "s_endpgm: " + e.getMessage());
        }
        int waveSize = target.defaultWaveSize();
        SplittableRandom random = new SplittableRandom(seed);
        int checked = 0;
        int mismatches = 0;
        String sample = "";
        for (int width : WIDTHS) {
            Wave wave = new Wave(target, waveSize, 256, target.hasAgprs() ? 256 : 0);
            int[] s0 = new int[waveSize];
            int[] s1 = new int[waveSize];
            for (int lane = 0; lane < waveSize; lane++) {
                s0[lane] = lane == 0 ? 0x8000_00F0 : random.nextInt();
                s1[lane] = lane == 0 ? 28 : lane < 33 ? lane - 1 : random.nextInt();
                wave.setV(1, lane, s0[lane]);
                wave.setV(2, lane, s1[lane]);
                wave.setV(5, lane, 0xDEAD_BEEF);
            }
            wave.setSgpr(3, width);
            try {
                RunLoop.Stop stop = interpreter.run(wave, new Program(0, program), 16);
                if (stop != RunLoop.Stop.HALTED) {
                    return new Row(target, words, decoded, waveSize, checked, mismatches, sample,
                            "the program did not reach s_endpgm: " + stop);
                }
            } catch (ExecutionException e) {
                return new Row(target, words, decoded, waveSize, checked, mismatches, sample, e.getMessage());
            }
            for (int lane = 0; lane < waveSize; lane++) {
                checked++;
                if (wave.v(5, lane) != reference(s0[lane], s1[lane], width)) {
                    mismatches++;
                }
            }
            if (width == 8) {
                sample = String.format("v1=0x%08x v2=%d s3=%d -> v5=0x%08x", s0[0], s1[0], width, wave.v(5, 0));
            }
        }
        return new Row(target, words, decoded, waveSize, checked, mismatches, sample, null);
    }

    /** Runs the tour on every target. */
    public static List<Row> runAll() {
        List<Row> rows = new ArrayList<>();
        for (Target t : Target.values()) {
            rows.add(run(t, 0x5EED_0000L + t.ordinal()));
        }
        return rows;
    }

    /** Prints the table. */
    public static void print(List<Row> rows, PrintStream out) {
        out.println("v_bfe_i32 on all ten generations: assembled by amdisa, decoded back, executed on a wave and");
        out.println("checked lane by lane against an independent Java bit-field extract (widths " + widthsText() + ").");
        out.println("Specs: the bundled reconstructions (not AMD's files).");
        out.println();
        String fmt = "%-8s %-9s %-52s %-26s %-5s %-12s %s%n";
        out.printf(fmt, "target", "gen", "encoding", "decoded", "wave", "lanes ok", "sample lane 0 (s3 = 8)");
        for (Row r : rows) {
            String lanes = r.error() == null ? (r.lanesChecked() - r.mismatches()) + "/" + r.lanesChecked() : "-";
            out.printf(fmt, r.target().mcpu(), r.target().generation(),
                    "[" + io.github.amdisa.runtime.codec.Words.toLlvmBytes(r.words(), 0, r.words().length) + "]",
                    r.decoded(), r.waveSize() == 0 ? "-" : String.valueOf(r.waveSize()), lanes,
                    r.error() == null ? r.sample() : "ERROR " + r.error());
        }
        long ok = rows.stream().filter(Row::ok).count();
        out.println();
        out.println(ok + " of " + rows.size() + " generations pass.");
    }

    private static String widthsText() {
        StringBuilder b = new StringBuilder();
        for (int w : WIDTHS) {
            b.append(b.length() == 0 ? "" : ", ").append(w);
        }
        return b.toString();
    }

    /** Entry point; exit status 1 if any generation fails. */
    public static void main(String[] args) {
        List<Row> rows = runAll();
        print(rows, System.out);
        System.exit(rows.stream().allMatch(Row::ok) ? 0 : 1);
    }
}
