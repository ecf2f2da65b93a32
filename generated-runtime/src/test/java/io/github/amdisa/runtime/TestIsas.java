package io.github.amdisa.runtime;

import io.github.amdisa.generator.codec.SpecGapOverlays;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.load.SpecLoadException;
import io.github.amdisa.isaxml.load.SpecLoader;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The generated instruction sets of the ten generations, and helpers the codec tests share. */
final class TestIsas {

    private TestIsas() {
    }

    /** The generated {@code <Gen>Isa.INSTANCE} of a generation. */
    static InstructionSet instructionSet(Generation g) throws ReflectiveOperationException {
        String stem = g.fileStem();
        String cls = "io.github.amdisa." + stem + "." + Character.toUpperCase(stem.charAt(0)) + stem.substring(1)
                + "Isa";
        return (InstructionSet) Class.forName(cls).getField("INSTANCE").get(null);
    }

    /**
     * The bundled spec of a generation as the generator saw it: loaded, then the spec-gap overlays applied (the
     * generated instruction sets hold the overlays' variants, so tests that pair spec data with variants need them).
     */
    static IsaSpec spec(Generation g) throws SpecLoadException {
        return SpecGapOverlays.apply(new SpecLoader().loadBundled(g).spec()).spec();
    }

    /**
     * Per variant whose bare identifier (all fields zero) decodes back to it: {identifier, free bits}, where a bit
     * of the first dword is free when flipping it alone leaves the decoded variant unchanged.
     */
    static List<int[]> identifiers(InstructionSet isa) {
        List<int[]> out = new ArrayList<>();
        int[] w = new int[32];
        int[] found = {-1};
        for (int v = 0; v < isa.variantCount(); v++) {
            Arrays.fill(w, 0);
            isa.encode(v, new String[0], new long[0], w, 0);
            if (decodedVariant(isa, w, found) != v) {
                continue;
            }
            int base = w[0];
            int free = 0;
            for (int bit = 0; bit < 32; bit++) {
                w[0] = base ^ (1 << bit);
                if (decodedVariant(isa, w, found) == v) {
                    free |= 1 << bit;
                }
            }
            w[0] = base;
            out.add(new int[] {base & ~free, free});
        }
        return out;
    }

    private static int decodedVariant(InstructionSet isa, int[] w, int[] found) {
        found[0] = -1;
        try {
            isa.decode(w, 0, (v, ww, o, n) -> found[0] = v);
        } catch (DecodeException e) {
            return -1;
        }
        return found[0];
    }
}
