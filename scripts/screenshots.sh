#!/usr/bin/env bash
# Regenerates the pictures in docs/: the html report of seed 004 (docs/html-report.png) and the
# timeline page of the PlayButton seed (docs/timeline.png), both drawn by headless Chromium from
# the pages the built tool writes. Run from anywhere; needs `swift`.
#
# The seed logs print emoji (🚩, 1️⃣, 🟢): without a colour emoji font Chromium draws them as empty
# boxes, so the script installs one (fonts-noto-color-emoji), and Chromium, where apt-get can,
# and refuses to draw without them. Look at the pictures before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'color emoji' || need+=(fonts-noto-color-emoji)
if [ "${#need[@]}" -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
        echo "installing: ${need[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    else
        echo "screenshots: needs ${need[*]} (sudo apt-get install -y ${need[*]})" >&2
        exit 1
    fi
fi

swift build --product trace-analyze >/dev/null
tool=.build/debug/trace-analyze
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chromium draws the page at a fixed size; the pages name their sources by the relative paths
# given here, so the pictures are the same on every machine.
shoot() { # PAGE URL-FRAGMENT WIDTH HEIGHT OUTPUT
    chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$3,$4" --virtual-time-budget=3000 \
        --screenshot="$work/shot.png" "file://$1$2" >/dev/null 2>&1
    cp "$work/shot.png" "$5"
    echo "wrote $5"
}

# The html report of seed 004 with its timeline, as the GitLab recipe keeps it (exit 0: warnings only).
"$tool" check fixtures/seeds/004-navigation-eager.log --format html --output "$work/report.html" \
    --timeline "$work/timeline-004.html"
shoot "$work/report.html" "" 1280 900 docs/html-report.png

# `#line=6` selects PlayButton's second new identity, so the picture shows a selection too.
"$tool" timeline fixtures/seeds/001-playbutton-toggle-twice.log --output "$work/timeline.html" >/dev/null
shoot "$work/timeline.html" "#line=6" 1280 420 docs/timeline.png
