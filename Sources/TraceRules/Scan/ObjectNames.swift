/// What a type's name says about it when the log does not: `DetailViewModel`, `SearchStore`,
/// `FirstCoordinator` are objects; `AboutScreen` may be a view whose value a link made.
///
/// A rule that claims an init for a view by the order of lines alone (a property initialiser
/// prints before its view's init) needs the claimed type to be an object: a deinit printed
/// (a view's value is a struct, which prints none) or, failing that, a name like these.
enum ObjectNames {
    /// The lint's name endings of types that do work when made, and the endings of models.
    static let suffixes = HeavyViewInitializerRule.heavySuffixes + ["Model", "Store", "Object"]

    /// True when `name` ends like an object's type (`ViewModel`, `ImageLoader`).
    static func looksLikeObject(_ name: String) -> Bool {
        suffixes.contains { name.hasSuffix($0) }
    }

    /// True when `type`, seen in `subjects`, is an object by evidence: it printed a deinit, or its name says so.
    static func isObject(_ type: Symbol, in subjects: Subjects) -> Bool {
        subjects.isObject(type) && (subjects[type].deinits > 0 || looksLikeObject(subjects.symbols[type]))
    }
}
