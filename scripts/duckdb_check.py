"""Reads a trace-analyze export back with DuckDB and pyarrow and compares every answer with
`trace-analyze query` on the SQLite file the export came from. Used by scripts/duckdb-check.sh.

Usage: duckdb_check.py BINARY DB PARQUET_DIR NDJSON_DIR
Prints a table of checks; exits 1 on any mismatch.
"""
import csv
import io
import re
import subprocess
import sys

import duckdb
import pyarrow.parquet as pq

TABLES = ["traces", "events", "changes", "findings", "view_summary", "tags"]
ARROW_TYPES = {"INTEGER": "int64", "REAL": "double", "TEXT": "string"}

binary, db, parquet_dir, ndjson_dir = sys.argv[1:5]
checks = []


def query(sql):
    """Rows of `trace-analyze query --format csv`, as tuples of text ('' for NULL)."""
    out = subprocess.run([binary, "query", "--db", db, "--format", "csv", sql], check=True, capture_output=True, text=True).stdout
    rows = list(csv.reader(io.StringIO(out)))
    return [tuple(row) for row in rows[1:]]


def duck(sql):
    """DuckDB's rows, as text the way the csv output writes them."""
    def text(value):
        if value is None:
            return ""
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)
    return [tuple(text(v) for v in row) for row in duckdb.sql(sql).fetchall()]


def check(name, expected, actual, shown=None):
    ok = expected == actual
    if shown:
        pass
    elif isinstance(expected, list) and len(expected) == 1 and len(expected[0]) == 1:
        shown = f"count {expected[0][0]}"
    elif isinstance(expected, list):
        shown = f"{len(expected)} rows"
    else:
        shown = ""
    checks.append((name, ok, shown))
    if not ok:
        print(f"MISMATCH {name}\n  trace-analyze query: {expected[:10] if isinstance(expected, list) else expected}\n  engine:              {actual[:10] if isinstance(actual, list) else actual}", file=sys.stderr)


def pq_file(table):
    return f"read_parquet('{parquet_dir}/{table}.parquet')"


def nd_file(table, columns):
    # The column types come from schema.json's names via the schema text: an empty file has none to infer.
    spec = ", ".join(f"'{name}': '{ {'INTEGER': 'BIGINT', 'REAL': 'DOUBLE', 'TEXT': 'VARCHAR'}[kind] }'" for name, kind, _ in columns)
    return f"read_json('{ndjson_dir}/{table}.ndjson', format='newline_delimited', columns={{{spec}}})"


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

# 2. Row counts per table, in Parquet (DuckDB) and NDJSON (DuckDB), against the SQLite file.
for table in TABLES:
    expected = query(f"SELECT count(*) FROM {table}")
    check(f"rows {table} (parquet)", expected, duck(f"SELECT count(*) FROM {pq_file(table)}"))
    check(f"rows {table} (ndjson)", expected, duck(f"SELECT count(*) FROM {nd_file(table, documented[table])}"))

# 3. Per-view counts: DuckDB recomputes them from the exported events and changes.
expected = query("SELECT trace_id, view, inits, deinits, bodies, self_changes, identity_changes, appears, disappears FROM view_summary ORDER BY trace_id, view")
check("per-view counts (view_summary.parquet)", expected, duck(f"SELECT trace_id, view, inits, deinits, bodies, self_changes, identity_changes, appears, disappears FROM {pq_file('view_summary')} ORDER BY trace_id, view"))
recomputed = f"""
SELECT e.trace_id, e.view,
       count(*) FILTER (WHERE e.kind = 'init'), count(*) FILTER (WHERE e.kind = 'deinit'),
       count(*) FILTER (WHERE e.kind = 'body'),
       coalesce(sum(c.is_self), 0), coalesce(sum(c.is_identity), 0),
       count(*) FILTER (WHERE e.kind = 'appear'), count(*) FILTER (WHERE e.kind = 'disappear')
FROM {pq_file('events')} AS e
LEFT JOIN (SELECT event_id, max(CASE WHEN token = '@self' THEN 1 ELSE 0 END) AS is_self,
                  max(CASE WHEN token = '@identity' THEN 1 ELSE 0 END) AS is_identity
           FROM {pq_file('changes')} GROUP BY event_id) AS c ON c.event_id = e.id
WHERE e.view IS NOT NULL
GROUP BY e.trace_id, e.view ORDER BY e.trace_id, e.view"""
check("per-view counts (recomputed from events.parquet)", expected, duck(recomputed))

# 4. Findings per rule.
expected = query("SELECT rule, severity, count(*), sum(count) FROM findings GROUP BY rule, severity ORDER BY rule, severity")
check("findings per rule (parquet)", expected, duck(f"SELECT rule, severity, count(*), sum(count) FROM {pq_file('findings')} GROUP BY rule, severity ORDER BY rule, severity"))
check("findings per rule (ndjson)", expected, duck(f"SELECT rule, severity, count(*), sum(count) FROM {nd_file('findings', documented['findings'])} GROUP BY rule, severity ORDER BY rule, severity"))

# 5. The trend across runs: per-view init counts per commit.
trend = """SELECT t.value AS commit_id, v.view, sum(v.inits) AS inits, sum(v.bodies) AS bodies
FROM {view_summary} AS v JOIN {tags} AS t ON t.trace_id = v.trace_id AND t.key = 'commit'
GROUP BY t.value, v.view ORDER BY t.value, v.view"""
expected = query(trend.format(view_summary="view_summary", tags="tags"))
check("trend: inits per view per commit (parquet)", expected, duck(trend.format(view_summary=pq_file("view_summary"), tags=pq_file("tags"))))
check("trend: inits per view per commit (ndjson)", expected, duck(trend.format(
    view_summary=nd_file("view_summary", documented["view_summary"]), tags=nd_file("tags", documented["tags"]))))

# 6. Stable order: ids ascend in every file that has one.
for table, key in [("traces", "id"), ("events", "id"), ("findings", "id")]:
    ids = pq.read_table(f"{parquet_dir}/{table}.parquet", columns=[key]).column(key).to_pylist()
    check(f"order by {key} {table}", True, ids == sorted(ids), f"{len(ids)} ids ascending")

width = max(len(name) for name, _, _ in checks)
print(f"{'check'.ljust(width)}  result  answer (both sides)")
for name, ok, shown in checks:
    print(f"{name.ljust(width)}  {'ok' if ok else 'FAIL':6}  {shown}".rstrip())
failed = [name for name, ok, _ in checks if not ok]
print(f"{len(checks) - len(failed)} of {len(checks)} checks passed")
sys.exit(1 if failed else 0)
