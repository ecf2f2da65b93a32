package io.github.amdisa.runtime.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Pure unit tests over expectations recorded from {@code llvm-mc-22} (no tool needed at test time). Each row of
 * {@code llvm-mc-cases.txt} names the target, the call, the text llvm-mc printed and the command that printed it.
 */
class RecordedCasesTest {

    @TestFactory
    Stream<DynamicTest> recordedCases() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                RecordedCasesTest.class.getResourceAsStream("/llvm-mc-cases.txt"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                // The expected text may itself contain " | " (s_delay_alu), so split off the first two columns and
                // the command column (which starts with "echo '") and keep the rest as the expectation.
                int first = line.indexOf(" | ");
                int second = line.indexOf(" | ", first + 3);
                int command = line.lastIndexOf(" | echo ");
                Target target = Target.forMcpu(line.substring(0, first).trim());
                String call = line.substring(first + 3, second).trim();
                String expected = line.substring(second + 3, command).trim();
                String how = line.substring(command + 3);
                tests.add(DynamicTest.dynamicTest(target.mcpu() + " " + call + " -> " + expected,
                        () -> assertEquals(expected, run(target, call), how)));
            }
        }
        return tests.stream();
    }

    static String run(Target t, String call) {
        String[] a = call.split(" ", 6);
        StringBuilder sb = new StringBuilder();
        switch (a[0]) {
            case "src": {
                OperandType type = OperandType.valueOf(a[1]);
                boolean ok = SourceOperands.print(sb, t, type, Integer.parseInt(a[3]), Integer.parseInt(a[2]),
                        Long.parseUnsignedLong(a[4].substring(2), 16));
                return ok ? sb.toString() : "<not printable>";
            }
            case "parse": {
                OperandType type = OperandType.valueOf(a[1]);
                int flags = a[3].equals("LIT64") ? SourceOperands.ALLOW_LITERAL64
                        : a[3].equals("NO_LITERAL") ? SourceOperands.NO_LITERAL : 0;
                Operand op = new Operand();
                try {
                    AsmCursor c = new AsmCursor(a[4]);
                    SourceOperands.parse(c, t, type, Integer.parseInt(a[2]), flags, op);
                    c.expectEnd();
                } catch (AsmSyntaxException e) {
                    return "error";
                }
                String s = Integer.toString(op.code());
                if (op.hasLiteral()) {
                    s += "+0x" + Long.toHexString(op.literal());
                }
                return s;
            }
            case "waitcnt":
                Waitcnt.print(sb, t, hex(a[1]));
                return sb.toString();
            case "hwreg":
                HwReg.print(sb, t, hex(a[1]));
                return sb.toString();
            case "sendmsg":
                SendMsg.print(sb, t, hex(a[1]));
                return sb.toString();
            case "delay":
                DelayAlu.print(sb, hex(a[1]));
                return sb.toString();
            case "depctr":
                DepCtr.print(sb, t, hex(a[1]));
                return sb.toString();
            case "dppctrl":
                Dpp.printCtrl(sb, t, hex(a[1]));
                return sb.toString().trim();
            case "range":
                Registers.print(sb, RegisterKind.valueOf(a[1].toUpperCase(Locale.ROOT)), Integer.parseInt(a[2]),
                        Integer.parseInt(a[3]));
                return sb.toString();
            case "vgpr16":
                Registers.printVgpr16(sb, Integer.parseInt(a[1]), a[2].equals("1"));
                return sb.toString();
            default:
                throw new IllegalArgumentException("unknown case kind " + a[0]);
        }
    }

    private static int hex(String s) {
        return Integer.parseInt(s.substring(2), 16);
    }
}
