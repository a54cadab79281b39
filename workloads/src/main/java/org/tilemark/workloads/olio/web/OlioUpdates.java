package org.tilemark.workloads.olio.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.tilemark.workloads.olio.db.SeedFiles;

/**
 * The write side of Olio: attend, AddPerson, AddEvent. Each runs in one transaction; uploaded files
 * are written to the filestore inside it (named after the new row's id), so a failed insert leaves
 * at most an unreferenced file. Without an upload the entity's paths show pool samples, like seeded rows.
 */
final class OlioUpdates {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Filestore filestore;

    OlioUpdates(JdbcTemplate jdbc, TransactionTemplate transactions, Filestore filestore) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.filestore = filestore;
    }

    void attend(int userId, int eventId) {
        jdbc.update("INSERT INTO person_socialevent (userid, socialeventid) VALUES (?, ?) ON CONFLICT DO NOTHING",
                userId, eventId);
    }

    /** The new person's id, or empty when the username is taken. */
    Optional<Integer> addPerson(Forms.NewPerson person) {
        try {
            return Optional.of(transactions.execute(status -> {
                if (!jdbc.queryForList("SELECT 1 FROM person WHERE username = ?", Integer.class, person.username()).isEmpty()) {
                    status.setRollbackOnly();
                    return -1;
                }
                int addressId = insertAddress(person.address());
                int userId = jdbc.queryForObject("INSERT INTO person (username, password, firstname, lastname, email,"
                        + " telephone, summary, timezone, address_addressid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING userid",
                        Integer.class, person.username(), person.password(), person.firstname(), person.lastname(),
                        person.email(), person.telephone(), person.summary(), person.timezone(), addressId);
                String image = SeedFiles.personImage(userId);
                String thumbnail = SeedFiles.personThumbnail(userId);
                if (person.image() != null) {
                    image = "people/" + userId + "/image." + person.image().extension();
                    store(image, person.image().bytes());
                    store(thumbnail, Images.thumbnail(person.image().image()));
                }
                jdbc.update("UPDATE person SET imageurl = ?, imagethumburl = ? WHERE userid = ?", image, thumbnail, userId);
                return userId;
            })).filter(id -> id > 0);
        } catch (DuplicateKeyException raced) {
            return Optional.empty();
        }
    }

    int addEvent(Forms.NewEvent event, String submitter) {
        return transactions.execute(status -> {
            int addressId = insertAddress(event.address());
            int eventId = jdbc.queryForObject("INSERT INTO socialevent (title, description, submitterusername, telephone,"
                    + " address_addressid, timezone, eventtimestamp, eventdate, summary, createdtimestamp)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING socialeventid", Integer.class,
                    event.title(), event.description(), submitter, event.telephone(), addressId, event.timezone(),
                    event.at(), event.at().toLocalDate(), event.summary(), LocalDateTime.now());
            // Sorted: two events sharing tags lock their rows in the same order, so they queue instead of deadlocking.
            for (String tag : event.tags().stream().sorted().toList()) {
                int tagId = jdbc.queryForObject("INSERT INTO socialeventtag (tag, refcount) VALUES (?, 1)"
                        + " ON CONFLICT (tag) DO UPDATE SET refcount = socialeventtag.refcount + 1 RETURNING socialeventtagid",
                        Integer.class, tag);
                jdbc.update("INSERT INTO socialeventtag_socialevent (socialeventtagid, socialeventid) VALUES (?, ?)", tagId, eventId);
            }
            String image = SeedFiles.eventImage(eventId);
            String thumbnail = SeedFiles.eventThumbnail(eventId);
            String literature = SeedFiles.eventLiterature(eventId);
            if (event.image() != null) {
                image = "events/" + eventId + "/image." + event.image().extension();
                store(image, event.image().bytes());
                store(thumbnail, Images.thumbnail(event.image().image()));
            }
            if (event.literature() != null) {
                store(literature, event.literature());
            }
            jdbc.update("UPDATE socialevent SET imageurl = ?, imagethumburl = ?, literatureurl = ? WHERE socialeventid = ?",
                    image, thumbnail, literature, eventId);
            return eventId;
        });
    }

    private int insertAddress(Forms.AddressForm address) {
        return jdbc.queryForObject("INSERT INTO address (street1, street2, city, state, zip, country)"
                + " VALUES (?, ?, ?, ?, ?, ?) RETURNING addressid", Integer.class, address.street1(), address.street2(),
                address.city(), address.state(), address.zip(), address.country());
    }

    private void store(String relativePath, byte[] bytes) {
        try {
            filestore.store(relativePath, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store " + relativePath, e);
        }
    }
}
