package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.binding.ArchitectureType;
import io.github.amdisa.isaxml.binding.DataFormatType;
import io.github.amdisa.isaxml.binding.DocumentType;
import io.github.amdisa.isaxml.binding.EncodingType;
import io.github.amdisa.isaxml.binding.FunctionalGroupType;
import io.github.amdisa.isaxml.binding.InstructionType;
import io.github.amdisa.isaxml.binding.ObjectFactory;
import io.github.amdisa.isaxml.binding.OperandTypeType;
import io.github.amdisa.isaxml.model.SourceLocation;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.ValidationEvent;
import jakarta.xml.bind.ValidationEventLocator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads AMD machine-readable ISA files into the {@link io.github.amdisa.isaxml.model immutable model}.
 *
 * <p>The file is streamed with StAX; each large element ({@code Encoding}, {@code Instruction}, {@code DataFormat},
 * {@code OperandType}, group) is unmarshalled on its own with JAXB, converted and dropped, so memory holds the
 * model and one element's binding at a time. DTDs and external entities are disabled. Elements this version does
 * not know are skipped with a located {@link ProblemKind#UNKNOWN_ELEMENT} warning. Once the file is read, every
 * cross reference is checked; any error fails the load with a {@link SpecLoadException} listing all of them.
 *
 * <p>A loader is cheap and stateless apart from its policy; it may be shared between threads.
 */
public final class SpecLoader {

    private static final class Jaxb {
        static final JAXBContext CONTEXT;

        static {
            try {
                CONTEXT = JAXBContext.newInstance(ObjectFactory.class);
            } catch (JAXBException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private final DefectPolicy policy;
    private final boolean crossCheck;
    private final InputLimits limits;

    /** A loader with the {@link DefectPolicy#defaults() default} defect policy. */
    public SpecLoader() {
        this(DefectPolicy.defaults());
    }

    public SpecLoader(DefectPolicy policy) {
        this(policy, true, InputLimits.defaults());
    }

    private SpecLoader(DefectPolicy policy, boolean crossCheck, InputLimits limits) {
        this.policy = policy;
        this.crossCheck = crossCheck;
        this.limits = limits;
    }

    /**
     * A loader with other {@link InputLimits} (file size, text/tag length, nesting depth, problem count). A file
     * that exceeds one fails with a located {@link ProblemKind#LIMIT_EXCEEDED} error, after reading no more than the
     * limit allows.
     */
    public SpecLoader withLimits(InputLimits newLimits) {
        return new SpecLoader(policy, crossCheck, java.util.Objects.requireNonNull(newLimits, "limits"));
    }

    public InputLimits limits() {
        return limits;
    }

    /**
     * A loader for fragments: files that hold only some sections of a spec (such as AMD's excerpts, one
     * instruction or one encoding each). Everything inside each element is still validated; references from one
     * section to another (encoding, operand type and data format names, opcodes against identifiers) are not,
     * because their targets are not in the file.
     */
    public SpecLoader forFragments() {
        return new SpecLoader(policy, false, limits);
    }

    public DefectPolicy policy() {
        return policy;
    }

    /** Loads the reconstructed spec bundled in this jar for {@code generation}. */
    public LoadResult loadBundled(Generation generation) throws SpecLoadException {
        return load(SpecSources.bundled(generation));
    }

    /**
     * Loads the bundled specs of {@code generations} (all when empty), in generation order, reading files in
     * parallel on the available cores.
     */
    public List<LoadResult> loadBundled(Collection<Generation> generations) throws SpecLoadException {
        List<SpecFile> files = new ArrayList<>();
        for (Generation g : generations.isEmpty() ? List.of(Generation.values()) : generations) {
            files.add(SpecSources.bundled(g));
        }
        return loadFiles(files);
    }

    /**
     * Loads {@code files} in parallel (one file per task, at most one task per core) and returns the results in
     * the same order. When some fail, the first failure in list order is thrown.
     */
    public List<LoadResult> loadFiles(List<SpecFile> files) throws SpecLoadException {
        try {
            return InOrder.map(files, "amdisa-spec-loader", this::load);
        } catch (SpecLoadException | RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            throw new IllegalStateException("interrupted while loading specs", e);
        } catch (Exception e) {
            throw new IllegalStateException("unexpected failure while loading a spec", e);
        }
    }

    /** Loads one file ({@code .xml}, {@code .xml.gz}, {@code .xml.xz}). */
    public LoadResult load(Path file) throws SpecLoadException {
        return load(SpecSources.file(file));
    }

    /**
     * Loads every spec at {@code input} (a file, a folder, or AMD's zip bundle) for {@code generations} (all when
     * empty), in generation order.
     *
     * @throws IOException when the input itself cannot be listed
     */
    public List<LoadResult> loadAll(Path input, Collection<Generation> generations)
            throws IOException, SpecLoadException {
        return loadFiles(SpecSources.find(input, generations));
    }

    /** Loads one spec file. */
    public LoadResult load(SpecFile file) throws SpecLoadException {
        Problems problems = new Problems(policy, limits.maxProblems());
        ModelBuilder builder = new ModelBuilder(file.name(), problems);
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
        SourceLocation fileAt = new SourceLocation(file.name(), 0, 0, "");
        try (InputStream raw = file.open(); DigestInputStream digest = new DigestInputStream(raw, sha);
             InputStream in = new InputLimits.Limited(digest, limits)) {
            // The JDK's parser closes its input at the end of the document; the rest must still be digested.
            InputStream unclosed = new java.io.FilterInputStream(in) {
                @Override
                public void close() {
                }
            };
            XMLStreamReader xsr = XmlStreams.secureInputFactory(limits.maxDepth()).createXMLStreamReader(unclosed);
            try {
                new Reader(file.name(), xsr, builder, problems).readDocument();
                // Nothing but comments and whitespace may follow the root element.
                while (xsr.hasNext()) {
                    xsr.next();
                }
            } finally {
                xsr.close();
            }
            in.transferTo(java.io.OutputStream.nullOutputStream()); // digest the whole file, trailing bytes too
        } catch (Problems.TooMany tooMany) {
            throw new SpecLoadException(file.name(), problems.all());
        } catch (XMLStreamException e) {
            if (!reportLimit(problems, fileAt, e)) {
                reportNotWellFormed(problems, fileAt, e);
            }
            throw new SpecLoadException(file.name(), problems.all(), e);
        } catch (JAXBException e) {
            if (causeOfType(e, Problems.TooMany.class) != null) {
                throw new SpecLoadException(file.name(), problems.all());
            }
            if (reportLimit(problems, fileAt, e)) {
                throw new SpecLoadException(file.name(), problems.all(), e);
            }
            // A parse error inside a section element reaches us wrapped by JAXB; it still knows where it happened.
            XMLStreamException parseError = causeOfType(e, XMLStreamException.class);
            if (parseError != null) {
                reportNotWellFormed(problems, fileAt, parseError);
            } else {
                problems.report(ProblemKind.UNREADABLE, "cannot bind XML: " + rootMessage(e), fileAt);
            }
            throw new SpecLoadException(file.name(), problems.all(), e);
        } catch (IOException e) {
            if (!reportLimit(problems, fileAt, e)) {
                problems.report(ProblemKind.UNREADABLE, "cannot read: " + rootMessage(e), fileAt);
            }
            throw new SpecLoadException(file.name(), problems.all(), e);
        } catch (StopLoading stop) {
            throw new SpecLoadException(file.name(), problems.all());
        }
        if (crossCheck) {
            try {
                builder.crossCheck(fileAt);
            } catch (Problems.TooMany tooMany) {
                throw new SpecLoadException(file.name(), problems.all());
            }
        }
        if (problems.hasErrors()) {
            throw new SpecLoadException(file.name(), problems.all());
        }
        return new LoadResult(builder.build(file.name(), HexFormat.of().formatHex(sha.digest())), problems.all());
    }

    /** Reports an exceeded {@link InputLimits input limit} found among the causes of {@code e}, if there is one. */
    private static boolean reportLimit(Problems problems, SourceLocation fileAt, Throwable e) {
        InputLimits.ExceededException x = causeOfType(e, InputLimits.ExceededException.class);
        if (x == null) {
            return false;
        }
        problems.reportFinal(ProblemKind.LIMIT_EXCEEDED, x.getMessage(), fileAt.at(x.line(), x.column()));
        return true;
    }

    private static void reportNotWellFormed(Problems problems, SourceLocation fileAt, XMLStreamException e) {
        Location l = e.getLocation();
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        if (msg.contains("JAXP000") && msg.contains("maxElementDepth")) {
            problems.reportFinal(ProblemKind.LIMIT_EXCEEDED, "elements are nested deeper than the limit; stopped "
                    + "reading (" + msg.substring(msg.indexOf("JAXP000")) + ")",
                    l == null ? fileAt : fileAt.at(l.getLineNumber(), l.getColumnNumber()));
            return;
        }
        // StAX prefixes its message with the position; keep only the explanation.
        int i = msg.indexOf("Message: ");
        problems.report(ProblemKind.UNREADABLE, "not well-formed XML: " + (i >= 0 ? msg.substring(i + 9) : msg),
                l == null ? fileAt : fileAt.at(l.getLineNumber(), l.getColumnNumber()));
    }

    private static <T extends Throwable> T causeOfType(Throwable t, Class<T> type) {
        int depth = 0;
        for (Throwable c = t; c != null && depth < 50; c = next(c), depth++) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    /** The cause, following StAX's and JAXB's own links (the JDK's StAX does not set the standard cause). */
    private static Throwable next(Throwable t) {
        Throwable n = t.getCause();
        if (n == null && t instanceof XMLStreamException x) {
            n = x.getNestedException();
        }
        if (n == null && t instanceof JAXBException j) {
            n = j.getLinkedException();
        }
        return n == t ? null : n;
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.toString() : c.getMessage();
    }

    /** Thrown inside the reader to stop at a structural error that makes reading on pointless. */
    private static final class StopLoading extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopLoading() {
            super(null, null, false, false);
        }
    }

    /** Walks the document with StAX and hands each section element to JAXB and then to the builder. */
    private static final class Reader {
        private final String file;
        private final XMLStreamReader xsr;
        private final ModelBuilder builder;
        private final Problems problems;
        private final Unmarshaller unmarshaller;

        Reader(String file, XMLStreamReader xsr, ModelBuilder builder, Problems problems) throws JAXBException {
            this.file = file;
            this.xsr = xsr;
            this.builder = builder;
            this.problems = problems;
            this.unmarshaller = Jaxb.CONTEXT.createUnmarshaller();
            this.unmarshaller.setEventHandler(this::onEvent);
        }

        private boolean onEvent(ValidationEvent event) {
            ValidationEventLocator l = event.getLocator();
            SourceLocation where = new SourceLocation(file, l == null ? 0 : l.getLineNumber(),
                    l == null ? 0 : l.getColumnNumber(), "");
            String msg = event.getMessage();
            if (msg != null && msg.startsWith("unexpected element")) {
                problems.report(ProblemKind.UNKNOWN_ELEMENT, msg + "; skipped", where);
                return true;
            }
            if (event.getSeverity() == ValidationEvent.WARNING) {
                problems.report(ProblemKind.UNKNOWN_ELEMENT, String.valueOf(msg), where);
                return true;
            }
            problems.report(ProblemKind.UNREADABLE, String.valueOf(msg), where);
            return true;
        }

        private SourceLocation here(String path) {
            Location l = xsr.getLocation();
            return new SourceLocation(file, l.getLineNumber(), l.getColumnNumber(), path);
        }

        void readDocument() throws XMLStreamException, JAXBException {
            int ev = xsr.next();
            while (ev == XMLStreamConstants.COMMENT || ev == XMLStreamConstants.SPACE
                    || ev == XMLStreamConstants.PROCESSING_INSTRUCTION
                    || ev == XMLStreamConstants.CHARACTERS && xsr.isWhiteSpace()) {
                ev = xsr.next();
            }
            if (ev == XMLStreamConstants.DTD) {
                problems.report(ProblemKind.UNREADABLE, "a <!DOCTYPE> is not accepted in a spec file: DTDs and "
                        + "entities are disabled so that no external file is read and no entity is expanded",
                        here("DOCTYPE"));
                throw new StopLoading();
            }
            if (ev != XMLStreamConstants.START_ELEMENT || !xsr.getLocalName().equals("Spec")) {
                problems.report(ProblemKind.WRONG_ROOT, "the root element is <" + xsr.getLocalName()
                        + ">, not <Spec>: this is not an AMD machine-readable ISA file", here(xsr.getLocalName()));
                throw new StopLoading();
            }
            builder.spec(here("Spec"));
            boolean sawIsa = false;
            while (nextChild()) {
                switch (xsr.getLocalName()) {
                    case "Document" -> builder.document(
                            unmarshal(DocumentType.class), "Spec/Document");
                    case "ISA" -> {
                        sawIsa = true;
                        builder.isa(here("Spec/ISA"));
                        readIsa();
                    }
                    default -> unknown("Spec");
                }
            }
            if (!sawIsa) {
                problems.report(ProblemKind.MISSING_ELEMENT, "missing <ISA>", here("Spec"));
            }
        }

        private void readIsa() throws XMLStreamException, JAXBException {
            while (nextChild()) {
                switch (xsr.getLocalName()) {
                    case "Architecture" -> builder.architecture(
                            unmarshal(ArchitectureType.class), "Spec/ISA/Architecture");
                    case "Encodings" -> section("Encoding", "Spec/ISA/Encodings",
                            i -> builder.encoding(unmarshal(EncodingType.class), i));
                    case "Instructions" -> section("Instruction", "Spec/ISA/Instructions",
                            i -> builder.instruction(unmarshal(InstructionType.class), i));
                    case "DataFormats" -> section("DataFormat", "Spec/ISA/DataFormats",
                            i -> builder.dataFormat(unmarshal(DataFormatType.class), i));
                    case "OperandTypes" -> section("OperandType", "Spec/ISA/OperandTypes",
                            i -> builder.operandType(unmarshal(OperandTypeType.class),
                                    i));
                    case "FunctionalGroups" -> section("FunctionalGroup", "Spec/ISA/FunctionalGroups",
                            i -> builder.functionalGroup(
                                    unmarshal(FunctionalGroupType.class), false, i));
                    case "FunctionalSubgroups" -> section("FunctionalSubgroup", "Spec/ISA/FunctionalSubgroups",
                            i -> builder.functionalGroup(
                                    unmarshal(FunctionalGroupType.class), true, i));
                    default -> unknown("Spec/ISA");
                }
            }
        }

        @FunctionalInterface
        private interface ElementHandler {
            void handle(int index) throws JAXBException;
        }

        private void section(String childName, String path, ElementHandler handler)
                throws XMLStreamException, JAXBException {
            int index = 0;
            while (nextChild()) {
                if (xsr.getLocalName().equals(childName)) {
                    handler.handle(index++);
                } else {
                    unknown(path);
                }
            }
        }

        /**
         * Set after JAXB has read an element: JAXB leaves the reader on the event right after the element's end tag,
         * which {@link #nextChild()} must look at before advancing.
         */
        private boolean currentUnread;

        private <T> T unmarshal(Class<T> type) throws JAXBException {
            T value = unmarshaller.unmarshal(xsr, type).getValue();
            currentUnread = true;
            return value;
        }

        /**
         * Advances to the next child start tag of the current element; returns false (standing on the parent's end
         * tag) when there is none.
         */
        private boolean nextChild() throws XMLStreamException {
            while (true) {
                int ev;
                if (currentUnread) {
                    currentUnread = false;
                    ev = xsr.getEventType();
                } else {
                    ev = xsr.next();
                }
                while (ev == XMLStreamConstants.CHARACTERS || ev == XMLStreamConstants.SPACE
                        || ev == XMLStreamConstants.COMMENT || ev == XMLStreamConstants.PROCESSING_INSTRUCTION) {
                    if (ev == XMLStreamConstants.CHARACTERS && !xsr.isWhiteSpace()) {
                        problems.report(ProblemKind.UNKNOWN_ELEMENT, "unexpected text '"
                                + xsr.getText().trim() + "'; skipped", here(""));
                    }
                    ev = xsr.next();
                }
                if (ev == XMLStreamConstants.START_ELEMENT) {
                    return true;
                }
                if (ev == XMLStreamConstants.END_ELEMENT || ev == XMLStreamConstants.END_DOCUMENT) {
                    return false;
                }
            }
        }

        private void unknown(String parentPath) throws XMLStreamException {
            String name = xsr.getLocalName();
            problems.report(ProblemKind.UNKNOWN_ELEMENT, "element <" + name + "> is not part of the schema amdisa "
                    + "knows; skipped with its content", here(parentPath + "/" + name));
            XmlStreams.skipElement(xsr);
        }
    }
}
