package org.tilemark.harness.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every API path and {@code /metrics} need the token, as {@code Authorization: Bearer <token>} or
 * {@code ?token=<token>} (a browser's EventSource cannot send headers); the static pages and the OpenAPI
 * file do not. Every response forbids referrers, so a page opened with the token in its URL does not
 * hand it on.
 */
final class TokenFilter extends OncePerRequestFilter {

    static final String QUERY_PARAMETER = "token";
    private static final String BEARER = "Bearer ";

    private final ServeToken token;
    private final ObjectMapper json;

    TokenFilter(ServeToken token, ObjectMapper json) {
        this.token = token;
        this.json = json;
    }

    static boolean isProtected(String path) {
        return path.startsWith("/api/") || path.equals("/metrics");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'");
        if (isProtected(request.getRequestURI()) && !token.matches(offered(request))) {
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setHeader("WWW-Authenticate", "Bearer realm=\"tilemark\"");
            response.setContentType("application/json");
            json.writeValue(response.getOutputStream(), Map.of("error",
                    "this needs the access token printed when the server started (Authorization: Bearer, or ?token=)"));
            return;
        }
        chain.doFilter(request, response);
    }

    private static String offered(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header != null && header.startsWith(BEARER)) {
            return header.substring(BEARER.length()).trim();
        }
        return request.getParameter(QUERY_PARAMETER);
    }
}
