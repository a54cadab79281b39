package org.tilemark.workloads.guest;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The guest's own network addresses, as its readiness report carries them: a platform whose network
 * hands out addresses it does not see (a lab's own DHCP server) learns the VM's address from them.
 * Unicast addresses of interfaces that are up, not loopback or link-local, IPv4 first.
 */
final class OwnAddresses {

    private static final Duration POLL = Duration.ofMillis(500);

    private OwnAddresses() {
    }

    static List<String> now() throws SocketException {
        List<InetAddress> found = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (!address.isLoopbackAddress() && !address.isLinkLocalAddress() && !address.isMulticastAddress()) {
                    found.add(address);
                }
            }
        }
        found.sort(Comparator.comparing(a -> a instanceof Inet4Address ? 0 : 1));
        return found.stream().map(InetAddress::getHostAddress).map(OwnAddresses::withoutScope).toList();
    }

    /**
     * The addresses once the guest has one, waiting up to {@code patience} for its DHCP lease (the image
     * does not wait for the network before it starts the guest); what there is, perhaps none, after that.
     */
    static List<String> awaitAny(Duration patience) throws SocketException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        List<String> found = now();
        while (found.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(POLL.toMillis());
            found = now();
        }
        return found;
    }

    /**
     * Every interface as this process sees it (name, up or down, its addresses), for the console when no address
     * was found: what the guest saw is then beside what the DHCP server's log says it handed out.
     */
    static String describe() {
        try {
            List<String> nics = new ArrayList<>();
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                List<String> addresses = Collections.list(nic.getInetAddresses()).stream().map(InetAddress::getHostAddress).toList();
                nics.add(nic.getName() + (nic.isUp() ? " up " : " down ") + addresses);
            }
            return String.join("; ", nics);
        } catch (SocketException e) {
            return "interfaces unreadable: " + e.getMessage();
        }
    }

    private static String withoutScope(String address) {
        int scope = address.indexOf('%');
        return scope < 0 ? address : address.substring(0, scope);
    }
}
