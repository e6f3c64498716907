import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `watch`'s reader of the stream: fed by the ingest beside the writer, it runs the rules live,
/// prints each finding the moment it is decided, and keeps the panel on a terminal.
///
/// Everything happens on the ingest's calling thread, between batches: a quiet input still
/// brings a call about every quarter second, which redraws the panel (at most four times a
/// second, never per line) and notices Ctrl-C.
final class WatchSession: IngestObserver {
    /// How findings are shown.
    enum Mode {
        /// A terminal: a block per finding, with a live panel at the bottom.
        case panel
        /// One line per finding.
        case lines
        /// One JSON object per finding (NDJSON).
        case json
    }

    /// The shortest time between two redraws of the panel.
    static let redrawInterval = 0.25

    private let mode: Mode
    private let configuration: RuleConfiguration
    private let sources: SourceIndex?
    private let source: String
    private let colours: Bool
    private var analyzer: LiveAnalyzer?
    private var recent = RecentLines()
    private var counts = SeverityCounts()
    private var activity = Activity()
    private var panel = LivePanel()
    private var lines = 0
    private var lastDraw = 0.0
    private var started = false

    init(mode: Mode, configuration: RuleConfiguration, sources: SourceIndex?, source: String, colours: Bool) {
        self.mode = mode
        self.configuration = configuration
        self.sources = sources
        self.source = source
        self.colours = colours
    }

    func begin(traceID: Int) throws {
        analyzer = LiveAnalyzer(configuration: configuration, sources: sources, traceID: traceID, source: source)
        if mode == .panel {
            started = true
            // The cursor would blink in the panel's last line; `restore` shows it again.
            Console.write("\u{1B}[?25l")
            redraw()
        }
    }

    func take(_ batch: EventBatch) throws {
        let events = batch.events
        guard let analyzer else { return }
        analyzer.observe(contentsOf: events)
        for event in events where event.kind != .text { recent.add(line: event.line, text: event.message) }
        if mode == .panel { activity.count(events, now: Self.now) }
        show(analyzer.decisions())
    }

    func shouldContinue(_ progress: Ingestor.Progress) -> Bool {
        lines = progress.stats.lines
        if mode == .panel, Self.now - lastDraw >= Self.redrawInterval { redraw() }
        return !Interruption.wasSignalled
    }

    /// Ends the run: the findings only the end decides are printed, the terminal restored.
    func finish() -> LiveAnalyzer.Outcome? {
        let outcome = analyzer?.finish()
        show(outcome?.decidedAtEnd ?? [])
        restore()
        return outcome
    }

    /// Leaves the terminal as it was: the panel erased, the cursor shown. Safe to call twice.
    func restore() {
        guard started else { return }
        started = false
        Console.write(panel.erase() + "\u{1B}[?25h" + (colours ? TerminalColours.reset : ""))
        Console.flush()
    }

    private func show(_ decided: [LiveFinding]) {
        guard !decided.isEmpty else { return }
        var text = mode == .panel ? panel.erase() : ""
        for live in decided {
            counts.record(live)
            switch mode {
            case .panel: text += LiveFindingText.block(live, recent: recent, colours: colours, width: Console.width) + "\n"
            case .lines: text += LiveFindingText.line(live, counts: counts) + "\n"
            case .json: text += LiveFindingText.json(live, recent: recent, counts: counts) + "\n"
            }
        }
        Console.write(text)
        // Whoever follows the output sees the finding now, not when a buffer fills.
        Console.flush()
    }

    private func redraw() {
        let now = Self.now
        lastDraw = now
        Console.write(panel.draw(
            source: source, lines: lines, linesPerSecond: activity.linesPerSecond(lines: lines, now: now), counts: counts,
            top: activity.top(LivePanel.rows, now: now), window: activity.window, width: Console.width, colours: colours
        ))
        Console.flush()
    }

    private static var now: Double { ProcessInfo.processInfo.systemUptime }
}
