extension MetricKitPayload {
    /// Apple's top-level keys of both payload kinds (MetricKit, iOS 13–26, and the 27 names);
    /// any other key is counted as unknown.
    static let knownKeys: Set<String> = [
        "metaData", "appVersion", "timeStampBegin", "timeStampEnd", "cpuMetrics", "gpuMetrics",
        "cellularConditionMetrics", "applicationTimeMetrics", "locationActivityMetrics",
        "networkTransferMetrics", "applicationLaunchMetrics", "applicationResponsivenessMetrics",
        "diskIOMetrics", "memoryMetrics", "displayMetrics", "animationMetrics", "applicationExitMetrics",
        "diskSpaceUsageMetrics", "signpostMetrics", "hangDiagnostics", "crashDiagnostics",
        "cpuExceptionDiagnostics", "diskWriteExceptionDiagnostics", "appLaunchDiagnostics",
    ]
    static let metaDataKeys = ["appBuildVersion", "osVersion", "deviceType", "regionFormat", "platformArchitecture", "bundleIdentifier"]
    /// The histograms kept: the tool's name, the object holding it, and the names MetricKit has
    /// used for it (Xcode's simulated payloads write `histogrammedAppHangTime` and `…Key`).
    static let histogramPaths: [(name: String, parent: String, keys: [String])] = [
        ("hang_time", "applicationResponsivenessMetrics", ["histogrammedApplicationHangTime", "histogrammedAppHangTime"]),
        ("time_to_first_draw", "applicationLaunchMetrics", ["histogrammedTimeToFirstDraw", "histogrammedTimeToFirstDrawKey"]),
        ("optimized_time_to_first_draw", "applicationLaunchMetrics", ["histogrammedOptimizedTimeToFirstDraw", "histogrammedOptimizedTimeToFirstDrawKey"]),
        ("resume_time", "applicationLaunchMetrics", ["histogrammedApplicationResumeTime", "histogrammedResumeTime"]),
        ("extended_launch", "applicationLaunchMetrics", ["histogrammedExtendedLaunch"]),
    ]
    /// How many innermost frames a hang keeps.
    static let keptFrames = 5

    /// Reads a parsed payload; nil when `value` is no object. `json` is the payload's text.
    static func read(_ value: JSONValue, json: String) -> MetricKitPayload? {
        guard case .object(let members, let order) = value else { return nil }
        let isDiagnostic = members.keys.contains { $0.hasSuffix("Diagnostics") }
        var payload = MetricKitPayload(kind: isDiagnostic ? "diagnostic" : "metric", json: json)
        payload.appVersion = members["appVersion"]?.stringValue
        payload.metaData = strings(members["metaData"])
        payload.timeStampBegin = members["timeStampBegin"]?.stringValue
        payload.timeStampEnd = members["timeStampEnd"]?.stringValue
        payload.scrollHitchMsPerS = members["animationMetrics"]?["scrollHitchTimeRatio"].flatMap(MetricKitUnit.msPerSecond)
        for path in histogramPaths {
            guard let parent = members[path.parent], let histogram = path.keys.lazy.compactMap({ parent[$0] }).first else { continue }
            payload.histograms.append((path.name, buckets(histogram)))
        }
        if case .array(let diagnostics)? = members["hangDiagnostics"] {
            payload.hangs = diagnostics.map(hang)
        }
        payload.unknownKeys = order.filter { !knownKeys.contains($0) }
        return payload
    }

    private static func strings(_ value: JSONValue?) -> [String: String] {
        guard case .object(let members, _)? = value else { return [:] }
        var strings: [String: String] = [:]
        for key in metaDataKeys { if let text = members[key]?.stringValue { strings[key] = text } }
        return strings
    }

    /// `histogramValue`'s buckets, keyed `"0"`, `"1"`, … (or an array), in bucket order.
    private static func buckets(_ histogram: JSONValue) -> [MetricKitBucket] {
        let entries: [(Int, JSONValue)]
        switch histogram["histogramValue"] {
        case .object(let members, let order)?: entries = order.enumerated().map { (Int($1) ?? $0, members[$1]!) }
        case .array(let items)?: entries = Array(items.enumerated())
        default: return []
        }
        return entries.sorted { $0.0 < $1.0 }.map { index, bucket in
            MetricKitBucket(
                index: index, startMs: bucket["bucketStart"].flatMap(MetricKitUnit.milliseconds),
                endMs: bucket["bucketEnd"].flatMap(MetricKitUnit.milliseconds), count: Int(bucket["bucketCount"]?.numberValue ?? 0)
            )
        }
    }

    private static func hang(_ diagnostic: JSONValue) -> MetricKitHang {
        let meta = diagnostic["diagnosticMetaData"]
        var metaData = strings(meta)
        if case .object(let members, _)? = meta, let hangDuration = members["hangDuration"]?.stringValue { metaData["hangDuration"] = hangDuration }
        let path = heaviestPath(diagnostic["callStackTree"])
        return MetricKitHang(
            durationMs: meta?["hangDuration"].flatMap(MetricKitUnit.milliseconds), metaData: metaData,
            topFrames: Array(path.reversed().prefix(keptFrames)), depth: path.count
        )
    }

    /// The frames of the attributed thread (the first thread when none is) from its root down
    /// the subframe with most samples: the stack the hang spent its time in.
    private static func heaviestPath(_ tree: JSONValue?) -> [String] {
        guard case .array(let stacks)? = tree?["callStacks"], !stacks.isEmpty else { return [] }
        let stack = stacks.first { $0["threadAttributed"] == .bool(true) } ?? stacks[0]
        var path: [String] = []
        var frames = stack["callStackRootFrames"]
        while case .array(let level)? = frames, let frame = heaviest(level), path.count < 4096 {
            let binary = frame["binaryName"]?.stringValue ?? frame["binaryUUID"]?.stringValue ?? "?"
            let offset = frame["offsetIntoBinaryTextSegment"]?.numberValue.map { String(Int($0)) } ?? "?"
            path.append("\(binary) +\(offset)")
            frames = frame["subFrames"]
        }
        return path
    }

    private static func heaviest(_ frames: [JSONValue]) -> JSONValue? {
        frames.max { ($0["sampleCount"]?.numberValue ?? 0) < ($1["sampleCount"]?.numberValue ?? 0) }
    }
}
