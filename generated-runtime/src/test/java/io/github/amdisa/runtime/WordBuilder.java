package io.github.amdisa.runtime;

import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.PredefinedValue;
import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import io.github.amdisa.isaxml.model.expr.Operator;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Builds instruction words for a variant straight from the XML model: random valid values for every explicit
 * operand field (registers, inline constants; a literal dword where the variant has one), the values the variant's
 * condition demands ({@code ==}, {@code .within}), and zero in every other field. The result is checked against
 * the condition with the model's own {@link ExprEvaluator}, independently of the generated code.
 */
final class WordBuilder {

    private static final Pattern REGISTER = Pattern.compile("[vsa]\\d+");
    private static final Pattern CONSTANT = Pattern.compile("-?\\d+(\\.\\d+)?");

    private final IsaSpec spec;
    private final InstructionSet isa;
    private final Random random;
    private final Map<String, List<Long>> pools32 = new HashMap<>();
    private final Map<String, List<Long>> pools64 = new HashMap<>();

    WordBuilder(IsaSpec spec, InstructionSet isa, long seed) {
        this.spec = spec;
        this.isa = isa;
        this.random = new Random(seed);
    }

    /** The words of {@code variant}, or {@code null} when no assignment satisfies its condition. */
    int[] build(int variant) {
        Encoding enc = spec.encoding(isa.encodingName(variant)).orElseThrow();
        EncodingCondition cond = enc.condition(isa.conditionName(variant)).orElseThrow();
        for (int attempt = 0; attempt < 20; attempt++) {
            Map<String, Long> values = new LinkedHashMap<>();
            for (int i = 0; i < isa.operandCount(variant); i++) {
                String fieldName = isa.operandField(variant, i);
                if (fieldName == null) {
                    continue;
                }
                Field f = enc.field(fieldName).orElse(null);
                if (f == null) {
                    continue;
                }
                values.put(fieldName, value(isa.operandType(variant, i), isa.operandSize(variant, i), f));
            }
            constrain(cond.expression(), values, random);
            String[] names = values.keySet().toArray(new String[0]);
            long[] vals = values.values().stream().mapToLong(Long::longValue).toArray();
            int[] words = new int[isa.length(variant)];
            isa.encode(variant, names, vals, words, 0);
            if (ExprEvaluator.holds(cond.expression(), enc, words, 0)) {
                return words;
            }
        }
        return null;
    }

    /**
     * Applies the {@code ==} and {@code .within} tests of a conjunction to the field values ({@code .within} picks
     * one listed value with {@code random}). Shared with {@link InstanceGenerator}.
     */
    static void constrain(Expr e, Map<String, Long> values, Random random) {
        if (!(e instanceof Expr.Op op)) {
            return;
        }
        switch (op.operator()) {
            case AND -> op.operands().forEach(x -> constrain(x, values, random));
            case EQ -> {
                if (isField(op.operands().get(0)) && op.operands().get(1) instanceof Expr.Lit lit) {
                    values.put(fieldOf(op.operands().get(0)), ExprEvaluator.parseLiteral(lit.value()));
                }
            }
            case WITHIN -> {
                if (isField(op.operands().get(0)) && op.operands().get(1) instanceof Expr.Op arr) {
                    Expr pick = arr.operands().get(random.nextInt(arr.operands().size()));
                    if (pick instanceof Expr.Lit lit) {
                        values.put(fieldOf(op.operands().get(0)), ExprEvaluator.parseLiteral(lit.value()));
                    }
                }
            }
            default -> {
            }
        }
    }

    private static boolean isField(Expr e) {
        return e instanceof Expr.Op op && op.operator() == Operator.FIELD_DEREF;
    }

    private static String fieldOf(Expr e) {
        List<String> p = ExprEvaluator.path(e);
        return p.get(p.size() - 1);
    }

    /** A random valid value for an operand of {@code type} and {@code size} bits in field {@code f}. */
    private long value(String type, int size, Field f) {
        long fieldMax = f.width() >= 63 ? Long.MAX_VALUE : (1L << f.width()) - 1;
        if (f.name().startsWith("LITERAL") || f.name().startsWith("SIMM32") || f.name().startsWith("SIMM64")) {
            // A literal that is not an inline constant.
            return 0x10000L + random.nextInt(0x7fff0000) & fieldMax;
        }
        List<Long> pool = pool(type, size, fieldMax);
        if (!pool.isEmpty()) {
            return pool.get(random.nextInt(pool.size()));
        }
        return random.nextInt((int) Math.min(fieldMax, 0xffff) + 1);
    }

    private List<Long> pool(String type, int size, long fieldMax) {
        Map<String, List<Long>> cache = size > 32 ? pools64 : pools32;
        return cache.computeIfAbsent(type, t -> {
            List<Long> out = new ArrayList<>();
            OperandType ot = spec.operandType(t).orElse(null);
            if (ot == null) {
                return out;
            }
            int regs = Math.max(1, (size + 31) / 32);
            for (PredefinedValue v : ot.predefinedValues()) {
                String n = v.name();
                if (v.value() > fieldMax || v.value() < 0) {
                    continue;
                }
                if (REGISTER.matcher(n).matches()) {
                    int idx = Integer.parseInt(n.substring(1));
                    // Aligned tuples that stay inside the register file; low SGPRs only (high ones are special on
                    // some targets).
                    if (idx % Math.min(regs, 2) != 0 || n.charAt(0) == 's' && idx + regs > 100
                            || idx + regs > 256) {
                        continue;
                    }
                    out.add(v.value());
                } else if (CONSTANT.matcher(n).matches() && size <= 64) {
                    out.add(v.value());
                }
            }
            return out;
        });
    }
}
