#!/usr/bin/env python3
"""The shared Swift reader against swiftc's own verdict, on generated files full of the literals
it once misread (raw strings with any number of `#`, multi-line strings, regex literals, `/` as
division, comments): every file that `swiftc -parse` accepts must be read, its brackets paired and
the view at its end found, which `trace-analyze instrument --dry-run` shows as "1 view".

    fuzz/literals_vs_swiftc.py --minutes 10 [--cpu-minutes 60] [--seed N] [--binary .build/debug/trace-analyze]

Stops at whichever budget ends first: --minutes of wall time, or --cpu-minutes of CPU time spent
by it and its children (swiftc and the reader), the figure a shared machine does not distort.
Prints one line per disagreement (the file is kept under .build-fuzz/literals/), a progress line
every 500 files, and a summary: files generated, accepted by swiftc, read by the reader, CPU
time; the summary is printed on SIGINT/SIGTERM too. Not a libFuzzer target: each verdict
is a swiftc run, so it is slow and generation does the work mutation would.
"""
import argparse, os, random, signal, subprocess, sys, tempfile, time

FRAGMENTS = [
    lambda r: '#' * (n := r.randint(1, 3)) + '"' + r.choice(['"', '""', 'a"b', '\\(x)', '" #', '{(']) + '"' + '#' * n,
    lambda r: '"' + r.choice(['(', '{', '\\(x)', '/', '#', "'"]) + '"',
    lambda r: '"""\n' + r.choice(['  (', '  "', '  ""', '  \\(x)', '  /*']) + '\n  """',
    lambda r: '#' * (n := r.randint(1, 2)) + '"""\n  ' + r.choice(['"', '"""', '"#', '(']) + '\n  """' + '#' * n,
    lambda r: '/' + r.choice(['\\(', '\\)', '[(]', 'a+', '[{]', '\\/', 'x(y)']) + '/',
    lambda r: '#/' + r.choice(['[{(]', '\\(', 'a/b', '/']) + '/#',
    lambda r: '#/\n  ' + r.choice(['a ( b', '[{]', '/']) + '\n/#',
    lambda r: r.choice(['a / b', 'a/b', '(a) / 2 / b', 'a / (b / a)', '[1].reduce(1, /)']),
    lambda r: r.choice(['/* ( */ 1', '// (\n1', '/* /* ( */ */ 2']),
    # Interpolations holding strings, raw interpolation, escapes that end nothing.
    lambda r: r.choice(['"\\(f("(", ")"))"', '"\\("\\("{")")"', '#"\\#(a) ( "#', '##"\\##(b)"##', '"\\\\"', '"\\""', '#"\\"#']),
    # `/` where Swift reads a regex and where it reads division.
    lambda r: r.choice(['[/a/, /b/]', 'f(/\\//, a)', '(a / b) / (a / b)', '{ $0 / 2 }(a)', '(/[)]/)', 'x / 2 / x']),
    # Comments holding what would open a literal.
    lambda r: r.choice(['/* " */ 3', '/* #" */ 4', '// """\n5', '/* /a/ */ 6', '/** "( */ 7']),
]

CONTEXTS = [
    lambda e: e,
    lambda e: f'({e})',
    lambda e: f'[{e}, {e}]',
    lambda e: f'{{ () -> Any in return {e} }}',
    lambda e: f'{{ () -> Any in {e} }}()',
    lambda e: f'f({e}, {e})',
]

def expression(r):
    return r.choice(CONTEXTS)(r.choice(FRAGMENTS)(r))

def program(r):
    lines = ['let a = 6, b = 3, x = 1', 'func f(_ values: Any...) -> Int { 0 }']
    for number in range(r.randint(1, 4)):
        lines.append(f'let v{number}: Any = {expression(r)}')
    lines.append('struct After: View {\n    var body: some View { Text("after") }\n}\n')
    return '\n'.join(lines) + '\n'

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--minutes', type=float, default=10)
    parser.add_argument('--cpu-minutes', type=float, default=None)
    parser.add_argument('--seed', type=int, default=int(time.time()))
    parser.add_argument('--binary', default='.build/debug/trace-analyze')
    args = parser.parse_args()
    r = random.Random(args.seed)
    kept = os.path.join('.build-fuzz', 'literals')
    os.makedirs(kept, exist_ok=True)
    deadline = time.time() + args.minutes * 60
    started = time.time()
    generated = accepted = read = 0

    def cpu():
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    def summary():
        print(f'seed {args.seed}: {generated} files, {accepted} accepted by swiftc -parse, {read} of them read (view found), '
              f'{accepted - read} disagreements; {cpu() / 60:.1f} CPU-minutes in {(time.time() - started) / 60:.1f} minutes', flush=True)

    def stop(signum, frame):
        summary()
        sys.exit(0 if read == accepted else 1)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, 'Case.swift')
        while time.time() < deadline and (args.cpu_minutes is None or cpu() < args.cpu_minutes * 60):
            source = program(r)
            generated += 1
            if generated % 500 == 0:
                summary()
            with open(path, 'w') as f:
                f.write(source)
            # View and Text are the only outside names: a stub so that -parse alone decides.
            if subprocess.run(['swiftc', '-parse', '-swift-version', '6', path], capture_output=True).returncode != 0:
                continue
            run = subprocess.run([args.binary, 'instrument', '--dry-run', path], capture_output=True, text=True)
            # Counted once the reader has answered: a stop while it runs leaves the file out of both.
            accepted += 1
            if 'would change 1 of 1 Swift file: 1 view' in run.stderr:
                read += 1
            else:
                case = os.path.join(kept, f'case-{args.seed}-{generated}.swift')
                with open(case, 'w') as f:
                    f.write(source)
                print(f'disagreement: swiftc parses {case}, the reader: {run.stderr.strip().splitlines()[:2]}', flush=True)
    summary()
    return 0 if read == accepted else 1

if __name__ == '__main__':
    sys.exit(main())
