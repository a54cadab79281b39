package org.tilemark.templates.guest;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The one writer and reader of the guest-config document (format {@value #FORMAT}, version
 * {@value #VERSION}). On the local platform it is the file {@value #FILE_NAME} in the VM's directory,
 * readable by its owner only because it holds secrets; a real platform puts the same JSON on a
 * NoCloud volume or into guestinfo.
 */
public final class GuestConfigFile {

    public static final String FILE_NAME = "guest-config.json";
    static final String FORMAT = "tilemark-guest-config";
    static final int VERSION = 1;

    private static final VersionedJson<GuestConfig> JSON = new VersionedJson<>(FORMAT, VERSION, GuestConfig.class);

    private GuestConfigFile() {
    }

    public static String toJson(GuestConfig config) {
        return JSON.toJson(config);
    }

    public static GuestConfig fromJson(String json) throws GuestDocumentException {
        return JSON.fromJson(json);
    }

    public static void write(Path file, GuestConfig config) throws IOException {
        JSON.write(file, config, true);
    }

    public static GuestConfig read(Path file) throws IOException {
        return JSON.read(file);
    }
}
