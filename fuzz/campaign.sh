#!/usr/bin/env bash
# A long fuzzing campaign, kept account of: runs the targets in chunks, least-fuzzed first, on
# --jobs cores, until each has had CPU_MINUTES of CPU time in all, counting every earlier chunk in
# fuzz/campaign.tsv (committed, so the account carries across machines and sessions).
#
#   fuzz/campaign.sh 60 all                  every target to one CPU-hour, on 2 cores
#   fuzz/campaign.sh --jobs 1 90 swift       one target, one core
#   fuzz/campaign.sh --summary               the account per target
#   fuzz/campaign.sh --pause                 stop the running chunks now (their time is counted)
#   fuzz/campaign.sh --resume                and let the campaign go on
#
# Each chunk is one libFuzzer run of --chunk seconds (default 600) with -timeout=1 (an input that
# takes a second is a hang) and -rss_limit_mb=2048; its row in the account gives the CPU seconds
# (user + system, as bash's `time` reads them), wall seconds, executions, peak RSS, corpus size and
# what it found. A target that finds something stops there, with the artifact named; the others go
# on. Corpora and artifacts stay in .build-fuzz/ (see fuzz/run.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
. fuzz/targets.sh

ledger=fuzz/campaign.tsv
state=.build-fuzz/campaign
pause_file=$state/pause
jobs=2
chunk=600

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }

summary() {
    awk -F'\t' -v targets="${fuzz_targets[*]}" 'NR > 1 {
        cpu[$2] += $4; execs[$2] += $6; chunks[$2]++
        if ($7 + 0 > rss[$2]) rss[$2] = $7 + 0
        if ($9 != "nothing" && $9 != "interrupted") found[$2] = found[$2] " " $9
    } END {
        printf "%-12s %10s %8s %14s %12s  %s\n", "target", "CPU", "chunks", "executions", "peak RSS", "found"
        n = split(targets, order, " ")
        for (i = 1; i <= n; i++) { t = order[i]
            printf "%-12s %4d h %02d m %8d %14d %9d MB  %s\n", t, cpu[t] / 3600, (cpu[t] % 3600) / 60,
                chunks[t], execs[t], rss[t], (t in found) ? found[t] : "nothing"
        }
    }' "$ledger"
}

cpu_seconds_of() { awk -F'\t' -v t="$1" 'NR > 1 && $2 == t { s += $4 } END { printf "%d", s }' "$ledger"; }

# One chunk of TARGET: appends its row to the account; exits 1 when it found something.
run_chunk() {
    local target=$1 binary=$2 out dict seeds
    fuzz_target "$target"
    export TRACE_FUZZ_TARGET=$target
    mkdir -p "$out/corpus" "$out/artifacts" "$state"
    [ -d "$out/seeds" ] || fuzz/make-corpus.sh "$out/seeds" 4096 "${seeds[@]}" >/dev/null
    local log="$state/$target.log" times="$state/$target.time" before
    before=$(ls "$out/artifacts" | wc -l)
    local started=$SECONDS
    TIMEFORMAT='%U %S'
    { time {
        "$binary" "$out/corpus" "$out/seeds" -dict="$dict" -max_len=4096 -max_total_time="$chunk" \
            -timeout=1 -rss_limit_mb=2048 -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
            >"$log" 2>&1 &
        echo $! >"$state/$target.pid"
        wait $!
    }; } 2>"$times"
    rm -f "$state/$target.pid"
    local cpu execs rss corpus found="nothing"
    cpu=$(awk '{ printf "%d", $1 + $2 + 0.5 }' "$times")
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    [ -n "$rss" ] || rss=$(grep -oE 'rss: [0-9]+Mb' "$log" | tail -1 | grep -oE '[0-9]+')
    corpus=$(ls "$out/corpus" | wc -l | tr -d ' ')
    if [ "$(ls "$out/artifacts" | wc -l)" -gt "$before" ]; then
        found=$(grep -oE 'ERROR: (libFuzzer|AddressSanitizer): [a-z-]+' "$log" | head -1 | awk '{ print $NF }')
        found="${found:-crash}:$(sed -n 's/^.*Test unit written to .*\///p' "$log" | tail -1)"
    elif grep -q 'libFuzzer: run interrupted' "$log"; then
        found="interrupted"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$target" \
        "$commit" "$cpu" "$((SECONDS - started))" "${execs:-0}" "${rss:-0}" \
        "$corpus" "$found" >>"$ledger"
    echo "fuzz campaign: $target: ${cpu}s CPU, ${execs:-0} executions, peak ${rss:-0} MB, $found"
    case "$found" in nothing|interrupted) return 0 ;; *) echo "fuzz campaign: $target stopped; full log in $log" >&2; return 1 ;; esac
}

minutes=""
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --summary) summary; exit 0 ;;
        --pause)
            mkdir -p "$state"; touch "$pause_file"
            for pid in "$state"/*.pid; do [ -e "$pid" ] && kill -INT "$(cat "$pid")" 2>/dev/null; done
            echo "fuzz campaign: paused; running chunks were interrupted and counted (fuzz/campaign.sh --resume)"
            exit 0 ;;
        --resume) rm -f "$pause_file"; echo "fuzz campaign: resumed"; exit 0 ;;
        --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
        --chunk) chunk=${2:?--chunk needs seconds}; shift 2 ;;
        all) targets+=("${fuzz_targets[@]}"); shift ;;
        [0-9]*) minutes=$1; shift ;;
        *) fuzz_target "$1" >/dev/null 2>&1 || { echo "fuzz campaign: unknown target '$1'; valid: ${fuzz_targets[*]}, all" >&2; exit 2; }
           targets+=("$1"); shift ;;
    esac
done
[ -n "$minutes" ] && [ ${#targets[@]} -gt 0 ] || { usage >&2; exit 2; }
[ -f "$ledger" ] || printf 'ended\ttarget\tcommit\tcpu_s\twall_s\texecutions\tpeak_rss_mb\tcorpus\tfound\n' >"$ledger"

binary=$(fuzz/build.sh) || exit $?
# The commit the binary was built from: later commits do not change a running campaign's binary.
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources fuzz/entries "fuzz/*.swift" || echo +)
mkdir -p "$state"
rm -f "$state"/*.running "$state"/*.stopped
goal=$((minutes * 60))

# Picks the target with the least CPU time so far that is short of the goal, not running and not
# stopped by a finding; prints nothing when none is left to start.
next_target() {
    local best="" best_cpu=""
    for t in "${targets[@]}"; do
        [ -e "$state/$t.running" ] || [ -e "$state/$t.stopped" ] && continue
        local c; c=$(cpu_seconds_of "$t")
        [ "$c" -ge "$goal" ] && continue
        if [ -z "$best" ] || [ "$c" -lt "$best_cpu" ]; then best=$t; best_cpu=$c; fi
    done
    echo "$best"
}

running=0
while :; do
    if [ -e "$pause_file" ]; then
        [ "$running" -gt 0 ] && { wait -n; running=$((running - 1)); continue; }
        sleep 5; continue
    fi
    target=$(next_target)
    if [ -z "$target" ]; then
        [ "$running" -eq 0 ] && break
        wait -n; running=$((running - 1)); continue
    fi
    touch "$state/$target.running"
    ( run_chunk "$target" "$binary" || touch "$state/$target.stopped"; rm -f "$state/$target.running" ) &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
summary
ls "$state"/*.stopped >/dev/null 2>&1 && exit 1
exit 0
