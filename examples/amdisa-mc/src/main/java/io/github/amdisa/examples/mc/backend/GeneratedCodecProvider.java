package io.github.amdisa.examples.mc.backend;

import io.github.amdisa.examples.mc.McBackend;
import io.github.amdisa.examples.mc.McBackendProvider;
import io.github.amdisa.examples.mc.McException;
import io.github.amdisa.examples.mc.McTarget;
import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.SyntaxMode;
import io.github.amdisa.runtime.Target;
import io.github.amdisa.runtime.asm.Assembler;
import io.github.amdisa.runtime.codec.DecodeException;
import io.github.amdisa.runtime.codec.Disassembler;
import io.github.amdisa.runtime.codec.InstructionSet;
import io.github.amdisa.runtime.syntax.Symbols;
import java.util.List;
import java.util.Optional;

/**
 * Binds {@code amdisa-mc} to the decoders generated from the bundled specs (module {@code generated-runtime}).
 * Disassembly and assembly ({@link Assembler}, canonical text printed from the assembled words) work for all ten
 * generations, in the wave size and true16 mode that {@code -mattr} selects.
 * Registered with {@link java.util.ServiceLoader} in {@code META-INF/services}.
 */
public final class GeneratedCodecProvider implements McBackendProvider {

    /** The longest instruction of any generation is five dwords (MIMG NSA); read a little more to be safe. */
    private static final int MAX_DWORDS = 8;

    @Override
    public Optional<McBackend> create(McTarget target, List<String> features) {
        return isa(target.generation()).map(isa -> {
            SyntaxMode mode = mode(isa, features);
            return new Backend(Disassembler.llvm(isa, mode), Assembler.llvm(isa, mode));
        });
    }

    /**
     * The printing and parsing mode {@code -mattr} selects: {@code ±wavefrontsize64}, {@code ±wavefrontsize32} and
     * {@code ±real-true16} as llvm-mc-22 resolves them ({@link SyntaxMode#fromFeatures}); other features change
     * nothing here.
     */
    static SyntaxMode mode(InstructionSet isa, List<String> features) {
        return Target.find(isa.llvmTarget()).map(t -> SyntaxMode.fromFeatures(t, features))
                .orElse(SyntaxMode.defaults(isa));
    }

    /** The generated instruction set of a generation name as {@link McTarget} spells it ({@code rdna3.5}). */
    static Optional<InstructionSet> isa(String generation) {
        return Optional.ofNullable(switch (generation) {
            case "cdna1" -> io.github.amdisa.cdna1.Cdna1Isa.INSTANCE;
            case "cdna2" -> io.github.amdisa.cdna2.Cdna2Isa.INSTANCE;
            case "cdna3" -> io.github.amdisa.cdna3.Cdna3Isa.INSTANCE;
            case "cdna4" -> io.github.amdisa.cdna4.Cdna4Isa.INSTANCE;
            case "cdna5" -> io.github.amdisa.cdna5.Cdna5Isa.INSTANCE;
            case "rdna1" -> io.github.amdisa.rdna1.Rdna1Isa.INSTANCE;
            case "rdna2" -> io.github.amdisa.rdna2.Rdna2Isa.INSTANCE;
            case "rdna3" -> io.github.amdisa.rdna3.Rdna3Isa.INSTANCE;
            case "rdna3.5" -> io.github.amdisa.rdna3_5.Rdna3_5Isa.INSTANCE;
            case "rdna4" -> io.github.amdisa.rdna4.Rdna4Isa.INSTANCE;
            default -> null;
        });
    }

    private static final class Backend implements McBackend {
        private final Disassembler disassembler;
        private final Assembler assembler;
        Backend(Disassembler disassembler, Assembler assembler) {
            this.disassembler = disassembler;
            this.assembler = assembler;
        }

        // Disassembly is thread-safe: the words are read into a buffer per call (8 ints, allocated in the
        // thread's own buffer), the disassembler keeps no state per instruction, and its caches tolerate races.
        @Override
        public boolean concurrentDisassembly() {
            return true;
        }

        @Override
        public int disassemble(byte[] bytes, int offset, int length, StringBuilder out) throws McException {
            int[] view = words(bytes, offset, length);
            try {
                return 4 * disassembler.disassemble(view, 0, out);
            } catch (DecodeException e) {
                throw McException.invalidEncoding(e.getMessage(), 4);
            }
        }

        @Override
        public int disassemble(byte[] bytes, int offset, int length, StringBuilder out,
                               boolean[] potentiallyUndefined) throws McException {
            int[] view = words(bytes, offset, length);
            String[] softFail = new String[1];
            try {
                int size = 4 * disassembler.disassemble(view, 0, out, softFail);
                potentiallyUndefined[0] = softFail[0] != null;
                return size;
            } catch (DecodeException e) {
                throw McException.invalidEncoding(e.getMessage(), 4);
            }
        }

        @Override
        public int decodedLength(byte[] bytes, int offset, int length) throws McException {
            int[] view = words(bytes, offset, length);
            try {
                return 4 * disassembler.length(view, 0);
            } catch (DecodeException e) {
                throw McException.invalidEncoding(e.getMessage(), 4);
            }
        }

        @Override
        public boolean potentiallyUndefined(byte[] bytes, int offset, int length) {
            try {
                return disassembler.softFail(words(bytes, offset, length), 0) != null;
            } catch (DecodeException | McException e) {
                return false;
            }
        }

        /** The whole dwords available at {@code offset}, at most {@link #MAX_DWORDS}. */
        private static int[] words(byte[] bytes, int offset, int length) throws McException {
            int dwords = Math.min(length / 4, MAX_DWORDS);
            if (dwords == 0) {
                throw McException.invalidEncoding("fewer than 4 bytes left", length);
            }
            int[] words = new int[dwords];
            for (int i = 0; i < dwords; i++) {
                int p = offset + 4 * i;
                words[i] = (bytes[p] & 0xFF) | (bytes[p + 1] & 0xFF) << 8 | (bytes[p + 2] & 0xFF) << 16
                        | (bytes[p + 3] & 0xFF) << 24;
            }
            return words;
        }

        @Override
        public Assembly assemble(String statement) throws McException {
            return assemble(statement, Symbols.NONE);
        }

        @Override
        public Assembly assemble(String statement, Symbols symbols) throws McException {
            Assembler.Assembly a;
            try {
                a = assembler.assemble(statement, symbols);
            } catch (AsmSyntaxException e) {
                throw McException.at(e.detail(), Math.max(0, Math.min(e.offset(), statement.length())));
            }
            java.util.List<Fixup> fixups = new java.util.ArrayList<>();
            for (io.github.amdisa.runtime.asm.Fixup f : a.fixups()) {
                fixups.add(new Fixup(f.value().toString(), f.offset(), f.size(), f.kind().llvmName()));
            }
            int[] w = a.words();
            byte[] bytes = new byte[w.length * 4];
            for (int i = 0; i < w.length; i++) {
                for (int k = 0; k < 4; k++) {
                    bytes[4 * i + k] = (byte) (w[i] >>> 8 * k);
                }
            }
            return new Assembly(bytes, a.text(), fixups);
        }
    }
}
