import Testing
import TraceRules

@Suite struct SeverityTests {
    @Test func severitiesOrderFromInfoToError() {
        #expect(Severity.allCases.sorted() == [.info, .warning, .error])
        #expect(Severity.warning >= .info)
        #expect(!(Severity.info >= .warning))
    }
}
