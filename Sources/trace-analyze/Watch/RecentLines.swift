/// The text of the last few thousand lifecycle lines of a stream, so a finding printed live can
/// show what its evidence lines say without reading the store back. Memory stays flat: older
/// lines drop out, and a finding citing one shows it by number alone (the report at the end
/// reads every cited line from the store).
struct RecentLines {
    private var lines: [Int] = []
    private var texts: [String] = []
    private var next = 0
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        lines.reserveCapacity(capacity)
        texts.reserveCapacity(capacity)
    }

    /// Keeps `text` as what line `line` said, in place of the oldest line once full.
    mutating func add(line: Int, text: String) {
        if lines.count < capacity {
            lines.append(line)
            texts.append(text)
        } else {
            lines[next] = line
            texts[next] = text
        }
        next = (next + 1) % capacity
    }

    /// What line `line` said, when it is still kept.
    ///
    /// Lines arrive in ascending order, so the ring read from its oldest entry is sorted: a
    /// binary search finds one among thousands (a finding at the end may cite many).
    func text(of line: Int) -> String? {
        let oldest = lines.count < capacity ? 0 : next
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[(oldest + middle) % capacity] < line { low = middle + 1 } else { high = middle }
        }
        guard low < lines.count, lines[(oldest + low) % capacity] == line else { return nil }
        return texts[(oldest + low) % capacity]
    }
}
