#!/usr/bin/env bash
# Renders docs/feed-toggle.gif: the Coffee Feed's grid button pressed four times (1 → 2 → 3 → 4 → 1
# columns), headless frames 33 ms apart assembled with ImageMagick.
# Usage: docs/feed-toggle.sh [path/to/coffeegrid]
set -euo pipefail
app=${1:-.build/release/coffeegrid}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state" SDL_VIDEODRIVER=dummy
frames() { for i in $(seq "$1" "$2"); do printf 'screenshot %s/f%03d.png\nwait 33\n' "$work" "$i"; done; }
{
  echo "wait 200"
  frames 0 11
  echo "key g"; frames 12 35     # two columns
  echo "key g"; frames 36 59     # three
  echo "key g"; frames 60 83     # four
  echo "key g"; frames 84 113    # back to one
} > "$work/script.txt"
"$app" --headless --scene feed --no-restore --size 390x844 --script "$work/script.txt"
convert -delay 3 -loop 0 "$work"/f*.png -resize 260x -fuzz 1% +dither -colors 128 -layers OptimizeTransparency docs/feed-toggle.gif
echo "wrote docs/feed-toggle.gif ($(du -h docs/feed-toggle.gif | cut -f1))"
