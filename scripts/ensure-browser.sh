#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download); install it and the CJK fonts when missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then need+=(fonts-noto-cjk); fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} for the browser tests"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" fontconfig >/dev/null
fi
