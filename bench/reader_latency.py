#!/usr/bin/env python3
"""Measures how soon a reader sees events that a live, piped ingest has received.

Starts `trace-analyze ingest -` with its stdin a pipe that stays open, writes a burst of lines
every half second, and after each burst polls `trace-analyze query` until the new events are
visible. Prints the worst and median delay. Usage: reader_latency.py BINARY WORKDIR
"""
import os
import statistics
import subprocess
import sys
import time

def count(binary, db):
    out = subprocess.run([binary, "query", "--db", db, "--format", "csv", "SELECT count(*) FROM events"],
                         capture_output=True, text=True)
    lines = out.stdout.strip().splitlines()
    return int(lines[-1]) if out.returncode == 0 and len(lines) > 1 else 0

def main():
    binary, workdir = sys.argv[1], sys.argv[2]
    db = os.path.join(workdir, "latency.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    ingest = subprocess.Popen([binary, "ingest", "-", "--db", db], stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    delays = []
    sent = 0
    for burst in range(10):
        lines = "".join(f"Row{burst}_{i}: @self changed.\n" for i in range(1000))
        ingest.stdin.write(lines.encode())
        ingest.stdin.flush()
        sent += 1000
        started = time.monotonic()
        while count(binary, db) < sent:
            if time.monotonic() - started > 10:
                break
            time.sleep(0.02)
        delays.append(time.monotonic() - started)
        time.sleep(0.5)
    ingest.stdin.close()
    ingest.wait()
    print(f"{max(delays):.2f} {statistics.median(delays):.2f}")

if __name__ == "__main__":
    main()
