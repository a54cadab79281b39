package org.tilemark.workloads.olio.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.web.multipart.MultipartFile;

/** The AddPerson and AddEvent forms, parsed and checked (bad input becomes a one-line HTTP 400). */
final class Forms {

    static final int MAX_TAGS_PER_EVENT = 10;
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_.@-]{1,25}");
    private static final Pattern TAG = Pattern.compile("[\\p{L}\\p{N}_.-]{1,30}");

    private Forms() {
    }

    record AddressForm(String street1, String street2, String city, String state, String zip, String country) {
    }

    record NewPerson(String username, String password, String firstname, String lastname, String email,
            String telephone, String summary, String timezone, AddressForm address, Images.Upload image) {
    }

    record NewEvent(String title, String summary, String description, String telephone, String timezone,
            LocalDateTime at, AddressForm address, List<String> tags, Images.Upload image, byte[] literature) {
    }

    static NewPerson person(Map<String, String> form, MultipartFile image) {
        String username = text(form, "username", 25);
        if (!USERNAME.matcher(username).matches()) {
            throw new BadRequestException("parameter 'username' may hold only letters, digits and _.@-");
        }
        return new NewPerson(username, text(form, "password", 25), text(form, "firstname", 25),
                text(form, "lastname", 25), text(form, "email", 90), optional(form, "telephone", 25),
                optional(form, "summary", 2500), optional(form, "timezone", 100), address(form), image(image));
    }

    static NewEvent event(Map<String, String> form, MultipartFile image, MultipartFile literature) {
        LocalDateTime at;
        try {
            at = LocalDateTime.of(number(form, "year", 1900, 9999), number(form, "month", 1, 12),
                    number(form, "day", 1, 31), number(form, "hour", 0, 23), number(form, "minute", 0, 59));
        } catch (DateTimeException e) {
            throw new BadRequestException("the event date is not a valid date");
        }
        return new NewEvent(text(form, "title", 100), text(form, "summary", 100), text(form, "description", 500),
                optional(form, "telephone", 25), optional(form, "timezone", 100), at, address(form),
                tags(form.get("tags")), image(image), literature(literature));
    }

    static List<String> tags(String text) {
        Set<String> tags = new LinkedHashSet<>();
        if (text != null) {
            for (String tag : text.strip().split("\\s+")) {
                if (tag.isEmpty()) {
                    continue;
                }
                if (!TAG.matcher(tag).matches()) {
                    throw new BadRequestException("tag '" + tag + "' must be 1-30 letters, digits or _.-");
                }
                tags.add(tag.toLowerCase(Locale.ROOT));
            }
        }
        if (tags.size() > MAX_TAGS_PER_EVENT) {
            throw new BadRequestException("at most " + MAX_TAGS_PER_EVENT + " tags per event");
        }
        return List.copyOf(tags);
    }

    static String text(Map<String, String> form, String name, int maxLength) {
        String value = optional(form, name, maxLength);
        if (value == null) {
            throw new BadRequestException("parameter '" + name + "' is required");
        }
        return value;
    }

    static String optional(Map<String, String> form, String name, int maxLength) {
        String value = form.get(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        if (stripped.length() > maxLength) {
            throw new BadRequestException("parameter '" + name + "' is longer than " + maxLength + " characters");
        }
        return stripped;
    }

    static int number(Map<String, String> form, String name, int min, int max) {
        String value = text(form, name, 12);
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            throw new BadRequestException("parameter '" + name + "' is not a number");
        }
        throw new BadRequestException("parameter '" + name + "' must be in " + min + ".." + max);
    }

    private static AddressForm address(Map<String, String> form) {
        return new AddressForm(text(form, "street1", 55), optional(form, "street2", 55), text(form, "city", 55),
                text(form, "state", 25), text(form, "zip", 12), text(form, "country", 55));
    }

    private static Images.Upload image(MultipartFile file) {
        return file == null || file.isEmpty() ? null : Images.decode("image", bytes(file));
    }

    private static byte[] literature(MultipartFile file) {
        if (file == null || file.isEmpty()) {
            return null;
        }
        byte[] bytes = bytes(file);
        if (bytes.length < 5 || !new String(bytes, 0, 5, StandardCharsets.US_ASCII).equals("%PDF-")) {
            throw new BadRequestException("file 'literature' must be a PDF document");
        }
        return bytes;
    }

    private static byte[] bytes(MultipartFile file) {
        try {
            return file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
