package io.github.amdisa.runtime.exec;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.Arrays;
import java.util.Locale;

/**
 * Prints the interpreter's throughput on a VALU-heavy loop: eight vector ALU instructions (integer add, xor,
 * shift, max, sub; f32 add, mul, fma) and a three-instruction scalar loop tail, all lanes active, in lane-operations
 * per second (VALU instructions x lanes), per second of the benchmark thread's CPU time (robust against other load
 * on the machine) and of wall-clock time. Not a test: figures vary with the machine.
 *
 * <pre>./mvnw -B -Pbench-interp -pl generated-runtime -am package -DskipTests</pre>
 * or {@code java -cp generated-runtime/target/classes io.github.amdisa.runtime.exec.InterpreterBenchmark [seconds]}.
 */
public final class InterpreterBenchmark {

    private static final int VALU_PER_ITERATION = 8;

    private InterpreterBenchmark() {
    }

    /** Builds the loop with the generation's raw encoder. */
    static int[] program(InstructionSet isa, int iterations) {
        Code c = new Code(isa);
        c.add("S_MOVK_I32", "SOPK", "SDST", 0, "SIMM16", iterations);
        int loop = c.length();
        c.add(new String[] {"V_ADD_NC_U32", "V_ADD_U32"}, "VOP2", "VDST", 1, "SRC0", 256, "VSRC1", 1);
        c.add(new String[] {"V_XOR_B32"}, "VOP2", "VDST", 2, "SRC0", 257, "VSRC1", 2);
        c.add(new String[] {"V_LSHLREV_B32"}, "VOP2", "VDST", 3, "SRC0", 129, "VSRC1", 2);
        c.add(new String[] {"V_ADD_F32"}, "VOP2", "VDST", 4, "SRC0", 260, "VSRC1", 5);
        c.add(new String[] {"V_MUL_F32"}, "VOP2", "VDST", 5, "SRC0", 240, "VSRC1", 4);
        c.add(new String[] {"V_FMA_F32"}, "VOP3", "VDST", 6, "SRC0", 260, "SRC1", 261, "SRC2", 262);
        c.add(new String[] {"V_MAX_U32"}, "VOP2", "VDST", 7, "SRC0", 257, "VSRC1", 3);
        c.add(new String[] {"V_SUB_NC_U32", "V_SUB_U32"}, "VOP2", "VDST", 8, "SRC0", 263, "VSRC1", 1);
        c.add("S_SUB_U32", "SOP2", "SDST", 0, "SSRC0", 0, "SSRC1", 129);
        c.add("S_CMP_LG_U32", "SOPC", "SSRC0", 0, "SSRC1", 128);
        int branch = c.length();
        c.add("S_CBRANCH_SCC1", "SOPP", "SIMM16", (loop - (branch + 1)) & 0xFFFF);
        c.add("S_ENDPGM", "SOPP");
        return c.words;
    }

    /**
     * Runs the benchmark.
     *
     * @param args optional: seconds per configuration (default 3)
     */
    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        System.out.println("amdisa interpreter benchmark: 8 VALU + 3 SALU per loop iteration, all lanes active");
        Object[][] configs = {{Target.GFX1100, 32}, {Target.GFX1100, 64}, {Target.GFX942, 64}};
        for (Object[] cfg : configs) {
            Target t = (Target) cfg[0];
            int size = (int) cfg[1];
            Interpreter in = Interpreters.forTarget(t);
            int iterations = 10_000;
            int[] words = program(in.instructionSet(), iterations);
            Program p = new Program(0, words);
            Wave w = new Wave(t, size, 16, 0);
            for (int l = 0; l < size; l++) {
                w.setV(0, l, l);
            }
            // Warm up, then measure whole runs until the time is spent.
            long end = System.nanoTime() + 1_000_000_000L;
            while (System.nanoTime() < end) {
                run(in, w, p);
            }
            long runs = 0;
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long cpu0 = mx.getCurrentThreadCpuTime();
            com.sun.management.ThreadMXBean amx = mx instanceof com.sun.management.ThreadMXBean a ? a : null;
            long bytes0 = amx != null ? amx.getCurrentThreadAllocatedBytes() : 0;
            long t0 = System.nanoTime();
            long budget = (long) (seconds * 1e9);
            while (System.nanoTime() - t0 < budget) {
                run(in, w, p);
                runs++;
            }
            double elapsed = (System.nanoTime() - t0) / 1e9;
            double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
            long bytes = amx != null ? amx.getCurrentThreadAllocatedBytes() - bytes0 : -1;
            double laneOps = (double) runs * iterations * VALU_PER_ITERATION * size;
            double instructions = (double) runs * (iterations * (VALU_PER_ITERATION + 3) + 2);
            System.out.printf(Locale.ROOT, "  %-8s wave%d: %8.1f M lane-ops/s, %7.2f M instructions/s per second of "
                    + "thread CPU time (%.1f M lane-ops/s wall clock; %d runs of %d iterations, %.2f s wall, %.2f s CPU; "
                    + "%.3f bytes allocated per instruction)%n",
                    t.mcpu(), size, laneOps / cpu / 1e6, instructions / cpu / 1e6, laneOps / elapsed / 1e6, runs,
                    iterations, elapsed, cpu, bytes / instructions);
        }
    }

    private static void run(Interpreter in, Wave w, Program p) {
        w.setPc(0);
        w.resume();
        if (in.run(w, p, Long.MAX_VALUE) != RunLoop.Stop.HALTED) {
            throw new IllegalStateException("the benchmark loop did not halt");
        }
    }

    /** Appends raw-encoded instructions. */
    private static final class Code {
        private final InstructionSet isa;
        private int[] words = new int[0];

        Code(InstructionSet isa) {
            this.isa = isa;
        }

        int length() {
            return words.length;
        }

        void add(String name, String family, Object... fields) {
            add(new String[] {name}, family, fields);
        }

        void add(String[] names, String family, Object... fields) {
            for (String name : names) {
                for (int v = 0; v < isa.variantCount(); v++) {
                    if (isa.instructionName(v).equals(name) && isa.encodingFamily(v).equals(family)
                            && isa.variantKind(v).equals("BASE")) {
                        String[] f = new String[fields.length / 2];
                        long[] x = new long[fields.length / 2];
                        for (int i = 0; i < f.length; i++) {
                            f[i] = (String) fields[2 * i];
                            x[i] = ((Number) fields[2 * i + 1]).longValue();
                        }
                        int[] out = new int[4];
                        int n = isa.encode(v, f, x, out, 0);
                        int old = words.length;
                        words = Arrays.copyOf(words, old + n);
                        System.arraycopy(out, 0, words, old, n);
                        return;
                    }
                }
            }
            throw new IllegalStateException(Arrays.toString(names) + " not found in " + family + " of "
                    + isa.architectureName());
        }
    }
}
