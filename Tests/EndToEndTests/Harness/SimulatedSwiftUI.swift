import Foundation
import TraceProbe

/// SwiftUI's documented behaviour, simulated so the probe can be driven where SwiftUI does not
/// run: a parent's update makes each child's value again (its `@State` initial values too),
/// SwiftUI keeps the first `@State` value per identity and drops the others, a child shown for
/// the first time gets state storage (a new identity) and appears, a child removed disappears
/// and its state is released.
///
/// The app under simulation writes either the probe's lines (`probe: true`) or what a developer
/// prints without it (`Self._printChanges()` output and `init`/`deinit`/`appear` prints), so
/// one scenario gives both logs of the README's before/after.
/// `@unchecked Sendable`: the probe's sink may be called from any thread, and `lines` is behind
/// `lock`; the rest is driven by one test on one thread.
final class SimulatedSwiftUI: @unchecked Sendable {
    let clock = SimulatedClock()
    private let lock = NSLock()
    private var lines: [String] = []
    private var output: ProbeOutput?

    /// State storage per identity: the token SwiftUI kept, and the models held in `@State`.
    private var kept: [String: ViewProbe] = [:]
    private var keptModels: [String: ModelProbe] = [:]
    /// Destination values a link holds before anyone navigates (NavigationLink's eager
    /// destination): made, not installed.
    private var held: [String: (view: ViewProbe?, model: ModelProbe?)] = [:]
    private let probe: Bool
    /// With the probe on, keep `Self._printChanges()` in the views too (as developers do).
    private let keepsPrintChanges: Bool

    init(probe: Bool, keepsPrintChanges: Bool = false) {
        self.probe = probe
        self.keepsPrintChanges = keepsPrintChanges
        if probe {
            let clock = self.clock
            output = ProbeOutput(sink: .lines { [unowned self] in self.append($0) }, clock: { clock.now })
        }
    }

    /// The log the app wrote, one line per element.
    var log: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n") + "\n"
    }

    private func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    /// A line the app prints itself (only in the run without the probe).
    func print(_ line: String) {
        if !probe { append(line) }
    }

    /// A view's value made by its parent's body: the struct's init, which evaluates its
    /// `@State` initial values (the probe's token and, with `model`, a model).
    struct Made {
        let view: ViewProbe?
        let model: ModelProbe?
    }

    func make(_ type: Any.Type, model: (type: Any.Type, initMs: Double)? = nil) -> Made {
        let name = String(describing: type)
        var madeModel: ModelProbe?
        if let model {
            let modelName = String(describing: model.type)
            madeModel = output.map { ModelProbe(model.type, owner: name, output: $0) }
            clock.advance(ms: model.initMs)
            madeModel?.ready()
            print("\(name) \(modelName) init")
        }
        print("\(name) init")
        return Made(view: output.map { ViewProbe(type, output: $0) }, model: madeModel)
    }

    /// A child in its parent's body at `identity`: its value made again, the first token (and
    /// model) per identity kept, the rest released as the update ends; then its body, when
    /// SwiftUI evaluates it (`changes`: what `_printChanges()` says; nil when it is not evaluated).
    func child(
        _ type: Any.Type, at identity: String, model: (type: Any.Type, initMs: Double)? = nil,
        changes: String? = "@self", bodyMs: Double = 0.05
    ) {
        let name = String(describing: type)
        let made = make(type, model: model)
        let isNew = !identities.contains(identity)
        if isNew {
            identities.insert(identity)
            kept[identity] = made.view
            keptModels[identity] = made.model
            body(type, at: identity, changes: "@self, @identity" + (changes.map { $0 == "@self" ? "" : ", " + $0 } ?? ""), ms: bodyMs)
            appear(type, at: identity)
        } else {
            if let model { print("\(name) \(String(describing: model.type)) deinit") }
            if let changes { body(type, at: identity, changes: changes, ms: bodyMs) }
        }
        withExtendedLifetime(made) {}
    }

    /// The identities with state storage: shown now.
    private var identities: Set<String> = []

    /// The body of the view at `identity`, evaluated: it takes `ms`.
    func body(_ type: Any.Type, at identity: String, changes: String, ms: Double) {
        let line = "\(String(describing: type)): \(changes) changed."
        if probe && keepsPrintChanges { append(line) } else { print(line) }
        let clock = self.clock
        if let token = kept[identity] {
            token.body { clock.advance(ms: ms) }
        } else {
            clock.advance(ms: ms)
        }
    }

    func appear(_ type: Any.Type, at identity: String) {
        print("\(String(describing: type)) appear")
        kept[identity]?.appeared()
    }

    /// The view at `identity` leaves the hierarchy: it disappears and its state is released.
    func remove(_ type: Any.Type, at identity: String, model: Any.Type? = nil) {
        print("\(String(describing: type)) disappear")
        kept[identity]?.disappeared()
        kept[identity] = nil
        identities.remove(identity)
        keptModels[identity] = nil
        if let model { print("\(String(describing: type)) \(String(describing: model)) deinit") }
    }

    /// A NavigationLink's destination made in its parent's body and held, not shown: the value
    /// held before it (from the previous update) is dropped.
    func hold(_ type: Any.Type, at identity: String, model: (type: Any.Type, initMs: Double)? = nil) {
        let made = make(type, model: model)
        held[identity] = (made.view, made.model)
    }

    /// Navigation to a held destination: SwiftUI installs the held value; its state becomes the
    /// identity's.
    func navigate(to type: Any.Type, at identity: String, bodyMs: Double = 0.05) {
        if let value = held.removeValue(forKey: identity) {
            kept[identity] = value.view
            keptModels[identity] = value.model
        }
        identities.insert(identity)
        body(type, at: identity, changes: "@self, @identity", ms: bodyMs)
        appear(type, at: identity)
    }

    /// A destination built when it is pushed (`navigationDestination(for:)`): made, installed
    /// with a new identity, evaluated and shown.
    func push(_ type: Any.Type, at identity: String, bodyMs: Double = 0.05) {
        let made = make(type)
        kept[identity] = made.view
        identities.insert(identity)
        body(type, at: identity, changes: "@self, @identity", ms: bodyMs)
        appear(type, at: identity)
    }

    /// Time passes with nothing on screen changing (the user reading, a network wait).
    func wait(seconds: Double) {
        clock.advance(ms: seconds * 1000)
    }

    /// The app ends: every state still held is released, in identity order.
    func end() {
        for identity in kept.keys.sorted() { kept[identity] = nil }
        for identity in keptModels.keys.sorted() { keptModels[identity] = nil }
        for identity in held.keys.sorted() { held[identity] = nil }
    }
}
