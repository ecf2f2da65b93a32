package io.github.amdisa.benchmarks;

import io.github.amdisa.runtime.codec.DecodeSink;
import io.github.amdisa.runtime.codec.InstructionSet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Loading and building the inputs the benchmarks share. */
public final class Workloads {

    /** Seed of every pool and stream, so that runs are comparable. */
    public static final long SEED = 0x5eed_a3d15aL;
    /** Instances per variant in a pool. */
    public static final int PER_VARIANT = 6;

    private Workloads() {
    }

    /**
     * Reads a stream written by {@link InstructionStream#writeBinary}; instruction boundaries are found by decoding.
     *
     * @param isa the generation
     * @param file the little-endian words
     * @return the stream
     * @throws IOException on read errors
     */
    public static InstructionStream read(InstructionSet isa, Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int[] words = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        return new InstructionStream(isa, words, boundaries(isa, words));
    }

    /**
     * The instruction boundaries of back-to-back instructions.
     *
     * @param isa the generation
     * @param words the instructions
     * @return the first dword of each
     */
    public static int[] boundaries(InstructionSet isa, int[] words) {
        List<Integer> offsets = new ArrayList<>();
        int p = 0;
        while (p < words.length) {
            offsets.add(p);
            p += isa.decode(words, p, DecodeSink.IGNORE);
        }
        return offsets.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The stream a decode benchmark runs on: {@code file} when it is given and exists, else one drawn in-process.
     *
     * @param mcpu the processor
     * @param file a stream file or an empty string
     * @param count instructions to draw when building in-process
     * @param family the encoding family to keep ({@code ALL} for every one)
     * @return the stream
     * @throws IOException on read errors
     */
    public static InstructionStream stream(String mcpu, String file, int count, String family) throws IOException {
        InstructionSet isa = Isas.forMcpu(mcpu);
        if (!file.isEmpty() && Files.exists(Path.of(file)) && family.equals("ALL")) {
            return read(isa, Path.of(file));
        }
        InstructionPool pool = InstructionPool.build(isa, PER_VARIANT, SEED);
        return pool.stream(count, SEED, i -> family.equals("ALL") || isa.encodingFamily(i.variant()).equals(family));
    }
}
