#!/usr/bin/env bash
# Renders docs/dock-flight.gif: headless frames of photos flying grid → dock and back, at 60 Hz,
# assembled with ImageMagick. Usage: docs/dock-flight.sh [path/to/coffeegrid]
set -euo pipefail
app=${1:-.build/release/coffeegrid}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state" SDL_VIDEODRIVER=dummy
frames() { for i in $(seq "$1" "$2"); do printf 'screenshot %s/f%03d.png\nwait 17\n' "$work" "$i"; done; }
{
  echo "wait 200"
  frames 0 5
  echo "click 103.5 282"; frames 6 26     # coffee-2 flies to the dock
  echo "click 103.5 282"; frames 27 44    # coffee-3 follows
  echo "click 164.5 282"; frames 45 64    # coffee-5
  echo "click 80 706";    frames 65 90   # the first dock photo goes back to the end of the grid
} > "$work/script.txt"
"$app" --headless --scene dock --no-restore --size 390x844 --script "$work/script.txt"
convert -delay 3 -loop 0 "$work"/f*.png -resize 300x -fuzz 1% +dither -colors 128 -layers OptimizeTransparency docs/dock-flight.gif
echo "wrote docs/dock-flight.gif ($(du -h docs/dock-flight.gif | cut -f1))"
