/// A view's state token: made on every init of the view's value, kept by SwiftUI once per
/// identity, read by every body. Hold it in `@State`:
///
/// ```swift
/// struct CounterView: View {
///     @State private var probe = ViewProbe(CounterView.self)
///     var body: some View {
///         probe { VStack { ... } }   // measures the body, reports onAppear/onDisappear
///     }
/// }
/// ```
///
/// SwiftUI evaluates `@State`'s initial value on every init of the struct and keeps only the
/// first per identity, so each init makes a token (`kind=init`) and the ones SwiftUI throws
/// away die unseen (`kind=deinit seen=0`: an exact discarded instance). The kept token is the
/// one every body reads: its first body is the identity's start (`identity=new`) and its deinit
/// the identity's end (`seen=1`). Use it from the main actor, as SwiftUI does.
public final class ViewProbe {
    /// The token's number in the log (`id=`); 0 when the probe was off at its init.
    public let number: Int
    private let output: ProbeOutput?
    private let names: ProbeNames?
    private var bodies = 0
    /// When the body that `bodyBegins()` opened started; nil outside one.
    private var bodyStart: UInt64?
    /// How many of the views the body made, each reporting to this token, are on screen.
    private var visible = 0

    /// A token for a view of `type`, written to `output` (the app's, `TraceProbe.output`, by
    /// default). `initStarted`, a `ProbeClock.now()` taken at the top of a custom init, adds
    /// how long the view's init took until the token was made (`ms=` on its init line).
    public init(_ type: Any.Type, output: ProbeOutput? = TraceProbe.output, initStarted: UInt64? = nil) {
        self.output = output
        guard let output else {
            number = 0
            names = nil
            return
        }
        let now = output.now()
        (number, names) = output.announce(type, at: now, nanoseconds: initStarted.map { now &- $0 })
    }

    /// How many bodies read this token.
    public var bodyCount: Int { bodies }

    /// Evaluates `content` (the body's construction) and writes how long it took.
    @inlinable public func body<Content>(_ content: () throws -> Content) rethrows -> Content {
        guard let start = bodyStarts() else { return try content() }
        let made = try content()
        bodyEvaluated(started: start)
        return made
    }

    /// The time a body starts, or nil when this token writes nothing.
    @usableFromInline func bodyStarts() -> UInt64? {
        output?.now()
    }

    /// Writes a body line, with the time since `start` when there is one: the first body this
    /// token saw starts its identity (`identity=new`).
    @usableFromInline func bodyEvaluated(started start: UInt64?) {
        guard let output, let names else { return }
        let end = output.now()
        bodies += 1
        output.write(.body, names, number: number, at: end, nanoseconds: start.map { end &- $0 }, newIdentity: bodies == 1)
    }

    /// Marks the start of a body measured by statements, as `trace-analyze instrument` writes
    /// it: `let _ = probe.bodyBegins()` first in the body, `let _ = probe.bodyEnds()` last, so
    /// no brace of the body's own code moves.
    public func bodyBegins() {
        // Off, nothing is stored: a load and a branch, as for the closure form.
        guard let output else { return }
        bodyStart = output.now()
    }

    /// Writes the body line; it carries the time since `bodyBegins()` when that opened this
    /// body, and no duration when it did not (a body that ends in `return` is not measured).
    public func bodyEnds() {
        bodyEvaluated(started: bodyStart)
        bodyStart = nil
    }

    /// Writes the view's `onAppear`.
    public func appeared() {
        guard let output, let names else { return }
        output.write(.appear, names, number: number, at: output.now())
    }

    /// Writes the view's `onDisappear`.
    public func disappeared() {
        guard let output, let names else { return }
        output.write(.disappear, names, number: number, at: output.now())
    }

    /// One of the views the body made, each reporting to this token through `probeLifecycle`,
    /// appeared: the view's appear is written when the first of them does. A body may make
    /// several (its top-level views, a `ForEach`'s elements, a `Group`'s children, an `if`'s
    /// branches): the view appears once, as its first content does.
    func contentAppeared() {
        visible += 1
        if visible == 1 { appeared() }
    }

    /// One of them disappeared: the view's disappear is written when the last of them does.
    func contentDisappeared() {
        guard visible > 0 else { return }
        visible -= 1
        if visible == 0 { disappeared() }
    }

    deinit {
        guard let output, let names else { return }
        output.write(.`deinit`, names, number: number, at: output.now(), seen: bodies > 0)
    }
}
