#!/usr/bin/env bash
# Times `check` on a generated trace (default 200,000 lines) with a release build: without
# custom rules, with a grouped custom rule (one GROUP BY over the trace's events), and with the
# docs/custom-rules.md's example rule (helpers not followed by an appearance within a second) asked two
# ways: with a window over the trace, as the guide writes it, and with a correlated NOT EXISTS
# subquery per helper init over `events`, which has no index. Wall and CPU time and peak RSS
# (GNU time), and how many findings each rule made (the two forms must agree).
#
#   bench/custom-rules.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-200000}"
swift build -c release --product trace-analyze >/dev/null
bin=.build/release/trace-analyze
out=bench/out/custom-rules
rm -rf "$out" && mkdir -p "$out"
log=bench/out/mixed-$lines.log
[ -f "$log" ] || python3 bench/generate.py "$lines" > "$log"

cat > "$out/none.json" <<'JSON'
{}
JSON
# The grouped rule's triggering example needs 51 inits of one view: written out, not typed.
python3 - "$out/grouped.json" <<'PY'
import json, sys
rule = {
    "message": "{view} was created {count} times",
    "query": "SELECT view, group_concat(line) AS lines, count(*) AS count FROM events"
             " WHERE trace_id = :trace_id AND kind = 'init' GROUP BY view HAVING count(*) > 50",
    "triggering_examples": [["\u2193Row init"] * 51],
    "non_triggering_examples": [["Row init"] * 50],
}
json.dump({"custom_rules": {"many_inits": rule}}, open(sys.argv[1], "w"))
PY
cat > "$out/correlated.json" <<'JSON'
{"custom_rules": {"loader_before_screen": {
  "message": "{view} was created, but no screen appeared within a second",
  "query": ["SELECT c.view AS view, c.line AS lines FROM events c",
            "WHERE c.trace_id = :trace_id AND c.kind = 'init' AND c.view LIKE 'ImageLoader%'",
            "  AND NOT EXISTS (SELECT 1 FROM events a WHERE a.trace_id = c.trace_id AND a.kind = 'appear'",
            "                  AND a.line > c.line AND a.ts - c.ts < 1.0)"],
  "timeout": 600,
  "triggering_examples": [["↓2023-11-14 22:13:11.232 I  MyApp[4242:9875ec] ImageLoader1 init",
                           "2023-11-14 22:13:12.500 I  MyApp[4242:9875ec] DetailView1 appear"]],
  "non_triggering_examples": [["2023-11-14 22:13:11.232 I  MyApp[4242:9875ec] ImageLoader1 init",
                               "2023-11-14 22:13:11.500 I  MyApp[4242:9875ec] DetailView1 appear"]]}}}
JSON

# The generator prints helper inits without a timestamp: `ts IS NULL` flags them as the
# NOT EXISTS form does (no appearance can be shown to be within a second of them).
cat > "$out/window.json" <<'JSON'
{"custom_rules": {"loader_before_screen": {
  "message": "{view} was created, but no screen appeared within a second",
  "query": ["SELECT view, line AS lines",
            "FROM (SELECT view, line, kind, ts,",
            "             min(CASE WHEN kind = 'appear' THEN ts END)",
            "               OVER (ORDER BY line DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS first_appear_after",
            "      FROM events WHERE trace_id = :trace_id AND kind IN ('init', 'appear'))",
            "WHERE kind = 'init' AND view LIKE 'ImageLoader%'",
            "  AND (ts IS NULL OR first_appear_after IS NULL OR first_appear_after - ts >= 1.0)"],
  "triggering_examples": [["↓2023-11-14 22:13:11.232 I  MyApp[4242:9875ec] ImageLoader1 init",
                           "2023-11-14 22:13:12.500 I  MyApp[4242:9875ec] DetailView1 appear"]],
  "non_triggering_examples": [["2023-11-14 22:13:11.232 I  MyApp[4242:9875ec] ImageLoader1 init",
                               "2023-11-14 22:13:11.500 I  MyApp[4242:9875ec] DetailView1 appear"]]}}}
JSON

# Prints "<wall> s, <cpu> s CPU, <peak RSS> MB" for a command, or why it failed.
measure() {
    local status=0
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$@" >"$out/stdout.txt" 2>"$out/stderr.txt" || status=$?
    if [ "$status" -ne 0 ]; then printf 'failed (exit %s): %s' "$status" "$(cat "$out/stderr.txt")"; return; fi
    awk '{ printf "%s s wall, %.2f s CPU, peak RSS %.0f MB", $1, $2 + $3, $4 / 1024 }' "$out/time.txt"
}

printf 'machine: %s cores; load average %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
for rule in none grouped window correlated; do
    [ "$rule" = none ] || "$bin" rules --check --config "$out/$rule.json" >/dev/null || { echo "$rule: its examples fail"; exit 1; }
    timing=$(measure "$bin" check "$log" --config "$out/$rule.json" --format summary --fail-on never)
    found=$(grep -E '^(many_inits|loader_before_screen) ' "$out/stdout.txt" | awk '{ print $NF }' || true)
    printf 'check %s lines, %-10s %s; custom findings: %s\n' "$lines" "$rule:" "$timing" "${found:-0}"
done
rm -rf "$out"
