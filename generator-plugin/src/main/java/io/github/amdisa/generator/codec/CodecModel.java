package io.github.amdisa.generator.codec;

import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The codec view of one spec, computed once before emitting: encodings in decode order, each with its conditions
 * (decode precedence), identifier rows and the instruction variants they select. Everything is derived from the
 * XML model; nothing here knows instruction names.
 */
final class CodecModel {

    /** One instruction in one encoding under one condition; {@code id} is its global number in the generation. */
    record Variant(int id, Instruction instruction, int instructionOrdinal, InstructionEncoding encoding,
                   EncodingModel owner, int conditionIndex, int identifierIndex) {
    }

    /** One row of an encoding's decode table: an identifier, refined by an opcode when the mask lacks opcode bits. */
    record Row(int identifierIndex, Long opcode) {
    }

    /** An encoding with its decode data. */
    static final class EncodingModel {
        final Encoding encoding;
        final int index;
        final String className;
        /** Conditions in decode precedence: non-trivial ones first, then trivially true ones; guards excluded. */
        final List<EncodingCondition> conditions = new ArrayList<>();
        /** Conditions that no variant names; they must all hold for the encoding to match. */
        final List<EncodingCondition> guards = new ArrayList<>();
        final List<Row> rows = new ArrayList<>();
        /** Row index x condition index -> variant id, or -1. */
        int[][] table;
        final List<Variant> variants = new ArrayList<>();
        /** The field holding the opcode ({@code OP}), if any. */
        Field opField;
        /** Whether rows are refined by the opcode field (the identifier mask does not cover all opcode bits). */
        boolean refineByOpcode;
        /**
         * Later encodings that take precedence when this one matches only under a trivially true condition: those
         * with a non-trivial condition on compatible identifiers (e.g. {@code SOP1_INST_LITERAL}'s
         * {@code SSRC0 == 255} over {@code ENC_SOP1}'s unconditional {@code default}).
         */
        final List<EncodingModel> overriders = new ArrayList<>();
        /** Index of the first trivially true condition in {@link #conditions}. */
        int firstTrivial;

        EncodingModel(Encoding encoding, int index, String className) {
            this.encoding = encoding;
            this.index = index;
            this.className = className;
        }

        int conditionIndex(String name) {
            for (int i = 0; i < conditions.size(); i++) {
                if (conditions.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        /** The mask's highest dword that has set bits, plus one (how many dwords identification reads). */
        int maskDwords() {
            Bits m = encoding.identifierMask();
            int n = 0;
            for (int i = 0; i < m.dwordCount(); i++) {
                if (m.dword(i) != 0) {
                    n = i + 1;
                }
            }
            return n;
        }
    }

    final IsaSpec spec;
    final List<EncodingModel> encodings = new ArrayList<>();
    final Map<String, EncodingModel> byName = new LinkedHashMap<>();
    final List<Variant> variants = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();

    CodecModel(IsaSpec spec, java.util.function.Function<Encoding, String> classNames) {
        this.spec = spec;
        int index = 0;
        for (Encoding e : spec.encodingsInOrder()) {
            EncodingModel m = new EncodingModel(e, index++, classNames.apply(e));
            encodings.add(m);
            byName.put(e.name(), m);
            m.opField = opcodeField(e).orElse(null);
        }
        // Which conditions are named by instruction variants.
        Map<String, Set<String>> used = new LinkedHashMap<>();
        for (Instruction i : spec.instructions()) {
            for (InstructionEncoding ie : i.encodings()) {
                used.computeIfAbsent(ie.encodingName(), k -> new HashSet<>()).add(ie.conditionName());
            }
        }
        for (EncodingModel m : encodings) {
            Set<String> names = used.getOrDefault(m.encoding.name(), Set.of());
            List<EncodingCondition> trivial = new ArrayList<>();
            for (EncodingCondition c : m.encoding.conditions()) {
                if (!names.contains(c.name())) {
                    if (!ExprCompiler.isTriviallyTrue(c.expression())) {
                        m.guards.add(c);
                    }
                } else if (ExprCompiler.isTriviallyTrue(c.expression())) {
                    trivial.add(c);
                } else {
                    m.conditions.add(c);
                }
            }
            m.firstTrivial = m.conditions.size();
            m.conditions.addAll(trivial);
        }
        // Variants and rows.
        int ordinal = 0;
        for (Instruction i : spec.instructions()) {
            for (InstructionEncoding ie : i.encodings()) {
                EncodingModel m = byName.get(ie.encodingName());
                if (m == null) {
                    warnings.add(i.name() + ": encoding " + ie.encodingName() + " is not defined; variant skipped");
                    continue;
                }
                int ci = m.conditionIndex(ie.conditionName());
                if (ci < 0) {
                    warnings.add(i.name() + ": condition " + ie.conditionName() + " is not defined in "
                            + ie.encodingName() + "; variant skipped");
                    continue;
                }
                int idIndex = identifierFor(m, ie.opcode());
                if (idIndex < 0) {
                    warnings.add(i.name() + ": opcode " + ie.opcode() + " has no identifier in " + ie.encodingName()
                            + "; variant skipped");
                    continue;
                }
                Variant v = new Variant(variants.size(), i, ordinal, ie, m, ci, idIndex);
                variants.add(v);
                m.variants.add(v);
            }
            ordinal++;
        }
        for (EncodingModel m : encodings) {
            buildRows(m);
        }
        for (EncodingModel m : encodings) {
            if (m.firstTrivial == m.conditions.size() || m.variants.isEmpty()) {
                continue;
            }
            for (EncodingModel later : encodings.subList(m.index + 1, encodings.size())) {
                if (later.firstTrivial > 0 && !later.variants.isEmpty() && compatible(m.encoding, later.encoding)) {
                    m.overriders.add(later);
                }
            }
        }
    }

    /**
     * Whether some identifier of {@code a} and some of {@code b} agree on the bits both masks cover. The identifiers of
     * {@code a}, masked to the common bits, go into a set that each identifier of {@code b} is looked up in (encodings
     * have hundreds of identifiers, and every pair of encodings is checked).
     */
    private static boolean compatible(Encoding a, Encoding b) {
        Bits ma = a.identifierMask();
        Bits mb = b.identifierMask();
        int dwords = Math.min(ma.dwordCount(), mb.dwordCount());
        int[] common = new int[dwords];
        for (int d = 0; d < dwords; d++) {
            common[d] = ma.dword(d) & mb.dword(d);
        }
        Set<List<Integer>> masked = new HashSet<>();
        for (Bits ia : a.identifiers()) {
            masked.add(maskedKey(ia, common));
        }
        for (Bits ib : b.identifiers()) {
            if (masked.contains(maskedKey(ib, common))) {
                return true;
            }
        }
        return false;
    }

    private static List<Integer> maskedKey(Bits id, int[] mask) {
        List<Integer> key = new ArrayList<>(mask.length);
        for (int d = 0; d < mask.length; d++) {
            key.add(d < id.dwordCount() ? id.dword(d) & mask[d] : 0);
        }
        return key;
    }

    /** How many dwords the conditions, guards and opcode refinement of {@code m} read (at least 1). */
    static int conditionDwords(EncodingModel m) {
        int max = 0;
        List<EncodingCondition> all = new ArrayList<>(m.conditions);
        all.addAll(m.guards);
        for (EncodingCondition c : all) {
            for (String name : fieldNames(c.expression())) {
                max = Math.max(max, m.encoding.field(name).map(f -> f.highestBit() / 32).orElse(0));
            }
        }
        if (m.refineByOpcode) {
            max = Math.max(max, m.opField.highestBit() / 32);
        }
        return max + 1;
    }

    private static Set<String> fieldNames(io.github.amdisa.isaxml.model.expr.Expr e) {
        Set<String> out = new HashSet<>();
        if (e instanceof io.github.amdisa.isaxml.model.expr.Expr.Op op) {
            if (op.operator() == io.github.amdisa.isaxml.model.expr.Operator.FIELD_DEREF) {
                List<String> p = io.github.amdisa.isaxml.model.expr.ExprEvaluator.path(op);
                out.add(p.get(p.size() - 1));
            } else {
                op.operands().forEach(x -> out.addAll(fieldNames(x)));
            }
        } else if (e instanceof io.github.amdisa.isaxml.model.expr.Expr.Id id) {
            out.add(id.name());
        }
        return out;
    }

    private void buildRows(EncodingModel m) {
        // Refine by opcode when one identifier carries several opcodes.
        Map<Integer, Set<Long>> opcodesById = new LinkedHashMap<>();
        for (Variant v : m.variants) {
            opcodesById.computeIfAbsent(v.identifierIndex(), k -> new HashSet<>()).add(v.encoding().opcode());
        }
        m.refineByOpcode = m.opField != null && opcodesById.values().stream().anyMatch(s -> s.size() > 1);
        Map<Row, Integer> rowIndex = new LinkedHashMap<>();
        if (!m.refineByOpcode) {
            for (int k = 0; k < m.encoding.identifiers().size(); k++) {
                rowIndex.put(new Row(k, null), k);
                m.rows.add(new Row(k, null));
            }
        }
        for (Variant v : m.variants) {
            Row r = new Row(v.identifierIndex(), m.refineByOpcode ? v.encoding().opcode() : null);
            if (!rowIndex.containsKey(r)) {
                rowIndex.put(r, m.rows.size());
                m.rows.add(r);
            }
        }
        m.table = new int[m.rows.size()][m.conditions.size()];
        for (int[] row : m.table) {
            java.util.Arrays.fill(row, -1);
        }
        for (Variant v : m.variants) {
            Row r = new Row(v.identifierIndex(), m.refineByOpcode ? v.encoding().opcode() : null);
            int ri = rowIndex.get(r);
            if (m.table[ri][v.conditionIndex()] >= 0) {
                Variant other = variants.get(m.table[ri][v.conditionIndex()]);
                warnings.add(v.instruction().name() + " and " + other.instruction().name() + " share opcode "
                        + v.encoding().opcode() + " in " + m.encoding.name() + "/" + v.encoding().conditionName()
                        + "; the first decodes");
                continue;
            }
            m.table[ri][v.conditionIndex()] = v.id();
        }
    }

    /** The opcode field: {@code OP}, or another {@code OP*} field that is not an {@code OP_SEL*}. */
    static Optional<Field> opcodeField(Encoding e) {
        Optional<Field> op = e.field("OP");
        if (op.isPresent()) {
            return op;
        }
        return e.fields().stream().filter(f -> f.name().startsWith("OP") && !f.name().startsWith("OP_SEL"))
                .findFirst();
    }

    /** The identifier whose opcode bits (those under the mask) agree with {@code opcode}, or -1. */
    private static int identifierFor(EncodingModel m, long opcode) {
        Encoding e = m.encoding;
        if (m.opField == null) {
            return e.identifiers().isEmpty() ? -1 : 0;
        }
        // The opcode placed into an otherwise empty word, masked: compare with each identifier's opcode bits.
        int[] words = new int[e.dwordCount()];
        m.opField.insert(words, 0, opcode);
        if (m.opField.width() < 64 && opcode >>> m.opField.width() != 0) {
            return -1;
        }
        Bits mask = e.identifierMask();
        int[] opMask = new int[e.dwordCount()];
        m.opField.insert(opMask, 0, -1L);
        for (int k = 0; k < e.identifiers().size(); k++) {
            Bits id = e.identifiers().get(k);
            boolean ok = true;
            for (int d = 0; d < words.length && ok; d++) {
                int mk = (d < mask.dwordCount() ? mask.dword(d) : 0) & opMask[d];
                int iv = d < id.dwordCount() ? id.dword(d) : 0;
                ok = (words[d] & mk) == (iv & mk);
            }
            if (ok) {
                return k;
            }
        }
        return -1;
    }

    /** Java source of a {@code long} expression extracting {@code f} from {@code w} at {@code o}. */
    static String extractSource(Field f) {
        StringBuilder b = new StringBuilder();
        int shift = 0;
        for (BitRange r : f.ranges().stream().sorted(java.util.Comparator.comparingInt(BitRange::order)).toList()) {
            String part = rangeSource(r);
            if (b.length() > 0) {
                b.append(" | ");
            }
            b.append(shift == 0 ? part : "(" + part + " << " + shift + ")");
            shift += r.count();
        }
        return f.ranges().size() == 1 ? b.toString() : "(" + b + ")";
    }

    private static String rangeSource(BitRange r) {
        int d = r.offset() >>> 5;
        int s = r.offset() & 31;
        String word = d == 0 ? "w[o]" : "w[o + " + d + "]";
        long mask = r.count() == 64 ? -1L : (1L << r.count()) - 1;
        String maskText = "0x" + Long.toHexString(mask) + "L";
        if (s + r.count() <= 32) {
            String shifted = s == 0 ? word : "(" + word + " >>> " + s + ")";
            return "(" + shifted + " & " + maskText + ")";
        }
        // Spans dwords: assemble two words into a long.
        StringBuilder wide = new StringBuilder("(Integer.toUnsignedLong(" + word + ")");
        int needed = s + r.count();
        for (int k = 1; k * 32 < needed && k < 2; k++) {
            wide.append(" | (Integer.toUnsignedLong(w[o + ").append(d + k).append("]) << ").append(32 * k)
                    .append(")");
        }
        wide.append(")");
        return "((" + wide + " >>> " + s + ") & " + maskText + ")";
    }
}
