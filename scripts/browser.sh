#!/usr/bin/env bash
# Installs Debian's chromium for the panel's browser tests (playwright-core drives it), when it
# is missing, and prints its path. CI runs it; a developer runs it once.
set -euo pipefail
for p in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$p" ] && [ -x "$p" ]; then echo "$p"; exit 0; fi
done
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "chromium is missing and this user cannot install packages: apt-get install chromium as root" >&2
  exit 1
fi
SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
echo "installing chromium from Debian's packages…" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq chromium fonts-dejavu-core >&2
echo /usr/bin/chromium
