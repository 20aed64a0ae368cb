#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser tests (e2e/).
# The suite never downloads a browser of its own. Idempotent and silent when already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available; install Chromium by hand." >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "ensure-chromium: $CHROMIUM is missing; run as root or install sudo to install it." >&2
    exit 1
  fi
fi

echo "ensure-chromium: installing Debian's chromium package…"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package installed, but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed."
