package io.github.amdisa.generator.codec;

import io.github.amdisa.generator.codec.CodecModel.EncodingModel;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import io.github.amdisa.isaxml.model.expr.Operator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A branch-free first try for one candidate set of the decoder: when everything that decides the set's result lies
 * in the first two dwords - the identifier and opcode bits of the first dword (the <em>index</em>) and the few fields
 * the encoding conditions read (the <em>keys</em>, e.g. {@code SRC0} choosing between the plain, literal, DPP8 and
 * DPP16 forms of VOP2 in the first dword, or {@code SRC0..SRC2} doing so for VOP3 in the second) - the result
 * (variant and length) is a function of those bits. The key values fall into a handful of classes (values for which
 * every condition of the set answers alike), computed here by evaluating the conditions: per key over the one-field
 * atoms the conditions are built from with {@code &&}, {@code ||} and {@code !} (exact for any number of keys), or,
 * for conditions that compare fields with each other, over every combination of key values. The result per (index,
 * key class) is computed when the decoder class loads, by running the set's ordinary decode on one word per entry
 * ({@code DecodeFastPath.entries}). At decode time one table load replaces the chain of match attempts, whose
 * branches a mixed stream mispredicts.
 *
 * <p>Eligibility is decided from the model, conservatively: every encoding the set may try (the set and the
 * encodings that can override its members) identifies itself in the first dword - except <em>prechecks</em>,
 * encodings identified only in dword 2 or later whose identifiers never match all-zero dwords there (CDNA4's
 * reconstructed {@code ENC_VOP3PX2}): the fast path sends words carrying their identifiers to the ordinary decode
 * first, and the table's sample words (zero beyond the second dword) never reach them -, refines rows (if at all) by an
 * opcode field in the first dword, and has conditions and guards (the conditions no instruction names, which the
 * encoding must meet to match at all, such as gfx1250's {@code SSRC0 notin [254, 255]} on ENC_SOP1) that read only
 * fields that are one range inside the first or the second dword, disjoint from the index bits. Guards are key
 * conditions like the others: they split key values into classes the same way. A set that fails any test keeps only its ordinary
 * decode, as does one whose tables would be large. Entries the class-load run could not fill (no match) send the
 * word to the ordinary decode, which then reports the exact error, as does input shorter than the entry's length
 * (or than two dwords, when a key lies in the second).
 */
final class DecodeFastPlan {

    /** Index bits at most (a table of 2^n x classes ints). */
    private static final int MAX_INDEX_BITS = 11;
    /** Key field width at most, per field (its class table has 2^width entries). */
    private static final int MAX_KEY_BITS = 10;
    /** Key-value combinations evaluated per set at most (when the conditions do not split into one-field atoms). */
    private static final int MAX_KEY_COMBINATIONS = 1 << 20;
    /**
     * Class bits at most over all keys. 7 (was 6) admits gfx1250's VOP3 set (10 index + 7 class bits: a 512 KB
     * table, ~100 ms to fill on first use against 1-36 ms for the others; VOP3 raw decode 48 -> 105 M/s).
     */
    private static final int MAX_CLASS_BITS = 7;
    /** Index plus class bits at most: the table has 2^n ints (18: at most 1 MB). */
    private static final int MAX_TABLE_BITS = 18;

    /** The first dword's bits that are the same in every word reaching the set, and their value. */
    final int fixedMask;
    final int fixedValue;
    /** Index bit runs, lowest first in the index: {offset, length} pairs. */
    final List<int[]> indexRuns;
    final int indexBits;
    /** Key fields (single ranges inside the first or the second dword): bit offset in the instruction and width. */
    final List<int[]> keys;
    /** Per key: the class of every value. */
    final List<int[]> classOfValue;
    /** Per key: the number of class bits it contributes (its classes fit in them). */
    final List<Integer> classBits;
    /** Per combined class (key classes concatenated, the first key in the high bits): one key value per key. */
    final List<int[]> representatives;
    final int totalClassBits;
    /**
     * Encodings of the set identified only beyond the key dwords ({@link #isFarIdentified}), in decode order: a
     * word that carries one of their identifiers (or is too short to tell) takes the ordinary decode.
     */
    final List<EncodingModel> prechecks;

    private DecodeFastPlan(int fixedMask, int fixedValue, List<int[]> indexRuns, int indexBits, List<int[]> keys,
                           List<int[]> classOfValue, List<Integer> classBits, List<int[]> representatives,
                           int totalClassBits, List<EncodingModel> prechecks) {
        this.prechecks = prechecks;
        this.fixedMask = fixedMask;
        this.fixedValue = fixedValue;
        this.indexRuns = indexRuns;
        this.indexBits = indexBits;
        this.keys = keys;
        this.classOfValue = classOfValue;
        this.classBits = classBits;
        this.representatives = representatives;
        this.totalClassBits = totalClassBits;
    }

    /**
     * The plan for a set, or empty when the set is not eligible.
     *
     * @param set     the set's encodings in decode order
     * @param buckets the top-9-bit values of the first dword that reach the set
     */
    static Optional<DecodeFastPlan> of(List<EncodingModel> set, List<Integer> buckets) {
        if (set.isEmpty() || buckets.isEmpty()) {
            return Optional.empty();
        }
        // Encodings identified only beyond the key dwords become prechecks: the fast path sends every word that
        // carries one of their identifiers to the ordinary decode, so the table is built and used only for words
        // on which they cannot match - and then neither they nor the overriders of their unconditional match are
        // tried. Their identifiers must not match the sample words' all-zero far dwords, or the class-load run
        // would fill entries through them.
        List<EncodingModel> prechecks = new ArrayList<>();
        Set<EncodingModel> all = new LinkedHashSet<>();
        for (EncodingModel m : set) {
            if (isFarIdentified(m)) {
                prechecks.add(m);
                continue;
            }
            all.add(m);
            for (EncodingModel over : m.overriders) {
                if (!isFarIdentified(over)) {
                    all.add(over);
                } else if (!prechecks.contains(over)) {
                    prechecks.add(over);
                }
            }
        }
        if (all.isEmpty()) {
            return Optional.empty();
        }
        int decisive = 0;
        Map<Long, int[]> keyRanges = new LinkedHashMap<>();
        for (EncodingModel m : all) {
            if (m.maskDwords() > 1) {
                return Optional.empty();
            }
            if (m.encoding.identifierMask().dwordCount() > 0) {
                decisive |= m.encoding.identifierMask().dword(0);
            }
            if (m.refineByOpcode) {
                Optional<int[]> op = singleRange(m.opField);
                if (op.isEmpty()) {
                    return Optional.empty();
                }
                decisive |= mask(op.get());
            }
            for (EncodingCondition c : keyConditions(m)) {
                for (String name : fieldNames(c.expression())) {
                    Optional<Field> f = m.encoding.field(name);
                    Optional<int[]> r = f.flatMap(DecodeFastPlan::keyRange);
                    if (r.isEmpty() || r.get()[1] > MAX_KEY_BITS) {
                        return Optional.empty();
                    }
                    keyRanges.putIfAbsent((long) r.get()[0] << 32 | r.get()[1], r.get());
                }
            }
        }
        // Top-9 bits equal in every bucket are fixed; the decisive bits that vary form the index.
        int fixedMask = 0;
        int first = buckets.get(0) << 23;
        for (int bit = 23; bit < 32; bit++) {
            boolean same = true;
            for (int bucket : buckets) {
                same &= ((bucket << 23 ^ first) & 1 << bit) == 0;
            }
            if (same) {
                fixedMask |= 1 << bit;
            }
        }
        int indexMask = decisive & ~fixedMask;
        List<int[]> keys = new ArrayList<>(keyRanges.values());
        long keyMask = 0;
        long combinations = 1;
        for (int[] k : keys) {
            if ((keyMask & mask(k)) != 0) {
                return Optional.empty(); // overlapping key fields
            }
            keyMask |= mask(k);
            combinations = Math.min(combinations << k[1], 1L << 40);
        }
        if (Integer.bitCount(indexMask) > MAX_INDEX_BITS || (keyMask & ((indexMask | fixedMask) & 0xffffffffL)) != 0) {
            return Optional.empty();
        }
        List<int[]> runs = new ArrayList<>();
        for (int bit = 0; bit < 32; ) {
            if ((indexMask & 1 << bit) == 0) {
                bit++;
                continue;
            }
            int start = bit;
            while (bit < 32 && (indexMask & 1 << bit) != 0) {
                bit++;
            }
            runs.add(new int[] {start, bit - start});
        }
        List<Expr> conds = new ArrayList<>();
        List<EncodingModel> owners = new ArrayList<>();
        for (EncodingModel m : all) {
            for (EncodingCondition c : keyConditions(m)) {
                conds.add(c.expression());
                owners.add(m);
            }
        }
        List<List<Integer>> repsPerKey = new ArrayList<>();
        List<int[]> classOfValue = byAtoms(conds, owners, keys, repsPerKey);
        if (classOfValue == null) {
            if (combinations > MAX_KEY_COMBINATIONS) {
                return Optional.empty();
            }
            classOfValue = byCombinations(conds, owners, keys, (int) combinations, repsPerKey);
        }
        List<Integer> classBits = new ArrayList<>();
        int totalClassBits = 0;
        for (List<Integer> reps : repsPerKey) {
            int bits = reps.size() == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(reps.size() - 1);
            classBits.add(bits);
            totalClassBits += bits;
        }
        if (totalClassBits > MAX_CLASS_BITS || Integer.bitCount(indexMask) + totalClassBits > MAX_TABLE_BITS) {
            return Optional.empty();
        }
        List<int[]> representatives = new ArrayList<>();
        for (int combined = 0; combined < 1 << totalClassBits; combined++) {
            int[] rep = new int[keys.size()];
            int shift = totalClassBits;
            boolean exists = true;
            for (int k = 0; k < keys.size(); k++) {
                shift -= classBits.get(k);
                int c = combined >>> shift & (1 << classBits.get(k)) - 1;
                exists &= c < repsPerKey.get(k).size();
                rep[k] = exists ? repsPerKey.get(k).get(c) : 0;
            }
            representatives.add(exists ? rep : null);
        }
        return Optional.of(new DecodeFastPlan(fixedMask, first & fixedMask, runs, Integer.bitCount(indexMask), keys,
                classOfValue, classBits, representatives, totalClassBits, List.copyOf(prechecks)));
    }

    /**
     * Whether an encoding is identified by bits beyond the key dwords only (dword 2 and up, such as CDNA4's
     * reconstructed {@code ENC_VOP3PX2}, whose third dword carries the VOP3P identifier of its second half), and
     * none of its identifiers matches all-zero dwords there (the table's sample words have zero far dwords).
     */
    static boolean isFarIdentified(EncodingModel m) {
        Bits mask = m.encoding.identifierMask();
        if (m.maskDwords() <= 2 || mask.dword(0) != 0 || mask.dword(1) != 0 || m.encoding.identifiers().isEmpty()) {
            return false;
        }
        for (Bits id : m.encoding.identifiers()) {
            boolean zeroMatches = true;
            for (int d = 2; d < mask.dwordCount(); d++) {
                zeroMatches &= ((d < id.dwordCount() ? id.dword(d) : 0) & mask.dword(d)) == 0;
            }
            if (zeroMatches) {
                return false;
            }
        }
        return true;
    }

    /**
     * A Java int expression over {@code x} (the first dword) and, if {@link #readsSecondDword()}, {@code y} (the
     * second): the table position of (index, combined class).
     */
    String positionExpression(String tablePrefix) {
        StringBuilder index = new StringBuilder();
        int shift = 0;
        for (int[] run : indexRuns) {
            if (index.length() > 0) {
                index.append(" | ");
            }
            String bits = "(x >>> " + run[0] + " & 0x" + Integer.toHexString((1 << run[1]) - 1) + ")";
            index.append(shift == 0 ? bits : "(" + bits + " << " + shift + ")");
            shift += run[1];
        }
        StringBuilder cls = new StringBuilder();
        int below = totalClassBits;
        for (int k = 0; k < keys.size(); k++) {
            below -= classBits.get(k);
            if (classBits.get(k) == 0) {
                continue;
            }
            if (cls.length() > 0) {
                cls.append(" | ");
            }
            String look = tablePrefix + "_KEY" + k + "[" + (inSecondDword(keys.get(k)) ? "y" : "x") + " >>> "
                    + (keys.get(k)[0] & 31) + " & 0x"
                    + Integer.toHexString((1 << keys.get(k)[1]) - 1) + "]";
            cls.append(below == 0 ? look : "(" + look + " << " + below + ")");
        }
        String idx = index.length() == 0 ? "0" : index.toString();
        if (cls.length() == 0) {
            return idx;
        }
        return "(" + idx + ") << " + totalClassBits + " | " + cls;
    }

    private static long mask(int[] range) {
        return range[1] == 64 ? -1L : ((1L << range[1]) - 1) << range[0];
    }

    /** Whether a key lies in the second dword. */
    static boolean inSecondDword(int[] key) {
        return key[0] >= 32;
    }

    /** Whether any key lies in the second dword (the lookup then needs two dwords of input). */
    boolean readsSecondDword() {
        return keys.stream().anyMatch(DecodeFastPlan::inSecondDword);
    }

    /** The conditions whose truth the key classes must keep: the non-trivial conditions, then the guards. */
    private static List<EncodingCondition> keyConditions(EncodingModel m) {
        List<EncodingCondition> out = new ArrayList<>();
        for (EncodingCondition c : m.conditions) {
            if (!ExprCompiler.isTriviallyTrue(c.expression())) {
                out.add(c);
            }
        }
        out.addAll(m.guards); // never trivially true (CodecModel keeps those out)
        return out;
    }

    /** {offset, width} of a field that is one range inside the first or the second dword. */
    private static Optional<int[]> keyRange(Field f) {
        if (f == null || f.ranges().size() != 1) {
            return Optional.empty();
        }
        BitRange r = f.ranges().get(0);
        return r.lastBit() < 64 && r.offset() >> 5 == r.lastBit() >> 5
                ? Optional.of(new int[] {r.offset(), r.count()}) : Optional.empty();
    }

    /**
     * Key classes when every condition is a boolean combination ({@code &&}, {@code ||}, {@code !}) of atoms that
     * each read one key field (e.g. {@code SRC0 notin [250, 233, 234, 255]}, {@code SRC1 != 255}): the value of every
     * condition then follows from the atoms' values, and each atom's from one key's value, so values of a key on
     * which all its atoms agree form one class - exactly, whatever the number of keys. Null if a condition does not
     * split that way.
     */
    private static List<int[]> byAtoms(List<Expr> conds, List<EncodingModel> owners, List<int[]> keys,
                                       List<List<Integer>> repsPerKey) {
        List<List<Expr>> atomsOfKey = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            atomsOfKey.add(new ArrayList<>());
        }
        for (int c = 0; c < conds.size(); c++) {
            List<Expr> atoms = new ArrayList<>();
            if (!atoms(conds.get(c), atoms)) {
                return null;
            }
            for (Expr atom : atoms) {
                String name = fieldNames(atom).iterator().next();
                int[] r = keyRange(owners.get(c).encoding.field(name).orElseThrow()).orElseThrow();
                atomsOfKey.get(keyIndex(keys, r)).add(atom);
            }
        }
        List<int[]> classOfValue = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            int width = keys.get(k)[1];
            List<Expr> atoms = atomsOfKey.get(k);
            classOfValue.add(classes(width, value -> {
                StringBuilder sig = new StringBuilder();
                for (Expr atom : atoms) {
                    sig.append(ExprEvaluator.evaluate(atom, path -> value) != 0 ? '1' : '0');
                }
                return sig.toString();
            }, repsPerKey));
        }
        return classOfValue;
    }

    /** Adds the one-field atoms of {@code e}; false if a part that reads several fields is not {@code &&, ||, !}. */
    private static boolean atoms(Expr e, List<Expr> out) {
        Set<String> fields = fieldNames(e);
        if (fields.size() <= 1) {
            if (fields.size() == 1) {
                out.add(e);
            }
            return true;
        }
        if (e instanceof Expr.Op op && (op.operator() == Operator.AND || op.operator() == Operator.OR
                || op.operator() == Operator.NOT)) {
            for (Expr c : op.operands()) {
                if (!atoms(c, out)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static int keyIndex(List<int[]> keys, int[] r) {
        for (int k = 0; k < keys.size(); k++) {
            if (keys.get(k)[0] == r[0] && keys.get(k)[1] == r[1]) {
                return k;
            }
        }
        throw new IllegalStateException("not a key field: bits " + r[0] + "+" + r[1]);
    }

    /**
     * Key classes from the truth of every condition on every combination of key values (for conditions that compare
     * several fields): values of a key that no combination tells apart form one class.
     */
    private static List<int[]> byCombinations(List<Expr> conds, List<EncodingModel> owners, List<int[]> keys,
                                              int n, List<List<Integer>> repsPerKey) {
        boolean[][] truth = new boolean[n][conds.size()];
        long[] values = new long[keys.size()];
        for (int combo = 0; combo < n; combo++) {
            int rest = combo;
            for (int k = keys.size() - 1; k >= 0; k--) {
                values[k] = rest & ((1 << keys.get(k)[1]) - 1);
                rest >>>= keys.get(k)[1];
            }
            for (int c = 0; c < conds.size(); c++) {
                EncodingModel owner = owners.get(c);
                truth[combo][c] = ExprEvaluator.evaluate(conds.get(c), path -> {
                    int[] r = keyRange(owner.encoding.field(path.get(path.size() - 1)).orElseThrow()).orElseThrow();
                    return values[keyIndex(keys, r)];
                }) != 0;
            }
        }
        List<int[]> classOfValue = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            int width = keys.get(k)[1];
            int shift = keys.subList(k + 1, keys.size()).stream().mapToInt(key -> key[1]).sum();
            classOfValue.add(classes(width, value -> {
                StringBuilder sig = new StringBuilder();
                for (int combo = 0; combo < n; combo++) {
                    if ((combo >>> shift & (1 << width) - 1) == value) {
                        for (boolean t : truth[combo]) {
                            sig.append(t ? '1' : '0');
                        }
                    }
                }
                return sig.toString();
            }, repsPerKey));
        }
        return classOfValue;
    }

    /**
     * The class of every value of a {@code width}-bit key: values with the same signature share one. Adds the first
     * value of each class, in class order, to {@code repsPerKey}.
     */
    private static int[] classes(int width, java.util.function.IntFunction<String> signature,
                                 List<List<Integer>> repsPerKey) {
        int[] cls = new int[1 << width];
        Map<String, Integer> classOfSignature = new HashMap<>();
        List<Integer> reps = new ArrayList<>();
        for (int value = 0; value < 1 << width; value++) {
            String sig = signature.apply(value);
            Integer c = classOfSignature.get(sig);
            if (c == null) {
                c = classOfSignature.size();
                classOfSignature.put(sig, c);
                reps.add(value);
            }
            cls[value] = c;
        }
        repsPerKey.add(reps);
        return cls;
    }

    /** {offset, width} of a field that is one range inside the first dword. */
    private static Optional<int[]> singleRange(Field f) {
        return keyRange(f).filter(r -> !inSecondDword(r));
    }

    private static Set<String> fieldNames(Expr e) {
        Set<String> out = new LinkedHashSet<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, Set<String> out) {
        if (e instanceof Expr.Id id) {
            out.add(id.name());
        } else if (e instanceof Expr.Op op) {
            if (op.operator() == Operator.FIELD_DEREF) {
                List<String> path = ExprEvaluator.path(op);
                out.add(path.get(path.size() - 1));
            } else {
                op.operands().forEach(c -> collect(c, out));
            }
        }
    }
}
