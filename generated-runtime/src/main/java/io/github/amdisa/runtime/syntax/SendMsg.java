package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Dialect;
import io.github.amdisa.runtime.Target;

/**
 * The {@code sendmsg(...)} operand of {@code s_sendmsg}, {@code s_sendmsghalt}.
 *
 * <p>Layout: GFX9/GFX10 message id in bits 3:0, operation in 6:4, stream in 9:8; GFX11 and later message id in
 * bits 7:0 and no operation or stream. LLVM prints {@code sendmsg(NAME)}, {@code sendmsg(NAME, OP)} or
 * {@code sendmsg(NAME, OP, stream)} when the id has a name and the operation and stream are valid for it (bits
 * outside the fields are then ignored); otherwise {@code sendmsg(id, op, stream)} in decimal if that re-encodes to
 * the same value; otherwise the raw decimal value. Names per target were dumped from {@code llvm-mc-22}.
 */
public final class SendMsg {
    private static final int[] IDS_GFX9 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15};
    private static final String[] NAMES_GFX9 = {"MSG_INTERRUPT", "MSG_GS", "MSG_GS_DONE", "MSG_SAVEWAVE",
        "MSG_STALL_WAVE_GEN", "MSG_HALT_WAVES", "MSG_ORDERED_PS_DONE", "MSG_EARLY_PRIM_DEALLOC",
        "MSG_GS_ALLOC_REQ", "MSG_GET_DOORBELL", "MSG_SYSMSG"};
    private static final int[] IDS_GFX10 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15};
    private static final String[] NAMES_GFX10 = {"MSG_INTERRUPT", "MSG_GS", "MSG_GS_DONE", "MSG_SAVEWAVE",
        "MSG_STALL_WAVE_GEN", "MSG_HALT_WAVES", "MSG_ORDERED_PS_DONE", "MSG_EARLY_PRIM_DEALLOC",
        "MSG_GS_ALLOC_REQ", "MSG_GET_DOORBELL", "MSG_GET_DDID", "MSG_SYSMSG"};
    private static final int[] IDS_GFX11 = {1, 2, 3, 5, 6, 9, 128, 129, 130, 131, 132, 133, 134};
    private static final String[] NAMES_GFX11 = {"MSG_INTERRUPT", "MSG_HS_TESSFACTOR", "MSG_DEALLOC_VGPRS",
        "MSG_STALL_WAVE_GEN", "MSG_HALT_WAVES", "MSG_GS_ALLOC_REQ", "MSG_RTN_GET_DOORBELL", "MSG_RTN_GET_DDID",
        "MSG_RTN_GET_TMA", "MSG_RTN_GET_REALTIME", "MSG_RTN_SAVE_WAVE", "MSG_RTN_GET_TBA",
        "MSG_RTN_GET_TBA_TO_PC"};
    private static final int[] IDS_GFX12 = {1, 2, 3, 9, 128, 129, 130, 131, 132, 133, 134, 135};
    private static final String[] NAMES_GFX12 = {"MSG_INTERRUPT", "MSG_HS_TESSFACTOR", "MSG_DEALLOC_VGPRS",
        "MSG_GS_ALLOC_REQ", "MSG_RTN_GET_DOORBELL", "MSG_RTN_GET_DDID", "MSG_RTN_GET_TMA", "MSG_RTN_GET_REALTIME",
        "MSG_RTN_SAVE_WAVE", "MSG_RTN_GET_TBA", "MSG_RTN_GET_TBA_TO_PC", "MSG_RTN_GET_SE_AID_ID"};
    private static final int[] IDS_GFX1250 = {1, 2, 3, 9, 10, 128, 129, 130, 131, 132, 133, 134, 135, 136};
    private static final String[] NAMES_GFX1250 = {"MSG_INTERRUPT", "MSG_HS_TESSFACTOR", "MSG_DEALLOC_VGPRS",
        "MSG_GS_ALLOC_REQ", "MSG_SAVEWAVE_HAS_TDM", "MSG_RTN_GET_DOORBELL", "MSG_RTN_GET_DDID", "MSG_RTN_GET_TMA",
        "MSG_RTN_GET_REALTIME", "MSG_RTN_SAVE_WAVE", "MSG_RTN_GET_TBA", "MSG_RTN_GET_TBA_TO_PC",
        "MSG_RTN_GET_SE_AID_ID", "MSG_RTN_GET_CLUSTER_BARRIER_STATE"};

    private static final int MSG_GS = 2;
    private static final int MSG_GS_DONE = 3;
    private static final int MSG_SYSMSG = 15;
    private static final int[] GS_OPS = {0, 1, 2, 3};
    private static final String[] GS_OP_NAMES = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
    private static final int[] SYS_OPS = {1, 2, 4};
    private static final String[] SYS_OP_NAMES = {"SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
        "SYSMSG_OP_TTRACE_PC"};

    private SendMsg() {
    }

    private static boolean legacy(Target t) {
        return t.dialect() == Dialect.GFX9 || t.dialect() == Dialect.GFX10;
    }

    private static int[] ids(Target t) {
        switch (t.dialect()) {
            case GFX9:
                return IDS_GFX9;
            case GFX10:
                return IDS_GFX10;
            case GFX11:
                return IDS_GFX11;
            case GFX12:
                return IDS_GFX12;
            default:
                return IDS_GFX1250;
        }
    }

    private static String[] names(Target t) {
        switch (t.dialect()) {
            case GFX9:
                return NAMES_GFX9;
            case GFX10:
                return NAMES_GFX10;
            case GFX11:
                return NAMES_GFX11;
            case GFX12:
                return NAMES_GFX12;
            default:
                return NAMES_GFX1250;
        }
    }

    /**
     * Encodes a message.
     *
     * @param target the target
     * @param id the message id
     * @param op the operation (GFX9/GFX10 only, else 0)
     * @param stream the stream (GFX9/GFX10 only, else 0)
     * @return the {@code simm16}
     */
    public static int encode(Target target, int id, int op, int stream) {
        return legacy(target) ? (id & 0xf) | (op & 7) << 4 | (stream & 3) << 8 : id & 0xff;
    }

    private static boolean requiresOp(Target t, int id) {
        return legacy(t) && (id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG);
    }

    private static boolean validOp(Target t, int id, int op) {
        if (!requiresOp(t, id)) {
            return op == 0;
        }
        if (id == MSG_SYSMSG) {
            return op == 1 || op == 2 || op == 4;
        }
        return op <= 3 && (id == MSG_GS_DONE || op != 0);
    }

    private static boolean validStream(Target t, int id, int op, int stream) {
        boolean supportsStream = legacy(t) && (id == MSG_GS || id == MSG_GS_DONE) && op != 0;
        return supportsStream || stream == 0;
    }

    /**
     * Prints the operand as LLVM does.
     *
     * @param sb where to print
     * @param target the target
     * @param imm the {@code simm16}
     */
    public static void print(StringBuilder sb, Target target, int imm) {
        imm &= 0xffff;
        boolean legacy = legacy(target);
        int id = legacy ? imm & 0xf : imm & 0xff;
        int op = legacy ? (imm >>> 4) & 7 : 0;
        int stream = legacy ? (imm >>> 8) & 3 : 0;
        String name = SpecialSyntax.name(ids(target), names(target), id);
        if (name != null && validOp(target, id, op) && validStream(target, id, op, stream)) {
            sb.append("sendmsg(").append(name);
            if (requiresOp(target, id)) {
                sb.append(", ").append(id == MSG_SYSMSG ? SpecialSyntax.name(SYS_OPS, SYS_OP_NAMES, op)
                        : GS_OP_NAMES[op]);
                if (id != MSG_SYSMSG && op != 0) {
                    sb.append(", ").append(stream);
                }
            }
            sb.append(')');
        } else if (encode(target, id, op, stream) == imm) {
            sb.append("sendmsg(").append(id).append(", ").append(op).append(", ").append(stream).append(')');
        } else {
            sb.append(imm);
        }
    }

    /**
     * Parses {@code sendmsg(MSG[, OP[, stream]])} (names or integers) or a raw 16-bit integer.
     *
     * @param cursor the text
     * @param target the target
     * @return the {@code simm16}
     * @throws AsmSyntaxException for unknown names, invalid operations or malformed text
     */
    public static int parse(AsmCursor cursor, Target target) {
        int at = cursor.skipBlanks().position();
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        if (!cursor.tryWord("sendmsg")) {
            throw cursor.errorAt(at, "expected a sendmsg macro or an integer");
        }
        cursor.expectChar('(');
        int idAt = cursor.skipBlanks().position();
        boolean symbolic = AsmCursor.isIdentifierStart(cursor.peek());
        int id = SpecialSyntax.nameOrInteger(cursor, ids(target), names(target), legacy(target) ? 15 : 255,
                "message name");
        int op = 0;
        int stream = 0;
        boolean hasOp = false;
        if (cursor.tryChar(',')) {
            hasOp = true;
            int opAt = cursor.skipBlanks().position();
            if (id == MSG_SYSMSG && legacy(target)) {
                op = SpecialSyntax.nameOrInteger(cursor, SYS_OPS, SYS_OP_NAMES, 7, "operation");
            } else {
                op = SpecialSyntax.nameOrInteger(cursor, GS_OPS, GS_OP_NAMES, 7, "operation");
            }
            int streamAt = -1;
            if (cursor.tryChar(',')) {
                streamAt = cursor.skipBlanks().position();
                stream = cursor.scanInteger(0, 3);
            }
            // GFX11+ has no operation or stream fields; LLVM still accepts the numeric form with zeros.
            if (!legacy(target) && op != 0) {
                throw cursor.errorAt(opAt, "message operation is not supported on this GPU");
            }
            if (!legacy(target) && stream != 0) {
                throw cursor.errorAt(streamAt, "message stream is not supported on this GPU");
            }
        }
        cursor.expectChar(')');
        if (symbolic) {
            if (requiresOp(target, id) && !hasOp) {
                throw cursor.errorAt(idAt, "missing message operation");
            }
            if (!validOp(target, id, op)) {
                throw cursor.errorAt(idAt, "invalid operation id");
            }
        }
        return encode(target, id, op, stream);
    }
}
