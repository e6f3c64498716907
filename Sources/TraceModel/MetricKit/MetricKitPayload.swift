/// One MetricKit payload as `jsonRepresentation()` writes it: an `MXMetricPayload` (a day of one
/// device's metrics) or an `MXDiagnosticPayload` (its hang diagnostics), with the facts the tool
/// judges taken out and the rest kept as the payload's own JSON.
///
/// Apple's documented keys are the schema; a top-level key outside them is counted in
/// `unknownKeys`, never an error, and stays in `json`.
public struct MetricKitPayload: Sendable, Equatable {
    /// The line of the input the payload begins on.
    public var line = 0
    /// `metric` for an `MXMetricPayload`, `diagnostic` for an `MXDiagnosticPayload`.
    public var kind: String
    /// `appVersion` (the short version) when the payload has it.
    public var appVersion: String?
    /// `metaData`'s `appBuildVersion`, `osVersion`, `deviceType`, `regionFormat`,
    /// `platformArchitecture`, `bundleIdentifier`, by those names.
    public var metaData: [String: String] = [:]
    /// `timeStampBegin` and `timeStampEnd` as written (`2022-11-14 00:00:00`).
    public var timeStampBegin: String?
    public var timeStampEnd: String?
    /// `animationMetrics.scrollHitchTimeRatio` in ms per s.
    public var scrollHitchMsPerS: Double?
    /// The histograms read, by the tool's name (`hang_time`, `time_to_first_draw`, …).
    public var histograms: [(name: String, buckets: [MetricKitBucket])] = []
    /// `hangDiagnostics`, in order.
    public var hangs: [MetricKitHang] = []
    /// The top-level keys outside Apple's documented ones.
    public var unknownKeys: [String] = []
    /// The payload's bytes, as read: nothing of it is lost.
    public var json: String

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }
}

/// A histogram bucket as MetricKit gives it (`bucketStart`, `bucketEnd`, `bucketCount`), in
/// milliseconds.
public struct MetricKitBucket: Sendable, Equatable {
    public var index: Int
    public var startMs: Double?
    public var endMs: Double?
    public var count: Int
}

/// One `MXHangDiagnostic`: how long the main thread hung, and the innermost frames of its
/// heaviest call stack (`callStackTree`).
public struct MetricKitHang: Sendable, Equatable {
    /// `diagnosticMetaData.hangDuration` in milliseconds.
    public var durationMs: Double?
    /// The diagnostic's own `diagnosticMetaData` (app build, OS, device), by key.
    public var metaData: [String: String]
    /// The innermost frames of the attributed thread's heaviest path, innermost first, each
    /// `binaryName +offset` (the binary's UUID when it has no name).
    public var topFrames: [String]
    /// How many frames that path has in all.
    public var depth: Int
}
