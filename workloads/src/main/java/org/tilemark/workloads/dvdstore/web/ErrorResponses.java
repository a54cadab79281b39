package org.tilemark.workloads.dvdstore.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Bad parameters → 400 with a one-line message; database trouble → 503; anything else → 500. */
@RestControllerAdvice
class ErrorResponses {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    @ExceptionHandler(BadRequestException.class)
    ResponseEntity<String> badRequest(BadRequestException e) {
        return text(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler({TransientDataAccessException.class, DataAccessResourceFailureException.class})
    ResponseEntity<String> databaseUnavailable(DataAccessException e) {
        LOG.warn("database unavailable: {}", e.getMostSpecificCause().getMessage());
        return text(HttpStatus.SERVICE_UNAVAILABLE, "database unavailable");
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<String> databaseError(DataAccessException e) {
        LOG.warn("database error: {}", e.getMostSpecificCause().getMessage());
        return text(HttpStatus.INTERNAL_SERVER_ERROR, "database error");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<String> serverError(Exception e) {
        if (e instanceof ErrorResponse framework) {
            // Spring MVC's own failures (unknown path, wrong method, ...) keep their status.
            return text(framework.getStatusCode(), framework.getBody().getDetail());
        }
        LOG.warn("request failed", e);
        return text(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
    }

    private static ResponseEntity<String> text(HttpStatusCode status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body((message == null ? "" : message.replace('\n', ' ')) + "\n");
    }
}
