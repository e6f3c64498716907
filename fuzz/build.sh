#!/usr/bin/env bash
# Builds the libFuzzer binary into .build-fuzz/ (git-ignored) and prints its path: the library
# targets (staged as one module by fuzz/sources.sh), fuzz/*.swift and fuzz/entries/*.swift
# compiled together with -sanitize=fuzzer,address; every target (TRACE_FUZZ_TARGET) is in it. Exits 3 with a message when this toolchain cannot build fuzzers
# (Xcode's swiftc, say); SwiftPM never sees this file, so `swift build` does not need libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=.build-fuzz
mkdir -p "$out"
swiftc=${SWIFTC:-swiftc}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# Probe first, so a toolchain without libFuzzer gives one clear line rather than a link error.
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' >"$log/probe.swift"
if ! "$swiftc" -sanitize=fuzzer -parse-as-library "$log/probe.swift" -o "$log/probe" >"$log/probe.log" 2>&1; then
    echo "fuzz: '$swiftc -sanitize=fuzzer' is unavailable on this toolchain; skipping" >&2
    sed 's/^/fuzz:   /' "$log/probe.log" | head -5 >&2
    exit 3
fi

sources=()
while IFS= read -r file; do sources+=("$file"); done < <(fuzz/sources.sh "$root/$out/module")

# Built once per state of the sources: `fuzz/run.sh --target all` builds one binary for all.
stamp=$(cat "${sources[@]}" fuzz/*.swift fuzz/entries/*.swift fuzz/LibFuzzer.h fuzz/build.sh | sha256sum | cut -c1-64)
if [ -x "$out/trace-model-fuzzer" ] && [ "$(cat "$out/trace-model-fuzzer.stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$out/trace-model-fuzzer"
    exit 0
fi
rm -f "$out/trace-model-fuzzer.stamp"

# One module, so the harness sees the libraries' internals and one swiftc call builds everything
# (-package-name for their `package` declarations; SQLite through the CSQLite module map). -O keeps bounds and overflow checks (they trap) and runs far faster than
# -Onone. swiftc drops a module file for the debugger in its working directory: run it in $out.
# gold warns once per ASan helper symbol ("Cannot export local symbol"): that noise is dropped.
if ! (cd "$out" && "$swiftc" -sanitize=fuzzer,address -parse-as-library -module-name TraceFuzz -package-name trace_analyze \
    -O -wmo -g -swift-version 6 -import-objc-header "$root/fuzz/LibFuzzer.h" -I "$root/Sources/CSQLite" -lsqlite3 \
    "${sources[@]}" "$root"/fuzz/*.swift "$root"/fuzz/entries/*.swift \
    -o trace-model-fuzzer) >"$log/build.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$log/build.log" >&2
    exit 1
fi
grep -v 'Cannot export local symbol' "$log/build.log" >&2 || true
echo "$stamp" >"$out/trace-model-fuzzer.stamp"
echo "$out/trace-model-fuzzer"
