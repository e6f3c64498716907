import TraceStore

/// The sources' sites set against one run's runtime findings: which sites explain each finding,
/// and for every lint finding whether the traces confirm it.
///
/// A lint finding is *confirmed* when a runtime rule it explains reported its view; *not
/// confirmed by this trace* when the trace shows the view (its inits, bodies, appears) but no
/// such finding was reported (the view was never re-created, its init never repeated work);
/// *view not in this trace* when the trace never mentions the view, so it says nothing either way.
public struct SourceLinks: Sendable {
    /// What the traces say about a lint finding.
    public enum Status: String, Sendable {
        case confirmed
        case unconfirmed = "not confirmed by this trace"
        case viewAbsent = "view not in this trace"
    }

    /// One lint finding and its status.
    public struct Entry: Sendable {
        /// The site.
        public let site: SourceSite
        /// What the traces say about it.
        public let status: Status
    }

    /// Every lint finding in the sources, in file order, with its status.
    public let entries: [Entry]
    private let index: SourceIndex

    /// Sets `index`'s sites against `findings` and the views their traces mention.
    public init(index: SourceIndex, findings: StoredFindings) throws {
        self.index = index
        var fired: Set<Key> = []
        try findings.forEach(evidence: .omitted) { _, finding in
            fired.insert(Key(rule: finding.rule, view: finding.view.map(Self.name)))
        }
        var mentioned: Set<String> = []
        let lintSites = index.sites.filter { $0.rule != nil }
        if !lintSites.isEmpty, !findings.traceIDs.isEmpty {
            mentioned = Set(try MentionedViews.read(findings.database, traceIDs: findings.traceIDs).map(Self.name))
        }
        entries = lintSites.map { site in
            let view = site.view.map(Self.name)
            let status: Status
            if site.explains.contains(where: { fired.contains(Key(rule: $0, view: view)) }) {
                status = .confirmed
            } else if let view, mentioned.contains(view) {
                status = .unconfirmed
            } else {
                status = .viewAbsent
            }
            return Entry(site: site, status: status)
        }
    }

    /// The sites that explain `finding`, the most specific first.
    public func sites(for finding: Finding) -> [SourceSite] {
        index.sites(explaining: finding.rule, view: finding.view)
    }

    /// The status of `site` when it is a lint finding; nil for a site no lint rule reports.
    public func status(of site: SourceSite) -> Status? {
        entries.first { $0.site == site }?.status
    }

    private struct Key: Hashable {
        let rule: String
        let view: String?
    }

    /// A view's name as sites compare it: the last component, without generic arguments.
    static func name(_ view: String) -> String {
        SourceIndex.lastComponent(SourceIndex.withoutGenericArguments(view))
    }
}
