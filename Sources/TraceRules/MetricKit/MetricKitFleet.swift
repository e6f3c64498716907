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
        /// The Instruments categories its range lies in (`HangCategories`, by `main_thread_hang`'s
        /// bounds), lowest first: one for a bucket within a category, more for one that
        /// straddles a bound, whose hangs MetricKit does not tell apart; none for a bucket
        /// without a start.
        public var categories: [String] = []

        /// True when the bucket spans more than one category.
        public var straddles: Bool { categories.count > 1 }
    }

    /// One version's hang-time histogram by Instruments' categories: each category's count, of
    /// the buckets that lie within it, and what the straddling buckets hold.
    public struct VersionCategories: Sendable, Equatable {
        public let version: String
        /// Every category in Instruments' order, its range (`100 ms to 250 ms`) and count.
        public let counts: [CategoryCount]
        /// Hangs in buckets that straddle a bound, not counted in any category.
        public let straddling: Int
    }

    /// A category's hangs in one version.
    public struct CategoryCount: Sendable, Equatable {
        public let category: String
        public let range: String
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
    /// The hang-time buckets of each version by Instruments' categories, in version order.
    public let hangCategories: [VersionCategories]
    public let stacks: [Stack]
    /// The bounds the categories were told by: Brief Unresponsiveness, Microhang, Hang, in ms.
    public let hangBounds: (brief: Double, microhang: Double, hang: Double)

    /// How many stacks `read` keeps.
    public static let topStacks = 10

    /// The SQL of a payload's version label, shared by every query here so they group alike.
    static let versionLabel = "COALESCE(app_version || ' (' || app_build_version || ')', app_version, app_build_version, '?')"

    /// Reads the fleet view of every MetricKit payload in `database`, judging by the
    /// `hitch_time_ratio` thresholds of `configuration` and naming hang times by its
    /// `main_thread_hang` bounds (`brief_unresponsiveness_ms`, `microhang_ms`, `hang_ms`).
    public static func read(database: Database, configuration: RuleConfiguration) throws -> MetricKitFleet {
        let hangThresholds = configuration.settings(for: MainThreadHangRule.self).thresholds
        let categories = HangCategories(
            brief: hangThresholds[MainThreadHangRule.briefMs], microhang: hangThresholds[MainThreadHangRule.microhangMs],
            hang: hangThresholds[MainThreadHangRule.hangMs])
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
            var bucket = Bucket(version: row.text(at: 0) ?? "?", startMs: row.double(at: 1), endMs: row.double(at: 2), count: row.integer(at: 3))
            bucket.categories = Self.categories(from: bucket.startMs, to: bucket.endMs, by: categories).map(\.rawValue)
            buckets.append(bucket)
        }
        var stacks: [Stack] = []
        try database.forEachRow("""
            SELECT top_frames, count(*), total(duration_ms), group_concat(DISTINCT app_build_version)
            FROM metrickit_hangs GROUP BY top_frames ORDER BY count(*) DESC, total(duration_ms) DESC, top_frames LIMIT \(topStacks)
            """) { row in
            stacks.append(Stack(topFrames: row.text(at: 0) ?? "", hangs: row.integer(at: 1), totalMs: row.double(at: 2) ?? 0, builds: row.text(at: 3) ?? ""))
        }
        return MetricKitFleet(
            versions: versions, hangBuckets: buckets, hangCategories: Self.byCategory(buckets, categories), stacks: stacks,
            hangBounds: (categories.brief, categories.microhang, categories.hang))
    }

    /// Instruments' categories, in order.
    static let order: [HangCategories.Category] = [.potentialInteractionDelay, .briefUnresponsiveness, .microhang, .hang]

    /// The categories a bucket from `start` up to `end` lies in. A bucket holds its start and
    /// not its end (the next bucket starts there), as a category holds its lower bound: one
    /// ending at 250 ms lies below the Microhang bound. No end: open above. No start: unknown.
    static func categories(from start: Double?, to end: Double?, by categories: HangCategories) -> [HangCategories.Category] {
        guard let start else { return [] }
        let low = categories.category(start)
        let high: HangCategories.Category
        if let end, end > start {
            // The category of the longest hang the bucket holds, just under its end.
            high = end > categories.hang ? .hang : end > categories.microhang ? .microhang : end > categories.brief ? .briefUnresponsiveness : .potentialInteractionDelay
        } else if end == nil {
            high = .hang
        } else {
            high = low
        }
        guard let from = order.firstIndex(of: low), let to = order.firstIndex(of: high), from <= to else { return [low] }
        return Array(order[from...to])
    }

    /// Each version's counts per category, of its buckets within one; straddling ones apart.
    static func byCategory(_ buckets: [Bucket], _ categories: HangCategories) -> [VersionCategories] {
        let ms = LongBodyUpdateRule.Bodies.ms
        let ranges: [HangCategories.Category: String] = [
            .potentialInteractionDelay: "under \(ms(categories.brief))", .briefUnresponsiveness: "\(ms(categories.brief)) to \(ms(categories.microhang))",
            .microhang: "\(ms(categories.microhang)) to \(ms(categories.hang))", .hang: "\(ms(categories.hang)) or more",
        ]
        var result: [VersionCategories] = []
        var versions: [String] = []
        for bucket in buckets where !versions.contains(bucket.version) { versions.append(bucket.version) }
        for version in versions {
            let mine = buckets.filter { $0.version == version }
            let counts = order.map { category in
                CategoryCount(
                    category: category.rawValue, range: ranges[category] ?? "",
                    count: mine.filter { $0.categories == [category.rawValue] }.reduce(0) { $0 + $1.count })
            }
            result.append(VersionCategories(version: version, counts: counts, straddling: mine.filter { $0.categories.count != 1 }.reduce(0) { $0 + $1.count }))
        }
        return result
    }
}
