import Foundation
import TraceRules
import TraceStore

extension DiffCommand {
    /// `diff --base-tag KEY=VALUE --head-tag KEY=VALUE`: each side is the stored traces that carry
    /// every tag given for it (`ingest --tag`, or the CI variables `check` and `ingest` read).
    struct TagSides {
        let base: [TraceTags.Tag]
        let head: [TraceTags.Tag]

        /// The tags of both sides, checked: well formed, given for both sides, not the same.
        init(_ arguments: ParsedArguments) throws {
            guard arguments.positionals.isEmpty else {
                throw UsageError("with --base-tag and --head-tag the stored traces so tagged are the runs; give no trace ids or logs as well (\(arguments.positionals.joined(separator: " ")))")
            }
            base = try Self.parse(arguments.values("base-tag"), option: "base-tag")
            head = try Self.parse(arguments.values("head-tag"), option: "head-tag")
            guard !base.isEmpty, !head.isEmpty else {
                throw UsageError("--\(base.isEmpty ? "head-tag" : "base-tag") needs --\(base.isEmpty ? "base-tag" : "head-tag") too: trace-analyze diff --db traces.sqlite --base-tag branch=main --head-tag branch=pr-42")
            }
            guard Set(base.map(Self.words)) != Set(head.map(Self.words)) else {
                throw UsageError("--base-tag and --head-tag both ask for \(Self.words(base)): the two sides would be the same traces")
            }
        }

        /// Both sides' runs in `path`, analysed as `diff 3 4 --db` analyses them; a side that
        /// selects no trace, or a trace on both sides, is an error before any is analysed.
        func snapshots(
            path: String, _ snapshot: (Database, Int, String) throws -> TraceSnapshot
        ) throws -> (base: [TraceSnapshot], head: [TraceSnapshot]) {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ToolError("no database at \(path); store tagged runs with `trace-analyze ingest run.log --db \(path) --tag branch=main`")
            }
            let database = try TraceDatabase.openForAnalysis(path: path)
            if let reason = database.copiedBecause { Console.note("trace-analyze: note: \(reason)") }
            let baseIDs = try TraceTags.traceIDs(taggedWith: base, in: database)
            let headIDs = try TraceTags.traceIDs(taggedWith: head, in: database)
            for (option, tags, ids) in [("--base-tag", base, baseIDs), ("--head-tag", head, headIDs)] where ids.isEmpty {
                throw ToolError("\(option) \(Self.words(tags)) selects no trace in \(path); \(try Self.storedTags(database, path: path))")
            }
            let shared = Set(baseIDs).intersection(headIDs)
            if !shared.isEmpty {
                let sides = "--base-tag \(Self.words(base)) and --head-tag \(Self.words(head))"
                if baseIDs == headIDs {
                    throw ToolError("\(sides) select the same traces (\(Self.list(baseIDs))): a run set compared with itself shows nothing; tag BASE's and HEAD's runs apart")
                }
                let ids = shared.sorted()
                throw ToolError("\(sides) both select trace\(ids.count == 1 ? "" : "s") \(Self.list(ids)): a run can be on one side only; add a tag that tells the sides apart (`trace-analyze traces --db \(path)` lists them)")
            }
            let traces = try TraceCatalog.list(database)
            func side(_ ids: [Int]) throws -> [TraceSnapshot] {
                try ids.map { id in
                    let source = traces.first { $0.id == id }.map { StandardInput.name(of: $0.source) } ?? "-"
                    return try snapshot(database, id, "trace \(id) (\(source))")
                }
            }
            return (try side(baseIDs), try side(headIDs))
        }

        private static func parse(_ values: [String], option: String) throws -> [TraceTags.Tag] {
            var tags: [TraceTags.Tag] = []
            for text in values {
                switch TraceTags.Tag.parse(text) {
                case .success(let tag):
                    guard !tags.contains(where: { $0.key == tag.key }) else {
                        throw UsageError("--\(option) \(tag.key) given more than once: a trace has one value per key")
                    }
                    tags.append(tag)
                case .failure(let error):
                    throw UsageError("--\(option): \(error)")
                }
            }
            return tags
        }

        private static func words(_ tag: TraceTags.Tag) -> String { "\(tag.key)=\(tag.value)" }

        /// `branch=main commit=abc`: the tags a side asks for, as given.
        private static func words(_ tags: [TraceTags.Tag]) -> String { tags.map(words).joined(separator: " ") }

        private static func list(_ ids: [Int]) -> String { ids.map(String.init).joined(separator: ", ") }

        /// What the database's traces are tagged with, so the user can pick a side that exists.
        private static func storedTags(_ database: Database, path: String) throws -> String {
            var counts: [String: Int] = [:]
            for tags in try TraceTags.all(database).values {
                for tag in tags { counts[words(tag), default: 0] += 1 }
            }
            guard !counts.isEmpty else {
                return "no trace there has a tag (store runs with `trace-analyze ingest run.log --db \(path) --tag branch=main`)"
            }
            let shown = counts.sorted { $0.key < $1.key }.prefix(12).map { "\($0.key) (\($0.value) trace\($0.value == 1 ? "" : "s"))" }
            return "its tags: " + shown.joined(separator: ", ") + (counts.count > 12 ? ", …" : "")
        }
    }
}
