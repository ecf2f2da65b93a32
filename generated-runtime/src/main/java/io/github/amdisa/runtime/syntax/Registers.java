package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;

/**
 * LLVM's spelling of registers: numbered registers and ranges ({@code v5}, {@code v[2:3]}, {@code s[4:7]},
 * {@code a[0:3]}, {@code ttmp[4:5]}), 16-bit halves ({@code v5.l}), and the named scalar registers of the 9-bit
 * SRC encoding ({@code vcc}, {@code exec_hi}, {@code m0}, {@code null}, {@code src_shared_base}, ...).
 *
 * <p>Facts learned from {@code llvm-mc-22 -disassemble} over every code and width on every target:
 * <ul>
 *   <li>codes 102..105 are {@code flat_scratch_lo/hi} and {@code xnack_mask_lo/hi} on GFX9 only; GFX10 and later
 *       print {@code s102..s105};</li>
 *   <li>{@code m0} is 124 and {@code null} 125 up to GFX10; GFX11 and later swap them;</li>
 *   <li>64-bit pairs named by LLVM: {@code vcc} (106), {@code exec} (126), on GFX9 {@code flat_scratch} (102) and
 *       {@code xnack_mask} (104); the odd halves (103, 105, 107, 127) are invalid as 64-bit operands;</li>
 *   <li>a misaligned SGPR or TTMP range is printed aligned down (code 101 as 64 bits prints {@code s[100:101]});
 *       ranges of three or more dwords align to four;</li>
 *   <li>in a 64-bit context 230 prints {@code src_flat_scratch_base_lo} (sic) and 235..238 print without
 *       {@code _lo}.</li>
 * </ul>
 */
public final class Registers {
    /** SRC code of {@code vcc_lo}. */
    public static final int VCC_LO = 106;
    /** SRC code of {@code exec_lo}. */
    public static final int EXEC_LO = 126;
    /** First SRC code of the trap temporaries. */
    public static final int TTMP_FIRST = 108;
    /** First SRC code of the VGPRs. */
    public static final int VGPR_FIRST = 256;

    private Registers() {
    }

    /**
     * Prints a numbered register or range: {@code v5}, {@code v[2:3]}.
     *
     * @param sb where to print
     * @param kind the register file
     * @param first the first register index
     * @param count the number of dwords, at least 1
     */
    public static void print(StringBuilder sb, RegisterKind kind, int first, int count) {
        sb.append(kind.prefix());
        if (count == 1) {
            sb.append(first);
        } else {
            sb.append('[').append(first).append(':').append(first + count - 1).append(']');
        }
    }

    /**
     * Returns the name of the implicit carry/condition register LLVM prints for VOPC and carry VOP2 instructions
     * ({@code v_cndmask_b32_e32 v1, 1.0, v2, vcc_lo}): {@code vcc} in wave64, {@code vcc_lo} in wave32.
     *
     * @param waveSize 32 or 64, normally {@link Target#defaultWaveSize()}
     * @return {@code "vcc"} or {@code "vcc_lo"}
     */
    public static String implicitVcc(int waveSize) {
        return waveSize == 64 ? "vcc" : "vcc_lo";
    }

    /**
     * Prints a 16-bit half of a VGPR as LLVM's real-true16 syntax does: {@code v5.l} or {@code v5.h}.
     *
     * @param sb where to print
     * @param index the VGPR index
     * @param high true for the high half
     */
    public static void printVgpr16(StringBuilder sb, int index, boolean high) {
        sb.append('v').append(index).append(high ? ".h" : ".l");
    }

    /**
     * Prints the register named by a SRC code that is not a constant: SGPRs, TTMPs, named registers and VGPRs
     * (codes 256..511). Inline constants and literals are printed by {@link SourceOperands}.
     *
     * @param sb where to print
     * @param target the target
     * @param code the SRC code, 0..511
     * @param dwords the operand width in dwords, at least 1
     * @return false (printing nothing) if LLVM has no register for this code at this width
     */
    public static boolean printSource(StringBuilder sb, Target target, int code, int dwords) {
        if (code >= VGPR_FIRST && code < 512) {
            // LLVM prints a range running past v255 as is (v[255:256]), so no bound check here.
            print(sb, RegisterKind.VGPR, code - VGPR_FIRST, dwords);
            return true;
        }
        return printScalar(sb, target, code, dwords);
    }

    /**
     * Prints the scalar register named by an SSRC/SDST code (0..255) at a width.
     *
     * @param sb where to print
     * @param target the target
     * @param code the code, 0..255
     * @param dwords the operand width in dwords, at least 1
     * @return false (printing nothing) if LLVM has no register for this code at this width
     */
    public static boolean printScalar(StringBuilder sb, Target target, int code, int dwords) {
        if (code < 0 || code > 255 || dwords < 1) {
            return false;
        }
        int align = dwords == 1 ? 1 : dwords == 2 ? 2 : 4;
        int sgprLimit = target.dialect() == Dialect.GFX9 ? 102 : 106;
        if (code < sgprLimit) {
            int first = code - code % align;
            if (first + dwords > sgprLimit) {
                return false;
            }
            print(sb, RegisterKind.SGPR, first, dwords);
            return true;
        }
        if (code >= TTMP_FIRST && code < TTMP_FIRST + 16) {
            int first = (code - TTMP_FIRST) - (code - TTMP_FIRST) % align;
            if (first + dwords > 16) {
                return false;
            }
            print(sb, RegisterKind.TTMP, first, dwords);
            return true;
        }
        String name = specialName(target, code, dwords);
        if (name == null) {
            return false;
        }
        sb.append(name);
        return true;
    }

    /**
     * Returns LLVM's name of a named scalar register code at a width, or null.
     *
     * @param target the target
     * @param code the code, 0..255
     * @param dwords 1, 2 or more
     * @return the name, or null if the code names no register at that width
     */
    static String specialName(Target target, int code, int dwords) {
        boolean gfx9 = target.dialect() == Dialect.GFX9;
        boolean gfx11 = target.dialect().isGfx11Plus();
        int nullCode = gfx11 ? 124 : 125;
        if (code == nullCode) {
            return "null";
        }
        if (dwords > 2) {
            return null;
        }
        boolean wide = dwords == 2;
        switch (code) {
            case 102:
                return gfx9 ? (wide ? "flat_scratch" : "flat_scratch_lo") : null;
            case 103:
                return gfx9 && !wide ? "flat_scratch_hi" : null;
            case 104:
                return gfx9 ? (wide ? "xnack_mask" : "xnack_mask_lo") : null;
            case 105:
                return gfx9 && !wide ? "xnack_mask_hi" : null;
            case 106:
                return wide ? "vcc" : "vcc_lo";
            case 107:
                return wide ? null : "vcc_hi";
            case 124:
            case 125:
                return wide ? null : "m0";
            case 126:
                return wide ? "exec" : "exec_lo";
            case 127:
                return wide ? null : "exec_hi";
            case 230:
                return "src_flat_scratch_base_lo";
            case 231:
                return wide ? null : "src_flat_scratch_base_hi";
            case 235:
                return "src_shared_base";
            case 236:
                return "src_shared_limit";
            case 237:
                return "src_private_base";
            case 238:
                return "src_private_limit";
            case 239:
                return "src_pops_exiting_wave_id";
            case 251:
                return "src_vccz";
            case 252:
                return "src_execz";
            case 253:
                return "src_scc";
            case 254:
                return wide ? null : "src_lds_direct";
            default:
                return null;
        }
    }

    /** Availability of a named register in the parser, as {@code llvm-mc-22} accepts it. */
    private enum Avail {
        ALL, GFX9_ONLY, GFX10_PLUS, GFX9_GFX10, LDS_DIRECT, GFX1250_ONLY;

        boolean on(Target t) {
            Dialect d = t.dialect();
            switch (this) {
                case GFX9_ONLY:
                    return d == Dialect.GFX9;
                case GFX10_PLUS:
                    return d != Dialect.GFX9;
                case GFX9_GFX10:
                    return d == Dialect.GFX9 || d == Dialect.GFX10;
                case LDS_DIRECT:
                    return t == Target.GFX908 || d == Dialect.GFX10;
                case GFX1250_ONLY:
                    return t == Target.GFX1250;
                default:
                    return true;
            }
        }
    }

    /** A named register: its code (-1 m0, -2 null: target dependent), width (0 fits any width), availability. */
    private static final class Named {
        final String name;
        final int code;
        final int dwords;
        final Avail avail;

        Named(String name, int code, int dwords, Avail avail) {
            this.name = name;
            this.code = code;
            this.dwords = dwords;
            this.avail = avail;
        }
    }

    private static final Named[] NAMES = {
        new Named("vcc", 106, 2, Avail.ALL),
        new Named("vcc_lo", 106, 1, Avail.ALL),
        new Named("vcc_hi", 107, 1, Avail.ALL),
        new Named("exec", 126, 2, Avail.ALL),
        new Named("exec_lo", 126, 1, Avail.ALL),
        new Named("exec_hi", 127, 1, Avail.ALL),
        new Named("m0", -1, 1, Avail.ALL),
        new Named("null", -2, 0, Avail.GFX10_PLUS),
        new Named("flat_scratch", 102, 2, Avail.GFX9_ONLY),
        new Named("flat_scratch_lo", 102, 1, Avail.GFX9_ONLY),
        new Named("flat_scratch_hi", 103, 1, Avail.GFX9_ONLY),
        new Named("xnack_mask", 104, 2, Avail.GFX9_ONLY),
        new Named("xnack_mask_lo", 104, 1, Avail.GFX9_ONLY),
        new Named("xnack_mask_hi", 105, 1, Avail.GFX9_ONLY),
        new Named("src_shared_base", 235, 0, Avail.ALL),
        new Named("shared_base", 235, 0, Avail.ALL),
        new Named("src_shared_limit", 236, 0, Avail.ALL),
        new Named("shared_limit", 236, 0, Avail.ALL),
        new Named("src_private_base", 237, 0, Avail.ALL),
        new Named("private_base", 237, 0, Avail.ALL),
        new Named("src_private_limit", 238, 0, Avail.ALL),
        new Named("private_limit", 238, 0, Avail.ALL),
        new Named("src_pops_exiting_wave_id", 239, 0, Avail.GFX9_GFX10),
        new Named("pops_exiting_wave_id", 239, 0, Avail.GFX9_GFX10),
        new Named("src_vccz", 251, 0, Avail.GFX9_GFX10),
        new Named("vccz", 251, 0, Avail.GFX9_GFX10),
        new Named("src_execz", 252, 0, Avail.GFX9_GFX10),
        new Named("execz", 252, 0, Avail.GFX9_GFX10),
        new Named("src_scc", 253, 0, Avail.ALL),
        new Named("scc", 253, 0, Avail.ALL),
        new Named("src_lds_direct", 254, 1, Avail.LDS_DIRECT),
        new Named("lds_direct", 254, 1, Avail.LDS_DIRECT),
        new Named("src_flat_scratch_base_lo", 230, 0, Avail.GFX1250_ONLY),
        new Named("src_flat_scratch_base_hi", 231, 0, Avail.GFX1250_ONLY),
    };

    /**
     * {@link #NAMES} by the first character of the name (ASCII), each bucket in {@link #NAMES} order: a numbered
     * register ({@code v5}, {@code s[4:7]}) is then compared with the few names starting like it, not with all.
     */
    private static final Named[][] NAMES_BY_FIRST = namesByFirst();

    private static Named[][] namesByFirst() {
        Named[][] byFirst = new Named[128][];
        for (Named n : NAMES) {
            char first = n.name.charAt(0);
            Named[] bucket = byFirst[first];
            bucket = bucket == null ? new Named[1] : java.util.Arrays.copyOf(bucket, bucket.length + 1);
            bucket[bucket.length - 1] = n;
            byFirst[first] = bucket;
        }
        Named[] none = new Named[0];
        for (int c = 0; c < byFirst.length; c++) {
            if (byFirst[c] == null) {
                byFirst[c] = none;
            }
        }
        return byFirst;
    }

    /**
     * Parses a register if one is next: numbered registers and ranges ({@code v5}, {@code v[5]}, {@code s[4:7]},
     * {@code [s4,s5]}, {@code ttmp[4:5]}, {@code a[0:3]}), 16-bit halves ({@code v5.l}, {@code v5.h}) and named
     * registers. Fills {@link Operand#code()} (SRC encoding), kind, index, dwords and half.
     *
     * <p>{@code null} and the {@code src_*} constants report width 0: they fit any width. Other named registers
     * report their own width. Names a target's parser rejects (for example {@code null} on GFX9,
     * {@code src_vccz} on GFX11 and later) are errors.
     *
     * @param cursor the text
     * @param target the target (decides {@code m0}/{@code null} codes and GFX9-only names)
     * @param out receives the register; reset by the caller
     * @return false, consuming nothing, if the next token is not a register
     * @throws AsmSyntaxException if the text starts like a register but is malformed (bad index, range or alignment)
     */
    public static boolean tryParse(AsmCursor cursor, Target target, Operand out) {
        cursor.skipBlanks();
        int start = cursor.position();
        if (cursor.peek() == '[') {
            return parseList(cursor, target, out);
        }
        int idEnd = cursor.identifierEnd();
        if (idEnd == start) {
            return false;
        }
        // (An identifier starts with an ASCII character: AsmCursor.isIdentifierStart.)
        for (Named n : NAMES_BY_FIRST[cursor.text().charAt(start) & 0x7f]) {
            if (cursor.regionEquals(start, idEnd, n.name)) {
                if (!n.avail.on(target)) {
                    throw cursor.errorAt(start, n.name + " register not available on this GPU");
                }
                boolean gfx11 = target.dialect().isGfx11Plus();
                int code = n.code;
                if (code == -1) {
                    code = gfx11 ? 125 : 124;
                } else if (code == -2) {
                    code = gfx11 ? 124 : 125;
                }
                out.code = code;
                out.dwords = n.dwords;
                out.start = start;
                cursor.position(idEnd);
                out.end = idEnd;
                return true;
            }
        }
        RegisterKind kind = prefixKind(cursor, start, idEnd);
        if (kind == null) {
            return false;
        }
        int afterPrefix = start + (accPrefix(cursor.text(), start, idEnd) ? 3 : kind.prefix().length());
        cursor.position(afterPrefix);
        if (cursor.peekRaw(0) == '[') {
            cursor.position(afterPrefix + 1);
            int first = scanIndex(cursor, kind, target);
            int last = first;
            if (cursor.tryChar(':')) {
                last = scanIndex(cursor, kind, target);
            }
            cursor.expectChar(']');
            if (last < first) {
                throw cursor.errorAt(start, "first register index should not exceed second index");
            }
            fill(cursor, target, out, kind, first, last - first + 1, start);
            return true;
        }
        int digitsEnd = afterPrefix;
        while (digitsEnd < idEnd && Character.isDigit(cursor.text().charAt(digitsEnd))) {
            digitsEnd++;
        }
        int half = Operand.NO_HALF;
        if (digitsEnd != idEnd) {
            if (kind == RegisterKind.VGPR && digitsEnd + 2 == idEnd && cursor.text().charAt(digitsEnd) == '.'
                    && (cursor.text().charAt(digitsEnd + 1) == 'l' || cursor.text().charAt(digitsEnd + 1) == 'h')) {
                half = cursor.text().charAt(digitsEnd + 1) == 'h' ? Operand.HIGH_HALF : Operand.LOW_HALF;
            } else {
                // Not a register (s0x10, v2abc: llvm-mc reads a symbol there): leave the cursor where the token
                // starts, so that the caller does not read the rest (0x10) as a number.
                cursor.position(start);
                return false;
            }
        }
        long index = 0;
        for (int p = afterPrefix; p < digitsEnd && index <= 1 << 20; p++) {
            index = index * 10 + cursor.text().charAt(p) - '0';
        }
        if (index > maxIndex(kind, target)) {
            throw cursor.errorAt(start, "register index out of range");
        }
        cursor.position(idEnd);
        fill(cursor, target, out, kind, (int) index, 1, start);
        out.half = half;
        return true;
    }

    /**
     * Parses a register, failing if none is next.
     *
     * @param cursor the text
     * @param target the target
     * @param out receives the register; reset by the caller
     * @throws AsmSyntaxException if no register is next or it is malformed
     */
    public static void parse(AsmCursor cursor, Target target, Operand out) {
        if (!tryParse(cursor, target, out)) {
            throw cursor.error("expected a register");
        }
    }

    private static boolean parseList(AsmCursor cursor, Target target, Operand out) {
        int start = cursor.position();
        cursor.expectChar('[');
        Operand element = new Operand();
        RegisterKind kind = null;
        int first = -1;
        int count = 0;
        do {
            int elementStart = cursor.skipBlanks().position();
            element.reset();
            if (!tryParse(cursor, target, element) || element.kind == null || element.dwords != 1
                    || element.half != Operand.NO_HALF) {
                throw cursor.errorAt(elementStart, "expected a single 32-bit register");
            }
            if (kind == null) {
                kind = element.kind;
                first = element.index;
            } else if (element.kind != kind || element.index != first + count) {
                throw cursor.errorAt(elementStart, "registers in a list must be consecutive and of one kind");
            }
            count++;
        } while (cursor.tryChar(','));
        cursor.expectChar(']');
        fill(cursor, target, out, kind, first, count, start);
        return true;
    }

    /** LLVM's other AGPR prefix: {@code acc7}, {@code acc[0:3]} are {@code a7}, {@code a[0:3]}. */
    private static boolean accPrefix(CharSequence t, int start, int idEnd) {
        return idEnd - start >= 3 && t.charAt(start) == 'a' && t.charAt(start + 1) == 'c' && t.charAt(start + 2) == 'c'
                && (idEnd - start > 3 ? Character.isDigit(t.charAt(start + 3))
                : start + 3 < t.length() && t.charAt(start + 3) == '[');
    }

    private static RegisterKind prefixKind(AsmCursor cursor, int start, int idEnd) {
        CharSequence t = cursor.text();
        int next;
        RegisterKind kind;
        if (idEnd - start >= 4 && t.charAt(start) == 't' && t.charAt(start + 1) == 't' && t.charAt(start + 2) == 'm'
                && t.charAt(start + 3) == 'p') {
            kind = RegisterKind.TTMP;
            next = start + 4;
        } else if (accPrefix(t, start, idEnd)) {
            kind = RegisterKind.AGPR;
            next = start + 3;
        } else {
            switch (t.charAt(start)) {
                case 'v':
                    kind = RegisterKind.VGPR;
                    break;
                case 's':
                    kind = RegisterKind.SGPR;
                    break;
                case 'a':
                    kind = RegisterKind.AGPR;
                    break;
                default:
                    return null;
            }
            next = start + 1;
        }
        int c = next < t.length() ? t.charAt(next) : -1;
        boolean bracket = next == idEnd && c == '[';
        boolean digit = next < idEnd && c >= '0' && c <= '9';
        return bracket || digit ? kind : null;
    }

    private static int scanIndex(AsmCursor cursor, RegisterKind kind, Target target) {
        int at = cursor.skipBlanks().position();
        if (!cursor.atNumber() || cursor.peek() == '-' || cursor.peek() == '+') {
            throw cursor.errorAt(at, "expected a register index");
        }
        long v = cursor.scanInteger();
        if (v < 0 || v > maxIndex(kind, target)) {
            throw cursor.errorAt(at, "register index out of range");
        }
        return (int) v;
    }

    private static int maxIndex(RegisterKind kind, Target target) {
        switch (kind) {
            case SGPR:
                return target.dialect() == Dialect.GFX9 ? 101 : 105;
            case TTMP:
                return 15;
            default:
                return 255;
        }
    }

    private static void fill(AsmCursor cursor, Target target, Operand out, RegisterKind kind, int first, int count,
            int start) {
        if (kind == RegisterKind.AGPR && !target.hasAgprs()) {
            throw cursor.errorAt(start, "AGPRs are not available on this GPU");
        }
        if (first + count - 1 > maxIndex(kind, target)) {
            throw cursor.errorAt(start, "register range out of bounds");
        }
        if ((kind == RegisterKind.SGPR || kind == RegisterKind.TTMP) && count > 1) {
            int align = count == 2 ? 2 : 4;
            if (first % align != 0) {
                throw cursor.errorAt(start, "invalid register alignment");
            }
        }
        out.kind = kind;
        out.index = first;
        out.dwords = count;
        out.agpr = kind == RegisterKind.AGPR;
        switch (kind) {
            case SGPR:
                out.code = first;
                break;
            case TTMP:
                out.code = TTMP_FIRST + first;
                break;
            default:
                out.code = VGPR_FIRST + first;
                break;
        }
        out.start = start;
        out.end = cursor.position();
    }
}
