#!/usr/bin/env bash
# Line coverage of the libraries (TraceModel, TraceStore, TraceRules: file names as fuzz/sources.sh stages them) reached by the fuzz corpus (.build-fuzz/corpus and the
# seeds): rebuilds the target with -profile-coverage-mapping into .build-fuzz/coverage/, replays
# every input once, and prints llvm-cov's per-file report. Run fuzz/run.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=.build-fuzz/coverage
mkdir -p "$out"
swiftc=${SWIFTC:-swiftc}
# The toolchain's own llvm tools: a distribution's may not read this compiler's profiles.
bin=$(dirname "$(command -v "$swiftc")")
profdata=$bin/llvm-profdata; [ -x "$profdata" ] || profdata=llvm-profdata
cov=$bin/llvm-cov; [ -x "$cov" ] || cov=llvm-cov

sources=()
while IFS= read -r file; do sources+=("$file"); done < <(fuzz/sources.sh "$root/$out/module")
(cd "$out" && "$swiftc" -sanitize=fuzzer -profile-generate -profile-coverage-mapping -parse-as-library \
    -module-name TraceFuzz -package-name trace_analyze -Onone -swift-version 6 -import-objc-header "$root/fuzz/LibFuzzer.h" \
    -I "$root/Sources/CSQLite" -lsqlite3 \
    "${sources[@]}" "$root"/fuzz/*.swift "$root"/fuzz/entries/*.swift -o coverage-fuzzer 2>&1) \
    | grep -v 'Cannot export local symbol' >&2 || true
rm -f "$out"/*.profraw
mkdir -p .build-fuzz/corpus .build-fuzz/seeds
LLVM_PROFILE_FILE="$out/replay.profraw" "$out/coverage-fuzzer" -runs=0 -max_len=4096 \
    .build-fuzz/corpus .build-fuzz/seeds 2>&1 | grep -E '^#[0-9]+[[:space:]]+INITED' >&2 || true
"$profdata" merge -sparse "$out/replay.profraw" -o "$out/replay.profdata"
"$cov" report "$out/coverage-fuzzer" -instr-profile="$out/replay.profdata" "$root/$out/module" \
    | sed "s|$root/$out/module/||"
