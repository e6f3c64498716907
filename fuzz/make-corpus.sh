#!/usr/bin/env bash
# Writes the seed corpus into DIR (default .build-fuzz/seeds): every file under FOLDER... (default
# fixtures/; see fuzz/run.sh for each target's), those
# over MAX bytes (default 4096, the fuzzer's -max_len) split at line ends into pieces of at most
# MAX bytes, so each seed is read whole. Seeds are named after their fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-.build-fuzz/seeds}
max=${2:-4096}
shift 2 || shift $#
folders=("$@")
[ "${#folders[@]}" -gt 0 ] || folders=(fixtures)
rm -rf "$dir"
mkdir -p "$dir"
count=0
while IFS= read -r file; do
    name=$(printf '%s' "${file#fixtures/}" | tr '/' '_')
    if [ "$(wc -c <"$file")" -le "$max" ]; then
        cp "$file" "$dir/$name"
    else
        # A line longer than MAX is cut into MAX-byte pieces of its own.
        LC_ALL=C awk -v max="$max" -v out="$dir/$name" '
            function emit(text) { n++; f = out "." n; printf "%s", text > f; close(f) }
            {
                line = $0 "\n"
                while (length(line) > max) { if (buf != "") { emit(buf); buf = "" } emit(substr(line, 1, max)); line = substr(line, max + 1) }
                if (length(buf) + length(line) > max) { emit(buf); buf = "" }
                buf = buf line
            }
            END { if (buf != "") emit(buf) }' "$file"
    fi
    count=$((count + 1))
done < <(find "${folders[@]}" -type f | LC_ALL=C sort)
echo "fuzz: $count fixtures -> $(find "$dir" -type f | wc -l | tr -d ' ') seeds in $dir" >&2
