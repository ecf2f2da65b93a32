package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class McTargetTest {

    @ParameterizedTest
    @CsvSource({"gfx1100,gfx1100,rdna3", "GFX1103,gfx1103,rdna3", "rdna3,gfx1100,rdna3", "rdna3.5,gfx1150,rdna3.5",
            "RDNA3_5,gfx1150,rdna3.5", "gfx1151,gfx1151,rdna3.5", "cdna3,gfx942,cdna3",
            "cdna1,gfx908,cdna1", "gfx90a,gfx90a,cdna2", "cdna4,gfx950,cdna4", "cdna5,gfx1250,cdna5",
            "rdna1,gfx1010,rdna1", "gfx1036,gfx1036,rdna2", "rdna4,gfx1200,rdna4", "gfx1201,gfx1201,rdna4"})
    void resolves(String name, String cpu, String generation) {
        assertEquals(Optional.of(new McTarget(cpu, generation)), McTarget.resolve(name));
    }

    @ParameterizedTest
    @CsvSource({"gfx9999", "rdna5", "generic", "gfx940", "''"})
    void rejects(String name) {
        assertEquals(Optional.empty(), McTarget.resolve(name));
    }
}
