package io.github.amdisa.examples.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Command-line parsing; error texts copy llvm-mc-22's (with its name replaced). */
class McOptionsParserTest {

    private final McOptionsParser parser = new McOptionsParser("amdisa-mc");

    @Test
    void llvmStyleSpellings() throws McUsageException {
        McOptions o = parser.parse("-triple=amdgcn", "--mcpu", "gfx1100", "--disassemble", "-show-encoding",
                "-mattr=+wavefrontsize64,-real-true16", "--mattr", "+xnack", "-o", "out.s", "in.txt");
        assertEquals(McOptions.Action.RUN, o.action());
        assertEquals("amdgcn", o.triple());
        assertEquals(Optional.of("gfx1100"), o.cpu());
        assertEquals(List.of("+wavefrontsize64", "-real-true16", "+xnack"), o.features());
        assertTrue(o.disassemble());
        assertTrue(o.showEncoding());
        assertEquals(Optional.of("out.s"), o.output());
        assertEquals("in.txt", o.input());
    }

    @Test
    void defaults() throws McUsageException {
        McOptions o = parser.parse("-mcpu=rdna3");
        assertEquals("amdgcn", o.triple());
        assertEquals("-", o.input());
        assertFalse(o.disassemble());
        assertFalse(o.showEncoding());
        assertEquals(Optional.empty(), o.output());
    }

    @Test
    void tripleParts() throws McUsageException {
        McOptions o = parser.parse("--triple=amdgcn-amd-amdhsa", "-mcpu=gfx90a");
        assertEquals("amdgcn", o.arch());
        assertEquals("amdhsa", o.os());
        assertEquals("", parser.parse("-triple", "amdgcn--").os());
    }

    @Test
    void laterValuesWin() throws McUsageException {
        // echo 's_nop 0' | llvm-mc-22 --triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mcpu=gfx90a -> target id gfx90a
        assertEquals(Optional.of("gfx90a"), parser.parse("-mcpu=gfx1100", "-mcpu=gfx90a").cpu());
    }

    @Test
    void stdinDashAndDoubleDash() throws McUsageException {
        assertEquals("-", parser.parse("-mcpu=gfx1100", "-").input());
        // llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 -- -x -> "error: -x: No such file or directory"
        assertEquals("-x", parser.parse("-mcpu=gfx1100", "--", "-x").input());
    }

    @Test
    void helpAndVersion() throws McUsageException {
        assertEquals(McOptions.Action.HELP, parser.parse("-h").action());
        assertEquals(McOptions.Action.HELP, parser.parse("--help").action());
        assertEquals(McOptions.Action.VERSION, parser.parse("--version").action());
        assertEquals(McOptions.Action.VERSION, parser.parse("-version", "-triple=x86_64").action());
    }

    @Test
    void unknownOption() {
        // llvm-mc-22 -bogus -> "llvm-mc-22: Unknown command line argument '-bogus'.  Try: 'llvm-mc-22 --help'"
        assertEquals("amdisa-mc: Unknown command line argument '-bogus'.  Try: 'amdisa-mc --help'",
                assertThrows(McUsageException.class, () -> parser.parse("-bogus")).getMessage());
    }

    @Test
    void missingValue() {
        // llvm-mc-22 -triple=amdgcn -mcpu -> "llvm-mc-22: for the --mcpu option: requires a value!"
        assertEquals("amdisa-mc: for the --mcpu option: requires a value!",
                assertThrows(McUsageException.class, () -> parser.parse("-mcpu")).getMessage());
        // llvm-mc-22 ... --o -> "llvm-mc-22: for the -o option: requires a value!"
        assertEquals("amdisa-mc: for the -o option: requires a value!",
                assertThrows(McUsageException.class, () -> parser.parse("-mcpu=gfx1100", "--o")).getMessage());
    }

    @Test
    void flagWithValue() {
        assertEquals("amdisa-mc: for the --disassemble option: does not allow a value! '1' specified.",
                assertThrows(McUsageException.class, () -> parser.parse("-disassemble=1")).getMessage());
    }

    @Test
    void tooManyInputs() {
        // llvm-mc-22 -triple=amdgcn -mcpu=gfx1100 a b -> "Too many positional arguments specified!" + hint
        assertEquals("amdisa-mc: Too many positional arguments specified!\n"
                        + "Can specify at most 1 positional arguments: See: amdisa-mc --help",
                assertThrows(McUsageException.class, () -> parser.parse("a", "b")).getMessage());
    }

    @Test
    void nonAmdgcnTriple() {
        // llvm-mc-22 -triple=foo -> "llvm-mc-22: error: unable to get target for 'foo', see --version and --triple."
        assertEquals("amdisa-mc: error: unable to get target for 'x86_64', see --version and --triple.",
                assertThrows(McUsageException.class, () -> parser.parse("-triple=x86_64")).getMessage());
        assertThrows(McUsageException.class, () -> parser.parse("-triple=r600"));
    }
}
