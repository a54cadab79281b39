#!/usr/bin/env bash
# Installs govmomi's vCenter simulator, vcsim (and its CLI govc beside it), which the vSphere platform's contract test runs against,
# with Go (go install; the Go module proxy must be reachable the first time). Prints the binary's path.
# Idempotent and quiet when it is present. The pinned version: @latest does not install (vcsim is a
# nested module since v0.47).
set -euo pipefail

VERSION=v0.46.3
DIR="${TILEMARK_TOOLS_DIR:-$HOME/.cache/tilemark}/vcsim-$VERSION"
if [ ! -x "$DIR/vcsim" ] || [ ! -x "$DIR/govc" ]; then
  GO=$(command -v go || true)
  [ -n "$GO" ] || GO=/usr/local/go/bin/go
  if [ ! -x "$GO" ]; then
    echo "error: Go is needed to install vcsim (looked on PATH and at /usr/local/go/bin/go)" >&2
    exit 3
  fi
  echo "[tilemark] installing vcsim $VERSION with $GO" >&2
  mkdir -p "$DIR"
  GOBIN="$DIR" "$GO" install "github.com/vmware/govmomi/vcsim@$VERSION" >&2
  # govc, the same module's CLI: tests act on vcsim as an administrator would (e.g. a host into maintenance mode).
  GOBIN="$DIR" "$GO" install "github.com/vmware/govmomi/govc@$VERSION" >&2
fi
echo "$DIR/vcsim"
