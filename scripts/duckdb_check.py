"""Reads a trace-analyze export back with pyarrow, DuckDB and ClickHouse (chdb) and compares
every answer with `trace-analyze query` on the SQLite file the export came from. Used by
scripts/duckdb-check.sh.

Usage: duckdb_check.py BINARY DB PARQUET_DIR NDJSON_DIR
Prints a table of checks: the SQLite file's answer, then each reader's; exits 1 on any mismatch, 3 when an engine is
missing (chdb not installed) and the others agreed.
"""
import csv
import hashlib
import io
import re
import subprocess
import sys

import pyarrow.parquet as pq

from export_engines import available

TABLES = ["traces", "events", "changes", "findings", "view_summary", "tags", "metrickit_payloads", "metrickit_histogram_buckets", "metrickit_hangs"]
ARROW_TYPES = {"INTEGER": "int64", "REAL": "double", "TEXT": "string"}

binary, db, parquet_dir, ndjson_dir = sys.argv[1:5]
engines, missing = available()
SIDES = ["pyarrow"] + [engine.name for engine in engines]
# (name, the SQLite file's answer, {side: (ok, its answer)}): one row of the table.
checks = []


def query(sql):
    """Rows of `trace-analyze query --format csv`, as tuples of text ('' for NULL)."""
    out = subprocess.run([binary, "query", "--db", db, "--format", "csv", sql], check=True, capture_output=True, text=True).stdout
    rows = list(csv.reader(io.StringIO(out)))
    return [tuple(row) for row in rows[1:]]


def summary(answer):
    """An answer in a few characters: `count 48`, or `18 rows #1a2b3c` (a digest of the rows,
    so equal digests in two columns are equal answers)."""
    if isinstance(answer, list) and len(answer) == 1 and len(answer[0]) == 1:
        return f"count {answer[0][0]}"
    if isinstance(answer, list):
        return f"{len(answer)} rows #{hashlib.sha1(repr(answer).encode()).hexdigest()[:6]}"
    return str(answer)[:40]


def mismatch(name, side, expected, actual):
    print(f"MISMATCH {name} ({side})\n  trace-analyze query: {expected[:10] if isinstance(expected, list) else expected}\n"
          f"  {side + ':':20} {actual[:10] if isinstance(actual, list) else actual}", file=sys.stderr)


def check(name, expected, actual, shown=None):
    """A pyarrow check: one answer against the SQLite file's; `shown` says it in words."""
    ok = expected == actual
    if not ok:
        mismatch(name, "pyarrow", expected, actual)
    shown = shown if shown is not None else summary(expected)
    checks.append((name, shown, {"pyarrow": (ok, shown if ok else "FAIL")}))


def fact(name, expected, sql):
    """An engine fact: `sql(engine)` asked of every engine, each answer against the SQLite file's."""
    answers = {}
    for engine in engines:
        try:
            actual = engine.rows(sql(engine))
        except Exception as error:  # an engine that cannot read a file fails the fact, and says why
            actual = f"error: {error}"
        ok = expected == actual
        if not ok:
            mismatch(name, engine.name, expected, actual)
        answers[engine.name] = (ok, summary(actual) if ok else "FAIL " + summary(actual))
    checks.append((name, summary(expected), answers))


def pq_file(table):
    return lambda engine: engine.parquet(f"{parquet_dir}/{table}.parquet")


def nd_file(table):
    return lambda engine: engine.ndjson(f"{ndjson_dir}/{table}.ndjson", documented[table])


# The documented schema: `trace-analyze schema` lists every column with its type.
schema_text = subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout
version = int(re.search(r"schema version (\d+)", schema_text).group(1))
documented, current = {}, None
for line in schema_text.splitlines():
    header = re.match(r"^(\w+): ", line)
    if header:
        current = header.group(1)
        documented[current] = []
        continue
    column = re.match(r"^  (\w+)\s+(INTEGER|REAL|TEXT)\s", line)
    if column and current:
        documented[current].append([column.group(1), column.group(2), True])
# A view has no constraints of its own: events (a view since schema version 6) has those of
# event_rows, the table behind it, as export gives it.
STORAGE = {"events": ["event_rows"]}
for table in TABLES:
    required = set()
    for source in [table] + STORAGE.get(table, []):
        required |= {name for name, notnull, pk in query(f"SELECT name, \"notnull\", pk FROM pragma_table_info('{source}')") if notnull == "1" or pk != "0"}
    for column in documented[table]:
        column[2] = column[0] not in required

# 1. Every file opens in pyarrow with the documented columns, types, nullability and version.
for table in TABLES:
    path = f"{parquet_dir}/{table}.parquet"
    parquet = pq.read_table(path)
    actual = [(f.name, str(f.type), f.nullable) for f in parquet.schema]
    expected = [(name, ARROW_TYPES[kind], nullable) for name, kind, nullable in documented[table]]
    check(f"pyarrow schema {table}", expected, actual, f"{len(expected)} columns")
    metadata = pq.read_metadata(path).metadata or {}
    check(f"pyarrow schema_version {table}", str(version), metadata.get(b"trace_analyze.schema_version", b"").decode(), f"version {version}")

# 2. Row counts per table, in Parquet and NDJSON, by every engine, against the SQLite file.
for table in TABLES:
    expected = query(f"SELECT count(*) FROM {table}")
    fact(f"rows {table} (parquet)", expected, lambda e, t=table: f"SELECT count(*) FROM {pq_file(t)(e)}")
    fact(f"rows {table} (ndjson)", expected, lambda e, t=table: f"SELECT count(*) FROM {nd_file(t)(e)}")

# 3. Per-view counts: read from view_summary, and recomputed by each engine from the exported
# events and changes.
expected = query("SELECT trace_id, view, inits, deinits, bodies, self_changes, identity_changes, appears, disappears FROM view_summary ORDER BY trace_id, view")
fact("per-view counts (view_summary.parquet)", expected, lambda e: f"SELECT trace_id, view, inits, deinits, bodies, self_changes, identity_changes, appears, disappears FROM {pq_file('view_summary')(e)} ORDER BY trace_id, view")
recomputed = """
SELECT e.trace_id, e.view,
       count(*) FILTER (WHERE e.kind = 'init'), count(*) FILTER (WHERE e.kind = 'deinit'),
       count(*) FILTER (WHERE e.kind = 'body'),
       coalesce(sum(c.is_self), 0), coalesce(sum(c.is_identity), 0),
       count(*) FILTER (WHERE e.kind = 'appear'), count(*) FILTER (WHERE e.kind = 'disappear')
FROM {events} AS e
LEFT JOIN (SELECT event_id, max(CASE WHEN token = '@self' THEN 1 ELSE 0 END) AS is_self,
                  max(CASE WHEN token = '@identity' THEN 1 ELSE 0 END) AS is_identity
           FROM {changes} GROUP BY event_id) AS c ON c.event_id = e.id
WHERE e.view IS NOT NULL
GROUP BY e.trace_id, e.view ORDER BY e.trace_id, e.view"""
fact("per-view counts (recomputed from events.parquet)", expected,
     lambda e: recomputed.format(events=pq_file("events")(e), changes=pq_file("changes")(e)))

# 4. Findings per rule.
expected = query("SELECT rule, severity, count(*), sum(count) FROM findings GROUP BY rule, severity ORDER BY rule, severity")
per_rule = "SELECT rule, severity, count(*), sum(count) FROM {findings} GROUP BY rule, severity ORDER BY rule, severity"
fact("findings per rule (parquet)", expected, lambda e: per_rule.format(findings=pq_file("findings")(e)))
fact("findings per rule (ndjson)", expected, lambda e: per_rule.format(findings=nd_file("findings")(e)))

# 5. The trend across runs: per-view init counts per commit.
trend = """SELECT t.value AS commit_id, v.view, sum(v.inits) AS inits, sum(v.bodies) AS bodies
FROM {view_summary} AS v JOIN {tags} AS t ON t.trace_id = v.trace_id AND t.key = 'commit'
GROUP BY t.value, v.view ORDER BY t.value, v.view"""
expected = query(trend.format(view_summary="view_summary", tags="tags"))
fact("trend: inits per view per commit (parquet)", expected,
     lambda e: trend.format(view_summary=pq_file("view_summary")(e), tags=pq_file("tags")(e)))
fact("trend: inits per view per commit (ndjson)", expected,
     lambda e: trend.format(view_summary=nd_file("view_summary")(e), tags=nd_file("tags")(e)))

# 5b. MetricKit, per app version: which version regressed the hitch rate, and its hang-time
# histogram, as the README's scale section asks it. Grouped by build: chdb's reader hands a
# version string such as '1.0' back as the number 1, which no longer equals SQLite's '1.0'; and
# bucket starts as integers, since SQLite's csv writes a whole REAL as 0.0 and the engines as 0.
hitch = """SELECT app_build_version, count(*), round(avg(scroll_hitch_ms_per_s), 3) FROM {payloads}
WHERE scroll_hitch_ms_per_s IS NOT NULL GROUP BY app_build_version ORDER BY app_build_version"""
hangs = """SELECT p.app_build_version, CAST(b.start_ms AS INTEGER) AS start, sum(b.count) FROM {buckets} AS b
JOIN {payloads} AS p ON p.id = b.payload_id WHERE b.histogram = 'hang_time'
GROUP BY p.app_build_version, start ORDER BY p.app_build_version, start"""
for name, sql in [("hitch ratio per app version", hitch), ("hang-time buckets per app version", hangs)]:
    expected = query(sql.format(payloads="metrickit_payloads", buckets="metrickit_histogram_buckets"))
    for kind, file in [("parquet", pq_file), ("ndjson", nd_file)]:
        fact(f"{name} ({kind})", expected,
             lambda e, sql=sql, file=file: sql.format(payloads=file("metrickit_payloads")(e), buckets=file("metrickit_histogram_buckets")(e)))

# 6. Stable order: ids ascend in every file that has one.
for table, key in [("traces", "id"), ("events", "id"), ("findings", "id")]:
    ids = pq.read_table(f"{parquet_dir}/{table}.parquet", columns=[key]).column(key).to_pylist()
    check(f"order by {key} {table}", True, ids == sorted(ids), f"{len(ids)} ids ascending")

width = max(len(name) for name, _, _ in checks)
cell = max([len("trace-analyze query")] + [len(answer) for _, expected, answers in checks for _, answer in answers.values()]
           + [len(expected) for _, expected, _ in checks]) + 2
print(f"{'check'.ljust(width)}  " + "".join(side.ljust(cell) for side in ["trace-analyze query"] + SIDES).rstrip())
for name, expected, answers in checks:
    cells = [expected] + [answers[side][1] if side in answers else "-" for side in SIDES]
    print(f"{name.ljust(width)}  " + "".join(c.ljust(cell) for c in cells).rstrip())
total = sum(len(answers) for _, _, answers in checks)
failed = sum(1 for _, _, answers in checks for ok, _ in answers.values() if not ok)
print(f"{total - failed} of {total} checks passed; engines: " + ", ".join(engine.version for engine in engines))
for note in missing:
    print(f"skipped {note}", file=sys.stderr)
sys.exit(1 if failed else 3 if missing else 0)
