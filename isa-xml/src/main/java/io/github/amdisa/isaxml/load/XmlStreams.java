package io.github.amdisa.isaxml.load;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** StAX helpers shared by the spec and pseudocode loaders. */
public final class XmlStreams {

    private XmlStreams() {
    }

    /**
     * A StAX factory that refuses DTDs and external entities, so neither external-entity reads (XXE) nor
     * entity-expansion bombs are possible, and that coalesces text.
     */
    public static XMLInputFactory secureInputFactory() {
        return secureInputFactory(InputLimits.defaults().maxDepth());
    }

    /**
     * Like {@link #secureInputFactory()}, with elements nested at most {@code maxDepth} deep. Always the JDK's own
     * StAX implementation (whatever else is on the class path), so the security properties are known to be
     * honoured; XInclude is not supported by StAX, so {@code xi:include} is never processed.
     */
    public static XMLInputFactory secureInputFactory(int maxDepth) {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_COALESCING, Boolean.TRUE);
        f.setProperty("jdk.xml.maxElementDepth", Integer.toString(maxDepth));
        return f;
    }

    /** From a start tag, skips the element with all its content; the reader ends on the element's end tag. */
    public static void skipElement(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }
}
