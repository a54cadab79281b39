package org.tilemark.workloads.olio.web;

/** The event or person does not exist: HTTP 404 with this one-line message. */
final class NotFoundException extends RuntimeException {

    NotFoundException(String message) {
        super(message, null, false, false);
    }
}
