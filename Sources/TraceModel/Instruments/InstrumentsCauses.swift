/// Turns a recorded update's root causes (the `root-causes` column: `@State: counter`,
/// `Environment changed`, …) into the `_printChanges()` tokens that say the same, so every rule,
/// `why` and `views` read a recorded evaluation as they read a printed one.
///
/// | recorded cause | token |
/// |---|---|
/// | `@State: name` (`@Binding`, `@StateObject`, `@ObservedObject`, any `@Wrapper: name`) | `_name` |
/// | `@Environment: key`, `Environment changed` | `_environment.key`, `_environment` |
/// | `@Observable …`, `Observation …` | `@dependencies` |
/// | `Creation`, `New identity`, `Inserted` | `@self`, `@identity` |
/// | `Parent`, `View Body`, `Update`, `@self` (the parent's body made a new value) | `@self` |
///
/// Anything else (`Layout invalidated`, a gesture) gives no token: the cause is unknown, as
/// for a body print that says nothing.
public enum InstrumentsCauses {
    /// The tokens for `text`, a comma-separated list of root causes, in order, each once.
    public static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        for part in text.split(separator: ",") {
            let cause = part.drop { $0 == " " }
            for token in Self.tokens(of: String(cause)) where !tokens.contains(token) {
                tokens.append(token)
            }
        }
        // `_printChanges()` prints `@self` and `@identity` before properties; keep its order.
        return tokens.sorted { rank($0) < rank($1) }
    }

    private static func rank(_ token: String) -> Int {
        switch token {
        case "@self": 0
        case "@identity": 1
        default: 2
        }
    }

    private static func tokens(of cause: String) -> [String] {
        // A view made anew prints both: its value is new, and so is its identity.
        if let token = token(cause) { return token == "@identity" ? ["@self", "@identity"] : [token] }
        return []
    }

    private static func token(_ cause: String) -> String? {
        let lower = cause.lowercased()
        let name = cause.split(separator: ":", maxSplits: 1).dropFirst().first.map { $0.trimmingCharacters(in: " ") }
        if lower.hasPrefix("@environment") || lower.hasPrefix("environment") {
            return name.map { "_environment." + $0 } ?? "_environment"
        }
        if lower.hasPrefix("@observable") || lower.hasPrefix("observation") || lower.hasPrefix("@dependencies") {
            return "@dependencies"
        }
        if lower.hasPrefix("creation") || lower.hasPrefix("new identity") || lower.hasPrefix("inserted") || lower == "@identity" {
            return "@identity"
        }
        if lower.hasPrefix("parent") || lower.hasPrefix("view body") || lower == "update" || lower == "@self" {
            return "@self"
        }
        if cause.hasPrefix("@"), let name, !name.isEmpty {
            return "_" + name
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
