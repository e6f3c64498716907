import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze metrickit`: the fleet view of the MetricKit payloads ingested.
enum MetricKitCommand: Command {
    static let spec = CommandSpec(
        name: "metrickit",
        summary: "Judge ingested MetricKit payloads per app version: scroll hitch ratio by Apple's bands, hang-time histogram, top hang stacks.",
        usage: "[--db PATH] [--config PATH]",
        options: [DatabaseOption.spec, ConfigOption.spec],
        discussion: """
        The bands are hitch_time_ratio's (warning_ms_per_s, critical_ms_per_s,
        immediate_attention_ms_per_s in the configuration). Ingest payload files first:
        `trace-analyze ingest payloads.ndjson`. See docs/metrickit.md.
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let configuration = try RuleConfiguration(file: ConfigOption.load(arguments))
        let database = try DatabaseOption.openForReading(arguments)
        let fleet = try MetricKitFleet.read(database: database, configuration: configuration)
        Console.out(MetricKitFleetText.render(fleet))
        return ExitCode.success
    }
}
