#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for the multi-process test, which puts it in front of
# three app processes as the load balancer (server/multi-process.test.ts). The test runs its
# own nginx (no system service is started or needed). Idempotent and silent when already there.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-nginx: nginx is missing and apt-get is not available; install nginx by hand." >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "ensure-nginx: nginx is missing; run as root or install sudo to install it." >&2
    exit 1
  fi
fi

echo "ensure-nginx: installing Debian's nginx package…"
"${as_root[@]}" apt-get update -qq
# The package's post-install starts a system service where one can run; the test needs none,
# so policy-rc.d-less containers simply skip it.
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null

if ! [ -x /usr/sbin/nginx ]; then
  echo "ensure-nginx: the nginx package installed, but /usr/sbin/nginx is still missing." >&2
  exit 1
fi
echo "ensure-nginx: $(/usr/sbin/nginx -v 2>&1) installed."
