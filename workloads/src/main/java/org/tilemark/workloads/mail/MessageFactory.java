package org.tilemark.workloads.mail;

import jakarta.activation.DataHandler;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Office-like messages: a subject built from topic and project words (so searches find something),
 * a plain-text body of ordinary words, and for the larger sizes a binary attachment carrying most
 * of the bytes, as mail in a real mailbox does. {@code sizeBytes} is the content size before
 * transfer encoding (an attachment grows by a third in base64 on the wire).
 */
final class MessageFactory {

    static final List<String> TOPICS = List.of("budget", "roadmap", "invoice", "meeting", "release", "design",
            "review", "travel", "hiring", "security", "storage", "migration", "customer", "contract", "offsite",
            "benchmark", "report", "training", "launch", "forecast");
    static final List<String> PROJECTS = List.of("Apollo", "Borealis", "Cascade", "Delta", "Everest", "Fjord",
            "Granite", "Horizon");
    static final List<String> OUTSIDE_SENDERS = List.of("newsletter@vendor.example", "billing@supplier.example",
            "noreply@travel.example", "events@conference.example");

    private static final List<String> WORDS = List.of("the", "team", "please", "review", "attached", "numbers",
            "before", "friday", "we", "agreed", "to", "move", "the", "deadline", "and", "update", "plan", "with",
            "customer", "feedback", "from", "last", "week", "thanks", "for", "quick", "turnaround", "on", "this",
            "let", "me", "know", "if", "questions", "remain", "about", "scope", "cost", "schedule", "risk",
            "storage", "capacity", "servers", "network", "upgrade", "window", "approval", "needed", "by", "monday");
    private static final List<String> PREFIXES = List.of("", "", "", "Re: ", "Fwd: ", "RE: ");
    /** Messages up to this size are all text; larger ones carry an attachment. */
    static final int TEXT_ONLY_MAX_BYTES = 8 * 1024;
    private static final int LINE_CHARS = 72;

    private final Session session;

    MessageFactory(Session session) {
        this.session = session;
    }

    String subject(RandomGenerator random) {
        return PREFIXES.get(random.nextInt(PREFIXES.size())) + capitalized(pick(TOPICS, random)) + " "
                + pick(TOPICS, random) + " for " + pick(PROJECTS, random);
    }

    MimeMessage create(String from, List<String> to, String subject, int sizeBytes, RandomGenerator random,
                       Instant sent) throws MessagingException {
        MimeMessage message = new MimeMessage(session);
        message.setFrom(new InternetAddress(from));
        for (String recipient : to) {
            message.addRecipient(MimeMessage.RecipientType.TO, new InternetAddress(recipient));
        }
        message.setSubject(subject, "UTF-8");
        message.setSentDate(Date.from(sent));
        if (sizeBytes <= TEXT_ONLY_MAX_BYTES) {
            message.setText(text(sizeBytes, random), "UTF-8");
        } else {
            int textBytes = 1024 + random.nextInt(2048);
            MimeBodyPart body = new MimeBodyPart();
            body.setText(text(textBytes, random), "UTF-8");
            byte[] payload = new byte[sizeBytes - textBytes];
            random.nextBytes(payload);
            MimeBodyPart attachment = new MimeBodyPart();
            attachment.setDataHandler(new DataHandler(new ByteArrayDataSource(payload, "application/pdf")));
            attachment.setFileName(pick(TOPICS, random) + "-" + pick(PROJECTS, random).toLowerCase() + ".pdf");
            message.setContent(new MimeMultipart(body, attachment));
        }
        message.saveChanges();
        return message;
    }

    /** About {@code bytes} of wrapped text in short paragraphs. */
    static String text(int bytes, RandomGenerator random) {
        StringBuilder text = new StringBuilder(bytes + LINE_CHARS);
        int lineStart = 0;
        int sentenceWords = 0;
        while (text.length() < bytes) {
            String word = pick(WORDS, random);
            if (sentenceWords == 0) {
                word = capitalized(word);
            }
            if (text.length() - lineStart + word.length() + 1 > LINE_CHARS) {
                text.append("\r\n");
                lineStart = text.length();
                if (random.nextInt(6) == 0) {
                    text.append("\r\n");
                    lineStart = text.length();
                }
            } else if (text.length() > lineStart) {
                text.append(' ');
            }
            text.append(word);
            if (++sentenceWords > 6 + random.nextInt(10)) {
                text.append('.');
                sentenceWords = 0;
            }
        }
        return text.append("\r\n").toString();
    }

    static String pick(List<String> values, RandomGenerator random) {
        return values.get(random.nextInt(values.size()));
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
