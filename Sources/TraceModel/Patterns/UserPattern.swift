import Foundation

/// A house logging convention from the configuration file: a regular expression whose named
/// groups say what a message means.
///
/// Groups: `view` (required), `kind` (required unless the pattern gives a fixed `kind`),
/// `owner` and `instance` (optional). The captured kind word goes through the pattern's `kinds`
/// map, then the built-in words (`init`, `onAppear`, `body update`'s `body`...); a word neither
/// knows makes the match count as no match, and the line goes on to the built-in recognisers.
///
/// Cost is bounded three ways, so a catastrophic pattern cannot hang an ingest: a pattern is at
/// most `maxRegexLength` characters; it is tried only on messages of at most
/// `maxMessageLength` bytes; and each match is abandoned after `maxProgressReports` progress
/// reports from the regex engine (ICU reports about every 10,000 backtracking steps; the
/// budget is a few milliseconds). A pattern abandoned `maxTimeoutsPerTrace` times in one trace
/// is switched off for the rest of it; so is one whose matches add up to `maxCostPerPattern`
/// progress reports (a pattern just under the per-match budget would otherwise cost milliseconds
/// on every line), and all patterns are switched off once they add up to `maxCostPerTrace`.
/// Abandoned matches count in `pattern_timeouts`, switched-off patterns in `patterns_disabled`.
/// Cost is counted in the engine's progress reports rather than clock time, so which lines a
/// pattern saw does not depend on the machine's load.
///
/// `NSRegularExpression` is used here only, never for the built-in formats.
public struct UserPattern: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable after creation and documented thread-safe.

    /// The longest pattern accepted, in characters.
    public static let maxRegexLength = 1_000
    /// The longest message a pattern is tried on, in bytes.
    public static let maxMessageLength = 1_024
    /// Progress reports allowed per match before it is abandoned.
    public static let maxProgressReports = 20
    /// Abandoned matches after which a pattern is switched off for the trace.
    public static let maxTimeoutsPerTrace = 50
    /// Progress reports one pattern may spend in a trace (as much as `maxTimeoutsPerTrace`
    /// abandoned matches): a fraction of a second, however long the input.
    public static let maxCostPerPattern = maxTimeoutsPerTrace * (maxProgressReports + 1)
    /// Progress reports all patterns together may spend in a trace.
    public static let maxCostPerTrace = 4 * maxCostPerPattern

    /// A sample line and what it must yield.
    public struct Sample: Sendable, Equatable {
        /// The line, as it appears in a log (any envelope).
        public var line: String
        /// The kind it must yield; `text` means the pattern must not claim it.
        public var kind: EventKind
        /// The view it must yield.
        public var view: String?
        /// The owner it must yield (none when absent).
        public var owner: String?
        /// The instance it must yield (none when absent).
        public var instance: String?
    }

    /// What a pattern made of a message.
    public struct Match: Equatable, Sendable {
        /// The resolved kind.
        public var kind: EventKind
        /// The `view` group.
        public var view: String
        /// The `owner` group, when the pattern has one and it matched.
        public var owner: String?
        /// The `instance` group, when the pattern has one and it matched.
        public var instance: String?
    }

    /// The pattern's name, unique in the file; events it makes have origin `pattern:<name>`.
    public let name: String
    /// Where the pattern sits in the configuration file (`patterns[1]`), for messages.
    public let keyPath: String
    /// The samples, checked by `trace-analyze patterns test`.
    public let samples: [Sample]
    let regex: NSRegularExpression
    let kinds: [String: EventKind]
    let fixedKind: EventKind?
    let hasKindGroup: Bool
    let hasOwnerGroup: Bool
    let hasInstanceGroup: Bool

    /// Matches `message`; nil when the pattern does not match, its kind word is unknown, the
    /// message is too long, or the match ran out of budget (`timedOut` is then set).
    public func match(_ message: String, utf8Count: Int, timedOut: inout Bool) -> Match? {
        var cost = 0
        return match(message, utf8Count: utf8Count, cost: &cost, timedOut: &timedOut)
    }

    /// Matches `message` as `match(_:utf8Count:timedOut:)` does, and adds the progress reports
    /// the match took to `cost`.
    public func match(_ message: String, utf8Count: Int, cost: inout Int, timedOut: inout Bool) -> Match? {
        timedOut = false
        guard utf8Count <= Self.maxMessageLength else { return nil }
        var found: NSTextCheckingResult?
        var reports = 0
        var abandoned = false
        regex.enumerateMatches(
            in: message, options: [.reportProgress], range: NSRange(location: 0, length: message.utf16.count)
        ) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
            } else {
                reports += 1
                if reports > Self.maxProgressReports {
                    abandoned = true
                    stop.pointee = true
                }
            }
        }
        cost += reports
        if abandoned && found == nil {
            timedOut = true
            return nil
        }
        guard let result = found else { return nil }
        func group(_ name: String) -> String? {
            let range = result.range(withName: name)
            guard range.location != NSNotFound, let swiftRange = Range(range, in: message) else { return nil }
            let value = String(message[swiftRange])
            return value.isEmpty ? nil : value
        }
        guard let view = group("view") else { return nil }
        let kind: EventKind
        if hasKindGroup {
            guard let word = group("kind"), let resolved = resolveKind(word) else { return nil }
            kind = resolved
        } else if let fixedKind {
            kind = fixedKind
        } else {
            return nil
        }
        return Match(
            kind: kind, view: view,
            owner: hasOwnerGroup ? group("owner") : nil,
            instance: hasInstanceGroup ? group("instance") : nil
        )
    }

    /// The pattern's map first (exactly, then ignoring case), then the kind names, then the
    /// built-in lifecycle words.
    func resolveKind(_ word: String) -> EventKind? {
        if let kind = kinds[word] ?? kinds[word.lowercased()] { return kind }
        if let kind = EventKind(rawValue: word.lowercased()), kind.isLifecycleStep { return kind }
        return Array(word.utf8).withUnsafeBytes { LifecycleWords.kind($0)?.kind }
    }
}
