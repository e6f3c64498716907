import TraceRules

/// The place a finding points at in editors and CI annotations.
struct FindingLocation: Equatable {
    /// The view's Swift file, or the log; nil for a log read from stdin.
    let file: String?
    /// 1-based; nil for a finding without evidence lines.
    let line: Int?
    /// 1-based, in characters; known only for a declaration.
    let column: Int?
    /// True when this is the view's declaration (from `--sources`) rather than the log.
    let isDeclaration: Bool
    /// The source site that explains the finding (from `--sources`), when this is one.
    var site: SourceSite? = nil

    /// True when this is a place in the Swift sources, not in the log.
    var inSource: Bool { isDeclaration || site != nil }

    /// `path:line:column`, with the parts that are known; `<stdin>` for stdin.
    var text: String {
        var text = file ?? "<stdin>"
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}
