package org.tilemark.workloads.olio.web;

import java.io.Serializable;
import jakarta.servlet.http.HttpSession;

/** The logged-in person, kept in the Tomcat HTTP session under {@link #ATTRIBUTE}. */
record SessionUser(int userId, String username) implements Serializable {

    static final String ATTRIBUTE = "olio.user";

    static SessionUser of(HttpSession session) {
        return session == null ? null : (SessionUser) session.getAttribute(ATTRIBUTE);
    }
}
