package org.tilemark.workloads.dvdstore.web;

import org.springframework.http.HttpStatus;
import org.tilemark.workloads.guest.web.RequestException;

/** A request with bad parameters: HTTP 400 with this one-line message. */
final class BadRequestException extends RequestException {

    BadRequestException(String message) {
        super(HttpStatus.BAD_REQUEST, message);
    }
}
