package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The disassembler input scanner. Each expectation was observed with
 * {@code printf '<input>' | llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 -disassemble} (LLVM 22.1.8); the comment on
 * each case says what llvm-mc printed.
 */
class ByteStreamScannerTest {

    /** Scans and renders runs as {@code run(hex bytes @offsets)} and diagnostics as {@code error@offset:msg}. */
    private static List<String> events(String text) {
        List<String> events = new ArrayList<>();
        boolean error = ByteStreamScanner.scan(text, new ByteStreamScanner.Listener() {
            @Override
            public void run(byte[] bytes, int[] offsets, int count, boolean atomic) {
                StringBuilder s = new StringBuilder(atomic ? "block(" : "run(");
                for (int i = 0; i < count; i++) {
                    s.append(i == 0 ? "" : " ").append(String.format("%02x@%d", bytes[i] & 0xff, offsets[i]));
                }
                events.add(s.append(')').toString());
            }

            @Override
            public void diagnostic(int offset, SourceText.Severity severity, String message) {
                events.add(severity.label() + "@" + offset + ":" + message);
            }
        });
        if (error) {
            events.add("exit 1");
        }
        return events;
    }

    @Test
    void commasAndSpacesMix() {
        // '0x05,0x00 0x11,\t0xd6' -> one instruction
        assertEquals(List.of("run(05@0 00@5 11@10 d6@16)"), events("0x05,0x00 0x11,\t0xd6"));
    }

    @Test
    void wholeInputOutsideBlocksIsOneStream() {
        // '0x05,0x00,0x11,0xd6\n0x01,0x05,0x0e,0x00\n' -> v_bfe_i32 v5, v1, v2, s3 (split across lines)
        assertEquals(List.of("run(05@0 00@5 11@10 d6@15 01@20 05@25 0e@30 00@35)"),
                events("0x05,0x00,0x11,0xd6\n0x01,0x05,0x0e,0x00\n"));
    }

    @Test
    void decimalOctalBinaryAndUpperCasePrefix() {
        // '5 0 17 214' decodes like 0x05 0x00 0x11 0xd6; '010 0x00 0x80 0xbf' -> s_nop 8; '0b1 0 0x80 0xbf' ->
        // s_nop 1; '0X00 0x00 0x80 0xBF' -> s_nop 0
        assertEquals(List.of("run(05@0 00@2 11@4 d6@7)"), events("5 0 17 214"));
        assertEquals(List.of("run(08@0 01@4 ff@8 ff@13)"), events("010 0b1 0xff 0XFF"));
    }

    @Test
    void hashCommentsWholeLineAndTrailing() {
        // '# hello\n0x00,0x00#x\n0x80,0xbf\n' -> s_nop 0 (a # comment may even split an instruction)
        assertEquals(List.of("run(00@8 00@13 80@20 bf@25)"), events("# hello\n0x00,0x00#x\n0x80,0xbf\n"));
    }

    @Test
    void slashSlashAndSemicolonAreInvalidTokensThatDropTheRun() {
        // '0x00,0x00,0x80,0xbf // nop\n' -> "1:21: error: invalid input token", nothing printed, exit 0
        assertEquals(List.of("error@20:invalid input token"), events("0x00,0x00,0x80,0xbf // nop\n"));
        // '0x00,0x00,0x80,0xbf ; c\n' -> same
        assertEquals(List.of("error@20:invalid input token"), events("0x00,0x00,0x80,0xbf ; c\n"));
    }

    @Test
    void invalidTokenDiscardsEverythingCollectedSoFarEvenOnEarlierLines() {
        // '0x00,0x00,0x80,0xbf\nfoo\n0x00,0x00,0x80,0xbf\n' -> "2:1: error: invalid input token", ONE s_nop 0
        assertEquals(List.of("error@20:invalid input token", "run(00@24 00@29 80@34 bf@39)"),
                events("0x00,0x00,0x80,0xbf\nfoo\n0x00,0x00,0x80,0xbf\n"));
    }

    @Test
    void invalidTokenSkipsRestOfLine() {
        // '0x00,0x00,0x80,0xbf,0x00,0x00,zz,0x80,0xbf\n0x00,0x00,0x80,0xbf\n' -> 1:31 error, one s_nop 0
        assertEquals(List.of("error@30:invalid input token", "run(00@43 00@48 80@53 bf@58)"),
                events("0x00,0x00,0x80,0xbf,0x00,0x00,zz,0x80,0xbf\n0x00,0x00,0x80,0xbf\n"));
    }

    @Test
    void outOfRangeAndMalformedNumbersAreInvalidTokens() {
        // printf '%s\n' -1 1e 0x 256 255 -> invalid input token on lines 1-4; 255 is a byte (then a decode warning)
        assertEquals(List.of("error@0:invalid input token", "error@3:invalid input token",
                "error@6:invalid input token", "error@9:invalid input token", "run(ff@13)"),
                events("-1\n1e\n0x\n256\n255\n"));
        // '0x100' -> 1:1 invalid input token
        assertEquals(List.of("error@0:invalid input token"), events("0x100\n"));
    }

    @Test
    void blockIsItsOwnRun() {
        // '[0x05,0x00,0x11,0xd6,0x01,0x05,0x0e,0x00,0x00,0x00,0x80,0xbf]' -> v_bfe_i32 ... then s_nop 0
        assertEquals(List.of("run(00@0)", "block(01@6 02@11)", "run(03@17)"), events("0x00 [0x01,0x02] 0x03"));
    }

    @Test
    void nestedAndStrayBracketsAreErrorsWithExitOne() {
        // '[0x00,0x00,0x80,0xbf [0x00,0x00,0x80,0xbf]]' -> 1:22 "nested atomic blocks make no sense",
        // 1:43 "attempt to close atomic block without opening", two s_nop 0, exit 1
        assertEquals(List.of("block(00@1 00@6 80@11 bf@16)", "error@21:nested atomic blocks make no sense",
                "block(00@22 00@27 80@32 bf@37)", "error@42:attempt to close atomic block without opening",
                "exit 1"), events("[0x00,0x00,0x80,0xbf [0x00,0x00,0x80,0xbf]]"));
    }

    @Test
    void unclosedBlockIsReportedAtEndOfInput() {
        // '[0x00,0x00,0x80,0xbf\n' -> s_nop 0, then "2:1: error: unclosed atomic block", exit 1
        assertEquals(List.of("block(00@1 00@6 80@11 bf@16)", "error@21:unclosed atomic block", "exit 1"),
                events("[0x00,0x00,0x80,0xbf\n"));
    }

    @Test
    void emptyAndCommentOnlyInputsProduceNothing() {
        assertEquals(List.of(), events(""));
        assertEquals(List.of(), events("\n\n  , ,\r\n# only a comment"));
    }

    @Test
    void fourCharacterHexTokensEndOnlyAtADelimiter() {
        // The scanner reads '0xNN' directly when a delimiter or the end follows; a longer token takes the general
        // path: '0x0ff' is 255, '0x1f0' and '0x1fz' are invalid, as llvm-mc reads them.
        assertEquals(List.of("run(ff@0 ab@6 cd@11)"), events("0x0ff 0xAb,0xcD"));
        assertEquals(List.of("error@0:invalid input token"), events("0x1f0\n"));
        assertEquals(List.of("error@5:invalid input token"), events("0x01 0x1fz\n"));
        assertEquals(List.of("run(12@0)", "error@7:attempt to close atomic block without opening", "exit 1"),
                events("0x12#c\n]"));
    }

    @ParameterizedTest
    @CsvSource({"0x00,0", "0xff,255", "0XfF,255", "255,255", "0377,255", "0o17,15", "0b101,5", "0,0", "00,0",
            "256,-1", "0x,-1", "08,-1", "1e,-1", "-1,-1", "+1,-1", "0x1g,-1", "0x0000000000000001,1"})
    void parsesBytesLikeGetAsInteger(String token, int expected) {
        assertEquals(expected, ByteStreamScanner.parseByte(token, 0, token.length()));
    }
}
