#!/usr/bin/env bash
# Compares the findings of two trace-analyze binaries: the guard that a performance change
# changed no rule finding.
#
#   bench/compare-findings.sh BASE_BINARY NEW_BINARY [LOG...]
#   bench/compare-findings.sh /work/notes/base/trace-analyze .build/release/trace-analyze bench/out/mixed-1000000.log
#
# Runs `check --format json --fail-on never` with both binaries on every fixture input
# (fixtures/**/*.log, *.json, *.ndjson), on a few fixture runs with the options the tests use
# (a configuration, --sources, several traces at once) and on each LOG given (the benchmark
# logs), and prints `same` per input or a unified diff of the two outputs. Exits 1 when any
# input differs (or a binary is missing), 0 when all are the same.
#
# What is compared: the JSON report on stdout, the exit status, and stderr (errors and notes).
# What is normalised: nothing in the JSON holds a time, a duration or a machine path of its own
# (its file names are the arguments, the same on both sides, since both run from the repository
# root), so stdout is compared byte for byte; in stderr, temporary paths (/tmp/..., $TMPDIR/...)
# become <tmp>.
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }
[ "${1:-}" != "-h" ] && [ "${1:-}" != "--help" ] || { usage; exit 0; }
[ $# -ge 2 ] || { usage >&2; exit 1; }

# Absolute paths first: the comparison runs from the repository root.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
base=$(absolute "$1")
new=$(absolute "$2")
shift 2
logs=()
for log in "$@"; do
    [ -f "$log" ] || { echo "compare-findings: no such log: $log" >&2; exit 1; }
    logs+=("$(absolute "$log")")
done
for binary in "$base" "$new"; do
    [ -x "$binary" ] || { echo "compare-findings: not an executable: $binary" >&2; exit 1; }
done
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The inputs, one per line: the arguments given to `check` before the common options.
cases() {
    find fixtures -type f \( -name '*.log' -o -name '*.ndjson' -o -name '*.json' \) \
        -not -path 'fixtures/reporters/*' -not -path 'fixtures/rules/golden/*' | LC_ALL=C sort
    echo "fixtures/seeds/004-navigation-eager.log --config fixtures/reporters/config.json"
    echo "fixtures/seeds/004-navigation-eager.log --sources fixtures/sources/004-navigation"
    echo "fixtures/seeds/001-playbutton-toggle-twice.log --sources fixtures/sources/001-state"
    find fixtures/seeds -name '*.log' | LC_ALL=C sort | paste -sd ' '
    for log in "${logs[@]}"; do echo "$log"; done
}

# Runs one binary on one case; writes its normalised stdout, status and stderr to $2.
run() {
    local binary=$1 result=$2; shift 2
    local status=0
    # The repository root has no .trace-analyze.json: each case uses only the options it names.
    "$binary" check "$@" --format json --fail-on never >"$result.out" 2>"$result.err" || status=$?
    {
        cat "$result.out"
        echo "-- exit status $status"
        echo "-- stderr"
        sed -E "s#(/tmp|${TMPDIR:-/tmp})/[^ :\"']*#<tmp>#g" "$result.err"
    } >"$result"
}

same=0
different=0
while IFS= read -r line; do
    # shellcheck disable=SC2086 # a case is a list of words on purpose (paths have no spaces)
    set -- $line
    run "$base" "$work/base" "$@"
    run "$new" "$work/new" "$@"
    if cmp -s "$work/base" "$work/new"; then
        echo "same       $line"
        same=$((same + 1))
    else
        echo "DIFFERENT  $line"
        diff -u --label "base: $line" --label "new: $line" "$work/base" "$work/new" | head -n 200 || true
        different=$((different + 1))
    fi
done < <(cases)

echo "$((same + different)) inputs: $same same, $different different"
[ $different -eq 0 ]
