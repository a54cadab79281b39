package org.tilemark.workloads.guest.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * How every web guest answers a request that fails, in one line of text: refused input 400 (or the
 * {@link RequestException}'s status), a missing entity or file 404, any database failure 503 (the
 * web tier serves but its database does not: the pool reconnects once it is back), anything else 500.
 */
@RestControllerAdvice
public class ErrorResponses {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    @ExceptionHandler(RequestException.class)
    ResponseEntity<String> refused(RequestException e) {
        return text(e.status(), e.getMessage());
    }

    @ExceptionHandler({MultipartException.class, MissingServletRequestParameterException.class})
    ResponseEntity<String> badForm(Exception e) {
        return text(HttpStatus.BAD_REQUEST, "bad form: " + e.getMessage());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<String> noResource(NoResourceFoundException e) {
        return text(HttpStatus.NOT_FOUND, "not found: /" + e.getResourcePath());
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<String> databaseUnavailable(DataAccessException e) {
        LOG.warn("database unavailable: {}", e.getMostSpecificCause().getMessage());
        return text(HttpStatus.SERVICE_UNAVAILABLE, "database unavailable");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<String> serverError(Exception e) {
        if (e instanceof ErrorResponse framework) {
            // Spring MVC's own failures (wrong method, bad type, ...) keep their status.
            return text(framework.getStatusCode(), framework.getBody().getDetail());
        }
        LOG.warn("request failed", e);
        return text(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
    }

    private static ResponseEntity<String> text(HttpStatusCode status, String message) {
        String line = message == null ? "" : message.replace('\r', ' ').replace('\n', ' ');
        return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(line + "\n");
    }
}
