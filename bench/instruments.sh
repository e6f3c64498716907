#!/usr/bin/env bash
# Instruments recordings: generates an `xctrace export` of swiftui-updates and hitches of SIZE
# bytes (default 1 GB; bench/generate_instruments.py), then streams it through a release build
# of `trace-analyze ingest` (into a fresh database) and `trace-analyze check`, and prints for
# each: wall time, throughput in MB/s, CPU time (user + system) with MB per CPU-second (the
# figure a shared machine moves least), and peak RSS.
#
#   bench/instruments.sh              # 1,000,000,000 bytes
#   bench/instruments.sh 200000000    # any size
#
# Targets: at least 100 MB/s, at most 100 MB peak RSS, whatever the size. The generated file
# stays in bench/out/ (git-ignored) and is reused. Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
size="${1:-1000000000}"
case "$size" in *[!0-9]*|"") echo "bench/instruments.sh: '$size' is not a number of bytes (see --help)" >&2; exit 1 ;; esac
[ -x /usr/bin/time ] || { echo "bench/instruments.sh: needs GNU time at /usr/bin/time" >&2; exit 1; }

swift build -c release --product trace-analyze >/dev/null
tool=.build/release/trace-analyze
mkdir -p bench/out
export_file="bench/out/instruments-$size.xml"
if [ ! -s "$export_file" ]; then
    echo "generating $export_file ..." >&2
    python3 bench/generate_instruments.py "$size" > "$export_file.tmp"
    mv "$export_file.tmp" "$export_file"
fi
bytes=$(wc -c < "$export_file")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # name, then the command
    local name="$1"; shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || [ $? -eq 2 ]
    read -r wall user sys rss < <(tail -1 "$work/time")
    awk -v n="$name" -v b="$bytes" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" 'BEGIN {
        mb = b / 1e6; cpu = u + s
        printf "%-7s %8.0f MB  wall %6.2f s  %6.1f MB/s   cpu %6.2f s  %6.1f MB/cpu-s   peak RSS %5.1f MB\n",
               n, mb, w, mb / w, cpu, mb / cpu, r / 1024 }'
}

echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
measure ingest "$tool" ingest "$export_file" --db "$work/traces.sqlite"
tail -1 "$work/stderr"
measure check "$tool" check "$export_file" --format summary
"$tool" query --db "$work/traces.sqlite" --format csv \
    "SELECT name, value FROM stats WHERE name IN ('instruments_rows', 'instruments_unfinished_updates', 'instruments_unresolved_refs')"
