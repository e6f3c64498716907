#!/usr/bin/env bash
# The timeline and chrome-trace figures: builds trace-analyze in release mode, then for a
# generated log of N lines (default 1,000,000) times `timeline` and `export --format
# chrome-trace` on the stored trace and end to end, prints the file sizes, and loads the page
# in headless Chromium for its time to first paint (the page's own `performance.now()` when
# its first frame is drawn, and the wall time of the whole Chromium run).
#
#   bench/timeline.sh            # 1,000,000 lines
#   bench/timeline.sh 100000
#
# Needs python3, GNU time (/usr/bin/time) and chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in python3 /usr/bin/time chromium; do
    command -v "$tool" >/dev/null || {
        echo "bench/timeline.sh needs $tool (on Debian/Ubuntu: apt-get install -y python3 time chromium)" >&2
        exit 1
    }
done
lines=${1:-1000000}

swift build -c release --product trace-analyze >/dev/null
bin=.build/release/trace-analyze
out=bench/out
mkdir -p "$out"
log="$out/mixed-$lines.log"
[ -f "$log" ] || python3 bench/generate.py "$lines" > "$log"
db="$out/timeline-$lines.sqlite"
rm -f "$db" "$db-wal" "$db-shm"
"$bin" ingest "$log" --db "$db" >/dev/null 2>&1

# Runs a command, prints "<wall seconds> <CPU seconds> <peak RSS MB>" from GNU time. CPU time
# (user + system) moves less than wall time when other work shares the machine.
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || { cat "$out/stderr.txt" >&2; exit 1; }
    awk '{ printf "%s %.2f %.0f", $1, $2 + $3, $4 / 1024 }' "$out/time.txt"
}
size() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }

page="$out/timeline-$lines.html"
trace="$out/timeline-$lines.trace.json"
read -r page_s page_cpu page_mb <<<"$(measure "$bin" timeline --trace 1 --db "$db" --output "$page")"
read -r trace_s trace_cpu trace_mb <<<"$(measure "$bin" export --trace 1 --db "$db" --format chrome-trace --output "$trace")"
read -r page_e2e_s page_e2e_cpu page_e2e_mb <<<"$(measure "$bin" timeline "$log" --output "$out/timeline-e2e.html")"
read -r trace_e2e_s trace_e2e_cpu trace_e2e_mb <<<"$(measure "$bin" export "$log" --format chrome-trace --output "$out/trace-e2e.json")"

# No --virtual-time-budget here: it makes the page's clock virtual. The DOM is dumped after the
# load event; the page draws synchronously before it, so the first draw is always recorded.
/usr/bin/time -f "%e %U %S" -o "$out/time.txt" chromium --headless --disable-gpu --no-sandbox --window-size=1280,800 \
    --dump-dom "file://$PWD/$page" 2>/dev/null > "$out/timeline-dom.html"
read -r chromium_s chromium_cpu <<<"$(awk '{ printf "%s %.2f", $1, $2 + $3 }' "$out/time.txt")"
# The same for a ten-line page: what Chromium itself costs to start, load and dump.
"$bin" timeline fixtures/seeds/001-playbutton-toggle-twice.log --output "$out/timeline-seed.html" 2>/dev/null
/usr/bin/time -f "%e %U %S" -o "$out/time.txt" chromium --headless --disable-gpu --no-sandbox --window-size=1280,800 \
    --dump-dom "file://$PWD/$out/timeline-seed.html" >/dev/null 2>&1
read -r seed_s seed_cpu <<<"$(awk '{ printf "%s %.2f", $1, $2 + $3 }' "$out/time.txt")"
# Redraw times, from the page's own clock: 30 full redraws, then 30 zoomed in twentyfold.
chromium --headless --disable-gpu --no-sandbox --window-size=1280,800 --virtual-time-budget=60000 \
    --dump-dom "file://$PWD/$page#redraws=30" 2>/dev/null > "$out/timeline-redraws.html"
redraws=$(grep -o '<output id="drawn"[^>]*>' "$out/timeline-redraws.html" || true)
drawn=$(grep -o '<output id="drawn"[^>]*>' "$out/timeline-dom.html" || true)
attr() { sed -n "s/.* data-$1=\"\\([^\"]*\\)\".*/\\1/p" <<<"${2:-$drawn}"; }

printf 'machine: %s cores, %s; load average %s\n' "$(nproc)" "$(uname -m)" "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "== $lines lines, $(size "$log") MB log"
printf '%-40s %6s s wall  %6s s CPU   peak RSS %s MB   %s MB\n' "timeline --trace (stored trace)" "$page_s" "$page_cpu" "$page_mb" "$(size "$page")"
printf '%-40s %6s s wall  %6s s CPU   peak RSS %s MB   %s MB\n' "export --format chrome-trace --trace" "$trace_s" "$trace_cpu" "$trace_mb" "$(size "$trace")"
printf '%-40s %6s s wall  %6s s CPU   peak RSS %s MB\n' "timeline FILE (parse + rules + page)" "$page_e2e_s" "$page_e2e_cpu" "$page_e2e_mb"
printf '%-40s %6s s wall  %6s s CPU   peak RSS %s MB\n' "export FILE --format chrome-trace" "$trace_e2e_s" "$trace_e2e_cpu" "$trace_e2e_mb"
printf '%-44s lanes %s, marks %s, findings %s, errors %s\n' "page in headless Chromium" "$(attr lanes)" "$(attr marks)" "$(attr findings)" "$(attr errors)"
printf '%-44s %s ms after navigation (data parsed, lanes built, canvas drawn)\n' "  first draw" "$(attr first-draw-ms)"
printf '%-44s %s ms (next frame), first-contentful-paint %s ms\n' "  first paint" "$(attr first-paint-ms)" "$(attr first-contentful-paint-ms)"
printf '%-44s %s ms fastest, %s ms median; %s ticks for %s marks in view\n' "  full redraw" "$(attr redraw-min-ms "$redraws")" "$(attr redraw-median-ms "$redraws")" "$(attr ticks)" "$(attr marks-in-view)"
printf '%-44s %s ms fastest, %s ms median; %s ticks\n' "  redraw zoomed in 20x" "$(attr zoomed-redraw-min-ms "$redraws")" "$(attr zoomed-redraw-median-ms "$redraws")" "$(attr zoomed-ticks "$redraws")"
printf '%-44s %s s wall, %s s CPU (start, load, draw, serialise the DOM)\n' "  chromium --dump-dom" "$chromium_s" "$chromium_cpu"
printf '%-44s %s s wall, %s s CPU\n' "  the same for the 10-line seed page" "$seed_s" "$seed_cpu"
