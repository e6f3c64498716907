import Foundation

/// A run as Instruments records it: the `swiftui-updates` table of an `xctrace export`, one
/// `View Body` row per body with its view name, duration and root causes, in the encoding of
/// fixtures/instruments/generate.py (each value once with `id=` and `fmt=`, later as `ref=`).
///
/// A recording has no prints: no inits, no models, no appear or disappear; what it knows of a
/// body is its view, its time, and why it ran (the root causes `_printChanges()` would print).
enum InstrumentsExport {
    /// The columns trace-analyze reads, in Xcode 27.0's order (the reader finds them by mnemonic).
    static let columns: [(mnemonic: String, name: String, type: String)] = [
        ("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("id", "ID", "uint32"),
        ("update-type", "Update Type", "swiftui-update"), ("description", "Description", "string"),
        ("module", "Module", "string"), ("view-name", "View Name", "string"), ("process", "Process", "process"),
        ("thread", "Thread", "thread"), ("root-causes", "Root Causes", "description-set"), ("severity", "Severity", "event-concept"),
    ]

    /// Lines before the first row: the XML declaration, the result's tag, the schema.
    static let headerLines = 3

    /// The export, and the line of the root's first body row.
    static func render(_ truth: Truth) -> (text: String, lineCount: Int, firstRootBodyLine: Int?) {
        var writer = Writer()
        let schema = columns.map { "<col><mnemonic>\($0.mnemonic)</mnemonic><name>\($0.name)</name><engineering-type>\($0.type)</engineering-type></col>" }
        var lines = [
            "<?xml version=\"1.0\"?>", "<trace-query-result>",
            "<node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'><schema name=\"swiftui-updates\">\(schema.joined())</schema>",
        ]
        var firstRootBody: Int?
        for timed in truth.steps {
            guard case let .body(view, _, changes, ms, _) = timed.step else { continue }
            if firstRootBody == nil, view == truth.root { firstRootBody = lines.count + 1 }
            lines.append(writer.row(view: view, start: timed.time, nanoseconds: UInt64((ms * 1_000_000).rounded()),
                                    id: lines.count - headerLines + 1, causes: rootCauses(changes)))
        }
        lines.append("</node></trace-query-result>")
        return (lines.joined(separator: "\n") + "\n", lines.count, firstRootBody)
    }

    /// What Instruments lists as root causes for what `_printChanges()` prints: a new identity
    /// is `Creation`, a new value from the parent is `Parent`, a state property `@State: name`.
    static func rootCauses(_ changes: [String]) -> String {
        var causes: [String] = []
        if changes.contains("@identity") { causes.append("Creation") } else if changes.contains("@self") { causes.append("Parent") }
        for change in changes where change.hasPrefix("_") {
            causes.append(change.hasPrefix("_environment.") ? "@Environment: \(change.dropFirst(13))" : "@State: \(change.dropFirst())")
        }
        if changes.contains("@dependencies") { causes.append("@Observable") }
        return causes.joined(separator: ", ")
    }

    /// Instruments' label for a body's cost.
    static func severity(_ nanoseconds: UInt64) -> String {
        nanoseconds < 1_000_000 ? "Very Low" : nanoseconds < 8_000_000 ? "Low" : "Moderate"
    }

    /// Writes each distinct value once with an id, then as a reference to it.
    struct Writer {
        private var next = 1
        private var seen: [String: Int] = [:]

        mutating func element(_ tag: String, _ text: String, fmt: String? = nil, children: String? = nil, share: Bool = true) -> String {
            let key = "\(tag)\u{0}\(text)\u{0}\(fmt ?? "")\u{0}\(children ?? "")"
            if share, let id = seen[key] { return "<\(tag) ref=\"\(id)\"/>" }
            let id = next
            next += 1
            if share { seen[key] = id }
            return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt ?? text))\">\(children ?? escape(text))</\(tag)>"
        }

        mutating func row(view: String, start: UInt64, nanoseconds: UInt64, id: Int, causes: String) -> String {
            let process = self.process()
            let thread = element("thread", "", fmt: "Main Thread (0x1e9000) (MyApp, pid: 1001)", children: element("tid", "2003968") + self.process())
            let cells = [
                element("start-time", String(start), fmt: String(format: "%02llu:%06.3f", start / 60_000_000_000, Double(start % 60_000_000_000) / 1e9), share: false),
                element("duration", String(nanoseconds), fmt: nanoseconds >= 1_000_000 ? String(format: "%.2f ms", Double(nanoseconds) / 1e6) : String(format: "%.2f µs", Double(nanoseconds) / 1e3)),
                element("uint32", String(id)), element("swiftui-update", "View Body"), element("string", "\(view).body"),
                element("string", "MyApp"), element("string", view), process, thread,
                causes.isEmpty ? "<sentinel/>" : element("description-set", "", fmt: causes, children: element("uint64", "12345678")),
                element("event-concept", severity(nanoseconds)),
            ]
            return "<row>" + cells.joined() + "</row>"
        }

        /// The app's process cell; a value is written once, so a second cell refers to the first.
        private mutating func process() -> String {
            element("process", "", fmt: "MyApp (1001)", children: element("pid", "1001") + element("device-session", "device-session-1"))
        }

        private func escape(_ text: String) -> String {
            // Most values have nothing to escape; Foundation's replacing is slow on Linux.
            guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") }) else { return text }
            return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
    }
}
