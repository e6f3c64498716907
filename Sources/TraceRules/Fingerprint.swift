/// What stays the same about a finding from one run of an app to the next: its rule, its view,
/// and the type and property names its message mentions.
///
/// Line numbers, timings, counts and the wording around them change whenever a UI test runs a
/// little differently, so none of them is part of it. `FirstView's init created FirstCoordinator
/// (once)` and `FirstView's init created FirstCoordinator (3 times)` have one fingerprint; a
/// finding that names a new helper or a new destination has another.
public struct Fingerprint: Sendable, Hashable, Comparable {
    /// The rule's id.
    public let rule: String
    /// The view the finding is about.
    public let view: String?
    /// The names in the message, sorted, each once.
    public let names: [String]

    /// Creates a fingerprint from its parts.
    public init(rule: String, view: String?, names: [String]) {
        self.rule = rule
        self.view = view
        self.names = Array(Set(names)).sorted()
    }

    /// The fingerprint of `finding`.
    public init(_ finding: Finding) {
        self.init(rule: finding.rule, view: finding.view, names: Self.names(in: finding.message))
    }

    /// The words of `message` that name types or properties: those starting with an uppercase
    /// letter or `_`, with dotted parts and generic arguments (`Row<Dictionary<String, Int>>`).
    static func names(in message: String) -> [String] {
        let characters = Array(message)
        var names: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let followsWord = index > 0 && isNamePart(characters[index - 1])
            guard !followsWord, character.isUppercase || character == "_" else {
                index += 1
                continue
            }
            var name = ""
            var depth = 0
            while index < characters.count {
                let next = characters[index]
                if next == "<" {
                    depth += 1
                } else if next == ">" && depth > 0 {
                    depth -= 1
                } else if depth == 0 && !isNamePart(next) {
                    // A dot inside a name (`List.Row`), not one ending a sentence.
                    guard next == ".", index + 1 < characters.count, isNamePart(characters[index + 1]) else { break }
                }
                name.append(next)
                index += 1
            }
            names.append(name)
        }
        return names
    }

    private static func isNamePart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// Orders by rule, view, then names, so baseline files list findings stably.
    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.view != rhs.view { return (lhs.view ?? "") < (rhs.view ?? "") }
        return lhs.names.lexicographicallyPrecedes(rhs.names)
    }
}

extension Fingerprint {
    /// A short stable digest of the fingerprint (64-bit FNV-1a, hex), for tools that track results
    /// across runs by one string, such as SARIF's `partialFingerprints`.
    public var digest: String {
        let text = ([rule, view ?? ""] + names).joined(separator: "\u{1F}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
