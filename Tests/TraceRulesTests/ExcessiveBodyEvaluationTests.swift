import Foundation
import Testing
import TraceRules

@Suite struct ExcessiveBodyEvaluationTests {
    /// 72 evaluations spread over one second, each tenth busy; `Other`'s lines between them
    /// (without a time) keep them from being a loop, and neither view reaches the share test's 100.
    private static func busySecond(after first: String?) -> String {
        var lines: [String] = first.map { [$0] } ?? []
        for index in 0..<72 {
            let millis = String(format: "%03d", index * 1000 / 72)
            lines.append("2023-11-14 22:13:20.\(millis)000+0100 MyApp[4242:1000] Row: @self changed.")
            lines.append("Other: @self changed.")
        }
        return lines.joined(separator: "\n")
    }

    @Test func aSecondWithEveryTenthBusyIsAStorm() throws {
        let result = try Pipeline.findings("excessive_body_evaluation", Self.busySecond(after: nil))
        #expect(result.map(\.view) == ["Row"])
        #expect(result.first?.message.contains("72 times within one second") == true)
        #expect(result.first?.lines == [1, 143])
    }

    @Test func aClockThatStepsBackStillCountsTheSecondAfterIt() throws {
        // An earlier line stamped in another time zone lies an hour ahead of the storm: the
        // window of ten tenths ends at each new line, so that line's tenth is not one of them
        // (it was counted as the second's first, at line 1, with 66 evaluations).
        let ahead = "2023-11-14 22:13:25.000000+0000 MyApp[4242:1000] Row: @self changed."
        let result = try Pipeline.findings("excessive_body_evaluation", Self.busySecond(after: ahead))
        #expect(result.map(\.view) == ["Row"])
        #expect(result.first?.message.contains("72 times within one second") == true)
        #expect(result.first?.lines == [2, 144])
    }
}
