import Foundation

/// The `// trace-analyze:disable…` comments of a set of Swift files, and which findings they
/// silence: SwiftLint's `swiftlint:disable` commands, for trace-analyze's rules.
///
/// Four commands, each followed by one or more rule ids (or `all`), separated by spaces or
/// commas; anything after ` - ` or `--` is a reason, not a rule:
/// - `// trace-analyze:disable:next RULE` silences the next line that is not blank or a comment;
/// - `// trace-analyze:disable:this RULE` silences its own line (a comment after code);
/// - `// trace-analyze:disable RULE` silences every line after it, up to
/// - `// trace-analyze:enable RULE`, or the end of the file.
///
/// Each directive records whether it silenced something, so that one that silences nothing can
/// be reported as superfluous (SwiftLint's `superfluous_disable_command`).
public struct Suppressions: Sendable {
    /// One directive as written.
    public struct Directive: Sendable, Equatable {
        /// What a directive does.
        public enum Command: String, Sendable, CaseIterable {
            case next = "disable:next", this = "disable:this", disable, enable
        }

        /// The Swift file.
        public let file: String
        /// The comment's line, 1-based.
        public let line: Int
        /// The command.
        public let command: Command
        /// The rule ids named, `all` included.
        public let rules: [String]
        /// The lines it silences: for `disable:next` and `disable:this` one line, for `disable`
        /// the lines up to the matching `enable` (or the file's end); empty for `enable`.
        public let lines: ClosedRange<Int>?

        /// `// trace-analyze:disable:next identity_churn` as written, for notes.
        public var text: String { "trace-analyze:\(command.rawValue) \(rules.joined(separator: " "))" }
    }

    /// The marker after `//` that starts a directive.
    public static let marker = "trace-analyze:"

    /// Every directive, by file and line.
    public let directives: [Directive]
    /// Directives that could not be read (an unknown command, no rule), as `file:line: what`.
    public let problems: [String]
    private var used: [Bool]
    private let byFile: [String: [Int]]

    /// No directive at all.
    public init() {
        self.init(directives: [], problems: [])
    }

    /// The directives of `files` (path and UTF-8 bytes).
    public init(files: [(path: String, bytes: [UInt8])]) {
        var directives: [Directive] = []
        var problems: [String] = []
        for file in files {
            let read = Self.read(path: file.path, text: String(decoding: file.bytes, as: UTF8.self))
            directives += read.directives
            problems += read.problems
        }
        self.init(directives: directives, problems: problems)
    }

    /// The directives of the `.swift` files at `paths` (files, or directories listed as `lint` lists them).
    public static func scan(paths: [String]) throws -> Suppressions {
        let files = try Linter.swiftFiles(in: paths).compactMap { path -> (path: String, bytes: [UInt8])? in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return (path, [UInt8](data))
        }
        return Suppressions(files: files)
    }

    private init(directives: [Directive], problems: [String]) {
        self.directives = directives
        self.problems = problems
        used = Array(repeating: false, count: directives.count)
        var byFile: [String: [Int]] = [:]
        for (index, directive) in directives.enumerated() where directive.lines != nil {
            byFile[directive.file, default: []].append(index)
        }
        self.byFile = byFile
    }

    /// True when a directive silences a finding of one of `rules` at `line` of `file`; the
    /// directives that do are marked used.
    public mutating func suppresses(rules: [String], file: String, line: Int) -> Bool {
        guard let candidates = byFile[file] else { return false }
        var suppressed = false
        for index in candidates {
            let directive = directives[index]
            guard let lines = directive.lines, lines.contains(line) else { continue }
            guard directive.rules.contains("all") || directive.rules.contains(where: rules.contains) else { continue }
            used[index] = true
            suppressed = true
        }
        return suppressed
    }

    /// The directives that silenced nothing, among those naming a rule of `ran` (or `all`):
    /// a directive for another command's rules (`lint`'s, when `check` reads them) is not its
    /// business. Each as a note: `File.swift:12: 'trace-analyze:disable:next x' silences nothing`.
    /// `judgingAll`: whether a directive naming `all` alone is judged too.
    public func superfluous(amongRules ran: Set<String>, judgingAll: Bool = true) -> [String] {
        directives.indices.compactMap { index in
            let directive = directives[index]
            guard directive.command != .enable, !used[index],
                  directive.rules.contains(where: { ($0 == "all" && judgingAll) || ran.contains($0) }) else { return nil }
            return "\(directive.file):\(directive.line): '\(directive.text)' silences nothing: no finding of \(directive.rules.joined(separator: ", ")) is on the \(directive.command == .disable ? "lines after it" : "line it names") (superfluous_disable_command); remove it"
        }
    }

    /// The rules named by directives that are neither in `known` nor `all`, as notes.
    public func unknownRules(known: Set<String>) -> [String] {
        directives.flatMap { directive in
            directive.rules.filter { $0 != "all" && !known.contains($0) }.map {
                "\(directive.file):\(directive.line): '\(directive.text)' names '\($0)', which is not a rule; `trace-analyze rules` lists them"
            }
        }
    }
}

extension Suppressions {
    /// The directives of one file, with the lines each silences, and the ones that could not be read.
    static func read(path: String, text: String) -> (directives: [Directive], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var parsed: [(line: Int, command: Directive.Command, rules: [String])] = []
        var problems: [String] = []
        // Lines that hold code: `disable:next` skips blank lines and comments to the next one.
        var codeLines: [Int] = []
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !line.isEmpty, !line.hasPrefix("//"), !line.hasPrefix("/*"), !line.hasPrefix("*") { codeLines.append(number) }
            guard let comment = commentText(String(raw)) else { continue }
            let words = comment.dropFirst(marker.count)
            let commandWord = words.prefix { !$0.isWhitespace }
            guard let command = Directive.Command(rawValue: String(commandWord)) else {
                let valid = Directive.Command.allCases.map { "trace-analyze:\($0.rawValue)" }.joined(separator: ", ")
                problems.append("\(path):\(number): '\(marker)\(commandWord)' is not a directive; valid: \(valid)")
                continue
            }
            var rules: [String] = []
            for word in words.dropFirst(commandWord.count).split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
                if word.hasPrefix("-") || word.hasPrefix("(") { break }
                rules.append(String(word))
            }
            guard !rules.isEmpty else {
                problems.append("\(path):\(number): '\(marker)\(command.rawValue)' names no rule; name one (e.g. \(marker)\(command.rawValue) identity_churn) or all")
                continue
            }
            parsed.append((number, command, rules))
        }
        var directives: [Directive] = []
        for (index, directive) in parsed.enumerated() {
            let silenced: ClosedRange<Int>?
            switch directive.command {
            case .this: silenced = directive.line...directive.line
            case .next:
                let next = codeLines.first { $0 > directive.line } ?? directive.line + 1
                silenced = next...next
            case .enable: silenced = nil
            case .disable:
                // Up to the first later `enable` naming one of its rules (or all), else the end.
                let end = parsed[(index + 1)...].first { later in
                    later.command == .enable && (later.rules.contains("all") || later.rules.contains(where: directive.rules.contains))
                }?.line ?? max(lines.count, directive.line)
                silenced = directive.line...end
            }
            directives.append(Directive(file: path, line: directive.line, command: directive.command, rules: directive.rules, lines: silenced))
        }
        return (directives, problems)
    }

    /// `trace-analyze:disable:next x` when `line` holds a `//` comment starting with the marker
    /// (outside a string literal), else nil.
    static func commentText(_ line: String) -> Substring? {
        guard line.contains(marker) else { return nil }
        var inString = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                let rest = line[line.index(after: index)...].drop { $0 == " " || $0 == "/" }
                return rest.hasPrefix(marker) ? rest : nil
            }
            previous = character
            index = line.index(after: index)
        }
        return nil
    }
}
