// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "trace-analyze",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "trace-analyze", targets: ["trace-analyze"]),
        .library(name: "TraceModel", targets: ["TraceModel"]),
        .library(name: "TraceStore", targets: ["TraceStore"]),
        .library(name: "TraceRules", targets: ["TraceRules"]),
        // What an app links in its debug builds: depends on nothing of ours.
        .library(name: "TraceProbe", targets: ["TraceProbe"]),
    ],
    targets: [
        // The system libsqlite3: `apt-get install libsqlite3-dev` on Debian, the SDK's on macOS.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "TraceModel"),
        .target(name: "TraceProbe"),
        .target(name: "TraceStore", dependencies: ["CSQLite", "TraceModel"]),
        .target(name: "TraceRules", dependencies: ["TraceModel", "TraceStore"]),
        .executableTarget(
            name: "trace-analyze",
            dependencies: ["TraceModel", "TraceStore", "TraceRules"]
        ),
        // The probe's overhead per line, printed by bench/probe.sh; not a product.
        .executableTarget(name: "probe-bench", dependencies: ["TraceProbe"], path: "bench/ProbeBench"),
        .testTarget(name: "TraceModelTests", dependencies: ["TraceModel"]),
        .testTarget(name: "TraceProbeTests", dependencies: ["TraceProbe", "TraceModel"]),
        .testTarget(name: "TraceStoreTests", dependencies: ["TraceStore", "TraceModel"]),
        .testTarget(name: "TraceRulesTests", dependencies: ["TraceRules", "TraceStore", "TraceModel"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["trace-analyze", "TraceStore", "TraceProbe"],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
