package io.github.amdisa.examples.mc;

import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.exec.ExecutionException;
import io.github.amdisa.runtime.exec.Interpreter;
import io.github.amdisa.runtime.exec.Interpreters;
import io.github.amdisa.runtime.exec.Lds;
import io.github.amdisa.runtime.exec.Program;
import io.github.amdisa.runtime.exec.RunLoop;
import io.github.amdisa.runtime.exec.Scratch;
import io.github.amdisa.runtime.exec.SparseMemory;
import io.github.amdisa.runtime.exec.Wave;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code amdisa-mc -run}: executes the input on one wave of the interpreter until {@code s_endpgm} and prints the
 * requested registers and memory as one JSON object.
 *
 * <pre>
 * amdisa-mc -mcpu=gfx1100 -run --state init.json --dump v5,s0,vcc,scc,exec,mem:0x1000:64 [-disassemble] [input]
 * </pre>
 *
 * With {@code -disassemble} the input is bytes as for disassembly; otherwise assembly text, assembled by the
 * backend (which reports what it cannot assemble). The state file (optional) is
 * {@code {"wave": 32|64, "vgpr": {"1": [lane values] | value}, "sgpr": {"3": value}, "exec": value, "vcc": value,
 * "scc": 0|1, "m0": value, "memory": [{"address": value, "hex": "0011..."}], "lds": [...same...]}}: values are
 * unsigned integers (64-bit for a register pair written as {@code "sgpr": {"4": ...}} with a value above 2^32 is an
 * error; use two registers). Dump items: {@code vN}, {@code v[N:M]} (per lane; up to 64 bits), {@code sN},
 * {@code s[N:M]}, {@code vcc}, {@code exec}, {@code scc}, {@code m0}, {@code pc}, {@code mem:ADDR:BYTES} and
 * {@code lds:ADDR:BYTES} (hex strings). Errors (bad state file, fault, unsupported instruction, step limit) go to
 * standard error with the PC and instruction, and the exit status is 1.
 */
final class RunCommand {

    private static final Pattern VREG = Pattern.compile("v(\\d+)|v\\[(\\d+):(\\d+)\\]");
    private static final Pattern SREG = Pattern.compile("s(\\d+)|s\\[(\\d+):(\\d+)\\]");
    private static final Pattern MEM = Pattern.compile("(mem|lds):(0x[0-9a-fA-F]+|\\d+):(0x[0-9a-fA-F]+|\\d+)");
    private static final Pattern ENCODING = Pattern.compile("; encoding: \\[([^\\]]*)\\]");
    private static final long DEFAULT_MAX_STEPS = 10_000_000;

    private final String statePath;
    private final List<String> dump;
    private final long maxSteps;

    private RunCommand(String statePath, List<String> dump, long maxSteps) {
        this.statePath = statePath;
        this.dump = dump;
        this.maxSteps = maxSteps;
    }

    /** A problem reported to the user with exit status 1. */
    static final class RunError extends Exception {
        private static final long serialVersionUID = 1L;

        RunError(String message) {
            super(message);
        }
    }

    /** Whether the command line asks for run mode. */
    static boolean requested(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (a.equals("-run") || a.equals("--run")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the command: strips {@code -run}, {@code --state}, {@code --dump} and {@code --max-steps}, parses the
     * rest with {@link McOptionsParser}.
     */
    static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr, McBackends backends) {
        String prog = AmdisaMc.PROGRAM;
        List<String> rest = new ArrayList<>();
        String state = null;
        String dumpList = "";
        long maxSteps = DEFAULT_MAX_STEPS;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String body = a.startsWith("--") ? a.substring(2) : a.startsWith("-") ? a.substring(1) : null;
            String name = body == null ? null : body.contains("=") ? body.substring(0, body.indexOf('=')) : body;
            if ("run".equals(name)) {
                continue;
            }
            if ("state".equals(name) || "dump".equals(name) || "max-steps".equals(name)) {
                String value;
                if (body.contains("=")) {
                    value = body.substring(body.indexOf('=') + 1);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    stderr.println(prog + ": for the --" + name + " option: requires a value!");
                    return 1;
                }
                switch (name) {
                    case "state" -> state = value;
                    case "dump" -> dumpList = value;
                    default -> {
                        try {
                            maxSteps = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            stderr.println(prog + ": for the --max-steps option: '" + value + "' is not a number");
                            return 1;
                        }
                    }
                }
                continue;
            }
            rest.add(a);
        }
        McOptions options;
        try {
            options = new McOptionsParser(prog).parse(rest.toArray(new String[0]));
        } catch (McUsageException e) {
            stderr.println(e.getMessage());
            return 1;
        }
        List<String> items = new ArrayList<>();
        for (String s : dumpList.split(",")) {
            if (!s.isBlank()) {
                items.add(s.trim());
            }
        }
        try {
            String out = new RunCommand(state, items, maxSteps).execute(options, stdin, backends);
            stdout.print(out);
            stdout.flush();
            return 0;
        } catch (RunError e) {
            stderr.println(prog + ": error: " + e.getMessage());
            return 1;
        }
    }

    private String execute(McOptions options, InputStream stdin, McBackends backends) throws RunError {
        if (options.cpu().isEmpty()) {
            throw new RunError("no processor given; use -mcpu=<gfx target or generation>");
        }
        McTarget mcTarget = McTarget.resolve(options.cpu().get()).orElseThrow(() -> new RunError("'"
                + options.cpu().get() + "' is not a recognized processor; known: " + McTarget.knownNames()));
        Target target = null;
        for (Target t : Target.values()) {
            if (t.generation().equalsIgnoreCase(mcTarget.generation())) {
                target = t;
            }
        }
        if (target == null) {
            throw new RunError("no interpreter for " + mcTarget.generation());
        }
        byte[] code = code(options, stdin, backends, mcTarget);
        if (code.length == 0) {
            throw new RunError("the program is empty");
        }
        Map<String, Object> state = readState();
        int waveSize = waveSize(state, options, target);
        if (!target.supportsWaveSize(waveSize)) {
            throw new RunError(stateName() + ": \"wave\": " + target.mcpu() + " does not run wave" + waveSize);
        }
        Wave wave = new Wave(target, waveSize, 256, target.hasAgprs() ? 256 : 0);
        SparseMemory memory = new SparseMemory();
        Lds lds = new Lds(target.ldsBytes(), Lds.OutOfRange.FAULT, false);
        wave.attach(memory, lds, new Scratch(waveSize, 4096));
        applyState(state, wave, memory, lds);
        Interpreter interpreter = Interpreters.forTarget(target);
        Program program = Program.fromBytes(0, code);
        try {
            RunLoop.Stop stop = interpreter.run(wave, program, maxSteps);
            if (stop != RunLoop.Stop.HALTED) {
                throw new RunError("the program did not reach s_endpgm within " + maxSteps + " instructions (pc=0x"
                        + Long.toHexString(wave.pc()) + ")");
            }
        } catch (ExecutionException e) {
            throw new RunError(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return dump(wave, memory, lds);
    }

    // ---- input --------------------------------------------------------------------------------------------

    private static byte[] code(McOptions options, InputStream stdin, McBackends backends, McTarget target)
            throws RunError {
        String name = options.input().equals("-") ? "<stdin>" : options.input();
        String text;
        try {
            byte[] data = options.input().equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(name));
            text = new String(data, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new RunError(name + ": No such file or directory");
        } catch (IOException e) {
            throw new RunError(name + ": " + e.getMessage());
        }
        SourceText source = new SourceText(name, text);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (options.disassemble()) {
            StringBuilder err = new StringBuilder();
            boolean failed = ByteStreamScanner.scan(text, new ByteStreamScanner.Listener() {
                @Override
                public void run(byte[] b, int[] offsets, int count, boolean atomic) {
                    bytes.write(b, 0, count);
                }

                @Override
                public void diagnostic(int offset, SourceText.Severity severity, String message) {
                    err.append(source.diagnostic(offset, 1, severity, message));
                }
            });
            if (failed || err.length() > 0) {
                throw new RunError("cannot read the program bytes:\n" + err);
            }
            return bytes.toByteArray();
        }
        Optional<McBackend> backend = backends.find(target, options.features());
        if (backend.isEmpty()) {
            throw new RunError("no amdisa backend is registered for " + target.cpu());
        }
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        boolean failed = AssemblerDriver.run(source, backend.get(), true, out, err);
        if (failed) {
            throw new RunError("cannot assemble the program:\n" + err);
        }
        Matcher m = ENCODING.matcher(out);
        while (m.find()) {
            for (String b : m.group(1).split(",")) {
                b = b.trim();
                if (!b.startsWith("0x")) {
                    throw new RunError("the assembler left an unresolved fixup: [" + m.group(1) + "]");
                }
                bytes.write(Integer.parseInt(b.substring(2), 16));
            }
        }
        return bytes.toByteArray();
    }

    private String stateName() {
        return statePath == null ? "<no state>" : statePath;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> readState() throws RunError {
        if (statePath == null) {
            return Map.of();
        }
        String text;
        try {
            text = Files.readString(Path.of(statePath), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RunError(statePath + ": No such file or directory");
        } catch (IOException e) {
            throw new RunError(statePath + ": " + e.getMessage());
        }
        Object v;
        try {
            v = Json.parse(text);
        } catch (Json.JsonException e) {
            throw new RunError(statePath + ":" + e.getMessage());
        }
        if (!(v instanceof Map)) {
            throw new RunError(statePath + ": the state must be a JSON object");
        }
        Map<String, Object> m = (Map<String, Object>) v;
        for (String k : m.keySet()) {
            if (!List.of("wave", "vgpr", "sgpr", "exec", "vcc", "scc", "m0", "memory", "lds").contains(k)) {
                throw new RunError(statePath + ": unknown member \"" + k + "\" (known: wave, vgpr, sgpr, exec, "
                        + "vcc, scc, m0, memory, lds)");
            }
        }
        return m;
    }

    private int waveSize(Map<String, Object> state, McOptions options, Target target) throws RunError {
        if (state.containsKey("wave")) {
            long w = unsigned(state.get("wave"), "\"wave\"", 64);
            if (w != 32 && w != 64) {
                throw new RunError(stateName() + ": \"wave\": must be 32 or 64, not " + w);
            }
            return (int) w;
        }
        if (options.features().contains("+wavefrontsize64")) {
            return 64;
        }
        if (options.features().contains("+wavefrontsize32")) {
            return 32;
        }
        return target.defaultWaveSize();
    }

    private long unsigned(Object v, String path, int bits) throws RunError {
        BigInteger b;
        if (v instanceof BigInteger i) {
            b = i;
        } else if (v instanceof String s && s.matches("0[xX][0-9a-fA-F]+")) {
            b = new BigInteger(s.substring(2), 16);
        } else {
            throw new RunError(stateName() + ": " + path + ": expected an unsigned integer, found "
                    + (v == null ? "null" : v instanceof String ? "a string" : v.getClass().getSimpleName()));
        }
        if (b.signum() < 0 || b.bitLength() > bits) {
            throw new RunError(stateName() + ": " + path + ": " + b + " does not fit in " + bits + " unsigned bits");
        }
        return b.longValue();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> object(Object v, String path) throws RunError {
        if (!(v instanceof Map)) {
            throw new RunError(stateName() + ": " + path + ": expected an object");
        }
        return (Map<String, Object>) v;
    }

    private int register(String key, String path, int limit) throws RunError {
        try {
            int r = Integer.parseInt(key);
            if (r >= 0 && r < limit) {
                return r;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new RunError(stateName() + ": " + path + ": \"" + key + "\" is not a register number 0-" + (limit - 1));
    }

    private void applyState(Map<String, Object> state, Wave wave, SparseMemory memory, Lds lds) throws RunError {
        int size = wave.waveSize();
        if (state.containsKey("vgpr")) {
            for (Map.Entry<String, Object> e : object(state.get("vgpr"), "\"vgpr\"").entrySet()) {
                String path = "\"vgpr\".\"" + e.getKey() + "\"";
                int r = register(e.getKey(), path, wave.numVgprs());
                if (e.getValue() instanceof List<?> lanes) {
                    if (lanes.size() != size) {
                        throw new RunError(stateName() + ": " + path + ": expected " + size + " lane values, found "
                                + lanes.size());
                    }
                    for (int l = 0; l < size; l++) {
                        wave.setV(r, l, (int) unsigned(lanes.get(l), path + "[" + l + "]", 32));
                    }
                } else {
                    int v = (int) unsigned(e.getValue(), path, 32);
                    for (int l = 0; l < size; l++) {
                        wave.setV(r, l, v);
                    }
                }
            }
        }
        if (state.containsKey("sgpr")) {
            for (Map.Entry<String, Object> e : object(state.get("sgpr"), "\"sgpr\"").entrySet()) {
                String path = "\"sgpr\".\"" + e.getKey() + "\"";
                wave.setSgpr(register(e.getKey(), path, 106), (int) unsigned(e.getValue(), path, 32));
            }
        }
        if (state.containsKey("exec")) {
            wave.setExec(unsigned(state.get("exec"), "\"exec\"", size));
        }
        if (state.containsKey("vcc")) {
            wave.setVcc(unsigned(state.get("vcc"), "\"vcc\"", size));
        }
        if (state.containsKey("scc")) {
            wave.setScc(unsigned(state.get("scc"), "\"scc\"", 1) != 0);
        }
        if (state.containsKey("m0")) {
            wave.setM0((int) unsigned(state.get("m0"), "\"m0\"", 32));
        }
        for (String key : new String[] {"memory", "lds"}) {
            if (!state.containsKey(key)) {
                continue;
            }
            if (!(state.get(key) instanceof List<?> blocks)) {
                throw new RunError(stateName() + ": \"" + key + "\": expected an array of {address, hex}");
            }
            for (int i = 0; i < blocks.size(); i++) {
                String path = "\"" + key + "\"[" + i + "]";
                Map<String, Object> block = object(blocks.get(i), path);
                long address = unsigned(block.get("address"), path + ".address", 64);
                if (!(block.get("hex") instanceof String hex) || hex.length() % 2 != 0
                        || !hex.matches("[0-9a-fA-F]*")) {
                    throw new RunError(stateName() + ": " + path + ".hex: expected an even number of hex digits");
                }
                byte[] data = HexFormat.of().parseHex(hex);
                if (key.equals("memory")) {
                    memory.hostWrite(address, data);
                } else {
                    if (address + data.length > lds.limit()) {
                        throw new RunError(stateName() + ": " + path + ": beyond the LDS size " + lds.limit());
                    }
                    for (int j = 0; j < data.length; j++) {
                        lds.store8(address + j, data[j]);
                    }
                }
            }
        }
    }

    // ---- output -------------------------------------------------------------------------------------------

    private String dump(Wave wave, SparseMemory memory, Lds lds) throws RunError {
        StringBuilder out = new StringBuilder("{");
        boolean first = true;
        for (String item : dump) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            Json.string(out, item);
            out.append(": ");
            out.append(value(item, wave, memory, lds));
        }
        return out.append("}\n").toString();
    }

    private String value(String item, Wave wave, SparseMemory memory, Lds lds) throws RunError {
        Matcher v = VREG.matcher(item);
        if (v.matches()) {
            int lo = Integer.parseInt(v.group(1) != null ? v.group(1) : v.group(2));
            int hi = v.group(1) != null ? lo : Integer.parseInt(v.group(3));
            checkRange(item, lo, hi, wave.numVgprs());
            StringBuilder sb = new StringBuilder("[");
            for (int l = 0; l < wave.waveSize(); l++) {
                long x = wave.v(lo, l) & 0xFFFFFFFFL;
                if (hi > lo) {
                    x |= (long) wave.v(lo + 1, l) << 32;
                }
                sb.append(l == 0 ? "" : ", ").append(Long.toUnsignedString(x));
            }
            return sb.append(']').toString();
        }
        Matcher s = SREG.matcher(item);
        if (s.matches()) {
            int lo = Integer.parseInt(s.group(1) != null ? s.group(1) : s.group(2));
            int hi = s.group(1) != null ? lo : Integer.parseInt(s.group(3));
            checkRange(item, lo, hi, 106);
            long x = wave.sgpr(lo) & 0xFFFFFFFFL;
            if (hi > lo) {
                x |= (long) wave.sgpr(lo + 1) << 32;
            }
            return Long.toUnsignedString(x);
        }
        Matcher m = MEM.matcher(item);
        if (m.matches()) {
            long address = Long.decode(m.group(2));
            long n = Long.decode(m.group(3));
            if (n > 1 << 20) {
                throw new RunError("--dump " + item + ": at most 1 MiB per item");
            }
            StringBuilder hex = new StringBuilder("\"");
            for (long i = 0; i < n; i++) {
                int b;
                if (m.group(1).equals("mem")) {
                    b = memory.isMapped(address + i) ? memory.load8(address + i) : 0;
                } else {
                    if (address + i >= lds.limit()) {
                        throw new RunError("--dump " + item + ": beyond the LDS size " + lds.limit());
                    }
                    b = lds.load8(address + i);
                }
                hex.append(String.format("%02x", b & 0xFF));
            }
            return hex.append('"').toString();
        }
        return switch (item) {
            case "vcc" -> Long.toUnsignedString(wave.vcc());
            case "exec" -> Long.toUnsignedString(wave.exec());
            case "scc" -> Integer.toString(wave.sccBit());
            case "m0" -> Long.toUnsignedString(wave.m0() & 0xFFFFFFFFL);
            case "pc" -> Long.toUnsignedString(wave.pc());
            default -> throw new RunError("--dump: unknown item '" + item + "' (vN, v[N:M], sN, s[N:M], vcc, exec, "
                    + "scc, m0, pc, mem:ADDR:BYTES, lds:ADDR:BYTES)");
        };
    }

    private static void checkRange(String item, int lo, int hi, int limit) throws RunError {
        if (hi < lo || hi - lo > 1 || hi >= limit) {
            throw new RunError("--dump " + item + ": a register or pair below " + limit + " (64 bits at most)");
        }
    }
}
