#!/usr/bin/env bash
# The parser's instructions per line without the rest of the tool: TraceModel's sources and
# bench/ParserAlone/main.swift built as one module (swiftc -O -wmo), run under callgrind on a
# generated log (bench/generate.py), instructions divided by lines. The figure the fast-path
# commits quote ("parser alone"); the harness's own share (reading the file, dropping each
# event) is in it, the same on both sides of a comparison.
#
#   bench/parser-alone.sh                 # this tree, 200,000 lines
#   bench/parser-alone.sh 50000           # another size
#   TREE=/tmp/base bench/parser-alone.sh  # another tree's Sources/TraceModel (git archive REV Sources | tar -x -C /tmp/base)
#
# Leaves the build and the log in bench/out/; bench/out/parser-alone --dump LOG prints every
# event, to compare two trees with cmp.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-200000}
case "$lines" in *[!0-9]*|"") echo "bench/parser-alone.sh: '$lines' is not a number of lines" >&2; exit 1 ;; esac
root=$(pwd)
tree=$(cd "${TREE:-.}" && pwd)
out=bench/out
mkdir -p "$out/parser-alone-module"
log="$out/mixed-$lines.log"
[ -s "$log" ] || python3 bench/generate.py "$lines" >"$log"
# The module files swiftc writes beside its output stay out of the tree.
(cd "$out/parser-alone-module" && swiftc -O -wmo -g -module-name ParserAlone -package-name parser_alone \
    $(find "$tree/Sources/TraceModel" -name '*.swift' | LC_ALL=C sort) "$root/bench/ParserAlone/main.swift" \
    -o "$root/$out/parser-alone")
valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$out/parser-alone.callgrind" \
    "$out/parser-alone" "$log" 2>"$out/parser-alone.txt" || { cat "$out/parser-alone.txt" >&2; exit 1; }
grep -E '^lines ' "$out/parser-alone.txt"
awk -v lines="$lines" '/Collected :/ { n = $NF } END { printf "parser alone: %d instructions, %.0f a line (callgrind_annotate %s for where)\n", n, n / lines, "'"$out/parser-alone.callgrind"'" }' "$out/parser-alone.txt"
