package org.tilemark.workloads.mail;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Properties;
import javax.net.SocketFactory;
import org.tilemark.workloads.WorkloadConfigException;

/** Jakarta Mail sessions with every socket bounded by a timeout, and the login check {@code prepare} runs. */
final class MailSessions {

    private MailSessions() {
    }

    static Session session(Duration timeout) {
        return session(timeout, null);
    }

    /** A session whose SMTP and IMAP sockets {@code sockets} makes (null: the JDK's own), with no fallback to others. */
    static Session session(Duration timeout, SocketFactory sockets) {
        String millis = Long.toString(Math.max(1, timeout.toMillis()));
        Properties properties = new Properties();
        for (String protocol : new String[]{"smtp", "imap"}) {
            properties.setProperty("mail." + protocol + ".connectiontimeout", millis);
            properties.setProperty("mail." + protocol + ".timeout", millis);
            if (sockets != null) {
                properties.put("mail." + protocol + ".socketFactory", sockets);
                properties.setProperty("mail." + protocol + ".socketFactory.fallback", "false");
            }
        }
        properties.setProperty("mail.smtp.auth", "true");
        // The HELO name; without it every connection looks up this host's name first.
        properties.setProperty("mail.smtp.localhost", "tilemark-driver");
        // A mail client fetches a message whole, not in 16 KB slices.
        properties.setProperty("mail.imap.partialfetch", "false");
        return Session.getInstance(properties);
    }

    /**
     * Logs in to SMTP and IMAP as {@code login}, as a configuration check: a server that does not
     * answer names its URL key, a refused login the password key. Never puts the password in a message.
     */
    static void checkLogin(MailEndpoints endpoints, String login, String password, Duration timeout)
            throws WorkloadConfigException {
        Session session = session(timeout);
        try (Transport transport = session.getTransport("smtp")) {
            connect(transport, endpoints.smtp(), login, password, "workloads.mail.smtpUrl", "SMTP");
        } catch (MessagingException closing) {
            // closing a connection that just worked; nothing to check there
        }
        try (Store store = session.getStore("imap")) {
            connect(store, endpoints.imap(), login, password, "workloads.mail.imapUrl", "IMAP");
        } catch (MessagingException closing) {
            // as above
        }
    }

    private static void connect(jakarta.mail.Service service, InetSocketAddress address, String login, String password,
                                String urlKey, String protocol) throws WorkloadConfigException {
        try {
            service.connect(address.getHostString(), address.getPort(), login, password);
        } catch (AuthenticationFailedException e) {
            throw new WorkloadConfigException("workloads.mail.passwordEnv", protocol + " login as " + login + " was refused");
        } catch (MessagingException e) {
            throw new WorkloadConfigException(urlKey, "cannot connect to " + address.getHostString() + ":"
                    + address.getPort() + ": " + oneLine(e));
        }
    }

    /** The innermost cause, on one line. */
    static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getMessage() == null ? root.getClass().getSimpleName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
        return text.replaceAll("\\s+", " ").strip();
    }
}
