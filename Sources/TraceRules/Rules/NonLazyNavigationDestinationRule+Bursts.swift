import Foundation
import TraceModel

/// The bursts `non_lazy_navigation_destination` found, and how it words them.
extension NonLazyNavigationDestinationRule {
    /// How a late destination was shown.
    enum Appearance {
        case never
        case afterRootAgain
        case later(seconds: Double)

        /// `never`, `after MyRootView appeared again`, `17.2 s later`.
        func text(root: String) -> String {
            switch self {
            case .never: "never"
            case .afterRootAgain: "after \(root) appeared again"
            case .later(let seconds): "\(oneDecimal(seconds)) s later"
            }
        }
    }

    /// One burst: a root's appear or body line and the late destinations initialised after it.
    struct Burst {
        struct Destination {
            let view: Symbol
            let line: Int
            let appearance: Appearance
        }
        let root: Symbol
        let rootKind: EventKind
        let rootLine: Int
        var destinations: [Destination]
    }

    /// One finding per root of `bursts` (each with enough destination types), in the order of
    /// the roots' names: a root's bursts make one finding, which lists each destination type
    /// once, with how it was first shown.
    static func violations(_ bursts: [Burst], symbols: SymbolTable) -> [Violation] {
        Dictionary(grouping: bursts, by: \.root).map { (root: symbols[$0.key], bursts: $0.value) }.sorted { $0.root < $1.root }.map { root, bursts in
            let destinations = bursts.flatMap(\.destinations)
            var firstShown: [Symbol: Appearance] = [:]
            for destination in destinations where firstShown[destination.view] == nil {
                firstShown[destination.view] = destination.appearance
            }
            let types = destinations.map(\.view).uniqued()
            let when = types.map { "\(symbols[$0]) (\(firstShown[$0]!.text(root: root)))" }
            let trigger = bursts[0].rootKind == .appear ? "appeared" : "was evaluated"
            let burstText = bursts.count == 1 ? "" : " (and in \(counted(bursts.count - 1, "later burst")))"
            if types.count == 1 {
                // A list of links to one detail: the values are counted, as the list has rows.
                let detail = symbols[types[0]], values = destinations.count
                return Violation(
                    view: root,
                    message: "\(values) \(detail) values were initialised together right after \(root) \(trigger) "
                        + "(line \(bursts[0].rootLine))\(burstText), one per link, but \(detail) was first shown only "
                        + "\(firstShown[types[0]]!.text(root: root)): the list built every destination before any was opened.",
                    count: values,
                    lines: bursts.map(\.rootLine) + destinations.map(\.line)
                )
            }
            return Violation(
                view: root,
                message: "\(counted(types.count, "destination view")) were initialised together right after \(root) \(trigger) "
                    + "(line \(bursts[0].rootLine))\(burstText) but were shown only much later or never: "
                    + "\(when.joined(separator: ", ")).",
                count: types.count,
                lines: bursts.map(\.rootLine) + destinations.map(\.line)
            )
        }
    }

    /// `seconds` with one decimal, to the nearest tenth, a tie rounding up (`17.25` → `17.3`).
    ///
    /// A delay is the difference of two timestamps, which a log prints to the microsecond; the
    /// difference of their doubles is a hair off (`0.15` comes out as `0.1499…`), so it is taken
    /// to whole microseconds first and rounded from there. For every delay in the fixtures and
    /// the benchmark's logs this is what the rule's first, SQL form printed with `printf('%.1f')`.
    static func oneDecimal(_ seconds: Double) -> String {
        let magnitude = abs(seconds)
        // Past a billion seconds no gap between two timestamps goes; Foundation's digits there.
        guard magnitude.isFinite, magnitude < 1e9 else { return String(format: "%.1f", seconds) }
        let microseconds = Int((magnitude * 1_000_000).rounded())
        let tenths = (microseconds + 50_000) / 100_000
        return "\(seconds < 0 && tenths > 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
    }
}
