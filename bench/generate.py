#!/usr/bin/env python3
"""Writes a realistic mixed SwiftUI console log of N lines to stdout (deterministic).

The mix follows what the seed articles show: _printChanges lines (plain and inside `log stream
--style compact` wrappers), developer lifecycle prints (plain and NSLog-wrapped), a structured
line now and then, and unrelated app noise. One line in a hundred starts a short episode of
the shapes the rules look for (a body loop, a parent update re-running a child by @self, a row
built and thrown away, a coordinator never released), so every rule has work to do.
Usage: generate.py LINES > file.log
"""
import random
import sys

def main():
    total = int(sys.argv[1])
    rng = random.Random(42)
    views = [f"{name}{i}" for i in range(40) for name in ("FeedRow", "DetailView", "Avatar", "Toolbar")]
    views += ["ContentView", "PlayButton", "CountText", "SettingsView", "MyRootView"]
    owners = ["ContentView", "PlayButton", "FeedRow3", "DetailView7"]
    tokens = ["@self", "@identity", "_count", "_isPlaying", "@dependencies", "_model", "@16", "__value"]
    noise = [
        "Network request finished with status 200 in 35 ms",
        "CoreData: annotation: fault fulfilled from database for 0x8f2c1 in 0.0004s",
        "[Analytics] event=screen_view name=feed",
        "Warning: attempt to present on which is already presenting",
        "objc[1234]: Class AXNotificationObserver is implemented in both places",
    ]
    episodes = [
        # an update loop: one view's body over and over, nothing between
        lambda k: ["TemperatureView: _reading changed."] * 12,
        # a parent update whose child re-runs by @self alone, whatever changed
        lambda k: [f"ContentView: {rng.choice(['_count', '_title', '_filter'])} changed.", "PlayButton: @self changed."],
        # a row type built and thrown away: inits without bodies
        lambda k: [f"BadgeRow{k % 3} init"] * 6 + [f"BadgeRow{k % 3}: @self changed."],
        # an object made in a view's init and never released
        lambda k: [f"ImageLoader{k % 5} init", f"DetailView{k % 40} init"],
    ]
    out = sys.stdout
    seconds = 1_700_000_000.0
    write = out.write
    pending = []
    for n in range(total):
        seconds += rng.random() * 0.004
        view = rng.choice(views)
        roll = rng.random()
        if not pending and rng.random() < 0.01:
            pending = rng.choice(episodes)(n)
        if pending:
            message = pending.pop(0)
        elif roll < 0.30:
            picked = rng.sample(tokens, rng.randint(1, 3))
            message = f"{view}: {', '.join(picked)} changed."
        elif roll < 0.36:
            message = f"{view}: unchanged."
        elif roll < 0.48:
            message = f"{view} init"
        elif roll < 0.54:
            message = f"{view} deinit"
        elif roll < 0.62:
            message = f"{view} appear"
        elif roll < 0.66:
            message = f"{view} disappear"
        elif roll < 0.70:
            message = f"{rng.choice(owners)} DataModel init"
        elif roll < 0.72:
            message = f"trace-analyze: kind=init view={view} id={n} ms={rng.random() * 3:.2f}"
        else:
            message = rng.choice(noise)
        style = rng.random()
        if style < 0.45:
            write(message + "\n")
        elif style < 0.75:
            whole = int(seconds)
            micro = int((seconds - whole) * 1_000_000)
            write(f"2023-11-14 22:13:{whole % 60:02d}.{micro:06d}+0100 MyApp[4242:{1000 + n % 7}] {message}\n")
        else:
            whole = int(seconds)
            milli = int((seconds - whole) * 1000)
            write(f"2023-11-14 22:13:{whole % 60:02d}.{milli:03d} I  MyApp[4242:9875ec] [com.apple.SwiftUI:Changed Body Properties] {message}\n")

if __name__ == "__main__":
    main()
