#!/usr/bin/env bash
# fix on real code: for each directory given (a checkout of a public SwiftUI app), a copy is
# linted, `fix --dry-run` (which must change nothing), `fix`, `fix` again (which must change
# nothing), and linted again; every changed file is parsed with `swiftc -parse` (Swift 6 mode,
# as its original). Prints fixes per rule, the verdicts, and the fixable rules' lint findings
# before and after. The checkouts are not kept here.
#
#   bench/fix-realworld.sh ~/src/IceCubesApp ~/src/sample-food-truck
set -euo pipefail
binary="${TRACE_ANALYZE:-$(cd "$(dirname "$0")/.." && swift build --show-bin-path)/trace-analyze}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixable="observed_object_created|conditional_view_identity|eager_navigation_destination|unstable_foreach_id"
count() { grep -E -c "\(($fixable)\)$" "$1" || true; }
for source in "$@"; do
  name=$(basename "$source")
  rm -rf "$work/copy" && cp -r "$source" "$work/copy"
  rm -rf "$work/copy/.git"
  echo "== $name: $(find "$work/copy" -name '*.swift' | wc -l) Swift files"
  "$binary" lint "$work/copy" --format xcode --fail-on never >"$work/lint-before.txt" 2>/dev/null || true
  cp -r "$work/copy" "$work/pristine"
  "$binary" fix "$work/copy" --dry-run >"$work/diff.txt" 2>"$work/dry.txt"
  if diff -r -q "$work/pristine" "$work/copy" >/dev/null; then echo "   --dry-run: nothing changed ($(grep -c '^+++ ' "$work/diff.txt" || true) files in its diff)"; else echo "   --dry-run CHANGED FILES"; fi
  "$binary" fix "$work/copy" 2>"$work/first.txt" >/dev/null
  echo "   $(tail -1 "$work/first.txt")"
  cp -r "$work/copy" "$work/fixed"
  "$binary" fix "$work/copy" 2>"$work/second.txt" >/dev/null
  if diff -r -q "$work/fixed" "$work/copy" >/dev/null; then echo "   second run: 0 changes"; else echo "   second run CHANGED FILES"; fi
  total=0; parsed=0; unparsable=0
  for file in $(cd "$work/copy" && diff -r -q "$work/pristine" . | sed -n 's#^Files [^ ]* and \./\(.*\) differ$#\1#p'); do
    total=$((total + 1))
    if ! swiftc -parse -swift-version 6 "$work/pristine/$file" >/dev/null 2>&1; then unparsable=$((unparsable + 1)); continue; fi
    if swiftc -parse -swift-version 6 "$work/copy/$file" >/dev/null 2>&1; then parsed=$((parsed + 1)); else echo "   does not parse: $file"; fi
  done
  echo "   swiftc -parse: $parsed of $((total - unparsable)) changed files parse ($unparsable whose original does not parse here)"
  "$binary" lint "$work/copy" --format xcode --fail-on never >"$work/lint-after.txt" 2>/dev/null || true
  echo "   lint findings of the fixing rules: $(count "$work/lint-before.txt") before, $(count "$work/lint-after.txt") after"
  rm -rf "$work/pristine" "$work/fixed"
done
