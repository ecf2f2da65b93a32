package io.github.amdisa.isaxml.pcode;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.model.SourceLocation;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.Location;
import io.github.amdisa.isaxml.load.XmlStreams;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.tukaani.xz.XZInputStream;

/**
 * Reads a pseudocode companion file ({@code amdgpu_isa_<gen>.pseudocode.xml}) into a {@link PseudocodeSpec}.
 *
 * <p>The reader is a StAX pull parser with DTDs and external entities switched off, so a file cannot make the loader
 * fetch anything. Problems that make the content unusable (malformed XML, an {@code <Instruction>} without
 * {@code Name}, a name that occurs twice, text where an element belongs) throw a {@link PseudocodeException} naming
 * file, line and column; elements and attributes the loader does not know are reported to a warning sink and skipped,
 * so a newer file with extra metadata still loads.
 */
public final class PseudocodeLoader {

    /** Class-path folder of the bundled files, relative to the class-path root. */
    public static final String BUNDLED_RESOURCE_DIR = "io/github/amdisa/isaxml/specs/pseudocode/";

    private PseudocodeLoader() {
    }

    /** The class-path resource that holds {@code generation}'s bundled (xz-compressed) pseudocode file. */
    public static String bundledResourceName(Generation generation) {
        return BUNDLED_RESOURCE_DIR + generation.pseudocodeFileName() + ".xz";
    }

    /**
     * Loads the pseudocode file bundled in this jar for {@code generation}. Warnings are dropped; the bundled files
     * have none (a test checks that).
     *
     * @throws IllegalStateException when the resource is missing or broken, which is a packaging bug
     */
    public static PseudocodeSpec loadBundled(Generation generation) {
        String resource = bundledResourceName(generation);
        try (InputStream raw = PseudocodeLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (raw == null) {
                throw new IllegalStateException("Bundled pseudocode resource missing: " + resource);
            }
            return load(new XZInputStream(new BufferedInputStream(raw)), resource, w -> { });
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read bundled pseudocode " + resource, e);
        } catch (PseudocodeException e) {
            throw new IllegalStateException("Bundled pseudocode is invalid: " + e.getMessage(), e);
        }
    }

    /** Loads a file, ignoring warnings; see {@link #load(Path, Consumer)}. */
    public static PseudocodeSpec load(Path file) throws IOException, PseudocodeException {
        return load(file, w -> { });
    }

    /**
     * Loads a pseudocode file. The compression follows the file name: {@code .xz} and {@code .gz} are decompressed,
     * anything else is read as plain XML.
     *
     * @param file the file
     * @param warnings receives each skipped element or attribute, with its location
     * @throws IOException when the file cannot be read or decompressed
     * @throws PseudocodeException when the content is not a valid pseudocode file
     */
    public static PseudocodeSpec load(Path file, Consumer<PseudocodeWarning> warnings)
            throws IOException, PseudocodeException {
        String name = file.getFileName().toString();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            InputStream in = name.endsWith(".xz") ? new XZInputStream(raw)
                    : name.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
            return load(in, file.toString(), warnings);
        }
    }

    /**
     * Loads pseudocode XML from a stream, which the caller closes. The stream must already be decompressed.
     *
     * @param in the XML
     * @param fileName the name used in locations of errors and warnings
     * @param warnings receives each skipped element or attribute
     */
    public static PseudocodeSpec load(InputStream in, String fileName, Consumer<PseudocodeWarning> warnings)
            throws PseudocodeException {
        XMLInputFactory factory = XmlStreams.secureInputFactory();
        XMLStreamReader reader = null;
        try {
            reader = factory.createXMLStreamReader(in);
            return new Reader(reader, fileName, warnings).readDocument();
        } catch (XMLStreamException e) {
            Location l = e.getLocation();
            String message = e.getMessage();
            // The StAX message repeats the location as "ParseError at [row,col]:[..]\nMessage: ..."; keep the message.
            int m = message == null ? -1 : message.indexOf("Message: ");
            String detail = "malformed XML: " + (m >= 0 ? message.substring(m + "Message: ".length()) : message);
            throw new PseudocodeException(new SourceLocation(fileName, l == null ? 0 : l.getLineNumber(),
                    l == null ? 0 : l.getColumnNumber(), ""), detail, e);
        } finally {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException ignored) {
                    // Closing a pull parser releases no resource the caller owns.
                }
            }
        }
    }

    /** One pass over one document; holds the reader state so the helpers need no parameters. */
    private static final class Reader {
        private final XMLStreamReader r;
        private final String fileName;
        private final Consumer<PseudocodeWarning> warnings;
        private final List<String> path = new ArrayList<>();

        Reader(XMLStreamReader r, String fileName, Consumer<PseudocodeWarning> warnings) {
            this.r = r;
            this.fileName = fileName;
            this.warnings = warnings;
        }

        PseudocodeSpec readDocument() throws XMLStreamException, PseudocodeException {
            nextStartOrEnd();
            if (!r.isStartElement() || !r.getLocalName().equals("PseudocodeSpec")) {
                throw error("expected root element <PseudocodeSpec>, found <" + elementName() + ">");
            }
            path.add("PseudocodeSpec");
            String schemaVersion = null;
            for (int i = 0; i < r.getAttributeCount(); i++) {
                if (r.getAttributeLocalName(i).equals("SchemaVersion")) {
                    schemaVersion = r.getAttributeValue(i);
                } else {
                    warnAttribute(i);
                }
            }
            if (schemaVersion == null) {
                throw error("missing attribute SchemaVersion");
            }
            String architecture = null;
            String source = "";
            TreeMap<String, PseudocodeEntry> entries = new TreeMap<>();
            boolean sawInstructions = false;
            while (nextStartOrEnd() == XMLStreamConstants.START_ELEMENT) {
                switch (r.getLocalName()) {
                    case "Document" -> {
                        path.add("Document");
                        while (nextStartOrEnd() == XMLStreamConstants.START_ELEMENT) {
                            switch (r.getLocalName()) {
                                case "ArchitectureName" -> architecture = r.getElementText().trim();
                                case "Source" -> source = r.getElementText().trim();
                                default -> skipUnknown();
                            }
                        }
                        path.remove(path.size() - 1);
                    }
                    case "Instructions" -> {
                        sawInstructions = true;
                        path.add("Instructions");
                        int index = 0;
                        while (nextStartOrEnd() == XMLStreamConstants.START_ELEMENT) {
                            if (r.getLocalName().equals("Instruction")) {
                                path.add("Instruction[" + ++index + "]");
                                SourceLocation where = here();
                                PseudocodeEntry entry = readInstruction();
                                if (entries.putIfAbsent(entry.name(), entry) != null) {
                                    throw new PseudocodeException(where,
                                            "duplicate instruction name " + entry.name());
                                }
                                path.remove(path.size() - 1);
                            } else {
                                skipUnknown();
                            }
                        }
                        path.remove(path.size() - 1);
                    }
                    default -> skipUnknown();
                }
            }
            if (architecture == null || architecture.isEmpty()) {
                throw error("missing <Document>/<ArchitectureName>");
            }
            if (!sawInstructions) {
                throw error("missing <Instructions>");
            }
            return new PseudocodeSpec(architecture, source, schemaVersion, entries);
        }

        /** Reads one {@code <Instruction>}, positioned on its start tag; leaves the reader on its end tag. */
        private PseudocodeEntry readInstruction() throws XMLStreamException, PseudocodeException {
            String name = null;
            String origin = null;
            String mappedFrom = null;
            String encoding = null;
            for (int i = 0; i < r.getAttributeCount(); i++) {
                String value = r.getAttributeValue(i);
                switch (r.getAttributeLocalName(i)) {
                    case "Name" -> name = value;
                    case "Origin" -> origin = value;
                    case "MappedFrom" -> mappedFrom = value;
                    case "Encoding" -> encoding = value;
                    default -> warnAttribute(i);
                }
            }
            if (name == null || name.isBlank()) {
                throw error("<Instruction> without Name");
            }
            SourceLocation start = here();
            String text = null;
            while (nextStartOrEnd() == XMLStreamConstants.START_ELEMENT) {
                if (r.getLocalName().equals("Pseudocode")) {
                    if (text != null) {
                        throw error("instruction " + name + " has more than one <Pseudocode>");
                    }
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        if (r.getAttributeLocalName(i).equals("Encoding")) {
                            encoding = r.getAttributeValue(i);
                        } else {
                            warnAttribute(i);
                        }
                    }
                    text = r.getElementText();
                } else {
                    skipUnknown();
                }
            }
            if (text == null) {
                throw new PseudocodeException(start, "instruction " + name + " has no <Pseudocode>");
            }
            return new PseudocodeEntry(name, origin == null ? "" : origin, Optional.ofNullable(mappedFrom),
                    Optional.ofNullable(encoding), text);
        }

        /**
         * Advances to the next start or end tag, skipping whitespace, comments and processing instructions; fails on
         * non-blank text where only elements belong.
         */
        private int nextStartOrEnd() throws XMLStreamException, PseudocodeException {
            while (r.hasNext()) {
                int event = r.next();
                switch (event) {
                    case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT:
                        return event;
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA:
                        if (!r.isWhiteSpace() && !r.getText().isBlank()) {
                            throw error("unexpected text '" + abbreviate(r.getText().strip()) + "'");
                        }
                        break;
                    case XMLStreamConstants.END_DOCUMENT:
                        return event;
                    default:
                        break;
                }
            }
            return XMLStreamConstants.END_DOCUMENT;
        }

        private void skipUnknown() throws XMLStreamException {
            warnings.accept(new PseudocodeWarning(here().child(r.getLocalName()),
                    "unknown element <" + r.getLocalName() + "> skipped"));
            XmlStreams.skipElement(r);
        }

        private void warnAttribute(int i) {
            warnings.accept(new PseudocodeWarning(here(), "unknown attribute " + r.getAttributeLocalName(i)
                    + " on <" + r.getLocalName() + "> ignored"));
        }

        private SourceLocation here() {
            Location l = r.getLocation();
            return new SourceLocation(fileName, l.getLineNumber(), l.getColumnNumber(), String.join("/", path));
        }

        private PseudocodeException error(String message) {
            return new PseudocodeException(here(), message);
        }

        private String elementName() {
            return r.isStartElement() || r.isEndElement() ? r.getLocalName() : "?";
        }

        private static String abbreviate(String s) {
            return s.length() <= 40 ? s : s.substring(0, 40) + "...";
        }
    }
}
