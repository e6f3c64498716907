#!/usr/bin/env bash
# instrument on real code: for each directory given (a checkout of a public SwiftUI app), a copy
# is instrumented, instrumented again (which must change nothing), and --remove'd (which must
# give every file back byte for byte, diff -r). Prints the summary lines and the verdicts; the
# figures of the last run are in bench/instrument-realworld.md. The checkouts are not kept here.
#
#   bench/instrument-realworld.sh ~/src/IceCubesApp ~/src/sample-food-truck
set -euo pipefail
binary="${TRACE_ANALYZE:-$(cd "$(dirname "$0")/.." && swift build --show-bin-path)/trace-analyze}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for source in "$@"; do
  name=$(basename "$source")
  rm -rf "$work/copy" && cp -r "$source" "$work/copy"
  echo "== $name: $(find "$work/copy" -name '*.swift' | wc -l) Swift files, $(find "$work/copy" -name '*.swift' -print0 | xargs -0 cat | wc -l) lines"
  before_lines=$(find "$work/copy" -name '*.swift' -print0 | xargs -0 cat | wc -l)
  "$binary" instrument "$work/copy" 2>"$work/first.txt" >/dev/null
  after_lines=$(find "$work/copy" -name '*.swift' -print0 | xargs -0 cat | wc -l)
  echo "   lines added: $((after_lines - before_lines))"
  # Every changed file parses (syntax only: no SDK here), in Swift 6 mode with DEBUG set, as
  # its original did; the files whose original does not parse here are counted apart.
  changed=$(cd "$work/copy" && grep -rl --include='*.swift' 'trace-analyze:instrument' . || true)
  total=0; parsed=0; unparsable=0
  for file in $changed; do
    total=$((total + 1))
    if ! swiftc -parse -swift-version 6 -DDEBUG "$source/$file" >/dev/null 2>&1; then unparsable=$((unparsable + 1)); continue; fi
    if swiftc -parse -swift-version 6 -DDEBUG "$work/copy/$file" >/dev/null 2>&1; then parsed=$((parsed + 1)); else echo "   does not parse: $file"; fi
  done
  echo "   swiftc -parse: $parsed of $((total - unparsable)) changed files parse ($unparsable whose original does not parse here)"
  echo "   files left alone: $(grep -c '^trace-analyze: warning' "$work/first.txt" || true)"
  { grep '^trace-analyze: warning' "$work/first.txt" || true; } | sed 's/^/   /' | head -5
  echo "   notes (bodies without appear/disappear, ...): $(grep -c '^trace-analyze: note' "$work/first.txt" || true)"
  grep 'instrument changed' "$work/first.txt" | sed 's/^/   /'
  "$binary" instrument "$work/copy" 2>&1 >/dev/null | grep 'instrument changed' | sed 's/^/   again: /'
  "$binary" instrument --remove "$work/copy" 2>&1 >/dev/null | grep 'changed' | sed 's/^/   /'
  if diff -r "$source" "$work/copy" >/dev/null; then echo "   round trip: byte-identical"; else echo "   round trip: DIFFERENT"; fi
done
