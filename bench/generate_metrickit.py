#!/usr/bin/env python3
"""Writes N synthetic MetricKit payloads as NDJSON (or a JSON array with --array): metric
payloads in the shape of MXMetricPayload.jsonRepresentation(), one per device per day, spread
over app versions whose scroll hitch ratio rises with the version (1.2 regresses), and every
fifth one a diagnostic payload with a hang diagnostic and its call stack tree. Synthetic: the
shape follows fixtures/metrickit/xcode-simulated-metric-payload.json (Xcode's own simulated
payload) and Sentry's real call stack tree fixture; the numbers are made up, seeded."""
import json, random, sys

VERSIONS = [("1.0", "100", 4.0), ("1.1", "110", 6.0), ("1.2", "120", 19.0), ("1.3", "130", 8.0)]
DEVICES = ["iPhone14,2", "iPhone15,3", "iPhone11,8", "iPad13,4"]
OSES = ["iPhone OS 17.5 (21F79)", "iPhone OS 18.1 (22B83)", "iPhone OS 26.0 (23A341)"]
STACKS = [
    [("MyApp", 81234), ("SwiftUI", 1051175), ("libsqlite3.dylib", 5203), ("libsystem_kernel.dylib", 4096)],
    [("MyApp", 90112), ("Foundation", 28327), ("CoreFoundation", 72411)],
    [("MyApp", 12288), ("UIKitCore", 390407), ("QuartzCore", 220595), ("libsystem_kernel.dylib", 2048)],
]


def histogram(rng, scale):
    starts = [0, 100, 250, 500, 1000]
    buckets = {}
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else 3000
        count = max(0, int(rng.expovariate(1.0 / (40 * scale)) / (index + 1)))
        buckets[str(index)] = {"bucketStart": f"{start} ms", "bucketEnd": f"{end} ms", "bucketCount": count}
    return {"histogramNumBuckets": len(buckets), "histogramValue": buckets}


def frames(stack, samples):
    """Outermost frame first, each calling the next, as callStackRootFrames nests them."""
    node = None
    for binary, offset in reversed(stack):
        frame = {"binaryName": binary, "binaryUUID": "00000000-0000-0000-0000-%012d" % offset,
                 "offsetIntoBinaryTextSegment": offset, "address": 4294967296 + offset, "sampleCount": samples}
        if node is not None:
            frame["subFrames"] = [node]
        node = frame
    return [node]


def payload(rng, index):
    version, build, ratio = VERSIONS[index % len(VERSIONS)]
    meta = {"appBuildVersion": build, "osVersion": rng.choice(OSES), "deviceType": rng.choice(DEVICES),
            "regionFormat": "US", "platformArchitecture": "arm64e", "bundleIdentifier": "com.example.MyApp"}
    day = "2026-11-%02d" % (1 + index % 28)
    if index % 5 == 4:
        stack = STACKS[(index // 5) % len(STACKS) if version != "1.2" else 0]
        return {"timeStampBegin": f"{day} 00:00:00", "timeStampEnd": f"{day} 23:59:00", "appVersion": version,
                "hangDiagnostics": [{"version": "1.0.0", "diagnosticMetaData": dict(meta, hangDuration="%d sec" % rng.randint(1, 8)),
                                     "callStackTree": {"callStackPerThread": True, "callStacks": [
                                         {"threadAttributed": True, "callStackRootFrames": frames(stack, rng.randint(10, 900))}]}}]}
    return {"metaData": meta, "appVersion": version, "timeStampBegin": f"{day} 00:00:00", "timeStampEnd": f"{day} 23:59:00",
            "animationMetrics": {"scrollHitchTimeRatio": "%.1f ms per s" % max(0.0, rng.gauss(ratio, ratio / 4))},
            "applicationResponsivenessMetrics": {"histogrammedApplicationHangTime": histogram(rng, ratio / 4)},
            "applicationLaunchMetrics": {"histogrammedTimeToFirstDraw": histogram(rng, 5)},
            "cpuMetrics": {"cumulativeCPUTime": "%d sec" % rng.randint(10, 900)}}


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(54)
    payloads = (payload(rng, index) for index in range(count))
    out = sys.stdout
    if "--array" in sys.argv:
        out.write("[\n" + ",\n".join(json.dumps(p, indent=2) for p in payloads) + "\n]\n")
    else:
        for p in payloads:
            out.write(json.dumps(p) + "\n")


main()
