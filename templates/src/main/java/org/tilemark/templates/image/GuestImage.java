package org.tilemark.templates.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The image a guest found itself running on: the manifest inside it and that file's SHA-256, which
 * the manifest beside the image file records too ({@link ImageManifest.ImageFile#guestManifestSha256}),
 * so a result's run.json names the image every VM booted, and a reviewer can match it to the image
 * file and its SHA-256.
 */
public record GuestImage(String manifestSha256, ImageManifest manifest) {

    /** The manifests of images are small; a larger file is not one. */
    private static final long MAX_BYTES = 1 << 20;

    public static GuestImage read(Path manifestFile) throws IOException {
        if (Files.size(manifestFile) > MAX_BYTES) {
            throw new IOException(manifestFile + " is larger than an image manifest can be (" + MAX_BYTES + " bytes)");
        }
        byte[] bytes = Files.readAllBytes(manifestFile);
        return new GuestImage(sha256(bytes), ImageManifest.read(bytes));
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
