package org.tilemark.workloads.olio.web;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A multipart/form-data body, as a browser submits a form with file inputs. */
final class Multipart {

    private final String boundary = "----tilemark" + Long.toHexString(System.nanoTime());
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    Multipart fields(Map<String, String> fields) {
        fields.forEach(this::field);
        return this;
    }

    Multipart field(String name, String value) {
        write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
        return this;
    }

    Multipart file(String name, String filename, String contentType, byte[] bytes) {
        write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
                + "\"\r\nContent-Type: " + contentType + "\r\n\r\n");
        body.writeBytes(bytes);
        write("\r\n");
        return this;
    }

    HttpRequest.Builder post(HttpRequest.Builder request) {
        write("--" + boundary + "--\r\n");
        return request.header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    }

    private void write(String text) {
        body.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
