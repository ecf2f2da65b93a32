package io.github.amdisa.generator.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Downloading URL spec inputs through a local HTTP server on the loopback address (serving a zip built here):
 * download once then use the cache, wrong digests and server errors fail clearly and cache nothing, offline builds
 * use only the cache.
 */
class SpecCacheTest {

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private byte[] zip;
    private String zipSha;
    private final List<String> log = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            z.putNextEntry(new ZipEntry("AMD_GPU_MR_ISA_XML/amdgpu_isa_rdna3.xml"));
            z.write("<Spec/>".getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        zip = bytes.toByteArray();
        zipSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(zip));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/download/machine-readable-isa/", exchange -> {
            requests.incrementAndGet();
            if (exchange.getRequestURI().getPath().endsWith("/bundle.zip")) {
                exchange.sendResponseHeaders(200, zip.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(zip);
                }
            } else {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI url(String name) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/download/machine-readable-isa/"
                + name);
    }

    @Test
    void downloadsOnceThenUsesTheCacheAlsoOffline(@TempDir Path cache) throws Exception {
        Path p = new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), zipSha.toUpperCase());
        assertEquals(cache.resolve(zipSha).resolve("bundle.zip"), p);
        assertArrayEquals(zip, Files.readAllBytes(p));
        assertEquals(1, requests.get());
        assertEquals(p, new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), zipSha));
        assertEquals(p, new SpecCache(cache, true, log::add).resolve(url("bundle.zip"), zipSha));
        assertEquals(1, requests.get(), "the cached file is used without asking the server");
        assertEquals(List.of(p), files(cache), "no temporary files are left");
    }

    @Test
    void wrongDigestFailsClearlyAndCachesNothing(@TempDir Path cache) throws Exception {
        String wrong = "82404f1126761b7877595b622afa7e1f311f2f41e89a3abe9aaf8ad045c082e2";
        SpecCache.SpecDownloadException e = assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), wrong));
        assertTrue(e.getMessage().contains("SHA-256 mismatch"), e.getMessage());
        assertTrue(e.getMessage().contains("expected " + wrong + ", got " + zipSha), e.getMessage());
        assertEquals(List.of(), files(cache), "nothing is cached under the wrong digest");
        // The same URL with the right digest still downloads and works.
        Path p = new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), zipSha);
        assertArrayEquals(zip, Files.readAllBytes(p));
    }

    @Test
    void corruptedCacheEntryIsReplaced(@TempDir Path cache) throws Exception {
        Path p = new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), zipSha);
        Files.writeString(p, "damaged");
        assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, true, log::add).resolve(url("bundle.zip"), zipSha));
        assertFalse(Files.exists(p), "a damaged entry is removed, never used");
        assertArrayEquals(zip, Files.readAllBytes(new SpecCache(cache, false, log::add)
                .resolve(url("bundle.zip"), zipSha)));
        assertEquals(2, requests.get());
    }

    @Test
    void offlineWithEmptyCacheSaysWhatToDo(@TempDir Path cache) {
        SpecCache.SpecDownloadException e = assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, true, log::add).resolve(url("bundle.zip"), zipSha));
        assertTrue(e.getMessage().startsWith("offline, and " + url("bundle.zip") + " (SHA-256 " + zipSha
                + ") is not in the spec cache"), e.getMessage());
        assertEquals(0, requests.get());
    }

    @Test
    void serverErrorsAndBadDigestsAreReported(@TempDir Path cache) throws Exception {
        SpecCache.SpecDownloadException notFound = assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, false, log::add).resolve(url("missing.zip"), zipSha));
        assertTrue(notFound.getMessage().contains("HTTP 404"), notFound.getMessage());
        assertEquals(List.of(), files(cache));
        SpecCache.SpecDownloadException noDigest = assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), null));
        assertTrue(noDigest.getMessage().contains("needs its SHA-256"), noDigest.getMessage());
        assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, false, log::add).resolve(url("bundle.zip"), "abc"));
        assertThrows(SpecCache.SpecDownloadException.class,
                () -> new SpecCache(cache, false, log::add).resolve(URI.create("ftp://127.0.0.1/x.zip"), zipSha));
        assertEquals(1, requests.get(), "only the 404 reached the server");
    }

    @Test
    void fileUrlsGoThroughTheCacheToo(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("AMD_GPU_MR_ISA_XML_2026_08_06.zip");
        Files.write(source, zip);
        Path p = new SpecCache(dir.resolve("cache"), false, log::add).resolve(source.toUri(), zipSha);
        assertEquals("AMD_GPU_MR_ISA_XML_2026_08_06.zip", p.getFileName().toString());
        assertArrayEquals(zip, Files.readAllBytes(p));
    }

    @Test
    void recognisesUrlsAndSafeNames() {
        assertTrue(SpecCache.isUrl("https://example.invalid/a.zip"));
        assertTrue(SpecCache.isUrl("file:/tmp/a.zip"));
        assertFalse(SpecCache.isUrl("C:\\specs\\a.zip"));
        assertFalse(SpecCache.isUrl("specs/amdgpu_isa_rdna3.xml"));
        assertEquals("spec.zip", SpecCache.fileName(URI.create("http://h/dir/")));
        assertEquals("a_b.zip", SpecCache.fileName(URI.create("http://h/dir/a%20b.zip")));
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }
}
