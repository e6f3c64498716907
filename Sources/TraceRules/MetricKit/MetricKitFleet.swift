import TraceStore

/// What a database's MetricKit payloads say, per app version: the scroll hitch ratio judged by
/// the bands `hitch_time_ratio` uses (as configured), the hang-time histogram summed bucket by
/// bucket as MetricKit gives it, and the hang call stacks seen most often.
public struct MetricKitFleet: Sendable {
    /// One app version's scroll hitch ratio over its metric payloads.
    public struct Version: Sendable, Equatable {
        /// `appVersion (appBuildVersion)`, or whichever the payloads have.
        public let version: String
        /// Metric payloads with a scroll hitch ratio.
        public let payloads: Int
        /// Their mean ratio, min and max, in ms per s.
        public let meanMsPerS: Double
        public let minMsPerS: Double
        public let maxMsPerS: Double
        /// The mean's band in words (`a warning by Apple's hitch-rate bands (…)`).
        public let judgement: String
        /// True when the mean is past the warning band's bound.
        public let isOverWarning: Bool
    }

    /// One hang-time bucket of one version, its counts summed over the version's payloads.
    public struct Bucket: Sendable, Equatable {
        public let version: String
        public let startMs: Double?
        public let endMs: Double?
        public let count: Int
    }

    /// One call stack (innermost frames) of hang diagnostics, with how often it hung.
    public struct Stack: Sendable, Equatable {
        public let topFrames: String
        public let hangs: Int
        public let totalMs: Double
        /// The builds it hung in, comma-separated.
        public let builds: String
    }

    public let versions: [Version]
    public let hangBuckets: [Bucket]
    public let stacks: [Stack]

    /// How many stacks `read` keeps.
    public static let topStacks = 10

    /// The SQL of a payload's version label, shared by every query here so they group alike.
    static let versionLabel = "COALESCE(app_version || ' (' || app_build_version || ')', app_version, app_build_version, '?')"

    /// Reads the fleet view of every MetricKit payload in `database`, judging by the
    /// `hitch_time_ratio` thresholds of `configuration`.
    public static func read(database: Database, configuration: RuleConfiguration) throws -> MetricKitFleet {
        let thresholds = configuration.settings(for: HitchTimeRatioRule.self).thresholds
        let bands = HitchRateBands(
            warning: thresholds[HitchTimeRatioRule.warningRatio], critical: thresholds[HitchTimeRatioRule.criticalRatio],
            immediate: thresholds[HitchTimeRatioRule.immediateRatio])
        var versions: [Version] = []
        try database.forEachRow("""
            SELECT \(versionLabel) AS version, count(*), avg(scroll_hitch_ms_per_s), min(scroll_hitch_ms_per_s), max(scroll_hitch_ms_per_s)
            FROM metrickit_payloads WHERE scroll_hitch_ms_per_s IS NOT NULL GROUP BY version ORDER BY version
            """) { row in
            let mean = row.double(at: 2) ?? 0
            let band = bands.band(mean)
            versions.append(Version(
                version: row.text(at: 0) ?? "?", payloads: row.integer(at: 1), meanMsPerS: mean, minMsPerS: row.double(at: 3) ?? 0,
                maxMsPerS: row.double(at: 4) ?? 0, judgement: bands.judgement(band), isOverWarning: band != .good))
        }
        var buckets: [Bucket] = []
        try database.forEachRow("""
            SELECT \(versionLabel) AS version, b.start_ms, b.end_ms, sum(b.count)
            FROM metrickit_histogram_buckets b JOIN metrickit_payloads p ON p.id = b.payload_id
            WHERE b.histogram = 'hang_time' GROUP BY version, b.start_ms, b.end_ms ORDER BY version, b.start_ms
            """) { row in
            buckets.append(Bucket(version: row.text(at: 0) ?? "?", startMs: row.double(at: 1), endMs: row.double(at: 2), count: row.integer(at: 3)))
        }
        var stacks: [Stack] = []
        try database.forEachRow("""
            SELECT top_frames, count(*), total(duration_ms), group_concat(DISTINCT app_build_version)
            FROM metrickit_hangs GROUP BY top_frames ORDER BY count(*) DESC, total(duration_ms) DESC, top_frames LIMIT \(topStacks)
            """) { row in
            stacks.append(Stack(topFrames: row.text(at: 0) ?? "", hangs: row.integer(at: 1), totalMs: row.double(at: 2) ?? 0, builds: row.text(at: 3) ?? ""))
        }
        return MetricKitFleet(versions: versions, hangBuckets: buckets, stacks: stacks)
    }
}
