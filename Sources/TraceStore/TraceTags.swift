/// Run metadata: `key=value` pairs stored per trace in `tags` (commit, branch, device, ...).
public enum TraceTags {
    /// One tag of one run.
    public struct Tag: Sendable, Equatable {
        /// The name, e.g. `commit`: letters, digits, `_`, `-` and `.`.
        public let key: String
        /// The value, any non-empty text (`iPhone 15` is fine).
        public let value: String

        /// A tag as given; `parse` checks user input, this does not.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }

        /// `key=value` from the command line, or a sentence saying what is wrong with it.
        public static func parse(_ text: String) -> Result<Tag, TagError> {
            guard let equals = text.firstIndex(of: "=") else {
                return .failure(TagError("tag '\(text)' has no '=': write key=value, e.g. commit=abc123"))
            }
            let key = String(text[..<equals])
            let value = String(text[text.index(after: equals)...])
            guard !key.isEmpty else { return .failure(TagError("tag '\(text)' has no key before '='")) }
            guard key.unicodeScalars.allSatisfy(isKeyCharacter) else {
                return .failure(TagError("tag key '\(key)' may hold only letters, digits, '_', '-' and '.'"))
            }
            guard !value.isEmpty else { return .failure(TagError("tag '\(key)' has an empty value")) }
            return .success(Tag(key: key, value: value))
        }

        private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar))
        }
    }

    /// A malformed tag, described for the user.
    public struct TagError: Error, CustomStringConvertible, Sendable {
        /// What is wrong, naming the tag.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Stores `tags` for `traceID`; a key stored before is replaced.
    public static func store(_ tags: [Tag], traceID: Int, in database: Database) throws {
        for tag in tags {
            try database.run(
                "INSERT OR REPLACE INTO tags (trace_id, key, value) VALUES (?, ?, ?)",
                [traceID, tag.key, tag.value]
            )
        }
    }

    /// Every trace's tags, sorted by key.
    public static func all(_ database: Database) throws -> [Int: [Tag]] {
        var tags: [Int: [Tag]] = [:]
        try database.forEachRow("SELECT trace_id, key, value FROM tags ORDER BY trace_id, key") { row in
            tags[row.int(at: 0) ?? 0, default: []].append(Tag(key: row.text(at: 1) ?? "", value: row.text(at: 2) ?? ""))
        }
        return tags
    }
}

extension TraceTags {
    /// The traces that carry every one of `tags` (same key, same value), by id; every trace when
    /// `tags` is empty. What `diff --base-tag` selects a side by.
    public static func traceIDs(taggedWith tags: [Tag], in database: Database) throws -> [Int] {
        let all = try self.all(database)
        var ids: [Int] = []
        try database.forEachRow("SELECT id FROM traces ORDER BY id") { row in
            guard let id = row.int(at: 0) else { return }
            let own = all[id] ?? []
            if tags.allSatisfy({ wanted in own.contains(wanted) }) { ids.append(id) }
        }
        return ids
    }
}
