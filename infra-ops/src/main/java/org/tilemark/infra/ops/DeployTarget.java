package org.tilemark.infra.ops;

import java.net.InetSocketAddress;
import java.util.Map;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.VmSpec;

/** What the Deploy operation clones and the job it runs in the new VM; the harness supplies it. */
public interface DeployTarget {

    /** The deploy template, built on first use. */
    Template template() throws PlatformException;

    /** The customized VM to clone from {@code template} as {@code name}, placed at {@code where}. */
    VmSpec vm(String name, Template template, Placement where);

    /** Runs the job against the new VM's endpoints; returns when it is done, throws if it failed. */
    void runJob(Map<String, InetSocketAddress> endpoints) throws Exception;
}
