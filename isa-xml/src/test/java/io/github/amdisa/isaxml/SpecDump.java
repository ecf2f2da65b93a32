package io.github.amdisa.isaxml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.amdisa.isaxml.model.DataFormat;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.SourceLocation;
import io.github.amdisa.isaxml.model.expr.ExprXml;
import java.util.ArrayList;
import java.util.List;

/**
 * A line-per-item text form of everything an {@link IsaSpec} holds except where it was read from (file names
 * differ between a zip member and the bundled resource; line, column and element path are kept, since the bytes
 * are the same). {@code IsaSpec} compares by identity, so tests compare these dumps instead.
 */
public final class SpecDump {

    private SpecDump() {
    }

    public static List<String> of(IsaSpec spec) {
        List<String> out = new ArrayList<>();
        out.add("document " + spec.document());
        out.add("architecture " + spec.architecture());
        for (Encoding e : spec.encodings()) {
            out.add("encoding " + e.name() + " order=" + e.order() + " bits=" + e.bitCount() + " mask="
                    + e.identifierMask().toBinaryString() + " " + at(e.location()));
            out.add("  description " + e.description());
            e.identifiers().forEach(id -> out.add("  id " + id.toBinaryString()));
            for (EncodingCondition c : e.conditions()) {
                out.add("  condition " + c.name() + " id=" + c.id() + " " + ExprXml.write(c.expression()) + " "
                        + at(c.location()));
            }
            e.fields().forEach(f -> field(f, out));
        }
        for (Instruction in : spec.instructions()) {
            out.add("instruction " + in.name() + " aliases=" + in.aliases() + " " + in.flags() + " " + in.group()
                    + " " + at(in.location()));
            out.add("  description " + in.description());
            for (InstructionEncoding ie : in.encodings()) {
                out.add("  in " + ie.encodingName() + "/" + ie.conditionName() + " id=" + ie.conditionId()
                        + " opcode=" + ie.opcode() + " " + at(ie.location()));
                for (Operand o : ie.operands()) {
                    out.add("    operand " + o.order() + " " + o.fieldName() + " " + o.dataFormat() + " "
                            + o.operandType() + " " + o.size() + " in=" + o.input() + " out=" + o.output()
                            + " implicit=" + o.implicit() + " binary=" + o.binaryMicrocodeRequired() + " "
                            + at(o.location()));
                }
            }
        }
        for (DataFormat d : spec.dataFormats()) {
            out.add("format " + d.name() + " " + d.dataType() + " " + d.bitCount() + "x" + d.componentCount() + " "
                    + d.components() + " " + at(d.location()));
            out.add("  description " + d.description());
        }
        for (OperandType t : spec.operandTypes()) {
            out.add("operandType " + t.name() + " partitioned=" + t.partitioned() + " " + at(t.location()));
            out.add("  description " + t.description());
            t.predefinedValues().forEach(v -> out.add("  value " + v));
            t.fields().forEach(f -> field(f, out));
        }
        spec.functionalGroups().forEach(g -> out.add("group " + g));
        spec.functionalSubgroups().forEach(g -> out.add("subgroup " + g));
        return out;
    }

    private static void field(Field f, List<String> out) {
        out.add("  field " + f.name() + " conditional=" + f.conditional() + " " + f.ranges() + " " + at(f.location()));
        out.add("    description " + f.description());
        f.predefinedValues().forEach(v -> out.add("    value " + v));
    }

    private static String at(SourceLocation l) {
        return "@" + l.line() + ":" + l.column() + " " + l.elementPath();
    }

    /** Asserts the two specs hold the same content, reporting the first line that differs. */
    public static void assertSameContent(IsaSpec expected, IsaSpec actual) {
        List<String> a = of(expected);
        List<String> b = of(actual);
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                fail("specs differ at dump line " + i + ":\n  expected " + a.get(i) + "\n  actual   " + b.get(i));
            }
        }
        assertEquals(a.size(), b.size(), "dump lengths");
    }
}
