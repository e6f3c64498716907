#!/usr/bin/env bash
# Fault injection: runs hostile logs, configurations, SQL and faults (signals, limits, full
# disks, read-only places, other people's databases) against the built binary, and prints one
# row per kind of attack: attempts, crashes (killed by a signal, or hung), lost rows (stored rows
# that vanished, lines the counters miss, counters that disagree with the rows) and wrong exits
# (a failure reported as success, or the reverse). Exits 1 when any of the last three is not 0.
#
# Usage: scripts/fault-injection.sh [BINARY]   (default: .build/debug/trace-analyze, built if missing)
# Needs: sqlite3, timeout; setpriv when run as root (to read as a user who cannot write).
set -uo pipefail
cd "$(dirname "$0")/.."
tool=${1:-.build/debug/trace-analyze}
if [ ! -x "$tool" ]; then swift build >&2 || exit 1; fi
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
for need in sqlite3 timeout; do
    command -v "$need" >/dev/null 2>&1 || { echo "fault-injection: needs $need" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/trace-analyze-faults.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
failures="$work/failures.txt"
: >"$failures"
export NO_COLOR=1
unset TRACE_ANALYZE_DB

declare -A attempts crashes lost wrong
order=()

# note CATEGORY WHAT STATUS EXPECTED [LOST]: one attempt. EXPECTED is a space-separated list of
# acceptable exit statuses. A status past 128 other than 130 (Ctrl-C), 141 (closed pipe) and
# those EXPECTED names (143 for a SIGTERM the tool handled), or 124 (timeout's "hung"), is a crash.
note() {
    local category=$1 what=$2 status=$3 expected=$4 missing=${5:-0}
    if [ -z "${attempts[$category]+x}" ]; then
        order+=("$category"); attempts[$category]=0; crashes[$category]=0; lost[$category]=0; wrong[$category]=0
    fi
    attempts[$category]=$((attempts[$category] + 1))
    if [ "$status" -eq 124 ] || { [ "$status" -gt 128 ] && [ "$status" -ne 130 ] && [ "$status" -ne 141 ] && [[ " $expected " != *" $status "* ]]; }; then
        crashes[$category]=$((crashes[$category] + 1))
        echo "CRASH  $category: $what (status $status)" >>"$failures"
    elif [[ " $expected " != *" $status "* ]]; then
        wrong[$category]=$((wrong[$category] + 1))
        echo "WRONG  $category: $what (status $status, expected $expected)" >>"$failures"
    fi
    if [ "$missing" -ne 0 ]; then
        lost[$category]=$((lost[$category] + ${missing#-}))
        echo "LOST   $category: $what ($missing rows)" >>"$failures"
    fi
}

# FAULT_TIMEOUT: seconds before a run counts as hung (default 120).
run() { timeout "${FAULT_TIMEOUT:-120}" "$tool" "$@"; }
sql() { sqlite3 "$1" "$2" 2>/dev/null; }

# Lines as the tool splits them (LF, CRLF or a lone CR), counted independently of it.
count_lines() { LC_ALL=C awk 'BEGIN { RS = "\r\n|\r|\n" } END { print NR }' "$1"; }

# What an ingest of FILE into DB (trace ID) lost: lines the counters miss, rows the counters
# miss, lines neither an event nor a continuation.
ingest_loss() {
    local file=$1 db=$2 id=${3:-1} expected
    expected=$(count_lines "$file")
    sql "$db" "SELECT abs($expected - t.lines)
                 + abs(t.events - (SELECT count(*) FROM events WHERE trace_id = t.id))
                 + abs(t.lines - t.events - coalesce((SELECT value FROM stats WHERE trace_id = t.id AND name = 'continuation_lines'), 0))
               FROM traces t WHERE t.id = $id"
}

# --- Hostile input: the fixtures' bad and odd logs, and generated ones ----------------------
corpus="$work/corpus"
mkdir -p "$corpus"
cp fixtures/bad/* fixtures/fuzz-regressions/* fixtures/formats/*.log fixtures/seeds/*.log "$corpus"/
head -c 2000000 /dev/urandom >"$corpus/random-bytes.bin"
head -c 300000 /dev/zero >"$corpus/nul-only.log"
printf '%0.s\r' $(seq 1 5000) >"$corpus/cr-only.log"
LC_ALL=C awk 'BEGIN { for (i = 0; i < 5000000; i++) printf "x"; printf "\n" }' >"$corpus/five-mb-line.log"
LC_ALL=C awk 'BEGIN { printf "A: "; for (i = 0; i < 200000; i++) printf "@self, "; print "changed." }' >"$corpus/token-flood.log"
LC_ALL=C awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; print "" }' >"$corpus/deep-json.log"
LC_ALL=C awk 'BEGIN { print "[{\"eventMessage\": \"A: @self changed.\", \"x\": \"unterminated"; for (i = 0; i < 1000; i++) print "{ {" }' >"$corpus/broken-json.log"
LC_ALL=C awk 'BEGIN { for (i = 0; i < 20000; i++) printf "\xff\xfe\xc0\xaf View%d init\n", i }' >"$corpus/invalid-utf8-flood.log"
LC_ALL=C awk 'BEGIN { for (i = 0; i < 2000; i++) { printf "\033[31m%s: @self changed.\033[0m\n", "V" i; printf "%s init\n", sprintf("%5000s", "N") } }' >"$corpus/ansi-and-long-names.log"
LC_ALL=C awk 'BEGIN { for (i = 0; i < 100000; i++) printf "Row%d: @self, @identity, _tick changed.\nhello %d\n", i % 50, i }' >"$corpus/many-lines.log"
for file in "$corpus"/*; do
    name=$(basename "$file")
    db="$work/in-$name.sqlite"
    run ingest "$file" --db "$db" 2>/dev/null
    status=$?
    missing=$(ingest_loss "$file" "$db")
    note "hostile input: ingest" "$name" "$status" "0" "${missing:-0}"
    run check "$file" >/dev/null 2>&1
    note "hostile input: check" "$name" "$?" "0 1 2"
done

echo "fault-injection: hostile exports, probe lines and sources ($SECONDS s so far)" >&2
# --- Hostile Instruments exports, probe lines and Swift sources: the newer ways in ----------
# An export or a log goes into a database that already holds a trace: whatever happens to the
# new one, the old one keeps every row ("nothing stored lost"); check says one line and exits 0, 1 or 2.
ways="$work/ways"
mkdir -p "$ways/xml" "$ways/probe" "$ways/swift"
xml_head='<?xml version="1.0"?><trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>'
LC_ALL=C awk 'BEGIN { printf "<?xml version=\"1.0\"?>\n<!DOCTYPE lol [<!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">"; e = "a"; for (i = 0; i < 12; i++) { n = "e" i; printf "<!ENTITY %s \"", n; for (j = 0; j < 10; j++) printf "&%s;", e; printf "\">"; e = n }; printf "]>\n<trace-query-result>&%s;</trace-query-result>\n", e }' >"$ways/xml/dtd-entity-expansion.xml"
LC_ALL=C awk 'BEGIN { printf "<?xml version=\"1.0\"?>"; for (i = 0; i < 1000000; i++) printf "<a>"; print "" }' >"$ways/xml/million-deep.xml"
{ printf '%s<row><start-time fmt="' "$xml_head"; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '">1</start-time></row></node></trace-query-result>\n'; } >"$ways/xml/hundred-mb-attribute.xml"
{ printf '%s' "$xml_head"; for i in $(seq 1 200); do printf '<row><start-time fmt="\xff\xfe%d">%d</start-time><duration>\xc0\xaf5</duration></row>' "$i" "$i"; done; printf '</node></trace-query-result>\n'; } >"$ways/xml/invalid-utf8.xml"
{ printf '%s<row><narrative-description><![CDATA[' "$xml_head"; LC_ALL=C awk 'BEGIN { for (i = 0; i < 300000; i++) printf "]]x>]"; }'; printf ']]></narrative-description><start-time>1</start-time><duration>2</duration></row></node></trace-query-result>\n'; } >"$ways/xml/cdata-across-chunks.xml"
cp fixtures/instruments/truncated.xml fixtures/instruments/malformed.xml "$ways/xml/"
probe='trace-analyze:'
{
    echo "$probe kind=body kind=body view=A view=B"                               # every field twice
    echo "$probe kind=init view=A id=1 id=2 owner=X owner=Y ms=1 ms=2 t=1 t=2"
    echo "$probe kind=init"                                                        # missing view
    echo "$probe view=A"                                                           # missing kind
    echo "$probe"                                                                  # nothing at all
    echo "$probe kind=bodyy view=A"                                                # absurd values
    echo "$probe kind=body view=A ms=1e309 t=-1e309"
    echo "$probe kind=body view=A ms=-5 t=nan"
    echo "$probe kind=body view=A ms=0x1p5 t=inf"
    printf '%s kind=init view=%s\n' "$probe" "$(head -c 1000000 /dev/zero | tr '\0' 'V')"
    echo "$probe kind=body view=\"unterminated"
    echo "$probe kind=body view=\"a\\\"b\" seen=2 identity=old"
    printf '%s kind=body\0 view=A\n' "$probe"
} >"$ways/probe/every-field-repeated-missing-absurd.log"
LC_ALL=C awk -v p="$probe" 'BEGIN { for (i = 0; i < 100000; i++) printf "%s kind=%s view=V%d id=#%d ms=%s\n", p, (i % 3 ? "init" : "bodyy"), i % 7, i, (i % 5 ? "0.1" : "1e999") }' >"$ways/probe/hundred-thousand-mixed.log"
LC_ALL=C awk 'BEGIN { print "struct Deep: View {"; printf "    var body: some View { Text(\"x\")"; for (i = 0; i < 100000; i++) printf ".padding(["; print " }"; print "}" }' >"$ways/swift/Brackets.swift"
LC_ALL=C awk 'BEGIN { printf "struct Long: View { var body: some View { Text(\""; for (i = 0; i < 50000000; i++) printf "x"; print "\") } }" }' >"$ways/swift/LongLine.swift"
printf 'struct Nul: View {\n    var body: some View { Text("a\0b") }\0\n}\n' >"$ways/swift/Nul.swift"
printf '\xef\xbb\xbfstruct Bom: View {\r\n    @State var model = Model()\r\n    var body: some View { Text("x") }\r\n}\r\n' >"$ways/swift/BomCrlf.swift"
printf 'struct Open: View {\n    var body: some View { Text("never closed) }\n}\n' >"$ways/swift/UnterminatedString.swift"
printf 'struct Comment: View {\n    /* never closed\n    var body: some View { Text("x") }\n}\n' >"$ways/swift/UnterminatedComment.swift"
printf 'struct Broken: View {\n    var body: some View {\n        VStack {\n' >"$ways/swift/UnbalancedBraces.swift"
head -c 200000 /dev/urandom >"$ways/swift/Binary.swift"
printf 'struct Caf\xe9: View { var body: some View { Text("caf\xe9") } }\n' >"$ways/swift/Latin1.swift"
for file in "$ways"/xml/* "$ways"/probe/*; do
    name=$(basename "$file")
    case "$file" in */xml/*) category="hostile export" ;; *) category="hostile probe lines" ;; esac
    db="$work/ways-$name.sqlite"
    run ingest fixtures/seeds/001-playbutton-toggle.log --db "$db" >/dev/null 2>&1
    before=$(sql "$db" "SELECT count(*) FROM events WHERE trace_id = 1")
    run ingest "$file" --db "$db" >/dev/null 2>"$work/ways.err"
    status=$?
    after=$(sql "$db" "SELECT count(*) FROM events WHERE trace_id = 1")
    missing=$(( ${before:-0} - ${after:-0} ))
    # A probe log is text: every line is stored, as for any log.
    [ "$category" = "hostile probe lines" ] && missing=$(( missing + $(ingest_loss "$file" "$db" 2) ))
    note "$category: ingest" "$name" "$status" "0 1" "$missing"
    run check "$file" >/dev/null 2>"$work/ways.err"
    status=$?
    lines=$(grep -c . "$work/ways.err")
    # A refusal is one line that says what and where; no stack trace, no page of noise.
    [ "$status" -eq 1 ] && [ "$lines" -gt 3 ] && status=92
    note "$category: check" "$name" "$status" "0 1 2"
done
for file in "$ways"/swift/*; do
    name=$(basename "$file")
    single="$work/swift-$name"
    mkdir -p "$single"
    cp "$file" "$single/"
    before=$(sha256sum "$file" | cut -c1-64)
    run lint "$single" >/dev/null 2>"$work/ways.err"
    note "hostile sources: lint" "$name" "$?" "0 1 2"
    run check fixtures/seeds/001-playbutton-toggle.log --sources "$single" >/dev/null 2>"$work/ways.err"
    note "hostile sources: check --sources" "$name" "$?" "0 1 2"
    # Reading a source never changes it.
    [ "$(sha256sum "$single/$name" | cut -c1-64)" = "$before" ] || note "hostile sources: lint" "$name changed" 1 0
done

echo "fault-injection: hostile configuration ($SECONDS s so far)" >&2
# --- Hostile configuration ------------------------------------------------------------------
seed=fixtures/seeds/004-navigation-eager.log
medium="$work/medium.log"
head -n 20000 "$corpus/many-lines.log" >"$medium"
configs=(
    '{"rules":{"identity_churn":{"min_recreations":1e19}}}'
    '{"rules":{"identity_churn":{"min_recreations":9223372036854775807}}}'
    '{"rules":{"identity_churn":{"min_recreations":1e300}}}'
    '{"rules":{"identity_churn":{"min_recreations":-1e300}}}'
    '{"rules":{"heavy_initializer":{"max_init_ms":1e308}}}'
    '{"rules":{"redundant_instance_creation":{"min_ratio":1e-320}}}'
    '{"rules":{"identity_churn":{"severity":"off"}}}'
    '{"rules":{"identity_churn":{"min_recreations":1000000000}}}'
    '{"disabled_rules":["nope"]}'
    '{"rules":' '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' '{"rules":{"a":{}}}' '{"fail_on":1e400}'
    '{"patterns":[{"name":"p","regex":"^(?<view>(a+)+)$","kind":"init","samples":[{"line":"x","kind":"text"}]}]}'
    '{"patterns":[{"name":"p","regex":"^(?<view>.*.*)X (?<kind>made)$","kinds":{"made":"init"},"samples":[{"line":"FooX made","kind":"init","view":"Foo"}]}]}'
)
deep=$(LC_ALL=C awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{\"a\":"; print "1" }')
configs+=("$deep")
many=$(LC_ALL=C awk 'BEGIN { printf "{\"patterns\":["; for (i = 0; i < 65; i++) printf "%s{\"name\":\"p%d\",\"regex\":\"(?<view>x)\",\"kind\":\"init\",\"samples\":[{\"line\":\"y\",\"kind\":\"text\"}]}", (i ? "," : ""), i; print "]}" }')
configs+=("$many")
index=0
for config in "${configs[@]}"; do
    index=$((index + 1))
    printf '%s' "$config" >"$work/config-$index.json"
    run check "$seed" --config "$work/config-$index.json" >/dev/null 2>&1
    note "hostile configuration" "config $index" "$?" "0 1 2"
    run ingest "$medium" --db "$work/config-$index.sqlite" --config "$work/config-$index.json" 2>/dev/null
    status=$?
    missing=0
    [ "$status" -eq 0 ] && missing=$(ingest_loss "$medium" "$work/config-$index.sqlite")
    note "hostile configuration" "config $index (ingest)" "$status" "0 1" "${missing:-0}"
done

echo "fault-injection: writes and worse ($SECONDS s so far)" >&2
# --- Writes and worse through `query` -------------------------------------------------------
db="$work/query.sqlite"
run ingest "$seed" "$corpus/many-lines.log" --db "$db" 2>/dev/null
sqlite3 "$db" "CREATE VIRTUAL TABLE f USING fts3(x); INSERT INTO f VALUES ('a');
               CREATE VIEW v AS SELECT fts3_tokenizer('simple', x'4141414141414141') AS p;" 2>/dev/null
rows() { sql "$db" "SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM changes) + (SELECT count(*) FROM traces) + (SELECT count(*) FROM stats)"; }
before_rows=$(rows)
before_hash=$(sqlite3 "$db" ".sha3sum")
# Statements that must be refused (exit 1); those after them may run (exit 0) but, like all of
# these, must leave the database exactly as it was (checked by its hash below).
statements=(
    "DROP TABLE events" "DELETE FROM events" "UPDATE events SET view = 'x'" "INSERT INTO stats VALUES (1, 'x', 1)"
    "REPLACE INTO traces (id) VALUES (1)" "INSERT OR REPLACE INTO stats VALUES (1, 'lines', 0)"
    "WITH x AS (SELECT 1) DELETE FROM events" "SELECT 1; DROP TABLE changes" "ATTACH '$work/other.sqlite' AS other"
    "DETACH other" "PRAGMA writable_schema = ON" "PRAGMA user_version = 99" "PRAGMA journal_mode = OFF"
    "PRAGMA journal_mode = WAL" "PRAGMA query_only = 0" "PRAGMA wal_checkpoint" "PRAGMA incremental_vacuum"
    "VACUUM" "VACUUM INTO '$work/copy.sqlite'" "CREATE TABLE t (x)" "CREATE TEMP TABLE t (x)"
    "CREATE INDEX i ON events (view)" "CREATE TRIGGER tr AFTER INSERT ON stats BEGIN DELETE FROM events; END"
    "CREATE VIRTUAL TABLE g USING fts3(x)" "ALTER TABLE events ADD COLUMN x" "ALTER TABLE events RENAME TO e" "REINDEX" "ANALYZE"
    "BEGIN; DELETE FROM events; COMMIT" "DELETE FROM sqlite_schema" "INSERT INTO f VALUES ('b')"
    "SELECT load_extension('$work/none')" "SELECT fts3_tokenizer('simple')" "SELECT hex(fts3_tokenizer('simple'))"
    "SELECT fts3_tokenizer('simple', x'4141414141414141'); SELECT * FROM f WHERE f MATCH 'a'" "SELECT * FROM v"
    "SELECT random()" "SELECT randomblob(1000000000)" "SELECT zeroblob(1000000000)" "SELECT hex(zeroblob(20000000))"
    "SELECT group_concat(message) FROM events, events"
)
harmless=("PRAGMA optimize" "PRAGMA locking_mode = EXCLUSIVE" "SAVEPOINT a" "SELECT printf('%.*c', 2147483647, 'x')" "SELECT * FROM pragma_table_info('events')")
for statement in "${statements[@]}"; do
    run query --db "$db" "$statement" >/dev/null 2>&1
    note "query: writes and unsafe calls" "$statement" "$?" "1"
done
for statement in "${harmless[@]}"; do
    run query --db "$db" "$statement" >/dev/null 2>&1
    note "query: writes and unsafe calls" "$statement" "$?" "0 1"
done
endless="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
run query --db "$db" --timeout 1 "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c" >/dev/null 2>&1
note "query: runaway and cut-off output" "endless count with --timeout" "$?" "1"
run query --db "$db" --format csv --timeout 1 "SELECT zeroblob(30000000)" 2>/dev/null | (sleep 2; cat >/dev/null)
note "query: runaway and cut-off output" "30 MB value, slow reader, --timeout" "${PIPESTATUS[0]}" "1"
for format in table csv json ndjson; do
    run query --db "$db" --format "$format" "$endless" 2>/dev/null | head -1 >/dev/null
    note "query: runaway and cut-off output" "endless query | head ($format)" "${PIPESTATUS[0]}" "141"
    run query --db "$db" --format "$format" "SELECT * FROM events" >/dev/full 2>/dev/null
    note "query: runaway and cut-off output" "query > /dev/full ($format)" "$?" "1"
done
# Started directly, not under `timeout`, so the signal reaches the tool itself.
watchdog() { ( sleep 60; kill -9 "$1" 2>/dev/null ) >/dev/null 2>&1 & dog=$!; }
# Ctrl-C, SIGTERM and SIGHUP each stop an endless query; the tool exits 128 + the signal.
for signal in INT TERM HUP; do
    number=$(kill -l "$signal")
    "$tool" query --db "$db" "$endless" 2>"$work/signal.err" >/dev/null &
    pid=$!
    watchdog "$pid"
    # Wait for the handler (its bit in SigCgt in /proc) rather than a fixed time, where /proc exists.
    for _ in $(seq 1 400); do
        if [ ! -r "/proc/$pid/status" ]; then sleep 1; break; fi
        mask=$(awk '/^SigCgt/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
        if [ -n "$mask" ] && (( (16#$mask & (1 << (number - 1))) != 0 )); then break; fi
        sleep 0.05
    done
    kill -"$signal" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    kill "$dog" 2>/dev/null
    # Killed by the signal, a shell shows the same status: the tool's own message tells the
    # difference between a query it stopped and a process the signal ended.
    grep -q "query interrupted" "$work/signal.err" || status=92
    note "query: runaway and cut-off output" "SIG$signal on an endless query" "$status" "$((128 + number))"
done
after_rows=$(rows)
after_hash=$(sqlite3 "$db" ".sha3sum")
changed=0
[ "$before_hash" = "$after_hash" ] || changed=1
note "query: writes and unsafe calls" "database unchanged afterwards" "$changed" "0" "$((before_rows - after_rows))"
for stray in other.sqlite copy.sqlite; do
    [ -e "$work/$stray" ] && note "query: writes and unsafe calls" "$stray was created" 1 0
done

echo "fault-injection: instrument under faults ($SECONDS s so far)" >&2
# --- instrument under faults: killed, a full disk, write permission gone midway ------------
# Every Swift file must be as it was or exactly as a whole run writes it, never half; a
# `--remove` afterwards gives every original back.
pristine="$work/app-pristine"
mkdir -p "$pristine/Sources/App"
for f in $(seq 1 300); do
    LC_ALL=C awk -v f="$f" 'BEGIN {
        print "import SwiftUI\n"
        for (v = 0; v < 4; v++) {
            printf "struct Screen%d_%d: View {\n    @State private var count = 0\n    let title: String\n\n    var body: some View {\n        VStack {\n            Text(title)\n            Button(\"Add\") { count += 1 }\n        }\n    }\n}\n\n", f, v
        }
        printf "final class Store%d: ObservableObject {\n    @Published var items: [String] = []\n    init() {}\n}\n", f
    }' >"$pristine/Sources/App/File$f.swift"
done
whole="$work/app-whole"
cp -r "$pristine" "$whole"
run instrument "$whole" >/dev/null 2>&1
note "instrument under faults" "a whole run" "$?" "0"
swift_sums() { (cd "$1" && find . -name '*.swift' -type f -exec sha256sum {} + | sort -k2); }
swift_sums "$pristine" >"$work/sums-pristine"
swift_sums "$whole" >"$work/sums-whole"
# Files that are neither as they were nor as a whole run writes them.
half_written() {
    swift_sums "$1" | LC_ALL=C awk 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { n++ } END { print n + 0 }' \
        <(cat "$work/sums-pristine" "$work/sums-whole") -
}
# After --remove: files that differ from the originals.
not_restored() {
    run instrument --remove "$1" >/dev/null 2>&1
    cmp -s <(swift_sums "$1") "$work/sums-pristine" && echo 0 || swift_sums "$1" | LC_ALL=C awk 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { n++ } END { print n + 0 }' "$work/sums-pristine" -
}
for round in $(seq 1 12); do
    signal=$([ $((round % 2)) -eq 0 ] && echo KILL || echo TERM)
    tree="$work/app-signal-$round"
    cp -r "$pristine" "$tree"
    "$tool" instrument "$tree" >/dev/null 2>&1 &
    pid=$!
    # A delay that lands anywhere in the run: before its first write, among its writes, or after.
    sleep "0.$(( (RANDOM % 9) ))$(( RANDOM % 10 ))"
    kill -"$signal" "$pid" 2>/dev/null
    { wait "$pid"; } 2>/dev/null
    status=$?
    half=$(half_written "$tree")
    litter=$(find "$tree" -name '.*.partial-*' | wc -l)
    # SIGKILL gives no chance to tidy: a temporary file may stay beside a whole original.
    [ "$signal" = TERM ] && half=$((half + litter))
    note "instrument under faults" "SIGTERM/SIGKILL mid-run (round $round, $signal)" "$status" "0 1 130 137 143" "$half"
    find "$tree" -name '.*.partial-*' -delete
    note "instrument under faults" "--remove after an interrupted run (round $round)" 0 "0" "$(not_restored "$tree")"
done
if command -v mount >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && mkdir -p "$work/small-disk" && mount -t tmpfs -o size=4m tmpfs "$work/small-disk" 2>/dev/null; then
    cp -r "$pristine/Sources" "$work/small-disk/"
    # Fill all but 40 KB, so the run writes a few files and then finds the disk full.
    head -c $(( $(df -B1 --output=avail "$work/small-disk" | tail -1) - 40960 )) /dev/zero >"$work/small-disk/filler" 2>/dev/null
    run instrument "$work/small-disk" >/dev/null 2>"$work/full.err"
    status=$?
    half=$(half_written "$work/small-disk")
    grep -q "No space left" "$work/full.err" || [ "$status" -eq 0 ] || status=93
    note "instrument under faults" "a full disk midway" "$status" "0 1" "$half"
    rm -f "$work/small-disk/filler"
    note "instrument under faults" "--remove after a full disk" 0 "0" "$(not_restored "$work/small-disk")"
    umount "$work/small-disk"
else
    echo "fault-injection: note: no tmpfs to fill (not root, or mount refused); the full-disk case is skipped" >&2
fi
tree="$work/app-perm"
cp -r "$pristine" "$tree"
"$tool" instrument "$tree" >/dev/null 2>"$work/perm.err" &
pid=$!
sleep 0.1
chmod a-w "$tree"/Sources/App/File2*.swift "$tree/Sources/App"
if [ "$(id -u)" = 0 ]; then chattr +i "$tree"/Sources/App/File29*.swift 2>/dev/null; fi
{ wait "$pid"; } 2>/dev/null
status=$?
chmod u+w "$tree/Sources/App"
if [ "$(id -u)" = 0 ]; then chattr -i "$tree"/Sources/App/File29*.swift 2>/dev/null; fi
note "instrument under faults" "write permission removed midway" "$status" "0 1" "$(half_written "$tree")"
chmod u+w "$tree"/Sources/App/*.swift
note "instrument under faults" "--remove after permission came back" 0 "0" "$(not_restored "$tree")"

echo "fault-injection: faults ($SECONDS s so far)" >&2
# --- Faults: signals, limits, full disks, read-only places, foreign files -------------------
big="$corpus/many-lines.log"
for signal in KILL INT TERM HUP; do
    db="$work/signal-$signal.sqlite"
    fifo="$work/fifo-$signal"
    mkfifo "$fifo"
    "$tool" ingest - --db "$db" <"$fifo" 2>"$work/signal.err" &
    pid=$!
    watchdog "$pid"
    exec 3>"$fifo"
    head -c 3000000 "$big" >&3
    seen=0
    for _ in $(seq 1 300); do
        seen=$(sql "$db" "SELECT count(*) FROM events" || echo 0)
        [ "${seen:-0}" -gt 0 ] && break
        sleep 0.1
    done
    kill -"$signal" "$pid" 2>/dev/null
    { wait "$pid"; } 2>/dev/null
    status=$?
    kill "$dog" 2>/dev/null
    exec 3>&-
    kept=$(sql "$db" "SELECT count(*) FROM events")
    # A handled signal ends the ingest in good order: its format recorded, no -wal/-shm left.
    untidy=0
    if [ "$signal" != KILL ]; then
        # The summary says what was kept; a process the signal simply ended would print none.
        grep -q "interrupted before the input ended" "$work/signal.err" || status=91
        [ "$(sql "$db" "SELECT format IS NOT NULL FROM traces WHERE id = 1")" = 1 ] || untidy=$((untidy + 1))
        if [ -e "$db-wal" ] || [ -e "$db-shm" ]; then untidy=$((untidy + 1)); fi
    fi
    liar=$(sql "$db" "SELECT abs(events - (SELECT count(*) FROM events)) + complete FROM traces WHERE id = 1")
    integrity=$(sql "$db" "PRAGMA integrity_check")
    missing=$(( ${seen:-0} > ${kept:-0} ? ${seen:-0} - ${kept:-0} : 0 ))
    missing=$((missing + ${liar:-1} + untidy))
    [ "$integrity" = "ok" ] || missing=$((missing + 1))
    # What a shell shows for each: the tool handles all but KILL and exits 128 + the signal.
    case $signal in KILL) expected=137 ;; INT) expected=130 ;; TERM) expected=143 ;; HUP) expected=129 ;; esac
    # kill -9 is the one signal death that is expected; report it as the exit it is.
    [ "$signal" = KILL ] && [ "$status" -eq 137 ] && status=0 && expected=0
    note "faults" "SIG$signal during a streaming ingest" "$status" "$expected" "$missing"
done
db="$work/limit.sqlite"
bash -c 'ulimit -f 100; exec "$0" "$@"' "$tool" ingest "$big" --db "$db" >/dev/null 2>"$work/limit.err"
status=$?
grep -q "$db" "$work/limit.err" || status=99
note "faults" "ulimit -f during ingest (error names the file)" "$status" "1"
bash -c 'ulimit -f 100; exec "$0" "$@"' "$tool" query --db "$work/query.sqlite" "SELECT * FROM events" >"$work/limited.txt" 2>/dev/null
note "faults" "ulimit -f on query output" "$?" "1"
for format in text sarif junit json; do
    run check "$seed" --format "$format" >/dev/full 2>/dev/null
    note "faults" "check --format $format > /dev/full" "$?" "1"
done
run check "$seed" --output /dev/full/report.txt >/dev/null 2>&1
note "faults" "--output in a non-directory" "$?" "1"
sqlite3 "$work/app.db" "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann');"
app_before=$(sqlite3 "$work/app.db" ".sha3sum")
run ingest "$seed" --db "$work/app.db" 2>/dev/null
status=$?
[ "$(sqlite3 "$work/app.db" ".sha3sum")" = "$app_before" ] || status=98
note "faults" "ingest into someone else's SQLite file" "$status" "1"
mkdir -p "$work/readonly"
run ingest "$seed" --db "$work/readonly/t.sqlite" 2>/dev/null
chmod 555 "$work/readonly"
as_reader=()
[ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && as_reader=(setpriv --reuid=65534 --regid=65534 --clear-groups)
chmod o+rx "$work"
count=$(timeout 60 "${as_reader[@]}" "$tool" query --db "$work/readonly/t.sqlite" --format csv "SELECT count(*) FROM events" 2>/dev/null | tail -1)
status=$?
[ "$count" = "16" ] || status=97
note "faults" "query in a read-only directory" "$status" "0"
# Every reading command on a database this user can write neither (the file 444, its directory
# 555, as `nobody` under root), never analysed: it works, the file keeps every byte and its
# journal mode, and nothing (-wal, -shm, -journal) appears beside it.
chmod 444 "$work/readonly/t.sqlite"
mkdir -p "$work/out" && chmod 777 "$work/out"
readonly_before=$(sha256sum <"$work/readonly/t.sqlite")
reading=(
    "why|--line|3" "views" "report" "timeline|--trace|1|--output|$work/out/t.html"
    "export|--trace|1|--format|chrome-trace" "export|--format|ndjson|--output|$work/out/ndjson"
    "diff|1|1" "query|SELECT count(*) FROM events" "traces"
)
for entry in "${reading[@]}"; do
    IFS='|' read -r -a arguments <<<"$entry"
    timeout 60 "${as_reader[@]}" "$tool" "${arguments[@]}" --db "$work/readonly/t.sqlite" >/dev/null 2>"$work/readonly.err"
    status=$?
    # A complaint about writing, not the directory's name in a note that quotes the path.
    sed "s|$work/readonly||g" "$work/readonly.err" | grep -qi "readonly\|read-only" && status=95
    [ "$(sha256sum <"$work/readonly/t.sqlite")" = "$readonly_before" ] || status=94
    [ "$(ls -A "$work/readonly")" = "t.sqlite" ] || status=93
    note "read-only database: reading commands" "${arguments[0]} ${arguments[1]:-} on a database it cannot write" "$status" "0 2"
done
chmod 644 "$work/readonly/t.sqlite"
chmod 755 "$work/readonly"
ln -s target.txt "$work/link.txt"
run check "$seed" --output "$work/link.txt" >/dev/null 2>&1
status=$?
{ [ -L "$work/link.txt" ] && [ -s "$work/target.txt" ]; } || status=96
note "faults" "--output onto a symbolic link" "$status" "0"
db="$work/twice.sqlite"
run ingest "$big" --db "$db" 2>/dev/null &
first=$!
run ingest "$big" --db "$db" 2>/dev/null
second=$?
wait "$first"
note "faults" "two ingests into one database" "$?" "0"
lines=$(count_lines "$big")
missing=$(sql "$db" "SELECT abs(2 * $lines - (SELECT count(*) FROM events)) + abs(2 - sum(complete)) FROM traces")
note "faults" "two ingests into one database" "$second" "0" "${missing:-1}"

# --- Output targets: every writing command onto every kind of path, as root and as nobody ----
# A regular file is replaced with its mode kept, a link followed (a dangling one too), /dev/null,
# /dev/stdout, `-`, a FIFO written in place, a directory refused. After each run /dev/null must
# still be a character device; a system file that changed is a wrong exit however the tool ended.
targets="$work/targets"
mkdir -p "$targets" && chmod 777 "$targets" && chmod o+rx "$work"
cp "$seed" "$targets/app.log"
run ingest "$targets/app.log" --db "$targets/t.sqlite" >/dev/null 2>&1
run ingest "$targets/app.log" --db "$targets/t.sqlite" >/dev/null 2>&1
chmod 666 "$targets/t.sqlite"
writers=(
    "check|{log}|--output|{out}" "check|{log}|--write-baseline|{out}" "check|{log}|--timeline|{out}"
    "timeline|{log}|--output|{out}" "export|{log}|--format|chrome-trace|--output|{out}"
    "report|--db|{db}|--output|{out}" "watch|{log}|--no-follow|--output|{out}"
    "diff|1|2|--db|{db}|--output|{out}"
)
users=("root|")
[ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && users+=("nobody|setpriv --reuid=65534 --regid=65534 --clear-groups")
for user in "${users[@]}"; do
    IFS='|' read -r name prefix <<<"$user"
    read -r -a as_user <<<"$prefix"
    for entry in "${writers[@]}"; do
        for kind in file existing link dangling devnull devstdout dash fifo directory; do
            place="$targets/$name-$kind" && rm -rf "$place" && mkdir -p "$place" && chmod 777 "$place"
            expected="0 2" out="$place/out" check_file=""
            case $kind in
                file) check_file=$out ;;
                existing) echo old >"$out" && chmod 640 "$out" && check_file=$out ;;
                link) mkdir -m 777 "$place/to" && echo old >"$place/to/t" && chmod 666 "$place/to/t" && ln -s to/t "$out" && check_file="$place/to/t" ;;
                dangling) mkdir -m 777 "$place/to" && ln -s to/new "$out" && check_file="$place/to/new" ;;
                devnull) out=/dev/null ;;
                devstdout) out=/dev/stdout ;;
                dash) out=- ;;
                fifo) mkfifo -m 666 "$out" && { timeout 60 cat "$out" >"$place/read.txt" & } ;;
                directory) mkdir -m 777 "$out" && expected=1 ;;
            esac
            IFS='|' read -r -a arguments <<<"$entry"
            for i in "${!arguments[@]}"; do
                case ${arguments[$i]} in {out}) arguments[$i]=$out ;; {log}) arguments[$i]=$targets/app.log ;; {db}) arguments[$i]=$targets/t.sqlite ;; esac
            done
            (cd "$place" && timeout "${FAULT_TIMEOUT:-120}" "${as_user[@]}" "$tool" "${arguments[@]}" >"$place/stdout.txt" 2>"$place/stderr.txt")
            status=$?
            # A FIFO the tool never opened: open and close it so its reader ends.
            [ "$kind" = fifo ] && { : 1<>"$out"; wait; } 2>/dev/null
            [ -c /dev/null ] || status=89
            [ -L /dev/stdout ] || status=88
            [ -n "$check_file" ] && { [ -f "$check_file" ] && [ "$(cat "$check_file")" != old ] || status=87; }
            [ "$kind" = existing ] && [ "$(stat -c %a "$out")" != 640 ] && status=86
            { [ "$kind" = link ] || [ "$kind" = dangling ]; } && { [ -L "$out" ] || status=85; }
            [ "$kind" = fifo ] && { [ -p "$out" ] && [ -s "$place/read.txt" ] || status=84; }
            { [ "$kind" = devstdout ] || [ "$kind" = dash ]; } && { [ -s "$place/stdout.txt" ] && [ ! -e "$place/-" ] || status=83; }
            [ "$kind" = directory ] && { grep -q "is a directory" "$place/stderr.txt" || status=82; }
            ls -A "$place" | grep -q partial && status=81
            note "output targets ($name)" "${arguments[0]} onto $kind" "$status" "$expected"
        done
    done
done
# instrument rewrites sources through the same writer: a file keeps its mode, a link is followed
# (its target rewritten, the link kept), a link into a folder the user cannot write is refused by
# name; a dangling link, a FIFO and a link to /dev/null are not sources and are never opened.
view='import SwiftUI
struct Card: View {
    var body: some View {
        Text("card")
    }
}'
for user in "${users[@]}"; do
    IFS='|' read -r name prefix <<<"$user"
    read -r -a as_user <<<"$prefix"
    for kind in existing link dangling devnull fifo locked; do
        [ "$kind" = locked ] && [ "$name" = root ] && continue
        place="$targets/instrument-$name-$kind" && rm -rf "$place" && mkdir -p "$place" && chmod 777 "$place"
        src="$place/Card.swift" check_file="" expected="0"
        case $kind in
            existing) echo "$view" >"$src" && chmod 666 "$src" && check_file=$src ;;
            link) mkdir -m 777 "$place/to" && echo "$view" >"$place/to/Card.swift" && chmod 646 "$place/to/Card.swift" && ln -s to/Card.swift "$src" && check_file="$place/to/Card.swift" ;;
            dangling) ln -s to/Gone.swift "$src" ;;
            devnull) ln -s /dev/null "$src" ;;
            fifo) mkfifo -m 666 "$src" ;;
            locked) mkdir -m 755 "$place/to" && echo "$view" >"$place/to/Card.swift" && chmod 666 "$place/to/Card.swift" && ln -s to/Card.swift "$src" ;;
        esac
        before=$(cd "$place" && find . | sort)
        # The folder, as a user runs it: its Card.swift is whatever the kind made.
        (cd "$place" && timeout "${FAULT_TIMEOUT:-120}" "${as_user[@]}" "$tool" instrument "$place" >"$place/stdout.txt" 2>"$place/stderr.txt")
        status=$?
        [ -c /dev/null ] || status=89
        [ -n "$check_file" ] && { grep -q 'ViewProbe(Card.self)' "$check_file" || status=87; }
        [ "$kind" = existing ] && [ "$(stat -c %a "$src")" != 666 ] && status=86
        [ "$kind" = link ] && { [ -L "$src" ] && [ "$(stat -c %a "$check_file")" = 646 ] || status=85; }
        [ "$kind" = fifo ] && { [ -p "$src" ] && grep -q "is not a regular file" "$place/stderr.txt" || status=84; }
        [ "$kind" = dangling ] && { grep -q "which does not exist" "$place/stderr.txt" && [ ! -e "$place/to" ] || status=83; }
        [ "$kind" = devnull ] && { grep -q "is a link to /dev/null, which is not a regular file" "$place/stderr.txt" || status=82; }
        [ "$kind" = locked ] && { grep -q "is not writable" "$place/stderr.txt" && ! grep -q ViewProbe "$place/to/Card.swift" || status=80; }
        [ "$(cd "$place" && find . -not -name stdout.txt -not -name stderr.txt | sort)" = "$before" ] || status=81
        note "output targets ($name)" "instrument onto $kind" "$status" "$expected"
    done
done
[ -c /dev/null ] || echo "fault-injection: /dev/null is no longer a character device" >&2

echo "fault-injection: done in $SECONDS s" >&2
# --- The table ------------------------------------------------------------------------------
printf '\n%-40s %9s %8s %10s %12s\n' "attack" "attempts" "crashes" "lost rows" "wrong exits"
total_attempts=0 total_crashes=0 total_lost=0 total_wrong=0
for category in "${order[@]}"; do
    printf '%-40s %9d %8d %10d %12d\n' "$category" "${attempts[$category]}" "${crashes[$category]}" "${lost[$category]}" "${wrong[$category]}"
    total_attempts=$((total_attempts + attempts[$category]))
    total_crashes=$((total_crashes + crashes[$category]))
    total_lost=$((total_lost + lost[$category]))
    total_wrong=$((total_wrong + wrong[$category]))
done
printf '%-40s %9d %8d %10d %12d\n' "total" "$total_attempts" "$total_crashes" "$total_lost" "$total_wrong"
if [ -s "$failures" ]; then
    echo
    cat "$failures"
fi
[ "$total_crashes" -eq 0 ] && [ "$total_lost" -eq 0 ] && [ "$total_wrong" -eq 0 ]
