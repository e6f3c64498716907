#!/usr/bin/env bash
# The lint benchmark: builds trace-analyze in release mode, generates a tree of Swift files (1,000
# files of about 200 lines, 200,000 lines in all, or the sizes given) and prints how long `lint`
# takes over it, as wall time, CPU and peak RSS, the median of --runs rounds (default 3).
#
#   bench/lint.sh                       # 1,000 files, 200 lines each
#   bench/lint.sh --runs 5 2000 100     # 2,000 files of about 100 lines
#
# The files mix the shapes the rules look for (a few per file) with ordinary SwiftUI: views with
# builders, modifiers, multi-line argument lists, trailing closures, `#if`, comments, strings with
# interpolation, view models, extensions. Three malformed files (unbalanced braces, a binary file,
# invalid UTF-8) are added to show the run goes on: one line each on stderr.
# Generated files stay in bench/out/lint-FILES-LINES/ (git-ignored) and are reused.
#
# Needs python3 and /usr/bin/time (GNU time).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
if [[ "${1:-}" == "--runs" ]]; then runs=$2; shift 2; fi
files=${1:-1000}
lines=${2:-200}
out="bench/out/lint-$files-$lines"

swift build -c release --product trace-analyze >/dev/null
binary="$(swift build -c release --show-bin-path)/trace-analyze"

if [[ ! -d "$out" ]]; then
  python3 - "$out" "$files" "$lines" <<'PY'
import os, random, sys
out, files, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(32)
os.makedirs(out)

def view(i, k):
    name = f"Screen{i}_{k}"
    shapes = [
        f"            if isExpanded {{\n                Card{i}(title: model.title, compact: false)\n            }} else {{\n                Card{i}(title: model.title, compact: true)\n            }}\n",
        "            Chart(points: model.points)\n                .id(UUID())\n",
        f"            List(model.items) {{ item in\n                NavigationLink(destination: Detail{i}(item: item)) {{\n                    Text(\"\\(item.name)\")\n                }}\n            }}\n",
        "            ForEach(0..<model.items.count) { index in\n                Text(model.items[index].name)\n            }\n",
        "            ForEach(model.items) { item in\n                Row(item: item)\n                    .padding(.horizontal, 8)\n            }\n",
        "            Text(\"Hello, \\(model.title) — a { brace } in a string\")\n                .font(.headline)\n",
    ]
    body = "".join(random.choice(shapes) for _ in range(3))
    wrapper = random.choice(["@StateObject private var", "@ObservedObject var", "@State private var"])
    return f'''/// {name}: generated for the lint benchmark.
struct {name}: View {{
    {wrapper} model = Model{i}()
    @State private var isExpanded = false
    private let formatter = DateFormatter()
    let id: Int

    var body: some View {{
        VStack(alignment: .leading, spacing: 12) {{
{body}            #if os(iOS)
            Toggle("Expanded", isOn: $isExpanded)
            #endif
        }}
        .padding()
        .onAppear {{
            /* Loads lazily. */ model.load()
        }}
    }}
}}

'''

for i in range(files):
    text = f"import SwiftUI\n\nfinal class Model{i}: ObservableObject {{\n    @Published var title = \"Model {i}\"\n    @Published var items: [Item] = []\n    init() {{ items = Item.samples }}\n    func load() {{}}\n}}\n\n"
    k = 0
    while text.count("\n") < lines - 30:
        text += view(i, k)
        k += 1
    text += f"struct Card{i}: View {{\n    let title: String\n    let compact: Bool\n    @State private var taps = 0\n    var body: some View {{ Text(title) }}\n}}\n"
    with open(os.path.join(out, f"Screen{i}.swift"), "w") as f:
        f.write(text)
with open(os.path.join(out, "Unbalanced.swift"), "w") as f:
    f.write("struct Broken: View {\n    var body: some View {\n        VStack {\n            Text(\"x\")\n    }\n")
with open(os.path.join(out, "Binary.swift"), "wb") as f:
    f.write(bytes(range(256)) * 64)
with open(os.path.join(out, "Latin1.swift"), "wb") as f:
    f.write("// caf\xe9\nstruct Cafe {}\n".encode("latin-1"))
PY
fi

total_lines=$(cat "$out"/*.swift 2>/dev/null | wc -l)
echo "lint over $out: $(ls "$out" | wc -l) files, $total_lines lines"
results=()
for run in $(seq "$runs"); do
  /usr/bin/time -f "%e %U %S %M" -o bench/out/lint-time.txt "$binary" lint "$out" --format summary --fail-on never >bench/out/lint-report.txt 2>bench/out/lint-stderr.txt || true
  results+=("$(cat bench/out/lint-time.txt)")
done
printf '%s\n' "${results[@]}" | sort -n | awk -v runs="$runs" '
  { wall[NR] = $1; cpu[NR] = $2 + $3; if ($4 > rss) rss = $4 }
  END { m = int((runs + 1) / 2); printf "median wall %.2f s, median CPU %.2f s, peak RSS %.0f MB (%d runs)\n", wall[m], cpu[m], rss / 1024, runs }'
echo "report: $(tail -1 bench/out/lint-report.txt)"
echo "stderr ($(wc -l < bench/out/lint-stderr.txt) lines):"
cat bench/out/lint-stderr.txt
