import Foundation
import TraceModel

/// Findings accepted once, so that later runs report only new ones (`--baseline`).
///
/// Each recorded finding hides one finding with the same `Fingerprint`: a baseline that holds
/// one `heavy_initializer` for `FirstView` hides one such finding, and a second one (from a
/// second log, say) is reported. The file is versioned JSON, sorted, so it diffs well in review:
///
/// ```
/// {"version": 1, "findings": [{"rule": "...", "view": "...", "names": ["..."], "message": "..."}]}
/// ```
///
/// `message` is the finding's text when it was recorded, for people reading the file; matching
/// ignores it.
public struct Baseline: Sendable, Equatable {
    /// The file format's version; a file from a later version is refused.
    public static let version = 1

    /// One recorded finding.
    public struct Entry: Sendable, Equatable, Codable {
        public let rule: String
        public let view: String?
        public let names: [String]
        public let message: String

        var fingerprint: Fingerprint { Fingerprint(rule: rule, view: view, names: names) }
    }

    /// The recorded findings, in fingerprint order.
    public let entries: [Entry]

    /// A baseline that records `findings`.
    public init(findings: [Finding]) {
        entries = findings.map { finding in
            let fingerprint = Fingerprint(finding)
            return Entry(rule: fingerprint.rule, view: fingerprint.view, names: fingerprint.names, message: finding.message)
        }.sorted { ($0.fingerprint, $0.message) < ($1.fingerprint, $1.message) }
    }

    private init(entries: [Entry]) { self.entries = entries }

    /// Splits `findings` into those the baseline does not hold (to report) and those it hides.
    public func partition(_ findings: [Finding]) -> (reported: [Finding], hidden: [Finding]) {
        var filter = Filter(self)
        var reported: [Finding] = [], hidden: [Finding] = []
        for finding in findings {
            if filter.hides(finding) {
                hidden.append(finding)
            } else {
                reported.append(finding)
            }
        }
        return (reported, hidden)
    }

    /// The file's text: pretty-printed JSON with sorted keys, ending in a newline.
    public var json: String {
        struct File: Codable {
            let version: Int
            let findings: [Entry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = try! encoder.encode(File(version: Self.version, findings: entries))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads the baseline file at `path`; every mistake in it names the file and the key path.
    public static func load(path: String) throws -> Baseline {
        let root = try ConfigurationReader.load(path: path, kind: "baseline file")
        try root.rejectUnknownKeys(["version", "findings"])
        guard let version = try root.number("version") else { throw root.error("version", "missing; a baseline file says its version") }
        guard version == Double(Self.version) else {
            throw root.error("version", "version \(Threshold.format(version)) is not supported; this trace-analyze reads version \(Self.version)")
        }
        let entries = try (root.objects("findings") ?? []).map { entry in
            try entry.rejectUnknownKeys(["rule", "view", "names", "message"])
            guard let rule = try entry.string("rule") else { throw entry.error("rule", "missing") }
            let view: String? = entry.members["view"] == .null ? nil : try entry.string("view")
            return Entry(rule: rule, view: view, names: try entry.strings("names") ?? [], message: try entry.string("message") ?? "")
        }
        return Baseline(entries: entries)
    }
}
