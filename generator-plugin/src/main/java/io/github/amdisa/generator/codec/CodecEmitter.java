package io.github.amdisa.generator.codec;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.amdisa.generator.IsaGenerator;
import io.github.amdisa.generator.codec.CodecModel.EncodingModel;
import io.github.amdisa.generator.codec.CodecModel.Variant;
import io.github.amdisa.generator.naming.JavaNames;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.DataFormat;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.PredefinedValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Emits the codec classes of one generation: the instruction enum, one class per encoding (field extractors and
 * setters, compiled condition predicates, identifier matching), the decoder and the {@code InstructionSet}
 * implementation with its packed tables.
 */
public final class CodecEmitter {

    static final String RUNTIME = "io.github.amdisa.runtime.codec";
    private static final ClassName DECODE_SINK = ClassName.get(RUNTIME, "DecodeSink");
    private static final ClassName DECODE_EXCEPTION = ClassName.get(RUNTIME, "DecodeException");
    private static final ClassName INSTRUCTION_SET = ClassName.get(RUNTIME, "InstructionSet");
    private static final ClassName TABLES = ClassName.get(RUNTIME, "Tables");
    private static final ClassName DECODE_FAST_PATH = ClassName.get(RUNTIME, "DecodeFastPath");
    /** Opcode fields up to this width decode through a table ({@code row()}); wider ones keep a switch. */
    static final int ROW_TABLE_MAX_OPCODE_BITS = 12;
    private static final ClassName DISASSEMBLER = ClassName.get(RUNTIME, "Disassembler");
    private static final int CHUNK = 30000;

    private final IsaSpec spec;
    private final String pkg;
    private final String prefix;
    private final CodecModel model;
    private final List<String> warnings = new ArrayList<>();
    private final List<String> enumConstants = new ArrayList<>();

    /**
     * @param spec the generation's spec
     * @param pkg the Java package of the generated classes
     * @param prefix the class-name prefix of the generation ({@code Rdna3})
     */
    public CodecEmitter(IsaSpec spec, String pkg, String prefix) {
        this.spec = spec;
        this.pkg = pkg;
        this.prefix = prefix;
        JavaNames.Scope classes = new JavaNames.Scope().reserve("Instruction", prefix + "Isa", prefix + "Decoder",
                prefix + "Asm");
        this.model = new CodecModel(spec, e -> classes.name(e.name(), JavaNames.encodingClass(e.name())));
        warnings.addAll(model.warnings);
        JavaNames.Scope constants = new JavaNames.Scope();
        for (Instruction i : spec.instructions()) {
            enumConstants.add(constants.name(i.name(), JavaNames.enumConstant(i.name())));
        }
    }

    public List<String> warnings() {
        return warnings;
    }

    public int variantCount() {
        return model.variants.size();
    }

    /** All files of the generation. */
    public List<JavaFile> emit(String header) {
        List<JavaFile> files = new ArrayList<>();
        files.add(file(instructionEnum(), header));
        for (EncodingModel m : model.encodings) {
            files.add(file(encodingClass(m), header));
        }
        files.add(file(decoderClass(), header));
        files.add(file(isaClass(), header));
        files.add(file(factoryClass(), header));
        return files;
    }

    private JavaFile file(TypeSpec type, String header) {
        return JavaFile.builder(pkg, type).addFileComment("$L", header).skipJavaLangImports(true).indent("    ")
                .build();
    }

    // ---------------------------------------------------------------------------------------------- instruction enum

    private TypeSpec instructionEnum() {
        TypeSpec.Builder b = TypeSpec.enumBuilder("Instruction").addModifiers(Modifier.PUBLIC)
                .addJavadoc("The instructions of $L, in the order of the spec file. Each constant's Javadoc carries\n"
                        + "AMD's description and its encodings with opcodes.\n", spec.architecture().name());
        List<String> names = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (int k = 0; k < spec.instructions().size(); k++) {
            Instruction i = spec.instructions().get(k);
            names.add(i.name());
            aliases.add(String.join(",", i.aliases()));
            StringBuilder doc = new StringBuilder();
            doc.append("{@code ").append(i.name()).append("}: ").append(html(i.description().strip())).append("\n");
            doc.append("<p>Encodings:\n<ul>\n");
            for (InstructionEncoding e : i.encodings()) {
                doc.append("<li>").append(e.encodingName()).append(" / ").append(html(e.conditionName()))
                        .append(", opcode ").append(e.opcode()).append("</li>\n");
            }
            doc.append("</ul>\n");
            b.addEnumConstant(enumConstants.get(k), TypeSpec.anonymousClassBuilder("").addJavadoc("$L", doc)
                    .build());
        }
        b.addField(FieldSpec.builder(String[].class, "NAMES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.strings($L)", TABLES, stringChunks(names)).build());
        b.addField(FieldSpec.builder(String[].class, "ALIASES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Per instruction, the spec's aliases ({@code <AliasedInstructionNames>}) joined by commas.\n")
                .initializer("$T.strings($L)", TABLES, stringChunks(aliases)).build());
        b.addMethod(MethodSpec.methodBuilder("aliases").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(List.class, String.class))
                .addJavadoc("The spec's other names for this instruction ({@code <AliasedInstructionNames>}), "
                        + "e.g. {@code DS_WRITE_B32}; empty when it has none.\n")
                .addStatement("return ALIASES[ordinal()].isEmpty() ? $T.of() : $T.of(ALIASES[ordinal()].split($S))",
                        List.class, List.class, ",")
                .build());
        b.addMethod(MethodSpec.methodBuilder("amdName").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addJavadoc("AMD's name, e.g. {@code V_BFE_I32}.\n").addStatement("return NAMES[ordinal()]").build());
        b.addMethod(MethodSpec.methodBuilder("mnemonic").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addJavadoc("The lower-case assembler mnemonic without encoding suffixes.\n")
                .addStatement("return NAMES[ordinal()].toLowerCase($T.ROOT)", Locale.class).build());
        return b.build();
    }

    // ------------------------------------------------------------------------------------------ typed factories

    private static final String ASM = "io.github.amdisa.runtime.asm";
    private static final ClassName ASM_OPERAND = ClassName.get(ASM, "AsmOperand");
    private static final ClassName ASM_MODIFIER = ClassName.get(ASM, "AsmModifier");
    private static final ClassName ASSEMBLY = ClassName.get(ASM, "Assembler", "Assembly");
    private static final ClassName FACTORIES = ClassName.get(ASM, "Factories");

    /**
     * One static factory per instruction, named like its enum constant, taking the explicit operands of its
     * widest plain encoding (VOP3 where there is one) in AMD's assembly order as typed {@code AsmOperand}s and
     * modifiers; it assembles the LLVM statement, so the assembler picks the shortest encoding that takes the
     * operands and checks every field.
     */
    private TypeSpec factoryClass() {
        TypeSpec.Builder b = TypeSpec.classBuilder(prefix + "Asm").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Typed instruction factories of $L: one static method per instruction, operands in AMD's "
                        + "assembly order.\nEach method assembles the instruction through the checking encoder and "
                        + "returns the words.\n", spec.architecture().name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        ClassName isa = ClassName.get(pkg, prefix + "Isa");
        for (int k = 0; k < spec.instructions().size(); k++) {
            Instruction i = spec.instructions().get(k);
            InstructionEncoding form = factoryForm(i);
            MethodSpec.Builder m = MethodSpec.methodBuilder(enumConstants.get(k))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(ASSEMBLY);
            StringBuilder doc = new StringBuilder();
            doc.append("{@code ").append(i.name()).append("}: ").append(html(i.description().strip())).append("\n");
            doc.append("<p>Encodings:\n<ul>\n");
            for (InstructionEncoding e : i.encodings()) {
                doc.append("<li>").append(e.encodingName()).append(" / ").append(html(e.conditionName()))
                        .append(", opcode ").append(e.opcode()).append("</li>\n");
            }
            doc.append("</ul>\n");
            JavaNames.Scope params = new JavaNames.Scope().reserve("modifiers");
            List<String> names = new ArrayList<>();
            if (form != null) {
                List<Operand> ops = new ArrayList<>(form.operands());
                ops.sort(Comparator.comparingInt(Operand::order));
                for (Operand o : ops) {
                    if (o.implicit() || o.fieldName().isEmpty()) {
                        continue;
                    }
                    String field = o.fieldName().get();
                    String name = params.name(field + "#" + names.size(),
                            JavaNames.camelLower(field.replace("LITERAL", "SRC_LITERAL")));
                    names.add(name);
                    m.addParameter(ASM_OPERAND, name);
                    doc.append("@param ").append(name).append(" ").append(field).append(" (")
                            .append(o.operandType()).append(", ").append(o.dataFormat()).append(", ")
                            .append(o.size()).append(" bits)\n");
                }
            }
            m.addParameter(com.palantir.javapoet.ArrayTypeName.of(ASM_MODIFIER), "modifiers").varargs(true);
            doc.append("@param modifiers LLVM modifiers such as {@code clamp}\n");
            doc.append("@return the assembled instruction\n");
            doc.append("@throws io.github.amdisa.runtime.AsmSyntaxException if no encoding takes the operands\n");
            m.addJavadoc("$L", doc);
            m.addStatement("return $T.assemble($T.INSTANCE, $S, new $T[] {$L}, modifiers)", FACTORIES, isa,
                    i.name().toLowerCase(Locale.ROOT), ASM_OPERAND, String.join(", ", names));
            b.addMethod(m.build());
        }
        return b.build();
    }

    /** The encoding whose operand list the factory takes: the VOP3 form if any, else the first plain one. */
    private static InstructionEncoding factoryForm(Instruction i) {
        InstructionEncoding first = null;
        for (InstructionEncoding e : i.encodings()) {
            String n = e.encodingName();
            boolean plain = !n.contains("DPP") && !n.contains("SDWA") && !n.contains("LITERAL")
                    && !n.contains("LIT64") && !n.contains("NSA");
            if (!plain) {
                continue;
            }
            if (n.contains("VOP3")) {
                return e;
            }
            if (first == null) {
                first = e;
            }
        }
        return first != null ? first : i.encodings().isEmpty() ? null : i.encodings().get(0);
    }

    // ------------------------------------------------------------------------------------------------ encodings

    private TypeSpec encodingClass(EncodingModel m) {
        var e = m.encoding;
        TypeSpec.Builder b = TypeSpec.classBuilder(m.className).addModifiers(Modifier.PUBLIC, Modifier.FINAL);
        StringBuilder doc = new StringBuilder();
        doc.append("Encoding {@code ").append(e.name()).append("} (").append(e.bitCount()).append(" bits, Order ")
                .append(e.order()).append("): ").append(html(e.description().strip())).append("\n");
        doc.append("<p>Identifier mask {@code ").append(e.identifierMask()).append("}, ")
                .append(e.identifiers().size()).append(" identifiers. Fields:\n<ul>\n");
        for (Field f : e.fields()) {
            doc.append("<li>{@code ").append(f.name()).append("}: ").append(rangesText(f)).append("</li>\n");
        }
        doc.append("</ul>\n");
        b.addJavadoc("$L", doc);
        b.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        b.addField(FieldSpec.builder(String.class, "NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", e.name()).build());
        b.addField(FieldSpec.builder(int.class, "DWORDS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Length in dwords.\n").initializer("$L", e.dwordCount()).build());
        b.addField(FieldSpec.builder(int.class, "TRUNCATED", Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("{@link #match} result: the identifier matches but the input ends too early.\n")
                .initializer("-2").build());
        List<String> fieldNames = e.fields().stream().map(Field::name).toList();
        b.addField(FieldSpec.builder(String[].class, "FIELD_NAMES", Modifier.STATIC, Modifier.FINAL)
                .initializer("{$L}", String.join(", ", fieldNames.stream().map(n -> "\"" + n + "\"").toList()))
                .build());

        JavaNames.Scope methods = new JavaNames.Scope().reserve("match", "identifier", "field", "setField",
                "fieldIndex", "writeIdentifier", "row", "guards");
        Map<String, String> getters = new LinkedHashMap<>();
        for (Field f : e.fields()) {
            String name = methods.name(f.name(), JavaNames.fieldMethod(f.name()));
            getters.put(f.name(), name);
            b.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(long.class).addParameter(int[].class, "w").addParameter(int.class, "o")
                    .addJavadoc("Field {@code $L}, $L: $L\n", f.name(), rangesText(f), html(f.description().strip()))
                    .addStatement("return $L", CodecModel.extractSource(f)).build());
            MethodSpec.Builder set = MethodSpec.methodBuilder(methods.name("set " + f.name(),
                            JavaNames.fieldSetter(f.name())))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC).addParameter(int[].class, "w")
                    .addParameter(int.class, "o").addParameter(long.class, "v")
                    .addJavadoc("Stores {@code v}, masked to $L bits, into field {@code $L}.\n", f.width(), f.name());
            int shift = 0;
            for (BitRange r : f.ranges().stream().sorted(Comparator.comparingInt(BitRange::order)).toList()) {
                set.addStatement(insertSource(r, shift));
                shift += r.count();
            }
            b.addMethod(set.build());
        }
        ExprCompiler compiler = new ExprCompiler(field -> {
            String g = getters.get(field);
            if (g == null) {
                throw new IllegalArgumentException("condition of " + e.name() + " refers to unknown field " + field);
            }
            return g + "(w, o)";
        });
        List<String> condMethods = new ArrayList<>();
        for (EncodingCondition c : m.conditions) {
            condMethods.add(conditionMethod(b, methods, compiler, c, false));
        }
        List<String> guardMethods = new ArrayList<>();
        for (EncodingCondition c : m.guards) {
            guardMethods.add(conditionMethod(b, methods, compiler, c, true));
        }

        // identifier(): the identifier index, -1, or TRUNCATED.
        MethodSpec.Builder ident = MethodSpec.methodBuilder("identifier").addModifiers(Modifier.STATIC)
                .returns(int.class).addParameter(int[].class, "w").addParameter(int.class, "o")
                .addJavadoc("The index of the identifier the words carry, -1 if none, {@link #TRUNCATED} if the "
                        + "mask reaches past the input.\n");
        Bits mask = e.identifierMask();
        int maskDwords = m.maskDwords();
        StringBuilder body = new StringBuilder();
        if (maskDwords > 1) {
            body.append("if (w.length - o < ").append(maskDwords).append(") {\n  return TRUNCATED;\n}\n");
        }
        String tableBody = maskDwords == 1 ? identifierTable(b, e.identifiers(), mask.dword(0)) : null;
        if (tableBody != null) {
            body.append(tableBody);
        } else if (maskDwords <= 1) {
            body.append("switch (w[o] & ").append(hex(mask.dword(0))).append(") {\n");
            Map<Integer, Integer> seen = new LinkedHashMap<>();
            for (int k = 0; k < e.identifiers().size(); k++) {
                int v = e.identifiers().get(k).dword(0) & mask.dword(0);
                if (seen.putIfAbsent(v, k) == null) {
                    body.append("  case ").append(hex(v)).append(": return ").append(k).append(";\n");
                }
            }
            body.append("  default: return -1;\n}\n");
        } else {
            for (int k = 0; k < e.identifiers().size(); k++) {
                Bits id = e.identifiers().get(k);
                List<String> tests = new ArrayList<>();
                for (int d = 0; d < maskDwords; d++) {
                    if (mask.dword(d) != 0) {
                        tests.add("(w[o + " + d + "] & " + hex(mask.dword(d)) + ") == "
                                + hex(id.dword(d) & mask.dword(d)));
                    }
                }
                body.append("if (").append(String.join(" && ", tests)).append(") {\n  return ").append(k)
                        .append(";\n}\n");
            }
            body.append("return -1;\n");
        }
        b.addMethod(ident.addCode(body.toString()).build());

        // row(): refine the identifier by the opcode field when needed.
        MethodSpec.Builder row = MethodSpec.methodBuilder("row").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(int[].class, "w").addParameter(int.class, "o")
                .addParameter(int.class, "id");
        int opWidth = m.refineByOpcode ? m.opField.width() : 0;
        if (!m.refineByOpcode) {
            row.addStatement("return id");
        } else if (opWidth <= ROW_TABLE_MAX_OPCODE_BITS) {
            // A table indexed by identifier and opcode instead of a switch over opcodes: javac turns a sparse switch
            // into a lookupswitch, a binary search whose branches a mixed instruction stream mispredicts, and the
            // decoder calls row() once per candidate encoding. Row r sits at (identifier << width) | opcode; an
            // opcode wider than the field can never match and is left out (the switch never matched it either).
            List<Integer> keys = new ArrayList<>();
            List<Integer> rowsOfKeys = new ArrayList<>();
            for (int r = 0; r < m.rows.size(); r++) {
                long op = m.rows.get(r).opcode();
                if (op >>> opWidth == 0) {
                    keys.add(m.rows.get(r).identifierIndex() << opWidth | (int) op);
                    rowsOfKeys.add(r);
                }
            }
            int size = m.encoding.identifiers().size() << opWidth;
            b.addField(FieldSpec.builder(int[].class, "ROW_BY_OPCODE", Modifier.PRIVATE, Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("(identifier << $L) | opcode -> row, or -1.\n", opWidth)
                    .initializer("$T.sparse($L, $T.ints($L), $T.ints($L))", TABLES, size, TABLES, intChunks(keys),
                            TABLES, intChunks(rowsOfKeys))
                    .build());
            row.addStatement("return ROW_BY_OPCODE[id << $L | (int) $L(w, o)]", opWidth,
                    getters.get(m.opField.name()));
        } else {
            StringBuilder rb = new StringBuilder();
            rb.append("int op = (int) ").append(getters.get(m.opField.name())).append("(w, o);\n");
            Map<Integer, List<Integer>> rowsById = new TreeMap<>();
            for (int r = 0; r < m.rows.size(); r++) {
                rowsById.computeIfAbsent(m.rows.get(r).identifierIndex(), k -> new ArrayList<>()).add(r);
            }
            rb.append("switch (id) {\n");
            for (var en : rowsById.entrySet()) {
                rb.append("  case ").append(en.getKey()).append(":\n    switch (op) {\n");
                for (int r : en.getValue()) {
                    rb.append("      case ").append(m.rows.get(r).opcode()).append(": return ").append(r).append(";\n");
                }
                rb.append("      default: return -1;\n    }\n");
            }
            rb.append("  default: return -1;\n}\n");
            row.addCode(rb.toString());
        }
        b.addMethod(row.build());

        int nConds = m.conditions.size();
        List<Integer> table = new ArrayList<>();
        for (int[] r : m.table) {
            for (int v : r) {
                table.add(v);
            }
        }
        b.addField(FieldSpec.builder(int[].class, "ROW_VARIANTS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Row x condition (in decode precedence) -> variant id, or -1.\n")
                .initializer("$T.ints($L)", TABLES, intChunks(table)).build());

        StringBuilder mb = new StringBuilder();
        mb.append("int id = identifier(w, o);\nif (id < 0) {\n  return id;\n}\n");
        int condDwords = Math.min(CodecModel.conditionDwords(m), e.dwordCount());
        mb.append("if (w.length - o < ").append(condDwords).append(") {\n  return TRUNCATED;\n}\n");
        for (String g : guardMethods) {
            mb.append("if (!").append(g).append("(w, o)) {\n  return -1;\n}\n");
        }
        mb.append("int r = row(w, o, id);\nif (r < 0) {\n  return -1;\n}\n");
        mb.append("int base = r * ").append(nConds).append(";\nint v;\n");
        for (int c = 0; c < nConds; c++) {
            boolean flag = c >= m.firstTrivial && !m.overriders.isEmpty();
            mb.append("v = ROW_VARIANTS[base + ").append(c).append("];\n");
            mb.append("if (v >= 0 && ").append(condMethods.get(c)).append("(w, o)) {\n")
                    .append("  return w.length - o < DWORDS ? TRUNCATED : v").append(flag ? " | UNCONDITIONAL" : "")
                    .append(";\n}\n");
        }
        mb.append("return -1;\n");
        b.addField(FieldSpec.builder(int.class, "UNCONDITIONAL", Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Flag on a {@link #match} result: matched only under a trivially true condition, so a "
                        + "later encoding with a\nnon-trivial condition on the same identifier takes precedence.\n")
                .initializer("0x40000000").build());
        b.addMethod(MethodSpec.methodBuilder("match").addModifiers(Modifier.STATIC).returns(int.class)
                .addParameter(int[].class, "w").addParameter(int.class, "o")
                .addJavadoc("The variant the words at {@code o} encode in this encoding: its id, -1 when they do not "
                        + "match, or\n{@link #TRUNCATED}. Conditions are tried in decode precedence (non-trivial "
                        + "ones first).\n")
                .addCode(mb.toString()).build());

        // Generic field access by index, for the InstructionSet tables.
        StringBuilder fb = new StringBuilder("switch (index) {\n");
        StringBuilder sb = new StringBuilder("switch (index) {\n");
        int fi = 0;
        for (Field f : e.fields()) {
            fb.append("  case ").append(fi).append(": return ").append(getters.get(f.name())).append("(w, o);\n");
            sb.append("  case ").append(fi).append(": ").append(methods.name("set " + f.name(), ""))
                    .append("(w, o, v); return;\n");
            fi++;
        }
        fb.append("  default: return -1L;\n}\n");
        sb.append("  default: throw new IllegalArgumentException(\"no field \" + index + \" in \" + NAME);\n}\n");
        b.addMethod(MethodSpec.methodBuilder("field").addModifiers(Modifier.STATIC).returns(long.class)
                .addParameter(int.class, "index").addParameter(int[].class, "w").addParameter(int.class, "o")
                .addCode(fb.toString()).build());
        b.addMethod(MethodSpec.methodBuilder("setField").addModifiers(Modifier.STATIC)
                .addParameter(int.class, "index").addParameter(int[].class, "w").addParameter(int.class, "o")
                .addParameter(long.class, "v").addCode(sb.toString()).build());
        // A string switch (hash, then one equals) instead of comparing the name with every field name: the
        // printer and the assembler look fields up by name many times per instruction. The first field of a name
        // wins, as in a scan.
        StringBuilder ib = new StringBuilder("if (name == null) {\n  return -1;\n}\nswitch (name) {\n");
        java.util.Set<String> seenNames = new java.util.HashSet<>();
        for (int i = 0; i < e.fields().size(); i++) {
            String n = e.fields().get(i).name();
            if (seenNames.add(n)) {
                ib.append("  case ").append(javaString(n)).append(": return ").append(i).append(";\n");
            }
        }
        ib.append("  default: return -1;\n}\n");
        b.addMethod(MethodSpec.methodBuilder("fieldIndex").addModifiers(Modifier.STATIC).returns(int.class)
                .addParameter(String.class, "name").addCode(ib.toString().replace("$", "$$")).build());

        // Encoder: identifier bits.
        StringBuilder wb = new StringBuilder("switch (id) {\n");
        for (int k = 0; k < e.identifiers().size(); k++) {
            Bits id = e.identifiers().get(k);
            wb.append("  case ").append(k).append(":\n");
            for (int d = 0; d < mask.dwordCount(); d++) {
                if (mask.dword(d) != 0) {
                    String word = d == 0 ? "w[o]" : "w[o + " + d + "]";
                    wb.append("    ").append(word).append(" = (").append(word).append(" & ~").append(hex(mask.dword(d)))
                            .append(") | ").append(hex(id.dword(d) & mask.dword(d))).append(";\n");
                }
            }
            wb.append("    return;\n");
        }
        wb.append("  default: throw new IllegalArgumentException(\"no identifier \" + id + \" in \" + NAME);\n}\n");
        b.addMethod(MethodSpec.methodBuilder("writeIdentifier").addModifiers(Modifier.STATIC)
                .addJavadoc("Encoder: writes identifier {@code id}'s bits (those under the mask).\n")
                .addParameter(int.class, "id").addParameter(int[].class, "w").addParameter(int.class, "o")
                .addCode(wb.toString()).build());
        return b.build();
    }

    /** Identifier counts up to which a {@code switch} stays (few cases: no table needed). */
    private static final int SWITCH_IDENTIFIERS = 8;
    /** Widest set of identifier bits that vary between identifiers that gets a direct lookup table. */
    private static final int TABLE_BITS = 12;

    /**
     * A table-driven body for {@code identifier()} of a one-dword mask with many identifiers: the bits every
     * identifier shares are compared at once, and the bits that vary between identifiers (in practice the opcode
     * field) index a table of identifier indices directly. A large {@code switch} compiles to a binary search whose
     * branches a mixed instruction stream mispredicts; the table costs one load. Adds the field
     * {@code IDENTIFIER_TABLE}; returns {@code null} where a {@code switch} is kept. The first identifier of equal
     * masked bits wins, as in the {@code switch}.
     */
    private static String identifierTable(TypeSpec.Builder b, List<Bits> ids, int mask) {
        if (ids.size() <= SWITCH_IDENTIFIERS) {
            return null;
        }
        int first = ids.get(0).dword(0) & mask;
        int vary = 0;
        for (Bits id : ids) {
            vary |= (id.dword(0) & mask) ^ first;
        }
        int bits = Integer.bitCount(vary);
        if (bits > TABLE_BITS) {
            return null;
        }
        List<int[]> runs = new ArrayList<>(); // {lowest bit, length} of each run of varying bits, low to high
        for (int bit = 0; bit < 32; ) {
            if ((vary >>> bit & 1) == 0) {
                bit++;
                continue;
            }
            int start = bit;
            while (bit < 32 && (vary >>> bit & 1) != 0) {
                bit++;
            }
            runs.add(new int[] {start, bit - start});
        }
        int[] table = new int[1 << bits];
        java.util.Arrays.fill(table, -1);
        for (int k = 0; k < ids.size(); k++) {
            int x = ids.get(k).dword(0);
            int index = 0;
            int pos = 0;
            for (int[] r : runs) {
                index |= (int) ((x >>> r[0]) & ((1L << r[1]) - 1)) << pos;
                pos += r[1];
            }
            if (table[index] < 0) {
                table[index] = k;
            }
        }
        List<String> parts = new ArrayList<>();
        int pos = 0;
        for (int[] r : runs) {
            String s = r[0] == 0 ? "x" : "(x >>> " + r[0] + ")";
            if (r[0] + r[1] < 32) {
                s = "(" + s + " & " + hex((int) ((1L << r[1]) - 1)) + ")";
            }
            parts.add(pos == 0 ? s : "(" + s + " << " + pos + ")");
            pos += r[1];
        }
        b.addField(FieldSpec.builder(int[].class, "IDENTIFIER_TABLE", Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("The identifier index by the varying identifier bits ($L), or -1.\n", hex(vary))
                .initializer("$T.ints($L)", TABLES, intChunks(java.util.Arrays.stream(table).boxed().toList()))
                .build());
        return "int x = w[o];\nif ((x & " + hex(mask & ~vary) + ") != " + hex(first & ~vary) + ") {\n  return -1;\n}\n"
                + "return IDENTIFIER_TABLE[" + (parts.isEmpty() ? "0" : String.join(" | ", parts)) + "];\n";
    }

    private String conditionMethod(TypeSpec.Builder b, JavaNames.Scope methods, ExprCompiler compiler,
                                   EncodingCondition c, boolean guard) {
        String name = methods.name("cond " + c.name(), JavaNames.conditionMethod(c.name()));
        String src;
        try {
            src = compiler.bool(c.expression());
        } catch (RuntimeException ex) {
            warnings.add("condition " + c.name() + " cannot be compiled (" + ex.getMessage() + "); treated as false");
            src = "false";
        }
        b.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class).addParameter(int[].class, "w").addParameter(int.class, "o")
                .addJavadoc("$L {@code $L}: {@code $L}\n", guard ? "Guard condition (named by no instruction; "
                        + "the encoding matches only when it holds)" : "Condition", html(c.name()),
                        html(c.expression().toString()))
                .addStatement("return $L", src).build());
        return name;
    }

    private static String insertSource(BitRange r, int shift) {
        int d = r.offset() >>> 5;
        int s = r.offset() & 31;
        String word = d == 0 ? "w[o]" : "w[o + " + d + "]";
        if (s + r.count() <= 32) {
            long m = (1L << r.count()) - 1;
            int placed = (int) (m << s);
            String value = "(int) ((v >>> " + shift + ") & 0x" + Long.toHexString(m) + "L)";
            return word + " = (" + word + " & ~" + hex(placed) + ") | (" + value + (s == 0 ? "" : " << " + s) + ")";
        }
        return "io.github.amdisa.runtime.codec.Bitfields.insert(w, o, " + r.offset() + ", " + r.count() + ", v >>> "
                + shift + ")";
    }

    // ------------------------------------------------------------------------------------------------ decoder

    private TypeSpec decoderClass() {
        TypeSpec.Builder b = TypeSpec.classBuilder(prefix + "Decoder").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Decoder of $L: tries the encodings in their {@code Order}, matches identifier masks with a\n"
                        + "switch on the masked bits, evaluates the compiled encoding conditions to pick the variant, and\n"
                        + "reports it to a {@link $T}. Allocates nothing per instruction; bad input raises only\n"
                        + "{@link $T} (unchecked).\n", spec.architecture().name(), DECODE_SINK, DECODE_EXCEPTION);
        b.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        // Candidate prefilter: per value of the top 9 bits of the first dword (the bits every encoding's ENCODING
        // field sits in), a bit set of the encodings whose identifiers can match there. The decoder visits only
        // those, still in Order, so precedence is unchanged; without it every word walked the whole chain of
        // identifier switches (measured: 5-35 M instructions/s per core instead of the 100 M/s goal).
        List<EncodingModel> chain = new ArrayList<>();
        for (EncodingModel m : model.encodings) {
            if (!m.variants.isEmpty()) {
                chain.add(m);
            }
        }
        // Candidate sets: per value of the top 9 bits, the encodings whose identifiers can match there, in chain
        // order. Each distinct set becomes one small method that tries exactly its encodings in that order (so
        // precedence is unchanged), and decode() dispatches to it with one switch on the top bits. Small methods let
        // the JIT inline every match() of a set: one decode() holding all matches exceeded C2's inlining budget
        // (DesiredMethodLimit), so the scalar and VOP1/VOP2 matches stayed calls behind a bit-set loop.
        Map<List<Integer>, List<Integer>> bucketsOfSet = new LinkedHashMap<>();
        int maxMultiDwordMask = 0;
        for (EncodingModel m : chain) {
            if (m.maskDwords() > 1) {
                maxMultiDwordMask = Math.max(maxMultiDwordMask, m.maskDwords());
            }
        }
        for (int bucket = 0; bucket < 512; bucket++) {
            List<Integer> set = new ArrayList<>();
            for (int k = 0; k < chain.size(); k++) {
                EncodingModel m = chain.get(k);
                Bits mask = m.encoding.identifierMask();
                int top = mask.dwordCount() > 0 ? mask.dword(0) & 0xff800000 : 0;
                boolean possible = m.encoding.identifiers().isEmpty();
                for (Bits id : m.encoding.identifiers()) {
                    if ((((bucket << 23) ^ id.dword(0)) & top) == 0) {
                        possible = true;
                        break;
                    }
                }
                if (possible) {
                    set.add(k);
                }
            }
            bucketsOfSet.computeIfAbsent(set, x -> new ArrayList<>()).add(bucket);
        }
        // Sets that begin with the same encoding are merged (their union, still in chain order): the words of one
        // family then reach one method whatever their opcode bits in the top 9 say, so the set switch stays
        // predictable on a stream of that family (FLAT words spread over two sets ran at 2/3 of the speed). An
        // encoding added this way cannot match in the other buckets (its identifier fails there), and the
        // truncation it could report is already covered by fail()'s rule, so the decoded result is unchanged.
        Map<Integer, java.util.TreeSet<Integer>> unionByFirst = new LinkedHashMap<>();
        Map<Integer, List<Integer>> bucketsByFirst = new LinkedHashMap<>();
        for (Map.Entry<List<Integer>, List<Integer>> e : bucketsOfSet.entrySet()) {
            int first = e.getKey().isEmpty() ? -1 : e.getKey().get(0);
            unionByFirst.computeIfAbsent(first, x -> new java.util.TreeSet<>()).addAll(e.getKey());
            bucketsByFirst.computeIfAbsent(first, x -> new ArrayList<>()).addAll(e.getValue());
        }
        bucketsOfSet = new LinkedHashMap<>();
        for (Map.Entry<Integer, java.util.TreeSet<Integer>> e : unionByFirst.entrySet()) {
            bucketsOfSet.put(new ArrayList<>(e.getValue()), bucketsByFirst.get(e.getKey()));
        }
        StringBuilder dispatch = new StringBuilder();
        dispatch.append("if (words == null || offset < 0 || offset >= words.length) {\n")
                .append("  throw new DecodeException(offset, \"no instruction word at this offset\");\n}\n")
                .append("switch (SET_OF_BUCKET[words[offset] >>> 23]) {\n");
        // The set by table, then a switch over the dense set numbers: a switch over the 512 bucket values directly
        // compiles (C2) to a tree of range compares that mispredicts on a stream of mixed VOP2 opcodes.
        Integer[] setOfBucket = new Integer[512];
        int setIndex = 0;
        for (Map.Entry<List<Integer>, List<Integer>> e : bucketsOfSet.entrySet()) {
            List<Integer> set = e.getKey();
            for (int bucket : e.getValue()) {
                setOfBucket[bucket] = setIndex;
            }
            String method = "decodeSet" + setIndex;
            dispatch.append("case ").append(setIndex++).append(":\n");
            dispatch.append("  return ").append(method).append("(words, offset, sink);\n");
            StringBuilder body = new StringBuilder();
            List<String> names = new ArrayList<>();
            for (int k : set) {
                names.add(chain.get(k).className);
            }
            body.append("boolean truncated = false;\nint v;\n");
            for (int k : set) {
                body.append(tryEncoding(chain.get(k)));
            }
            body.append("return fail(words, offset, truncated);\n");
            List<EncodingModel> members = new ArrayList<>();
            for (int k : set) {
                members.add(chain.get(k));
            }
            java.util.Optional<DecodeFastPlan> plan = DecodeFastPlan.of(members, e.getValue());
            if (plan.isPresent()) {
                String slow = method + "Slow";
                emitFastPath(b, method, slow, plan.get(), e.getValue().size());
                method = slow;
            }
            b.addMethod(MethodSpec.methodBuilder(method).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(int.class).addParameter(int[].class, "words").addParameter(int.class, "offset")
                    .addParameter(DECODE_SINK, "sink")
                    .addJavadoc("Tries $L in decode order (top 9 bits of the first dword: $L values).\n",
                            names.isEmpty() ? "no encoding" : String.join(", ", names), e.getValue().size())
                    .addCode(body.toString().replace("DecodeException", "$T"), repeat(DECODE_EXCEPTION,
                            count(body.toString(), "DecodeException")))
                    .build());
        }
        dispatch.append("default:\n  throw new IllegalStateException();\n}\n");
        b.addField(FieldSpec.builder(int.class, "WARM_UP", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Decodes through a set's ordinary path before its lookup table is built.\n")
                .initializer("256").build());
        b.addField(FieldSpec.builder(int[].class, "SET_OF_BUCKET", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Per top-9-bit value of the first dword, the candidate set ({@code decodeSet<n>}) to try.\n")
                .initializer("$T.ints($L)", TABLES, intChunks(java.util.Arrays.asList(setOfBucket)))
                .build());
        StringBuilder fail = new StringBuilder();
        if (maxMultiDwordMask > 1) {
            // An encoding whose identifier spans several dwords reports TRUNCATED on short input whatever the first
            // dword holds; the skipped ones must count too, so that the message stays the same.
            fail.append("truncated |= words.length - offset < ").append(maxMultiDwordMask).append(";\n");
        }
        fail.append("throw new DecodeException(offset, truncated ? \"instruction truncated: the input ends before its last dword\"\n")
                .append("    : \"no encoding matches word 0x\" + Integer.toHexString(words[offset]));\n");
        b.addMethod(MethodSpec.methodBuilder("fail").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addParameter(boolean.class, "truncated")
                .addJavadoc("No encoding matched: raises the error decode() reports.\n")
                .addCode(fail.toString().replace("DecodeException", "$T"), repeat(DECODE_EXCEPTION,
                        count(fail.toString(), "DecodeException")))
                .build());
        b.addMethod(MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addParameter(DECODE_SINK, "sink")
                .addJavadoc("Decodes the instruction at {@code offset}.\n@return its length in dwords\n"
                        + "@throws DecodeException when no encoding matches or the input is truncated\n")
                .addCode(dispatch.toString().replace("DecodeException", "$T"), repeat(DECODE_EXCEPTION,
                        count(dispatch.toString(), "DecodeException")))
                .build());
        return b.build();
    }

    /**
     * The branch-free first try of a candidate set ({@link DecodeFastPlan}): {@code method} looks the word up in a
     * table computed at class load from {@code slow}, the set's ordinary decode, and falls back to it for entries
     * without a result and for input too short for the entry's length.
     */
    private void emitFastPath(TypeSpec.Builder b, String method, String slow, DecodeFastPlan plan, int buckets) {
        String table = "FAST_" + method.substring("decodeSet".length());
        List<Integer> runs = new ArrayList<>();
        for (int[] r : plan.indexRuns) {
            runs.add(r[0]);
            runs.add(r[1]);
        }
        List<Integer> keyOffsets = new ArrayList<>();
        for (int k = 0; k < plan.keys.size(); k++) {
            keyOffsets.add(plan.keys.get(k)[0]);
            if (plan.classBits.get(k) > 0) {
                List<Integer> cls = new ArrayList<>();
                for (int c : plan.classOfValue.get(k)) {
                    cls.add(c);
                }
                b.addField(FieldSpec.builder(int[].class, table + "_KEY" + k, Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("Class of each value of the key field at bits $L..$L of the $L dword.\n",
                                plan.keys.get(k)[0] & 31, (plan.keys.get(k)[0] & 31) + plan.keys.get(k)[1] - 1,
                                DecodeFastPlan.inSecondDword(plan.keys.get(k)) ? "second" : "first")
                        .initializer("$T.ints($L)", TABLES, intChunks(cls)).build());
            }
        }
        List<Integer> reps = new ArrayList<>();
        for (int[] rep : plan.representatives) {
            for (int k = 0; k < plan.keys.size(); k++) {
                reps.add(rep == null ? -1 : rep[k]);
            }
        }
        // The table lives in a holder class, built when a set has been used WARM_UP times: short runs (one
        // statement, a small kernel) never pay for it (a set's table costs milliseconds to build while the JIT has
        // not compiled the decoder yet), and class initialisation publishes it safely to every thread.
        ClassName self = ClassName.get(pkg, prefix + "Decoder");
        String holder = "Fast" + method.substring("decodeSet".length());
        b.addType(TypeSpec.classBuilder(holder).addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The lookup table of {@link #$L}.\n", method)
                .addField(FieldSpec.builder(int[].class, "TABLE", Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("(index << $L | key class) -> variant | length << 24, or -1: computed by "
                                + "running {@code $L} once per entry.\n", plan.totalClassBits, slow)
                        .initializer("$T.entries(0x$L, new int[] {$L}, new int[] {$L}, new int[] {$L}, $L, $T::$L)",
                                DECODE_FAST_PATH, Integer.toHexString(plan.fixedValue), join(runs),
                                join(keyOffsets), join(reps), plan.totalClassBits, self, slow)
                        .build())
                .build());
        String uses = "uses" + method.substring("decodeSet".length());
        b.addField(FieldSpec.builder(int.class, uses, Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Calls of {@link #$L} before its table is built (a racy count is fine).\n", method)
                .build());
        StringBuilder precheck = new StringBuilder();
        for (EncodingModel m : plan.prechecks) {
            // identifier() is -1 only when the words are long enough to tell and carry none of its identifiers.
            precheck.append("if (").append(m.className).append(".identifier(words, offset) != -1) {\n  return ")
                    .append(slow).append("(words, offset, sink);\n}\n");
        }
        String body = "if (" + uses + " < WARM_UP) {\n"
                + "  " + uses + "++;\n"
                + "  return " + slow + "(words, offset, sink);\n"
                + "}\n"
                + precheck
                + "int x = words[offset];\n"
                + (plan.readsSecondDword()
                        ? "if (words.length - offset < 2) {\n  return " + slow + "(words, offset, sink);\n}\n"
                                + "int y = words[offset + 1];\n"
                        : "")
                + "int e = " + holder + ".TABLE[" + plan.positionExpression(table) + "];\n"
                + "if (e >= 0) {\n"
                + "  int n = e >>> 24;\n"
                + "  if (words.length - offset >= n) {\n"
                + "    sink.instruction(e & 0xffffff, words, offset, n);\n"
                + "    return n;\n"
                + "  }\n"
                + "}\n"
                + "return " + slow + "(words, offset, sink);\n";
        b.addMethod(MethodSpec.methodBuilder(method).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addParameter(DECODE_SINK, "sink")
                .addJavadoc("Table lookup on the index bits of the first dword and the key classes of the $L ($L "
                        + "top-9-bit values), else {@link #$L}$L.\n",
                        plan.readsSecondDword() ? "first two dwords" : "first dword", buckets, slow,
                        plan.prechecks.isEmpty() ? "" : " (which also takes every word carrying an identifier of "
                                + String.join(", ", plan.prechecks.stream().map(m -> m.className).toList()) + ")")
                .addCode(body).build());
    }

    private static String join(List<Integer> values) {
        StringBuilder s = new StringBuilder();
        for (int v : values) {
            s.append(s.length() == 0 ? "" : ", ").append(v);
        }
        return s.toString();
    }

    /** The statements that try one encoding of a candidate set: report and return on a match, else note truncation. */
    private static String tryEncoding(EncodingModel m) {
        StringBuilder one = new StringBuilder();
        one.append("v = ").append(m.className).append(".match(words, offset);\n").append("if (v >= 0) {\n");
        if (!m.overriders.isEmpty()) {
            one.append("  if ((v & ").append(m.className).append(".UNCONDITIONAL) != 0) {\n")
                    .append("    v &= ~").append(m.className).append(".UNCONDITIONAL;\n    int x;\n");
            for (EncodingModel over : m.overriders) {
                int n = over.encoding.dwordCount();
                one.append("    x = ").append(over.className).append(".match(words, offset);\n")
                        .append("    if (x >= 0 && (x & ").append(over.className).append(".UNCONDITIONAL) == 0) {\n")
                        .append("      sink.instruction(x, words, offset, ").append(n).append(");\n")
                        .append("      return ").append(n).append(";\n    }\n")
                        .append("    if (x == ").append(over.className).append(".TRUNCATED) {\n")
                        .append("      throw new DecodeException(offset, \"instruction truncated: the input ends before its last dword\");\n")
                        .append("    }\n");
            }
            one.append("  }\n");
        }
        one.append("  sink.instruction(v, words, offset, ").append(m.encoding.dwordCount())
                .append(");\n  return ").append(m.encoding.dwordCount()).append(";\n}\n")
                .append("truncated |= v == ").append(m.className).append(".TRUNCATED;\n");
        return one.toString();
    }

    // ------------------------------------------------------------------------------------------------ isa tables

    private TypeSpec isaClass() {
        ClassName self = ClassName.get(pkg, prefix + "Isa");
        TypeSpec.Builder b = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(INSTRUCTION_SET)
                .addJavadoc("$L ($L): the generation's {@link $T} - decoder entry point, variant tables, operand\n"
                        + "value names and the raw encoder, all derived from $L.\n", spec.architecture().name(),
                        generationTarget(), INSTRUCTION_SET, html(IsaGenerator.specFileName(spec.source())));
        b.addField(FieldSpec.builder(self, "INSTANCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        b.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        // Names.
        List<String> encNames = new ArrayList<>();
        List<String> families = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        List<Integer> condStart = new ArrayList<>();
        List<String> condNames = new ArrayList<>();
        for (EncodingModel m : model.encodings) {
            encNames.add(m.encoding.name());
            String[] fk = familyAndKind(m.encoding.name());
            families.add(fk[0]);
            kinds.add(fk[1]);
            condStart.add(condNames.size());
            for (EncodingCondition c : m.conditions) {
                condNames.add(c.name());
            }
        }
        Map<String, Integer> typeIndex = new LinkedHashMap<>();
        for (OperandType t : spec.operandTypes()) {
            typeIndex.putIfAbsent(t.name(), typeIndex.size());
        }
        Map<String, Integer> formatIndex = new LinkedHashMap<>();
        for (DataFormat f : spec.dataFormats()) {
            formatIndex.putIfAbsent(f.name(), formatIndex.size());
        }
        // Forms per instruction.
        Map<Integer, Integer> forms = new LinkedHashMap<>();
        for (Variant v : model.variants) {
            String family = familyAndKind(v.owner().encoding.name())[0];
            int f = family.equals("VOP3") || family.equals("VOP3_SDST_ENC") ? 1
                    : family.equals("VOP1") || family.equals("VOP2") || family.equals("VOPC") ? 2 : 0;
            forms.merge(v.instructionOrdinal(), f, (a, c) -> a | c);
        }
        List<Integer> variants = new ArrayList<>();
        List<Integer> operands = new ArrayList<>();
        for (Variant v : model.variants) {
            List<Operand> ops = v.encoding().operands().stream().sorted(Comparator.comparingInt(Operand::order))
                    .toList();
            variants.add(v.instructionOrdinal());
            variants.add(v.owner().index);
            variants.add(v.conditionIndex());
            variants.add((int) v.encoding().opcode());
            variants.add(v.identifierIndex());
            variants.add(operands.size() / 5);
            variants.add(ops.size());
            variants.add(forms.getOrDefault(v.instructionOrdinal(), 0));
            for (Operand op : ops) {
                int field = op.fieldName().map(n -> fieldIndex(v.owner(), n)).orElse(-1);
                if (op.fieldName().isPresent() && field < 0) {
                    warnings.add(v.instruction().name() + " in " + v.owner().encoding.name() + ": operand field "
                            + op.fieldName().get() + " is not a field of the encoding");
                }
                operands.add(field);
                operands.add(typeIndex.computeIfAbsent(op.operandType(), k -> typeIndex.size()));
                operands.add(formatIndex.computeIfAbsent(op.dataFormat(), k -> formatIndex.size()));
                operands.add(op.size());
                operands.add((op.input() ? 1 : 0) | (op.output() ? 2 : 0) | (op.implicit() ? 4 : 0));
            }
        }
        // Operand value names.
        List<Integer> valueStart = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        List<String> valueNames = new ArrayList<>();
        for (String t : typeIndex.keySet()) {
            valueStart.add(values.size());
            TreeMap<Long, String> sorted = new TreeMap<>();
            spec.operandType(t).ifPresent(ot -> {
                for (PredefinedValue pv : ot.predefinedValues()) {
                    sorted.putIfAbsent(pv.value(), pv.name());
                }
            });
            for (var en : sorted.entrySet()) {
                if (en.getKey() < Integer.MIN_VALUE || en.getKey() > Integer.MAX_VALUE) {
                    continue;
                }
                values.add(en.getKey().intValue());
                valueNames.add(en.getValue());
            }
        }
        valueStart.add(values.size());

        addStrings(b, "ENCODING_NAMES", encNames);
        addStrings(b, "FAMILIES", families);
        addStrings(b, "KINDS", kinds);
        addStrings(b, "CONDITION_NAMES", condNames);
        addInts(b, "CONDITION_START", condStart);
        addStrings(b, "TYPE_NAMES", new ArrayList<>(typeIndex.keySet()));
        addStrings(b, "FORMAT_NAMES", new ArrayList<>(formatIndex.keySet()));
        addInts(b, "VARIANTS", variants);
        addInts(b, "OPERANDS", operands);
        addInts(b, "VALUE_START", valueStart);
        addInts(b, "VALUES", values);
        addStrings(b, "VALUE_NAMES", valueNames);
        List<Integer> lengths = model.encodings.stream().map(m -> m.encoding.dwordCount()).toList();
        addInts(b, "LENGTHS", lengths);

        b.addMethod(override("architectureName", String.class).addStatement("return $S", spec.architecture().name())
                .build());
        b.addMethod(override("llvmTarget", String.class).addStatement("return $S", generationTarget()).build());
        b.addMethod(override("defaultWaveSize", int.class).addStatement("return $L",
                spec.generation().map(g -> g.defaultWaveSize()).orElse(32)).build());
        b.addMethod(override("decode", int.class).addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addParameter(DECODE_SINK, "sink").addStatement("return $LDecoder.decode(words, offset, sink)", prefix)
                .build());
        b.addField(FieldSpec.builder(ArrayTypeName.of(ClassName.get(pkg, "Instruction")), "INSTRUCTIONS",
                Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The instructions by ordinal, copied once ({@code values()} clones on every call).\n")
                .initializer("Instruction.values()").build());
        b.addMethod(override("variantCount", int.class).addStatement("return $L", model.variants.size()).build());
        b.addMethod(variantGetter("instructionName", String.class,
                "return INSTRUCTIONS[VARIANTS[variant * 8]].amdName()"));
        b.addMethod(variantGetter("instructionOrdinal", int.class, "return VARIANTS[variant * 8]"));
        b.addMethod(MethodSpec.methodBuilder("instructionAliases").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(ParameterizedTypeName.get(List.class, String.class))
                .addParameter(int.class, "variant")
                .addStatement("return INSTRUCTIONS[VARIANTS[variant * 8]].aliases()").build());
        b.addMethod(MethodSpec.methodBuilder("instruction").addModifiers(Modifier.PUBLIC)
                .returns(ClassName.get(pkg, "Instruction")).addParameter(int.class, "variant")
                .addJavadoc("The instruction of a decoded variant.\n")
                .addStatement("return INSTRUCTIONS[VARIANTS[variant * 8]]").build());
        b.addMethod(variantGetter("encodingName", String.class, "return ENCODING_NAMES[VARIANTS[variant * 8 + 1]]"));
        b.addMethod(variantGetter("conditionName", String.class,
                "return CONDITION_NAMES[CONDITION_START[VARIANTS[variant * 8 + 1]] + VARIANTS[variant * 8 + 2]]"));
        b.addMethod(variantGetter("opcode", long.class, "return VARIANTS[variant * 8 + 3]"));
        b.addMethod(variantGetter("encodingFamily", String.class, "return FAMILIES[VARIANTS[variant * 8 + 1]]"));
        b.addMethod(variantGetter("variantKind", String.class, "return KINDS[VARIANTS[variant * 8 + 1]]"));
        b.addMethod(variantGetter("instructionForms", int.class, "return VARIANTS[variant * 8 + 7]"));
        b.addMethod(variantGetter("length", int.class, "return LENGTHS[VARIANTS[variant * 8 + 1]]"));
        b.addMethod(variantGetter("operandCount", int.class, "return VARIANTS[variant * 8 + 6]"));
        b.addMethod(operandGetter("operandField", String.class,
                "int f = OPERANDS[k * 5];\nreturn f < 0 ? null : FIELDS.name(VARIANTS[variant * 8 + 1], f);\n"));
        b.addMethod(operandGetter("operandType", String.class, "return TYPE_NAMES[OPERANDS[k * 5 + 1]];\n"));
        b.addMethod(operandGetter("operandFormat", String.class, "return FORMAT_NAMES[OPERANDS[k * 5 + 2]];\n"));
        b.addMethod(operandGetter("operandSize", int.class, "return OPERANDS[k * 5 + 3];\n"));
        b.addMethod(operandGetter("operandFlags", int.class, "return OPERANDS[k * 5 + 4];\n"));
        b.addMethod(operandGetter("operandValue", long.class,
                "int f = OPERANDS[k * 5];\nreturn f < 0 ? -1L : FIELDS.value(VARIANTS[variant * 8 + 1], f, words, offset);\n")
                .toBuilder().addParameter(int[].class, "words").addParameter(int.class, "offset").build());

        // Per-encoding dispatch.
        StringBuilder fieldSw = new StringBuilder("switch (encoding) {\n");
        StringBuilder setSw = new StringBuilder("switch (encoding) {\n");
        StringBuilder nameSw = new StringBuilder("switch (encoding) {\n");
        StringBuilder indexSw = new StringBuilder("switch (encoding) {\n");
        StringBuilder identSw = new StringBuilder("switch (encoding) {\n");
        for (EncodingModel m : model.encodings) {
            String c = m.className;
            fieldSw.append("  case ").append(m.index).append(": return ").append(c).append(".field(index, w, o);\n");
            setSw.append("  case ").append(m.index).append(": ").append(c).append(".setField(index, w, o, v); return;\n");
            nameSw.append("  case ").append(m.index).append(": return ").append(c).append(".FIELD_NAMES[index];\n");
            indexSw.append("  case ").append(m.index).append(": return ").append(c).append(".fieldIndex(name);\n");
            identSw.append("  case ").append(m.index).append(": ").append(c).append(".writeIdentifier(id, w, o); return;\n");
        }
        String dflt = "  default: throw new IllegalArgumentException(\"no encoding \" + encoding);\n}\n";
        b.addMethod(privateStatic("field", long.class).addParameter(int.class, "encoding").addParameter(int.class, "index")
                .addParameter(int[].class, "w").addParameter(int.class, "o").addCode(fieldSw + dflt).build());
        b.addMethod(privateStatic("setField", void.class).addParameter(int.class, "encoding")
                .addParameter(int.class, "index").addParameter(int[].class, "w").addParameter(int.class, "o")
                .addParameter(long.class, "v").addCode(setSw + dflt).build());
        b.addMethod(privateStatic("fieldName", String.class).addParameter(int.class, "encoding")
                .addParameter(int.class, "index").addCode(nameSw + dflt).build());
        b.addMethod(privateStatic("encodingFieldIndex", int.class).addParameter(int.class, "encoding")
                .addParameter(String.class, "name").addCode(indexSw + dflt).build());
        b.addMethod(privateStatic("writeIdentifier", void.class).addParameter(int.class, "encoding")
                .addParameter(int.class, "id").addParameter(int[].class, "w").addParameter(int.class, "o")
                .addCode(identSw + dflt).build());

        b.addMethod(override("hasField", boolean.class).addParameter(int.class, "variant")
                .addParameter(String.class, "fieldName")
                .addStatement("return FIELDS.index(VARIANTS[variant * 8 + 1], fieldName) >= 0").build());
        b.addMethod(override("field", long.class).addParameter(int.class, "variant").addParameter(String.class, "fieldName")
                .addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addStatement("int e = VARIANTS[variant * 8 + 1]")
                .addStatement("return FIELDS.value(e, FIELDS.index(e, fieldName), words, offset)").build());
        b.addMethod(override("fieldIndex", int.class).addParameter(int.class, "variant")
                .addParameter(String.class, "fieldName")
                .addStatement("return FIELDS.index(VARIANTS[variant * 8 + 1], fieldName)").build());
        b.addMethod(override("fieldValue", long.class).addParameter(int.class, "variant")
                .addParameter(int.class, "fieldIndex").addParameter(int[].class, "words").addParameter(int.class, "offset")
                .addStatement("return FIELDS.value(VARIANTS[variant * 8 + 1], fieldIndex, words, offset)")
                .build());
        // The fields of every encoding as data (names -> index maps, bit ranges), built once: the printer reads
        // fields of a different encoding on every instruction, and a switch over encodings and then over fields (or
        // names) per read cost more than the rest of printing.
        List<Integer> rangesPerField = new ArrayList<>();
        List<Integer> ranges = new ArrayList<>();
        StringBuilder nameArrays = new StringBuilder();
        for (EncodingModel m : model.encodings) {
            nameArrays.append(nameArrays.length() == 0 ? "" : ", ").append(m.className).append(".FIELD_NAMES");
            for (Field f : m.encoding.fields()) {
                List<BitRange> rs = f.ranges().stream().sorted(Comparator.comparingInt(BitRange::order)).toList();
                rangesPerField.add(rs.size());
                for (BitRange r : rs) {
                    ranges.add(r.offset());
                    ranges.add(r.count());
                }
            }
        }
        b.addField(FieldSpec.builder(ClassName.get(RUNTIME, "FieldTable"), "FIELDS", Modifier.PRIVATE,
                        Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T(new String[][] {$L},\n$T.ints($L),\n$T.ints($L))",
                        ClassName.get(RUNTIME, "FieldTable"), nameArrays, TABLES, intChunks(rangesPerField), TABLES,
                        intChunks(ranges))
                .build());
        // Operand type name -> index, built once: valueName is on the printer's path for every operand.
        b.addField(FieldSpec.builder(ParameterizedTypeName.get(java.util.Map.class, String.class, Integer.class),
                        "TYPE_INDEX", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("typeIndex()").build());
        b.addMethod(privateStatic("typeIndex", ParameterizedTypeName.get(java.util.Map.class, String.class,
                        Integer.class))
                .addCode("$T<String, Integer> m = new $T<>();\n"
                        + "for (int t = 0; t < TYPE_NAMES.length; t++) {\n  m.putIfAbsent(TYPE_NAMES[t], t);\n}\n"
                        + "return m;\n", java.util.Map.class, java.util.HashMap.class).build());
        b.addMethod(override("valueName", String.class).addParameter(String.class, "operandType")
                .addParameter(long.class, "value")
                .addCode("Integer t = operandType == null ? null : TYPE_INDEX.get(operandType);\n"
                        + "if (t == null) {\n  return null;\n}\n"
                        + "int i = java.util.Arrays.binarySearch(VALUES, VALUE_START[t], VALUE_START[t + 1], (int) value);\n"
                        + "return i >= 0 && value == (int) value ? VALUE_NAMES[i] : null;\n").build());
        b.addMethod(operandGetter("operandValueName", String.class,
                "int t = OPERANDS[k * 5 + 1];\n"
                        + "if (TYPE_NAMES[t] == null) {\n  return null;\n}\n"
                        + "int n = java.util.Arrays.binarySearch(VALUES, VALUE_START[t], VALUE_START[t + 1], (int) value);\n"
                        + "return n >= 0 && value == (int) value ? VALUE_NAMES[n] : null;\n")
                .toBuilder().addParameter(long.class, "value").build());
        b.addMethod(override("encode", int.class).addParameter(int.class, "variant")
                .addParameter(String[].class, "fieldNames").addParameter(long[].class, "values")
                .addParameter(int[].class, "out").addParameter(int.class, "offset")
                .addCode("int e = VARIANTS[variant * 8 + 1];\nint n = LENGTHS[e];\n"
                        + "java.util.Arrays.fill(out, offset, offset + n, 0);\n"
                        + "writeIdentifier(e, VARIANTS[variant * 8 + 4], out, offset);\n"
                        + "int op = FIELDS.index(e, OPCODE_FIELDS[e]);\n"
                        + "if (op >= 0) {\n  setField(e, op, out, offset, VARIANTS[variant * 8 + 3]);\n}\n"
                        + "for (int i = 0; i < fieldNames.length; i++) {\n"
                        + "  int f = FIELDS.index(e, fieldNames[i]);\n"
                        + "  if (f < 0) {\n    throw new IllegalArgumentException(\"encoding \" + ENCODING_NAMES[e] + \" has no field \" + fieldNames[i]);\n  }\n"
                        + "  setField(e, f, out, offset, values[i]);\n}\nreturn n;\n").build());
        List<String> opFields = model.encodings.stream().map(m -> m.opField == null ? "-" : m.opField.name()).toList();
        addStrings(b, "OPCODE_FIELDS", opFields);
        b.addMethod(MethodSpec.methodBuilder("disassembler").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(DISASSEMBLER).addJavadoc("A disassembler printing LLVM syntax for this generation.\n")
                .addStatement("return $T.llvm(INSTANCE)", DISASSEMBLER).build());
        return b.build();
    }

    private String generationTarget() {
        return spec.generation().map(g -> g.llvmTarget()).orElse("");
    }

    private static int fieldIndex(EncodingModel m, String name) {
        for (int i = 0; i < m.encoding.fields().size(); i++) {
            if (m.encoding.fields().get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code ENC_VOP3} -> VOP3/BASE, {@code VOP3_INST_LITERAL} -> VOP3/LITERAL, {@code MIMG_NSA1} -> MIMG/NSA. */
    static String[] familyAndKind(String encodingName) {
        String n = encodingName.startsWith("ENC_") ? encodingName.substring(4) : encodingName;
        String[][] suffixes = {{"_INST_LITERAL", "LITERAL"}, {"_INST_LIT64", "LIT64"}, {"_VOP_DPP16", "DPP16"},
            {"_VOP_DPP8", "DPP8"}, {"_VOP_DPP", "DPP"}, {"_VOP_SDWA_SDST_ENC", "SDWA"}, {"_VOP_SDWA", "SDWA"},
            {"_MFMA", "MFMA"}};
        for (String[] s : suffixes) {
            if (n.endsWith(s[0])) {
                return new String[] {n.substring(0, n.length() - s[0].length()), s[1]};
            }
        }
        if (n.matches("MIMG_NSA\\d+")) {
            return new String[] {"MIMG", "NSA"};
        }
        return new String[] {n, "BASE"};
    }

    private MethodSpec.Builder override(String name, Class<?> returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns);
    }

    private MethodSpec variantGetter(String name, Class<?> returns, String statement) {
        return override(name, returns).addParameter(int.class, "variant").addStatement(statement).build();
    }

    private MethodSpec operandGetter(String name, Class<?> returns, String body) {
        return override(name, returns).addParameter(int.class, "variant").addParameter(int.class, "i")
                .addCode("int k = VARIANTS[variant * 8 + 5] + i;\n" + body).build();
    }

    private static MethodSpec.Builder privateStatic(String name, com.palantir.javapoet.TypeName returns) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(returns);
    }

    private static MethodSpec.Builder privateStatic(String name, Class<?> returns) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(returns);
    }

    private static void addStrings(TypeSpec.Builder b, String name, List<String> values) {
        b.addField(FieldSpec.builder(String[].class, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.strings($L)", TABLES, stringChunks(values)).build());
    }

    private static void addInts(TypeSpec.Builder b, String name, List<Integer> values) {
        b.addField(FieldSpec.builder(int[].class, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.ints($L)", TABLES, intChunks(values)).build());
    }

    /** String constants of at most {@link #CHUNK} characters, as a comma-separated list of Java literals. */
    static String stringChunks(List<String> values) {
        StringBuilder all = new StringBuilder();
        for (String v : values) {
            all.append(v).append('\n');
        }
        return chunks(all.toString());
    }

    static String longChunks(List<Long> values) {
        StringBuilder all = new StringBuilder();
        for (long v : values) {
            all.append(Long.toString(v, 36)).append(',');
        }
        return chunks(all.toString());
    }

    static String intChunks(List<Integer> values) {
        StringBuilder all = new StringBuilder();
        for (int v : values) {
            all.append(Integer.toString(v, 36)).append(',');
        }
        return chunks(all.toString());
    }

    private static String chunks(String all) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < all.length(); i += CHUNK) {
            parts.add(javaString(all.substring(i, Math.min(all.length(), i + CHUNK))));
        }
        if (parts.isEmpty()) {
            parts.add("\"\"");
        }
        return String.join(",\n    ", parts);
    }

    private static String javaString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\n' -> b.append("\\n");
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 32 || c > 126) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private static String rangesText(Field f) {
        List<String> parts = new ArrayList<>();
        for (BitRange r : f.ranges()) {
            parts.add(r.count() == 1 ? "bit " + r.offset() : "bits " + r.offset() + ".." + r.lastBit());
        }
        return String.join(" + ", parts);
    }

    static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("*/", "*&#47;")
                .replace("@", "&#64;");
    }

    private static String hex(int v) {
        return "0x" + Integer.toHexString(v);
    }

    private static Object[] repeat(Object o, int n) {
        Object[] a = new Object[n];
        java.util.Arrays.fill(a, o);
        return a;
    }

    private static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
