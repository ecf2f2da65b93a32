package io.github.amdisa.runtime.asm;

import static io.github.amdisa.runtime.asm.AsmOperand.s;
import static io.github.amdisa.runtime.asm.AsmOperand.v;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.amdisa.runtime.AsmSyntaxException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated typed factories ({@code <Gen>Asm}): {@code V_BFE_I32} exists in all ten generations and produces
 * llvm-mc-22's bytes (written down from {@code llvm-mc-22 -show-encoding}); operands that fit no encoding are
 * rejected.
 */
class TypedFactoryTest {

    private static final String GFX9 = "0x05,0x00,0xc9,0xd1,0x01,0x05,0x0e,0x00";
    private static final String GFX10 = "0x05,0x00,0x49,0xd5,0x01,0x05,0x0e,0x00";
    private static final String GFX11 = "0x05,0x00,0x11,0xd6,0x01,0x05,0x0e,0x00";

    @Test
    void vBfeI32InAllTenGenerations() {
        List<Assembler.Assembly> all = List.of(
                io.github.amdisa.cdna1.Cdna1Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.cdna2.Cdna2Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.cdna3.Cdna3Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.cdna4.Cdna4Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.cdna5.Cdna5Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.rdna1.Rdna1Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.rdna2.Rdna2Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.rdna3.Rdna3Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.rdna3_5.Rdna3_5Asm.V_BFE_I32(v(5), v(1), v(2), s(3)),
                io.github.amdisa.rdna4.Rdna4Asm.V_BFE_I32(v(5), v(1), v(2), s(3)));
        List<String> expected = List.of(GFX9, GFX9, GFX9, GFX9, GFX11, GFX10, GFX10, GFX11, GFX11, GFX11);
        for (int i = 0; i < all.size(); i++) {
            assertEquals(expected.get(i), all.get(i).bytes(), "generation " + i);
            assertEquals("v_bfe_i32 v5, v1, v2, s3", all.get(i).text());
        }
    }

    @Test
    void typedOperandsAndModifiers() {
        // llvm-mc-22 -mcpu=gfx1100: v_add_f32_e64 v0, -v1, |v2| clamp -> [0x00,0x82,0x03,0xd5,0x01,0x05,0x02,0x20]
        Assembler.Assembly a = io.github.amdisa.rdna3.Rdna3Asm.V_ADD_F32(v(0), AsmOperand.neg(v(1)),
                AsmOperand.abs(v(2)), AsmModifier.CLAMP);
        assertEquals("0x00,0x82,0x03,0xd5,0x01,0x05,0x02,0x20", a.bytes());
        // A constant: v_add_f32 v0, 1.0, v2 -> [0xf2,0x04,0x00,0x06]
        assertEquals("0xf2,0x04,0x00,0x06", io.github.amdisa.rdna3.Rdna3Asm.V_ADD_F32(v(0),
                AsmOperand.imm(1.0), v(2)).bytes());
        AsmSyntaxException e = assertThrows(AsmSyntaxException.class,
                () -> io.github.amdisa.rdna3.Rdna3Asm.V_BFE_I32(v(5), v(1), v(2), v(300)));
        assertEquals(true, e.detail().contains("v_bfe_i32 v5, v1, v2, v300"), e.detail());
    }
}
