package org.tilemark.infra.platform.local;

/**
 * The bytes through a VM's endpoints since they opened: what its clients (the drivers, its peers) sent it and what
 * it answered. Connections the VM itself opens to a peer are counted at the peer's endpoint, as the peer's.
 */
record EndpointTraffic(long received, long sent) {

    static EndpointTraffic of(LocalVm vm) {
        long received = 0;
        long sent = 0;
        for (EndpointProxy endpoint : vm.endpoints().values()) {
            received += endpoint.bytesToGuest();
            sent += endpoint.bytesFromGuest();
        }
        return new EndpointTraffic(received, sent);
    }
}
