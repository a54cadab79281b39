package org.tilemark.workloads.guest.web;

import org.springframework.http.HttpStatus;

/** A request the web tier refuses with {@code status} and this one-line message (bad input 400, no such entity 404). */
public class RequestException extends RuntimeException {

    private final HttpStatus status;

    protected RequestException(HttpStatus status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    HttpStatus status() {
        return status;
    }
}
