import TraceModel

/// A view initialised again and again during one presentation: while it (or the sheet or
/// screen that holds it) stays on screen, new values of it are made over and over.
public enum ReinitWhileShownRule: Rule {
    static let minInits = Threshold.count(
        "min_inits", default: 3, "Inits of one view (and instance) during one presentation, after it appeared.")

    public static let description = RuleDescription(
        identifier: "reinit_while_shown",
        title: "View made again while shown",
        defaultSeverity: .info,
        summary: "A view is initialised again and again while it stays on screen (between its appear and its disappear, or during the one presentation of the sheet or screen that holds it).",
        rationale: """
            A view's `init` runs whenever its parent's body runs, not once per presentation: \
            a detail screen shown while its list keeps updating, or a sheet's content while the \
            presenting view re-renders behind it, is made again each time, though SwiftUI keeps \
            its state. Work in that init (a model, a formatter, a fetch) runs every time, and \
            values passed in change under the view mid-presentation. The rule counts the inits \
            of a view between its appear and its disappear; for a view that prints no appear of \
            its own (a sheet's content), between the appear and disappear of the first view \
            that appears after its first init (the sheet's wrapper), which must appear only \
            once. The first init, before the appear, is the presentation's own; the ones after \
            it are counted, except where another view's body line comes first: then the log \
            shows the parent update that made the value, an ordinary one. Rows that print an \
            instance are counted per instance, and a view on screen several times at once (rows \
            without instances) is not one view made again.
            """,
        fix: """
            Keep the init to storing its arguments: own models with `@StateObject` (its \
            autoclosure runs once per identity; a `@State` initial value runs on every init), \
            start work in `.task`, and pass the view only what it \
            shows, so parent updates that do not concern it stop re-making it (or make it \
            `Equatable`).
            """,
        swiftFix: [
            SwiftPair(
                note: "The detail screen is made again on every update of the orders list behind it, and `@ObservedObject private var tracker = DeliveryTracker()` makes a new tracker with each value: the status shown starts over. `@StateObject` calls its autoclosure once per identity, so the screen keeps its first tracker while it is shown.",
                before: #"""
                    import SwiftUI

                    struct Order: Identifiable {
                        let id: Int
                        let item: String
                    }

                    @MainActor final class DeliveryTracker: ObservableObject {
                        @Published var status = "Preparing"

                        func follow(orderID: Int) async {
                            status = "Order \(orderID) is on its way"
                        }
                    }

                    /// Shown while the orders list behind it keeps updating: its init runs again on each update.
                    struct OrderDetailView: View {
                        let order: Order
                        // A new tracker with every init of the view: the status shown starts over.
                        @ObservedObject private var tracker = DeliveryTracker()

                        var body: some View {
                            VStack {
                                Text(order.item).font(.headline)
                                Text(tracker.status)
                            }
                            .task(id: order.id) { await tracker.follow(orderID: order.id) }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Order: Identifiable {
                        let id: Int
                        let item: String
                    }

                    @MainActor final class DeliveryTracker: ObservableObject {
                        @Published var status = "Preparing"

                        func follow(orderID: Int) async {
                            status = "Order \(orderID) is on its way"
                        }
                    }

                    /// Shown while the orders list behind it keeps updating: its init runs again on each update.
                    struct OrderDetailView: View {
                        let order: Order
                        // Made once per identity: later inits of the view keep the first tracker.
                        @StateObject private var tracker = DeliveryTracker()

                        var body: some View {
                            VStack {
                                Text(order.item).font(.headline)
                                Text(tracker.status)
                            }
                            .task(id: order.id) { await tracker.follow(orderID: order.id) }
                        }
                    }
                    """#,
                lintRules: ["observed_object_created"]
            ),
        ],
        seed: "000 (a view's init runs on every parent update); 003 (inits without a body)",
        thresholds: [minInits],
        triggeringExamples: [
            Example(note: "A detail screen made three times while it stays on screen.", """
                DetailView init
                ↓DetailView appeared
                ↓DetailView init
                ↓DetailView init
                ↓DetailView init
                ↓DetailView disappeared
                """),
            Example(note: "A sheet's content made again around the wrapper's single appear, until the sheet goes away.", """
                SheetContentView init
                ↓SheetWrapper onAppear
                ↓SheetContentView init
                ↓SheetContentView init
                ↓SheetContentView init
                ↓SheetWrapper onDisappear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Made once per presentation: each appear follows its own init.", """
                DetailView init
                DetailView appeared
                DetailView disappeared
                DetailView init
                DetailView appeared
                DetailView disappeared
                """),
            Example(note: "One re-init while shown is an ordinary parent update.", """
                DetailView init
                DetailView appeared
                DetailView init
                DetailView disappeared
                """),
            Example(note: "Rows made as a list appears and scrolls: each row an instance of its own, each made once.", """
                FeedView appear
                RowView init #1
                RowView init #2
                RowView init #3
                RowView init #4
                """),
            Example(note: "Each re-init follows the parent's printed update: the log shows what made it.", """
                PlayButton init
                PlayButton appear
                ContentView: _count changed.
                PlayButton init
                ContentView: _count changed.
                PlayButton init
                ContentView: _count changed.
                PlayButton init
                """),
            Example(note: "Four rows on screen, made again together: one init per row, not one view made four times.", """
                PostRow appear
                PostRow appear
                PostRow appear
                PostRow appear
                PostRow init
                PostRow init
                PostRow init
                PostRow init
                """),
            Example(note: "A model made again is `state_model_reinit`'s: a type that is no view is not counted.", """
                DetailView appear
                DataModel init
                DataModel init
                DataModel init
                DetailView disappear
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Presentations(minInits: context.thresholds.count(minInits))
    }

    /// Inits counted per view and instance within the presentation they fall into.
    final class Presentations: Detector {
        private let minInits: Int
        /// Per view symbol: the line of the appear that put it on screen, while it is there.
        @exclusivity(unchecked) private var shownAt: [Int?] = []
        /// Per view symbol: it printed an appear, disappear or body line (so it is a view, and
        /// one whose own presentation the log shows).
        @exclusivity(unchecked) private var seenShown: [Bool] = []
        /// Per view symbol: it appeared again before it disappeared (rows, or presentations the
        /// log does not separate).
        @exclusivity(unchecked) private var appearedAgain: [Bool] = []
        /// Per view symbol: appears less disappears, how many of it are on screen (rows of a
        /// list appear once each: their inits are one per row, not one view made again).
        @exclusivity(unchecked) private var onScreen: [Int] = []
        /// Body lines seen so far: an init after a printed body of its parent is explained by
        /// that update, which the log shows; the rule speaks where nothing printed made it.
        @exclusivity(unchecked) private var bodies = 0
        /// Per view symbol: its own body lines so far (they do not make it again).
        @exclusivity(unchecked) private var ownBodies: [Int] = []
        /// Per view symbol: `others(view)` when it last appeared.
        @exclusivity(unchecked) private var othersAtAppear: [Int] = []
        /// Running counts, by view and instance.
        @exclusivity(unchecked) private var running: [NamePair: Count] = [:]
        /// Views inited, not yet shown, waiting for the next appear to name their host.
        @exclusivity(unchecked) private var awaitingHost: Set<NamePair> = []
        /// Presentations that reached `minInits`, and whether their end (a disappear) was seen.
        @exclusivity(unchecked) private var found: [(count: Count, ended: Bool)] = []

        private struct Count {
            /// The view whose presentation counts: the view itself, or its host.
            let host: Symbol
            let view: Symbol
            let instance: Symbol?
            var lines: [Int]
            var inits = 0
            /// `others(view)` when the view's last init (or its presentation) happened.
            var bodiesAt: Int
        }

        init(minInits: Int) {
            self.minInits = minInits
        }

        func observe(_ event: LifecycleEvent) {
            if event.relaunch { closeAll() }
            guard let view = event.view else { return }
            switch event.kind {
            case .appear:
                mark(view)
                if let since = shownAt(view), since > 0 { flag(&appearedAgain, view) }
                set(&shownAt, view, event.line)
                onScreen.grow(toInclude: view.index, with: 0)
                onScreen[view.index] += 1
                othersAtAppear.grow(toInclude: view.index, with: 0)
                othersAtAppear[view.index] = others(view)
                // The views inited just before, with no appear of their own yet, are hosted here.
                for key in awaitingHost where !isSeen(key.owner) {
                    running[key] = Count(host: view, view: key.owner, instance: key.owned, lines: [event.line], bodiesAt: others(key.owner))
                }
                awaitingHost.removeAll(keepingCapacity: true)
            case .disappear:
                mark(view)
                close(host: view, line: event.line)
                set(&shownAt, view, nil)
                if view.index < onScreen.count { onScreen[view.index] = max(0, onScreen[view.index] - 1) }
            case .body:
                mark(view)
                bodies += 1
                ownBodies.grow(toInclude: view.index, with: 0)
                ownBodies[view.index] += 1
            case .`init`:
                guard event.owner == nil else { return }
                let key = NamePair(owner: view, owned: event.instance)
                if var count = running[key] {
                    // Made again by a parent update the log prints: explained, not counted.
                    let others = others(view)
                    if count.bodiesAt == others {
                        count.lines.append(event.line)
                        count.inits += 1
                    }
                    count.bodiesAt = others
                    running[key] = count
                } else if let since = shownAt(view), since > 0, view.index < onScreen.count, onScreen[view.index] == 1 {
                    running[key] = Count(host: view, view: view, instance: event.instance, lines: [since], bodiesAt: othersAtAppear[view.index])
                    observe(event)
                } else if isSeen(view) || view.endsWithView {
                    awaitingHost.insert(key)
                }
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            closeAll()
            let symbols = subjects.symbols
            return found.map { count, ended in
                let view = symbols[count.view]
                let name = count.instance.map { "\(view) \(symbols[$0])" } ?? view
                let times = count.inits == 2 ? "twice" : "\(count.inits) times"
                let during = count.host == count.view
                    ? "while it stayed on screen (after its appear\(ended ? ", before its disappear" : ", to the end of the log"))"
                    : "during the one presentation of \(symbols[count.host]) (after its appear\(ended ? ", before its disappear" : ", to the end of the log"))"
                return Violation(
                    view: view,
                    message: "\(name) was initialised again \(times) \(during): each is a new value made by an update of its parent, and the work in its init ran each time, though its state lived on.",
                    count: count.inits,
                    lines: count.lines
                )
            }
        }

        /// Ends the presentation of `host`: each count it holds is reported when it reached
        /// `minInits`, with the disappear cited.
        private func close(host: Symbol, line: Int?) {
            for (key, count) in running where count.host == host {
                running[key] = nil
                report(count, closing: line)
            }
        }

        private func closeAll() {
            for count in running.values.sorted(by: { $0.lines[0] < $1.lines[0] }) { report(count, closing: nil) }
            running.removeAll()
            awaitingHost.removeAll()
        }

        private func report(_ count: Count, closing line: Int?) {
            // A host that appeared again before it disappeared is on screen more than once (rows
            // of a list), or had several presentations: not one view made again in one.
            guard count.inits >= minInits, !isFlagged(appearedAgain, count.host) else { return }
            var closed = count
            if let line { closed.lines.append(line) }
            found.append((closed, line != nil))
        }

        /// Body lines of views other than `view` so far.
        private func others(_ view: Symbol) -> Int {
            bodies - (view.index < ownBodies.count ? ownBodies[view.index] : 0)
        }

        private func mark(_ view: Symbol) { flag(&seenShown, view) }
        private func isSeen(_ view: Symbol) -> Bool { isFlagged(seenShown, view) }

        private func shownAt(_ view: Symbol) -> Int? {
            view.index < shownAt.count ? shownAt[view.index] : nil
        }

        private func set(_ array: inout [Int?], _ view: Symbol, _ value: Int?) {
            if view.index >= array.count { array.append(contentsOf: repeatElement(nil, count: view.index + 1 - array.count)) }
            array[view.index] = value
        }

        private func flag(_ array: inout [Bool], _ view: Symbol) {
            array.grow(toInclude: view.index, with: false)
            array[view.index] = true
        }

        private func isFlagged(_ array: [Bool], _ view: Symbol) -> Bool {
            view.index < array.count && array[view.index]
        }
    }
}
