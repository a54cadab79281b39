#!/usr/bin/env bash
# Runs one libvirt daemon as one simulated host of a test cluster on this machine:
#   libvirt-test-host.sh DIR HOST_UUID TCP_PORT
# libvirt refuses to migrate a domain to the host it runs on (same host UUID, or a URI without a
# server), so each daemon gets its own host UUID, its own TCP port on 127.0.0.1 (URIs
# qemu+tcp://127.0.0.1:PORT/system), and its own mount namespace in which its state, config and runtime
# directories (/run/libvirt, /var/lib/libvirt, /var/cache/libvirt, /etc/libvirt) are directories under DIR.
# Both daemons share this machine's network namespace (one bridge reaches every VM) and whatever
# pool directories the test defines. Stop it with: kill "$(cat DIR/run/libvirtd.pid)".
set -euo pipefail
dir=$1 uuid=$2 port=$3
mkdir -p "$dir"/{state,etc,lib,run,cache,log,sock}
cat > "$dir/etc/libvirtd.conf" <<CONF
unix_sock_dir = "$dir/sock"
auth_unix_rw = "none"
auth_unix_ro = "none"
listen_tls = 0
listen_tcp = 1
listen_addr = "127.0.0.1"
tcp_port = "$port"
auth_tcp = "none"
host_uuid = "$uuid"
log_outputs = "3:file:$dir/log/libvirtd.log"
CONF
# QEMU as root without cgroups, AppArmor or virtlogd: none is usable inside a test container.
# Incoming migrations listen on ports of this daemon's own range: two daemons on one machine would
# otherwise pick the same port of libvirt's default range for two migrations at once ("Address
# already in use"), which real hosts, each with its own addresses, never do.
migration_port_min=$((49152 + (port % 100) * 32))
cat > "$dir/etc/qemu.conf" <<CONF
migration_port_min = $migration_port_min
migration_port_max = $((migration_port_min + 31))
user = "root"
group = "root"
dynamic_ownership = 0
remember_owner = 0
security_driver = "none"
cgroup_controllers = [ ]
stdio_handler = "file"
CONF
mkdir -p /run/libvirt /var/lib/libvirt /var/cache/libvirt /etc/libvirt
exec unshare --mount --propagation private -- bash -c "
mount --bind '$dir/state' /run/libvirt
mount --bind '$dir/lib' /var/lib/libvirt
mount --bind '$dir/cache' /var/cache/libvirt
mount --bind '$dir/etc' /etc/libvirt
exec libvirtd -f '$dir/etc/libvirtd.conf' --listen --pid-file '$dir/run/libvirtd.pid'
"
