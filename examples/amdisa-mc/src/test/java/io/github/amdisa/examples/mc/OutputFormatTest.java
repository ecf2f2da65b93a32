package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The encoding comment's position, measured on llvm-mc-22 -show-encoding output. */
class OutputFormatTest {

    private static String line(String text, int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        StringBuilder out = new StringBuilder();
        OutputFormat.appendInstruction(out, text, b, 0, b.length);
        return out.toString();
    }

    @Test
    void shortTextIsPaddedToColumn41() {
        // echo 's_nop 0' | llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 -show-encoding
        assertEquals("\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]\n",
                line("s_nop 0", 0, 0, 0x80, 0xbf));
        // echo 'v_bfe_i32 v5, v1, v2, s3' | ... -show-encoding
        assertEquals("\tv_bfe_i32 v5, v1, v2, s3                ; encoding: "
                + "[0x05,0x00,0x11,0xd6,0x01,0x05,0x0e,0x00]\n", line("v_bfe_i32 v5, v1, v2, s3", 5, 0, 0x11, 0xd6,
                1, 5, 0x0e, 0));
    }

    @Test
    void longTextGetsOneSpace() {
        // echo 'v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v1, v3' | ... -show-encoding
        assertEquals("\tv_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v1, v3 ; encoding: [0x01,0x05,0xd0,0xc8,"
                + "0x03,0x01,0x00,0x00]\n", line("v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v1, v3", 1, 5, 0xd0,
                0xc8, 3, 1, 0, 0));
        // a 39-character text still ends at column 41 with a single space
        String t39 = "x".repeat(39);
        assertEquals("\t" + t39 + " ; encoding: [0x01]\n", line(t39, 1));
        String t40 = "x".repeat(40);
        assertEquals("\t" + t40 + " ; encoding: [0x01]\n", line(t40, 1));
    }

    @Test
    void withoutEncoding() {
        StringBuilder out = new StringBuilder();
        OutputFormat.appendInstruction(out, "s_nop 0", null, 0, 0);
        assertEquals("\ts_nop 0\n", out.toString());
    }
}
