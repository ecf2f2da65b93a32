package io.github.amdisa.generator.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.generator.pcode.ast.Expr;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeEntry;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The semantic pass over every parsed text, against the identifier and function catalogue of the README. */
class ResolverCorpusTest {

    /** README "Locals" (85) and "Locally defined lambdas" (6). */
    private static final Set<String> README_LOCALS = Set.of("tmp", "addr", "src", "i", "scale", "saveexec", "cmp",
            "tmp1", "dst", "tmp0", "result", "pass", "dOffset", "sOffset", "prev_mode", "lane", "in", "addr1", "addr2",
            "dstbyte", "tmp2", "x", "y", "a", "b", "sign_out", "S", "hwRegId", "randomVal", "size", "value", "addrd",
            "addrs", "new_value", "old_value", "srcbyte", "MaskedValue", "ThreadMask", "data", "dstword", "mask", "n",
            "row", "srcword", "length", "mem_addr", "A", "B", "C", "e", "lanesel", "m", "s", "src_lane", "ADDR0",
            "ADDR1", "CVT_OFF_TABLE", "TrapID", "altrow", "barrierNumber", "dst_lane", "jump_addr", "last_node_ptr",
            "num_lanes", "sel", "shift", "stack_base", "stack_index", "A4", "A8", "B4", "B8", "TTBL", "altlane",
            "mask_fail", "mask_pass", "barrierBit", "bit", "byte", "old_mem_id", "old_mem_value", "saved_csp",
            "shader_id", "shader_offset", "target_addr", "offset",
            "ABSDIFF", "BYTE_PERMUTE", "DATA_VALID", "GT_NEG_ZERO", "LT_NEG_ZERO", "SAT8");

    @Test
    void everyNameResolvesAndMatchesTheCatalogue() throws PcodeSyntaxException {
        List<String> errors = new ArrayList<>();
        Map<String, Set<String>> warnings = new TreeMap<>();
        Set<String> uncataloguedLocals = new TreeSet<>();
        Set<String> uncataloguedInstructionFunctions = new TreeSet<>();
        Set<String> environmentSeen = new TreeSet<>();
        for (Generation g : Generation.values()) {
            for (PseudocodeEntry e : PseudocodeLoader.loadBundled(g).entries().values()) {
                if (!(Classifier.classify(e.name(), e.text()) instanceof Classification.Parsed p)) {
                    continue;
                }
                Resolver.Resolution r = Resolver.resolve(p.text(), e.name());
                for (Resolver.Problem problem : r.problems()) {
                    if (problem.severity() == Resolver.Severity.ERROR) {
                        errors.add(g + " " + problem);
                    } else {
                        warnings.computeIfAbsent(problem.message(), k -> new TreeSet<>()).add(e.name());
                    }
                }
                for (var n : r.names().entrySet()) {
                    String name = n.getKey().name();
                    if (n.getValue().isEnvironment()) {
                        environmentSeen.add(name);
                    } else if (n.getValue() != NameKind.UNKNOWN && !README_LOCALS.contains(name)) {
                        uncataloguedLocals.add(name + " (" + n.getValue() + ", " + e.name() + ")");
                    }
                }
                for (var c : r.calls().entrySet()) {
                    Expr.Call call = c.getKey();
                    if (c.getValue() == Resolver.FunctionKind.INSTRUCTION
                            && Builtins.find(call.function()).isEmpty()) {
                        uncataloguedInstructionFunctions.add(call.function() + " (" + e.name() + ")");
                    }
                }
            }
        }
        System.out.println("[resolver] warnings: " + warnings);
        System.out.println("[resolver] locals not in the README catalogue: " + uncataloguedLocals);
        System.out.println("[resolver] instruction functions not in the catalogue: " + uncataloguedInstructionFunctions);
        assertEquals(List.of(), errors);
        assertEquals(new TreeSet<>(Environment.all().keySet()), environmentSeen,
                "every catalogued environment name occurs");
    }
}
