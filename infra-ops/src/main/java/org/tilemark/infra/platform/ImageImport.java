package org.tilemark.infra.platform;

import java.util.function.Consumer;

/**
 * A platform's import of a guest image as the template its tile VMs are cloned from ({@code tilemark
 * image push}); a provider that has one returns it from {@link PlatformProvider#imageImport}.
 */
@FunctionalInterface
public interface ImageImport {

    /**
     * Imports {@code image} as the template the provider's settings name, telling {@code progress} what
     * it does; returns a line saying what was made. A name already taken or a setting that does not fit
     * the platform is a {@link PlatformSettingException} naming its key, and nothing is left behind.
     */
    String importImage(OvfPackage image, Consumer<String> progress) throws PlatformException;
}
