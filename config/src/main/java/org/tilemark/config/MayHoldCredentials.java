package org.tilemark.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a text component (a JDBC, SMTP or IMAP URL) that a user may have typed a credential into: a snapshot
 * ({@link ConfigWriter}) records it redacted ({@link Messages#redact}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface MayHoldCredentials {
}
