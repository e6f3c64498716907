import Testing
import TraceModel

func readDateTime(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBytes { bytes in
        var cursor = ByteCursor(bytes)
        return CivilTime.readDateTime(&cursor)
    }
}

@Suite struct CivilTimeTests {
    @Test func daysFromCivilAgreesWithKnownDates() {
        #expect(CivilTime.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilTime.daysFromCivil(year: 2024, month: 2, day: 29) == 19_782)
        #expect(CivilTime.daysFromCivil(year: 1969, month: 12, day: 31) == -1)
    }

    @Test(arguments: [
        ("2020-03-23 01:10:46.546218+0800", 1_584_897_046.546218),
        ("2024-10-06 00:31:18.068529+0900", 1_728_142_278.068529),
        ("2025-07-27 15:41:33.057177-0400", 1_753_645_293.057177),
        ("2022-08-25 15:22:01.008417+0100", 1_661_437_321.008417),
        ("2024-01-01T00:00:00+0000", 1_704_067_200),
        ("2024-01-01T05:30:00+05:30", 1_704_067_200),
        ("2024-01-01T00:00:00Z", 1_704_067_200),
        // No offset: read as UTC.
        ("2026-08-11 17:15:22.031", 1_786_468_522.031),
    ])
    func readsTimestampsHonouringTheOffset(text: String, expected: Double) throws {
        let value = try #require(readDateTime(text))
        #expect(abs(value - expected) < 0.000_001, "\(text): \(value)")
    }

    @Test(arguments: ["2024-13-01 00:00:00", "2024-01-01 25:00:00", "2024-01-01", "2024/01/01 00:00:00", "20240101 00:00:00"])
    func rejectsWhatIsNotADateAndTime(text: String) {
        #expect(readDateTime(text) == nil)
    }

    @Test func currentYearIsPlausible() {
        #expect((2024...2200).contains(CivilTime.currentYear()))
    }
}
