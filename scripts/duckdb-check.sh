#!/usr/bin/env bash
# Proof that real engines read what `trace-analyze export` writes: two fixture runs tagged with
# different commits (or, with --large N, also a generated N-line trace) are exported as Parquet
# and NDJSON, then pyarrow, DuckDB and ClickHouse's embedded engine (chdb) read the files and
# every answer is compared with `trace-analyze query` on the SQLite file
# (scripts/duckdb_check.py prints the table of checks, one column per engine).
#
# Usage: scripts/duckdb-check.sh [--large LINES]
# Env:   TRACE_ANALYZE  the binary (default: .build/release/trace-analyze if built, else .build/debug/...)
# Exit:  0 all checks passed, 1 a mismatch, 3 skipped (duckdb/pyarrow cannot be installed), or
#        the other engines agreed but chdb could not be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

large=""
if [ "${1:-}" = "--large" ]; then large="${2:?--large needs a line count}"; fi

binary="${TRACE_ANALYZE:-}"
if [ -z "$binary" ]; then
    if [ -x .build/release/trace-analyze ]; then binary=.build/release/trace-analyze
    else swift build >/dev/null && binary=.build/debug/trace-analyze; fi
fi

# duckdb, pyarrow and chdb from PyPI, in a virtual environment of our own (Debian's python
# refuses a system-wide pip install); already importable ones are used as they are. chdb is
# installed apart: without it (no wheel for this platform) DuckDB's answers are still checked.
python=python3
if ! python3 -c 'import duckdb, pyarrow, chdb' 2>/dev/null; then
    venv=.build/duckdb-check-venv
    if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import duckdb, pyarrow' 2>/dev/null; then
        if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check duckdb pyarrow; } >"$venv.log" 2>&1; then
            echo "duckdb-check: skipped: cannot install duckdb and pyarrow from PyPI (see $venv.log);" >&2
            echo "  on Debian: apt-get install python3-venv python3-pip, then run this script again" >&2
            exit 3
        fi
    fi
    if ! "$venv/bin/python" -c 'import chdb' 2>/dev/null; then
        "$venv/bin/pip" install --quiet --disable-pip-version-check chdb >>"$venv.log" 2>&1 \
            || echo "duckdb-check: cannot install chdb from PyPI (see $venv.log); ClickHouse is left out" >&2
    fi
    python="$venv/bin/python"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/runs.sqlite"

# Two UI-test runs per commit: commit aaa before the fixes (eager navigation, a button that
# resets twice), commit bbb after them. check exits 2 when a finding reaches the fail level.
run() { "$binary" check "$1" --db "$db" --tag "commit=$2" --tag branch=main --format summary >/dev/null || [ $? -eq 2 ]; }
run fixtures/seeds/004-navigation-eager.log aaa
run fixtures/seeds/001-playbutton-toggle-twice.log aaa
run fixtures/seeds/004-navigation-lazyview.log bbb
run fixtures/seeds/001-playbutton-toggle.log bbb
# MetricKit payloads from the field: the per-version hitch and hang answers.
"$binary" ingest fixtures/metrickit/synthetic-fleet.ndjson --db "$db" --quiet
if [ -n "$large" ]; then
    python3 bench/generate.py "$large" >"$work/large.log"
    run "$work/large.log" ccc
    rm "$work/large.log"
fi

"$binary" export --db "$db" --format parquet --output "$work/parquet" 2>/dev/null
"$binary" export --db "$db" --format ndjson --output "$work/ndjson" 2>/dev/null
"$python" scripts/duckdb_check.py "$binary" "$db" "$work/parquet" "$work/ndjson"
