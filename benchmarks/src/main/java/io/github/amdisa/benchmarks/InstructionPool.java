package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.codec.LlvmSyntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Valid instances of the variants of one generation, built with the generated raw encoder and decoder only: per
 * variant the encoder writes the identifier (plus, for literal, DPP, SDWA and 64-bit-literal variants, the source
 * marker value LLVM and AMD use: 255, 250, 233/234, 249, 254); when that decodes back to the variant, every bit whose
 * flip leaves the decoded variant unchanged is <em>free</em>, and instances set the free bits at random. Each instance
 * is decoded again and kept only if it is still the same variant with the same length. Variants whose identifier
 * does not decode back are counted in {@link #missing()}.
 */
public final class InstructionPool {

    /** One instance: the variant and its words. */
    public record Instance(int variant, int[] words) {
    }

    private final InstructionSet isa;
    private final Map<String, List<Instance>> byEncoding = new LinkedHashMap<>();
    private int missing;

    private InstructionPool(InstructionSet isa) {
        this.isa = isa;
    }

    /**
     * Builds the pool.
     *
     * @param isa the generation
     * @param perVariant instances to make per variant (fewer when the variant has few free bits)
     * @param seed the random seed
     * @return the pool
     */
    public static InstructionPool build(InstructionSet isa, int perVariant, long seed) {
        InstructionPool pool = new InstructionPool(isa);
        Random random = new Random(seed);
        int[] found = new int[2];
        for (int v = 0; v < isa.variantCount(); v++) {
            int[] base = identifier(isa, v, found);
            if (base == null) {
                pool.missing++;
                continue;
            }
            int[] free = new int[base.length];
            for (int d = 0; d < base.length; d++) {
                for (int bit = 0; bit < 32; bit++) {
                    base[d] ^= 1 << bit;
                    if (decode(isa, base, found) == v && found[1] == base.length) {
                        free[d] |= 1 << bit;
                    }
                    base[d] ^= 1 << bit;
                }
            }
            List<Instance> list = pool.byEncoding.computeIfAbsent(isa.encodingName(v), k -> new ArrayList<>());
            int made = 0;
            for (int attempt = 0; attempt < 4 * perVariant && made < perVariant; attempt++) {
                int[] w = base.clone();
                for (int d = 0; d < w.length; d++) {
                    w[d] = base[d] & ~free[d] | random.nextInt() & free[d];
                }
                if (decode(isa, w, found) == v && found[1] == w.length) {
                    list.add(new Instance(v, w));
                    made++;
                }
            }
        }
        pool.byEncoding.values().removeIf(List::isEmpty);
        return pool;
    }

    /** The identifier words of a variant that decode back to it, or null. */
    private static int[] identifier(InstructionSet isa, int v, int[] found) {
        int length = isa.length(v);
        int[] markers = switch (isa.variantKind(v)) {
            case "LITERAL" -> new int[] {255};
            case "LIT64" -> new int[] {254};
            case "DPP16", "DPP" -> new int[] {250};
            case "DPP8" -> new int[] {233, 234};
            case "SDWA" -> new int[] {249};
            default -> new int[] {-1};
        };
        for (int marker : markers) {
            List<String> names = new ArrayList<>();
            if (marker >= 0) {
                for (int i = 0; i < isa.operandCount(v); i++) {
                    String f = isa.operandField(v, i);
                    if (f != null && f.startsWith("SRC")) {
                        names.add(f);
                        break;
                    }
                }
            }
            // Try the marker in the first source field, then in each source field in turn.
            List<List<String>> tries = new ArrayList<>();
            tries.add(names);
            if (marker >= 0) {
                for (String f : List.of("SRC0", "SRC1", "SRC2", "SSRC0", "SSRC1", "SRC0X", "SRC0Y")) {
                    if (isa.hasField(v, f)) {
                        tries.add(List.of(f));
                    }
                }
            }
            for (List<String> fields : tries) {
                int[] w = new int[length];
                long[] values = new long[fields.size()];
                Arrays.fill(values, marker);
                isa.encode(v, fields.toArray(new String[0]), values, w, 0);
                if (decode(isa, w, found) == v && found[1] == length) {
                    return w;
                }
            }
        }
        return null;
    }

    private static final LlvmSyntax PRINTABLE = new LlvmSyntax();

    private static int decode(InstructionSet isa, int[] words, int[] found) {
        try {
            found[1] = isa.decode(words, 0, (variant, w, o, n) -> found[0] = variant);
            // Only words LLVM's syntax has text for (the streams are llvm-mc disassembler input).
            return PRINTABLE.invalidEncoding(isa, found[0], words, 0, found[1]) == null ? found[0] : -1;
        } catch (DecodeException e) {
            return -1;
        }
    }

    /**
     * Returns the instances by encoding name (AMD's {@code ENC_VOP3}, {@code VOP3_INST_LITERAL}, ...).
     *
     * @return encoding name to its instances, in variant order
     */
    public Map<String, List<Instance>> byEncoding() {
        return byEncoding;
    }

    /**
     * Returns how many variants have no instance (their identifier does not decode back to them).
     *
     * @return the count
     */
    public int missing() {
        return missing;
    }

    /**
     * Returns how many variants have at least one instance.
     *
     * @return the count
     */
    public int coveredVariants() {
        return (int) byEncoding.values().stream().flatMap(List::stream).mapToInt(Instance::variant).distinct()
                .count();
    }

    /**
     * Returns the generation.
     *
     * @return the instruction set
     */
    public InstructionSet isa() {
        return isa;
    }

    /**
     * Draws a stream: each instruction picks an encoding uniformly, then one of its instances uniformly.
     *
     * @param count instructions
     * @param seed the random seed
     * @param filter which instances may be drawn
     * @return the stream
     */
    public InstructionStream stream(int count, long seed, java.util.function.Predicate<Instance> filter) {
        List<List<Instance>> groups = new ArrayList<>();
        for (List<Instance> l : byEncoding.values()) {
            List<Instance> kept = l.stream().filter(filter).toList();
            if (!kept.isEmpty()) {
                groups.add(kept);
            }
        }
        if (groups.isEmpty()) {
            throw new IllegalStateException("no instance passes the filter");
        }
        Random random = new Random(seed);
        Instance[] picks = new Instance[count];
        int words = 0;
        for (int i = 0; i < count; i++) {
            List<Instance> g = groups.get(random.nextInt(groups.size()));
            picks[i] = g.get(random.nextInt(g.size()));
            words += picks[i].words().length;
        }
        int[] all = new int[words];
        int[] offsets = new int[count];
        int p = 0;
        for (int i = 0; i < count; i++) {
            offsets[i] = p;
            System.arraycopy(picks[i].words(), 0, all, p, picks[i].words().length);
            p += picks[i].words().length;
        }
        return new InstructionStream(isa, all, offsets);
    }
}
