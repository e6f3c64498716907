/// Plays a `GeneratedApp` the way SwiftUI runs it and records the truth.
///
/// An update evaluates the root's body, which makes every child's value again (their inits, and
/// the models their property initialisers make, before each init's own print); SwiftUI then
/// evaluates the children: a child at a new place gets an identity (its first body, `@identity`),
/// one that kept its identity is evaluated when its value reads what changed and otherwise
/// discarded unread. When the update commits, discarded values and models are released, removed
/// views disappear and release their state, and new ones appear. Children change only through
/// their parent here: a body never runs without a new value or a new identity, so a log's body
/// count is the number of values used.
public struct Simulator {
    private var truth: Truth
    private let app: GeneratedApp
    private var clock: UInt64 = 1_000_000_000_000
    private var nextNumber = 1
    /// The identities alive, by place: the view, its kept token, its model.
    private var places: [String: (view: String, token: Int, model: Int?)] = [:]
    private var placeOrder: [String] = []
    private var everShown: Set<String> = []
    /// The destinations the user opened.
    private var openedBefore: Set<String> = []
    private var injectedModel: Int?
    /// Per destination type, the value the link holds.
    private var heldDestinations: [String: Int] = [:]
    /// The tab on screen (`tab/0` or `tab/1`), when the app has tabs.
    private var selectedTab = 0
    /// Whether the holder is presented (never, before an update presents it).
    private var presented = false
    /// The places a pushed screen covers: their identities disappeared under it and appear again
    /// when it is popped; new ones made meanwhile appear then too.
    private var covered: [String] = []

    /// The truth of `app`'s run.
    public static func play(_ app: GeneratedApp) -> Truth {
        var simulator = Simulator(app: app)
        simulator.run()
        return simulator.truth
    }

    private init(app: GeneratedApp) {
        self.app = app
        truth = Truth(root: app.root)
        truth.destinations = app.destinations.map(\.type)
        truth.rowsEdited = app.rows?.edits.contains { $0 != 0 } ?? false
        truth.holderPresentation = app.presentationToggles.contains(true) ? app.holderPresentation : nil
        if let holder = app.holder {
            let owner = holder.holding == .injected ? app.root : holder.child.type
            truth.models[holder.model] = Truth.ModelFacts(owner: owner, holding: holder.holding)
        }
    }

    private mutating func record(_ step: Truth.Step, advancing ms: Double = 0.001) {
        clock += UInt64((ms * 1_000_000).rounded())
        truth.record(step, at: clock)
    }

    private mutating func number() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    private mutating func run() {
        var showsConditional = true
        for update in 0...app.updates.count {
            var switchesTab = false
            if update > 0 {
                clock += UInt64(app.updates[update - 1].gap * 1_000_000_000)
                if app.updates[update - 1].toggles { showsConditional.toggle() }
                switchesTab = app.tabs?.switches[update - 1] ?? false
                if app.presentationToggles.dropFirst(update - 1).first == true { presented.toggle() }
                // Under a pushed screen no tab can be tapped.
                if app.holderPresentation == .push, presented || !covered.isEmpty { switchesTab = false }
            }
            play(update: update, showsConditional: showsConditional, switchesTab: switchesTab)
            if update < app.opens.count, app.opens[update] { openDestination() }
        }
        // The app ends: every identity still alive releases its state, in place order.
        for place in placeOrder { release(place) }
        for destination in app.destinations {
            if let held = heldDestinations[destination.type] { dropDestination(destination, value: held) }
        }
        if let injectedModel, let holder = app.holder {
            record(.modelDeinit(model: holder.model, id: injectedModel, owner: app.root))
        }
    }

    /// One child value made in this update, waiting for SwiftUI's verdict.
    private struct Made {
        let place: String
        let child: GeneratedApp.Child
        let value: Int
        let model: Int?
        let stateName: String?
        /// Whether a new identity here appears at once (a tab not selected is kept off screen).
        var onScreen = true
    }

    private mutating func play(update: Int, showsConditional: Bool, switchesTab: Bool) {
        if update == 0 {
            let token = number()
            record(.viewInit(view: app.root, value: token, ms: 0.01))
            truth.views[app.root]!.initWithModelsMs.append(0.01)
            if let holder = app.holder, holder.holding == .injected {
                injectedModel = number()
                record(.modelInit(model: holder.model, id: injectedModel!, owner: app.root, ms: holder.modelMs), advancing: holder.modelMs)
            }
            places["root"] = (app.root, token, nil)
            placeOrder.append("root")
            record(.body(view: app.root, token: token, changes: ["@self", "@identity", "_count"], ms: app.rootBodyMs, newIdentity: true),
                   advancing: app.rootBodyMs)
        } else {
            // The state the update changed: the items edited, the branch toggled, or a count.
            let edited = (app.rows?.edits.dropFirst(update - 1).first ?? 0) != 0
            let presents = app.presentationToggles.dropFirst(update - 1).first == true
            let presentation = app.holderPresentation == .push ? "_path" : "_showsSheet"
            let changed = (edited ? ["_items"] : []) + (app.updates[update - 1].toggles ? ["_showsExtra"] : []) + (presents ? [presentation] : [])
            record(.body(view: app.root, token: places["root"]!.token, changes: changed.isEmpty ? ["_count"] : changed, ms: app.rootBodyMs, newIdentity: false),
                   advancing: app.rootBodyMs)
        }
        // The types with an identity in the hierarchy as the update begins.
        let aliveAtStart = Set(places.values.map(\.view))
        // The root's body makes its children's values, in order.
        var made: [Made] = []
        if let rows = app.rows {
            for row in 0..<rows.count(in: update) {
                let place = rows.stableIDs ? "row/\(row)" : "row/\(update)/\(row)"
                made.append(make(rows.child, at: place, model: nil))
            }
        }
        if let conditional = app.conditional, showsConditional {
            made.append(make(conditional, at: "conditional", model: nil, stateName: "_isOn"))
        }
        if let holder = app.holder, app.holderPresentation == nil || presented {
            made.append(make(holder.child, at: "holder", model: holder, stateName: "_model"))
        }
        if let tabs = app.tabs {
            for (index, tab) in [tabs.first, tabs.second].enumerated() {
                var value = make(tab, at: "tab/\(index)", model: nil)
                value.onScreen = index == selectedTab
                made.append(value)
            }
        }
        for destination in app.destinations {
            let value = number()
            record(.viewInit(view: destination.type, value: value, ms: destination.initMs), advancing: destination.initMs)
            truth.views[destination.type]!.initWithModelsMs.append(destination.initMs)
            if let previous = heldDestinations[destination.type] { dropDestination(destination, value: previous) }
            heldDestinations[destination.type] = value
        }
        // SwiftUI evaluates them; what it does not keep is released as the update commits.
        var released: [Truth.Step] = []
        // Per type, the identities begun in this update after the type had one before.
        var begun: [String: Int] = [:]
        var appeared: [(place: String, view: String, token: Int)] = []
        for value in made {
            if let kept = places[value.place] {
                if value.child.evaluated {
                    record(.body(view: value.child.type, token: kept.token, changes: ["@self"], ms: value.child.bodyMs, newIdentity: false),
                           advancing: value.child.bodyMs)
                } else {
                    truth.views[value.child.type, default: Truth.ViewFacts()].dropped += 1
                    truth.views[value.child.type, default: Truth.ViewFacts()].droppedInitMs += value.child.initMs
                }
                released.append(.tokenEnd(view: value.child.type, value: value.value, seen: false))
                if let model = value.model, let holder = app.holder {
                    truth.models[holder.model]!.extra += 1
                    truth.models[holder.model]!.extraMs += holder.modelMs
                    if holder.holding == .observedInline, let old = kept.model {
                        // The new model replaces the one the last value held.
                        released.append(.modelDeinit(model: holder.model, id: old, owner: holder.child.type))
                        places[value.place]!.model = model
                    } else {
                        released.append(.modelDeinit(model: holder.model, id: model, owner: holder.child.type))
                    }
                }
            } else {
                var model = value.model
                if let holder = app.holder, value.place == "holder", holder.holding == .stateObject {
                    let id = number()
                    record(.modelInit(model: holder.model, id: id, owner: holder.child.type, ms: holder.modelMs), advancing: holder.modelMs)
                    model = id
                }
                if everShown.contains(value.child.type) && update > 0 { begun[value.child.type, default: 0] += 1 }
                everShown.insert(value.child.type)
                places[value.place] = (value.child.type, value.value, model)
                placeOrder.append(value.place)
                let changes = ["@self", "@identity"] + (value.stateName.map { [$0] } ?? [])
                record(.body(view: value.child.type, token: value.value, changes: changes, ms: value.child.bodyMs, newIdentity: true),
                       advancing: value.child.bodyMs)
                if value.onScreen { appeared.append((value.place, value.child.type, value.value)) }
            }
        }
        for step in released { record(step) }
        // Places not made again this update left the hierarchy.
        let madePlaces = Set(made.map(\.place))
        var removed: [String: Int] = [:]
        for place in placeOrder where place != "root" && !madePlaces.contains(place) {
            let identity = places[place]!
            removed[identity.view, default: 0] += 1
            // Under a pushed screen it disappeared already (or, made there, never appeared).
            if visible.remove(place) != nil { record(.disappear(view: identity.view, token: identity.token)) }
            covered.removeAll { $0 == place }
            release(place)
        }
        // A new identity that took the place of one removed in the same update is a reset (the
        // state on screen was lost); one added beside identities that stayed is inserted (a row
        // appended); one made after every earlier one was removed is a new lifetime.
        for (type, count) in begun {
            let resets = min(count, removed[type] ?? 0)
            truth.views[type, default: Truth.ViewFacts()].recreations += resets
            if !aliveAtStart.contains(type) { truth.views[type, default: Truth.ViewFacts()].reinsertions += count - resets }
        }
        placeOrder.removeAll { places[$0] == nil }
        if update == 0 { record(.appear(view: app.root, token: places["root"]!.token)) }
        if app.holderPresentation == .push, update > 0 { appeared = navigate(appeared) }
        for appear in appeared { show(appear.place) }
        if switchesTab {
            // The other tab appears, then the one that was shown disappears.
            let shown = "tab/\(selectedTab)"
            selectedTab = 1 - selectedTab
            show("tab/\(selectedTab)")
            hide(shown)
        }
        noteRecreationUpdates()
    }

    /// The places on screen, the root's aside: those that appeared and have not disappeared.
    private var visible: Set<String> = []

    private mutating func show(_ place: String) {
        guard let identity = places[place], visible.insert(place).inserted else { return }
        record(.appear(view: identity.view, token: identity.token))
    }

    private mutating func hide(_ place: String) {
        guard let identity = places[place], visible.remove(place) != nil else { return }
        record(.disappear(view: identity.view, token: identity.token))
    }

    /// A pushed holder's navigation in this update, given the new identities due to appear;
    /// returns those that appear now. Pushed: it appears, then the screen under it disappears.
    /// Popped (it disappeared as it was removed): the screen under it appears again, with what
    /// was made there meanwhile. Still pushed: what is made under it waits.
    private mutating func navigate(_ appeared: [(place: String, view: String, token: Int)]) -> [(place: String, view: String, token: Int)] {
        let under = appeared.filter { $0.place != "holder" }
        if presented, covered.isEmpty {
            for appear in appeared where appear.place == "holder" { show(appear.place) }
            covered = placeOrder.filter { $0 != "root" && $0 != "holder" }
            for place in covered { hide(place) }
            return []
        }
        if presented {
            covered += under.map(\.place)
            return []
        }
        if !covered.isEmpty {
            // A tab not selected stays off screen.
            for place in placeOrder where covered.contains(place) && (!place.hasPrefix("tab/") || place == "tab/\(selectedTab)") { show(place) }
            covered = []
            return under
        }
        return appeared
    }

    /// A destination value the link held and replaced (or held at the end), never shown.
    private mutating func dropDestination(_ destination: GeneratedApp.Child, value: Int) {
        record(.tokenEnd(view: destination.type, value: value, seen: false))
        truth.views[destination.type]!.dropped += 1
        truth.views[destination.type]!.droppedInitMs += destination.initMs
    }

    /// The user opens the first destination: the value its link holds gets an identity (its
    /// first body) and appears; closed a moment later, it disappears and its state goes.
    private mutating func openDestination() {
        guard let destination = app.destination, let value = heldDestinations.removeValue(forKey: destination.type) else { return }
        // A user's tap: a second after the update, well past any update's own lines.
        clock += 1_000_000_000
        // Opened again after it was closed: shown again, a new lifetime (a presentation).
        if openedBefore.contains(destination.type) {
            truth.views[destination.type]!.reinsertions += 1
            truth.views[destination.type]!.reinsertionUpdates += 1
        }
        openedBefore.insert(destination.type)
        record(.body(view: destination.type, token: value, changes: ["@self", "@identity"], ms: destination.bodyMs, newIdentity: true),
               advancing: destination.bodyMs)
        record(.appear(view: destination.type, token: value))
        clock += 500_000_000
        record(.disappear(view: destination.type, token: value))
        record(.tokenEnd(view: destination.type, value: value, seen: true))
    }

    /// The types given a new identity in this update after they already had one.
    private var recreationsBefore: [String: Int] = [:]

    private var reinsertionsBefore: [String: Int] = [:]

    private mutating func noteRecreationUpdates() {
        for (type, facts) in truth.views where facts.recreations > (recreationsBefore[type] ?? 0) {
            truth.views[type]!.recreationUpdates += 1
            recreationsBefore[type] = facts.recreations
        }
        for (type, facts) in truth.views where facts.reinsertions > (reinsertionsBefore[type] ?? 0) {
            truth.views[type]!.reinsertionUpdates += 1
            reinsertionsBefore[type] = facts.reinsertions
        }
    }

    private mutating func make(_ child: GeneratedApp.Child, at place: String, model holder: GeneratedApp.Holder?, stateName: String? = nil) -> Made {
        var model: Int?
        if let holder, holder.holding == .observedInline || holder.holding == .stateClass {
            // A property initialiser runs before the init's body, and so before its print.
            let id = number()
            record(.modelInit(model: holder.model, id: id, owner: holder.child.type, ms: holder.modelMs), advancing: holder.modelMs)
            model = id
        }
        let value = number()
        record(.viewInit(view: child.type, value: value, ms: child.initMs), advancing: child.initMs)
        truth.views[child.type]!.initWithModelsMs.append(child.initMs + (model != nil ? holder!.modelMs : 0))
        return Made(place: place, child: child, value: value, model: model, stateName: stateName)
    }

    /// The identity at `place` ends: its token and its model are released.
    private mutating func release(_ place: String) {
        guard let identity = places.removeValue(forKey: place) else { return }
        record(.tokenEnd(view: identity.view, value: identity.token, seen: true))
        if let model = identity.model, let holder = app.holder {
            record(.modelDeinit(model: holder.model, id: model, owner: holder.child.type))
        }
    }
}
