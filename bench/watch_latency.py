#!/usr/bin/env python3
"""Measures how soon `trace-analyze watch` prints a finding after the line that decides it.

Starts `watch - --format json` with its stdin a pipe that stays open. A producer keeps writing
app noise (text lines, 200 a second) and, every half second, one episode whose last line
decides a finding; it notes the time it wrote that line. A reader thread notes when each
episode's finding appears on watch's stdout. Episodes alternate between the two early rules a
user meets first: a screen that appears twice within one lifetime (`repeated_appear`, decided
by the second appear line) and a child re-created in its parent's update (`identity_churn`,
decided by the line that closes the update). Prints the median and worst delay over 20 episodes.

With a noise rate of 0 the producer falls silent after each deciding line: the parser holds a
line back until the next one shows it is not continued, so then the quiet-input flush (a
quarter second) is what the figure measures.

Usage: watch_latency.py [BINARY [NOISE_LINES_PER_SECOND]]   (default .build/release/trace-analyze 200)
"""
import json
import os
import statistics
import subprocess
import sys
import threading
import time

EPISODES = 20
EPISODE_INTERVAL = 0.5

def episode(k):
    """The episode's lines, all but the last written at once; the last one decides the finding."""
    if k % 2 == 0:
        view = f"Screen{k}"
        return view, [f"{view} appear", f"Filler{k}: _tick changed."], f"{view} appear"
    view = f"Child{k}"
    parent = f"Parent{k}"
    return view, [
        f"{parent}: @self, @identity, _show changed.",
        f"{view}: @self, @identity changed.",
        f"{parent}: _show changed.",
        f"{view}: @self, @identity changed.",
    ], f"{parent}: _show changed."

def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/trace-analyze"
    noise_per_second = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    watch = subprocess.Popen([binary, "watch", "-", "--format", "json"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    seen = {}

    def read():
        for raw in watch.stdout:
            record = json.loads(raw)
            if record.get("type") == "finding" and record["view"] not in seen:
                seen[record["view"]] = time.monotonic()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    fd = watch.stdin.fileno()
    decided = {}
    noise = 0
    start = time.monotonic()
    next_episode = start + EPISODE_INTERVAL
    k = 0
    while k < EPISODES or time.monotonic() < next_episode + 1.5:
        now = time.monotonic()
        if k < EPISODES and now >= next_episode:
            view, lines, last = episode(k)
            os.write(fd, ("\n".join(lines) + "\n").encode())
            os.write(fd, (last + "\n").encode())
            decided[view] = time.monotonic()
            k += 1
            next_episode += EPISODE_INTERVAL
        # Noise keeps flowing: the producer keeps writing, as a running app does.
        due = int((time.monotonic() - start) * noise_per_second)
        while noise < due:
            os.write(fd, f"Network request {noise} finished with status 200 in 35 ms\n".encode())
            noise += 1
        time.sleep(0.002)
    watch.stdin.close()
    watch.wait()
    reader.join(timeout=5)
    delays = []
    for view, written in decided.items():
        if view not in seen:
            print(f"{view}: no finding", file=sys.stderr)
            continue
        delays.append(seen[view] - written)
    if not delays:
        sys.exit("no finding was printed")
    print(f"noise {noise_per_second} lines/s, episodes {len(decided)}, findings {len(delays)}")
    print(f"latency median {statistics.median(delays) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms")

if __name__ == "__main__":
    main()
