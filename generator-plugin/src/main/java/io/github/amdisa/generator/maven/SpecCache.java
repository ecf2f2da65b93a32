package io.github.amdisa.generator.maven;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Spec inputs given as URLs ({@code https:}, {@code http:}, {@code file:}) with their required SHA-256: each is
 * downloaded once into {@code <root>/<sha256>/<file name>} and used from there afterwards. A download is written to
 * a temporary file in the cache, checked against the digest and only then moved into place, so a wrong digest, a
 * broken connection or a server error never leaves a file that a later build would trust. Offline, only the cache
 * is used. Files found in the cache are checked against their digest again before use.
 */
public final class SpecCache {

    /** Downloads larger than this are refused (AMD's bundle has 2.3 MB). */
    static final long MAX_BYTES = 512L << 20;

    private static final int TIMEOUT_MILLIS = 60_000;

    private final Path root;
    private final boolean offline;
    private final Consumer<String> log;

    /**
     * @param root the cache folder (the plugin uses one under the local Maven repository)
     * @param offline whether the network may not be used
     * @param log receives one line per download
     */
    public SpecCache(Path root, boolean offline, Consumer<String> log) {
        this.root = root;
        this.offline = offline;
        this.log = log;
    }

    /** Thrown when a URL spec input cannot be made available; the message says why and what to do. */
    public static final class SpecDownloadException extends Exception {
        private static final long serialVersionUID = 1L;

        SpecDownloadException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Whether {@code spec} names a URL (a scheme of two or more letters, so that {@code C:\...} stays a path). */
    public static boolean isUrl(String spec) {
        return spec.matches("(?i)[a-z][a-z0-9+.-]+:.*") && !spec.matches("(?i)[a-z]:[\\\\/].*");
    }

    /**
     * The cached file of {@code url}, downloading it first when it is not cached.
     *
     * @param sha256 the expected SHA-256 of the file, 64 hex digits
     * @throws SpecDownloadException when the digest is malformed, the build is offline and the file is not cached,
     *         the download fails, or the downloaded bytes have another digest (nothing is cached then)
     */
    public Path resolve(URI url, String sha256) throws SpecDownloadException {
        String expected = sha256 == null ? "" : sha256.trim().toLowerCase(Locale.ROOT);
        if (!expected.matches("[0-9a-f]{64}")) {
            throw new SpecDownloadException("the spec URL " + url + " needs its SHA-256 (64 hex digits), got '"
                    + (sha256 == null ? "" : sha256) + "'; give it as <specSha256> (-Damdisa.specSha256=...) or"
                    + " append #sha256=<digest> to the URL", null);
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http") && !scheme.equals("file")) {
            throw new SpecDownloadException("unsupported URL scheme '" + scheme + "' in " + url
                    + "; use https:, http: or file:", null);
        }
        Path dir = root.resolve(expected);
        Path target = dir.resolve(fileName(url));
        try {
            if (Files.isRegularFile(target)) {
                String actual = digest(target);
                if (actual.equals(expected)) {
                    return target;
                }
                log.accept("cached " + target + " has SHA-256 " + actual + ", not " + expected + "; removing it");
                Files.delete(target);
            }
        } catch (IOException e) {
            throw new SpecDownloadException("cannot read the spec cache " + target + ": " + e.getMessage(), e);
        }
        if (offline) {
            throw new SpecDownloadException("offline, and " + url + " (SHA-256 " + expected + ") is not in the spec"
                    + " cache " + dir + "; build once online, or download the file yourself and give its path as"
                    + " the spec input", null);
        }
        download(url, expected, dir, target);
        return target;
    }

    private void download(URI url, String expected, Path dir, Path target) throws SpecDownloadException {
        Path part = null;
        try {
            Files.createDirectories(dir);
            part = Files.createTempFile(dir, "download-", ".part");
            log.accept("downloading " + url + " into " + target);
            MessageDigest sha = sha256();
            long total = 0;
            URLConnection c = url.toURL().openConnection();
            c.setConnectTimeout(TIMEOUT_MILLIS);
            c.setReadTimeout(TIMEOUT_MILLIS);
            if (c instanceof HttpURLConnection http) {
                http.setInstanceFollowRedirects(true);
                int status = http.getResponseCode();
                if (status != HttpURLConnection.HTTP_OK) {
                    throw new SpecDownloadException("cannot download " + url + ": HTTP " + status + " "
                            + http.getResponseMessage(), null);
                }
            }
            try (InputStream in = c.getInputStream(); OutputStream out = Files.newOutputStream(part)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) {
                    total += n;
                    if (total > MAX_BYTES) {
                        throw new SpecDownloadException("cannot download " + url + ": larger than " + MAX_BYTES
                                + " bytes", null);
                    }
                    sha.update(buf, 0, n);
                    out.write(buf, 0, n);
                }
            }
            String actual = HexFormat.of().formatHex(sha.digest());
            if (!actual.equals(expected)) {
                throw new SpecDownloadException("SHA-256 mismatch for " + url + ": expected " + expected + ", got "
                        + actual + " (" + total + " bytes); the file was not cached. Check the URL and the digest",
                        null);
            }
            try {
                Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
            }
            part = null;
            log.accept("cached " + target + " (" + total + " bytes, SHA-256 verified)");
        } catch (IOException e) {
            throw new SpecDownloadException("cannot download " + url + ": " + e, e);
        } finally {
            if (part != null) {
                try {
                    Files.deleteIfExists(part);
                } catch (IOException ignored) {
                    // the .part name is never trusted by resolve(), so a leftover is harmless
                }
            }
        }
    }

    /** The last path segment of {@code url}, reduced to a safe file name. */
    static String fileName(URI url) {
        String path = url.getPath() == null ? "" : url.getPath();
        String name = path.substring(path.lastIndexOf('/') + 1).replaceAll("[^A-Za-z0-9._-]", "_");
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            return "spec.zip";
        }
        return name;
    }

    private static String digest(Path file) throws IOException {
        MessageDigest sha = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
