package org.tilemark.workloads.olio.web;

/** A request parameter or upload is missing or invalid: answered with HTTP 400 and this one-line message. */
final class BadRequestException extends RuntimeException {

    BadRequestException(String message) {
        super(message, null, false, false);
    }
}
