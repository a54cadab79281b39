#!/usr/bin/env bash
# A two-host KVM lab in a box, wired like a real cluster (docs/platforms/libvirt.md: its recipe is these steps):
#   kvm-lab.sh up DIR [IMAGE_FILE]   two hosts, a switch, the lab's DHCP server, the harness's port
#   kvm-lab.sh status DIR            what runs, the addresses, the DHCP leases
#   kvm-lab.sh down DIR              stops everything and removes every namespace, link, daemon and volume
#
# Each host is a network namespace with its own bridge br0 (its management address on it, VMs' NICs
# joined to it) and its own libvirtd in a mount namespace of its own (/run/libvirt, /var/lib/libvirt,
# /var/cache/libvirt and /etc/libvirt are directories under DIR/host-N) listening on
# qemu+tcp://<host address>/system. Each host's uplink is a veth into the "switch" namespace, whose
# bridge makes one L2 segment of the lab; the uplinks are shaped to 1 GbE (tc tbf), so live migration
# (QEMU's stream, host to host over TCP) crosses a link of a real cluster's bandwidth. The lab's DHCP
# server is dnsmasq (Debian's dnsmasq-base) on the switch, not libvirt's. The harness (this machine's
# own namespace) has a port on the switch: veth LAB0 with the address .1 of the lab's subnet.
# Shared storage is a shared directory (DIR/pools/*, one `dir` pool per datastore on both hosts): this
# kernel has no NFS client or server, so the lab does not prove NFS (libvirt does not know a plain
# directory is shared, hence cluster.libvirt.unsafeMigration: true).
# With IMAGE_FILE, its directory is the pool tilemark-images on both hosts (the guest image's volume).
#
# Names and addresses (environment): TILEMARK_LAB (prefix of the namespaces and the harness's link,
# default tmlab) and TILEMARK_LAB_SUBNET (the first three octets of a private /24, default 10.79.0).
set -euo pipefail

LAB=${TILEMARK_LAB:-tmlab}
NET=${TILEMARK_LAB_SUBNET:-10.79.0}
HOSTS=(1 2)
SWITCH=$LAB-sw
SHAPE_RATE=1gbit

usage() { echo "usage: $0 up DIR [IMAGE_FILE] | status DIR | down DIR" >&2; exit 2; }
[ $# -ge 2 ] || usage
action=$1 dir=$(realpath -m "$2") image=${3:-}

host_ns() { echo "$LAB-h$1"; }
host_ip() { echo "$NET.$((10 + $1))"; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

switch_up() {
  ip netns add "$SWITCH"
  in_ns "$SWITCH" ip link set lo up
  in_ns "$SWITCH" ip link add sw0 type bridge stp_state 0
  in_ns "$SWITCH" ip addr add "$NET.2/24" dev sw0
  in_ns "$SWITCH" ip link set sw0 up
  # The harness's port: this machine's own namespace reaches the hosts and the VMs over the segment.
  ip link add "${LAB}0" type veth peer name harness netns "$SWITCH"
  ip addr add "$NET.1/24" dev "${LAB}0"
  ip link set "${LAB}0" up
  in_ns "$SWITCH" ip link set harness master sw0 up
}

host_network_up() {
  local n=$1 ns; ns=$(host_ns "$1")
  ip netns add "$ns"
  in_ns "$ns" ip link set lo up
  in_ns "$ns" ip link add br0 type bridge stp_state 0
  in_ns "$ns" ip addr add "$(host_ip "$n")/24" dev br0
  in_ns "$ns" ip link set br0 up
  in_ns "$ns" ip link add uplink type veth peer name "h$n" netns "$SWITCH"
  in_ns "$ns" ip link set uplink master br0 up
  in_ns "$SWITCH" ip link set "h$n" master sw0 up
  # 1 GbE each way: the host's egress on its uplink, the switch's egress towards the host.
  in_ns "$ns" tc qdisc add dev uplink root tbf rate "$SHAPE_RATE" burst 256kb latency 20ms
  in_ns "$SWITCH" tc qdisc add dev "h$n" root tbf rate "$SHAPE_RATE" burst 256kb latency 20ms
}

dhcp_up() {
  # The lab's DHCP server, as a cluster's network has one: addresses .100-.250, no DNS.
  in_ns "$SWITCH" dnsmasq --interface=sw0 --bind-interfaces --except-interface=lo --port=0 --no-resolv --no-hosts \
    --dhcp-range="$NET.100,$NET.250,255.255.255.0,12h" --dhcp-authoritative --user=root --group=root \
    --dhcp-leasefile="$dir/dhcp/leases" --pid-file="$dir/dhcp/dnsmasq.pid" --log-facility="$dir/dhcp/dnsmasq.log" --log-dhcp \
    > "$dir/dhcp/dnsmasq.out" 2>&1 < /dev/null
}

libvirtd_up() {
  local n=$1 ns h; ns=$(host_ns "$1"); h=$dir/host-$n
  mkdir -p "$h"/{state,etc,lib,run,cache,log,sock}
  cat > "$h/etc/libvirtd.conf" <<CONF
unix_sock_dir = "$h/sock"
auth_unix_rw = "none"
auth_unix_ro = "none"
listen_tls = 0
listen_tcp = 1
listen_addr = "$(host_ip "$n")"
auth_tcp = "none"
host_uuid = "$(printf '%08d-0000-4000-8000-%012d' "$n" "$n")"
log_outputs = "3:file:$h/log/libvirtd.log"
# The lab's daemons run at nice 19 beside the suite's other lanes (TestLanes.lowPriority): a daemon can fall tens of
# seconds behind, and libvirt's default keepalive (5 probes, 5 s apart) then closes a client's connection mid-call.
keepalive_interval = 5
keepalive_count = 24
CONF
  # Incoming migrations listen on this host's address (the URI the source is told). QEMU as root without
  # cgroups, AppArmor or virtlogd: none is usable inside a test container.
  cat > "$h/etc/qemu.conf" <<CONF
migration_address = "$(host_ip "$n")"
migration_host = "$(host_ip "$n")"
user = "root"
group = "root"
dynamic_ownership = 0
remember_owner = 0
security_driver = "none"
cgroup_controllers = [ ]
stdio_handler = "file"
# The peer-to-peer migration connection's keepalive, tolerant for the same reason: with the default a fresh-clone
# suite (2026-11-29) lost a live migration to "client socket is closed" 30 s into it.
keepalive_interval = 5
keepalive_count = 24
CONF
  mkdir -p /run/libvirt /var/lib/libvirt /var/cache/libvirt /etc/libvirt
  setsid ip netns exec "$ns" unshare --mount --propagation private -- bash -c "
mount --bind '$h/state' /run/libvirt
mount --bind '$h/lib' /var/lib/libvirt
mount --bind '$h/cache' /var/cache/libvirt
mount --bind '$h/etc' /etc/libvirt
exec libvirtd -f '$h/etc/libvirtd.conf' --listen --pid-file '$h/run/libvirtd.pid'
" > "$h/daemon.out" 2>&1 < /dev/null &
  local uri; uri=qemu+tcp://$(host_ip "$n")/system
  for _ in $(seq 60); do
    virsh -q -c "$uri" version >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "host-$n: libvirtd did not answer at $uri; its output:" >&2
  cat "$h/daemon.out" "$h/log/libvirtd.log" >&2 2>/dev/null || true
  return 1
}

pools_up() {
  local n=$1 uri pool; uri=qemu+tcp://$(host_ip "$n")/system
  for pool in tilemark-app tilemark-maintenance; do
    virsh -q -c "$uri" pool-define-as "$pool" dir --target "$dir/pools/$pool" >/dev/null
    virsh -q -c "$uri" pool-start "$pool" >/dev/null
  done
  if [ -n "$image" ]; then
    virsh -q -c "$uri" pool-define-as tilemark-images dir --target "$(dirname "$(realpath "$image")")" >/dev/null
    virsh -q -c "$uri" pool-start tilemark-images >/dev/null
  fi
}

up() {
  if ip netns list | grep -qw "$SWITCH"; then
    echo "lab $LAB is already up (run: $0 down $dir)" >&2; exit 2
  fi
  [ -z "$image" ] || [ -f "$image" ] || { echo "image: no file $image" >&2; exit 2; }
  trap 'echo "lab did not come up; tearing down" >&2; down' ERR
  mkdir -p "$dir"/dhcp "$dir"/pools/{tilemark-app,tilemark-maintenance}
  switch_up
  for n in "${HOSTS[@]}"; do host_network_up "$n"; done
  dhcp_up
  for n in "${HOSTS[@]}"; do libvirtd_up "$n"; pools_up "$n"; done
  trap - ERR
  for n in "${HOSTS[@]}"; do echo "host-$n qemu+tcp://$(host_ip "$n")/system"; done
}

# Every process in a namespace of the lab (daemons, their QEMU, dnsmasq): the lab started them all.
stop_namespace() {
  local ns=$1 pids
  pids=$(ip netns pids "$ns" 2>/dev/null || true)
  [ -z "$pids" ] && return 0
  kill $pids 2>/dev/null || true
  for _ in $(seq 40); do
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    [ -z "$pids" ] && return 0
    sleep 0.5
  done
  kill -9 $pids 2>/dev/null || true
  sleep 0.5
}

down() {
  local ns
  for ns in $(host_ns 1) $(host_ns 2) "$SWITCH"; do
    stop_namespace "$ns"
    ip netns del "$ns" 2>/dev/null || true
  done
  ip link del "${LAB}0" 2>/dev/null || true # gone with its peer already, unless the switch never got it
  # Volumes, pools, daemons' state: everything but the logs.
  if [ -d "$dir" ]; then
    mkdir -p "$dir/logs"
    for n in "${HOSTS[@]}"; do
      [ -f "$dir/host-$n/log/libvirtd.log" ] && mv "$dir/host-$n/log/libvirtd.log" "$dir/logs/host-$n-libvirtd.log"
      [ -d "$dir/host-$n/log/qemu" ] && cp -r "$dir/host-$n/log/qemu" "$dir/logs/host-$n-qemu" 2>/dev/null
      rm -rf "$dir/host-$n"
    done
    [ -f "$dir/dhcp/dnsmasq.log" ] && mv "$dir/dhcp/dnsmasq.log" "$dir/logs/dnsmasq.log"
    rm -rf "$dir/pools" "$dir/dhcp"
  fi
  return 0
}

status() {
  local n ns
  for ns in "$SWITCH" $(host_ns 1) $(host_ns 2); do
    if ip netns list | grep -qw "$ns"; then
      echo "$ns: $(ip netns pids "$ns" | wc -l) processes; $(in_ns "$ns" ip -br addr show | awk '$3 {print $1, $3}' | paste -sd ' ')"
    else
      echo "$ns: not there"
    fi
  done
  for n in "${HOSTS[@]}"; do
    # Only while the lab is up: its addresses are nobody's once it is down.
    ip netns list | grep -qw "$(host_ns "$n")" || continue
    echo "host-$n: $(virsh -q -c "qemu+tcp://$(host_ip "$n")/system" list --all --name 2>&1 | paste -sd ' ' || true)"
  done
  echo "harness: $(ip -br addr show "${LAB}0" 2>/dev/null || echo 'no port')"
  echo "leases:"; cat "$dir/dhcp/leases" 2>/dev/null || true
}

case $action in
  up) up ;;
  down) down ;;
  status) status ;;
  *) usage ;;
esac
