import TraceRules

extension Finding {
    /// The message as a line of its own, for formats with no field for the view: prefixed with
    /// `View: ` unless it already starts with the view's name.
    var headline: String {
        guard let view, !message.hasPrefix(view) else { return message }
        return "\(view): \(message)"
    }

    /// `Evidence: ui-test.log lines 5, 6, 9, 10.`, the first `limit` lines and a count of the
    /// rest; nil without evidence.
    func evidenceSentence(limit: Int) -> String? {
        guard !lines.isEmpty else { return nil }
        let shown = lines.prefix(limit).map(String.init).joined(separator: ", ")
        let more = lines.count > limit ? " and \(lines.count - limit) more" : ""
        return "Evidence: \(Report.file(of: self)) line\(lines.count == 1 ? "" : "s") \(shown)\(more)."
    }
}
