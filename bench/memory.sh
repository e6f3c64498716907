#!/usr/bin/env bash
# Peak memory of every reading command, at two or more sizes: builds trace-analyze in release
# mode, ingests a generated log of each size once, then runs check --db, why, views,
# timeline, export (chrome-trace and ndjson), diff and watch on it, and prints each command's
# peak RSS per size and the last size's over the first's (flat: within 1.15×; the issue's
# ceiling: 150 MB), then its wall time per size (a slow command shows here, not only by hand).
# Then the timeline page of each size: its size and Chromium's first draw.
#
#   bench/memory.sh                       # 1,000,000 and 10,000,000 lines
#   bench/memory.sh 100000 1000000
#
# Logs are bench/out/mixed-N.log (generated once; link one in to reuse it). Each size's figures
# are kept in bench/out/mem-N.txt and reused (delete it to measure again), so sizes may be
# measured apart (even at once) and printed together. bench/run.sh leaves its own peaks of
# ingest, check and report in bench/out/run-mem-N.txt (same format); when every size has one,
# they head the table (their wall times are run.sh's own figures, printed there). Needs
# python3, GNU time (/usr/bin/time); chromium for the page's first draw (skipped without it).
# The last line says whether every figure meets issue 34's bar.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000)
out=bench/out
mkdir -p "$out"
bin=${TRACE_ANALYZE:-.build/release/trace-analyze}
[ -n "${TRACE_ANALYZE:-}" ] || swift build -c release --product trace-analyze >"$out/build.txt" 2>&1 || { cat "$out/build.txt" >&2; exit 1; }

# Peak RSS in MB and wall seconds of one command, tab-separated (exit 2, findings at the fail
# level, is success here).
rss() {
    local status=0
    /usr/bin/time -f "%M %e" -o "$out/mem-time-$$.txt" "$@" >/dev/null 2>"$out/mem-stderr-$$.txt" </dev/null || status=$?
    if [ $status -ne 0 ] && [ $status -ne 2 ]; then
        echo "command failed (exit $status): $*" >&2; cat "$out/mem-stderr-$$.txt" >&2; exit $status
    fi
    awk '{ printf "%.0f\t%s", $1 / 1024, $2 }' "$out/mem-time-$$.txt"
}
mb() { awk -v b="$(stat -L -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }


names=("check --db (stores causes)" "why ContentView" "views" "timeline" "export chrome-trace"
       "export ndjson" "diff (a trace against itself)" "watch --no-follow (plain lines)")
declare -A peak wall
for lines in "${sizes[@]}"; do
    figures="$out/mem-$lines.txt"
    if ! grep -q '^done' "$figures" 2>/dev/null; then
        log="$out/mixed-$lines.log"
        [ -s "$log" ] || { python3 bench/generate.py "$lines" >"$log.partial" && mv "$log.partial" "$log"; }
        db="$out/mem-$lines.sqlite"
        work="$out/mem-$lines"
        rm -rf "$work" && mkdir -p "$work"
        echo "== $lines lines: ${#names[@]} commands" >&2
        # The stored trace is kept between runs (ingest's memory is run.sh's figure).
        [ -s "$db" ] || "$bin" ingest "$log" --db "$db" >/dev/null 2>&1
        {
            printf 'check --db (stores causes)\t%s\n' "$(rss "$bin" check "$log" --db "$work/check.sqlite" --fail-on never)"
            # The stored trace stays as ingest left it; why and views (which analyse a trace once and
            # keep its causes) each get a fresh copy, the other commands share one.
            cp "$db" "$work/why.sqlite"
            printf 'why ContentView\t%s\n' "$(rss "$bin" why ContentView --trace 1 --db "$work/why.sqlite")"
            cp "$db" "$work/views.sqlite"
            printf 'views\t%s\n' "$(rss "$bin" views --trace 1 --db "$work/views.sqlite")"
            rm -f "$work/why.sqlite"* "$work/views.sqlite"*
            cp "$db" "$work/run.sqlite"
            db="$work/run.sqlite"
            printf 'timeline\t%s\n' "$(rss "$bin" timeline --trace 1 --db "$db" --output "$out/mem-timeline-$lines.html")"
            printf 'export chrome-trace\t%s\n' "$(rss "$bin" export --trace 1 --db "$db" --format chrome-trace --output "$work/trace.json")"
            printf 'export ndjson\t%s\n' "$(rss "$bin" export --db "$db" --format ndjson --output "$work/ndjson")"
            printf 'diff (a trace against itself)\t%s\n' "$(rss "$bin" diff 1 1 --db "$db")"
            printf 'watch --no-follow (plain lines)\t%s\n' "$(rss "$bin" watch "$log" --no-follow --fail-on never)"
            echo done
        } >"$figures.partial"
        mv "$figures.partial" "$figures"
        rm -rf "$work"
    fi
    # A figures file from before wall times were kept has none: shown as "-".
    while IFS=$'\t' read -r name value seconds; do
        [ "$name" = done ] && continue
        peak["$name,$lines"]=$value
        wall["$name,$lines"]=${seconds:--}
    done <"$figures"
done

# run.sh's rows (ingest, check, report), when it measured every size.
run_names=()
if [ -s "$out/run-mem-${sizes[0]}.txt" ]; then
    complete=yes
    for lines in "${sizes[@]}"; do [ -s "$out/run-mem-$lines.txt" ] || complete=no; done
    if [ $complete = yes ]; then
        while IFS=$'\t' read -r name _; do run_names+=("$name"); done <"$out/run-mem-${sizes[0]}.txt"
        for lines in "${sizes[@]}"; do
            while IFS=$'\t' read -r name value seconds; do
                peak["$name,$lines"]=$value
                wall["$name,$lines"]=${seconds:--}
            done <"$out/run-mem-$lines.txt"
        done
    fi
fi
names=("${run_names[@]}" "${names[@]}")

first=${sizes[0]}; last=${sizes[${#sizes[@]}-1]}
failed=0
printf 'machine: %s cores; load average %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-36s' "peak RSS (MB)"; for lines in "${sizes[@]}"; do printf '%12s' "$lines"; done; # The verdict's heading is 25 characters wide on screen (more in bytes, which printf counts).
printf '%10s  %s   ' "ratio" "flat (≤1.15×) and ≤150 MB"
printf 'wall (s):'; for lines in "${sizes[@]}"; do printf '%10s' "$lines"; done; printf '\n'
for name in "${names[@]}"; do
    printf '%-36s' "$name"
    for lines in "${sizes[@]}"; do printf '%12s' "${peak[$name,$lines]}"; done
    a=${peak[$name,$first]}; b=${peak[$name,$last]}
    verdict=$(awk -v a="$a" -v b="$b" 'BEGIN { print (b / a <= 1.15 && b <= 150) ? "yes" : "NO" }')
    [ "$verdict" = yes ] || failed=$((failed + 1))
    printf '%9s×  %-28s' "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')" "$verdict"
    printf '%9s'; for lines in "${sizes[@]}"; do printf '%10s' "${wall[$name,$lines]:--}"; done; printf '\n'
done
printf '%-36s' "timeline page (MB)"; for lines in "${sizes[@]}"; do printf '%12s' "$(mb "$out/mem-timeline-$lines.html")"; done
page=$(mb "$out/mem-timeline-$last.html")
verdict=$(awk -v m="$page" 'BEGIN { print m <= 50 ? "yes" : "NO" }')
[ "$verdict" = yes ] || failed=$((failed + 1))
printf '%22s\n' "≤ 50 MB: $verdict"
if command -v chromium >/dev/null; then
    for lines in "${sizes[@]}"; do
        dom=$(chromium --headless --disable-gpu --no-sandbox --window-size=1280,800 --dump-dom "file://$PWD/$out/mem-timeline-$lines.html" 2>/dev/null | grep -o '<output id="drawn"[^>]*>' || true)
        attr() { sed -n "s/.* data-$1=\"\\([^\"]*\\)\".*/\\1/p" <<<"$dom"; }
        draw=$(attr first-draw-ms)
        verdict=$(awk -v ms="${draw:-none}" 'BEGIN { print (ms != "none" && ms + 0 <= 2000) ? "yes" : "NO" }')
        [ "$verdict" = yes ] || failed=$((failed + 1))
        printf '%-36s %s ms after navigation (data parsed at %s ms; %s, errors %s); ≤ 2 s: %s\n' "timeline page $lines: first draw" \
            "${draw:-?}" "$(attr parsed-ms)" "$(attr detail)" "$(attr errors)" "$verdict"
    done
else
    echo "timeline first draw: skipped, no chromium"
fi
if [ $failed -eq 0 ]; then
    echo "memory and timeline page: every figure meets issue 34's bar (flat within 1.15×, ≤ 150 MB; page ≤ 50 MB, drawn ≤ 2 s)"
else
    echo "memory and timeline page: $failed figure(s) miss issue 34's bar (flat within 1.15×, ≤ 150 MB; page ≤ 50 MB, drawn ≤ 2 s)"
fi
