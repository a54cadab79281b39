package org.tilemark.harness.image;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Debian mirror the image's packages come from: given on the command line, else the one this
 * machine's apt already uses (so a lab's own mirror or apt proxy works without a flag), else
 * deb.debian.org. Checked before anything is built: an unreachable mirror fails in seconds.
 */
record DebianMirror(URI uri) {

    static final URI FALLBACK = URI.create("http://deb.debian.org/debian");
    private static final Pattern SOURCE_LINE = Pattern.compile("^(?:URIs:|deb(?:\\s+\\[[^]]*])?)\\s+(https?://\\S+/debian)/?(?:\\s|$)");
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    static DebianMirror of(String given) throws ImageBuildException {
        if (given == null || given.isBlank()) {
            return new DebianMirror(configured(Path.of("/etc/apt")).orElse(FALLBACK));
        }
        try {
            URI uri = URI.create(given.strip().replaceAll("/+$", ""));
            if (!List.of("http", "https").contains(String.valueOf(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return new DebianMirror(uri);
        } catch (IllegalArgumentException e) {
            throw new ImageBuildException(ImageBuildException.BAD_INPUT, "--mirror '" + given + "' is not a mirror URL: " + e.getMessage());
        }
    }

    /** The first non-security Debian mirror in apt's sources under {@code aptDir}. */
    static Optional<URI> configured(Path aptDir) {
        List<Path> files = Stream.concat(Stream.of(aptDir.resolve("sources.list")), list(aptDir.resolve("sources.list.d")))
                .filter(Files::isRegularFile).toList();
        for (Path file : files) {
            try {
                for (String line : Files.readAllLines(file)) {
                    Matcher m = SOURCE_LINE.matcher(line.strip());
                    if (m.find() && !m.group(1).contains("security")) {
                        return Optional.of(URI.create(m.group(1)));
                    }
                }
            } catch (IOException e) {
                // an unreadable source file names no mirror
            }
        }
        return Optional.empty();
    }

    /** Fails with exit 3 unless the mirror serves the suite's Release file. */
    void checkReachable(String suite) throws ImageBuildException {
        URI release = URI.create(uri + "/dists/" + suite + "/InRelease");
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL)
                .proxy(java.net.ProxySelector.getDefault()).build()) {
            HttpResponse<Void> response = client.send(HttpRequest.newBuilder(release).timeout(TIMEOUT)
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 200) {
                throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "Debian mirror " + uri + " unreachable: "
                        + release + " answered HTTP " + response.statusCode());
            }
        } catch (IOException e) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "Debian mirror " + uri + " unreachable: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "Debian mirror check interrupted");
        }
    }

    private static Stream<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList().stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }
}
