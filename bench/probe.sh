#!/bin/sh
# The probe's overhead per event, enabled without I/O and disabled (issue 30's targets:
# <= 1 µs and <= 20 ns). Built in release mode; prints figures, asserts nothing.
# Usage: bench/probe.sh [EVENTS]   (default 1000000)
set -e
cd "$(dirname "$0")/.."
swift build -c release --product probe-bench >/dev/null
.build/release/probe-bench "${1:-1000000}"
