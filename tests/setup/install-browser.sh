#!/usr/bin/env bash
# Installs Debian's Chromium and its ChromeDriver for the web app's browser test (ServeEndToEndTest):
# from Debian packages, never a browser download of a test tool's own. Idempotent and quiet when present.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
echo "[tilemark] installing chromium and chromium-driver from Debian packages" >&2
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
