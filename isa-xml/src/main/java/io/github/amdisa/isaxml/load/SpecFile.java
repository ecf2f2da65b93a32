package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.Generation;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * One spec file ready to be read: a display name (path, or {@code bundle.zip!member}), the generation its file
 * name says it is (if it follows AMD's naming) and a way to open its uncompressed XML bytes.
 */
public record SpecFile(String name, Optional<Generation> generation, Opener opener) {

    /** Opens a fresh stream of the uncompressed XML each time it is called. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    public InputStream open() throws IOException {
        return opener.open();
    }

    @Override
    public String toString() {
        return name;
    }
}
