/// A unified diff of two versions of a file (`diff -u`'s format, 3 lines of context), for
/// `--dry-run`. Lines are compared as bytes, line ends included, so a CRLF file diffs as itself.
package enum UnifiedDiff {
    /// The diff from `old` to `new`, headed `--- a/path` / `+++ b/path` (an absolute path without the prefixes); empty when they are equal.
    package static func make(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = lines(old), after = lines(new)
        let script = editScript(before, after)
        // `a/` and `b/` before a relative path, as git writes them (`patch -p1`); an absolute
        // path as it is (`patch -p0`).
        let (oldName, newName) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Group the script into hunks: runs of changes with their context, merged when close.
        var index = 0
        while index < script.count {
            guard let changeStart = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var hunkEnd = changeStart
            var lastChange = changeStart
            while hunkEnd < script.count {
                if script[hunkEnd].kind != .same { lastChange = hunkEnd }
                if hunkEnd - lastChange > 2 * context { break }
                hunkEnd += 1
            }
            let start = max(index, changeStart - context)
            let end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldStart = (hunk.first?.oldLine ?? 0), newStart = (hunk.first?.newLine ?? 0)
            let oldCount = hunk.filter { $0.kind != .inserted }.count, newCount = hunk.filter { $0.kind != .deleted }.count
            output += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
            for step in hunk {
                let prefix = step.kind == .same ? " " : step.kind == .deleted ? "-" : "+"
                let text = step.kind == .inserted ? after[step.newLine] : before[step.oldLine]
                output += prefix + String(decoding: text, as: UTF8.self)
                if text.last != UInt8(ascii: "\n") { output += "\n\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    struct Step {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        /// 0-based line in the old and new file where this step stands.
        var oldLine: Int
        var newLine: Int
    }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(bytes[start...offset])
            start = offset + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// Myers' greedy shortest edit script: O((N+M)·D) time and O(D²) memory, and instrument's
    /// edits are few lines among many, so D is small. Past `limit` edits the script is the
    /// plain one: the lines between the common head and tail all deleted, then all inserted.
    static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], limit: Int = 4_000) -> [Step] {
        let n = a.count, m = b.count
        var v = [Int](repeating: 0, count: 2 * (n + m) + 3)
        let center = n + m + 1
        // The frontier before each round d, kept for k in -d-1...d+1 only.
        var trace: [[Int]] = []
        var found = false
        var d = 0
        while d <= min(n + m, limit) {
            trace.append(Array(v[(center - d - 1)...(center + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[center + k - 1] < v[center + k + 1]) ? v[center + k + 1] : v[center + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[center + k] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
            d += 1
        }
        guard found else { return plainScript(a, b) }
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            func at(_ k: Int) -> Int { frontier[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : at(previousK), previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                steps.append(Step(kind: .same, oldLine: x, newLine: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    steps.append(Step(kind: .inserted, oldLine: x, newLine: y))
                } else {
                    x -= 1
                    steps.append(Step(kind: .deleted, oldLine: x, newLine: y))
                }
            }
        }
        return steps.reversed()
    }

    private static func plainScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var steps = (0..<head).map { Step(kind: .same, oldLine: $0, newLine: $0) }
        steps += (head..<(a.count - tail)).map { Step(kind: .deleted, oldLine: $0, newLine: head) }
        steps += (head..<(b.count - tail)).map { Step(kind: .inserted, oldLine: a.count - tail, newLine: $0) }
        steps += (0..<tail).map { Step(kind: .same, oldLine: a.count - tail + $0, newLine: b.count - tail + $0) }
        return steps
    }
}
