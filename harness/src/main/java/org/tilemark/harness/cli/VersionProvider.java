package org.tilemark.harness.cli;

import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() throws Exception {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/tilemark-versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {"tilemark " + p.getProperty("tilemark", "unknown") + " (Java " + Runtime.version() + ")"};
    }
}
