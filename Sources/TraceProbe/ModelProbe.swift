/// A model's probe: the first stored property of a class, so its clock starts as the class's
/// init does.
///
/// ```swift
/// @Observable final class DataModel {
///     private let probe = ModelProbe(DataModel.self, owner: "PlayButton")
///     init() { load(); probe.ready() }          // kind=init ... ms=<the init's duration>
///     deinit { probe.deinitializing() }          // kind=deinit ... ms=<the deinit's duration>
/// }
/// ```
///
/// `owner` names the view that holds the model (`PlayButton DataModel init` in a plain print),
/// which the rules pair with that view's identities. A probe whose `ready()` was never called
/// writes its init line (without a duration) when it dies, so every deinit has its init.
///
/// Sendable, so that a model class that is itself `Sendable` can hold one: its mutable state is
/// touched only by the model's init (`ready()`) and deinit (`deinitializing()`, its own deinit),
/// which run before the model is shared and after its last reference is gone; its lines go
/// through `ProbeOutput`'s lock.
public final class ModelProbe: @unchecked Sendable {
    /// The model's number in the log (`id=`); 0 when the probe was off at its init.
    public let number: Int
    private let output: ProbeOutput?
    private let names: ProbeNames?
    private let owner: [UInt8]?
    private let started: UInt64
    private var announced = false
    private var deinitStarted: UInt64?

    /// A probe for a model of `type`, owned by the view named `owner`, written to `output`.
    public init(_ type: Any.Type, owner: String? = nil, output: ProbeOutput? = TraceProbe.output) {
        self.output = output
        guard let output else {
            number = 0
            names = nil
            self.owner = nil
            started = 0
            return
        }
        started = output.now()
        self.owner = owner.map(ProbeNames.quoted)
        // The number now, the line at `ready()`, when the init's duration is known.
        (number, names) = output.announce(type, at: started, writes: false)
    }

    /// A probe that writes its init line at once, without a duration: for a model whose
    /// declaration has no init to call `ready()` from (its init is the default or inherited one).
    public static func announcing(_ type: Any.Type, owner: String? = nil, output: ProbeOutput? = TraceProbe.output) -> ModelProbe {
        let probe = ModelProbe(type, owner: owner, output: output)
        if let output, let names = probe.names {
            probe.announced = true
            output.write(.`init`, names, number: probe.number, at: probe.started, owner: probe.owner)
        }
        return probe
    }

    /// Call at the end of the model's init: writes the init line with its duration.
    public func ready() {
        guard let output, let names, !announced else { return }
        announced = true
        let now = output.now()
        output.write(.`init`, names, number: number, at: now, owner: owner, nanoseconds: now &- started)
    }

    /// Call at the top of the model's deinit: its line then carries the deinit's duration.
    public func deinitializing() {
        guard let output else { return }
        deinitStarted = output.now()
    }

    deinit {
        guard let output, let names else { return }
        if !announced { output.write(.`init`, names, number: number, at: started, owner: owner) }
        let now = output.now()
        output.write(.`deinit`, names, number: number, at: now, owner: owner, nanoseconds: deinitStarted.map { now &- $0 })
    }
}
