import Foundation
import TraceRules

/// The text `trace-analyze metrickit` prints: three sections, one line per row.
enum MetricKitFleetText {
    static func render(_ fleet: MetricKitFleet) -> String {
        var lines = ["Scroll hitch ratio per app version (mean of its metric payloads):"]
        if fleet.versions.isEmpty { lines.append("  no metric payload has a scroll hitch ratio") }
        for version in fleet.versions {
            lines.append(String(
                format: "  %@: %.1f ms/s over %d payload%@ (%.1f to %.1f), %@", version.version, version.meanMsPerS, version.payloads,
                version.payloads == 1 ? "" : "s", version.minMsPerS, version.maxMsPerS, version.judgement))
        }
        lines.append("Hang time histogram per app version (bucketStart to bucketEnd: bucketCount summed):")
        if fleet.hangBuckets.isEmpty { lines.append("  no payload has a hang-time histogram") }
        var current: String?
        for bucket in fleet.hangBuckets {
            if bucket.version != current {
                current = bucket.version
                lines.append("  \(bucket.version):")
            }
            lines.append("    \(milliseconds(bucket.startMs)) to \(milliseconds(bucket.endMs)): \(bucket.count)")
        }
        lines.append("Top hang call stacks by count (innermost frame first, unsymbolicated):")
        if fleet.stacks.isEmpty { lines.append("  no hang diagnostic") }
        for stack in fleet.stacks {
            lines.append(String(format: "  %d hang%@, %.1f s in all, builds %@: %@", stack.hangs, stack.hangs == 1 ? "" : "s", stack.totalMs / 1000, stack.builds, stack.topFrames))
        }
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "?" }
        return value.rounded() == value ? "\(Int(value)) ms" : "\(value) ms"
    }
}
