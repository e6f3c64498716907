import Testing
@testable import TraceInstrument

/// Where instrument falls short today, kept visible: each test states what a user would want
/// and is marked as a known issue, so fixing a miss makes its test fail until the mark goes.
@Suite struct InstrumentKnownMissesTests {
    @Test func aViewsOwnInitDurationIsNotMeasured() throws {
        // The token sees every init but not how long the struct's `init` took: that needs
        // `initStarted: ProbeClock.now()` at the top of the init and the token made at its end.
        let result = try instrumented("struct Slow: View {\n    let rows: [Int]\n    init() {\n        rows = Array(0..<1_000)\n    }\n    var body: some View { Text(\"slow\") }\n}\n")
        withKnownIssue("the token is a stored property's initial value, made before the init's body runs") {
            #expect(result.contains("initStarted"))
        }
    }
}
