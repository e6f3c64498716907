#!/usr/bin/env bash
# Builds the fuzzer and runs one target for SECONDS (default 60) on one core, seeded from fixtures/.
#   fuzz/run.sh 600                            the log parser, ten minutes
#   fuzz/run.sh --target instruments 60        the xctrace export reader
#   fuzz/run.sh --target all 60 -seed=1        every target in turn, 60 s each; extra arguments go to libFuzzer
# Targets: parser (any bytes as a log), probe (TraceProbe's structured lines), instruments
# (xctrace export XML), config (.trace-analyze.json with custom rules), swift (a Swift file for
# lint and instrument). The corpus grows in .build-fuzz/corpus (parser) or .build-fuzz/TARGET/corpus
# (kept between runs); crashes, hangs and leaks are written to the artifacts/ beside it. Exits 0
# when nothing was found, 3 when the toolchain cannot build fuzzers (skipped), and libFuzzer's
# status otherwise.
# Reproduce a finding with: TRACE_FUZZ_TARGET=TARGET .build-fuzz/trace-model-fuzzer <artifact>
set -uo pipefail
cd "$(dirname "$0")/.."

target=parser
if [ "${1:-}" = "--target" ]; then
    target=${2:?--target needs parser, probe, instruments, config, swift or all}
    shift 2
fi
. fuzz/targets.sh
if [ "$target" = all ]; then
    for one in "${fuzz_targets[@]}"; do
        "$0" --target "$one" "$@" || exit $?
    done
    exit 0
fi
fuzz_target "$target" || {
    echo "fuzz: unknown target '$target'; valid: ${fuzz_targets[*]}, all" >&2
    exit 2
}
export TRACE_FUZZ_TARGET=$target
seconds=${1:-60}
shift || true

binary=$(fuzz/build.sh)
status=$?
[ "$status" -eq 0 ] || exit "$status"

fuzz/make-corpus.sh "$out/seeds" 4096 "${seeds[@]}"
mkdir -p "$out/corpus" "$out/artifacts"
log="$out/last-run.log"
echo "fuzz: target $target" >&2
before=$(ls "$out/artifacts" | wc -l)

# The first directory receives new inputs; the seeds are read only.
# -timeout: an input that takes 10 s is a hang. -rss_limit_mb: ASan's shadow needs headroom.
"$binary" "$out/corpus" "$out/seeds" \
    -dict="$dict" \
    -max_len=4096 \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1 \
    "$@" 2>&1 | tee "$log" | grep --line-buffered -E '^#[0-9]+[[:space:]]+(INITED|DONE|pulse)|^==[0-9]+==|^(SUMMARY|artifact_prefix|Test unit written)|Fatal error|fuzz invariant'
status=${PIPESTATUS[0]}

echo "---"
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 | sed 's/^/fuzz: last status: /'
grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' "$log" | sed 's/^/fuzz: /'
echo "fuzz: corpus: $(ls "$out/corpus" | wc -l | tr -d ' ') inputs in $out/corpus"
after=$(ls "$out/artifacts" | wc -l)
if [ "$after" -gt "$before" ] || [ "$status" -ne 0 ]; then
    echo "fuzz: FOUND something (exit $status); artifacts:"
    grep -E 'Test unit written to' "$log" | sed 's/^.*written to /fuzz:   /'
    exit "$status"
fi
echo "fuzz: $target: no crash in ${seconds}s; full log in $log"
