package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of one VM on its datastore: {@code disk/} (cloned from the template),
 * {@code guestinfo.properties} (the customization), {@code guest.json} (written by the guest once it
 * serves) and {@code console.log}.
 */
record VmDirectory(Path path) {

    private static final Pattern PORTS = Pattern.compile("\"ports\"\\s*:\\s*\\{([^}]*)}");
    private static final Pattern NAMED_PORT = Pattern.compile("\"([^\"]+)\"\\s*:\\s*(\\d+)");

    Path disk() {
        return path.resolve("disk");
    }

    Path console() {
        return path.resolve("console.log");
    }

    Path readyFile() {
        return path.resolve("guest.json");
    }

    void writeGuestInfo(Map<String, String> guestInfo) throws IOException {
        Properties properties = new Properties();
        properties.putAll(new TreeMap<>(guestInfo));
        Path temp = path.resolve("guestinfo.properties.tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            properties.store(out, "guestinfo: the VM's customization");
        }
        Files.move(temp, path.resolve("guestinfo.properties"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The service ports the guest announced in guest.json, by name, once it is ready. */
    Optional<Map<String, Integer>> guestPorts() {
        try {
            Matcher ports = PORTS.matcher(Files.readString(readyFile()));
            if (!ports.find()) {
                return Optional.empty();
            }
            Map<String, Integer> result = new TreeMap<>();
            Matcher named = NAMED_PORT.matcher(ports.group(1));
            while (named.find()) {
                result.put(named.group(1), Integer.parseInt(named.group(2)));
            }
            return result.isEmpty() ? Optional.empty() : Optional.of(result);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The console's last lines, for error messages when a guest fails to start. */
    String consoleTail(int lines) {
        try {
            List<String> all = Files.readAllLines(console(), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no console output)";
        }
    }
}
