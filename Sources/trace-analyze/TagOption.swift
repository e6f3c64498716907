import Foundation
import TraceStore

/// `--tag key=value` (repeatable) and the CI variables that stand in for it.
enum TagOption {
    static let spec = OptionSpec(
        name: "tag", value: "KEY=VALUE",
        help: "Store run metadata with the trace (repeatable): commit=..., branch=..., device=\"iPhone 15\". GitHub Actions' GITHUB_SHA, GITHUB_REF_NAME, GITHUB_RUN_ID become commit, branch, run; --tag wins.",
        repeatable: true
    )

    /// The CI variables read, and the tag each becomes.
    static let environmentTags = [("GITHUB_SHA", "commit"), ("GITHUB_REF_NAME", "branch"), ("GITHUB_RUN_ID", "run")]

    /// The tags for this run: the CI variables present, then `--tag`, which replaces a CI tag of
    /// the same key. Says on stderr which CI variables were used; a malformed tag is a usage error.
    static func resolve(_ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [TraceTags.Tag] {
        var explicit: [TraceTags.Tag] = []
        for text in arguments.values("tag") {
            switch TraceTags.Tag.parse(text) {
            case .success(let tag):
                if explicit.contains(where: { $0.key == tag.key }) {
                    throw UsageError("--tag \(tag.key) given more than once")
                }
                explicit.append(tag)
            case .failure(let error):
                throw UsageError("--tag: \(error)")
            }
        }
        var fromEnvironment: [(variable: String, tag: TraceTags.Tag)] = []
        for (variable, key) in environmentTags {
            guard let value = environment[variable], !value.isEmpty, !explicit.contains(where: { $0.key == key }) else { continue }
            fromEnvironment.append((variable, TraceTags.Tag(key: key, value: value)))
        }
        if !fromEnvironment.isEmpty {
            let list = fromEnvironment.map { "\($0.tag.key)=\($0.tag.value) (\($0.variable))" }.joined(separator: ", ")
            Console.note("tags from the environment: \(list)")
        }
        return fromEnvironment.map(\.tag) + explicit
    }
}
