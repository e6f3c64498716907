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
        lines.append("Hang time histogram per app version (bucketStart to bucketEnd: bucketCount summed), by Instruments' hang categories:")
        if fleet.hangBuckets.isEmpty { lines.append("  no payload has a hang-time histogram") }
        for version in fleet.hangCategories {
            lines.append("  \(version.version):")
            for bucket in fleet.hangBuckets where bucket.version == version.version {
                lines.append("    \(milliseconds(bucket.startMs)) to \(milliseconds(bucket.endMs)): \(bucket.count) (\(category(of: bucket, bounds: fleet.hangBounds)))")
            }
            var summary = "    by category: " + version.counts.map { "\($0.count) \($0.category) (\($0.range))" }.joined(separator: ", ")
            if version.straddling > 0 {
                summary += "; \(version.straddling) in buckets that straddle a bound, counted in none"
            }
            lines.append(summary)
        }
        lines.append("Top hang call stacks by count (innermost frame first, unsymbolicated):")
        if fleet.stacks.isEmpty { lines.append("  no hang diagnostic") }
        for stack in fleet.stacks {
            lines.append(String(format: "  %d hang%@, %.1f s in all, builds %@: %@", stack.hangs, stack.hangs == 1 ? "" : "s", stack.totalMs / 1000, stack.builds, stack.topFrames))
        }
        return lines.joined(separator: "\n")
    }

    /// `Microhang`, or for a bucket across a bound `straddles 250 ms: Brief Unresponsiveness or
    /// Microhang, not told apart`.
    private static func category(of bucket: MetricKitFleet.Bucket, bounds: (brief: Double, microhang: Double, hang: Double)) -> String {
        guard !bucket.categories.isEmpty else { return "no start: no category" }
        guard bucket.straddles else { return bucket.categories[0] }
        let crossed = [bounds.brief, bounds.microhang, bounds.hang].filter { bound in
            (bucket.startMs ?? 0) < bound && bucket.endMs.map { $0 > bound } ?? true
        }
        let names = bucket.categories.count == 2
            ? bucket.categories.joined(separator: " or ")
            : bucket.categories.dropLast().joined(separator: ", ") + " or " + bucket.categories.last!
        return "straddles \(crossed.map { milliseconds($0) }.joined(separator: " and ")): \(names), not told apart"
    }

    private static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "?" }
        return value.rounded() == value ? "\(Int(value)) ms" : "\(value) ms"
    }
}
