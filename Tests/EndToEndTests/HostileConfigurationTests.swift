import Foundation
import Testing

/// Configuration values a careless or hostile user writes end with a message naming the key,
/// never with a crash.
@Suite struct HostileConfigurationTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    @Test(arguments: ["1e19", "9223372036854775807", "1e300", "-1e300"])
    func aHugeThresholdIsAnErrorNamingTheKeyAndTheRange(value: String) throws {
        let workspace = try Workspace()
        _ = try workspace.write(".trace-analyze.json", #"{"rules":{"identity_churn":{"min_recreations":\#(value)}}}"#)
        let result = try Tool.run(["check", Self.log], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("rules.identity_churn.min_recreations: must be in 1 to 1000000000, found "))
    }

    @Test func theLargestAllowedThresholdStillRuns() throws {
        let workspace = try Workspace()
        _ = try workspace.write(".trace-analyze.json", #"{"rules":{"redundant_instance_creation":{"min_instances":1000000000,"min_ratio":1000000000}}}"#)
        let result = try Tool.run(["check", Self.log], in: workspace.url)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("redundant_instance_creation"))
    }
}
