/// The panel `watch` keeps at the bottom of a terminal: what is being read, how fast, the
/// findings so far, and the busiest views of the last seconds.
///
/// It is drawn below everything printed, with the cursor left at its end, so erasing it is
/// "go up its height, clear to the end of the screen"; findings are printed in its place and
/// the panel comes back at the next redraw. Lines are cut to the terminal's width, so none
/// wraps and the height stays exact.
struct LivePanel {
    /// How many views the panel lists.
    static let rows = 5

    /// The panel's lines on screen now; 0 when it is not drawn.
    private(set) var height = 0

    /// Escape sequences that remove the panel from the screen, leaving the cursor where its
    /// first line was.
    mutating func erase() -> String {
        guard height > 0 else { return "" }
        defer { height = 0 }
        return "\r" + (height > 1 ? "\u{1B}[\(height - 1)A" : "") + "\u{1B}[J"
    }

    /// Erases the panel and draws it anew with these figures.
    mutating func draw(
        source: String, lines: Int, linesPerSecond: Double, counts: SeverityCounts, top: [Activity.Row],
        window: Int, width: Int, colours: Bool
    ) -> String {
        func paint(_ text: String, _ colour: String) -> String { colours ? colour + text + TerminalColours.reset : text }
        let file = source == "-" ? "<stdin>" : source
        var text: [String] = []
        let rate = Int(linesPerSecond.rounded())
        text.append(paint(LiveFindingText.fitted(
            "── watching \(file) · \(plural(lines, "line")) · \(rate) lines/s · \(counts.text) · Ctrl-C ends", width: width - 1
        ), TerminalColours.bold))
        if top.isEmpty {
            text.append(paint(LiveFindingText.fitted("   no body evaluation or init in the last \(window) s", width: width - 1), TerminalColours.dim))
        } else {
            let nameWidth = min(max(top.map(\.view.count).max() ?? 0, 4), max(width - 24, 8))
            text.append(paint(LiveFindingText.fitted(
                "   " + "last \(window) s".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "   bodies   inits", width: width - 1
            ), TerminalColours.dim))
            for row in top {
                let name = LiveFindingText.fitted(row.view, width: nameWidth).padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                text.append(LiveFindingText.fitted(
                    "   \(name)   \(String(row.bodies).leftPadded(to: 6, with: " "))   \(String(row.inits).leftPadded(to: 5, with: " "))",
                    width: width - 1
                ))
            }
        }
        let drawing = erase() + text.joined(separator: "\n")
        height = text.count
        return drawing
    }
}
