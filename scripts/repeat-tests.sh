#!/usr/bin/env bash
# Runs the whole suite (`swift test`, as .ci/run does) several times in a row and prints one row
# per run: its exit, the Swift Testing and XCTest counts, its wall time and the load average when
# it ended, and the tests that failed. A test that fails one run in ten is flaky: this is how to
# catch it. Each run's output is kept in .build/repeat-tests/run-N.log.
#
#   scripts/repeat-tests.sh                 ten runs
#   scripts/repeat-tests.sh --runs 3
#   scripts/repeat-tests.sh --load          ten runs with every core kept busy beside them
#                                           (stress, or a `yes` per core without it)
#
# Something else can be the load too, a fuzzing campaign for one (fuzz/campaign.sh). Exits 1 when
# any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=10
load=false
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        --load) load=true; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "repeat-tests: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

out=.build/repeat-tests
mkdir -p "$out"
load_pids=()
stop_load() { [ ${#load_pids[@]} -eq 0 ] || kill "${load_pids[@]}" 2>/dev/null; }
trap stop_load EXIT
if $load; then
    cores=$(nproc)
    if command -v stress >/dev/null; then
        stress --cpu "$cores" >/dev/null 2>&1 & load_pids+=($!)
    else
        for _ in $(seq "$cores"); do yes >/dev/null & load_pids+=($!); done
    fi
    echo "repeat-tests: $cores cores kept busy beside the suite"
fi

echo "repeat-tests: building first (not timed)"
swift build --build-tests >"$out/build.log" 2>&1 || { tail -30 "$out/build.log" >&2; exit 1; }

printf '%-4s %-5s %-34s %-24s %7s  %-6s %s\n' run exit "Swift Testing" XCTest wall load failed
failed_runs=0
for run in $(seq "$runs"); do
    log="$out/run-$run.log"
    started=$SECONDS
    swift test >"$log" 2>&1
    status=$?
    wall=$((SECONDS - started))
    # Swift Testing's summary: "Test run with 679 tests in 152 suites passed after 95.3 seconds
    # with 24 known issues." or "... failed after ... with N issues."
    testing=$(grep -aE 'Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed)' "$log" | tail -1 |
        sed -E 's/.*Test run with ([0-9]+) tests? in [0-9]+ suites? (passed|failed)[^w]*(with (.*))?\.$/\1 \2, \4/; s/, $//')
    xctest=$(grep -oE 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1 | sed -E 's/Executed ([0-9]+) tests?, with ([0-9]+) failures?/\1 run, \2 failed/')
    failures=$( { sed -nE 's/^.*Test (.*) failed after .*/\1/p' "$log"; sed -nE "s/^Test Case '([^']+)' failed.*/\1/p" "$log"; } |
        grep -v '^run with' | sort -u | head -5 | tr '\n' ' ')
    printf '%-4s %-5s %-34s %-24s %6ss  %-6s %s\n' "$run" "$status" "${testing:-?}" "${xctest:-?}" "$wall" \
        "$(cut -d' ' -f1 /proc/loadavg)" "${failures:--}"
    [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
done
echo "repeat-tests: $((runs - failed_runs)) of $runs runs passed; outputs in $out/"
[ "$failed_runs" -eq 0 ]
