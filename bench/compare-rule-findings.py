#!/usr/bin/env python3
"""Compares the rule findings of two trace-analyze binaries on every fixture log.

    bench/compare-rule-findings.py BASE_BINARY NEW_BINARY [DIR...]

Runs `check --format json --fail-on never --allow-empty` with both binaries on every `.log`,
`.ndjson` and `.json` input under the given directories (default: fixtures/seeds, fixtures/rules,
fixtures/realworld, fixtures/formats) and compares only the `findings` arrays (rule, severity,
view, message, count, evidence lines), so a change to the rest of the report (a new key such as
`fix_first`) does not hide or fake a change of findings. Prints one line per input that differs,
with the findings only one side has, then a summary line; exits 1 when any input differs.
"""
import json, os, subprocess, sys

def findings(binary, path):
    result = subprocess.run([binary, "check", path, "--format", "json", "--fail-on", "never", "--allow-empty"],
                            capture_output=True, text=True)
    try:
        document = json.loads(result.stdout)
    except ValueError:
        return {"<no JSON: exit %d: %s>" % (result.returncode, result.stderr.strip()[:200])}
    return {json.dumps({k: f.get(k) for k in ("rule", "severity", "view", "message", "count")}
                       | {"lines": [e["line"] for e in f.get("evidence", [])]}, sort_keys=True)
            for f in document.get("findings", [])}

def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    base, new = sys.argv[1], sys.argv[2]
    dirs = sys.argv[3:] or ["fixtures/seeds", "fixtures/rules", "fixtures/realworld", "fixtures/formats"]
    inputs = sorted(os.path.join(root, name) for d in dirs for root, _, names in os.walk(d) for name in names
                    if name.endswith((".log", ".ndjson", ".json")) and "/golden" not in root)
    differing = 0
    for path in inputs:
        before, after = findings(base, path), findings(new, path)
        if before == after:
            continue
        differing += 1
        print("%s: %d finding(s) gone, %d new" % (path, len(before - after), len(after - before)))
        for line in sorted(before - after):
            print("  - " + line)
        for line in sorted(after - before):
            print("  + " + line)
    print("%d inputs compared, %d differ" % (len(inputs), differing))
    return 1 if differing else 0

sys.exit(main())
