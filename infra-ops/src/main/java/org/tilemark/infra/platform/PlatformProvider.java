package org.tilemark.infra.platform;

/** Creates a platform by name; found with ServiceLoader. */
public interface PlatformProvider {

    String name();

    Platform create(PlatformSettings settings) throws PlatformException;
}
