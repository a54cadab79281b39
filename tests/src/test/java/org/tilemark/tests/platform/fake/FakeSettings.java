package org.tilemark.tests.platform.fake;

import java.nio.file.Path;

/**
 * The fake platform's section, {@code cluster.fake}.
 *
 * @param workDir where its VMs (local guests underneath) keep their disks and registry
 * @param hosts   how many hosts it offers
 */
record FakeSettings(Path workDir, int hosts) {
}
