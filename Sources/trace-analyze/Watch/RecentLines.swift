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
    func text(of line: Int) -> String? {
        lines.firstIndex(of: line).map { texts[$0] }
    }
}
