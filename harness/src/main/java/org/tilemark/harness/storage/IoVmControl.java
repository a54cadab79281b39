package org.tilemark.harness.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.tilemark.workloads.storage.IoGuestRole;
import org.tilemark.workloads.storage.IoResult;
import org.tilemark.workloads.storage.IoResultJson;
import org.tilemark.workloads.storage.IoRunRequest;

/** Runs one data point on one I/O VM through its control endpoint (token-protected). */
final class IoVmControl {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    private final String token;

    IoVmControl(String token) {
        this.token = token;
    }

    IoResult run(String vm, InetSocketAddress endpoint, IoRunRequest request, Duration patience) throws IOException {
        HttpRequest post = HttpRequest.newBuilder(URI.create("http://" + endpoint.getHostString() + ":" + endpoint.getPort()
                        + IoGuestRole.PATH))
                .timeout(patience)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request)))
                .build();
        try {
            HttpResponse<String> response;
            try {
                response = http.send(post, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new IOException(vm + " did not answer: " + e.getMessage(), e);
            }
            if (response.statusCode() != 200) {
                JsonNode error = JSON.readTree(response.body());
                throw new IOException(vm + ": " + (error.has("error") ? error.get("error").asText() : response.body()));
            }
            return JSON.readValue(response.body(), IoResultJson.class).toResult();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(vm + ": interrupted", e);
        }
    }
}
