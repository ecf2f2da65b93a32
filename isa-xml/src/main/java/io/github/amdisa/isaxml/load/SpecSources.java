package io.github.amdisa.isaxml.load;

import io.github.amdisa.isaxml.Generation;
import java.io.BufferedInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.tukaani.xz.XZInputStream;

/**
 * Finds spec files in what users point amdisa at: a single {@code .xml}, {@code .xml.gz} or {@code .xml.xz} file,
 * a folder of them, AMD's GPUOpen zip bundle as downloaded (members {@code amdgpu_isa_<arch>.xml}, at any depth),
 * or the specs bundled in this jar.
 */
public final class SpecSources {

    /** Where the bundled data lives on the class path. */
    public static final String BUNDLED_ROOT = "/io/github/amdisa/isaxml/specs/";

    private SpecSources() {
    }

    /**
     * The spec files at {@code path}, restricted to {@code generations} (all when empty). Files whose names do not
     * follow AMD's {@code amdgpu_isa_<arch>.xml} pattern are included only when {@code path} is that file itself.
     *
     * @throws IOException if {@code path} does not exist or cannot be read as a file, folder or zip
     */
    public static List<SpecFile> find(Path path, Collection<Generation> generations) throws IOException {
        Set<Generation> wanted = generations.isEmpty() ? EnumSet.allOf(Generation.class) : EnumSet.copyOf(generations);
        if (!Files.exists(path)) {
            throw new FileNotFoundException("No spec input at " + path);
        }
        List<SpecFile> out = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> s = Files.list(path)) {
                for (Path p : s.sorted(Comparator.comparing(Path::toString)).toList()) {
                    String n = p.getFileName().toString();
                    if (Files.isRegularFile(p) && isXmlName(n)) {
                        Optional<Generation> g = Generation.forFileName(n);
                        if (g.isPresent() && wanted.contains(g.get())) {
                            out.add(file(p));
                        }
                    }
                }
            }
        } else if (isZip(path)) {
            out.addAll(zipMembers(path, wanted));
        } else {
            SpecFile f = file(path);
            if (f.generation().isEmpty() || wanted.contains(f.generation().get())) {
                out.add(f);
            }
        }
        out.sort(Comparator.comparing((SpecFile f) -> f.generation().map(Enum::ordinal).orElse(99))
                .thenComparing(SpecFile::name));
        for (int i = 1; i < out.size(); i++) {
            Optional<Generation> g = out.get(i).generation();
            if (g.isPresent() && g.equals(out.get(i - 1).generation())) {
                throw new IOException("Two spec files for " + g.get() + " at " + path + ": " + out.get(i - 1).name()
                        + " and " + out.get(i).name() + "; amdisa cannot tell which one to use");
            }
        }
        return out;
    }

    /** A single spec file; compression is recognised by the {@code .gz}/{@code .xz} suffix. */
    public static SpecFile file(Path p) {
        String n = p.getFileName().toString();
        return new SpecFile(p.toString(), Generation.forFileName(n), () -> decompress(n, Files.newInputStream(p)));
    }

    /** The reconstructed spec bundled in this jar for {@code generation}. */
    public static SpecFile bundled(Generation generation) {
        String resource = BUNDLED_ROOT + "reconstructed/" + generation.specFileName() + ".xz";
        return new SpecFile("bundled:" + generation.specFileName(), Optional.of(generation),
                () -> decompress(resource, openResource(resource)));
    }

    /** The real AMD excerpt bundled in this jar under {@code excerpts/name}. */
    public static SpecFile bundledExcerpt(String name) {
        String resource = BUNDLED_ROOT + "excerpts/" + name;
        return new SpecFile("bundled:excerpts/" + name, Optional.empty(), () -> openResource(resource));
    }

    /** Opens a class-path resource of this jar, failing clearly when it is missing. */
    public static InputStream openResource(String resource) throws IOException {
        InputStream in = SpecSources.class.getResourceAsStream(resource);
        if (in == null) {
            throw new FileNotFoundException("Bundled resource " + resource + " is missing from the class path");
        }
        return in;
    }

    /** Wraps {@code in} in the decompressor its name's suffix calls for. */
    public static InputStream decompress(String name, InputStream in) throws IOException {
        InputStream buffered = new BufferedInputStream(in, 1 << 16);
        String n = name.toLowerCase(Locale.ROOT);
        try {
            if (n.endsWith(".xz")) {
                return new XZInputStream(buffered);
            }
            if (n.endsWith(".gz")) {
                return new GZIPInputStream(buffered, 1 << 16);
            }
        } catch (IOException e) {
            buffered.close();
            throw new IOException("Cannot decompress " + name + ": " + e.getMessage(), e);
        }
        return buffered;
    }

    private static boolean isXmlName(String n) {
        String l = n.toLowerCase(Locale.ROOT);
        return l.endsWith(".xml") || l.endsWith(".xml.gz") || l.endsWith(".xml.xz");
    }

    private static boolean isZip(Path p) throws IOException {
        if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip")) {
            return true;
        }
        try (InputStream in = Files.newInputStream(p)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        }
    }

    private static List<SpecFile> zipMembers(Path zip, Set<Generation> wanted) throws IOException {
        List<SpecFile> out = new ArrayList<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            var entries = z.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (e.isDirectory() || !isXmlName(e.getName())) {
                    continue;
                }
                Optional<Generation> g = Generation.forFileName(e.getName());
                if (g.isEmpty() || !wanted.contains(g.get())) {
                    continue;
                }
                String member = e.getName();
                if (!isSafeMemberName(member)) {
                    throw new IOException("Zip " + zip + " has a member whose name leaves the bundle: '" + member
                            + "'; refusing the whole zip");
                }
                out.add(new SpecFile(zip + "!" + member, g, () -> openZipMember(zip, member)));
            }
        } catch (java.util.zip.ZipException e) {
            throw new IOException("Cannot read zip " + zip + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** A relative name without {@code ..} segments, drive letters or NUL: what a real bundle's members look like. */
    static boolean isSafeMemberName(String member) {
        String n = member.replace('\\', '/');
        if (n.startsWith("/") || n.indexOf('\0') >= 0 || n.matches("^[A-Za-z]:.*")) {
            return false;
        }
        for (String segment : n.split("/")) {
            if (segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static InputStream openZipMember(Path zip, String member) throws IOException {
        ZipFile z = new ZipFile(zip.toFile());
        ZipEntry e = z.getEntry(member);
        if (e == null) {
            z.close();
            throw new FileNotFoundException(zip + " no longer has member " + member);
        }
        InputStream raw = z.getInputStream(e);
        InputStream closing = new java.io.FilterInputStream(raw) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    z.close();
                }
            }
        };
        return decompress(member, closing);
    }
}
