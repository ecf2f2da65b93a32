package io.github.amdisa.isaxml;

import io.github.amdisa.isaxml.load.LoadResult;
import io.github.amdisa.isaxml.load.SpecLoadException;
import io.github.amdisa.isaxml.load.SpecLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.tukaani.xz.XZInputStream;

/**
 * The bundled reconstructed specs, each loaded once per test JVM with the default policy and shared between test
 * classes (a load reads about 11 MB of XML).
 */
public final class BundledSpecs {

    private static final Map<Generation, LoadResult> LOADED = new ConcurrentHashMap<>();

    private BundledSpecs() {
    }

    /** The bundled spec of {@code generation}, loaded with {@link SpecLoader#SpecLoader() the default policy}. */
    public static LoadResult load(Generation generation) {
        return LOADED.computeIfAbsent(generation, g -> {
            try {
                return new SpecLoader().loadBundled(g);
            } catch (SpecLoadException e) {
                throw new AssertionError("bundled spec " + g + " does not load: " + e.getMessage(), e);
            }
        });
    }

    /**
     * The uncompressed bytes of the bundled file, read straight from the class path with {@code org.tukaani.xz}
     * (not through {@code SpecSources}), so tests can build other inputs from them.
     */
    public static byte[] xmlBytes(Generation generation) {
        String resource = "/io/github/amdisa/isaxml/specs/reconstructed/" + generation.specFileName() + ".xz";
        try (InputStream raw = BundledSpecs.class.getResourceAsStream(resource)) {
            if (raw == null) {
                throw new AssertionError("missing class-path resource " + resource);
            }
            try (XZInputStream xz = new XZInputStream(raw)) {
                return xz.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
