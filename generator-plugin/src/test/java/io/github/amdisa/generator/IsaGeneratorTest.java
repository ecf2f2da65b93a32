package io.github.amdisa.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.model.Architecture;
import io.github.amdisa.isaxml.model.BitRange;
import io.github.amdisa.isaxml.model.Bits;
import io.github.amdisa.isaxml.model.DataFormat;
import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.InstructionEncoding;
import io.github.amdisa.isaxml.model.InstructionFlags;
import io.github.amdisa.isaxml.model.InstructionGroup;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.Operand;
import io.github.amdisa.isaxml.model.OperandType;
import io.github.amdisa.isaxml.model.PredefinedValue;
import io.github.amdisa.isaxml.model.SourceLocation;
import io.github.amdisa.isaxml.model.SpecDocument;
import io.github.amdisa.isaxml.model.expr.Expr;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator on a tiny hand-written spec: exact generated text for a small piece, an in-memory compile of
 * everything it generates (with the runtime support sources), and running the compiled decoder and encoder.
 */
class IsaGeneratorTest {

    private static final SourceLocation AT = SourceLocation.UNKNOWN;

    /**
     * A 32-bit encoding TINY (ENCODING 0xA in bits 28..31, OP in 24..27, VDST 16..23, SRC0 0..8) whose
     * {@code default} condition is {@code SRC0 != 255}, and a 64-bit TINY_LIT with {@code has_lit}: SRC0 == 255
     * and a LITERAL dword. T_MOV (op 1) has both; T_NEG (op 2) only the plain form.
     */
    static IsaSpec tinySpec() {
        Expr src0 = new Expr.Op(".fieldderef", List.of(new Expr.Op(".fieldderef", List.of(
                new Expr.Id("INST", Optional.empty()), new Expr.Id("TINY", Optional.empty())), Optional.empty()),
                new Expr.Id("SRC0", Optional.empty())), Optional.empty());
        Expr lit255 = new Expr.Lit("255", Optional.empty());
        EncodingCondition dflt = new EncodingCondition("default", OptionalInt.empty(),
                new Expr.Op("!=", List.of(src0, lit255), Optional.empty()), AT);
        EncodingCondition hasLit = new EncodingCondition("has_lit", OptionalInt.empty(),
                new Expr.Op("==", List.of(src0, lit255), Optional.empty()), AT);
        List<Field> fields = List.of(field("ENCODING", 28, 4), field("OP", 24, 4), field("VDST", 16, 8),
                field("SRC0", 0, 9));
        List<Field> litFields = new ArrayList<>(fields);
        litFields.add(field("LITERAL", 32, 32));
        Bits mask = Bits.of(32, BigInteger.valueOf(0xff000000L));
        List<Bits> ids = List.of(Bits.of(32, BigInteger.valueOf(0xa1000000L)),
                Bits.of(32, BigInteger.valueOf(0xa2000000L)));
        Encoding tiny = new Encoding("TINY", 0, 32, mask, ids, List.of(dflt), "A tiny encoding.", fields, AT);
        Encoding tinyLit = new Encoding("TINY_LIT", 1, 64, Bits.of(64, BigInteger.valueOf(0xff000000L)),
                List.of(Bits.of(64, BigInteger.valueOf(0xa1000000L))), List.of(hasLit),
                "TINY with a literal.", litFields, AT);
        List<PredefinedValue> values = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            values.add(new PredefinedValue("s" + i, "", i));
            values.add(new PredefinedValue("v" + i, "", 256 + i));
        }
        values.add(new PredefinedValue("literal", "", 255));
        OperandType src = new OperandType("OPR_T", "sources", false, values, List.of(), AT);
        OperandType vgpr = new OperandType("OPR_V", "vgprs", false, values.stream().filter(v -> v.value() >= 256)
                .map(v -> new PredefinedValue(v.name(), "", v.value() - 256)).toList(), List.of(), AT);
        DataFormat b32 = new DataFormat("FMT_NUM_B32", "32 bits", "bits", 32, 1, List.of(), AT);
        Instruction mov = new Instruction("T_MOV", List.of(), "Move <src> to a vector register.",
                InstructionFlags.NONE, List.of(
                        new InstructionEncoding("TINY", "default", OptionalInt.empty(), 1, ops("SRC0"), AT),
                        new InstructionEncoding("TINY_LIT", "has_lit", OptionalInt.empty(), 1, ops("LITERAL"), AT)),
                new InstructionGroup("VALU", List.of()), AT);
        Instruction neg = new Instruction("T_NEG", List.of(), "Negate.", InstructionFlags.NONE, List.of(
                new InstructionEncoding("TINY", "default", OptionalInt.empty(), 2, ops("SRC0"), AT)),
                new InstructionGroup("VALU", List.of()), AT);
        return new IsaSpec("tiny.xml", "00", new SpecDocument("none", "Public.", "MIT", "2026-12-02", "1.1.1"),
                new Architecture("Tiny ISA", 99), List.of(tiny, tinyLit), List.of(mov, neg), List.of(b32),
                List.of(src, vgpr), List.of(), List.of());
    }

    private static Field field(String name, int offset, int count) {
        return new Field(name, name + " field.", false, List.of(new BitRange(0, offset, count)), List.of(), AT);
    }

    private static List<Operand> ops(String srcField) {
        return List.of(new Operand(Optional.of("VDST"), "FMT_NUM_B32", "OPR_V", 32, false, true, false, true, 1, AT),
                new Operand(Optional.of(srcField), "FMT_NUM_B32", "OPR_T", 32, true, false, false, true, 2, AT));
    }

    @Test
    void generatesExactConditionAndFieldCode(@TempDir Path out) throws Exception {
        new IsaGenerator().generate(GenerationRequest.ofSpecs(List.of(tinySpec()), "t", out));
        String enc = Files.readString(out.resolve("t/tiny_isa/Tiny.java"));
        assertContains(enc, """
                    /**
                     * Field {@code SRC0}, bits 0..8: SRC0 field.
                     */
                    public static long src0(int[] w, int o) {
                        return (w[o] & 0x1ffL);
                    }
                """);
        assertContains(enc, """
                    /**
                     * Condition {@code default}: {@code (INST.TINY.SRC0 != 255)}
                     */
                    public static boolean isDefault(int[] w, int o) {
                        return (src0(w, o) != 255L);
                    }
                """);
        assertContains(enc, """
                    static int identifier(int[] w, int o) {
                        switch (w[o] & 0xff000000) {
                          case 0xa1000000: return 0;
                          case 0xa2000000: return 1;
                          default: return -1;
                        }
                    }
                """);
        String lit = Files.readString(out.resolve("t/tiny_isa/TinyLit.java"));
        assertContains(lit, "return (w[o + 1] & 0xffffffffL);");
    }

    private static void assertContains(String text, String piece) {
        assertTrue(text.contains(piece), "generated code lacks:\n" + piece + "\n--- in ---\n" + text);
    }

    @Test
    void compilesInMemoryAndDecodes(@TempDir Path out) throws Exception {
        GenerationResult result = new IsaGenerator().generate(GenerationRequest.ofSpecs(List.of(tinySpec()), "t", out));
        assertEquals(1, result.generations().size());
        assertEquals(3, result.generations().get(0).variants());
        ClassLoader loader = compile(out);
        Class<?> isa = loader.loadClass("t.tiny_isa.Tiny_isaIsa");
        Object instance = isa.getField("INSTANCE").get(null);
        Class<?> sinkType = loader.loadClass("io.github.amdisa.runtime.codec.DecodeSink");
        Object ignore = sinkType.getField("IGNORE").get(null);
        Method decode = isa.getMethod("decode", int[].class, int.class, sinkType);
        Method disassembler = isa.getMethod("disassembler");
        Object dis = disassembler.invoke(null);
        Method text = dis.getClass().getMethod("disassemble", int[].class, int.class);

        int[] mov = {0xa1050101};                       // T_MOV v5, v1
        assertEquals(1, decode.invoke(instance, mov, 0, ignore));
        assertEquals("t_mov v5, v1", text.invoke(dis, mov, 0));
        int[] movLit = {0xa10500ff, 0x12345678};        // T_MOV v5, literal
        assertEquals(2, decode.invoke(instance, movLit, 0, ignore));
        assertEquals("t_mov v5, 0x12345678", text.invoke(dis, movLit, 0));
        assertEquals("t_neg v2, s3", text.invoke(dis, new int[] {0xa2020003}, 0));
        // T_NEG has no literal form: SRC0 = 255 matches no variant.
        Throwable e = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> decode.invoke(instance, new int[] {0xa20200ff, 0}, 0, ignore)).getCause();
        assertEquals("io.github.amdisa.runtime.codec.DecodeException", e.getClass().getName());
        // Truncated literal form.
        e = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> decode.invoke(instance, new int[] {0xa10500ff}, 0, ignore)).getCause();
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());

        Method encode = isa.getMethod("encode", int.class, String[].class, long[].class, int[].class, int.class);
        int[] words = new int[2];
        int n = (int) encode.invoke(instance, 1, new String[] {"VDST", "SRC0", "LITERAL"},
                new long[] {5, 255, 0x12345678}, words, 0);
        assertEquals(2, n);
        assertEquals(0xa10500ff, words[0]);
        assertEquals(0x12345678, words[1]);
    }

    /**
     * With the spec-gap overlays off the generator works from the XML as it is: the bundled RDNA 3 spec gets none of
     * the VOPD literal forms the overlay adds (the reconstructed spec lists them for a few X instructions only), and no
     * overlay warning is reported.
     */
    @Test
    void specGapOverlaysCanBeSwitchedOff(@TempDir Path out) throws Exception {
        List<io.github.amdisa.isaxml.Generation> rdna3 = List.of(io.github.amdisa.isaxml.Generation.RDNA3);
        java.util.Set<Output> decoder = java.util.EnumSet.of(Output.DECODER);
        GenerationResult on = new IsaGenerator().generate(
                GenerationRequest.bundled(rdna3, "o", out.resolve("on")).withOutputs(decoder));
        GenerationResult off = new IsaGenerator().generate(GenerationRequest.bundled(rdna3, "o", out.resolve("off"))
                .withOutputs(decoder).withSpecGapOverlays(false));
        assertTrue(on.warnings().stream().anyMatch(w -> w.contains("overlay VOPD literal forms")), on.warnings()
                .toString());
        assertTrue(off.warnings().stream().noneMatch(w -> w.contains("overlay")), off.warnings().toString());
        int added = on.generations().get(0).variants() - off.generations().get(0).variants();
        assertTrue(added > 0, "the overlays add variants: " + added);
        assertEquals(on.generations().get(0).instructions(), off.generations().get(0).instructions());
    }

    @Test
    void writesOnlyChangedFilesAndKeepsOutputOnBrokenInput(@TempDir Path out) throws Exception {
        IsaGenerator gen = new IsaGenerator();
        GenerationResult first = gen.generate(GenerationRequest.ofSpecs(List.of(tinySpec()), "t", out));
        assertTrue(first.written().size() >= 4);
        GenerationResult second = gen.generate(GenerationRequest.ofSpecs(List.of(tinySpec()), "t", out));
        assertEquals(0, second.written().size());
        assertEquals(first.written().size(), second.unchanged().size());
        String before = Files.readString(out.resolve("t/tiny_isa/Tiny.java"));
        assertThrows(IsaGenerator.GenerationException.class, () -> gen.generate(GenerationRequest.fromPath(
                out.resolve("missing.xml"), List.of(), "t", out)));
        assertEquals(before, Files.readString(out.resolve("t/tiny_isa/Tiny.java")));
        // A different base package replaces the old files: stale ones are deleted.
        GenerationResult moved = gen.generate(GenerationRequest.ofSpecs(List.of(tinySpec()), "u", out));
        assertEquals(first.written().size(), moved.deleted().size());
        assertTrue(Files.notExists(out.resolve("t/tiny_isa/Tiny.java")));
    }

    /** Compiles the generated sources and the runtime support sources in memory. */
    static ClassLoader compile(Path generated) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<Path> sources = new ArrayList<>();
        Path runtime = Path.of("..", "generated-runtime", "src", "main", "java");
        for (Path root : List.of(generated, runtime)) {
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".java")).forEach(sources::add);
            }
        }
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        StandardJavaFileManager std = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        JavaFileManager fm = new ForwardingJavaFileManager<>(std) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"),
                        kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream b = new ByteArrayOutputStream();
                        classes.put(className, b);
                        return b;
                    }
                };
            }
        };
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        boolean ok = compiler.getTask(new java.io.PrintWriter(diagnostics, true), fm, null,
                List.of("--release", "17", "-proc:none"), null, std.getJavaFileObjectsFromPaths(sources)).call();
        assertTrue(ok, "generated code does not compile:\n" + diagnostics);
        return new ClassLoader(IsaGeneratorTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = b.toByteArray();
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
    }
}
