import Foundation
import Testing
@testable import TraceModel

/// A structured line's numbers (`t=`, `ms=`) read without `strtod` are the numbers `Double`
/// reads, to the last bit, and whatever the fast path does not take goes to `Double` itself.
@Suite struct StructuredNumberTests {
    private static func read(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { StructuredMessage.number(UnsafeRawBufferPointer($0)) }
    }

    @Test(arguments: [
        "0", "7", "007", "0.0", "0.5", "1000.000300000", "1000.002100000", "0.300", "12345678901234.5", "123456789012345",
        "1234567890123456", "0.1234567890123456789012", "0.00000000000000000000001", "1.", ".5", ".", "", "-1", "+1",
        "1e3", "1E-2", "inf", "nan", "0x1p3", "1.2.3", "12a", " 1", "99999999999999999999", "4503599627370497.5",
    ])
    func edgeCasesReadAsDoubleReadsThem(text: String) {
        #expect(Self.read(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }

    @Test func randomDecimalsReadAsDoubleReadsThem() {
        // The same numbers every run, so a miss is found again.
        var generator = RobustnessTests.SplitMix(state: 34)
        for _ in 0..<200_000 {
            let whole = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let fraction = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let text = fraction.isEmpty ? whole : whole + "." + fraction
            guard Self.read(text)?.bitPattern == Double(text)?.bitPattern else {
                Issue.record("\(text): \(String(describing: Self.read(text))) against \(String(describing: Double(text)))")
                return
            }
        }
    }
}
