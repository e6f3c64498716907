/// Objects whose holder went away for good but that never logged deinit, while their kind does.
public enum MissingDeinitRule: Rule {
    static let minReleased = Threshold.count(
        "min_released", default: 1,
        "Deinit lines of the same kind of object, after the holder went away, that show such objects are released and their deinit is logged.")

    public static let description = RuleDescription(
        identifier: "missing_deinit",
        title: "Missing deinit",
        defaultSeverity: .info,
        summary: "An object whose view disappeared for good, or whose owner was released, never logs deinit, while objects of the same kind do: probably retained.",
        rationale: """
            A coordinator, model or service made for a screen should go when the screen goes. \
            When it does not, something still holds it: a closure capturing `self`, a delegate \
            that is not `weak`, a cache or singleton, or a navigation destination value the list \
            keeps alive. It keeps its memory, subscriptions and timers, and does its work twice \
            when the screen is made again. The rule ties an object to its holder as the other \
            rules do (`Owner Object init`, or its init printed just before a view's init, as a \
            stored property's is) and takes the holder as gone when it is an object that logged \
            deinit, or a view whose last appear/disappear line is a disappear. It reports only \
            objects of a kind whose deinit the trace shows after that point (the same type, or \
            the same last word of the name: `FirstCoordinator` and `SecondCoordinator`), since \
            an object that never prints deinit at all is more likely just not instrumented. \
            Info only: a log that ends soon after can also explain it.
            """,
        fix: """
            Find what holds the object: capture `[weak self]` in closures and `Task`s it stores, \
            make delegates `weak`, cancel subscriptions, and build navigation destinations when \
            they are pushed (`navigationDestination`, a lazy wrapper) so the list does not keep them.
            """,
        swiftFix: [
            SwiftPair(
                note: "`startPolling()`'s task captures the model strongly and loops until cancelled, and nothing cancels it: the model stays alive after the chat screen is gone, and every visit leaves one more. Captured `[weak self]`, the task holds the model only while it refreshes; when the screen releases the model, it deinits and the loop ends when it next wakes.",
                before: #"""
                    import SwiftUI

                    struct ChatMessage: Identifiable, Sendable {
                        let id: Int
                        let text: String
                    }

                    @MainActor final class ChatRoomModel: ObservableObject {
                        @Published var messages: [ChatMessage] = []
                        private var pollTask: Task<Void, Never>?

                        func startPolling() {
                            guard pollTask == nil else { return }
                            // The task holds `self` strongly and never ends, and the model holds the task: the model outlives its screen.
                            pollTask = Task {
                                while !Task.isCancelled {
                                    try? await Task.sleep(for: .seconds(5))
                                    await self.refresh()
                                }
                            }
                        }

                        func refresh() async {
                            messages.append(ChatMessage(id: messages.count + 1, text: "New message"))
                        }
                    }

                    struct ChatRoomView: View {
                        @StateObject private var room = ChatRoomModel()

                        var body: some View {
                            List {
                                ForEach(room.messages) { Text($0.text) }
                            }
                            .onAppear { room.startPolling() }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct ChatMessage: Identifiable, Sendable {
                        let id: Int
                        let text: String
                    }

                    @MainActor final class ChatRoomModel: ObservableObject {
                        @Published var messages: [ChatMessage] = []
                        private var pollTask: Task<Void, Never>?

                        func startPolling() {
                            guard pollTask == nil else { return }
                            // Held weakly, and strongly only while it refreshes: once the screen lets go, the model is released and the loop ends when it next wakes.
                            pollTask = Task { [weak self] in
                                while !Task.isCancelled {
                                    try? await Task.sleep(for: .seconds(5))
                                    guard let self else { return }
                                    await self.refresh()
                                }
                            }
                        }

                        func refresh() async {
                            messages.append(ChatMessage(id: messages.count + 1, text: "New message"))
                        }
                    }

                    struct ChatRoomView: View {
                        @StateObject private var room = ChatRoomModel()

                        var body: some View {
                            List {
                                ForEach(room.messages) { Text($0.text) }
                            }
                            .onAppear { room.startPolling() }
                        }
                    }
                    """#
            ),
        ],
        seed: "004 (eager destinations: the coordinators are never released after popping back to the root; with LazyView they are)",
        thresholds: [minReleased],
        triggeringExamples: [
            Example(note: "Seed 004 with only the first link left eager: SecondCoordinator is released, FirstCoordinator never is.", """
                🚩 MyRootView appear
                ↓1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ↓---------1️⃣ FirstView disappear-------
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------2️⃣ SecondView appear-------
                🚩 MyRootView appear
                ---------2️⃣ SecondView disappear-------
                3️⃣ ThirdCoordinator init 🟢
                3️⃣ ThirdView init 🟢
                2️⃣ SecondCoordinator deinit 🔴
                ---------3️⃣ ThirdView appear-------
                """),
            Example(note: "An object owned by another: its owner was released, another of its type was too, it never was.", """
                LobbyView appear
                ↓RoomCoordinator Socket init #1
                RoomView appear
                RoomView disappear
                ↓RoomCoordinator deinit
                RoomCoordinator Socket init #2
                RoomView appear
                RoomView disappear
                RoomCoordinator deinit
                RoomCoordinator Socket deinit #2
                """),
            Example(note: "Only the first presentation's model logs deinit: the ones made for the next presentations are replaced while still alive.", """
                ListView body
                DetailViewModel init
                DetailView appear
                DetailView disappear
                ↓DetailViewModel deinit
                ↓DetailViewModel init
                DetailView appear
                DetailView disappear
                ↓DetailViewModel init
                DetailView appear
                DetailView disappear
                DetailViewModel init
                DetailView appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Each presentation's model is released before the next one is made.", """
                DetailViewModel init
                DetailView appear
                DetailView disappear
                DetailViewModel deinit
                DetailViewModel init
                DetailView appear
                DetailView disappear
                DetailViewModel deinit
                """),
            Example(note: "Seed 004, all links eager: nothing in the trace logs a deinit, so nothing says deinit is printed at all.", """
                🚩 MyRootView appear
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ---------1️⃣ FirstView disappear-------
                ---------2️⃣ SecondView appear-------
                🚩 MyRootView appear
                ---------2️⃣ SecondView disappear-------
                """),
            Example(note: "Seed 004 with LazyView: each coordinator is released when the next screen opens; the last one's screen is still shown.", """
                🚩 MyRootView appear
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ---------1️⃣ FirstView disappear-------
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                1️⃣ FirstCoordinator deinit 🔴
                ---------2️⃣ SecondView appear-------
                """),
            Example(note: "A tab that disappears and appears again is still alive; so is what it holds.", """
                FeedModel init
                FeedView init
                FeedView appear
                FeedView disappear
                ProfileModel init
                ProfileView init
                ProfileView appear
                ProfileView disappear
                ProfileModel deinit
                FeedView appear
                """),
            Example(note: "The last screen is closed as the log ends: its coordinator had no chance to be released yet.", """
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                ---------1️⃣ FirstView disappear-------
                1️⃣ FirstCoordinator deinit 🔴
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------2️⃣ SecondView appear-------
                ---------2️⃣ SecondView disappear-------
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Both(minReleased: context.thresholds.count(minReleased))
    }

    /// Keeps, in trace order, the inits and deinits that may be an object's, and per view its
    /// last appear and disappear; `finish` replays the objects' lines into a `Ledger`, a pass
    /// at a time.
    ///
    /// The lines wait in a `SpilledLists` (one list, key 0) on file, not in memory: a trace
    /// makes an object every few lines. An init is held aside until its next lifecycle line
    /// says whether that is its view's init, and only then written.
    ///
    /// An init's holder is the line's owner (`RoomCoordinator Socket init`), else the view whose
    /// init is the next lifecycle line (text lines and lines without a view skipped): the object
    /// is one of that view's stored properties, made first. Which types are objects and which
    /// are views is known only at the end of the trace, so every init and deinit is kept until
    /// then, except those of a type already seen with a body, appear or disappear line: a view
    /// for good.
    ///
    /// What `observe` changes is `@exclusivity(unchecked)`: a stored `var` of a class otherwise
    /// pays a dynamic exclusivity check on every access, a measurable share of the cost per
    /// event, and nothing here overlaps two accesses to one property.
    final class Unreleased: Detector {
        private let minReleased: Int

        /// An init or deinit; symbols as indexes, -1 for none. 28 bytes, as there is one per
        /// object line of the trace: orders and lines fit 32 bits (four billion lines).
        private struct Line {
            let order: UInt32
            let line: UInt32
            let isDeinit: Bool
            let type: Int32
            let instance: Int32
            let owner: Int32
            /// An init's next lifecycle line, when that is an init without an owner: its view.
            var nextInit: Int32 = -1
        }

        /// One view type: whether it printed a body, appear or disappear line (it is a view), the
        /// order of its last appear and disappear (0 for none), and its last disappear line.
        private struct ViewState {
            var shown = false
            var lastAppear = 0
            var lastDisappear = 0
            var lastDisappearLine = 0
        }

        /// Events seen so far: the order of the one at hand.
        @exclusivity(unchecked) private var order = 0
        /// The object lines, in trace order, as list 0.
        private let lines = SpilledLists<Line>()
        /// An init whose next lifecycle line has not come yet: written to `lines` once it has.
        @exclusivity(unchecked) private var awaitingNext: Line?
        /// Per view symbol.
        @exclusivity(unchecked) private var views: [ViewState] = []

        init(minReleased: Int) { self.minReleased = minReleased }

        func observe(_ event: LifecycleEvent) {
            order += 1
            guard event.kind != .text, let view = event.view else { return }
            let index = view.index
            views.grow(toInclude: index, with: ViewState())
            if var initLine = awaitingNext {
                if event.kind == .`init` && event.owner == nil { initLine.nextInit = Int32(index) }
                lines.append(initLine, to: 0)
                awaitingNext = nil
            }
            switch event.kind {
            case .`init`, .`deinit`:
                guard !views[index].shown else { return }
                let line = Line(
                    order: UInt32(truncatingIfNeeded: order), line: UInt32(truncatingIfNeeded: event.line), isDeinit: event.kind == .`deinit`, type: Int32(index),
                    instance: event.instance.map { Int32($0.index) } ?? -1, owner: event.owner.map { Int32($0.index) } ?? -1
                )
                if event.kind == .`init` { awaitingNext = line } else { lines.append(line, to: 0) }
            case .body:
                views[index].shown = true
            case .appear:
                views[index].shown = true
                views[index].lastAppear = order
            case .disappear:
                views[index].shown = true
                views[index].lastDisappear = order
                views[index].lastDisappearLine = max(views[index].lastDisappearLine, event.line)
            case .task, .layout, .text, .warning, .hitch:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            if let initLine = awaitingNext {
                lines.append(initLine, to: 0)
                awaitingNext = nil
            }
            let isObject = views.indices.map { subjects.isObject(at: $0) }
            var ledger = Ledger(symbols: subjects.symbols)
            // A first pass learns each kind's last deinit, so the replay can leave out the objects
            // no later deinit of their kind can ever show retained.
            lines.forEach(of: 0) { line in
                if line.isDeinit && isObject[Int(line.type)] { ledger.noteDeinit(type: Int(line.type), id: Int(line.order)) }
            }
            for (view, state) in views.enumerated() where state.lastDisappear > 0 {
                ledger.lastSeen(
                    view: view, disappearID: state.lastDisappear, disappearLine: state.lastDisappearLine,
                    appearID: state.lastAppear > 0 ? state.lastAppear : nil
                )
            }
            lines.forEach(of: 0) { line in
                guard isObject[Int(line.type)] else { return }
                if line.isDeinit {
                    ledger.release(type: Int(line.type), instance: Int(line.instance))
                } else {
                    let next = Int(line.nextInit)
                    let holder = line.owner >= 0 ? Int(line.owner) : next >= 0 && subjects.isView(at: next) ? next : -1
                    ledger.create(id: Int(line.order), line: Int(line.line), type: Int(line.type), instance: Int(line.instance), holder: holder)
                }
            }
            // Two more passes for the objects still alive: when their holders went away, and
            // which deinits of their kinds came after that.
            if ledger.settleAlive() {
                lines.forEach(of: 0) { line in
                    if line.isDeinit && isObject[Int(line.type)] { ledger.holderDeinit(type: Int(line.type), id: Int(line.order), line: Int(line.line)) }
                }
                ledger.releaseLeftForGood()
                lines.forEach(of: 0) { line in
                    if line.isDeinit && isObject[Int(line.type)] { ledger.kindDeinit(type: Int(line.type), id: Int(line.order), line: Int(line.line)) }
                }
            }
            return ledger.violations(minReleased: minReleased)
        }
    }
}
