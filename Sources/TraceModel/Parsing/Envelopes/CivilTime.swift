import Foundation

/// Timestamps to epoch seconds with plain calendar arithmetic: no `DateFormatter`, no time zone
/// database, nothing allocated per line.
///
/// A time without a UTC offset (compact style, idevicesyslog, old NSLog) is read as UTC: the
/// log does not say which zone it was written in, and guessing the reader's zone would make
/// the same file give different `ts` values on different machines. Differences between
/// timestamps, which is what the rules use, are right either way.
public enum CivilTime {
    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    @inlinable public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Epoch seconds of a civil date and time in UTC.
    @inlinable public static func epochSeconds(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) -> Int {
        daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// Reads `YYYY-MM-DD`, a space or `T`, then a time with `readTime`; nil (cursor unmoved) when
    /// the bytes are not a date and time.
    public static func readDateTime(_ cursor: inout ByteCursor) -> Double? {
        var memo = MinuteMemo()
        return readDateTime(&cursor, memo: &memo)
    }

    /// The first sixteen bytes of the last date and time read (`YYYY-MM-DD HH:MM`) and what they
    /// say, for the next line of a log, which nearly always repeats them: read again, they would
    /// give the same values, so only the seconds on are read.
    struct MinuteMemo {
        fileprivate var head: (UInt64, UInt64) = (0, 0)
        fileprivate var valid = false
        /// The epoch seconds of that minute (UTC).
        fileprivate var minute = 0
    }

    /// `readDateTime`, answering a line whose date and time up to the minute are the bytes `memo`
    /// holds from its values, and keeping a line's that are not.
    static func readDateTime(_ cursor: inout ByteCursor, memo: inout MinuteMemo) -> Double? {
        let start = cursor.position
        let bytes = cursor.bytes
        if memo.valid, start + 16 <= bytes.count,
           bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self) == memo.head.0,
           bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self) == memo.head.1 {
            cursor.position = start + 16
            if let seconds = readSeconds(&cursor, minute: memo.minute) { return seconds }
            cursor.position = start
            return nil
        }
        guard let year = cursor.readFixedInt(digits: 4), cursor.skip(UInt8(ascii: "-")),
              let month = cursor.readFixedInt(digits: 2), cursor.skip(UInt8(ascii: "-")),
              let day = cursor.readFixedInt(digits: 2),
              cursor.skip(UInt8(ascii: " ")) || cursor.skip(UInt8(ascii: "T")),
              let minute = readMinute(&cursor, year: year, month: month, day: day)
        else {
            cursor.position = start
            return nil
        }
        // Sixteen bytes read: `YYYY-MM-DD HH:MM`, each field of fixed width.
        memo.head = (bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
        memo.minute = minute
        memo.valid = true
        guard let seconds = readSeconds(&cursor, minute: minute) else {
            cursor.position = start
            return nil
        }
        return seconds
    }

    /// Reads `HH:MM:SS`, an optional fraction and an optional offset (`Z`, `+0800`, `-04:00`)
    /// for the given date; nil (cursor unmoved) when malformed or out of range.
    public static func readTime(_ cursor: inout ByteCursor, year: Int, month: Int, day: Int) -> Double? {
        let start = cursor.position
        guard let minute = readMinute(&cursor, year: year, month: month, day: day),
              let seconds = readSeconds(&cursor, minute: minute)
        else {
            cursor.position = start
            return nil
        }
        return seconds
    }

    /// Reads `HH:MM` of the given date: the epoch seconds of that minute (UTC); nil when the
    /// date or the time is out of range, or the bytes are not one (the cursor then moved).
    @inline(__always)
    private static func readMinute(_ cursor: inout ByteCursor, year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day),
              let hour = cursor.readFixedInt(digits: 2), hour < 24, cursor.skip(UInt8(ascii: ":")),
              let minute = cursor.readFixedInt(digits: 2), minute < 60
        else { return nil }
        return epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: 0)
    }

    /// Reads `:SS`, an optional fraction and an optional offset after a minute (`minute`, its
    /// epoch seconds); nil when malformed or out of range (the cursor then moved).
    @inline(__always)
    private static func readSeconds(_ cursor: inout ByteCursor, minute: Int) -> Double? {
        guard cursor.skip(UInt8(ascii: ":")), let second = cursor.readFixedInt(digits: 2), second <= 60 else { return nil }
        var fraction = 0.0
        if cursor.skip(UInt8(ascii: ".")) || cursor.skip(UInt8(ascii: ",")) {
            var scale = 0.1
            var digits = 0
            while let byte = cursor.peek, byte >= 0x30 && byte <= 0x39 {
                // Digits past nanoseconds cannot change a Double epoch value; skip them.
                if digits < 9 { fraction += Double(byte - 0x30) * scale }
                scale *= 0.1
                digits += 1
                cursor.position += 1
            }
            if digits == 0 { return nil }
        }
        var offset = 0
        if cursor.skip(UInt8(ascii: "Z")) {
            offset = 0
        } else if let sign = cursor.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let signStart = cursor.position
            cursor.position += 1
            if let hours = cursor.readFixedInt(digits: 2) {
                _ = cursor.skip(UInt8(ascii: ":"))
                let minutes = cursor.readFixedInt(digits: 2) ?? 0
                offset = (hours * 3_600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                cursor.position = signStart
            }
        }
        return Double(minute + second - offset) + fraction
    }

    /// The month number of a three-letter English month name (`Jan` ... `Dec`), as syslog prints it.
    public static func month(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        switch (a, b, c) {
        case (0x4A, 0x61, 0x6E): 1   // Jan
        case (0x46, 0x65, 0x62): 2   // Feb
        case (0x4D, 0x61, 0x72): 3   // Mar
        case (0x41, 0x70, 0x72): 4   // Apr
        case (0x4D, 0x61, 0x79): 5   // May
        case (0x4A, 0x75, 0x6E): 6   // Jun
        case (0x4A, 0x75, 0x6C): 7   // Jul
        case (0x41, 0x75, 0x67): 8   // Aug
        case (0x53, 0x65, 0x70): 9   // Sep
        case (0x4F, 0x63, 0x74): 10  // Oct
        case (0x4E, 0x6F, 0x76): 11  // Nov
        case (0x44, 0x65, 0x63): 12  // Dec
        default: nil
        }
    }

    /// The current year in UTC, for formats that print no year.
    public static func currentYear() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // Civil-from-days, inverted from `daysFromCivil`.
        let days = Int(now.tv_sec) / 86_400 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (monthFromMarch >= 10 ? 1 : 0)
    }
}
