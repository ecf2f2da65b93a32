package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;

/**
 * Memory-instruction modifiers: offsets, cache policy, buffer formats, image dimensions and named flags.
 *
 * <p>Learned from {@code llvm-mc-22}:
 * <ul>
 *   <li>{@code offset:N}, {@code offset0:N}, {@code offset1:N} print in decimal and only when non-zero. Which
 *       offsets are signed is an encoding fact the caller applies with {@link #signExtend}: MUBUF/MTBUF/DS
 *       unsigned; FLAT global/scratch signed (13 bits GFX9, 12 bits GFX10, 13 bits GFX11, 24 bits GFX12+);
 *       plain FLAT signed from GFX12; VBUFFER (GFX12+) 24-bit signed.</li>
 *   <li>SMEM immediate offsets print as hex, negative ones as {@code -0x10}; with an SGPR offset the immediate
 *       prints as {@code offset:0x10}.</li>
 *   <li>Cache policy, GFX9-GFX11: {@code glc slc dlc scc} in that order ({@code dlc} only GFX10+, {@code scc} only
 *       gfx90a); gfx940+ non-SMEM spells them {@code sc0 nt sc1} (glc, slc, scc), still in the order glc, slc,
 *       dlc, scc, so {@code sc0 sc1 nt} reads back as {@code sc0 nt sc1}.</li>
 *   <li>Cache policy, GFX12+: {@code th:TH_LOAD_NT}, {@code th:TH_STORE_*}, {@code th:TH_ATOMIC_*} (temporal hint,
 *       bits 2:0) and {@code scope:SCOPE_SE/DEV/SYS} (bits 4:3), each omitted when zero, then {@code nv}.</li>
 *   <li>Buffer formats: GFX9 {@code format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]} (dfmt bits 3:0, nfmt
 *       6:4; the default parts 8/UNORM are omitted); GFX10+ unified {@code format:[BUF_FMT_32_FLOAT]} with
 *       different tables for GFX10 and GFX11+; the default (1) prints nothing, unnamed values print
 *       {@code format:N}.</li>
 *   <li>{@code dim:SQ_RSRC_IMG_2D} (the parser also accepts {@code dim:2D}), {@code dmask:0xf} in hex and omitted
 *       when zero.</li>
 * </ul>
 */
public final class MemoryModifiers {
    /** GFX12 cache-policy scope values (bits 4:3 of the policy, here unshifted). */
    public static final int SCOPE_CU = 0;
    /** Shader-engine scope. */
    public static final int SCOPE_SE = 1;
    /** Device scope. */
    public static final int SCOPE_DEV = 2;
    /** System scope. */
    public static final int SCOPE_SYS = 3;

    /** Kind of memory access, which decides how a GFX12 temporal hint is spelled. */
    public enum Access {
        /** Loads and instructions that neither load nor store (the {@code TH_LOAD_*} names). */
        LOAD,
        /** Stores ({@code TH_STORE_*}). */
        STORE,
        /** Atomics ({@code TH_ATOMIC_*}). */
        ATOMIC
    }

    private static final String[] DFMT = {
        "BUF_DATA_FORMAT_INVALID", "BUF_DATA_FORMAT_8", "BUF_DATA_FORMAT_16", "BUF_DATA_FORMAT_8_8",
        "BUF_DATA_FORMAT_32", "BUF_DATA_FORMAT_16_16", "BUF_DATA_FORMAT_10_11_11", "BUF_DATA_FORMAT_11_11_10",
        "BUF_DATA_FORMAT_10_10_10_2", "BUF_DATA_FORMAT_2_10_10_10", "BUF_DATA_FORMAT_8_8_8_8",
        "BUF_DATA_FORMAT_32_32", "BUF_DATA_FORMAT_16_16_16_16", "BUF_DATA_FORMAT_32_32_32",
        "BUF_DATA_FORMAT_32_32_32_32", "BUF_DATA_FORMAT_RESERVED_15"
    };
    private static final String[] NFMT = {
        "BUF_NUM_FORMAT_UNORM", "BUF_NUM_FORMAT_SNORM", "BUF_NUM_FORMAT_USCALED", "BUF_NUM_FORMAT_SSCALED",
        "BUF_NUM_FORMAT_UINT", "BUF_NUM_FORMAT_SINT", "BUF_NUM_FORMAT_RESERVED_6", "BUF_NUM_FORMAT_FLOAT"
    };
    private static final String[] UFMT_GFX10 = {
        "BUF_FMT_INVALID", "BUF_FMT_8_UNORM", "BUF_FMT_8_SNORM", "BUF_FMT_8_USCALED", "BUF_FMT_8_SSCALED",
        "BUF_FMT_8_UINT", "BUF_FMT_8_SINT", "BUF_FMT_16_UNORM", "BUF_FMT_16_SNORM", "BUF_FMT_16_USCALED",
        "BUF_FMT_16_SSCALED", "BUF_FMT_16_UINT", "BUF_FMT_16_SINT", "BUF_FMT_16_FLOAT", "BUF_FMT_8_8_UNORM",
        "BUF_FMT_8_8_SNORM", "BUF_FMT_8_8_USCALED", "BUF_FMT_8_8_SSCALED", "BUF_FMT_8_8_UINT", "BUF_FMT_8_8_SINT",
        "BUF_FMT_32_UINT", "BUF_FMT_32_SINT", "BUF_FMT_32_FLOAT", "BUF_FMT_16_16_UNORM", "BUF_FMT_16_16_SNORM",
        "BUF_FMT_16_16_USCALED", "BUF_FMT_16_16_SSCALED", "BUF_FMT_16_16_UINT", "BUF_FMT_16_16_SINT",
        "BUF_FMT_16_16_FLOAT", "BUF_FMT_10_11_11_UNORM", "BUF_FMT_10_11_11_SNORM", "BUF_FMT_10_11_11_USCALED",
        "BUF_FMT_10_11_11_SSCALED", "BUF_FMT_10_11_11_UINT", "BUF_FMT_10_11_11_SINT", "BUF_FMT_10_11_11_FLOAT",
        "BUF_FMT_11_11_10_UNORM", "BUF_FMT_11_11_10_SNORM", "BUF_FMT_11_11_10_USCALED", "BUF_FMT_11_11_10_SSCALED",
        "BUF_FMT_11_11_10_UINT", "BUF_FMT_11_11_10_SINT", "BUF_FMT_11_11_10_FLOAT", "BUF_FMT_10_10_10_2_UNORM",
        "BUF_FMT_10_10_10_2_SNORM", "BUF_FMT_10_10_10_2_USCALED", "BUF_FMT_10_10_10_2_SSCALED",
        "BUF_FMT_10_10_10_2_UINT", "BUF_FMT_10_10_10_2_SINT", "BUF_FMT_2_10_10_10_UNORM",
        "BUF_FMT_2_10_10_10_SNORM", "BUF_FMT_2_10_10_10_USCALED", "BUF_FMT_2_10_10_10_SSCALED",
        "BUF_FMT_2_10_10_10_UINT", "BUF_FMT_2_10_10_10_SINT", "BUF_FMT_8_8_8_8_UNORM", "BUF_FMT_8_8_8_8_SNORM",
        "BUF_FMT_8_8_8_8_USCALED", "BUF_FMT_8_8_8_8_SSCALED", "BUF_FMT_8_8_8_8_UINT", "BUF_FMT_8_8_8_8_SINT",
        "BUF_FMT_32_32_UINT", "BUF_FMT_32_32_SINT", "BUF_FMT_32_32_FLOAT", "BUF_FMT_16_16_16_16_UNORM",
        "BUF_FMT_16_16_16_16_SNORM", "BUF_FMT_16_16_16_16_USCALED", "BUF_FMT_16_16_16_16_SSCALED",
        "BUF_FMT_16_16_16_16_UINT", "BUF_FMT_16_16_16_16_SINT", "BUF_FMT_16_16_16_16_FLOAT",
        "BUF_FMT_32_32_32_UINT", "BUF_FMT_32_32_32_SINT", "BUF_FMT_32_32_32_FLOAT", "BUF_FMT_32_32_32_32_UINT",
        "BUF_FMT_32_32_32_32_SINT", "BUF_FMT_32_32_32_32_FLOAT"
    };
    private static final String[] UFMT_GFX11 = {
        "BUF_FMT_INVALID", "BUF_FMT_8_UNORM", "BUF_FMT_8_SNORM", "BUF_FMT_8_USCALED", "BUF_FMT_8_SSCALED",
        "BUF_FMT_8_UINT", "BUF_FMT_8_SINT", "BUF_FMT_16_UNORM", "BUF_FMT_16_SNORM", "BUF_FMT_16_USCALED",
        "BUF_FMT_16_SSCALED", "BUF_FMT_16_UINT", "BUF_FMT_16_SINT", "BUF_FMT_16_FLOAT", "BUF_FMT_8_8_UNORM",
        "BUF_FMT_8_8_SNORM", "BUF_FMT_8_8_USCALED", "BUF_FMT_8_8_SSCALED", "BUF_FMT_8_8_UINT", "BUF_FMT_8_8_SINT",
        "BUF_FMT_32_UINT", "BUF_FMT_32_SINT", "BUF_FMT_32_FLOAT", "BUF_FMT_16_16_UNORM", "BUF_FMT_16_16_SNORM",
        "BUF_FMT_16_16_USCALED", "BUF_FMT_16_16_SSCALED", "BUF_FMT_16_16_UINT", "BUF_FMT_16_16_SINT",
        "BUF_FMT_16_16_FLOAT", "BUF_FMT_10_11_11_FLOAT", "BUF_FMT_11_11_10_FLOAT", "BUF_FMT_10_10_10_2_UNORM",
        "BUF_FMT_10_10_10_2_SNORM", "BUF_FMT_10_10_10_2_UINT", "BUF_FMT_10_10_10_2_SINT",
        "BUF_FMT_2_10_10_10_UNORM", "BUF_FMT_2_10_10_10_SNORM", "BUF_FMT_2_10_10_10_USCALED",
        "BUF_FMT_2_10_10_10_SSCALED", "BUF_FMT_2_10_10_10_UINT", "BUF_FMT_2_10_10_10_SINT",
        "BUF_FMT_8_8_8_8_UNORM", "BUF_FMT_8_8_8_8_SNORM", "BUF_FMT_8_8_8_8_USCALED", "BUF_FMT_8_8_8_8_SSCALED",
        "BUF_FMT_8_8_8_8_UINT", "BUF_FMT_8_8_8_8_SINT", "BUF_FMT_32_32_UINT", "BUF_FMT_32_32_SINT",
        "BUF_FMT_32_32_FLOAT", "BUF_FMT_16_16_16_16_UNORM", "BUF_FMT_16_16_16_16_SNORM",
        "BUF_FMT_16_16_16_16_USCALED", "BUF_FMT_16_16_16_16_SSCALED", "BUF_FMT_16_16_16_16_UINT",
        "BUF_FMT_16_16_16_16_SINT", "BUF_FMT_16_16_16_16_FLOAT", "BUF_FMT_32_32_32_UINT", "BUF_FMT_32_32_32_SINT",
        "BUF_FMT_32_32_32_FLOAT", "BUF_FMT_32_32_32_32_UINT", "BUF_FMT_32_32_32_32_SINT",
        "BUF_FMT_32_32_32_32_FLOAT"
    };
    private static final String[] DIM = {"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA",
        "2D_MSAA_ARRAY"};
    private static final String[] TH_LOAD = {null, "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU", "TH_LOAD_NT_RT",
        "TH_LOAD_RT_NT", "TH_LOAD_NT_HT", null};
    private static final String[] TH_STORE = {null, "TH_STORE_NT", "TH_STORE_HT", "TH_STORE_WB",
        "TH_STORE_NT_RT", "TH_STORE_RT_NT", "TH_STORE_NT_HT", "TH_STORE_NT_WB"};
    private static final String[] SCOPES = {"SCOPE_CU", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"};

    private MemoryModifiers() {
    }

    /**
     * Sign-extends the low {@code bits} bits of a field.
     *
     * @param value the raw field
     * @param bits the field width
     * @return the signed value
     */
    public static int signExtend(int value, int bits) {
        return value << (32 - bits) >> (32 - bits);
    }

    /**
     * Prints {@code " offset:N"} unless N is 0.
     *
     * @param sb where to print
     * @param offset the offset, already sign-extended if the encoding's offset is signed
     */
    public static void printOffset(StringBuilder sb, int offset) {
        if (offset != 0) {
            sb.append(" offset:").append(offset);
        }
    }

    /**
     * Prints {@code " offset0:N offset1:M"}, each only when non-zero (DS two-address forms).
     *
     * @param sb where to print
     * @param offset0 the first 8-bit offset
     * @param offset1 the second 8-bit offset
     */
    public static void printOffsets01(StringBuilder sb, int offset0, int offset1) {
        if (offset0 != 0) {
            sb.append(" offset0:").append(offset0 & 0xff);
        }
        if (offset1 != 0) {
            sb.append(" offset1:").append(offset1 & 0xff);
        }
    }

    /**
     * Prints an SMEM immediate offset operand in LLVM's hex form: {@code 0x10}, {@code -0x10}.
     *
     * @param sb where to print
     * @param offset the offset, sign-extended (21 bits GFX9-11, 24 bits GFX12+)
     */
    public static void printSmemOffset(StringBuilder sb, long offset) {
        if (offset < 0) {
            sb.append('-');
            SourceOperands.appendHex(sb, -offset);
        } else {
            SourceOperands.appendHex(sb, offset);
        }
    }

    /**
     * Prints GFX9-GFX11 cache-policy bits: {@code glc slc dlc scc}, or on gfx940+ (non-SMEM) {@code sc0 nt sc1}.
     *
     * @param sb where to print
     * @param target the target
     * @param glc the GLC / SC0 bit
     * @param slc the SLC / NT bit
     * @param dlc the DLC bit (GFX10+)
     * @param scc the SCC / SC1 bit (gfx90a+)
     * @param smem true for scalar memory instructions, which keep {@code glc} on gfx940+
     */
    public static void printCachePolicy(StringBuilder sb, Target target, boolean glc, boolean slc, boolean dlc,
            boolean scc, boolean smem) {
        boolean gfx940 = target.isGfx940();
        if (glc) {
            sb.append(gfx940 && !smem ? " sc0" : " glc");
        }
        if (slc) {
            sb.append(gfx940 ? " nt" : " slc");
        }
        if (dlc && target.dialect().isGfx10Plus()) {
            sb.append(" dlc");
        }
        if (scc && target.isGfx90aPlus()) {
            sb.append(gfx940 ? " sc1" : " scc");
        }
    }

    /**
     * Consumes one GFX9-GFX11 cache-policy keyword if next.
     *
     * @param cursor the text
     * @param target the target (decides which spellings exist)
     * @param smem true for scalar memory instructions
     * @return 0 for glc/sc0, 1 for slc/nt, 2 for dlc, 3 for scc/sc1, or -1 if none is next
     */
    public static int tryParseCacheBit(AsmCursor cursor, Target target, boolean smem) {
        boolean gfx940 = target.isGfx940();
        if (cursor.tryWord(gfx940 && !smem ? "sc0" : "glc")) {
            return 0;
        }
        if (cursor.tryWord(gfx940 ? "nt" : "slc")) {
            return 1;
        }
        if (target.dialect().isGfx10Plus() && cursor.tryWord("dlc")) {
            return 2;
        }
        if (target.isGfx90aPlus() && cursor.tryWord(gfx940 ? "sc1" : "scc")) {
            return 3;
        }
        return -1;
    }

    /**
     * Prints the GFX12 cache policy: {@code " th:..."} (unless 0), {@code " scope:..."} (unless CU), then
     * {@code " nv"} when set.
     *
     * @param sb where to print
     * @param th the 3-bit temporal hint
     * @param scope the 2-bit scope
     * @param nv the non-volatile bit
     * @param access how the instruction accesses memory
     */
    public static void printGfx12Policy(StringBuilder sb, int th, int scope, boolean nv, Access access) {
        th &= 7;
        scope &= 3;
        if (th != 0) {
            sb.append(" th:");
            if (access == Access.ATOMIC) {
                sb.append("TH_ATOMIC_");
                if ((th & 4) != 0) {
                    if (scope >= SCOPE_DEV) {
                        sb.append("CASCADE").append((th & 2) != 0 ? "_NT" : "_RT");
                    } else {
                        SourceOperands.appendHex(sb, th);
                    }
                } else if ((th & 2) != 0) {
                    sb.append("NT").append((th & 1) != 0 ? "_RETURN" : "");
                } else {
                    sb.append("RETURN");
                }
            } else if (access == Access.LOAD && th == 7) {
                SourceOperands.appendHex(sb, th);
            } else if (th == 3 && scope == SCOPE_SYS) {
                sb.append(access == Access.STORE ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS");
            } else {
                sb.append(access == Access.STORE ? TH_STORE[th] : TH_LOAD[th]);
            }
        }
        if (scope != SCOPE_CU) {
            sb.append(" scope:").append(SCOPES[scope]);
        }
        if (nv) {
            sb.append(" nv");
        }
    }

    /**
     * Consumes {@code th:NAME} if next (LLVM accepts no number here).
     *
     * @param cursor the text
     * @param access how the instruction accesses memory
     * @return the 3-bit temporal hint, or -1 if not next
     * @throws AsmSyntaxException for an unknown name
     */
    public static int tryParseTemporalHint(AsmCursor cursor, Access access) {
        if (!cursor.tryText("th:")) {
            return -1;
        }
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        if (end == at) {
            throw cursor.errorAt(at, "expected an identifier");
        }
        cursor.position(end);
        if (access == Access.ATOMIC) {
            String[] names = {"TH_ATOMIC_RT", "TH_ATOMIC_RETURN", "TH_ATOMIC_NT", "TH_ATOMIC_NT_RETURN",
                "TH_ATOMIC_CASCADE_RT", "TH_ATOMIC_CASCADE_NT"};
            int[] values = {0, 1, 2, 3, 4, 6};
            for (int i = 0; i < names.length; i++) {
                if (cursor.regionEquals(at, end, names[i])) {
                    return values[i];
                }
            }
        } else {
            // A store's th=3 below system scope is TH_STORE_WB (llvm-mc-22 prints and parses that name and rejects
            // TH_STORE_RT_WB, which older LLVM printers wrote); TH_*_BYPASS is valid only with scope:SCOPE_SYS,
            // which the caller checks.
            String rt = access == Access.STORE ? "TH_STORE_RT" : "TH_LOAD_RT";
            String bypass = access == Access.STORE ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS";
            if (cursor.regionEquals(at, end, rt)) {
                return 0;
            }
            if (cursor.regionEquals(at, end, bypass)) {
                return 3;
            }
            String[] table = access == Access.STORE ? TH_STORE : TH_LOAD;
            for (int i = 1; i < table.length; i++) {
                if (table[i] != null && (i != 3 || access == Access.STORE) && cursor.regionEquals(at, end, table[i])) {
                    return i;
                }
            }
            if (access == Access.LOAD && cursor.regionEquals(at, end, "TH_LOAD_LU")) {
                return 3;
            }
        }
        throw cursor.errorAt(at, "invalid th value");
    }

    /**
     * Consumes {@code scope:SCOPE_*} if next.
     *
     * @param cursor the text
     * @return the 2-bit scope, or -1 if not next
     * @throws AsmSyntaxException for an unknown scope
     */
    public static int tryParseScope(AsmCursor cursor) {
        if (!cursor.tryText("scope:")) {
            return -1;
        }
        int at = cursor.skipBlanks().position();
        int end = cursor.identifierEnd();
        for (int i = 0; i < SCOPES.length; i++) {
            if (cursor.regionEquals(at, end, SCOPES[i])) {
                cursor.position(end);
                return i;
            }
        }
        throw cursor.errorAt(at, "invalid scope value");
    }

    /**
     * Prints the buffer format of MTBUF instructions, nothing for the default (1).
     *
     * @param sb where to print
     * @param target the target
     * @param format the format field: GFX9 dfmt | nfmt &lt;&lt; 4; GFX10+ the unified format
     */
    public static void printFormat(StringBuilder sb, Target target, int format) {
        if (format == 1) {
            return;
        }
        if (target.dialect() == Dialect.GFX9) {
            if (format > 127) {
                sb.append(" format:").append(format);
                return;
            }
            int dfmt = format & 0xf;
            int nfmt = format >>> 4;
            sb.append(" format:[");
            if (dfmt != 1) {
                sb.append(DFMT[dfmt]);
                if (nfmt != 0) {
                    sb.append(',');
                }
            }
            if (nfmt != 0) {
                sb.append(NFMT[nfmt]);
            }
            sb.append(']');
            return;
        }
        String[] table = target.dialect() == Dialect.GFX10 ? UFMT_GFX10 : UFMT_GFX11;
        if (format >= 0 && format < table.length) {
            sb.append(" format:[").append(table[format]).append(']');
        } else {
            sb.append(" format:").append(format);
        }
    }

    /**
     * Consumes {@code format:[...]} or {@code format:N} if next.
     *
     * @param cursor the text
     * @param target the target
     * @return the format field, or -1 if not next
     * @throws AsmSyntaxException for unknown names or names of the other syntax generation
     */
    public static int tryParseFormat(AsmCursor cursor, Target target) {
        if (!cursor.tryText("format:")) {
            return -1;
        }
        if (!cursor.tryChar('[')) {
            return cursor.scanInteger(0, 127);
        }
        int dfmt = 1;
        int nfmt = 0;
        int unified = -1;
        do {
            int at = cursor.skipBlanks().position();
            int end = cursor.identifierEnd();
            int d = indexIn(cursor, at, end, DFMT);
            int n = indexIn(cursor, at, end, NFMT);
            int u = indexIn(cursor, at, end, target.dialect() == Dialect.GFX10 ? UFMT_GFX10 : UFMT_GFX11);
            if (d >= 0) {
                dfmt = d;
            } else if (n >= 0) {
                nfmt = n;
            } else if (u >= 0 && target.dialect() != Dialect.GFX9) {
                unified = u;
            } else {
                throw cursor.errorAt(at, u >= 0 ? "unified format is not supported on this GPU"
                        : "unsupported format");
            }
            cursor.position(end);
        } while (cursor.tryChar(','));
        cursor.expectChar(']');
        if (unified >= 0) {
            return unified;
        }
        if (target.dialect() == Dialect.GFX9) {
            return dfmt | nfmt << 4;
        }
        return unifiedFromSplit(target, dfmt, nfmt);
    }

    /** GFX10+: the legacy split spelling maps onto a unified format by name. */
    private static int unifiedFromSplit(Target target, int dfmt, int nfmt) {
        String d = DFMT[dfmt].substring("BUF_DATA_FORMAT_".length());
        String n = NFMT[nfmt].substring("BUF_NUM_FORMAT_".length());
        String name = "BUF_FMT_" + d + "_" + n;
        String[] table = target.dialect() == Dialect.GFX10 ? UFMT_GFX10 : UFMT_GFX11;
        for (int i = 0; i < table.length; i++) {
            if (table[i].equals(name)) {
                return i;
            }
        }
        return 1;
    }

    /**
     * GFX10+: the GFX9 DATA_FORMAT and NUM_FORMAT a unified format code names (LLVM's tables: {@code BUF_FMT_<data>_<num>}
     * is {@code BUF_DATA_FORMAT_<data>} with {@code BUF_NUM_FORMAT_<num>}), for the interpreter's typed buffer accesses.
     *
     * @param dialect GFX10, or GFX11+ (whose table differs from code 30 on)
     * @param code the unified FORMAT code
     * @return {@code dfmt | nfmt << 4}, or -1 for an invalid or unnamed code
     */
    public static int splitFromUnified(Dialect dialect, int code) {
        String[] table = dialect == Dialect.GFX10 ? UFMT_GFX10 : UFMT_GFX11;
        if (dialect == Dialect.GFX9 || code <= 0 || code >= table.length) {
            return -1;
        }
        String name = table[code].substring("BUF_FMT_".length());
        for (int n = 0; n < NFMT.length; n++) {
            String num = NFMT[n].substring("BUF_NUM_FORMAT".length());
            if (name.endsWith(num)) {
                String data = "BUF_DATA_FORMAT_" + name.substring(0, name.length() - num.length());
                for (int d = 0; d < DFMT.length; d++) {
                    if (DFMT[d].equals(data)) {
                        return d | n << 4;
                    }
                }
            }
        }
        return -1;
    }

    private static int indexIn(AsmCursor cursor, int at, int end, String[] table) {
        for (int i = 0; i < table.length; i++) {
            if (cursor.regionEquals(at, end, table[i])) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Prints {@code " dim:SQ_RSRC_IMG_2D"} (GFX10+ MIMG).
     *
     * @param sb where to print
     * @param dim the 3-bit dimension field
     */
    public static void printDim(StringBuilder sb, int dim) {
        sb.append(" dim:SQ_RSRC_IMG_").append(DIM[dim & 7]);
    }

    /**
     * Consumes {@code dim:SQ_RSRC_IMG_2D} or {@code dim:2D} if next.
     *
     * @param cursor the text
     * @return the dimension field, or -1 if not next
     * @throws AsmSyntaxException for an unknown dimension
     */
    public static int tryParseDim(AsmCursor cursor) {
        if (!cursor.tryText("dim:")) {
            return -1;
        }
        cursor.tryText("SQ_RSRC_IMG_");
        int at = cursor.position();
        int end = at;
        while (end < cursor.text().length() && AsmCursor.isIdentifierPart(cursor.text().charAt(end))) {
            end++;
        }
        int d = indexIn(cursor, at, end, DIM);
        if (d < 0) {
            throw cursor.errorAt(at, "invalid dim value");
        }
        cursor.position(end);
        return d;
    }

    /**
     * Prints {@code " dmask:0x?"} unless the mask is 0.
     *
     * @param sb where to print
     * @param dmask the 4-bit mask
     */
    public static void printDmask(StringBuilder sb, int dmask) {
        if (dmask != 0) {
            sb.append(" dmask:");
            SourceOperands.appendHex(sb, dmask & 0xffff);
        }
    }

    /**
     * Consumes {@code dmask:N} if next.
     *
     * @param cursor the text
     * @return the mask, or -1 if not next
     */
    public static int tryParseDmask(AsmCursor cursor) {
        return cursor.tryText("dmask:") ? cursor.scanInteger(0, 15) : -1;
    }

    /**
     * Prints a named flag such as {@code " gds"}, {@code " offen"}, {@code " idxen"}, {@code " unorm"},
     * {@code " tfe"}, {@code " lwe"}, {@code " a16"}, {@code " r128"}, {@code " d16"}, {@code " da"} when set.
     *
     * @param sb where to print
     * @param name the flag
     * @param set the bit
     */
    public static void printFlag(StringBuilder sb, String name, boolean set) {
        if (set) {
            sb.append(' ').append(name);
        }
    }

    /**
     * Consumes {@code name:N} (for example {@code offset:4095}) if next and checks its range.
     *
     * @param cursor the text
     * @param name the modifier name without colon
     * @param min smallest accepted value
     * @param max largest accepted value
     * @return the value, or {@code Long.MIN_VALUE} if the modifier is not next
     * @throws AsmSyntaxException for values out of range, located at the value
     */
    public static long tryParseValue(AsmCursor cursor, String name, long min, long max) {
        int save = cursor.skipBlanks().position();
        if (!cursor.tryWord(name) || !cursor.tryChar(':')) {
            cursor.position(save);
            return Long.MIN_VALUE;
        }
        return cursor.scanInteger(min, max);
    }
}
