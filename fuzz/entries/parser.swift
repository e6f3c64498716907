// The one entry point libFuzzer calls: it runs the target that `TRACE_FUZZ_TARGET` names
// (`fuzz/run.sh --target NAME` sets it), so one build serves every target:
//   parser       any bytes as a log (FuzzTarget.swift)
//   probe        TraceProbe's structured lines (probe.swift)
//   instruments  any bytes as an xctrace export (instruments.swift)
//   config       any bytes as .trace-analyze.json, custom rules included (config.swift)
//   swift        any bytes as a Swift file: lint, and instrument's round trip (swift.swift)
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceModel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    switch FuzzEntry.target {
    case .parser: FuzzTarget.run(input)
    case .probe: ProbeFuzz.run(input)
    case .instruments: InstrumentsFuzz.run(input)
    case .config: ConfigFuzz.run(input)
    case .swift: SwiftFuzz.run(input)
    }
    return 0
}

enum FuzzEntry: String, CaseIterable {
    case parser, probe, instruments, config, swift

    /// Read once: every input of a run goes to the same target.
    static let target: FuzzEntry = {
        let name = ProcessInfo.processInfo.environment["TRACE_FUZZ_TARGET"] ?? "parser"
        guard let target = FuzzEntry(rawValue: name) else {
            fatalError("TRACE_FUZZ_TARGET=\(name) is no fuzz target; valid: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()
}
