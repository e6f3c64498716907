/// The lint rules trace-analyze knows, listed in one place.
public struct LintRegistry: Sendable {
    /// The rule types, in the order `rules` lists them.
    public let rules: [any LintRule.Type]

    /// Creates a registry of `rules`.
    public init(rules: [any LintRule.Type]) {
        self.rules = rules
    }

    /// The built-in lint rules. Adding one is one file in `Lint/Rules/` and one line here.
    public static let builtIn = LintRegistry(rules: [
        ConditionalViewIdentityRule.self,
        RandomViewIDRule.self,
        EagerNavigationDestinationRule.self,
        ObservedObjectCreatedRule.self,
        StateClassInitialValueRule.self,
        StateFromInitParameterRule.self,
        UnstableForEachIDRule.self,
        HeavyViewInitializerRule.self,
        ModelMadeForChildRule.self,
    ])

    /// Every rule's id, in list order.
    public var identifiers: [String] { rules.map { $0.description.identifier } }

    /// The rule with `identifier`, if any.
    public func rule(_ identifier: String) -> (any LintRule.Type)? {
        rules.first { $0.description.identifier == identifier }
    }
}
