import Foundation
import Testing
@testable import TraceRules
import TraceStore

/// `non_lazy_navigation_destination` words its delays to the tenth of a second.
@Suite struct NonLazyNavigationDestinationTests {
    /// Ties round up, and a difference of two microsecond timestamps that lands a hair below a
    /// tie (0.15 as 0.1499…) reads as the tie it is.
    @Test(arguments: [
        (17.25, "17.3"), (17.24, "17.2"), (0.15, "0.2"), (0.05, "0.1"), (0.04999, "0.0"), (0, "0.0"),
        (2.75, "2.8"), (86_399.95, "86400.0"), (1.0.nextDown, "1.0"), (-1.25, "-1.3"), (-0.01, "0.0"),
        (1_700_000_017.250_000 - 1_700_000_000.0, "17.3"), (1_700_000_000.150_000 - 1_700_000_000.0, "0.2"),
    ] as [(Double, String)])
    func secondsRoundToTheTenth(_ seconds: Double, _ text: String) {
        #expect(NonLazyNavigationDestinationRule.oneDecimal(seconds) == text)
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
}
