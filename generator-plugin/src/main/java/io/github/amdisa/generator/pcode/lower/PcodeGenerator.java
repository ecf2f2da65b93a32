package io.github.amdisa.generator.pcode.lower;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.amdisa.generator.pcode.Classification;
import io.github.amdisa.generator.pcode.Classifier;
import io.github.amdisa.generator.pcode.PcodeSyntaxException;
import io.github.amdisa.generator.pcode.Printer;
import io.github.amdisa.generator.pcode.types.TypeChecker;
import io.github.amdisa.generator.pcode.types.Typing;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeEntry;
import io.github.amdisa.isaxml.pcode.PseudocodeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Generates the executable pseudocode: shared classes {@code PcodeOps0..N} holding one static method per distinct
 * text (keyed by the canonical print of its tree, so identical texts across generations share a method), and per
 * generation a class {@code Pcode<Generation>} whose {@code find(name)} returns the {@code PcodeOp} of an
 * instruction (null when the instruction has no pseudocode). Texts that cannot be lowered get a method that throws
 * {@code UnsupportedInstruction} with the reason.
 */
public final class PcodeGenerator {

    /** The package of the generated classes. */
    public static final String PACKAGE = "io.github.amdisa.runtime.pcode.generated";
    private static final String RUNTIME = "io.github.amdisa.runtime.pcode";
    private static final int METHODS_PER_CLASS = 200;
    private static final int CASES_PER_METHOD = 300;

    /** The outcome for one instruction. */
    public record Outcome(Generation generation, String instruction, String method, boolean lowered, String reason) {
    }

    /** One shared method. */
    private record Op(String key, String className, String methodName, String body, boolean followsRoundingMode,
            boolean saturatesUnderClamp, String reason, String text, List<String> users) {
    }

    private final String opsPackage;
    private final java.util.function.Function<Generation, ClassName> dispatchNames;
    private final Map<String, Op> ops = new LinkedHashMap<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private final Map<Generation, Map<String, Op>> tables = new TreeMap<>();

    /**
     * A generator that puts everything into {@link #PACKAGE}: the shared classes and one dispatch class per
     * generation named {@link #dispatchClass(Generation)} (what the in-memory tests compile).
     */
    public PcodeGenerator() {
        this(PACKAGE, g -> ClassName.get(PACKAGE, dispatchClass(g)));
    }

    /**
     * A generator with chosen packages.
     *
     * @param opsPackage the package of the shared {@code PcodeOps0..N} classes
     * @param dispatchNames the dispatch class of each generation (e.g. {@code io.github.amdisa.rdna3.Rdna3Pcode},
     *                      beside the generation's codec)
     */
    public PcodeGenerator(String opsPackage, java.util.function.Function<Generation, ClassName> dispatchNames) {
        this.opsPackage = opsPackage;
        this.dispatchNames = dispatchNames;
    }

    /** Adds every instruction of {@code spec} for {@code generation}. */
    public PcodeGenerator add(Generation generation, PseudocodeSpec spec) {
        Map<String, Op> table = tables.computeIfAbsent(generation, g -> new TreeMap<>());
        for (PseudocodeEntry e : spec.entries().values()) {
            Op op = opFor(e.name(), TextOverlays.apply(e.name(), e.text()), generation);
            op.users().add(generation.fileStem() + ":" + e.name());
            table.put(e.name(), op);
            outcomes.add(new Outcome(generation, e.name(), op.className() + "." + op.methodName(), op.reason() == null,
                    op.reason()));
        }
        return this;
    }

    private Op opFor(String name, String text, Generation generation) {
        String key;
        String body = null;
        boolean followsRoundingMode = false;
        boolean saturatesUnderClamp = false;
        String reason = null;
        try {
            Classification c = Classifier.classify(name, text);
            if (c instanceof Classification.Informal inf && inf.kind() == io.github.amdisa.generator.pcode.InformalKind.MATRIX_SHAPE) {
                // The shape formula says nothing without the name: one method per instruction (and fp8 flavour).
                // WMMA layouts differ between generations that share the names: their methods are per generation.
                key = "matrix:" + name + (MatrixLowering.fnuzEightBit(generation) ? ":fnuz" : "")
                        + (name.startsWith("V_WMMA_") ? ":" + generation : "") + ":" + text;
                try {
                    body = MatrixLowering.lower(name, text, generation);
                } catch (LoweringException ex) {
                    reason = "informal text (" + inf.kind().description() + "): " + ex.getMessage();
                }
            } else if (c instanceof Classification.Informal inf) {
                key = "informal:" + text;
                reason = "informal text (" + inf.kind().description() + ")";
            } else {
                var parsed = ((Classification.Parsed) c).text();
                key = Printer.print(parsed.program());
                // CDNA 3's fp8/bf8 are the FNUZ formats: its texts that name them get methods of their own.
                boolean fnuz = MatrixLowering.fnuzEightBit(generation) && (key.contains(".fp8") || key.contains(".bf8")
                        || key.contains("fp8_") || key.contains("bf8_") || key.contains("_fp8") || key.contains("_bf8"));
                if (fnuz) {
                    key = "fnuz:" + key;
                }
                Op known = ops.get(key);
                if (known != null) {
                    return known;
                }
                Typing typing = TypeChecker.check(parsed, name);
                try {
                    Lowerer.Lowered lowered = Lowerer.lowerFull(typing, fnuz);
                    body = lowered.body();
                    followsRoundingMode = lowered.followsRoundingMode();
                    saturatesUnderClamp = lowered.saturatesUnderClamp();
                } catch (LoweringException ex) {
                    reason = ex.getMessage();
                }
            }
        } catch (PcodeSyntaxException ex) {
            key = "syntax:" + text;
            reason = "syntax error: " + ex.getMessage();
        }
        Op known = ops.get(key);
        if (known != null) {
            return known;
        }
        int n = ops.size();
        Op op = new Op(key, "PcodeOps" + (n / METHODS_PER_CLASS), "op" + n, body, followsRoundingMode,
                saturatesUnderClamp, reason, text, new ArrayList<>());
        ops.put(key, op);
        return op;
    }

    /** Per instruction and generation, what happened. */
    public List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /** The generated source files. */
    public List<JavaFile> files() {
        List<JavaFile> files = new ArrayList<>();
        ClassName ctx = ClassName.get(RUNTIME, "PcodeContext");
        ClassName unsupported = ClassName.get("io.github.amdisa.runtime.exec", "UnsupportedInstruction");
        Map<String, TypeSpec.Builder> classes = new LinkedHashMap<>();
        for (Op op : ops.values()) {
            TypeSpec.Builder cls = classes.computeIfAbsent(op.className(), n -> TypeSpec.classBuilder(n)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addJavadoc("Generated pseudocode operations, shared by every generation whose text is identical.\n")
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build()));
            MethodSpec.Builder m = MethodSpec.methodBuilder(op.methodName())
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .addParameter(ctx, "ctx")
                    .addJavadoc("Used by $L.\n<pre>\n$L\n</pre>\n", String.join(", ", op.users()),
                            escape(op.text()));
            if (op.reason() != null) {
                m.addStatement("throw new $T($S)", unsupported, op.reason());
            } else {
                m.addCode(CodeBlock.of("$L", op.body()));
            }
            cls.addMethod(m.build());
        }
        for (TypeSpec.Builder cls : classes.values()) {
            files.add(file(opsPackage, cls.build()));
        }
        for (Map.Entry<Generation, Map<String, Op>> t : tables.entrySet()) {
            ClassName name = dispatchNames.apply(t.getKey());
            files.add(file(name.packageName(), dispatch(t.getKey(), name.simpleName(), t.getValue())));
        }
        return files;
    }

    /** The simple name of a generation's dispatch class, e.g. {@code PcodeRdna3_5}. */
    public static String dispatchClass(Generation g) {
        String s = g.fileStem();
        return "Pcode" + s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private TypeSpec dispatch(Generation g, String simpleName, Map<String, Op> table) {
        ClassName pcodeOp = ClassName.get(RUNTIME, "PcodeOp");
        TypeSpec.Builder cls = TypeSpec.classBuilder(simpleName).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Pseudocode operations of $L by instruction name.\n", g.amdName())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        List<Map.Entry<String, Op>> entries = new ArrayList<>(table.entrySet());
        MethodSpec.Builder find = MethodSpec.methodBuilder("find").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(pcodeOp).addParameter(String.class, "name")
                .addJavadoc("The operation of instruction {@code name}, or null when it has no pseudocode.\n")
                .addStatement("$T op = null", pcodeOp);
        for (int chunk = 0; chunk * CASES_PER_METHOD < entries.size(); chunk++) {
            MethodSpec.Builder m = MethodSpec.methodBuilder("find" + chunk).addModifiers(Modifier.PRIVATE,
                    Modifier.STATIC).returns(pcodeOp).addParameter(String.class, "name");
            m.beginControlFlow("switch (name)");
            for (Map.Entry<String, Op> e : entries.subList(chunk * CASES_PER_METHOD,
                    Math.min(entries.size(), (chunk + 1) * CASES_PER_METHOD))) {
                m.addStatement("case $S: return $T::$L", e.getKey(), ClassName.get(opsPackage, e.getValue().className()),
                        e.getValue().methodName());
            }
            m.addStatement("default: return null");
            m.endControlFlow();
            cls.addMethod(m.build());
            find.beginControlFlow("if (op == null)").addStatement("op = find$L(name)", chunk).endControlFlow();
        }
        find.addStatement("return op");
        cls.addMethod(find.build());
        cls.addMethods(traitsMethods(entries));
        return cls.build();
    }

    /**
     * {@code traits(name)}: the {@code PcodeTraits} bits of an instruction's text (what the executing context must
     * know before running it), one string-packed table so that the method stays small.
     */
    private static List<MethodSpec> traitsMethods(List<Map.Entry<String, Op>> entries) {
        List<Map.Entry<String, Op>> marked = entries.stream().filter(e -> traits(e.getValue()) != 0).toList();
        List<MethodSpec> methods = new ArrayList<>();
        MethodSpec.Builder traits = MethodSpec.methodBuilder("traits").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(String.class, "name")
                .addJavadoc("The {@code PcodeTraits} bits of instruction {@code name} (0 when it has none or no text).\n")
                .addStatement("int t = 0");
        for (int chunk = 0; chunk * CASES_PER_METHOD < marked.size(); chunk++) {
            MethodSpec.Builder m = MethodSpec.methodBuilder("traits" + chunk).addModifiers(Modifier.PRIVATE,
                    Modifier.STATIC).returns(int.class).addParameter(String.class, "name");
            m.beginControlFlow("switch (name)");
            for (Map.Entry<String, Op> e : marked.subList(chunk * CASES_PER_METHOD,
                    Math.min(marked.size(), (chunk + 1) * CASES_PER_METHOD))) {
                m.addStatement("case $S: return $L", e.getKey(), traits(e.getValue()));
            }
            m.addStatement("default: return 0");
            m.endControlFlow();
            methods.add(m.build());
            traits.addStatement("t |= traits$L(name)", chunk);
        }
        methods.add(traits.addStatement("return t").build());
        return methods;
    }

    /**
     * What the lowered body of a text needs from its context, read from the generated statements (the lowering's
     * own output, so the patterns are exact): {@code PcodeTraits.LANE_ID} (reads {@code laneId}),
     * {@code VGPR_INDEX} (indexes {@code VGPR[lane][reg]} itself: runs once, not per lane), {@code OFFSET_FIELD}
     * (reads an OFFSET field or calls an address built-in itself), {@code UNSUPPORTED} (not lowered),
     * {@code SDWA_SELECT} (picks the SDWA byte itself) and {@code MODE_ROUNDING} (every rounding follows MODE, from
     * the lowering).
     */
    static int traits(Op op) {
        if (op.reason() != null) {
            return 8;
        }
        String b = op.body();
        int t = 0;
        if (b.contains("ctx.laneId()")) {
            t |= 1;
        }
        if (b.contains("ctx.readVgpr(") || b.contains("ctx.writeVgpr(") || b.contains("runtime.pcode.Matrix.")
                || b.contains("runtime.pcode.Wmma.")) {
            t |= 2;
        }
        if (b.contains("ctx.read(OFFSET") || b.contains("ctx.address(")) {
            t |= 4;
        }
        if (b.contains("ctx.read(SDWA_SRC0_SEL")) {
            t |= 16;
        }
        if (op.followsRoundingMode()) {
            t |= 32;
        }
        if (op.saturatesUnderClamp()) {
            t |= 64;
        }
        return t;
    }

    private static JavaFile file(String pkg, TypeSpec type) {
        return JavaFile.builder(pkg, type)
                .addFileComment("Generated by amdisa from AMD's ISA pseudocode. Do not edit.")
                .addStaticImport(ClassName.get(RUNTIME, "PcodeBits"), "*")
                .addStaticImport(ClassName.get(RUNTIME, "PcodeFloat"), "*")
                .addStaticImport(ClassName.get(RUNTIME, "Builtins"), "*")
                .addStaticImport(ClassName.get(RUNTIME, "PcodeName"), "*")
                .skipJavaLangImports(true)
                .build();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("*/", "*&#47;")
                .replace("@", "&#64;").replace("\\u", "\\\\u");
    }
}
