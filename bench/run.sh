#!/usr/bin/env bash
# The benchmark: builds trace-analyze in release mode and prints ingest, report and check
# figures for generated logs of 1M and 5M lines (or the sizes given), beside sqlite3's own
# .import of the same events and lnav loading the same file.
#
#   bench/run.sh                 # 1,000,000 and 5,000,000 lines
#   bench/run.sh 200000          # any sizes
#
# Needs python3 and /usr/bin/time (GNU time); sqlite3 and lnav are used when installed.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "bench/run.sh needs $tool (on Debian/Ubuntu: apt-get install -y python3 time)" >&2
        exit 1
    }
done
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 5000000)

swift build -c release --product trace-analyze >/dev/null
bin=.build/release/trace-analyze
out=bench/out
mkdir -p "$out"

# Runs a command, prints "<wall seconds> <peak RSS MB>" from GNU time.
measure() {
    /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || {
        status=$?
        # check exits 2 when it finds something at the fail level; that is not a failure here.
        [ $status -eq 2 ] || { cat "$out/stderr.txt" >&2; exit $status; }
    }
    awk '{ printf "%s %.0f", $1, $2 / 1024 }' "$out/time.txt"
}

printf 'machine: %s cores, %s; load average %s\n' "$(nproc)" "$(uname -m)" "$(cut -d' ' -f1-3 /proc/loadavg)"
for lines in "${sizes[@]}"; do
    log="$out/mixed-$lines.log"
    [ -f "$log" ] || python3 bench/generate.py "$lines" > "$log"
    megabytes=$(awk -v b="$(stat -c %s "$log")" 'BEGIN { printf "%.1f", b / 1048576 }')
    db="$out/bench-$lines.sqlite"
    rm -f "$db" "$db-wal" "$db-shm"

    read -r ingest_s ingest_mb <<<"$(measure "$bin" ingest "$log" --db "$db")"
    read -r report_s report_mb <<<"$(measure "$bin" report --db "$db" --fail-on never)"
    read -r check_s check_mb <<<"$(measure "$bin" check "$log" --fail-on never)"
    db_mb=$(awk -v b="$(stat -c %s "$db")" 'BEGIN { printf "%.1f", b / 1048576 }')

    echo
    echo "== $lines lines, $megabytes MB"
    printf '%-34s %8s s   %s lines/s   %s MB/s   peak RSS %s MB\n' "ingest" "$ingest_s" \
        "$(awk -v n="$lines" -v s="$ingest_s" 'BEGIN { printf "%.0f", n / s }')" \
        "$(awk -v m="$megabytes" -v s="$ingest_s" 'BEGIN { printf "%.1f", m / s }')" "$ingest_mb"
    printf '%-34s %8s s   peak RSS %s MB\n' "report (rules on the stored trace)" "$report_s" "$report_mb"
    printf '%-34s %8s s   peak RSS %s MB\n' "check (parse + rules, end to end)" "$check_s" "$check_mb"
    printf '%-34s %8s MB\n' "database size" "$db_mb"

    if command -v sqlite3 >/dev/null; then
        csv="$out/events-$lines.csv"
        sqlite3 -csv "$db" "SELECT trace_id, line, ts, process, pid, tid, subsystem, category, kind, view, owner,
                                   instance, origin, message, envelope, level, duration_ms FROM events" > "$csv"
        imported="$out/import-$lines.sqlite"
        rm -f "$imported" "$imported-wal" "$imported-shm"
        sqlite3 "$imported" "PRAGMA journal_mode=WAL" "PRAGMA synchronous=NORMAL" \
            "CREATE TABLE events (trace_id INTEGER NOT NULL, line INTEGER NOT NULL, ts REAL, process TEXT,
             pid INTEGER, tid INTEGER, subsystem TEXT, category TEXT, kind TEXT NOT NULL, view TEXT, owner TEXT,
             instance TEXT, origin TEXT NOT NULL, message TEXT NOT NULL, envelope TEXT NOT NULL, level TEXT,
             duration_ms REAL)" >/dev/null
        read -r import_s import_mb <<<"$(measure sqlite3 "$imported" ".mode csv" ".import $csv events")"
        printf '%-34s %8s s   peak RSS %s MB   (the pre-parsed events as CSV; no tokens)\n' "sqlite3 .import" "$import_s" "$import_mb"
        rm -f "$csv" "$imported" "$imported-wal" "$imported-shm"
    fi
    if command -v lnav >/dev/null; then
        read -r lnav_s lnav_mb <<<"$(measure lnav -n "$log")"
        printf '%-34s %8s s   peak RSS %s MB\n' "lnav -n (load and print)" "$lnav_s" "$lnav_mb"
    fi
done

echo
read -r worst median <<<"$(python3 bench/reader_latency.py "$bin" "$out")"
printf '%-34s %8s s worst, %s s median (10 bursts into an open pipe)\n' "live reader sees new events" "$worst" "$median"
