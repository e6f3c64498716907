#!/usr/bin/env bash
# Stages the libraries the fuzz targets reach into DIR as one module's sources and prints their
# paths, one a line: every library target but the app-side probe (the log parser and the
# Instruments reader in TraceModel, the store in TraceStore, configuration and custom rules in
# TraceRules, and whatever library target reads Swift), with the imports of each other removed,
# so that swiftc builds them, fuzz/*.swift and fuzz/entries/*.swift as one module in one call,
# and the targets can see internals. SwiftPM never reads this.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: fuzz/sources.sh DIR}
rm -rf "$dir"
mkdir -p "$dir"
libraries=()
for target in Sources/*/; do
    name=$(basename "$target")
    case "$name" in trace-analyze|TraceProbe|CSQLite) continue ;; esac
    libraries+=("$name")
done
pattern="^(@testable )?import ($(IFS='|'; echo "${libraries[*]}"))\$"
while IFS= read -r file; do
    staged="$dir/$(printf '%s' "${file#Sources/}" | tr '/' '_')"
    # A blank line where an import was keeps every line number, so a crash's stack matches the source.
    sed -E "s/$pattern//" "$file" >"$staged"
    echo "$staged"
done < <(for name in "${libraries[@]}"; do find "Sources/$name" -name '*.swift'; done | LC_ALL=C sort)
