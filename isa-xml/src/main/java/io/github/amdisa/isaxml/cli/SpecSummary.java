package io.github.amdisa.isaxml.cli;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.LoadResult;
import io.github.amdisa.isaxml.load.SpecLoadException;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.load.SpecProblem;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import io.github.amdisa.isaxml.pcode.PseudocodeSpec;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prints a per-generation summary of ISA specs: generation, LLVM target, schema version, release date, counts of
 * instructions, encodings, data formats and operand types, and how many instructions have pseudocode.
 *
 * <p>Without arguments it summarises the ten specs bundled with amdisa (reconstructions from public facts, not
 * AMD's files). With arguments, each is a spec input: a file, a folder or AMD's GPUOpen zip bundle. Exit status 0
 * when everything loaded, 1 when a spec failed to load (its located errors go to stderr), 2 on bad usage.
 */
public final class SpecSummary {

    private SpecSummary() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        SpecLoader loader = new SpecLoader();
        List<LoadResult> results = new ArrayList<>();
        int status = 0;
        try {
            if (args.length == 0) {
                out.println("Bundled specs (reconstructed from public facts, not AMD's files; see "
                        + "isa-xml/specs/README.md)");
                // One after another: on two cores a parallel cold start is slower (the JIT competes for them).
                for (Generation g : Generation.values()) {
                    results.add(loader.loadBundled(g));
                }
            } else {
                for (String a : args) {
                    if (a.startsWith("-")) {
                        err.println("usage: SpecSummary [spec.xml|spec.xml.xz|folder|AMD_GPU_MR_ISA_XML_*.zip ...]");
                        return 2;
                    }
                    List<LoadResult> loaded = loader.loadAll(Path.of(a), List.of());
                    if (loaded.isEmpty()) {
                        err.println(a + ": no amdgpu_isa_<arch>.xml spec found");
                        status = 1;
                    }
                    results.addAll(loaded);
                }
            }
        } catch (SpecLoadException e) {
            err.println(e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        out.printf("%-8s %-8s %4s %-6s %-10s %6s %5s %5s %5s %9s %s%n", "gen", "llvm", "wave", "schema", "released",
                "instr", "enc", "fmts", "oprt", "pseudo", "source");
        for (LoadResult r : results) {
            IsaSpec s = r.spec();
            Optional<Generation> g = s.generation();
            String pseudo = g.map(gen -> pseudocodeCount(gen, s)).orElse("-");
            out.printf("%-8s %-8s %4s %-6s %-10s %6d %5d %5d %5d %9s %s%n",
                    g.map(Enum::name).orElse(s.architecture().name()), g.map(Generation::llvmTarget).orElse("?"),
                    g.map(x -> String.valueOf(x.defaultWaveSize())).orElse("?"), s.document().schemaVersion(),
                    s.document().releaseDate(), s.instructions().size(), s.encodings().size(),
                    s.dataFormats().size(), s.operandTypes().size(), pseudo, s.source());
            for (SpecProblem p : r.warnings()) {
                err.println("  " + p);
            }
        }
        return status;
    }

    /** "with pseudocode / pseudocode entries": instructions of the spec that have a bundled pseudocode text. */
    private static String pseudocodeCount(Generation g, IsaSpec s) {
        PseudocodeSpec p = PseudocodeLoader.loadBundled(g);
        long with = s.instructions().stream().filter(i -> p.entries().containsKey(i.name())).count();
        return with + "/" + p.entries().size();
    }
}
