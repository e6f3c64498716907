#!/usr/bin/env bash
# The html report against one read of the findings: builds trace-analyze in release mode, stores a
# generated log whose report has about 5,000 findings, then times `report --format text` (one
# read of the findings and their evidence, laid out as text), `--format json` (another one-read
# report) and `--format html` (one read: the text for readers without JavaScript, and the page's
# data made beside it) RUNS times each, alternating, and prints the median wall and CPU time of
# each and html's ratio to text. A second read of the findings would cost about a json report.
#
#   bench/html-report.sh              # 216,000 lines (4,761 findings), 5 runs
#   bench/html-report.sh 216000 9
#
# Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-216000}
runs=${2:-5}
swift build -c release -j 1 --product trace-analyze >/dev/null
bin=.build/release/trace-analyze
out=bench/out
mkdir -p "$out"
log="$out/mixed-$lines.log"
[ -f "$log" ] || python3 bench/generate.py "$lines" > "$log"
db="$out/html-$lines.sqlite"
rm -f "$db" "$db-wal" "$db-shm"
"$bin" ingest "$log" --db "$db" --quiet
declare -A wall cpu
for run in $(seq 1 "$runs"); do
    for format in text json html; do
        /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$bin" report --db "$db" --format "$format" --output "$out/html-bench.$format" --fail-on never 2>/dev/null
        read -r w u s <"$out/time.txt"
        wall[$format]+="$w "
        cpu[$format]+="$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }') "
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
findings=$(tail -1 "$out/html-bench.text" | awk '{ print $1 }')
echo "report on a stored trace of $lines lines, $findings findings; median of $runs runs"
printf '%-6s %8s %8s %10s\n' format wall_s cpu_s size_mb
for format in text json html; do
    printf '%-6s %8s %8s %10s\n' "$format" "$(echo "${wall[$format]}" | median)" "$(echo "${cpu[$format]}" | median)" \
        "$(awk -v b="$(stat -c %s "$out/html-bench.$format")" 'BEGIN { printf "%.1f", b / 1048576 }')"
done
awk -v t="$(echo "${cpu[text]}" | median)" -v h="$(echo "${cpu[html]}" | median)" -v tw="$(echo "${wall[text]}" | median)" -v hw="$(echo "${wall[html]}" | median)" \
    'BEGIN { printf "html / text: %.2f in CPU time, %.2f in wall time\n", h / t, hw / tw }'
