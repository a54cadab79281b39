package org.tilemark.workloads.guest;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;

/**
 * {@code tilemark-guest --role R --vm-dir DIR [--build-template]}: the one executable every VM runs.
 * It reads the VM's customization from {@code DIR/guestinfo.properties}, serves from {@code DIR/disk},
 * announces readiness by writing {@code DIR/guest.json}, and stops cleanly on SIGTERM.
 */
public final class GuestMain {

    private GuestMain() {
    }

    public static void main(String[] args) {
        String role = null;
        Path vmDirectory = null;
        boolean buildTemplate = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--role" -> role = args[++i];
                case "--vm-dir" -> vmDirectory = Path.of(args[++i]).toAbsolutePath().normalize();
                case "--build-template" -> buildTemplate = true;
                default -> fail(2, "unknown argument '" + args[i] + "' (usage: --role R --vm-dir DIR [--build-template])");
            }
        }
        if (role == null || vmDirectory == null) {
            fail(2, "usage: tilemark-guest --role R --vm-dir DIR [--build-template]");
        }
        GuestRole guest = find(role);
        try {
            GuestContext context = new GuestContext(vmDirectory.resolve("disk"), guestInfo(vmDirectory), System.getenv());
            if (buildTemplate) {
                guest.buildTemplate(context);
                System.out.println("template for " + role + " built");
                System.exit(0);
            }
            serve(guest, context, vmDirectory);
        } catch (Exception e) {
            e.printStackTrace(System.out);
            fail(1, "guest " + role + " failed: " + e);
        }
    }

    private static void serve(GuestRole guest, GuestContext context, Path vmDirectory) throws Exception {
        RunningGuest running = guest.start(context);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                running.close();
                System.out.println("guest " + guest.name() + " stopped");
            } catch (Exception e) {
                e.printStackTrace(System.out);
            } finally {
                stopped.countDown();
            }
        }, "guest-shutdown"));
        StringBuilder ports = new StringBuilder();
        new java.util.TreeMap<>(running.ports()).forEach((name, port) ->
                ports.append(ports.isEmpty() ? "" : ",").append('"').append(name).append("\":").append(port));
        String ready = "{\"role\":\"" + guest.name() + "\",\"port\":" + running.port() + ",\"ports\":{" + ports
                + "},\"pid\":" + ProcessHandle.current().pid() + "}\n";
        Path temp = vmDirectory.resolve("guest.json.tmp");
        Files.writeString(temp, ready);
        Files.move(temp, vmDirectory.resolve("guest.json"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("guest " + guest.name() + " ready on ports " + running.ports());
        stopped.await();
    }

    private static Map<String, String> guestInfo(Path vmDirectory) throws IOException {
        Properties properties = new Properties();
        Path file = vmDirectory.resolve("guestinfo.properties");
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            }
        }
        Map<String, String> result = new HashMap<>();
        properties.forEach((k, v) -> result.put(k.toString(), v.toString()));
        return result;
    }

    private static GuestRole find(String role) {
        TreeSet<String> known = new TreeSet<>();
        for (GuestRole candidate : ServiceLoader.load(GuestRole.class)) {
            if (candidate.name().equals(role)) {
                return candidate;
            }
            known.add(candidate.name());
        }
        fail(2, "unknown role '" + role + "' (known: " + String.join(", ", known) + ")");
        return null;
    }

    private static void fail(int code, String message) {
        System.out.println(message);
        System.exit(code);
    }
}
