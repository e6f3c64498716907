import Foundation
import Testing
@testable import TraceRules
import TraceStore

/// `non_lazy_navigation_destination` words its delays as its SQL did with `printf('%.1f')`.
@Suite struct NonLazyNavigationDestinationTests {
    /// Ties, decimals stored a hair below or above a tie, their neighbours, and the gaps between
    /// microsecond timestamps, each formatted by the rule and by the linked SQLite.
    @Test func secondsReadAsSQLitePrintfWroteThem() throws {
        var values: [Double] = []
        for whole in [0, 1, 2, 9, 17, 99, 3600, 86_399] {
            for tenth in stride(from: 0.0, to: 1, by: 0.05) {
                let value = Double(whole) + tenth
                values += [value, value.nextUp, value.nextDown]
            }
            values += [Double(whole) + 0.25, Double(whole) + 0.75]
        }
        values += (0..<3000).map { Double($0) / 100 } + (0..<3000).map { Double($0) / 1000 }
        var random = SplitMix(seed: 42)
        for _ in 0..<5000 {
            let start = 1_700_000_000_000_000 + Int(random.next() % 1_000_000_000_000)
            let gap = Int(random.next() % 20_000_000)
            values.append(Double(start + gap) / 1e6 - Double(start) / 1e6)
        }
        let database = try TraceDatabase.openInMemory()
        let printf = try database.prepare("SELECT printf('%.1f', ?)")
        var mismatches: [String] = []
        for value in values {
            printf.reset()
            try printf.bind([value])
            _ = try printf.step()
            let expected = printf.text(at: 0)!
            let actual = NonLazyNavigationDestinationRule.oneDecimal(value)
            if actual != expected { mismatches.append("\(value): \(actual), SQLite \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// A gap of exactly 17.25 s rounds up, where `String(format: "%.1f")` gives 17.2.
    @Test func aTieRoundsUpInTheMessage() throws {
        let findings = try Pipeline.findings("non_lazy_navigation_destination", """
            2024-05-01 10:00:00.000000+0000 App[1:2] MenuView appear
            2024-05-01 10:00:00.000000+0000 App[1:2] SettingsView init
            2024-05-01 10:00:00.000000+0000 App[1:2] ProfileView init
            2024-05-01 10:00:17.250000+0000 App[1:2] SettingsView appear
            2024-05-01 10:00:02.750000+0000 App[1:2] ProfileView appear
            """)
        #expect(findings.map(\.message) == [
            "2 destination views were initialised together right after MenuView appeared (line 1) but were shown only "
                + "much later or never: SettingsView (17.3 s later), ProfileView (2.8 s later).",
        ])
    }

    /// A fixed sequence of pseudo-random numbers.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
