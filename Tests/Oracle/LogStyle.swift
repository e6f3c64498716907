import Foundation

/// The ways a developer's console shows one run: what the app printed, and so what a finding
/// about it can know.
public enum LogStyle: String, CaseIterable, Sendable {
    /// TraceProbe's structured lines: exact instances, owners, identities and durations.
    case probe
    /// The probe's lines beside `Self._printChanges()`, as developers keep both.
    case probeAndPrintChanges = "probe+printChanges"
    /// `Self._printChanges()` alone: bodies and their causes; no inits, no models.
    case printChanges
    /// Hand prints without instance ids or times: `ItemRow init`, `ItemRow body`,
    /// `DetailViewModel init`, `DetailView appear`.
    case plain
    /// Seed 001's style: `_printChanges()`, the owner printed with its model
    /// (`PlayButton DataModel init`), appear and disappear prints.
    case ownerPrefixed
    /// NSLog lines with timestamps, emoji, and the model's address as its instance id.
    case nslogEmoji
    /// `[UI]` tags and the verb first: `[UI] Creating ItemRow`, `[UI] Rendering ItemRow`.
    case taggedVerbFirst
    /// `_printChanges()` mixed with plain hand prints (inits and models without owners).
    case mixed
    /// Xcode's console as it shows `NSLog`/`Logger` lines beside `_printChanges()`: inits,
    /// models, appears and disappears with timestamps, the bodies' lines without.
    case nslogAndPrintChanges = "nslog+printChanges"
    /// An Instruments recording: the `swiftui-updates` rows of an `xctrace export` (view names,
    /// durations, root causes); no inits, no models, no appear or disappear.
    case instruments

    /// What the lines of this style can know, which the checker holds findings to.
    public var showsInits: Bool { self != .printChanges && self != .instruments }
    public var showsModels: Bool { self != .printChanges && self != .instruments }
    /// Model lines name each instance (a probe `id=`, an address).
    public var namesModelInstances: Bool { self == .probe || self == .probeAndPrintChanges || self == .nslogEmoji || self == .nslogAndPrintChanges }
    /// Bodies carry their cause (`@self`, `@identity`, `_name`).
    public var showsCauses: Bool {
        self == .printChanges || self == .ownerPrefixed || self == .mixed || self == .probeAndPrintChanges || self == .instruments
            || self == .nslogAndPrintChanges
    }
    /// The input is an `xctrace export`, read by the Instruments reader rather than line by line.
    public var isRecording: Bool { self == .instruments }
    /// Its lines carry times (a probe's `t=`, NSLog's stamp, a recording's start).
    /// (Beside `_printChanges()`, NSLog's stamps time every line but the bodies.)
    public var showsTimes: Bool { self == .probe || self == .probeAndPrintChanges || self == .nslogEmoji || self == .instruments || self == .nslogAndPrintChanges }
    /// Its body lines carry times: not `_printChanges()`'s beside timed NSLog lines.
    public var timesBodies: Bool { showsTimes && self != .nslogAndPrintChanges }

    /// The run's log in this style.
    public func render(_ truth: Truth) -> RenderedLog {
        if self == .instruments {
            let export = InstrumentsExport.render(truth)
            return RenderedLog(style: self, text: export.text, lineCount: export.lineCount, firstRootBodyLine: export.firstRootBodyLine)
        }
        var lines: [String] = []
        var firstRootBody: Int?
        for timed in truth.steps {
            let before = lines.count
            lines += self.lines(timed, root: truth.root)
            if firstRootBody == nil, case let .body(view, _, _, _, _) = timed.step, view == truth.root, lines.count > before {
                firstRootBody = lines.count
            }
        }
        return RenderedLog(style: self, text: lines.joined(separator: "\n") + "\n", lineCount: lines.count, firstRootBodyLine: firstRootBody)
    }

    private func lines(_ timed: Truth.Timed, root: String) -> [String] {
        switch self {
        case .probe: return Self.probe(timed).map { [$0] } ?? []
        case .probeAndPrintChanges:
            return (Self.printChanges(timed.step).map { [$0] } ?? []) + (Self.probe(timed).map { [$0] } ?? [])
        case .printChanges: return Self.printChanges(timed.step).map { [$0] } ?? []
        case .plain: return Self.plain(timed.step).map { [$0] } ?? []
        case .ownerPrefixed: return Self.ownerPrefixed(timed.step).map { [$0] } ?? []
        case .nslogEmoji: return Self.nslog(timed).map { [$0] } ?? []
        case .taggedVerbFirst: return Self.verbFirst(timed.step).map { [$0] } ?? []
        case .instruments: return []
        case .mixed:
            if let line = Self.printChanges(timed.step) { return [line] }
            if case .body = timed.step { return [] }
            return Self.plain(timed.step).map { [$0] } ?? []
        case .nslogAndPrintChanges:
            if let line = Self.printChanges(timed.step) { return [line] }
            return Self.nslog(timed).map { [$0] } ?? []
        }
    }

    private static func seconds(_ time: UInt64) -> String {
        String(format: "%llu.%09llu", time / 1_000_000_000, time % 1_000_000_000)
    }

    private static func ms(_ value: Double) -> String { String(format: "%.3f", value) }

    static func probe(_ timed: Truth.Timed) -> String? {
        let t = seconds(timed.time)
        switch timed.step {
        case let .viewInit(view, value, ms):
            return "trace-analyze: kind=init view=\(view) type=App.\(view) id=#\(value) t=\(t) ms=\(Self.ms(ms))"
        case let .body(view, token, _, ms, newIdentity):
            return "trace-analyze: kind=body view=\(view) type=App.\(view) id=#\(token) t=\(t) ms=\(Self.ms(ms))" + (newIdentity ? " identity=new" : "")
        case let .appear(view, token): return "trace-analyze: kind=appear view=\(view) type=App.\(view) id=#\(token) t=\(t)"
        case let .disappear(view, token): return "trace-analyze: kind=disappear view=\(view) type=App.\(view) id=#\(token) t=\(t)"
        case let .tokenEnd(view, value, seen):
            return "trace-analyze: kind=deinit view=\(view) type=App.\(view) id=#\(value) t=\(t) seen=\(seen ? 1 : 0)"
        case let .modelInit(model, id, owner, ms):
            return "trace-analyze: kind=init view=\(model) type=App.\(model) id=#\(id) t=\(t) owner=\(owner) ms=\(Self.ms(ms))"
        case let .modelDeinit(model, id, owner):
            return "trace-analyze: kind=deinit view=\(model) type=App.\(model) id=#\(id) t=\(t) owner=\(owner)"
        }
    }

    static func printChanges(_ step: Truth.Step) -> String? {
        guard case let .body(view, _, changes, _, _) = step else { return nil }
        return "\(view): \(changes.joined(separator: ", ")) changed."
    }

    static func plain(_ step: Truth.Step) -> String? {
        switch step {
        case let .viewInit(view, _, _): return "\(view) init"
        case let .body(view, _, _, _, _): return "\(view) body"
        case let .appear(view, _): return "\(view) appear"
        case let .disappear(view, _): return "\(view) disappear"
        case .tokenEnd: return nil
        case let .modelInit(model, _, _, _): return "\(model) init"
        case let .modelDeinit(model, _, _): return "\(model) deinit"
        }
    }

    static func ownerPrefixed(_ step: Truth.Step) -> String? {
        switch step {
        case .body: return printChanges(step)
        case let .modelInit(model, _, owner, _): return "\(owner) \(model) init"
        case let .modelDeinit(model, _, owner): return "\(owner) \(model) deinit"
        default: return plain(step)
        }
    }

    /// An address per model instance, as `print(Unmanaged.passUnretained(self).toOpaque())` shows.
    static func address(_ id: Int) -> String { String(format: "0x0000600000c4%04x", id * 16) }

    static func nslog(_ timed: Truth.Timed) -> String? {
        let message: String
        switch timed.step {
        case let .viewInit(view, _, _): message = "🟢 \(view) init"
        case let .body(view, _, _, _, _): message = "🔄 \(view) body"
        case let .appear(view, _): message = "👀 \(view) appear"
        case let .disappear(view, _): message = "🙈 \(view) disappear"
        case .tokenEnd: return nil
        case let .modelInit(model, id, _, _): message = "🟢 \(model) init \(address(id))"
        case let .modelDeinit(model, id, _): message = "🔴 \(model) deinit \(address(id))"
        }
        // Run clock seconds from 1,000 s on, shown as a wall time on one day.
        let micros = timed.time / 1_000 - 1_000_000_000
        let total = micros / 1_000_000
        let stamp = String(format: "2024-05-01 %02llu:%02llu:%02llu.%06llu+0000", 10 + total / 3600, total / 60 % 60, total % 60, micros % 1_000_000)
        return "\(stamp) App[4242:123456] \(message)"
    }

    static func verbFirst(_ step: Truth.Step) -> String? {
        switch step {
        case let .viewInit(view, _, _): return "[UI] Creating \(view)"
        case let .body(view, _, _, _, _): return "[UI] Rendering \(view)"
        case let .appear(view, _): return "[UI] Appearing \(view)"
        case let .disappear(view, _): return "[UI] Disappearing \(view)"
        case .tokenEnd: return nil
        case let .modelInit(model, _, _, _): return "[UI] Creating \(model)"
        case let .modelDeinit(model, _, _): return "[UI] Deinitializing \(model)"
        }
    }
}

/// One rendering of a run.
public struct RenderedLog: Sendable {
    public let style: LogStyle
    public let text: String
    public let lineCount: Int
    /// The line of the root's first body: the trace's start, which no finding may call a cause.
    public let firstRootBodyLine: Int?
}
