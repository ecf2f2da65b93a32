package io.github.amdisa.generator.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.generator.pcode.ast.Program;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeEntry;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every text of every bundled file, against the census in the pseudocode README. */
class CorpusTest {

    /** "informal texts" column of the README's per-architecture table. */
    private static final Map<Generation, Integer> README_INFORMAL = new EnumMap<>(Map.of(
            Generation.RDNA1, 12, Generation.RDNA2, 12, Generation.RDNA3, 23, Generation.RDNA3_5, 23,
            Generation.RDNA4, 30, Generation.CDNA1, 16, Generation.CDNA2, 23, Generation.CDNA3, 47,
            Generation.CDNA4, 69, Generation.CDNA5, 97));

    @ParameterizedTest
    @EnumSource(Generation.class)
    void everyTextParsesOrIsInformalWithReadmeCount(Generation generation) {
        List<String> errors = new ArrayList<>();
        int informal = 0;
        for (PseudocodeEntry e : PseudocodeLoader.loadBundled(generation).entries().values()) {
            try {
                if (Classifier.classify(e.name(), e.text()) instanceof Classification.Informal) {
                    informal++;
                }
            } catch (PcodeSyntaxException ex) {
                errors.add(ex.getMessage() + "\n" + e.text());
            }
        }
        if (!errors.isEmpty()) {
            fail(errors.size() + " texts neither parse nor are informal:\n" + String.join("\n----\n", errors));
        }
        assertEquals(README_INFORMAL.get(generation), informal, "informal texts in " + generation);
    }

    @Test
    void distinctTextCensusMatchesReadme() throws PcodeSyntaxException {
        // README: "1739 distinct texts, 1694 of which parse with the core grammar" (over the direct files; the
        // borrowed files reuse those texts, so the union over all ten files is the same set).
        Map<String, String> distinct = new HashMap<>();
        for (Generation g : Generation.values()) {
            PseudocodeLoader.loadBundled(g).entries().values().forEach(e -> distinct.putIfAbsent(e.text(), e.name()));
        }
        Map<String, String> direct = new HashMap<>();
        for (Generation g : List.of(Generation.RDNA3_5, Generation.RDNA4, Generation.CDNA4)) {
            PseudocodeLoader.loadBundled(g).entries().values().forEach(e -> direct.putIfAbsent(e.text(), e.name()));
        }
        assertEquals(direct.keySet(), distinct.keySet());
        int parsed = 0;
        Map<InformalKind, Integer> kinds = new TreeMap<>();
        for (var e : distinct.entrySet()) {
            Classification c = Classifier.classify(e.getValue(), e.getKey());
            if (c instanceof Classification.Parsed) {
                parsed++;
            } else {
                kinds.merge(((Classification.Informal) c).kind(), 1, Integer::sum);
            }
        }
        assertEquals(1739, distinct.size());
        System.out.println("[corpus] informal kinds over distinct texts: " + kinds);
        assertEquals(1694, parsed, "distinct texts in the core grammar; informal kinds " + kinds);
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void printedTextReparsesToEqualTree(Generation generation) throws PcodeSyntaxException {
        for (PseudocodeEntry e : PseudocodeLoader.loadBundled(generation).entries().values()) {
            if (Classifier.classify(e.name(), e.text()) instanceof Classification.Parsed p) {
                Program tree = p.text().program();
                String printed = Printer.print(tree);
                Program again;
                try {
                    again = Parser.parse(printed, e.name()).program();
                } catch (PcodeSyntaxException ex) {
                    throw new AssertionError(e.name() + ": printed text does not parse: " + ex.getMessage()
                            + "\n" + printed, ex);
                }
                assertEquals(tree, again, () -> e.name() + " round trip:\n" + printed);
                assertEquals(printed, Printer.print(again), e.name());
                assertTrue(!tree.body().isEmpty() || e.text().isBlank(), e.name());
            }
        }
    }
}
