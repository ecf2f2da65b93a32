package io.github.amdisa.isaxml.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.Generation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

class PseudocodeLoaderTest {

    /** "with pseudocode" and "MappedFrom" columns of the table in specs/pseudocode/README.md. */
    private static final Map<Generation, int[]> README_COUNTS = Map.of(
            Generation.RDNA1, new int[] {971, 289},
            Generation.RDNA2, new int[] {977, 295},
            Generation.RDNA3, new int[] {1022, 0},
            Generation.RDNA3_5, new int[] {1080, 0},
            Generation.RDNA4, new int[] {1149, 0},
            Generation.CDNA1, new int[] {1028, 13},
            Generation.CDNA2, new int[] {1051, 20},
            Generation.CDNA3, new int[] {1095, 0},
            Generation.CDNA4, new int[] {1185, 0},
            Generation.CDNA5, new int[] {1757, 0});

    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<PseudocodeSpec SchemaVersion=\"1.0\">\n"
            + "  <Document><ArchitectureName>AMD RDNA 3</ArchitectureName><Source>test</Source></Document>\n"
            + "  <Instructions>\n";
    private static final String TAIL = "  </Instructions>\n</PseudocodeSpec>\n";

    @ParameterizedTest
    @EnumSource(Generation.class)
    void bundledFileLoadsWithReadmeCounts(Generation generation) throws Exception {
        List<PseudocodeWarning> warnings = new ArrayList<>();
        PseudocodeSpec spec;
        try (var in = new org.tukaani.xz.XZInputStream(PseudocodeLoader.class.getClassLoader()
                .getResourceAsStream(PseudocodeLoader.bundledResourceName(generation)))) {
            spec = PseudocodeLoader.load(in, generation.pseudocodeFileName(), warnings::add);
        }
        assertEquals(List.of(), warnings);
        assertEquals(spec, PseudocodeLoader.loadBundled(generation));
        assertEquals(generation.amdName(), spec.architectureName());
        assertEquals("1.0", spec.schemaVersion());
        int[] expected = README_COUNTS.get(generation);
        assertEquals(expected[0], spec.entries().size(), "instructions with pseudocode");
        assertEquals(expected[1], spec.entries().values().stream().filter(e -> e.mappedFrom().isPresent()).count(),
                "MappedFrom entries");
        assertTrue(spec.entries().values().stream().allMatch(e -> e.encoding().isEmpty()), "no Encoding is used");
        assertTrue(spec.entries().values().stream().allMatch(e -> e.origin().startsWith("AMD ")));
        assertEquals(new ArrayList<>(spec.entries().keySet()).stream().sorted().toList(),
                new ArrayList<>(spec.entries().keySet()));
    }

    @Test
    void concreteTextIsUnescapedVerbatim() {
        PseudocodeEntry e = PseudocodeLoader.loadBundled(Generation.RDNA3).get("V_BFE_I32");
        assertEquals("AMD RDNA 3.5", e.origin());
        assertEquals(Optional.empty(), e.mappedFrom());
        assertEquals("""
                tmp.i32 = ((S0.i32 >> S1[4 : 0].u32) & ((1 << S2[4 : 0].u32) - 1));
                D0.i32 = signext_from_bit(tmp.i32, S2[4 : 0].u32)""", e.text());
    }

    @Test
    void mappedFromNamesTheOriginName() {
        PseudocodeEntry e = PseudocodeLoader.loadBundled(Generation.RDNA2).get("DS_WRITE_B32");
        assertEquals(Optional.of("DS_STORE_B32"), e.mappedFrom());
        assertEquals("MEM[ADDR + OFFSET.u32].b32 = DATA[31 : 0]", e.text());
    }

    @Test
    void readsPlainXzAndGzFiles(@TempDir Path dir) throws Exception {
        String xml = HEAD + "<Instruction Name=\"B\" Origin=\"AMD RDNA 3.5\"><Pseudocode>x = 1 &lt; 2</Pseudocode>"
                + "</Instruction><Instruction Name=\"A\" Origin=\"AMD RDNA 3.5\" MappedFrom=\"Z\">"
                + "<Pseudocode Encoding=\"VOP3\">y</Pseudocode></Instruction>" + TAIL;
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        Path plain = Files.write(dir.resolve("t.pseudocode.xml"), bytes);
        Path xz = dir.resolve("t.pseudocode.xml.xz");
        try (OutputStream out = new XZOutputStream(Files.newOutputStream(xz), new LZMA2Options())) {
            out.write(bytes);
        }
        Path gz = dir.resolve("t.pseudocode.xml.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(bytes);
        }
        PseudocodeSpec spec = PseudocodeLoader.load(plain);
        assertEquals(spec, PseudocodeLoader.load(xz));
        assertEquals(spec, PseudocodeLoader.load(gz));
        assertEquals(List.of("A", "B"), new ArrayList<>(spec.entries().keySet()));
        assertEquals("x = 1 < 2", spec.get("B").text());
        assertEquals(Optional.of("Z"), spec.get("A").mappedFrom());
        assertEquals(Optional.of("VOP3"), spec.get("A").encoding());
    }

    @Test
    void unknownElementsAndAttributesAreWarnings() throws Exception {
        String xml = HEAD + "<Note>hi</Note>\n<Instruction Name=\"A\" Origin=\"o\" Colour=\"red\">"
                + "<Extra><Deep/></Extra><Pseudocode>y</Pseudocode></Instruction>" + TAIL;
        List<PseudocodeWarning> warnings = new ArrayList<>();
        PseudocodeSpec spec = load(xml, warnings);
        assertEquals("y", spec.get("A").text());
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).message().contains("<Note>"));
        assertEquals(5, warnings.get(0).location().line());
        assertTrue(warnings.get(1).message().contains("Colour"));
        assertTrue(warnings.get(2).message().contains("<Extra>"));
    }

    @Test
    void malformedXmlIsLocated() {
        PseudocodeException e = assertThrows(PseudocodeException.class,
                () -> load(HEAD + "<Instruction Name=\"A\"><Pseudocode>x</Pseudo></Instruction>" + TAIL, null));
        assertEquals("t.xml", e.location().file());
        assertEquals(5, e.location().line());
        assertTrue(e.location().column() > 0);
        assertTrue(e.getMessage().startsWith("t.xml:5:"), e.getMessage());
        assertTrue(e.detail().startsWith("malformed XML"), e.detail());
    }

    @Test
    void missingNameIsLocated() {
        PseudocodeException e = assertThrows(PseudocodeException.class,
                () -> load(HEAD + "<Instruction Origin=\"o\">\n<Pseudocode>x</Pseudocode></Instruction>" + TAIL, null));
        assertEquals(5, e.location().line());
        assertTrue(e.detail().contains("without Name"), e.detail());
        assertEquals("PseudocodeSpec/Instructions/Instruction[1]", e.location().elementPath());
    }

    @Test
    void duplicateNameIsLocated() {
        PseudocodeException e = assertThrows(PseudocodeException.class,
                () -> load(HEAD + "<Instruction Name=\"A\"><Pseudocode>x</Pseudocode></Instruction>\n"
                        + "<Instruction Name=\"A\"><Pseudocode>y</Pseudocode></Instruction>" + TAIL, null));
        assertEquals(6, e.location().line());
        assertTrue(e.detail().contains("duplicate instruction name A"), e.detail());
    }

    @Test
    void doctypeIsRejectedNotFetched() {
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE PseudocodeSpec [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + HEAD.substring(HEAD.indexOf('\n') + 1)
                + "<Instruction Name=\"A\"><Pseudocode>&x;</Pseudocode></Instruction>" + TAIL;
        PseudocodeException e = assertThrows(PseudocodeException.class, () -> load(xml, null));
        assertTrue(e.location().line() > 0, e.getMessage());
    }

    @Test
    void missingFileIsAnIoError(@TempDir Path dir) {
        assertThrows(IOException.class, () -> PseudocodeLoader.load(dir.resolve("none.xml")));
    }

    private static PseudocodeSpec load(String xml, List<PseudocodeWarning> warnings) throws PseudocodeException {
        return PseudocodeLoader.load(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "t.xml",
                warnings == null ? w -> { } : warnings::add);
    }
}
