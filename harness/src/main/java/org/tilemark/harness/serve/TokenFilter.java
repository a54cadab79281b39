package org.tilemark.harness.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every API path, {@code /metrics} and the bundles' files need the token, as {@code Authorization: Bearer <token>}
 * or {@code ?token=<token>} (a browser's EventSource cannot send headers); the static pages and the OpenAPI
 * file do not. A GET may instead carry the session cookie the page gets from {@code POST /api/session} (links to
 * a report and its charts cannot send a header); nothing that changes state takes the cookie, so another site
 * cannot make a browser start or stop a run. Every response forbids referrers, so a page opened with the token in
 * its URL does not hand it on.
 */
final class TokenFilter extends OncePerRequestFilter {

    static final String QUERY_PARAMETER = "token";
    static final String SESSION_COOKIE = "tilemark-session";
    private static final String BEARER = "Bearer ";

    private final ServeToken token;
    private final ObjectMapper json;

    TokenFilter(ServeToken token, ObjectMapper json) {
        this.token = token;
        this.json = json;
    }

    static boolean isProtected(String path) {
        return path.startsWith("/api/") || path.equals("/metrics") || path.startsWith(ResultsController.PREFIX);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'");
        if (isProtected(request.getRequestURI()) && !token.matches(offered(request)) && !reading(request)) {
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setHeader("WWW-Authenticate", "Bearer realm=\"tilemark\"");
            response.setContentType("application/json");
            json.writeValue(response.getOutputStream(), Map.of("error",
                    "this needs the access token printed when the server started (Authorization: Bearer, or ?token=)"));
            return;
        }
        chain.doFilter(request, response);
    }

    /** A GET with the session cookie. */
    private boolean reading(HttpServletRequest request) {
        if (!"GET".equals(request.getMethod()) || request.getCookies() == null) {
            return false;
        }
        for (Cookie cookie : request.getCookies()) {
            if (SESSION_COOKIE.equals(cookie.getName()) && token.matchesSession(cookie.getValue())) {
                return true;
            }
        }
        return false;
    }

    private static String offered(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header != null && header.startsWith(BEARER)) {
            return header.substring(BEARER.length()).trim();
        }
        return request.getParameter(QUERY_PARAMETER);
    }
}
