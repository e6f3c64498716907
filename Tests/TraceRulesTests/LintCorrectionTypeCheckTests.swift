import Foundation
import Testing
import TraceRules

/// Every correction that changes code type-checks before and after `fix`, with the real
/// `swiftc -typecheck` in Swift 6 mode against the SwiftUI stand-in (`Tests/SwiftUIStandIn`):
/// parsing alone would not see a value link without `Hashable`, an id of the wrong type or a
/// `navigationDestination` that does not fit. So each such pair declares every type it uses.
@Suite struct LintCorrectionTypeCheckTests {
    static let changing = LintCorrectionCase.all.filter { $0.correction.before != $0.correction.after }

    @Test(arguments: changing)
    func typeChecks(_ correctionCase: LintCorrectionCase) throws {
        let standIn = try StandInModule.shared.get()
        for (side, code) in [("before", correctionCase.correction.before), ("after", correctionCase.correction.after)] {
            let result = try standIn.typeCheck("import Foundation\nimport SwiftUI\n" + code)
            #expect(result.status == 0, "\(side):\n\(result.output)", sourceLocation: correctionCase.location)
        }
    }

    /// The pairs this checks include the four rules' fixes.
    @Test func theFixingRulesArePaired() {
        #expect(Set(Self.changing.map(\.rule)) == Set(LintFixer.fixableRules))
    }
}
