#!/usr/bin/env bash
# Times `export --format parquet` and `--format ndjson` of a generated trace (default a million
# lines) with a release build: wall and CPU time, peak RSS (GNU time) and the files' sizes
# against the SQLite file. A second and third copy of the trace are then added to the store and
# the Parquet export timed again, to show memory does not grow with the table.
#
#   bench/export.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-1000000}"
swift build -c release --product trace-analyze >/dev/null
bin=.build/release/trace-analyze
out=bench/out/export
rm -rf "$out" && mkdir -p "$out"
log=bench/out/mixed-$lines.log
[ -f "$log" ] || python3 bench/generate.py "$lines" > "$log"

# Prints "<wall> s, <cpu> s CPU, <peak RSS> MB" for a command.
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt"
    awk '{ printf "%s s wall, %.2f s CPU, peak RSS %.0f MB", $1, $2 + $3, $4 / 1024 }' "$out/time.txt"
}
size() { du -sb "$1" | awk '{ printf "%.1f MB", $1 / 1048576 }'; }

printf 'machine: %s cores; load average %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
db="$out/trace.sqlite"
echo "ingest $lines lines:       $(measure "$bin" ingest "$log" --db "$db" --tag commit=bench)"
echo "database:                  $(size "$db")"
echo "export --format parquet:   $(measure "$bin" export --db "$db" --format parquet --output "$out/parquet"); files $(size "$out/parquet")"
echo "export --format ndjson:    $(measure "$bin" export --db "$db" --format ndjson --output "$out/ndjson"); files $(size "$out/ndjson")"
rm -rf "$out/ndjson"
for copy in 2 3; do
    "$bin" ingest "$log" --db "$db" --tag commit="bench$copy" 2>/dev/null
    rm -rf "$out/parquet"
    echo "parquet, $copy traces in the store: $(measure "$bin" export --db "$db" --format parquet --output "$out/parquet"); files $(size "$out/parquet")"
done
rm -rf "$out"
