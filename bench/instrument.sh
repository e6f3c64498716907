#!/usr/bin/env bash
# The instrument benchmark: builds trace-analyze in release mode, generates a package of Swift
# sources (500 views and 100 observable models in 100 files, about 100,000 lines, or the sizes
# given) and prints how long `instrument`, `instrument --dry-run` and `instrument --remove` take
# over it, the median of --runs rounds (default 3), and whether --remove gave every file back
# byte for byte (diff -r against the generated tree). Issue 43's target: under a second each.
#
#   bench/instrument.sh                    # 100 files of 5 views, about 1,000 lines each
#   bench/instrument.sh --runs 5 200 5     # 200 files of 5 views
#
# Generated files stay in bench/out/instrument-FILES-VIEWS/ (git-ignored) and are reused; each
# round works on a fresh copy. Needs python3 and /usr/bin/time (GNU time).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
if [[ "${1:-}" == "--runs" ]]; then runs=$2; shift 2; fi
files=${1:-100}
views=${2:-5}
out="bench/out/instrument-$files-$views"
work="bench/out/instrument-work"

swift build -c release --product trace-analyze >/dev/null
binary="$(swift build -c release --show-bin-path)/trace-analyze"

if [[ ! -d "$out" ]]; then
  python3 - "$out" "$files" "$views" <<'PY'
import os, random, sys
out, files, views = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(43)
os.makedirs(os.path.join(out, "Sources", "App"))
with open(os.path.join(out, "Package.swift"), "w") as f:
    f.write('// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "App", targets: [.target(name: "App")])\n')

def row(i, k, n):
    return random.choice([
        f'                Text("Row {n} of {i}.{k}: \\(model.title)")\n                    .font(.body)\n',
        f'                if model.items.count > {n} {{\n                    Label("{n}", systemImage: "star")\n                }}\n',
        f'                Button("Tap {n}") {{\n                    model.tapped({n})\n                }}\n',
        f'                // A note about row {n}, with a {{ brace }} in a comment.\n                Divider()\n',
    ])

def view(i, k):
    body = "".join(row(i, k, n) for n in range(72))
    shape = random.choice(["plain", "generic", "init", "return", "modifier"])
    name = f"Screen{i}_{k}"
    if shape == "generic":
        header, extra = f"struct {name}<Item: Identifiable>: View", "    let items: [Item] = []\n"
    elif shape == "init":
        header, extra = f"struct {name}: View", f"    let title: String\n\n    init(title: String = \"{name}\") {{\n        self.title = title\n    }}\n"
    else:
        header, extra = f"struct {name}: View", ""
    if shape == "modifier":
        return f'''struct {name}: ViewModifier {{
    @State private var isOn = false

    func body(content: Content) -> some View {{
        VStack(alignment: .leading) {{
            content
            ScrollView {{
{body}            }}
        }}
    }}
}}

'''
    ret = "        return " if shape == "return" else "        "
    return f'''/// {name}: generated for the instrument benchmark.
{header} {{
    @StateObject private var model = Model{i}()
    @State private var isExpanded = false
{extra}
    var body: some View {{
{ret}VStack(alignment: .leading, spacing: 12) {{
            ScrollView {{
{body}            }}
            #if os(iOS)
            Toggle("Expanded", isOn: $isExpanded)
            #endif
        }}
        .padding()
    }}
}}

'''

for i in range(files):
    text = f"import SwiftUI\n\nfinal class Model{i}: ObservableObject {{\n    @Published var title = \"Model {i}\"\n    @Published var items: [Int] = []\n\n    init() {{\n        items = Array(0..<10)\n    }}\n\n    func tapped(_ n: Int) {{}}\n}}\n\n"
    for k in range(views):
        text += view(i, k)
    with open(os.path.join(out, "Sources", "App", f"Screen{i}.swift"), "w") as f:
        f.write(text)
PY
fi

echo "instrument over $out: $(find "$out" -name '*.swift' | wc -l) files, $(cat $(find "$out" -name '*.swift') | wc -l) lines"
timed() {  # name, then the command; appends "name wall cpu rss" to the results file
  local name=$1; shift
  /usr/bin/time -f "$name %e %U %S %M" -a -o bench/out/instrument-time.txt "$@" >/dev/null 2>bench/out/instrument-stderr.txt
}
rm -f bench/out/instrument-time.txt
roundtrip="byte-identical"
for run in $(seq "$runs"); do
  rm -rf "$work" && cp -r "$out" "$work" && sync
  timed dry-run "$binary" instrument --dry-run "$work"
  timed instrument "$binary" instrument "$work"
  sync
  summary=$(tail -n +1 bench/out/instrument-stderr.txt | grep 'instrument changed' || true)
  timed again "$binary" instrument "$work"
  again=$(grep 'instrument changed' bench/out/instrument-stderr.txt || true)
  timed remove "$binary" instrument --remove "$work"
  sync
  diff -r "$out" "$work" >/dev/null || roundtrip="DIFFERENT"
done
echo "$summary"
echo "second run: $again"
for name in dry-run instrument again remove; do
  grep "^$name " bench/out/instrument-time.txt | sort -k2 -n | awk -v runs="$runs" -v name="$name" '
    { wall[NR] = $2; cpu[NR] = $3 + $4; if ($5 > rss) rss = $5 }
    END { m = int((runs + 1) / 2); printf "%-10s median wall %.3f s, CPU %.3f s, peak RSS %.0f MB (%d runs)\n", name, wall[m], cpu[m], rss / 1024, runs }'
done
echo "instrument then --remove: $roundtrip"
