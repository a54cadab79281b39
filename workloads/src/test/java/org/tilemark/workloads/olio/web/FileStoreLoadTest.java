package org.tilemark.workloads.olio.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.olio.db.OlioScale;
import org.tilemark.workloads.olio.db.SeedFiles;
import org.tilemark.workloads.olio.media.OlioMedia;

class FileStoreLoadTest {

    @TempDir
    Path disk;

    @Test
    void everyPersonAndEventGetsItsOwnFilesAtOlioSizesOnce() throws Exception {
        Filestore filestore = new Filestore(disk);
        OlioScale scale = OlioScale.forLoadedUsers(30);
        FileStoreLoad.Loaded loaded = FileStoreLoad.ensure(filestore, scale);
        assertThat(loaded.files()).isEqualTo(2L * 30 + 3L * scale.events());
        long perPerson = OlioMedia.PERSON_IMAGE.seededBytes() + OlioMedia.PERSON_THUMBNAIL.seededBytes();
        long perEvent = OlioMedia.EVENT_IMAGE.seededBytes() + OlioMedia.EVENT_THUMBNAIL.seededBytes() + OlioMedia.EVENT_LITERATURE.seededBytes();
        assertThat(loaded.bytes()).isEqualTo(30 * perPerson + scale.events() * perEvent);
        for (int person : new int[] {1, 30}) {
            assertThat(Files.size(filestore.resolve(SeedFiles.personImage(person)))).isEqualTo(OlioMedia.PERSON_IMAGE.seededBytes());
            assertThat(Files.size(filestore.resolve(SeedFiles.personThumbnail(person)))).isEqualTo(OlioMedia.PERSON_THUMBNAIL.seededBytes());
        }
        for (int event : new int[] {1, scale.events()}) {
            assertThat(Files.size(filestore.resolve(SeedFiles.eventImage(event)))).isEqualTo(OlioMedia.EVENT_IMAGE.seededBytes());
            assertThat(Files.size(filestore.resolve(SeedFiles.eventThumbnail(event)))).isEqualTo(OlioMedia.EVENT_THUMBNAIL.seededBytes());
            assertThat(Files.size(filestore.resolve(SeedFiles.eventLiterature(event)))).isEqualTo(OlioMedia.EVENT_LITERATURE.seededBytes());
        }
        assertThat(filestore.exists(SeedFiles.personImage(31))).isFalse();
        assertThat(filestore.exists(SeedFiles.eventImage(scale.events() + 1))).isFalse();

        assertThat(FileStoreLoad.ensure(filestore, scale).files()).isZero();
        OlioScale larger = OlioScale.forLoadedUsers(40);
        assertThat(FileStoreLoad.ensure(filestore, larger).files()).isEqualTo(2L * 40 + 3L * larger.events());
        assertThat(filestore.exists(SeedFiles.personImage(40))).isTrue();
    }
}
