"""The analytical engines scripts/duckdb_check.py asks: DuckDB and ClickHouse's embedded engine
(chdb), each reading the export's Parquet and NDJSON files in place.

Each engine names a file in its own table function and returns rows as text, the way
`trace-analyze query --format csv` writes them ('' for NULL, whole floats without '.0'), so the
answers compare with the SQLite file's as they are. The questions themselves are plain SQL that
both dialects accept; only the table functions differ.
"""
import csv
import io

SQL_TYPES = {
    "duckdb": {"INTEGER": "BIGINT", "REAL": "DOUBLE", "TEXT": "VARCHAR"},
    "clickhouse": {"INTEGER": "Nullable(Int64)", "REAL": "Nullable(Float64)", "TEXT": "Nullable(String)"},
}


def text(value):
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class DuckDB:
    name = "duckdb"

    def __init__(self):
        import duckdb
        self.duckdb = duckdb
        self.version = f"DuckDB {duckdb.__version__}"

    def parquet(self, path):
        return f"read_parquet('{path}')"

    def ndjson(self, path, columns):
        # Typed from the documented schema: an empty file has no rows to infer types from.
        spec = ", ".join(f"'{name}': '{SQL_TYPES['duckdb'][kind]}'" for name, kind, _ in columns)
        return f"read_json('{path}', format='newline_delimited', columns={{{spec}}})"

    def rows(self, sql):
        return [tuple(text(v) for v in row) for row in self.duckdb.sql(sql).fetchall()]


class ClickHouse:
    """ClickHouse in process: chdb runs clickhouse-local's engine inside Python, no server."""
    name = "clickhouse"

    def __init__(self):
        import chdb
        self.chdb = chdb
        self.version = f"ClickHouse {self.rows('SELECT version()')[0][0]} (chdb {chdb.__version__})"

    def parquet(self, path):
        return f"file('{path}', Parquet)"

    def ndjson(self, path, columns):
        # A structure, as for DuckDB: ClickHouse cannot infer one from an empty file.
        structure = ", ".join(f"{name} {SQL_TYPES['clickhouse'][kind]}" for name, kind, _ in columns)
        return f"file('{path}', JSONEachRow, '{structure}')"

    def rows(self, sql):
        result = self.chdb.query(sql, "CSV")
        out = result.data() if hasattr(result, "data") else str(result)
        # CSV writes NULL as \N; floats that are whole come back as '3', as SQLite's csv has them.
        return [tuple("" if v == "\\N" else text(float(v)) if _is_float(v) else v for v in row)
                for row in csv.reader(io.StringIO(out))]


def _is_float(value):
    if "." not in value and "e" not in value:
        return False
    try:
        float(value)
        return True
    except ValueError:
        return False


def available():
    """The engines that import here, and a note for each that does not."""
    engines, missing = [], []
    for engine in (DuckDB, ClickHouse):
        try:
            engines.append(engine())
        except ImportError as error:
            missing.append(f"{engine.name}: {error}")
    return engines, missing
