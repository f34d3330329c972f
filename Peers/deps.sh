#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet (`make bench-peers`
# passes the peers': Xvfb, GTK 4 for Python, Chromium, a font; with --suite photos, nsxiv and gThumb and
# xdotool instead). Only that target calls this, so
# `make run` and `make test` never pull a browser onto a machine. A fresh machine may have empty apt
# lists, so `apt-get update` runs before any install. APT_LOCK, when set, names a file to hold with
# flock(1) around apt (machines where several people install at once); apt itself waits for dpkg's lock.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "bench-peers: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
lock=()
[ -n "${APT_LOCK:-}" ] && lock=(flock "$APT_LOCK")
"${lock[@]}" $sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive "${lock[@]}" $sudo apt-get install -y -q --no-install-recommends \
  -o DPkg::Lock::Timeout=600 "${missing[@]}"
