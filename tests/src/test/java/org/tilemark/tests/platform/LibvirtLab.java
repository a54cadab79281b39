package org.tilemark.tests.platform;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tilemark.tests.image.TestGuestImage;

/**
 * The KVM lab for one test class ({@code @RegisterExtension static final LibvirtLab LAB = new LibvirtLab("name")}):
 * brought up afresh under {@code target/<name>/hosts} with the test run's guest image before the class's
 * tests, taken down after them (nothing stays on either host, the logs do).
 */
final class LibvirtLab implements BeforeAllCallback, AfterAllCallback {

    private final Path dir;
    private LibvirtTestHosts hosts;

    LibvirtLab(String name) {
        this.dir = Path.of("target", name).toAbsolutePath();
    }

    /** The class's working directory (the lab's under it, in {@code hosts}). */
    Path dir() {
        return dir;
    }

    LibvirtTestHosts hosts() {
        if (hosts == null) {
            throw new IllegalStateException("the lab is not up");
        }
        return hosts;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        hosts = LibvirtTestHosts.start(dir.resolve("hosts"), TestGuestImage.get().file());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (hosts != null) {
            hosts.close();
            hosts = null;
        }
    }
}
