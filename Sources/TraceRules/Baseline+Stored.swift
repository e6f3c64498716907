import Foundation
import TraceStore

extension Baseline {
    /// Writes the baseline file that records every finding of `findings`, piece by piece,
    /// byte for byte what `Baseline(findings:).json` is for the same findings.
    ///
    /// The file lists its entries sorted; SQLite sorts them in a temporary table (which spills to
    /// disk when large), so no finding is held in memory. Returns how many findings it recorded.
    @discardableResult
    public static func writeJSON(recording findings: StoredFindings, _ write: (String) throws -> Void) throws -> Int {
        let database = findings.database
        try database.execute("""
            DROP TABLE IF EXISTS temp.baseline_entries;
            CREATE TEMP TABLE baseline_entries (rule TEXT NOT NULL, view TEXT, names BLOB NOT NULL, message TEXT NOT NULL, entry TEXT NOT NULL);
            """)
        defer { try? database.execute("DROP TABLE IF EXISTS temp.baseline_entries") }
        let insert = try database.prepare("INSERT INTO temp.baseline_entries VALUES (?, ?, ?, ?, ?)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var recorded = 0
        try findings.forEach(evidence: .omitted) { _, finding in
            let fingerprint = Fingerprint(finding)
            let entry = Entry(rule: fingerprint.rule, view: fingerprint.view, names: fingerprint.names, message: finding.message)
            // Names joined by NUL sort as the arrays do: a shorter list that is a prefix first.
            var names: [UInt8] = []
            for (index, name) in fingerprint.names.enumerated() {
                if index > 0 { names.append(0) }
                names += Array(name.utf8)
            }
            // Encoding plain strings cannot fail.
            let text = String(decoding: try! encoder.encode(entry), as: UTF8.self)
            try insert.bind([SQLValue.text(fingerprint.rule), fingerprint.view.map(SQLValue.text) ?? .null, .blob(names), .text(finding.message), .text(text)])
            _ = try insert.step()
            insert.reset()
            recorded += 1
        }
        guard recorded > 0 else {
            try write(Baseline(findings: []).json)
            return 0
        }
        // `Fingerprint`'s order (a missing view sorts as an empty one), then the message; rowid
        // keeps equal entries in report order, as a stable sort would.
        let sorted = try database.prepare("SELECT entry FROM temp.baseline_entries ORDER BY rule, coalesce(view, ''), names, message, rowid")
        try write("{\n  \"findings\" : [\n")
        var first = true
        while try sorted.step() {
            // An entry printed alone, indented two levels as the whole file's encoder nests it
            // (JSON text holds no raw newline inside a string, so each newline starts a line);
            // the encoder leaves the blank line of an empty array unindented.
            let entry = (sorted.text(at: 0) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            try write((first ? "" : ",\n") + entry)
            first = false
        }
        try write("\n  ],\n  \"version\" : \(version)\n}\n")
        return recorded
    }
}
