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
        // `swift package trace-analyze check ui-test.log` in a package that depends on this one.
        .plugin(name: "TraceAnalyzePlugin", targets: ["TraceAnalyzePlugin"]),
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
        // The reading of Swift sources (tokens, type declarations) that lint, --sources and
        // instrument share; depends on nothing.
        .target(name: "SwiftSource"),
        .target(name: "TraceRules", dependencies: ["TraceModel", "TraceStore", "SwiftSource"]),
        // `instrument`'s rewriting of Swift sources: apart from the rules, which it is not.
        .target(name: "TraceInstrument", dependencies: ["SwiftSource", "TraceStore"]),
        .executableTarget(
            name: "trace-analyze",
            dependencies: ["TraceModel", "TraceStore", "TraceRules", "TraceInstrument"],
            // The pages' templates, edited as HTML, CSS and JavaScript files and compiled into the
            // binary as byte arrays: no resource bundle, the tool stays one file.
            resources: [
                .embedInCode("Timeline/timeline.html"), .embedInCode("Timeline/timeline.css"), .embedInCode("Timeline/timeline.js"),
                .embedInCode("Reporters/report.html"), .embedInCode("Reporters/report.css"), .embedInCode("Reporters/report.js"),
            ]
        ),
        .plugin(
            name: "TraceAnalyzePlugin",
            capability: .command(
                intent: .custom(verb: "trace-analyze", description: "Run trace-analyze (check, report, query...) on this package's logs.")
            ),
            dependencies: ["trace-analyze"]
        ),
        // The probe's overhead per line, printed by bench/probe.sh; not a product.
        .executableTarget(name: "probe-bench", dependencies: ["TraceProbe"], path: "bench/ProbeBench"),
        .testTarget(name: "TraceModelTests", dependencies: ["TraceModel"]),
        .testTarget(name: "TraceProbeTests", dependencies: ["TraceProbe", "TraceModel"]),
        .testTarget(name: "TraceStoreTests", dependencies: ["TraceStore", "TraceModel"]),
        // The programs some tests drive (chromium, tmux, sqlite3...): skipped with a line saying
        // so where one is missing, a failure in CI. Foundation only, so both test targets share it.
        .target(name: "RequiredTools", path: "Tests/RequiredTools"),
        // The oracle: random small apps played on a simulated SwiftUI, their truth, every log style
        // of one run, and the check of each finding against the truth (docs/oracle.md).
        .target(name: "Oracle", dependencies: ["TraceModel", "TraceRules"], path: "Tests/Oracle"),
        .testTarget(name: "TraceRulesTests", dependencies: ["TraceRules", "TraceStore", "TraceModel", "SwiftSource", "RequiredTools", "Oracle"]),
        .testTarget(name: "TraceInstrumentTests", dependencies: ["TraceInstrument", "SwiftSource"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["trace-analyze", "TraceStore", "TraceProbe", "RequiredTools", "Oracle"],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
