#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (e2e/): the browser at
# /usr/bin/chromium (Lighthouse and by-hand runs) and its headless shell at
# /usr/bin/chromium-headless-shell, which the journeys drive (e2e/support/browser.ts): the same
# engine without the browser window's own interface, so each test's page costs far less CPU.
# The suite never downloads a browser of its own. Idempotent and silent when both are there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
HEADLESS_SHELL=/usr/bin/chromium-headless-shell

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$HEADLESS_SHELL" ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: ${missing[*]} missing and apt-get is not available; install by hand." >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "ensure-chromium: ${missing[*]} missing; run as root or install sudo to install it." >&2
    exit 1
  fi
fi

echo "ensure-chromium: installing Debian's ${missing[*]}…"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null

for binary in "$CHROMIUM" "$HEADLESS_SHELL"; do
  if [ ! -x "$binary" ]; then
    echo "ensure-chromium: the packages installed, but $binary is still missing." >&2
    exit 1
  fi
done
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) and its headless shell installed."
