#!/usr/bin/env bash
# Regenerates docs/timeline.png: the timeline page of the PlayButton seed, drawn by headless
# Chromium. Run from anywhere; needs `swift` and `chromium` (apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v chromium >/dev/null 2>&1 || { echo "screenshot-timeline: needs chromium (apt-get install chromium)" >&2; exit 1; }
swift build --product trace-analyze >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fixture=fixtures/seeds/001-playbutton-toggle-twice.log
.build/debug/trace-analyze timeline "$fixture" --output "$work/timeline.html"
# The page names its source; a relative path keeps the picture the same on every machine.
# `#line=6` selects PlayButton's second new identity, so the picture shows a selection too.
chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1280,420 --virtual-time-budget=3000 \
    --screenshot="$work/timeline.png" "file://$work/timeline.html#line=6" >/dev/null 2>&1
cp "$work/timeline.png" docs/timeline.png
echo "wrote docs/timeline.png"
