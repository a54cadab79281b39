#!/usr/bin/env bash
# Installs memcached from Debian's package for the Olio web role's cache (docs/workloads.md, "Olio"). Each olio-web
# guest runs its own memcached on a Unix socket in its VM directory, so the system-wide service is not wanted: where
# the package's scripts start it (systemd hosts), it is stopped and disabled at once (not left on port 11211).
# Idempotent and quiet when present. Needs root (or sudo) to install anything.
set -euo pipefail
have() { [ -x /usr/bin/memcached ]; }
have && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
echo "[tilemark] installing memcached from Debian packages" >&2
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends memcached >/dev/null
if [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now memcached.service >/dev/null 2>&1 || true
fi
have
