package io.github.amdisa.examples.mc;

import java.util.List;
import java.util.Optional;

/**
 * Service provider interface: the runtime module implements it and lists the class in
 * {@code META-INF/services/io.github.amdisa.examples.mc.McBackendProvider}; {@link McBackends#load()} finds it with
 * {@link java.util.ServiceLoader} as soon as the runtime jar is on the class path.
 */
public interface McBackendProvider {

    /**
     * Creates a backend for a target if this provider supports it.
     *
     * @param target   the resolved target
     * @param features the {@code -mattr} features in command-line order, each with its sign, e.g.
     *                 {@code +wavefrontsize64}, {@code -real-true16}; the provider decides which matter
     * @return the backend, or empty if this provider does not handle the target
     */
    Optional<McBackend> create(McTarget target, List<String> features);
}
