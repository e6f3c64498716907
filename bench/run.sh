#!/usr/bin/env bash
# The benchmark: builds trace-analyze in release mode and a small C reference (bench/reference.c),
# and prints ingest, report and check figures for generated logs of 1M and 10M lines (or the
# sizes given), as ratios to the C reference and beside sqlite3's own .import of the same
# events and lnav loading the same file; then every reading command's peak RSS at each size and
# the last over the first, and the timeline page's size and first draw (bench/memory.sh); then
# how fast the new inputs are read (bench/inputs.sh: TraceProbe's lines against _printChanges
# lines, an Instruments export in MB/s); last, each of issue 34's figures beside its bar (ingest
# ≤ 1.3× C, check ≤ 1.15× ingest, memory flat within 1.15× and ≤ 150 MB, the page ≤ 50 MB and
# drawn ≤ 2 s, probe lines no slower than _printChanges lines, the XML ≥ 100 MB/s).
#
#   bench/run.sh                          # 1,000,000 and 10,000,000 lines
#   bench/run.sh 200000                   # any sizes, up to 10,000,000 and beyond
#   bench/run.sh --runs 5 1000000         # medians of 5 rounds
#
# The C reference, ingest and check run in turn, --runs rounds of the three (default: 3 below 5M
# lines, 1 from 5M on); each shows its median wall time, its median CPU (user + system) and the
# highest peak RSS, and the ratios are the medians of each round's ratios: the runs of one round
# saw the same moment of a shared machine.
# Ratios are the figures to quote: absolute times move with whatever else runs on the machine.
# Generated logs stay in bench/out/ (git-ignored) and are reused; the 10M log is about 730 MB.
#
# Needs python3 and /usr/bin/time (GNU time); cc with sqlite3.h (libsqlite3-dev), sqlite3 and
# lnav are used when installed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Whatever fails, the last line says which step it was.
step="reading the arguments"
trap 'status=$?; [ $status -eq 0 ] || echo "bench/run.sh: failed while $step (exit $status)" >&2' EXIT

runs=""
sizes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --runs=*) runs="${1#--runs=}"; shift ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *[!0-9]*|"") echo "bench/run.sh: '$1' is not a number of lines (see --help)" >&2; exit 1 ;;
        *) sizes+=("$1"); shift ;;
    esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000)
case "$runs" in ""|[1-9]|[1-9][0-9]) ;; *) echo "bench/run.sh: --runs takes 1 to 99, not '$runs'" >&2; exit 1 ;; esac

step="checking the tools"

for tool in python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "bench/run.sh needs $tool (on Debian/Ubuntu: apt-get install -y python3 time)" >&2
        exit 1
    }
done

out=bench/out
mkdir -p "$out"
bin=.build/release/trace-analyze
step="building trace-analyze (swift build -c release)"
swift build -c release --product trace-analyze >"$out/build.txt" 2>&1 || { cat "$out/build.txt" >&2; exit 1; }

reference=""
step="building bench/reference.c"
if ! command -v cc >/dev/null; then
    echo "C reference: skipped, no cc (apt-get install -y gcc libsqlite3-dev)"
elif ! echo '#include <sqlite3.h>' | cc -E - >/dev/null 2>&1; then
    echo "C reference: skipped, no sqlite3.h (apt-get install -y libsqlite3-dev)"
else
    cc -O2 -Wall -Wextra -o "$out/reference" bench/reference.c -lsqlite3
    reference="$out/reference"
fi

# Runs a command once; prints "<wall seconds> <peak RSS MB> <CPU seconds>" from GNU time. Exit status 2 is
# accepted (check and report exit 2 when a finding reaches the fail level).
measure() {
    local status=0
    # The command before may have left hundreds of MB of written pages for the kernel to flush
    # (the C reference's database, ingest's, check's spool): flushed here, untimed, so no command
    # pays for the one before it (check after ingest's 815 MB at 10M lines: 9.20 s, against 8.15 s
    # run alone).
    sync
    /usr/bin/time -f "%e %M %U %S" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || status=$?
    if [ $status -ne 0 ] && [ $status -ne 2 ]; then
        echo "command failed (exit $status): $*" >&2
        cat "$out/stderr.txt" >&2
        exit $status
    fi
    awk '{ printf "%s %.0f %.2f\n", $1, $2 / 1024, $3 + $4 }' "$out/time.txt"
}

# Of runs given as "<wall> <peak RSS MB> <CPU>" arguments: "<median wall> <highest RSS> <median CPU>".
summary() {
    local wall rss cpu
    wall=$(printf '%s\n' "$@" | awk '{ print $1 }' | sort -n | median)
    rss=$(printf '%s\n' "$@" | awk '{ print $2 }' | sort -n | tail -n 1)
    cpu=$(printf '%s\n' "$@" | awk '{ print $3 }' | sort -n | median)
    echo "$wall $rss $cpu"
}

# The median over rounds of field $1 (1 wall, 3 CPU) of the runs in array $2 divided by those
# in array $3, round by round: "1.23×".
round_ratio() {
    local field=$1
    local -n over=$2 under=$3
    local i
    for i in "${!over[@]}"; do
        awk -v f="$field" -v a="${over[$i]}" -v b="${under[$i]}" \
            'BEGIN { split(a, x, " "); split(b, y, " "); if (y[f] > 0) printf "%.4f\n", x[f] / y[f] }'
    done | sort -n | median | awk '{ printf "%.2f×", $1 }'
}

# The median of sorted numbers, one per line.
median() {
    awk '{ v[NR] = $1 } END { printf "%.2f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# "yes" when a ratio such as "1.23×" is at most $2, "NO" above it, "n/a" without one.
meets() { awk -v r="${1%×}" -v bar="$2" 'BEGIN { if (r == "" || r == "n/a") print "n/a"; else print (r + 0 <= bar) ? "yes" : "NO" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else printf "n/a" }'; }
size_mb() { awk -v b="$(( $(stat -L -c %s "$1") + $( [ -f "$1-wal" ] && stat -L -c %s "$1-wal" || echo 0) ))" 'BEGIN { printf "%.1f", b / 1048576 }'; }
per_million() { awk -v m="$1" -v n="$2" 'BEGIN { printf "%.1f", m * 1000000 / n }'; }

ratios=()
printf 'machine: %s cores, %s; load average %s (a shared machine: compare ratios, not seconds)\n' \
    "$(nproc)" "$(uname -m)" "$(cut -d' ' -f1-3 /proc/loadavg)"
for lines in "${sizes[@]}"; do
    count=${runs:-$([ "$lines" -ge 5000000 ] && echo 1 || echo 3)}
    log="$out/mixed-$lines.log"
    step="generating $log"
    [ -s "$log" ] || { python3 bench/generate.py "$lines" >"$log.partial" && mv "$log.partial" "$log"; }
    megabytes=$(awk -v b="$(stat -L -c %s "$log")" 'BEGIN { printf "%.1f", b / 1048576 }')
    db="$out/bench-$lines.sqlite"

    echo
    echo "== $lines lines, $megabytes MB (median of $count round(s) of the C reference, ingest and check)"
    # The three run in turn, round after round, so each round's ratios compare runs that saw the
    # same moment of a shared machine; the ratios shown are the medians of the rounds' ratios.
    refdb="$out/reference-$lines.sqlite"
    ref_runs=(); readonly_runs=(); ingest_runs=(); check_runs=()
    for _ in $(seq "$count"); do
        if [ -n "$reference" ]; then
            step="running the C reference on $log"
            rm -f "$refdb" "$refdb-wal" "$refdb-shm"
            ref_runs+=("$(measure "$reference" "$log" "$refdb")")
            step="running the C reference without a store on $log"
            readonly_runs+=("$(measure "$reference" --read-only "$log")")
        fi
        step="running ingest on $log"
        rm -f "$db" "$db-wal" "$db-shm"
        ingest_runs+=("$(measure "$bin" ingest "$log" --db "$db")")
        step="running check on $log"
        check_runs+=("$(measure "$bin" check "$log" --fail-on never)")
    done
    read -r ingest_s ingest_mb ingest_cpu <<<"$(summary "${ingest_runs[@]}")"
    read -r check_s check_mb check_cpu <<<"$(summary "${check_runs[@]}")"
    if [ -n "$reference" ]; then
        read -r ref_s ref_mb ref_cpu <<<"$(summary "${ref_runs[@]}")"
        ref_db_mb=$(size_mb "$refdb")
        printf '%-34s %8s s   CPU %s s   peak RSS %s MB   database %s MB per million lines\n' "C reference (7 columns)" \
            "$ref_s" "$ref_cpu" "$ref_mb" "$(per_million "$ref_db_mb" "$lines")"
        read -r readonly_s readonly_mb readonly_cpu <<<"$(summary "${readonly_runs[@]}")"
        printf '%-34s %8s s   CPU %s s   peak RSS %s MB\n' "C reference, read-only (no store)" "$readonly_s" "$readonly_cpu" "$readonly_mb"
        rm -f "$refdb" "$refdb-wal" "$refdb-shm"
    fi
    db_mb=$(size_mb "$db")
    step="running report on $db"
    r=$(measure "$bin" report --db "$db" --fail-on never); read -r report_s report_mb _ <<<"$r"

    printf '%-34s %8s s   CPU %s s   %s lines/s   %s MB/s   peak RSS %s MB\n' "ingest" "$ingest_s" "$ingest_cpu" \
        "$(awk -v n="$lines" -v s="$ingest_s" 'BEGIN { printf "%.0f", n / s }')" \
        "$(awk -v m="$megabytes" -v s="$ingest_s" 'BEGIN { printf "%.1f", m / s }')" "$ingest_mb"
    printf '%-34s %8s s   peak RSS %s MB\n' "report (rules on the stored trace)" "$report_s" "$report_mb"
    printf '%-34s %8s s   CPU %s s   peak RSS %s MB\n' "check (parse + rules, end to end)" "$check_s" "$check_cpu" "$check_mb"
    printf '%-34s %8s MB   %s MB per million lines\n' "database size" "$db_mb" "$(per_million "$db_mb" "$lines")"
    # Wall time is the figure to quote; CPU time shows how much of it a second core hides
    # (ingest parses and writes on two threads, the C reference on one).
    ingest_ratio=""
    if [ -n "$reference" ]; then
        ingest_ratio=$(round_ratio 1 ingest_runs ref_runs)
        printf '%-34s %9s   (CPU %s)\n' "ingest / C parse+insert" "$ingest_ratio" "$(round_ratio 3 ingest_runs ref_runs)"
        readonly_ratio=$(round_ratio 1 check_runs readonly_runs)
        printf '%-34s %9s   (CPU %s)\n' "check / C read-only" "$readonly_ratio" "$(round_ratio 3 check_runs readonly_runs)"
    fi
    check_ratio=$(round_ratio 1 check_runs ingest_runs)
    printf '%-34s %9s   (CPU %s)\n' "check / ingest" "$check_ratio" "$(round_ratio 3 check_runs ingest_runs)"
    # For the memory table (bench/memory.sh) and the summary at the end.
    printf 'ingest\t%s\ncheck (parse + rules, in memory)\t%s\nreport (rules on the stored trace)\t%s\n' \
        "$ingest_mb" "$check_mb" "$report_mb" >"$out/run-mem-$lines.txt"
    ratios+=("$(printf '%-10s ingest / C parse+insert %s (≤ 1.15×: %s), check / C read-only %s (≤ 3×: %s), check / ingest %s' "$lines" \
        "${ingest_ratio:-n/a}" "$(meets "$ingest_ratio" 1.15)" "${readonly_ratio:-n/a}" "$(meets "${readonly_ratio:-n/a}" 3)" "$check_ratio")")

    if command -v sqlite3 >/dev/null; then
        step="exporting the events to CSV for sqlite3 .import"
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
        step="running sqlite3 .import"
        r=$(measure sqlite3 "$imported" ".mode csv" ".import $csv events"); read -r import_s import_mb _ <<<"$r"
        printf '%-34s %8s s   peak RSS %s MB   (the pre-parsed events as CSV; ingest / import %s)\n' \
            "sqlite3 .import" "$import_s" "$import_mb" "$(ratio "$ingest_s" "$import_s")"
        rm -f "$csv" "$imported" "$imported-wal" "$imported-shm"
    else
        echo "sqlite3 .import: skipped, no sqlite3"
    fi
    if command -v lnav >/dev/null; then
        step="running lnav -n"
        r=$(measure lnav -n "$log"); read -r lnav_s lnav_mb _ <<<"$r"
        printf '%-34s %8s s   peak RSS %s MB   (ingest / lnav %s)\n' "lnav -n (load and print)" "$lnav_s" "$lnav_mb" \
            "$(ratio "$ingest_s" "$lnav_s")"
    else
        echo "lnav -n: skipped, no lnav"
    fi
done

echo
step="counting instructions per line (callgrind, 200,000 lines)"
if command -v valgrind >/dev/null; then
    # Instructions, not seconds: the one figure a loaded, shared machine does not move. Every
    # thread's count is summed (ingest and check run three threads). 200k lines keep each run
    # to a few minutes under callgrind.
    small="$out/mixed-200000.log"
    [ -s "$small" ] || { python3 bench/generate.py 200000 >"$small.partial" && mv "$small.partial" "$small"; }
    instructions() {
        local status=0
        valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.%p" "$@" >/dev/null 2>"$out/callgrind.txt" || status=$?
        [ $status -eq 0 ] || [ $status -eq 2 ] || { cat "$out/callgrind.txt" >&2; exit $status; }
        # "==PID== Collected : N" for the whole process, every thread in it.
        awk '/Collected :/ { n = $NF } END { printf "%.0f", n / 200000 }' "$out/callgrind.txt"
        rm -f "$out"/callgrind.[0-9]*
    }
    refdb="$out/reference-callgrind.sqlite"
    if [ -n "$reference" ]; then
        rm -f "$refdb" "$refdb-wal" "$refdb-shm"
        printf '%-34s %8s per line\n' "instructions: C parse+insert" "$(instructions "$reference" "$small" "$refdb")"
        rm -f "$refdb" "$refdb-wal" "$refdb-shm"
        printf '%-34s %8s per line\n' "instructions: C read-only" "$(instructions "$reference" --read-only "$small")"
    fi
    rm -f "$refdb" "$refdb-wal" "$refdb-shm"
    printf '%-34s %8s per line\n' "instructions: ingest" "$(instructions "$bin" ingest "$small" --db "$refdb")"
    rm -f "$refdb" "$refdb-wal" "$refdb-shm"
    printf '%-34s %8s per line   (≤ 1,500: issue 57)\n' "instructions: check" "$(instructions "$bin" check "$small" --fail-on never)"
else
    echo "instructions per line: skipped, no valgrind (apt-get install -y valgrind)"
fi

echo
step="measuring the live reader's latency (bench/reader_latency.py)"
r=$(python3 bench/reader_latency.py "$bin" "$out"); read -r worst median <<<"$r"
printf '%-34s %8s s worst, %s s median (10 bursts into an open pipe)\n' "live reader sees new events" "$worst" "$median"

echo
step="measuring every reading command's memory (bench/memory.sh)"
# Figures from this run only: memory.sh reuses the figures it finds in bench/out/mem-N.txt.
for lines in "${sizes[@]}"; do rm -f "$out/mem-$lines.txt"; done
TRACE_ANALYZE="$bin" bench/memory.sh "${sizes[@]}"

step="measuring the new inputs (bench/inputs.sh)"
echo
echo "== new inputs: 1000000 lines of each, a 200 MB Instruments export"
TRACE_ANALYZE="$bin" bench/inputs.sh 1000000 200000000 | tee "$out/inputs.txt"

echo
echo "time ratios, wall time (issue 57's bars; memory and the page: the table's last line above):"
for line in "${ratios[@]}"; do echo "  $line"; done
grep -E "×|MB/s \(" "$out/inputs.txt" | grep -E "yes|NO" | sed 's/^/  new inputs: /'
