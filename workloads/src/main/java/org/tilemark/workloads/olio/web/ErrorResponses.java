package org.tilemark.workloads.olio.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
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

/** Bad input → 400 one line; missing entity → 404; database trouble → 503; anything else → 500. */
@RestControllerAdvice
class ErrorResponses {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    @ExceptionHandler(BadRequestException.class)
    ResponseEntity<String> badRequest(BadRequestException e) {
        return text(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler({MultipartException.class, MissingServletRequestParameterException.class})
    ResponseEntity<String> badForm(Exception e) {
        return text(HttpStatus.BAD_REQUEST, "bad form: " + e.getMessage());
    }

    @ExceptionHandler(NotFoundException.class)
    ResponseEntity<String> notFound(NotFoundException e) {
        return text(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<String> noResource(NoResourceFoundException e) {
        return text(HttpStatus.NOT_FOUND, "not found: /" + e.getResourcePath());
    }

    @ExceptionHandler({TransientDataAccessException.class, DataAccessResourceFailureException.class})
    ResponseEntity<String> databaseUnavailable(DataAccessException e) {
        LOG.warn("database unavailable: {}", e.getMostSpecificCause().getMessage());
        return text(HttpStatus.SERVICE_UNAVAILABLE, "database unavailable");
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<String> databaseError(DataAccessException e) {
        LOG.warn("database error: {}", e.getMostSpecificCause().getMessage());
        return text(HttpStatus.SERVICE_UNAVAILABLE, "database error");
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
