package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;

/**
 * DPP controls: the 9-bit {@code dpp_ctrl} ({@code quad_perm:[0,1,2,3]}, {@code row_shl:1} ...), the masks and
 * flags that follow it, and DPP8 lane selects.
 *
 * <p>Learned from {@code llvm-mc-22 -disassemble} over every {@code dpp_ctrl} value:
 * <ul>
 *   <li>{@code row_mask:0x?} and {@code bank_mask:0x?} are always printed (in hex), {@code bound_ctrl:1} and
 *       {@code fi:1} only when set;</li>
 *   <li>GFX9 has {@code wave_shl/rol/shr/ror:1} (0x130, 0x134, 0x138, 0x13c) and {@code row_bcast:15/31} (0x142,
 *       0x143); gfx90a+ has {@code row_newbcast:N} at 0x150+N; GFX10+ has {@code row_share:N} (0x150+N) and
 *       {@code row_xmask:N} (0x160+N);</li>
 *   <li>when parsing on GFX9/GFX10, {@code bound_ctrl:0} sets the bit just like {@code bound_ctrl:1} (and prints
 *       back as {@code bound_ctrl:1}); on GFX11+ {@code bound_ctrl:0} clears it;</li>
 *   <li>invalid values print as comments, reproduced by {@link #printCtrl}.</li>
 * </ul>
 */
public final class Dpp {
    /** {@code dpp_ctrl} of the identity {@code quad_perm:[0,1,2,3]}. */
    public static final int QUAD_PERM_IDENTITY = 0xe4;

    private Dpp() {
    }

    /**
     * Prints a {@code dpp_ctrl} value, without leading space: {@code quad_perm:[3,2,1,0]}, {@code row_shr:4},
     * {@code row_mirror}, ... For values the target does not have it prints LLVM's comment, for example
     * {@code /* Invalid dpp_ctrl value *}{@code /}.
     *
     * @param sb where to print
     * @param target the target
     * @param ctrl the 9-bit field
     */
    public static void printCtrl(StringBuilder sb, Target target, int ctrl) {
        ctrl &= 0x1ff;
        boolean gfx9 = target.dialect() == Dialect.GFX9;
        if (ctrl <= 0xff) {
            sb.append("quad_perm:[").append(ctrl & 3).append(',').append((ctrl >> 2) & 3).append(',')
                    .append((ctrl >> 4) & 3).append(',').append((ctrl >> 6) & 3).append(']');
        } else if (ctrl >= 0x101 && ctrl <= 0x10f) {
            sb.append("row_shl:").append(ctrl & 0xf);
        } else if (ctrl >= 0x111 && ctrl <= 0x11f) {
            sb.append("row_shr:").append(ctrl & 0xf);
        } else if (ctrl >= 0x121 && ctrl <= 0x12f) {
            sb.append("row_ror:").append(ctrl & 0xf);
        } else if (ctrl == 0x130 || ctrl == 0x134 || ctrl == 0x138 || ctrl == 0x13c) {
            String name = ctrl == 0x130 ? "wave_shl" : ctrl == 0x134 ? "wave_rol" : ctrl == 0x138 ? "wave_shr"
                    : "wave_ror";
            if (gfx9) {
                sb.append(name).append(":1");
            } else {
                sb.append("/* ").append(name).append(" is not supported starting from GFX10 */");
            }
        } else if (ctrl == 0x140) {
            sb.append("row_mirror");
        } else if (ctrl == 0x141) {
            sb.append("row_half_mirror");
        } else if (ctrl == 0x142 || ctrl == 0x143) {
            if (gfx9) {
                sb.append(ctrl == 0x142 ? "row_bcast:15" : "row_bcast:31");
            } else {
                sb.append("/* row_bcast is not supported starting from GFX10 */");
            }
        } else if (ctrl >= 0x150 && ctrl <= 0x15f) {
            if (!gfx9) {
                sb.append("row_share:").append(ctrl & 0xf);
            } else if (target.isGfx90aPlus()) {
                sb.append("row_newbcast:").append(ctrl & 0xf);
            } else {
                sb.append(" /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */");
            }
        } else if (ctrl >= 0x160 && ctrl <= 0x16f) {
            if (!gfx9) {
                sb.append("row_xmask:").append(ctrl & 0xf);
            } else {
                sb.append("/* row_xmask is not supported on ASICs earlier than GFX10 */");
            }
        } else {
            sb.append("/* Invalid dpp_ctrl value */");
        }
    }

    /**
     * Prints what follows {@code dpp_ctrl}: {@code " row_mask:0xf bank_mask:0xf"}, then {@code " bound_ctrl:1"}
     * and {@code " fi:1"} when set.
     *
     * @param sb where to print
     * @param rowMask the 4-bit row mask
     * @param bankMask the 4-bit bank mask
     * @param boundCtrl the bound_ctrl bit
     * @param fetchInactive the fi bit (GFX10+)
     */
    public static void printMasks(StringBuilder sb, int rowMask, int bankMask, boolean boundCtrl,
            boolean fetchInactive) {
        sb.append(" row_mask:");
        SourceOperands.appendHex(sb, rowMask & 0xf);
        sb.append(" bank_mask:");
        SourceOperands.appendHex(sb, bankMask & 0xf);
        if (boundCtrl) {
            sb.append(" bound_ctrl:1");
        }
        if (fetchInactive) {
            sb.append(" fi:1");
        }
    }

    /**
     * Prints DPP8 lane selects, without leading space: {@code dpp8:[7,6,5,4,3,2,1,0]}; the fi flag is printed by
     * {@link #printDpp8Fi}.
     *
     * @param sb where to print
     * @param selects 24 bits, lane i in bits 3i..3i+2
     */
    public static void printDpp8(StringBuilder sb, int selects) {
        sb.append("dpp8:[");
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append((selects >>> (3 * i)) & 7);
        }
        sb.append(']');
    }

    /**
     * Prints {@code " fi:1"} after DPP8 selects when set.
     *
     * @param sb where to print
     * @param fetchInactive the fi bit
     */
    public static void printDpp8Fi(StringBuilder sb, boolean fetchInactive) {
        if (fetchInactive) {
            sb.append(" fi:1");
        }
    }

    /**
     * Parses a {@code dpp_ctrl} modifier if one is next.
     *
     * @param cursor the text
     * @param target the target (decides which controls exist)
     * @return the 9-bit field, or -1 if no DPP control is next
     * @throws AsmSyntaxException for malformed or unsupported controls, located at the problem
     */
    public static int tryParseCtrl(AsmCursor cursor, Target target) {
        int start = cursor.skipBlanks().position();
        boolean gfx9 = target.dialect() == Dialect.GFX9;
        if (cursor.tryText("quad_perm:")) {
            cursor.expectChar('[');
            int v = 0;
            for (int i = 0; i < 4; i++) {
                if (i > 0) {
                    cursor.expectChar(',');
                }
                v |= cursor.scanInteger(0, 3) << (2 * i);
            }
            cursor.expectChar(']');
            return v;
        }
        if (cursor.tryWord("row_mirror")) {
            return 0x140;
        }
        if (cursor.tryWord("row_half_mirror")) {
            return 0x141;
        }
        int base = -1;
        int min = 1;
        int max = 15;
        boolean supported = true;
        if (cursor.tryText("row_shl:")) {
            base = 0x100;
        } else if (cursor.tryText("row_shr:")) {
            base = 0x110;
        } else if (cursor.tryText("row_ror:")) {
            base = 0x120;
        } else if (cursor.tryText("row_share:")) {
            base = 0x150;
            min = 0;
            supported = !gfx9;
        } else if (cursor.tryText("row_xmask:")) {
            base = 0x160;
            min = 0;
            supported = !gfx9;
        } else if (cursor.tryText("row_newbcast:")) {
            base = 0x150;
            min = 0;
            supported = target.isGfx90aPlus();
        } else if (cursor.tryText("row_bcast:")) {
            if (!gfx9) {
                throw cursor.errorAt(start, "not a valid operand.");
            }
            int at = cursor.skipBlanks().position();
            long v = cursor.scanInteger();
            if (v == 15) {
                return 0x142;
            }
            if (v == 31) {
                return 0x143;
            }
            throw cursor.errorAt(at, "invalid row_bcast value");
        } else {
            String[] waves = {"wave_shl:", "wave_rol:", "wave_shr:", "wave_ror:"};
            for (int i = 0; i < waves.length; i++) {
                if (cursor.tryText(waves[i])) {
                    if (!gfx9) {
                        throw cursor.errorAt(start, "not a valid operand.");
                    }
                    cursor.scanInteger(1, 1);
                    return 0x130 + 4 * i;
                }
            }
            return -1;
        }
        if (!supported) {
            throw cursor.errorAt(start, "not a valid operand.");
        }
        return base + cursor.scanInteger(min, max);
    }

    /**
     * Parses {@code row_mask:N} if next.
     *
     * @param cursor the text
     * @return the 4-bit mask, or -1 if not next
     */
    public static int tryParseRowMask(AsmCursor cursor) {
        return cursor.tryText("row_mask:") ? cursor.scanInteger(0, 15) : -1;
    }

    /**
     * Parses {@code bank_mask:N} if next.
     *
     * @param cursor the text
     * @return the 4-bit mask, or -1 if not next
     */
    public static int tryParseBankMask(AsmCursor cursor) {
        return cursor.tryText("bank_mask:") ? cursor.scanInteger(0, 15) : -1;
    }

    /**
     * Parses {@code bound_ctrl:0} or {@code bound_ctrl:1} if next. On GFX9 and GFX10 both set the bit.
     *
     * @param cursor the text
     * @param target the target
     * @return the bit (0 or 1), or -1 if not next
     */
    public static int tryParseBoundCtrl(AsmCursor cursor, Target target) {
        if (!cursor.tryText("bound_ctrl:")) {
            return -1;
        }
        int v = cursor.scanInteger(0, 1);
        boolean legacy = target.dialect() == Dialect.GFX9 || target.dialect() == Dialect.GFX10;
        return legacy ? 1 : v;
    }

    /**
     * Parses {@code fi:0} or {@code fi:1} if next (GFX10+).
     *
     * @param cursor the text
     * @return the bit, or -1 if not next
     */
    public static int tryParseFetchInactive(AsmCursor cursor) {
        return cursor.tryText("fi:") ? cursor.scanInteger(0, 1) : -1;
    }

    /**
     * Parses {@code dpp8:[a,b,c,d,e,f,g,h]} if next.
     *
     * @param cursor the text
     * @return the 24-bit lane selects, or -1 if not next
     */
    public static int tryParseDpp8(AsmCursor cursor) {
        if (!cursor.tryText("dpp8:")) {
            return -1;
        }
        cursor.expectChar('[');
        int v = 0;
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                cursor.expectChar(',');
            }
            v |= cursor.scanInteger(0, 7) << (3 * i);
        }
        cursor.expectChar(']');
        return v;
    }
}
