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

    /// `seconds` with one decimal as SQLite's `printf('%.1f')` writes it, which the rule's
    /// messages have always used: a tie rounds up (`17.25` → `17.3`, where `String(format:)`
    /// gives `17.2`), and so does a value a hair below a tie, such as `0.15` (stored as
    /// 0.1499…), because SQLite adds `0.05` and a relative `3e-16` before it cuts the digits.
    /// The sum is taken in extended precision, as SQLite does where the platform has it.
    static func oneDecimal(_ seconds: Double) -> String {
        let sign = seconds < 0 ? "-" : ""
        let magnitude = abs(seconds)
        // A bound no gap between two timestamps reaches; past it, Foundation's digits.
        guard magnitude.isFinite, magnitude < 1e15 else { return String(format: "%.1f", seconds) }
        #if arch(x86_64) || arch(i386)
        typealias Wide = Float80
        #else
        typealias Wide = Double
        #endif
        let value = Wide(magnitude)
        // SQLite skips the relative part where it would reach the digits printed.
        let rounded = value + (magnitude < 0x1p42 ? Wide(0.05) + value * Wide(3e-16) : Wide(0.05))
        let tenths = UInt64((rounded * 10).rounded(.towardZero))
        return "\(sign)\(tenths / 10).\(tenths % 10)"
    }
}
