package org.tilemark.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the record component holding the chosen platform's own section: in YAML it is the sibling
 * mapping named by the component {@link #selector()} (e.g. {@code cluster.local} when
 * {@code cluster.platform} is {@code local}), bound onto that platform's {@link PlatformConfig#sectionType()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@interface PlatformSection {

    /** The sibling component whose value names the platform. */
    String selector();
}
