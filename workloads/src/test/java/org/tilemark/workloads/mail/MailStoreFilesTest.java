package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.mail.Flags;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MailStoreFilesTest {

    @TempDir
    Path dir;

    @Test
    void flagsRoundTripIncludingUserFlags() {
        Flags flags = new Flags(Flags.Flag.SEEN);
        flags.add(Flags.Flag.DELETED);
        flags.add("$Label 1");

        Flags back = MailStoreFiles.parseFlags(MailStoreFiles.flagsText(flags));

        assertThat(back).isEqualTo(flags);
        assertThat(MailStoreFiles.parseFlags(MailStoreFiles.flagsText(new Flags()))).isEqualTo(new Flags());
    }

    @Test
    void indexAndMessagesRoundTripAndOddFolderNamesSurvive() throws IOException {
        MailStoreFiles files = new MailStoreFiles(dir.resolve("mailstore"));
        byte[] content = "Subject: hi\r\n\r\nbody\r\n".getBytes(StandardCharsets.US_ASCII);
        String blob = MailStoreFiles.blobName(content);
        files.writeBlob(blob, content);
        List<MailStoreFiles.Entry> entries = List.of(
                new MailStoreFiles.Entry("user0001", "Tab\tand Space", null, null, null),
                new MailStoreFiles.Entry("user0001", "Tab\tand Space", blob, new Flags(Flags.Flag.SEEN),
                        Instant.ofEpochMilli(1_700_000_000_123L)));

        files.writeIndex(entries);

        assertThat(files.exists()).isTrue();
        assertThat(files.readIndex()).isEqualTo(entries);
        assertThat(files.readBlob(blob)).isEqualTo(content);
        assertThat(files.blobs()).containsExactly(blob);
        files.deleteBlob(blob);
        assertThat(files.blobs()).isEmpty();
    }

    @Test
    void aForeignIndexIsRejected() throws IOException {
        MailStoreFiles files = new MailStoreFiles(dir);
        Files.writeString(dir.resolve("index.tsv"), "something else\n");

        assertThatThrownBy(files::readIndex).isInstanceOf(IOException.class).hasMessageContaining("not a tilemark mail store");
    }
}
