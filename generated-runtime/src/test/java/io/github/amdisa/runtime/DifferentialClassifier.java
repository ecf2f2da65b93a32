package io.github.amdisa.runtime;

import io.github.amdisa.isaxml.Generation;
import java.util.List;
import java.util.function.Predicate;

/**
 * The one place where a disagreement between amdisa and {@code llvm-mc-22} gets its explanation. Every rule names a
 * category and a reason with its evidence (an AMD spec gap of the reconstructed specs, an LLVM quirk, a known
 * amdisa printer gap); the first rule that matches wins. A disagreement no rule explains is {@link #UNEXPLAINED},
 * which {@link LlvmDifferentialTest} counts and fails on.
 */
final class DifferentialClassifier {

    /** The five comparisons of the differential suite. */
    enum Direction {
        /** amdisa's words disassembled by llvm-mc: same instruction (mnemonic without encoding suffix), same length. */
        DECODE("1 llvm decodes"),
        /** amdisa's text assembled by llvm-mc: the same bytes as amdisa's encoding. */
        ASSEMBLE("2 llvm assembles"),
        /** amdisa decodes its words to raw field values and re-encodes them: identical words. */
        ROUND_TRIP("3 round trip"),
        /** amdisa's text equals llvm-mc's (whitespace-normalised), over the words llvm-mc decodes. */
        TEXT("4 text"),
        /** Random words: where llvm-mc decodes the first instruction, amdisa's length and text agree. */
        RANDOM("random words");

        final String title;

        Direction(String title) {
            this.title = title;
        }
    }

    /** One disagreement, with everything a rule may look at. */
    record Case(Generation generation, Direction direction, String instruction, String encoding, String family,
                String kind, String amdisa, String llvm, String bytes, String detail) {

        boolean gfx9() {
            return generation.llvmTarget().startsWith("gfx9");
        }

        String target() {
            return generation.llvmTarget();
        }

        String example() {
            StringBuilder b = new StringBuilder();
            b.append(instruction == null ? "" : instruction + " (" + encoding + "): ");
            b.append("amdisa `").append(amdisa).append('`');
            if (llvm != null) {
                b.append(", llvm `").append(llvm).append('`');
            }
            if (detail != null) {
                b.append(", ").append(detail);
            }
            b.append(" [").append(bytes).append(']');
            return b.toString();
        }
    }

    /** A category: short name and the reason why amdisa and LLVM differ. */
    record Category(String name, String reason) {
    }

    static final Category UNEXPLAINED = new Category("unexplained", "no rule of DifferentialClassifier explains it");

    private record Rule(Category category, Predicate<Case> test) {
    }

    private static final List<Rule> RULES = List.of(
    );

    private DifferentialClassifier() {
    }

    static Category classify(Case c) {
        for (Rule r : RULES) {
            if (r.test.test(c)) {
                return r.category;
            }
        }
        String detail = c.detail() == null ? "text" : c.detail().replaceAll("[\\[(0-9].*", "").trim();
        return new Category(UNEXPLAINED.name() + ": " + c.encoding() + ", " + detail, UNEXPLAINED.reason());
    }

    static boolean unexplained(Category c) {
        return c.name().startsWith(UNEXPLAINED.name());
    }

    private static Rule rule(String name, String reason, Predicate<Case> test) {
        return new Rule(new Category(name, reason), test);
    }
}
