#!/usr/bin/env bash
# The reporters' figures: builds trace-analyze in release mode, stores a generated log of N lines
# (default 1,000,000) once, then times `report --format F` on it for each format, the new ones
# beside the old, and prints the wall and CPU time, the peak RSS and the report's size. `report`
# reads the stored trace, so the figures are the rules plus the reporter, without parsing.
#
#   bench/reporters.sh            # 1,000,000 lines
#   bench/reporters.sh 200000
#
# Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "bench/reporters.sh needs $tool (on Debian/Ubuntu: apt-get install -y python3 time)" >&2
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
db="$out/reporters-$lines.sqlite"
rm -f "$db" "$db-wal" "$db-shm"
"$bin" ingest "$log" --db "$db" --quiet

# Runs a command, prints "<wall seconds> <CPU seconds> <peak RSS MB>" from GNU time.
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || { cat "$out/stderr.txt" >&2; exit 1; }
    awk '{ printf "%s %.2f %.0f", $1, $2 + $3, $4 / 1024 }' "$out/time.txt"
}
size() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }

echo "report --format F on a stored trace of $lines lines"
printf '%-12s %8s %8s %8s %9s\n' format wall_s cpu_s rss_mb size_mb
for format in text json sarif junit csv checkstyle codeclimate sonarqube html; do
    report="$out/report-$lines.$format"
    read -r wall cpu rss <<<"$(measure "$bin" report --db "$db" --format "$format" --output "$report" --fail-on never)"
    printf '%-12s %8s %8s %8s %9s\n' "$format" "$wall" "$cpu" "$rss" "$(size "$report")"
done
echo "$("$bin" query --db "$db" --format csv "SELECT count(*) FROM findings" | tail -1) findings; text is the baseline to compare with"
