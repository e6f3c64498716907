import Foundation
import Testing

/// The probe driven by simulated SwiftUI, its lines read by the built binary's `check`.
@Suite struct ProbeHarnessEndToEndTests {
    @Test(arguments: Scenario.allCases) func dump(_ scenario: Scenario) throws {
        for probe in [false, true] {
            let log = scenario.log(probe: probe)
            let result = try Tool.run(["check", "--fail-on", "never", "-"], stdin: log)
            print("=== \(scenario.rawValue) probe=\(probe)\n\(log)\n--- check\n\(result.stdout)\(result.stderr)")
        }
    }
}
