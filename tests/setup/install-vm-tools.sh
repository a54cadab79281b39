#!/usr/bin/env bash
# Installs, from Debian packages, what the image build and VM boot tests need: mmdebstrap, a BIOS
# bootloader, qemu-img, QEMU >= 9 from bookworm-backports (live migration needs it), a NoCloud volume
# writer. Idempotent and quiet when everything is present. Needs root (or sudo) to install anything.
set -euo pipefail

# The libvirt platform's contract test starts its own libvirt daemons.
"$(dirname "${BASH_SOURCE[0]}")/install-libvirt.sh"
# The vSphere platform's contract test runs against govmomi's simulator.
"$(dirname "${BASH_SOURCE[0]}")/install-vcsim.sh" >/dev/null

tools=(mmdebstrap extlinux qemu-img qemu-system-x86_64 genisoimage sfdisk mkfs.ext4)
packages=(mmdebstrap extlinux syslinux-common qemu-utils qemu-system-x86 genisoimage fdisk e2fsprogs)

qemu_major() { qemu-system-x86_64 --version 2>/dev/null | sed -n 's/.*version \([0-9]*\)\..*/\1/p' | head -n1; }

missing=0
for tool in "${tools[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing=1; done
[ "$missing" = 0 ] && [ "$(qemu_major)" -ge 9 ] 2>/dev/null && exit 0

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if ! apt-cache policy 2>/dev/null | grep -q 'bookworm-backports'; then
  # Same mirror as the machine's own Debian source, so a lab mirror keeps working.
  mirror=$( (grep -rhE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null || true) \
           | grep -oE 'https?://[^ ]+/debian/?' | grep -v security | head -n1 || true)
  echo "deb ${mirror:-http://deb.debian.org/debian} bookworm-backports main" \
    | $SUDO tee /etc/apt/sources.list.d/tilemark-backports.list >/dev/null
fi
echo "[tilemark] installing VM tools from Debian packages: ${packages[*]}" >&2
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
  "${packages[@]}" >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
  -t bookworm-backports qemu-system-x86 qemu-utils >/dev/null
if [ "$(qemu_major)" -lt 9 ] 2>/dev/null; then
  echo "error: qemu-system-x86_64 >= 9 needed (bookworm-backports); found $(qemu_major)" >&2
  exit 3
fi
