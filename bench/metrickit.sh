#!/usr/bin/env bash
# Ingest time and peak RSS of MetricKit payload files at two or more sizes (default 1,000 and
# 10,000 payloads, NDJSON from bench/generate_metrickit.py): memory must stay flat, since the
# reader holds one payload at a time, so the last size's peak over the first's should be near 1.
#
#   bench/metrickit.sh                 # 1000 10000
#   TRACE_ANALYZE=.build/debug/trace-analyze bench/metrickit.sh 1000 10000 50000
#
# Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
out=bench/out
mkdir -p "$out"
bin=${TRACE_ANALYZE:-.build/release/trace-analyze}
[ -n "${TRACE_ANALYZE:-}" ] || swift build -c release --product trace-analyze >"$out/build.txt" 2>&1 || { cat "$out/build.txt" >&2; exit 1; }
first=""
printf '%10s %10s %10s %12s %10s\n' payloads MB seconds payloads/s peak_MB
for n in "${sizes[@]}"; do
    input=$out/metrickit-$n.ndjson
    [ -s "$input" ] || python3 bench/generate_metrickit.py "$n" >"$input"
    db=$out/metrickit-$n.sqlite
    rm -f "$db" "$db-wal" "$db-shm"
    /usr/bin/time -f '%M %e' -o "$out/metrickit-time-$n.txt" "$bin" ingest "$input" --db "$db" --quiet
    read -r kb seconds <"$out/metrickit-time-$n.txt"
    stored=$("$bin" query --db "$db" --format csv "SELECT count(*) FROM metrickit_payloads" | tail -1)
    [ "$stored" = "$n" ] || { echo "stored $stored payloads of $n" >&2; exit 1; }
    mb=$(( $(stat -c %s "$input") / 1048576 ))
    printf '%10d %10d %10.2f %12.0f %10.1f\n' "$n" "$mb" "$seconds" "$(echo "$n / ($seconds + 0.001)" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
    [ -n "$first" ] || first=$kb
    last=$kb
done
printf 'peak RSS, last size over first: %.2fx\n' "$(echo "$last / $first" | bc -l)"
