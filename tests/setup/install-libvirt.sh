#!/usr/bin/env bash
# Installs, from Debian packages, what the libvirt platform's tests need: the libvirt daemon with its
# QEMU driver (and the libvirt-qemu user its QEMU driver resolves at start), virsh for the test hosts'
# setup, dnsmasq for the test network's DHCP. Idempotent and quiet when everything is present.
set -euo pipefail

packages=(libvirt-daemon-system libvirt-daemon-driver-qemu libvirt-clients libvirt0 dnsmasq-base iptables)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ "${#missing[@]}" = 0 ] && exit 0

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
echo "[tilemark] installing libvirt from Debian packages: ${missing[*]}" >&2
$SUDO apt-get update -qq >/dev/null
# No recommends: the test starts its own daemons; the packaged services are not needed (nor started without systemd).
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
