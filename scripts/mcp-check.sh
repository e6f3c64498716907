#!/usr/bin/env bash
# `trace-analyze mcp` driven by the reference Python MCP client (the `mcp` package from PyPI):
# one session that lists the tools and resources and calls each tool, the error paths, a
# malformed request, a cancelled call, and a LINES-line log (default 1,000,000) whose peak
# memory is compared with a 10,000-line one's (scripts/mcp_check.py prints a line per check).
#
# Usage: scripts/mcp-check.sh [--lines N]
# Env:   TRACE_ANALYZE  the binary (default: .build/debug/trace-analyze, built if missing)
# Exit:  0 all checks passed, 1 a check failed, 3 skipped: the `mcp` package cannot be installed
#        (in CI, where CI=true, that is a failure too).
set -euo pipefail
cd "$(dirname "$0")/.."

lines=1000000
if [ "${1:-}" = "--lines" ]; then lines="${2:?--lines needs a line count}"; fi

binary="${TRACE_ANALYZE:-.build/debug/trace-analyze}"
[ -x "$binary" ] || swift build >/dev/null

# The client from PyPI, pinned, in a virtual environment of our own (Debian's python refuses a
# system-wide pip install); the SDK's revision is part of what CI proves.
venv=.build/mcp-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import mcp' 2>/dev/null; then
    if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check 'mcp==2.3.0'; } >"$venv.log" 2>&1; then
        echo "mcp-check: cannot install the mcp package from PyPI (see $venv.log)" >&2
        if [ "${CI:-}" = "true" ]; then exit 1; fi
        exit 3
    fi
fi
exec "$venv/bin/python" scripts/mcp_check.py "$binary" --lines "$lines"
