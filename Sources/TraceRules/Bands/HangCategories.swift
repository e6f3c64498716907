/// Instruments' four names for a main-thread delay, by the configured bounds: one naming for
/// every source of a hang duration, so a finding reads as the Hangs instrument does.
struct HangCategories: Sendable, Equatable {
    /// From this many milliseconds, Brief Unresponsiveness (Instruments: 100).
    var brief: Double
    /// From this, a Microhang (Instruments: 250).
    var microhang: Double
    /// From this, a Hang (Instruments: 500).
    var hang: Double

    /// The bounds from a rule's thresholds, each at least the one below it.
    init(brief: Double, microhang: Double, hang: Double) {
        let bounds = ascendingBounds([brief, microhang, hang])
        (self.brief, self.microhang, self.hang) = (bounds[0], bounds[1], bounds[2])
    }

    /// Instruments' categories, named as the Hangs instrument names them.
    enum Category: String, Sendable, Equatable {
        case potentialInteractionDelay = "Potential Interaction Delay"
        case briefUnresponsiveness = "Brief Unresponsiveness"
        case microhang = "Microhang"
        case hang = "Hang"
    }

    /// The category of a delay of `milliseconds`.
    func category(_ milliseconds: Double) -> Category {
        if milliseconds >= hang { return .hang }
        if milliseconds >= microhang { return .microhang }
        if milliseconds >= brief { return .briefUnresponsiveness }
        return .potentialInteractionDelay
    }

    /// `Brief Unresponsiveness by Instruments' categories (100 ms to 250 ms)`.
    func judgement(_ category: Category) -> String {
        let ms = LongBodyUpdateRule.Bodies.ms
        let range = switch category {
        case .potentialInteractionDelay: "under \(ms(brief))"
        case .briefUnresponsiveness: "\(ms(brief)) to \(ms(microhang))"
        case .microhang: "\(ms(microhang)) to \(ms(hang))"
        case .hang: "\(ms(hang)) or more"
        }
        return "\(category == .microhang || category == .hang ? "a " : "")\(category.rawValue) by Instruments' categories (\(range))"
    }
}
