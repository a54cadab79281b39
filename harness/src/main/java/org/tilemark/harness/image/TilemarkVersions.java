package org.tilemark.harness.image;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The versions the build recorded (tilemark-versions.properties): Tilemark's own and the guest's PostgreSQL. */
record TilemarkVersions(String tilemark, String postgresql) {

    static TilemarkVersions load() {
        Properties p = new Properties();
        try (InputStream in = TilemarkVersions.class.getResourceAsStream("/tilemark-versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unknown versions are reported as such
        }
        return new TilemarkVersions(p.getProperty("tilemark", "unknown"), p.getProperty("postgresql", "unknown"));
    }
}
