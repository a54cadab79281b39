#!/usr/bin/env bash
# Installs Postfix and Dovecot (IMAP, LMTP) from Debian packages for the mail role's real server
# (docs/workloads.md, "Mail"). Each mail guest runs its own Postfix and Dovecot instance from its VM
# directory, so the system-wide services are not wanted: Postfix is preseeded "No configuration", and
# neither service is left running, enabled or listening on this host's ports 25/143.
# Idempotent and quiet when present. Needs root (or sudo) to install anything.
set -euo pipefail
have() { [ -x /usr/lib/postfix/sbin/master ] && [ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/lmtp ] && [ -x /usr/lib/dovecot/imap ]; }
have && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
echo "[tilemark] installing postfix, dovecot-imapd and dovecot-lmtpd from Debian packages" >&2
echo "postfix postfix/main_mailer_type select No configuration" | $SUDO debconf-set-selections
# Keep the package scripts from starting the services (a policy-rc.d of our own only if there is none).
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod 755 "$policy"
  own_policy=1
fi
trap '[ "$own_policy" = 1 ] && $SUDO rm -f "$policy"' EXIT
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
  postfix dovecot-core dovecot-imapd dovecot-lmtpd >/dev/null
# Whatever started anyway (a host without policy-rc.d support): stop it and keep it from booting.
if [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now postfix.service dovecot.service dovecot.socket >/dev/null 2>&1 || true
fi
$SUDO /usr/sbin/postfix stop >/dev/null 2>&1 || true
$SUDO /usr/bin/doveadm stop >/dev/null 2>&1 || true
have
