package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.binding.ArchitectureType;
import io.github.amdisa.isaxml.binding.BitLayoutType;
import io.github.amdisa.isaxml.binding.DataFormatType;
import io.github.amdisa.isaxml.binding.DocumentType;
import io.github.amdisa.isaxml.binding.EncodingConditionType;
import io.github.amdisa.isaxml.binding.EncodingType;
import io.github.amdisa.isaxml.binding.ExprContainerType;
import io.github.amdisa.isaxml.binding.ExprIdType;
import io.github.amdisa.isaxml.binding.ExprLitType;
import io.github.amdisa.isaxml.binding.ExprOpType;
import io.github.amdisa.isaxml.binding.ExprTyType;
import io.github.amdisa.isaxml.binding.FunctionalGroupType;
import io.github.amdisa.isaxml.binding.InstructionEncodingType;
import io.github.amdisa.isaxml.binding.InstructionType;
import io.github.amdisa.isaxml.binding.MicrocodeFieldType;
import io.github.amdisa.isaxml.binding.MicrocodeFormatType;
import io.github.amdisa.isaxml.binding.OperandTypeType;
import io.github.amdisa.isaxml.binding.PredefinedValueType;
import io.github.amdisa.isaxml.binding.RadixValueType;
import io.github.amdisa.isaxml.model.Architecture;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.DataComponent;
import io.github.amdisa.isaxml.model.DataField;
import io.github.amdisa.isaxml.model.DataFormat;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.FunctionalGroup;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.InstructionFlags;
import io.github.amdisa.isaxml.model.InstructionGroup;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.PredefinedValue;
import io.github.amdisa.isaxml.model.Signedness;
import io.github.amdisa.isaxml.model.SourceLocation;
import io.github.amdisa.isaxml.model.SpecDocument;
import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import io.github.amdisa.isaxml.model.expr.ExprType;
import io.github.amdisa.isaxml.model.expr.Operator;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.glassfish.jaxb.core.Locatable;
import org.xml.sax.Locator;

/**
 * Turns the JAXB binding of one spec, element by element as the loader streams it, into the immutable model, and
 * validates it: values and radixes as each element arrives, cross references once everything is read. Every
 * problem is reported with its location and, where it has one, its instruction and encoding.
 */
final class ModelBuilder {

    static final Set<String> KNOWN_SCHEMA_VERSIONS = Set.of("1.0.0", "1.1.0", "1.1.1", "1.2.0");

    private final String file;
    private final Problems problems;

    private SpecDocument document;
    private Architecture architecture;
    private final Map<String, Encoding> encodings = new LinkedHashMap<>();
    private final List<Instruction> instructions = new ArrayList<>();
    private final Map<String, Instruction> instructionsByName = new HashMap<>();
    private final Map<String, DataFormat> dataFormats = new LinkedHashMap<>();
    private final Map<String, OperandType> operandTypes = new LinkedHashMap<>();
    private final Map<String, FunctionalGroup> groups = new LinkedHashMap<>();
    private final Map<String, FunctionalGroup> subgroups = new LinkedHashMap<>();

    ModelBuilder(String file, Problems problems) {
        this.file = file;
        this.problems = problems;
    }

    // ------------------------------------------------------------------ locations

    private SourceLocation at(Object bound, String path) {
        if (bound instanceof Locatable l && l.sourceLocation() != null) {
            Locator loc = l.sourceLocation();
            return new SourceLocation(file, loc.getLineNumber(), loc.getColumnNumber(), path);
        }
        return new SourceLocation(file, 0, 0, path);
    }

    private static String text(String s) {
        return s == null ? null : s.trim();
    }

    private String required(String value, String what, SourceLocation where, String instruction, String encoding) {
        String t = text(value);
        if (t == null || t.isEmpty()) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing " + what, where, instruction, encoding);
            return "";
        }
        return t;
    }

    private int requiredInt(String value, String what, SourceLocation where, String instruction, String encoding) {
        if (value == null || value.isBlank()) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing " + what, where, instruction, encoding);
            return 0;
        }
        Integer i = Numbers.parseInt(value);
        if (i == null) {
            problems.report(ProblemKind.BAD_NUMBER, what + " '" + value.trim() + "' is not a decimal integer", where,
                    instruction, encoding);
            return 0;
        }
        return i;
    }

    private boolean bool(String value, String what, SourceLocation where, String instruction, boolean dflt) {
        if (value == null) {
            return dflt;
        }
        Boolean b = Numbers.parseBoolean(value);
        if (b == null) {
            problems.report(ProblemKind.BAD_BOOLEAN, what + " is '" + value.trim() + "', expected TRUE or FALSE",
                    where, instruction, null);
            return dflt;
        }
        return b;
    }

    // ------------------------------------------------------------------ header

    /** Where {@code <Spec>} and {@code <ISA>} start: a missing header element is reported at its parent. */
    private SourceLocation specLocation;
    private SourceLocation isaLocation;

    void spec(SourceLocation where) {
        specLocation = where;
    }

    void isa(SourceLocation where) {
        isaLocation = where;
    }

    void document(DocumentType d, String path) {
        SourceLocation where = at(d, path);
        String version = required(d.getSchemaVersion(), "SchemaVersion", where, null, null);
        document = new SpecDocument(text(d.getCopyright()), text(d.getSensitivity()), text(d.getLicense()),
                required(d.getReleaseDate(), "ReleaseDate", where, null, null), version);
        if (!version.isEmpty() && !KNOWN_SCHEMA_VERSIONS.contains(version)) {
            problems.report(ProblemKind.UNKNOWN_SCHEMA_VERSION, "SchemaVersion " + version
                    + " is not one of " + KNOWN_SCHEMA_VERSIONS + "; reading it as the nearest known version", where);
        }
    }

    void architecture(ArchitectureType a, String path) {
        SourceLocation where = at(a, path);
        architecture = new Architecture(required(a.getArchitectureName(), "ArchitectureName", where, null, null),
                requiredInt(a.getArchitectureId(), "ArchitectureId", where, null, null));
    }

    // ------------------------------------------------------------------ encodings

    void encoding(EncodingType e, int index) {
        String name = text(e.getEncodingName());
        String path = "Spec/ISA/Encodings/Encoding[" + (name == null ? index : name) + "]";
        SourceLocation where = at(e, path);
        name = required(e.getEncodingName(), "EncodingName", where, null, null);
        int order = requiredInt(e.getOrder(), "Order attribute", where, null, name);
        int bitCount = requiredInt(e.getBitCount(), "BitCount", where, null, name);
        if (bitCount <= 0 || bitCount % 32 != 0 || bitCount > 1024) {
            problems.report(ProblemKind.WIDTH_MISMATCH, "BitCount " + bitCount
                    + " is not a positive multiple of 32 (at most 1024)", where, null, name);
            bitCount = Math.max(32, Math.min(1024, (bitCount + 31) / 32 * 32));
        }
        Bits mask = bits(e.getEncodingIdentifierMask(), bitCount, "EncodingIdentifierMask",
                e.getEncodingIdentifierMask() == null ? where.child("EncodingIdentifierMask")
                        : at(e.getEncodingIdentifierMask(), path + "/EncodingIdentifierMask"), name);
        boolean identifiersUnreadable = mask == null;
        List<Bits> ids = new ArrayList<>();
        if (e.getEncodingIdentifiers() == null) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing EncodingIdentifiers", where, null, name);
        } else {
            int i = 0;
            for (RadixValueType id : e.getEncodingIdentifiers().getEncodingIdentifier()) {
                SourceLocation idAt = at(id, path + "/EncodingIdentifiers/EncodingIdentifier[" + i++ + "]");
                Bits b = bits(id, bitCount, "EncodingIdentifier", idAt, name);
                if (b != null && mask != null && !b.within(mask)) {
                    problems.report(ProblemKind.IDENTIFIER_OUTSIDE_MASK, "identifier " + b.toBinaryString()
                            + " has bits set outside the mask " + mask.toBinaryString(), idAt, null, name);
                }
                if (b != null) {
                    ids.add(b);
                } else {
                    identifiersUnreadable = true;
                }
            }
        }
        List<Field> fields = fields(e.getMicrocodeFormat(), path + "/MicrocodeFormat", name, bitCount);
        List<EncodingCondition> conditions = new ArrayList<>();
        if (e.getEncodingConditions() != null) {
            Set<String> seen = new HashSet<>();
            for (EncodingConditionType c : e.getEncodingConditions().getEncodingCondition()) {
                String cname = text(c.getConditionName());
                SourceLocation cAt = at(c, path + "/EncodingConditions/EncodingCondition[" + cname + "]");
                cname = required(c.getConditionName(), "ConditionName", cAt, null, name);
                OptionalInt cid = OptionalInt.empty();
                if (c.getConditionId() != null) {
                    cid = OptionalInt.of(requiredInt(c.getConditionId(), "ConditionId", cAt, null, name));
                }
                Expr expr = expression(c.getCondtionExpression(), cAt, name);
                if (expr == null) {
                    problems.report(ProblemKind.EMPTY_CONDITION, "condition '" + cname
                            + "' has no expression; read as always true", cAt, null, name);
                    expr = Expr.alwaysTrue();
                }
                if (!seen.add(cname)) {
                    problems.report(ProblemKind.DUPLICATE_CONDITION, "condition '" + cname
                            + "' is declared more than once; keeping the first", cAt, null, name);
                    continue;
                }
                conditions.add(new EncodingCondition(cname, cid, expr, cAt));
            }
        }
        Encoding enc = new Encoding(name, order, bitCount, mask == null ? Bits.of(bitCount, BigInteger.ZERO) : mask,
                ids, conditions, text(e.getDescription()), fields, where);
        Encoding previous = encodings.get(name);
        if (previous != null) {
            problems.report(ProblemKind.DUPLICATE_ENCODING, "encoding " + name + " is declared again (first at line "
                    + previous.location().line() + "); keeping the first declaration", where, null, name);
            return;
        }
        encodings.put(name, enc);
        if (identifiersUnreadable) {
            unreadableIdentifiers.add(name);
        }
    }

    private Bits bits(RadixValueType v, int bitCount, String what, SourceLocation where, String encoding) {
        if (v == null || v.getValue() == null || v.getValue().isBlank()) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing " + what, where, null, encoding);
            return null;
        }
        int radix = Numbers.radixOf(v.getRadix());
        if (radix < 0) {
            problems.report(ProblemKind.BAD_NUMBER, what + " has Radix '" + v.getRadix()
                    + "'; expected 2, 8, 10 or 16", where, null, encoding);
            return null;
        }
        BigInteger value = Numbers.parseRadix(v.getValue(), radix);
        if (value == null) {
            problems.report(ProblemKind.BAD_NUMBER, what + " '" + abbreviate(v.getValue().trim())
                    + "' is not a number in radix " + radix, where, null, encoding);
            return null;
        }
        String digits = v.getValue().trim();
        if (radix == 2 && digits.length() != bitCount) {
            problems.report(ProblemKind.WIDTH_MISMATCH, what + " has " + digits.length()
                    + " binary digits but the encoding is " + bitCount + " bits", where, null, encoding);
            return null;
        }
        if (value.bitLength() > bitCount) {
            problems.report(ProblemKind.WIDTH_MISMATCH, what + " 0x" + value.toString(16) + " does not fit in "
                    + bitCount + " bits", where, null, encoding);
            return null;
        }
        return Bits.of(bitCount, value);
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    private List<Field> fields(MicrocodeFormatType format, String path, String encoding, int bitCount) {
        List<Field> out = new ArrayList<>();
        if (format == null) {
            return out;
        }
        Set<String> seen = new HashSet<>();
        for (MicrocodeFormatType.BitMap bm : format.getBitMap()) {
            for (MicrocodeFieldType f : bm.getField()) {
                String fname = text(f.getFieldName());
                SourceLocation fAt = at(f, path + "/BitMap/Field[" + fname + "]");
                fname = required(f.getFieldName(), "FieldName", fAt, null, encoding);
                boolean conditional = bool(f.getIsConditional(), "IsConditional", fAt, null, false);
                List<BitRange> ranges = ranges(f.getBitLayout(), fAt, encoding, fname, bitCount);
                List<PredefinedValue> values = new ArrayList<>();
                if (f.getFieldPredefinedValues() != null) {
                    values = predefinedValues(f.getFieldPredefinedValues().getPredefinedValue(),
                            fAt.elementPath() + "/FieldPredefinedValues");
                }
                if (!seen.add(fname)) {
                    problems.report(ProblemKind.DUPLICATE_NAME, "field " + fname + " is declared twice", fAt, null,
                            encoding);
                    continue;
                }
                out.add(new Field(fname, text(f.getDescription()), conditional, ranges, values, fAt));
            }
        }
        if (bitCount > 0) {
            checkOverlaps(out, encoding);
        }
        return out;
    }

    private void checkOverlaps(List<Field> fields, String encoding) {
        for (int i = 0; i < fields.size(); i++) {
            Field a = fields.get(i);
            if (a.conditional()) {
                continue;
            }
            for (int j = i + 1; j < fields.size(); j++) {
                Field b = fields.get(j);
                if (b.conditional()) {
                    continue;
                }
                if (contains(a, b) || contains(b, a)) {
                    continue; // one field is another view of (part of) the other's bits, e.g. MFMA's CBSZ = NEG_HI
                }
                for (BitRange ra : a.ranges()) {
                    for (BitRange rb : b.ranges()) {
                        if (ra.overlaps(rb)) {
                            problems.report(ProblemKind.OVERLAPPING_FIELDS, "fields " + a.name() + " (bits "
                                    + ra.offset() + ".." + ra.lastBit() + ") and " + b.name() + " (bits "
                                    + rb.offset() + ".." + rb.lastBit() + ") overlap", b.location(), null, encoding);
                        }
                    }
                }
            }
        }
    }

    /** Whether every bit of {@code inner} is also a bit of {@code outer}. */
    private static boolean contains(Field outer, Field inner) {
        for (BitRange r : inner.ranges()) {
            for (int bit = r.offset(); bit <= r.lastBit(); bit++) {
                int b = bit;
                if (outer.ranges().stream().noneMatch(o -> o.offset() <= b && b <= o.lastBit())) {
                    return false;
                }
            }
        }
        return true;
    }

    private List<BitRange> ranges(BitLayoutType layout, SourceLocation where, String encoding, String field,
                                  int bitCount) {
        List<BitRange> out = new ArrayList<>();
        if (layout == null) {
            problems.report(ProblemKind.MISSING_ELEMENT, "field " + field + " has no BitLayout", where, null,
                    encoding);
            return out;
        }
        int n = 0;
        for (BitLayoutType.Range r : layout.getRange()) {
            SourceLocation rAt = at(r, where.elementPath() + "/BitLayout/Range[" + n++ + "]");
            int order = r.getOrder() == null ? n - 1 : requiredInt(r.getOrder(), "Range Order", rAt, null, encoding);
            int count = requiredInt(r.getBitCount(), "BitCount", rAt, null, encoding);
            int offset = requiredInt(r.getBitOffset(), "BitOffset", rAt, null, encoding);
            if (count <= 0 || offset < 0) {
                problems.report(ProblemKind.FIELD_OUT_OF_RANGE, "range of " + field + " has offset " + offset
                        + " and count " + count, rAt, null, encoding);
                continue;
            }
            if (bitCount > 0 && (long) offset + count > bitCount) {
                problems.report(ProblemKind.FIELD_OUT_OF_RANGE, "field " + field + " covers bits " + offset + ".."
                        + ((long) offset + count - 1) + " but the encoding has only " + bitCount + " bits", rAt, null,
                        encoding);
                continue;
            }
            if (r.getPadding() != null) {
                problems.report(ProblemKind.UNKNOWN_ELEMENT, "Padding in a BitLayout range of " + field
                        + " is not modelled; the range is read without it", rAt, null, encoding);
            }
            out.add(new BitRange(order, offset, count));
        }
        out.sort(java.util.Comparator.comparingInt(BitRange::order));
        if (layout.getRangeCount() != null) {
            Integer declared = Numbers.parseInt(layout.getRangeCount());
            if (declared == null || declared != layout.getRange().size()) {
                problems.report(ProblemKind.RANGE_COUNT_MISMATCH, "field " + field + " declares RangeCount "
                        + layout.getRangeCount() + " but has " + layout.getRange().size() + " range(s)", where, null,
                        encoding);
            }
        }
        long width = out.stream().mapToLong(BitRange::count).sum();
        if (bitCount > 0 && width > 64) {
            problems.report(ProblemKind.FIELD_OUT_OF_RANGE, "field " + field + " is " + width
                    + " bits wide; at most 64 are supported", where, null, encoding);
        }
        return out;
    }

    private List<PredefinedValue> predefinedValues(List<PredefinedValueType> values, String path) {
        List<PredefinedValue> out = new ArrayList<>();
        int i = 0;
        for (PredefinedValueType v : values) {
            SourceLocation vAt = at(v, path + "/PredefinedValue[" + i++ + "]");
            String name = required(v.getName(), "predefined value Name", vAt, null, null);
            String value = text(v.getValue());
            if (value == null || value.isEmpty()) {
                problems.report(ProblemKind.EMPTY_VALUE, "predefined value '" + name
                        + "' has an empty Value; it is left out", vAt);
                continue;
            }
            Long parsed = parseValue(value);
            if (parsed == null) {
                problems.report(ProblemKind.BAD_NUMBER, "predefined value '" + name + "' has Value '" + value
                        + "', not a number", vAt);
                continue;
            }
            out.add(new PredefinedValue(name, text(v.getDescription()), parsed));
        }
        return out;
    }

    private static Long parseValue(String value) {
        String t = value.trim();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ condition expressions

    private Expr expression(ExprContainerType container, SourceLocation where, String encoding) {
        if (container == null) {
            return null;
        }
        List<Expr> nodes = new ArrayList<>();
        for (Object o : container.getOpOrIdOrLit()) {
            if (o instanceof ExprTyType) {
                continue;
            }
            nodes.add(node(o, where, encoding));
        }
        if (nodes.isEmpty()) {
            return null;
        }
        if (nodes.size() > 1) {
            problems.report(ProblemKind.MISSING_ELEMENT, "a condition expression must have one root node, has "
                    + nodes.size(), where, null, encoding);
        }
        return nodes.get(0);
    }

    private Expr node(Object o, SourceLocation where, String encoding) {
        if (o instanceof ExprOpType op) {
            List<Expr> operands = new ArrayList<>();
            Optional<ExprType> type = Optional.empty();
            for (Object c : op.getOpOrIdOrLit()) {
                if (c instanceof ExprTyType ty) {
                    type = type(ty);
                } else {
                    operands.add(node(c, where, encoding));
                }
            }
            String kind = op.getType() == null ? "" : op.getType();
            Expr.Op result = new Expr.Op(kind, operands, type);
            Operator operator = result.operator();
            if (operator == Operator.UNKNOWN) {
                problems.report(ProblemKind.UNKNOWN_OPERATOR, "operator '" + kind + "' is not known",
                        at(op, where.elementPath()), null, encoding);
            } else if (operator.arity() > 0 && operands.size() != operator.arity()) {
                problems.report(ProblemKind.UNKNOWN_OPERATOR, "operator '" + kind + "' needs " + operator.arity()
                        + " operand(s), has " + operands.size(), at(op, where.elementPath()), null, encoding);
            }
            return result;
        }
        if (o instanceof ExprIdType id) {
            return new Expr.Id(id.getVal() == null ? "" : id.getVal(), type(id.getTy()));
        }
        ExprLitType lit = (ExprLitType) o;
        String val = lit.getVal() == null ? "" : lit.getVal();
        try {
            ExprEvaluator.parseLiteral(val);
        } catch (RuntimeException e) {
            problems.report(ProblemKind.BAD_NUMBER, "condition literal '" + val + "' is not a number",
                    at(lit, where.elementPath()), null, encoding);
        }
        return new Expr.Lit(val, type(lit.getTy()));
    }

    private static Optional<ExprType> type(ExprTyType ty) {
        if (ty == null || ty.getT().isEmpty()) {
            return Optional.empty();
        }
        ExprTyType.T t = ty.getT().get(0);
        Integer size = Numbers.parseInt(t.getSize());
        return Optional.of(new ExprType(t.getBase() == null ? "" : t.getBase(), size == null ? 0 : size));
    }

    // ------------------------------------------------------------------ instructions

    void instruction(InstructionType in, int index) {
        String name = text(in.getInstructionName());
        String path = "Spec/ISA/Instructions/Instruction[" + (name == null || name.isEmpty() ? "#" + index : name)
                + "]";
        SourceLocation where = at(in, path);
        name = required(in.getInstructionName(), "InstructionName", where, null, null);
        InstructionFlags flags = InstructionFlags.NONE;
        if (in.getInstructionFlags() != null) {
            var f = in.getInstructionFlags();
            SourceLocation fAt = at(f, path + "/InstructionFlags");
            flags = new InstructionFlags(bool(f.getIsBranch(), "IsBranch", fAt, name, false),
                    bool(f.getIsConditionalBranch(), "IsConditionalBranch", fAt, name, false),
                    bool(f.getIsIndirectBranch(), "IsIndirectBranch", fAt, name, false),
                    bool(f.getIsProgramTerminator(), "IsProgramTerminator", fAt, name, false),
                    bool(f.getIsImmediatelyExecuted(), "IsImmediatelyExecuted", fAt, name, false));
        }
        List<String> aliases = new ArrayList<>();
        if (in.getAliasedInstructionNames() != null) {
            for (String a : in.getAliasedInstructionNames().getInstructionName()) {
                aliases.add(text(a));
            }
        }
        List<InstructionEncoding> encs = new ArrayList<>();
        if (in.getInstructionEncodings() != null) {
            for (InstructionEncodingType ie : in.getInstructionEncodings().getInstructionEncoding()) {
                InstructionEncoding converted = instructionEncoding(ie, name, path);
                if (converted != null) {
                    encs.add(converted);
                }
            }
        }
        InstructionGroup group = new InstructionGroup("", List.of());
        if (in.getFunctionalGroup() != null) {
            var g = in.getFunctionalGroup();
            List<String> subs = new ArrayList<>();
            if (g.getFunctionalSubgroups() != null) {
                g.getFunctionalSubgroups().getSubgroup().forEach(s -> subs.add(text(s)));
            }
            group = new InstructionGroup(text(g.getName()) == null ? "" : text(g.getName()), subs);
        }
        Instruction result = new Instruction(name, aliases, text(in.getDescription()), flags, encs, group, where);
        Instruction previous = instructionsByName.putIfAbsent(name, result);
        if (previous != null) {
            problems.report(ProblemKind.DUPLICATE_INSTRUCTION, "instruction " + name
                    + " is declared again (first at line " + previous.location().line() + ")", where, name, null);
            return;
        }
        instructions.add(result);
    }

    private InstructionEncoding instructionEncoding(InstructionEncodingType ie, String instruction, String path) {
        String encName = text(ie.getEncodingName());
        String cond = ie.getEncodingCondition() == null ? null : text(ie.getEncodingCondition().getValue());
        String iePath = path + "/InstructionEncodings/InstructionEncoding[" + encName + "," + cond + "]";
        SourceLocation where = at(ie, iePath);
        encName = required(ie.getEncodingName(), "EncodingName", where, instruction, null);
        OptionalInt condId = OptionalInt.empty();
        if (ie.getEncodingCondition() == null || cond == null || cond.isEmpty()) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing EncodingCondition", where, instruction, encName);
            cond = "";
        } else if (ie.getEncodingCondition().getId() != null) {
            condId = OptionalInt.of(requiredInt(ie.getEncodingCondition().getId(), "EncodingCondition Id", where,
                    instruction, encName));
        }
        long opcode = 0;
        boolean opcodeRead = false;
        RadixValueType op = ie.getOpcode();
        SourceLocation opAt = op == null ? where : at(op, iePath + "/Opcode");
        if (op == null || op.getValue() == null || op.getValue().isBlank()) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing Opcode", where, instruction, encName);
        } else {
            int radix = Numbers.radixOf(op.getRadix());
            BigInteger v = radix < 0 ? null : Numbers.parseRadix(op.getValue(), radix);
            if (v == null || v.bitLength() > 63) {
                problems.report(ProblemKind.BAD_NUMBER, "Opcode '" + op.getValue().trim() + "' with Radix '"
                        + op.getRadix() + "' is not a valid number", opAt, instruction, encName);
            } else {
                opcode = v.longValue();
                opcodeRead = true;
            }
        }
        List<Operand> operands = new ArrayList<>();
        if (ie.getOperands() != null) {
            int i = 0;
            Set<Integer> orders = new HashSet<>();
            for (io.github.amdisa.isaxml.binding.OperandType o : ie.getOperands().getOperand()) {
                SourceLocation oAt = at(o, iePath + "/Operands/Operand[" + i++ + "]");
                int order = requiredInt(o.getOrder(), "Operand Order", oAt, instruction, encName);
                if (!orders.add(order)) {
                    problems.report(ProblemKind.DUPLICATE_OPERAND_ORDER, "two operands have Order " + order, oAt,
                            instruction, encName);
                }
                String fieldName = text(o.getFieldName());
                operands.add(new Operand(Optional.ofNullable(fieldName == null || fieldName.isEmpty() ? null
                        : fieldName),
                        required(o.getDataFormatName(), "DataFormatName", oAt, instruction, encName),
                        required(o.getOperandType(), "OperandType", oAt, instruction, encName),
                        requiredInt(o.getOperandSize(), "OperandSize", oAt, instruction, encName),
                        bool(o.getInput(), "Input", oAt, instruction, false),
                        bool(o.getOutput(), "Output", oAt, instruction, false),
                        bool(o.getIsImplicit(), "IsImplicit", oAt, instruction, false),
                        bool(o.getIsBinaryMicrocodeRequired(), "IsBinaryMicrocodeRequired", oAt, instruction, true),
                        order, oAt));
            }
        }
        InstructionEncoding result = new InstructionEncoding(encName, cond, condId, opcode, operands, where);
        if (!opcodeRead) {
            unreadableOpcodes.add(result);
        }
        return result;
    }

    // ------------------------------------------------------------------ data formats, operand types, groups

    void dataFormat(DataFormatType d, int index) {
        String name = text(d.getDataFormatName());
        String path = "Spec/ISA/DataFormats/DataFormat[" + (name == null ? index : name) + "]";
        SourceLocation where = at(d, path);
        name = required(d.getDataFormatName(), "DataFormatName", where, null, null);
        List<DataComponent> components = new ArrayList<>();
        if (d.getDataAttributes() != null) {
            for (DataFormatType.DataAttributes.BitMap bm : d.getDataAttributes().getBitMap()) {
                SourceLocation bAt = at(bm, path + "/DataAttributes/BitMap[" + bm.getOrder() + "]");
                int order = bm.getOrder() == null ? components.size()
                        : requiredInt(bm.getOrder(), "BitMap Order", bAt, null, null);
                List<DataField> fields = new ArrayList<>();
                for (DataFormatType.DataAttributes.BitMap.Field f : bm.getField()) {
                    SourceLocation fAt = at(f, bAt.elementPath() + "/Field[" + text(f.getFieldName()) + "]");
                    Signedness s = Signedness.DOES_NOT_APPLY;
                    if (f.getSignedness() != null) {
                        Optional<Signedness> parsed = Signedness.fromXml(f.getSignedness().trim());
                        if (parsed.isEmpty()) {
                            problems.report(ProblemKind.BAD_ENUM, "Signedness '" + f.getSignedness()
                                    + "' is not Unsigned, Signed, SignedByModifier or DoesNotApply", fAt);
                        } else {
                            s = parsed.get();
                        }
                    }
                    String fname = required(f.getFieldName(), "FieldName", fAt, null, null);
                    fields.add(new DataField(fname, s, ranges(f.getBitLayout(), fAt, null, fname, 0)));
                }
                components.add(new DataComponent(order, fields));
            }
        }
        components.sort(java.util.Comparator.comparingInt(DataComponent::order));
        DataFormat df = new DataFormat(name, text(d.getDescription()), text(d.getDataType()),
                d.getBitCount() == null ? 0 : requiredInt(d.getBitCount(), "BitCount", where, null, null),
                d.getComponentCount() == null ? 0 : requiredInt(d.getComponentCount(), "ComponentCount", where, null,
                        null), components, where);
        if (dataFormats.putIfAbsent(name, df) != null) {
            problems.report(ProblemKind.DUPLICATE_NAME, "data format " + name + " is declared twice", where);
        }
    }

    void operandType(OperandTypeType t, int index) {
        String name = text(t.getOperandTypeName());
        String path = "Spec/ISA/OperandTypes/OperandType[" + (name == null ? index : name) + "]";
        SourceLocation where = at(t, path);
        name = required(t.getOperandTypeName(), "OperandTypeName", where, null, null);
        boolean partitioned = bool(t.getIsPartitioned(), "IsPartitioned", where, null, false);
        List<PredefinedValue> values = t.getOperandPredefinedValues() == null ? List.of()
                : predefinedValues(t.getOperandPredefinedValues().getPredefinedValue(),
                path + "/OperandPredefinedValues");
        List<Field> fields = fields(t.getMicrocodeFormat(), path + "/MicrocodeFormat", null, 0);
        OperandType ot = new OperandType(name, text(t.getDescription()), partitioned, values, fields, where);
        if (operandTypes.putIfAbsent(name, ot) != null) {
            problems.report(ProblemKind.DUPLICATE_NAME, "operand type " + name + " is declared twice", where);
        }
    }

    void functionalGroup(FunctionalGroupType g, boolean subgroup, int index) {
        String name = text(g.getName());
        String section = subgroup ? "FunctionalSubgroups/FunctionalSubgroup" : "FunctionalGroups/FunctionalGroup";
        SourceLocation where = at(g, "Spec/ISA/" + section + "[" + (name == null ? index : name) + "]");
        name = required(g.getName(), "Name", where, null, null);
        Map<String, FunctionalGroup> target = subgroup ? subgroups : groups;
        if (target.putIfAbsent(name, new FunctionalGroup(name, text(g.getDescription()))) != null) {
            problems.report(ProblemKind.DUPLICATE_NAME, (subgroup ? "subgroup " : "group ") + name
                    + " is declared twice", where);
        }
    }

    // ------------------------------------------------------------------ cross references

    /** Checks every reference between sections; call once the whole file has been read. */
    void crossCheck(SourceLocation fileLocation) {
        if (document == null) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing <Document>",
                    specLocation == null ? fileLocation : specLocation);
        }
        if (architecture == null) {
            problems.report(ProblemKind.MISSING_ELEMENT, "missing <Architecture>",
                    isaLocation == null ? fileLocation : isaLocation);
        }
        for (Encoding e : encodings.values()) {
            for (EncodingCondition c : e.conditions()) {
                checkConditionFields(c.expression(), e, c.location());
            }
        }
        for (Instruction in : instructions) {
            for (InstructionEncoding ie : in.encodings()) {
                Encoding e = encodings.get(ie.encodingName());
                if (e == null) {
                    problems.report(ProblemKind.UNKNOWN_ENCODING, "encoding " + ie.encodingName()
                            + " is not defined in <Encodings>", ie.location(), in.name(), ie.encodingName());
                    continue;
                }
                if (!ie.conditionName().isEmpty() && e.condition(ie.conditionName()).isEmpty()
                        && !(e.conditions().isEmpty() && ie.conditionName().equals("default"))) {
                    problems.report(ProblemKind.UNKNOWN_CONDITION, "condition '" + ie.conditionName()
                            + "' is not defined by encoding " + e.name(), ie.location(), in.name(), e.name());
                }
                checkOpcode(in, ie, e);
                for (Operand o : ie.operands()) {
                    if (o.fieldName().isPresent() && e.field(o.fieldName().get()).isEmpty()) {
                        problems.report(ProblemKind.UNKNOWN_FIELD, "operand field " + o.fieldName().get()
                                + " is not a field of encoding " + e.name(), o.location(), in.name(), e.name());
                    }
                    if (!o.operandType().isEmpty() && !operandTypes.containsKey(o.operandType())) {
                        problems.report(ProblemKind.UNKNOWN_OPERAND_TYPE, "operand type " + o.operandType()
                                + " is not defined in <OperandTypes>", o.location(), in.name(), e.name());
                    }
                    if (!o.dataFormat().isEmpty() && !dataFormats.containsKey(o.dataFormat())) {
                        problems.report(ProblemKind.UNKNOWN_DATA_FORMAT, "data format " + o.dataFormat()
                                + " is not defined in <DataFormats>", o.location(), in.name(), e.name());
                    }
                }
            }
            if (!groups.isEmpty() && !in.group().name().isEmpty() && !groups.containsKey(in.group().name())) {
                problems.report(ProblemKind.UNKNOWN_GROUP, "functional group " + in.group().name()
                        + " is not listed in <FunctionalGroups>", in.location(), in.name(), null);
            }
            for (String s : in.group().subgroups()) {
                if (!subgroups.isEmpty() && !subgroups.containsKey(s) && !s.equals("NOT_ASSIGNED")) {
                    problems.report(ProblemKind.UNKNOWN_GROUP, "functional subgroup " + s
                            + " is not listed in <FunctionalSubgroups>", in.location(), in.name(), null);
                }
            }
        }
    }

    private void checkConditionFields(Expr expr, Encoding e, SourceLocation where) {
        if (expr instanceof Expr.Op op) {
            if (op.operator() == Operator.FIELD_DEREF) {
                List<String> path;
                try {
                    path = ExprEvaluator.path(op);
                } catch (RuntimeException ex) {
                    problems.report(ProblemKind.UNKNOWN_FIELD, "malformed field reference " + op, where, null,
                            e.name());
                    return;
                }
                String field = path.get(path.size() - 1);
                if (e.field(field).isEmpty()) {
                    problems.report(ProblemKind.UNKNOWN_FIELD, "condition refers to " + String.join(".", path)
                            + ", but encoding " + e.name() + " has no field " + field, where, null, e.name());
                }
                return;
            }
            op.operands().forEach(c -> checkConditionFields(c, e, where));
        }
    }

    private final Map<String, Set<Long>> opcodeCache = new HashMap<>();

    /**
     * Values already reported as unreadable: the opcode check skips them, so that one bad number is one error and
     * not also an "opcode 0 is not among the identifiers" (or "opcode N", for an identifier that could not be read).
     */
    private final Set<String> unreadableIdentifiers = new HashSet<>();
    private final Set<InstructionEncoding> unreadableOpcodes = Collections.newSetFromMap(new IdentityHashMap<>());

    /** The opcode must be one of the encoding's identifiers, read through the encoding's OP field. */
    private void checkOpcode(Instruction in, InstructionEncoding ie, Encoding e) {
        if (unreadableOpcodes.contains(ie) || unreadableIdentifiers.contains(e.name())) {
            return;
        }
        Optional<Field> opField = e.field("OP");
        if (opField.isEmpty() || e.identifiers().isEmpty()) {
            return;
        }
        Field op = opField.get();
        // Only the OP bits that the mask covers identify the opcode; the others are free.
        long coveredMask = op.extract(e.identifierMask().toDwords(), 0);
        if (coveredMask == 0) {
            return;
        }
        Set<Long> opcodes = opcodeCache.computeIfAbsent(e.name(), k -> {
            Set<Long> s = new HashSet<>();
            for (Bits id : e.identifiers()) {
                s.add(op.extract(id.toDwords(), 0) & coveredMask);
            }
            return s;
        });
        if (!opcodes.contains(ie.opcode() & coveredMask)) {
            problems.report(ProblemKind.OPCODE_NOT_IN_IDENTIFIERS, "opcode " + ie.opcode()
                    + " is not among the identifiers of encoding " + e.name(), ie.location(), in.name(), e.name());
        }
    }

    IsaSpec build(String source, String sha256) {
        return new IsaSpec(source, sha256,
                document == null ? new SpecDocument(null, null, null, "", "") : document,
                architecture == null ? new Architecture("", -1) : architecture,
                List.copyOf(encodings.values()), instructions, List.copyOf(dataFormats.values()),
                List.copyOf(operandTypes.values()), List.copyOf(groups.values()), List.copyOf(subgroups.values()));
    }
}
