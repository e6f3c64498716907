/// The rules trace-analyze knows, listed in one place.
public struct RuleRegistry: Sendable {
    /// The rule types, in the order `rules` lists them.
    public let rules: [any Rule.Type]

    /// Creates a registry of `rules`.
    public init(rules: [any Rule.Type]) {
        self.rules = rules
    }

    /// The built-in rules. Adding a rule is one file in `Rules/` and one line here.
    public static let builtIn = RuleRegistry(rules: [
        RedundantInstanceCreationRule.self,
        IdentityChurnRule.self,
        HeavyInitializerRule.self,
        NonLazyNavigationDestinationRule.self,
        UnstableViewValueRule.self,
        StateModelReinitRule.self,
        RepeatedAppearRule.self,
        ReinitWhileShownRule.self,
        ExcessiveBodyEvaluationRule.self,
        AvoidableBodyEvaluationRule.self,
        MissingDeinitRule.self,
        UpdateLoopRule.self,
        DuplicateIdentityRule.self,
        OffsetIdentityRule.self,
        StateObjectOutsideViewRule.self,
        MissingNavigationDestinationRule.self,
        LongBodyUpdateRule.self,
        HitchAttributionRule.self,
        LongHitchRule.self,
        MainThreadHangRule.self,
        HitchTimeRatioRule.self,
    ])

    /// Every rule's id, in list order.
    public var identifiers: [String] { rules.map { $0.description.identifier } }

    /// The rule with `identifier`, if any.
    public func rule(_ identifier: String) -> (any Rule.Type)? {
        rules.first { $0.description.identifier == identifier }
    }
}
