#!/usr/bin/env python3
"""Writes N lines of one kind of SwiftUI print to stdout, for comparing how fast each is read.

    bench/generate_inputs.py probe N           # TraceProbe's structured lines
    bench/generate_inputs.py print-changes N   # Self._printChanges() lines

Both cycle through the same 500 views in the same order of kinds; the probe lines carry what
TraceProbe writes (type, instance, clock, durations), the _printChanges lines what SwiftUI
prints (the view and the changed properties). Deterministic: the same N gives the same file.
"""
import sys

KINDS = ("init", "body", "appear", "body", "disappear", "deinit")

def probe(n, out):
    t = 1000.0
    for i in range(n):
        view, kind = i % 500, KINDS[i % 6]
        t += 0.0001
        ms = " ms=0.%03d" % (i % 1000) if kind in ("init", "body") else ""
        out.write(f"trace-analyze: kind={kind} view=Row{view} type=App.Row{view} id=#{i // 6} t={t:.9f}{ms}\n")

def print_changes(n, out):
    for i in range(n):
        view = i % 500
        changed = "@self, @identity, _isOn" if i % 3 == 0 else "@self, _count"
        out.write(f"Row{view}: {changed} changed.\n")

def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("probe", "print-changes") or not sys.argv[2].isdigit():
        print(__doc__.strip(), file=sys.stderr)
        return 2
    (probe if sys.argv[1] == "probe" else print_changes)(int(sys.argv[2]), sys.stdout)
    return 0

if __name__ == "__main__":
    sys.exit(main())
