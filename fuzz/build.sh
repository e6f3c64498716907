#!/usr/bin/env bash
# Builds the libFuzzer target into .build-fuzz/ (git-ignored) and prints the binary's path:
# Sources/TraceModel, fuzz/*.swift and fuzz/entries/*.swift compiled as one module
# with -sanitize=fuzzer,address. Exits 3 with a message when this toolchain cannot build fuzzers
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
while IFS= read -r file; do sources+=("$root/$file"); done < <(find Sources/TraceModel -name '*.swift' | LC_ALL=C sort)

# One module named TraceModel, so the harness sees the parser's internals and one swiftc call
# builds everything. -O keeps bounds and overflow checks (they trap) and runs far faster than
# -Onone. swiftc drops a module file for the debugger in its working directory: run it in $out.
# gold warns once per ASan helper symbol ("Cannot export local symbol"): that noise is dropped.
if ! (cd "$out" && "$swiftc" -sanitize=fuzzer,address -parse-as-library -module-name TraceModel \
    -O -wmo -g -swift-version 6 -import-objc-header "$root/fuzz/LibFuzzer.h" \
    "${sources[@]}" "$root"/fuzz/*.swift "$root"/fuzz/entries/*.swift \
    -o trace-model-fuzzer) >"$log/build.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$log/build.log" >&2
    exit 1
fi
grep -v 'Cannot export local symbol' "$log/build.log" >&2 || true
echo "$out/trace-model-fuzzer"
