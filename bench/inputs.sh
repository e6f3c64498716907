#!/usr/bin/env bash
# The new inputs at full speed (issue 34): how fast `ingest` reads TraceProbe's lines against
# `_printChanges` lines of the same count (bench/generate_inputs.py), and how fast it streams an
# Instruments export (bench/instruments.sh's generated XML). Prints each figure beside its bar:
# probe lines in no more time than `_printChanges` lines, and the XML at ≥ 100 MB/s.
#
#   bench/inputs.sh                        # 1,000,000 lines of each, a 200 MB export
#   bench/inputs.sh 200000 100000000       # any number of lines, any size of export
#
# Each ingest runs three times into a fresh database; the median wall time counts. Generated
# inputs stay in bench/out/ (git-ignored) and are reused. Needs python3 and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
lines="${1:-1000000}"
bytes="${2:-200000000}"
for number in "$lines" "$bytes"; do
    case "$number" in *[!0-9]*|"") echo "bench/inputs.sh: '$number' is not a number (see --help)" >&2; exit 1 ;; esac
done
[ -x /usr/bin/time ] || { echo "bench/inputs.sh: needs GNU time at /usr/bin/time" >&2; exit 1; }
tool=${TRACE_ANALYZE:-.build/release/trace-analyze}
[ -n "${TRACE_ANALYZE:-}" ] || swift build -c release --product trace-analyze >/dev/null
mkdir -p bench/out
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The median wall time of three ingests of $1, each into a fresh database.
median_ingest() {
    for run in 1 2 3; do
        rm -f "$work/t.sqlite"
        /usr/bin/time -f "%e" -o "$work/time" "$tool" ingest "$1" --db "$work/t.sqlite" >/dev/null 2>&1
        tail -1 "$work/time"
    done | sort -n | sed -n 2p
}

for kind in probe print-changes; do
    log="bench/out/$kind-$lines.log"
    [ -s "$log" ] || python3 bench/generate_inputs.py "$kind" "$lines" > "$log"
done
probe=$(median_ingest "bench/out/probe-$lines.log")
changes=$(median_ingest "bench/out/print-changes-$lines.log")
awk -v n="$lines" -v p="$probe" -v c="$changes" 'BEGIN {
    printf "probe lines        %9d lines   ingest %6.2f s   %9.0f lines/s\n", n, p, n / p
    printf "_printChanges      %9d lines   ingest %6.2f s   %9.0f lines/s\n", n, c, n / c
    printf "probe / _printChanges time %.2f× (≤ 1.00×: %s)\n", p / c, p <= c ? "yes" : "NO"
}'

xml="bench/out/instruments-$bytes.xml"
if [ ! -s "$xml" ]; then
    python3 bench/generate_instruments.py "$bytes" > "$xml.tmp"
    mv "$xml.tmp" "$xml"
fi
seconds=$(median_ingest "$xml")
awk -v b="$(wc -c < "$xml")" -v s="$seconds" 'BEGIN {
    printf "Instruments XML    %9.0f MB      ingest %6.2f s   %9.1f MB/s (≥ 100 MB/s: %s)\n", b / 1e6, s, b / 1e6 / s, ((b / 1e6 / s) >= 100 ? "yes" : "NO")
}'
