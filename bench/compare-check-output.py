#!/usr/bin/env python3
"""Compares everything two trace-analyze binaries print for `check`, byte for byte.

    bench/compare-check-output.py BASE_BINARY NEW_BINARY [DIR...]

Runs `check --format F --fail-on never --allow-empty` with both binaries for every report
format on every `.log`, `.ndjson`, `.json`, `.xml` and `.txt` input under the given directories
(default: fixtures/), and once more with `--sources` for every seed that has a sources folder
(fixtures/sources/<seed prefix>). Stdout, stderr and the exit code must be the same; prints one
line per run that differs and a summary line, and exits 1 when any run differs. Use it for a
change that must not change what `check` reports (how events are stored, how fast it runs);
`compare-rule-findings.py` compares the findings alone.
"""
import os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

FORMATS = ["text", "json", "sarif", "junit", "github-actions-logging", "xcode", "markdown",
           "summary", "csv", "checkstyle", "codeclimate", "sonarqube", "html"]

def inputs(directories):
    for directory in directories:
        for root, _, files in os.walk(directory):
            for name in sorted(files):
                if name.endswith((".log", ".ndjson", ".json", ".xml", ".txt")):
                    yield os.path.join(root, name)

def run(binary, arguments):
    result = subprocess.run([binary, "check", *arguments], capture_output=True, timeout=120,
                            env={**os.environ, "NO_COLOR": "1"})
    return result.returncode, result.stdout, result.stderr

def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    base, new = sys.argv[1], sys.argv[2]
    directories = sys.argv[3:] or ["fixtures"]
    runs = []
    for path in inputs(directories):
        for format in FORMATS:
            runs.append([path, "--format", format, "--fail-on", "never", "--allow-empty"])
        seed = os.path.basename(path).split("-")[0]
        sources = os.path.join("fixtures", "sources", seed)
        if path.startswith("fixtures/seeds/") and os.path.isdir(sources):
            for format in ("text", "json", "sarif"):
                runs.append([path, "--sources", sources, "--format", format, "--fail-on", "never", "--allow-empty"])
    def compare(arguments):
        return arguments, run(base, arguments) == run(new, arguments)
    differ = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for arguments, same in pool.map(compare, runs):
            if not same:
                differ += 1
                print("differs: check " + " ".join(arguments))
    print(f"{len(runs)} runs of check, {differ} differ")
    return 1 if differ else 0

if __name__ == "__main__":
    sys.exit(main())
