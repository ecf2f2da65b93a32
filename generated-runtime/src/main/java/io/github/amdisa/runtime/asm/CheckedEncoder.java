package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checking layer over the generated raw encoder ({@link InstructionSet#encode}): every field value must fit its
 * field (as an unsigned value, or as a two's-complement value for the negative range), every field must exist in
 * the variant's encoding, and the encoded words must decode back to the same instruction with the same length,
 * which checks the encoding's conditions (e.g. {@code SRC0 = 255} selects the literal form). Problems are
 * {@link EncodingException}s naming instruction, encoding, field and value; the raw encoder stays unchecked and
 * fast.
 *
 * <p>{@link #encode(String, Map, int[], int)} also picks the variant: among the instruction's variants whose
 * encoding has every given field, the shortest one that encodes and decodes back.
 */
public final class CheckedEncoder {

    private final InstructionSet isa;
    /** Per variant, the field widths of its encoding (shared by the variants of one encoding), filled lazily. */
    private final Map<String, Long>[] widths;
    private final Map<String, List<Integer>> byName = new HashMap<>();
    private final int[] scratch = new int[16];
    /** The variant the words of the last {@link #encode(int, String[], long[], int[], int)} decoded as. */
    private int lastDecoded = -1;

    /**
     * Creates a checking encoder for one generation.
     *
     * @param isa the generated instruction set
     */
    public CheckedEncoder(InstructionSet isa) {
        this.isa = isa;
        @SuppressWarnings("unchecked")
        Map<String, Long>[] w = new Map[isa.variantCount()];
        Map<String, Map<String, Long>> byEncoding = new HashMap<>();
        for (int v = 0; v < w.length; v++) {
            w[v] = byEncoding.computeIfAbsent(isa.encodingName(v), k -> new HashMap<>());
        }
        this.widths = w;
        for (int v = 0; v < isa.variantCount(); v++) {
            byName.computeIfAbsent(isa.instructionName(v), k -> new ArrayList<>()).add(v);
        }
        for (List<Integer> list : byName.values()) {
            list.sort((a, b) -> Integer.compare(rank(a), rank(b)));
        }
    }

    /** The instruction set this encoder writes. */
    public InstructionSet instructionSet() {
        return isa;
    }

    /** Variants of an AMD instruction name (upper case), best first: shorter, then plain before DPP/SDWA. */
    public List<Integer> variants(String instruction) {
        return byName.getOrDefault(instruction.toUpperCase(Locale.ROOT), List.of());
    }

    private int rank(int v) {
        String kind = isa.variantKind(v);
        int k = switch (kind) {
            case "BASE" -> 0;
            case "LITERAL" -> 1;
            case "LIT64" -> 2;
            default -> 3;
        };
        return isa.length(v) * 8 + k;
    }

    /**
     * The largest unsigned value field {@code field} of the variant's encoding holds, or -1 if it has no such
     * field. A 64-bit field (a 64-bit literal) reports {@link Long#MAX_VALUE}; it holds any {@code long}.
     *
     * @param variant the variant
     * @param field the field name
     * @return the field's all-ones value
     */
    public long fieldMax(int variant, String field) {
        long mask = fieldMask(variant, field);
        return mask == -1L && isa.hasField(variant, field) ? Long.MAX_VALUE : mask;
    }

    /** The all-ones value of the field (-1 for a 64-bit field), or 0 if the encoding has no such field. */
    long fieldMask(int variant, String field) {
        Map<String, Long> known = widths[variant];
        Long w = known.get(field);
        if (w == null) {
            if (!isa.hasField(variant, field)) {
                w = 0L;
            } else {
                int[] out = new int[isa.length(variant) + 1];
                isa.encode(variant, new String[] {field}, new long[] {-1L}, out, 0);
                w = isa.field(variant, field, out, 0);
            }
            known.put(field, w);
        }
        return w;
    }

    /** The variant the words of the last successful variant encoding decode as (the checked round trip's). */
    int lastDecoded() {
        return lastDecoded;
    }

    /** Whether the encoding has the field. */
    boolean hasField(int variant, String field) {
        return fieldMask(variant, field) != 0;
    }

    /**
     * Whether a value fits the field: up to its all-ones value, or down to its signed minimum; any value fits a
     * 64-bit field. False if there is no such field.
     */
    boolean fits(int variant, String field, long value) {
        return fits(fieldMask(variant, field), value);
    }

    /** {@link #fits(int, String, long)} for a field's {@link #fieldMask}. */
    static boolean fits(long mask, long value) {
        if (mask == -1L) {
            return true;
        }
        return mask != 0 && value <= mask && value >= -(mask + 1) / 2;
    }

    /**
     * Encodes one variant after checking every value.
     *
     * @param variant the variant id
     * @param fields field names
     * @param values their values; negative values are accepted down to the field's signed minimum
     * @param out receives the words
     * @param offset where to write
     * @return the length in dwords
     * @throws EncodingException if a field is missing or a value does not fit, or the words do not decode back to
     *                           the instruction (an encoding condition does not hold)
     */
    public int encode(int variant, String[] fields, long[] values, int[] out, int offset) {
        int n = encodeUnverified(variant, fields, values, out, offset);
        String name = isa.instructionName(variant);
        int[] found = {-1};
        int length;
        try {
            length = isa.decode(out, offset, (fv, w, o, len) -> found[0] = fv);
        } catch (DecodeException e) {
            throw new EncodingException(name, isa.encodingName(variant), "*", 0,
                    "the words do not decode: " + e.getMessage());
        }
        lastDecoded = found[0];
        if (length != n || !isa.instructionName(found[0]).equals(name)) {
            throw new EncodingException(name, isa.encodingName(variant), "*", 0,
                    "the words decode as " + isa.instructionName(found[0]) + " (" + isa.encodingName(found[0])
                    + ", " + length + " dwords): an encoding condition does not hold for these values");
        }
        return n;
    }

    /**
     * Like {@link #encode(int, String[], long[], int[], int)}, every value checked, but without reading the words
     * back: for words the spec's encoding conditions do not describe (a VOPD pair whose literal dword the spec's
     * 64-bit VOPD encoding excludes).
     */
    public int encodeUnverified(int variant, String[] fields, long[] values, int[] out, int offset) {
        String name = isa.instructionName(variant);
        long[] masked = new long[values.length];
        for (int i = 0; i < fields.length; i++) {
            long mask = fieldMask(variant, fields[i]);
            if (mask == 0) {
                throw new EncodingException(name, isa.encodingName(variant), fields[i], values[i],
                        "the encoding has no such field");
            }
            long v = values[i];
            if (!fits(variant, fields[i], v)) {
                throw new EncodingException(name, isa.encodingName(variant), fields[i], v,
                        "out of range [" + -(mask + 1) / 2 + ", " + mask + "]");
            }
            masked[i] = v & mask;
        }
        int n = isa.length(variant);
        if (out.length - offset < n) {
            throw new IllegalArgumentException("output has room for " + (out.length - offset) + " dwords, the "
                    + "instruction needs " + n);
        }
        isa.encode(variant, fields, masked, out, offset);
        return n;
    }

    /**
     * Encodes an instruction by AMD name, picking the variant: the first (shortest, plain before DPP/SDWA) whose
     * encoding has every given field and whose words decode back to the instruction.
     *
     * @param instruction the AMD name, e.g. {@code V_BFE_I32}
     * @param fields field values by field name
     * @param out receives the words
     * @param offset where to write
     * @return the chosen variant; its length is {@link InstructionSet#length(int)}
     * @throws EncodingException if no variant takes the fields (the message is the first variant's problem)
     */
    public int encode(String instruction, Map<String, Long> fields, int[] out, int offset) {
        List<Integer> candidates = variants(instruction);
        if (candidates.isEmpty()) {
            throw new EncodingException(instruction, "-", "-", 0, "no such instruction in " + isa.architectureName());
        }
        String[] names = fields.keySet().toArray(new String[0]);
        long[] values = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            values[i] = fields.get(names[i]);
        }
        EncodingException first = null;
        for (int v : candidates) {
            try {
                encode(v, names, values, scratch, 0);
                System.arraycopy(scratch, 0, out, offset, isa.length(v));
                return v;
            } catch (EncodingException e) {
                if (first == null || "the encoding has no such field".equals(first.getMessage())) {
                    first = e;
                }
            }
        }
        throw first;
    }
}
