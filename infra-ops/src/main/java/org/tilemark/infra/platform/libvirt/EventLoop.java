package org.tilemark.infra.platform.libvirt;

import org.libvirt.Library;
import org.libvirt.LibvirtException;

/** libvirt's default event loop, run once per JVM on a daemon thread, so connections can deliver domain events. */
final class EventLoop {

    private static boolean started;

    private EventLoop() {
    }

    static synchronized void start() throws LibvirtException {
        if (started) {
            return;
        }
        // Must precede every connection that registers for events.
        Library.initEventLoop();
        Thread.ofPlatform().daemon().name("libvirt-events").start(() -> {
            try {
                Library.runEventLoop();
            } catch (LibvirtException e) {
                System.err.println("libvirt event loop stopped: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        started = true;
    }
}
