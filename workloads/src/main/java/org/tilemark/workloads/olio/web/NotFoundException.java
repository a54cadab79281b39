package org.tilemark.workloads.olio.web;

import org.springframework.http.HttpStatus;
import org.tilemark.workloads.guest.web.RequestException;

/** The event or person does not exist: HTTP 404 with this one-line message. */
final class NotFoundException extends RequestException {

    NotFoundException(String message) {
        super(HttpStatus.NOT_FOUND, message);
    }
}
