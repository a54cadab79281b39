package org.tilemark.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * MANIFEST.sha256 of a bundle in {@code sha256sum} format ({@code <hex>  <relative/path>}, sorted),
 * covering every regular file except the manifest itself, so {@code sha256sum -c} also checks it.
 */
public final class Manifest {
    /** Two spaces = text mode, " *" = binary mode; sha256sum accepts both. */
    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{64}) [ *](.+)");

    private Manifest() {
    }

    public static void write(Path bundle) throws IOException {
        StringBuilder manifest = new StringBuilder();
        for (Map.Entry<String, String> entry : hashFiles(bundle).entrySet()) {
            manifest.append(entry.getValue()).append("  ").append(entry.getKey()).append('\n');
        }
        BundleFiles.writeAtomically(bundle.resolve(BundleLayout.MANIFEST), manifest.toString());
    }

    /** Problems found, one line each ("modified: x", "missing: y", "extra: z"); empty means intact. */
    public static List<String> verify(Path bundle) throws IOException {
        Path manifestFile = bundle.resolve(BundleLayout.MANIFEST);
        if (!Files.isRegularFile(manifestFile)) {
            return List.of("missing: " + BundleLayout.MANIFEST);
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> expected = new TreeMap<>();
        List<String> lines = Files.readAllLines(manifestFile, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            Matcher line = LINE.matcher(lines.get(i));
            if (lines.get(i).isBlank()) {
                continue;
            }
            if (!line.matches() || !isInside(bundle, line.group(2))) {
                problems.add("malformed: " + BundleLayout.MANIFEST + " line " + (i + 1));
                continue;
            }
            expected.put(line.group(2), line.group(1).toLowerCase(Locale.ROOT));
        }
        Map<String, String> actual = hashFiles(bundle);
        expected.forEach((path, hash) -> {
            String found = actual.get(path);
            if (found == null) {
                problems.add("missing: " + path);
            } else if (!found.equals(hash)) {
                problems.add("modified: " + path);
            }
        });
        actual.keySet().stream().filter(path -> !expected.containsKey(path))
                .forEach(path -> problems.add("extra: " + path));
        problems.addAll(notRegularFiles(bundle));
        return problems;
    }

    /**
     * Symbolic links, FIFOs, sockets and devices: a bundle is regular files in directories, and the
     * hashes above never open these, so each is a problem of its own ("not a regular file: x").
     */
    public static List<String> notRegularFiles(Path bundle) throws IOException {
        List<String> problems = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(bundle)) {
            for (Path path : paths.filter(p -> !p.equals(bundle)).toList()) {
                if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    problems.add("not a regular file: " + relativeName(bundle, path));
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return problems;
    }

    /** A manifest line must not point outside the bundle (absolute paths, "..", etc.). */
    private static boolean isInside(Path bundle, String relative) {
        try {
            Path root = bundle.toAbsolutePath().normalize();
            return !Path.of(relative).isAbsolute() && root.resolve(relative).normalize().startsWith(root);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** Relative path (always '/'-separated) → lowercase hex SHA-256, sorted by path. */
    private static Map<String, String> hashFiles(Path bundle) throws IOException {
        Map<String, String> hashes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList()) {
                String relative = relativeName(bundle, file);
                if (!isSeal(relative) && !isTemporary(file)) {
                    hashes.put(relative, sha256(file));
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return hashes;
    }

    private static boolean isSeal(String relative) {
        return relative.equals(BundleLayout.MANIFEST) || relative.equals(BundleLayout.MANIFEST_SIGNATURE) || relative.equals(BundleLayout.MANIFEST_CERTIFICATE);
    }

    /** In-flight atomic writes (".name*.tmp" from BundleFiles) are not part of the bundle. */
    private static boolean isTemporary(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(".") && name.endsWith(".tmp");
    }

    private static String relativeName(Path bundle, Path file) {
        List<String> parts = new ArrayList<>();
        bundle.relativize(file).forEach(part -> parts.add(part.toString()));
        return String.join("/", parts);
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
