package org.tilemark.templates;

import java.util.List;

/**
 * How a guest process starts on a platform that runs guests as processes: the one guest executable
 * ({@code mainClass}) with JVM options sized for the role. Real platforms bake the same command
 * into the image recipe.
 */
public record GuestLaunch(String mainClass, List<String> jvmOptions) {

    public static final String GUEST_MAIN = "org.tilemark.workloads.guest.GuestMain";

    public GuestLaunch {
        jvmOptions = List.copyOf(jvmOptions);
    }
}
