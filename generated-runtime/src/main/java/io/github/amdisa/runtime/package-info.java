/**
 * Basics shared by generated code: the supported {@link io.github.amdisa.runtime.Target}s, their syntax
 * {@link io.github.amdisa.runtime.Dialect}s, and {@link io.github.amdisa.runtime.AsmSyntaxException}.
 */
package io.github.amdisa.runtime;
