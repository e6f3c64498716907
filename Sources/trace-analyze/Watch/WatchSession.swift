import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `watch`'s reader of the stream: fed by the ingest beside the writer, it runs the rules live,
/// prints each finding the moment it is decided, and keeps the panel on a terminal.
///
/// Everything happens on the ingest's calling thread, between batches: a quiet input still
/// brings a call about every quarter second, which redraws the panel (at most four times a
/// second, never per line) and notices Ctrl-C. Findings go to the database the trace is written
/// to as they become final (and the rest at the end), so a long stream's findings are never all
/// in memory: the report at the end reads them from there.
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
    private let database: Database
    private let store: LiveFindingStore
    private var analyzer: LiveAnalyzer?
    private var recent = RecentLines()
    private var counts = SeverityCounts()
    private var activity = Activity()
    private var panel = LivePanel()
    private var lines = 0
    private var lastDraw = 0.0
    private var started = false

    init(mode: Mode, configuration: RuleConfiguration, sources: SourceIndex?, source: String, colours: Bool, database: Database) {
        self.mode = mode
        self.database = database
        store = LiveFindingStore(database: database)
        self.configuration = configuration
        self.sources = sources
        self.source = source
        self.colours = colours
    }

    func begin(traceID: Int) throws {
        // The report at the end is read from the store: no lines naming instances are kept for it.
        analyzer = LiveAnalyzer(
            configuration: configuration, sources: sources, traceID: traceID, source: source, collectingLinesNamingInstances: false
        )
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
        // After `decisions`, which reports what settles first.
        try analyzer.storeSettled(in: store)
    }

    func shouldContinue(_ progress: Ingestor.Progress) -> Bool {
        lines = progress.stats.lines
        if mode == .panel, Self.now - lastDraw >= Self.redrawInterval { redraw() }
        return !Interruption.wasSignalled
    }

    /// Ends the run: every finding is stored in the database, those only the end decides are
    /// printed (in report order, a few at a time), and the terminal is restored.
    func finish() throws {
        defer { restore() }
        guard let analyzer else { return }
        var decided: [LiveFinding] = []
        // Lines and the panel show a finding's first lines and count the rest; JSON lists them all.
        let evidenceLimit = mode == .json ? nil : LiveFindingText.maxEvidence
        try analyzer.finish(storingIn: store, database: database, evidenceLimit: evidenceLimit) { live in
            decided.append(live)
            // A few at a time: each finding holds its evidence lines, and the end can decide
            // thousands.
            if decided.count == 64 {
                show(decided)
                decided = []
            }
        }
        show(decided)
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
