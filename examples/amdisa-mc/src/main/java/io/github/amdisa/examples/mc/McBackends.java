package io.github.amdisa.examples.mc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds the {@link McBackend} for a target among a fixed list of {@link McBackendProvider}s.
 *
 * <p>Why {@link ServiceLoader} rather than a static registry: the runtime module will depend on this front end's
 * interfaces, not the other way round, and a static registry would need that module's classes to be initialised
 * by someone. With a service file the runtime jar only has to be on the class path. Tests pass providers
 * directly with {@link #of(McBackendProvider...)}.
 */
public final class McBackends {

    private final List<McBackendProvider> providers;

    private McBackends(List<McBackendProvider> providers) {
        this.providers = List.copyOf(providers);
    }

    /**
     * The providers visible to {@link ServiceLoader} from this class's loader. Today this is empty.
     *
     * @return the lookup
     */
    public static McBackends load() {
        List<McBackendProvider> found = new ArrayList<>();
        ServiceLoader.load(McBackendProvider.class, McBackends.class.getClassLoader()).forEach(found::add);
        return new McBackends(found);
    }

    /**
     * Exactly the given providers, first match wins.
     *
     * @param providers the providers
     * @return the lookup
     */
    public static McBackends of(McBackendProvider... providers) {
        return new McBackends(List.of(providers));
    }

    /** @return the providers, in lookup order */
    public List<McBackendProvider> providers() {
        return providers;
    }

    /**
     * Asks each provider in turn.
     *
     * @param target   the target
     * @param features the {@code -mattr} features, each with its sign
     * @return the first backend offered, or empty if no provider handles the target
     */
    public Optional<McBackend> find(McTarget target, List<String> features) {
        for (McBackendProvider provider : providers) {
            Optional<McBackend> backend = provider.create(target, features);
            if (backend.isPresent()) {
                return backend;
            }
        }
        return Optional.empty();
    }
}
