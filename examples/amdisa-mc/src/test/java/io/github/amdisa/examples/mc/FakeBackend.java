package io.github.amdisa.examples.mc;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test double for the codec. Every instruction is one little-endian dword:
 * <ul>
 *   <li>{@code 0xbf80000N} ({@code N} up to 15) is {@code s_nop N}, exactly as on gfx1100, so outputs can be
 *       compared with llvm-mc's;</li>
 *   <li>a dword whose first byte is {@code 0xff} is invalid (skip 4, like AMDGPU); fewer than 4 bytes are invalid
 *       (skip all of them, as AMDGPU's {@code min(4, size)});</li>
 *   <li>anything else is {@code fake 0x%08x}.</li>
 * </ul>
 * Assembling accepts {@code s_nop N} and {@code fake 0xHEX}; {@code s_nop N} with a missing operand reports
 * {@code too few operands for instruction} at column 0, an unknown mnemonic {@code invalid instruction} at column 0,
 * as llvm-mc does.
 */
final class FakeBackend implements McBackend {

    private static final Pattern NOP = Pattern.compile("s_nop\\s+(\\d+)");
    private static final Pattern FAKE = Pattern.compile("fake\\s+0x([0-9a-fA-F]{1,8})");

    static McBackendProvider provider() {
        return (McTarget target, List<String> features) -> Optional.of(new FakeBackend());
    }

    @Override
    public int disassemble(byte[] bytes, int offset, int length, StringBuilder out) throws McException {
        if (length < 4) {
            throw McException.invalidEncoding("truncated", length);
        }
        if ((bytes[offset] & 0xff) == 0xff) {
            throw McException.invalidEncoding("0xff prefix", 4);
        }
        int word = (bytes[offset] & 0xff) | (bytes[offset + 1] & 0xff) << 8 | (bytes[offset + 2] & 0xff) << 16
                | (bytes[offset + 3] & 0xff) << 24;
        if ((word & 0xffff0000) == 0xbf800000 && (word & 0xffff) <= 15) {
            out.append("s_nop ").append(word & 0xffff);
        } else {
            out.append(String.format(Locale.ROOT, "fake 0x%08x", word));
        }
        return 4;
    }

    @Override
    public Assembly assemble(String statement) throws McException {
        int word;
        Matcher nop = NOP.matcher(statement);
        Matcher fake = FAKE.matcher(statement);
        if (nop.matches()) {
            word = 0xbf800000 | Integer.parseInt(nop.group(1));
        } else if (fake.matches()) {
            word = Integer.parseUnsignedInt(fake.group(1), 16);
        } else if (statement.equals("s_nop")) {
            throw McException.at("too few operands for instruction", 0);
        } else {
            throw McException.at("invalid instruction", 0);
        }
        String text = nop.matches() ? "s_nop " + (word & 0xffff) : String.format(Locale.ROOT, "fake 0x%08x", word);
        return new Assembly(new byte[] {(byte) word, (byte) (word >>> 8), (byte) (word >>> 16), (byte) (word >>> 24)},
                text);
    }
}
