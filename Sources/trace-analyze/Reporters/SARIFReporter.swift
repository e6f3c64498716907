import Foundation
import TraceRules

/// SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.
///
/// One run: the tool with the rules that ran (help text and the severity in force as their
/// default level), and one result per finding at its location. With `--sources` a result points
/// at the view's declaration and cites the log lines as related locations; columns then count
/// Unicode code points, as the run's `columnKind` says.
enum SARIFReporter: Reporter {
    static let identifier = "sarif"
    static let summary = "SARIF 2.1.0 for GitHub code scanning: the rules with their help, one result per finding."
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Stands where the results go while the rest of the document is laid out.
    private static let placeholder = "\u{1}results\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        let ruleIndex = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.description.identifier, $0) })
        let driver: JSONDocument = .object([
            ("name", .string("trace-analyze")),
            ("version", .string(CommandLineTool.version)),
            // `informationUri` is optional in SARIF 2.1.0; the project has no public page to name.
            ("rules", .array(report.rules.map(rule))),
        ])
        let document = JSONDocument.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", driver)])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .string(placeholder)),
            ])])),
        ])
        try JSONDocument.write(document, placeholder: placeholder, to: sink) { add in
            try report.findings.forEach { _, finding in add(result(finding, index: ruleIndex[finding.rule], report: report)) }
            for entry in report.links?.entries ?? [] where entry.status != .confirmed { add(unconfirmed(entry)) }
        }
    }

    private static func rule(_ rule: Report.Rule) -> JSONDocument {
        let description = rule.description
        return .object([
            ("id", .string(description.identifier)),
            ("name", .string(description.identifier.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
            ("shortDescription", .object([("text", .string(description.summary))])),
            ("fullDescription", .object([("text", .string(description.rationale))])),
            ("help", .object([("text", .string(description.fix))])),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
        ])
    }

    private static func result(_ finding: Finding, index: Int?, report: Report) -> JSONDocument {
        var members: [(String, JSONDocument)] = [("ruleId", .string(finding.rule))]
        if let index { members.append(("ruleIndex", .int(index))) }
        members += [
            ("level", .string(level(finding.severity))),
            // The root cause reads as part of the message in every SARIF viewer; `properties`
            // keeps it apart for tools.
            ("message", .object([("text", .string(finding.rootCause.map { "\(finding.message) Root cause: \($0)." } ?? finding.message))])),
        ]
        let location = report.location(of: finding)
        var locations: [JSONDocument] = []
        if let file = location.file {
            var physical: [(String, JSONDocument)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
            if let line = location.line {
                var region: [(String, JSONDocument)] = [("startLine", .int(line))]
                if let column = location.column { region.append(("startColumn", .int(column))) }
                physical.append(("region", .object(region)))
            }
            var entry: [(String, JSONDocument)] = [("physicalLocation", .object(physical))]
            if let view = finding.view { entry.append(("logicalLocations", .array([.object([("name", .string(view)), ("kind", .string("type"))])]))) }
            locations.append(.object(entry))
        }
        members.append(("locations", .array(locations)))
        // The mechanical fix, as GitHub and editors offer it: the user's own lines replaced.
        if let change = report.lint?.change(of: finding) {
            members.append(("fixes", fixes(change, file: finding.source, message: finding.message)))
        } else if let site = location.site, let change = site.change {
            members.append(("fixes", fixes(change, file: site.file, message: site.message)))
        }
        if location.inSource, finding.source != "-" {
            let uri = uri(finding.source)
            let evidence = JSONDocument.elements(count: finding.lines.count) { offset in
                let line = finding.lines[offset]
                return .object([
                    ("id", .int(offset + 1)),
                    ("message", .object([("text", .string("log line \(line)"))])),
                    ("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(uri))])),
                        ("region", .object([("startLine", .int(line))])),
                    ])),
                ])
            }
            members.append(("relatedLocations", evidence))
        }
        members.append(("partialFingerprints", .object([("traceAnalyze/v1", .string(Fingerprint(finding).digest))])))
        var properties: [(String, JSONDocument)] = []
        if let rootCause = finding.rootCause { properties.append(("rootCause", .string(rootCause))) }
        if location.site != nil, let links = report.links {
            properties.append(("sourceSites", .array(links.sites(for: finding).map { site(site: $0, status: SourceLinks.Status.confirmed.rawValue) })))
        }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }

    /// SARIF's `fixes`: one fix whose `artifactChanges` replace each edit's region in `file`.
    private static func fixes(_ change: SourceChange, file: String, message: String) -> JSONDocument {
        let description = message.range(of: ". Fix: ", options: .backwards).map { String(message[$0.upperBound...]) } ?? message
        let replacements: [JSONDocument] = zip(change.edits, change.regions).map { edit, region in
            .object([
                ("deletedRegion", .object([
                    ("startLine", .int(region.startLine)), ("startColumn", .int(region.startColumn)),
                    ("endLine", .int(region.endLine)), ("endColumn", .int(region.endColumn)),
                ])),
                ("insertedContent", .object([("text", .string(edit.replacement))])),
            ])
        }
        return .array([.object([
            ("description", .object([("text", .string(description))])),
            ("artifactChanges", .array([.object([
                ("artifactLocation", .object([("uri", .string(uri(file)))])),
                ("replacements", .array(replacements)),
            ])])),
        ])])
    }

    /// A source site as the properties of a result carry it.
    private static func site(site: SourceSite, status: String) -> JSONDocument {
        .object([
            ("uri", .string(uri(site.file))), ("startLine", .int(site.position.line)), ("startColumn", .int(site.position.column)),
            ("rule", .string(site.rule)), ("message", .string(site.message)), ("status", .string(status)),
        ])
    }

    /// A lint finding that no runtime finding of the report confirms: an informational result
    /// (level `none`), so it shows beside the others without counting as a problem found.
    private static func unconfirmed(_ entry: SourceLinks.Entry) -> JSONDocument {
        let site = entry.site
        return .object([
            ("ruleId", .string(site.rule ?? "source_site")),
            ("kind", .string("informational")),
            ("level", .string("none")),
            ("message", .object([("text", .string("\(site.message) (\(entry.status.rawValue))"))])),
            ("locations", .array([.object([("physicalLocation", .object([
                ("artifactLocation", .object([("uri", .string(uri(site.file)))])),
                ("region", .object([("startLine", .int(site.position.line)), ("startColumn", .int(site.position.column))])),
            ]))])])),
            ("properties", .object([("status", .string(entry.status.rawValue)), ("explains", .array(site.explains.map { .string($0) }))])),
        ])
    }

    /// SARIF's levels: `error`, `warning`, `note`.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a relative URI reference, an absolute one as a `file://` URI.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
