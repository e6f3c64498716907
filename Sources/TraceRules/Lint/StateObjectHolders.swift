/// The `@StateObject` properties of views: no mistake alone, so no lint rule reports them, but
/// the property that holds a model says what a `state_model_reinit` finding about it means.
/// SwiftUI runs a `@StateObject`'s initial value once per identity of the view, so repeated
/// inits of a model held there cannot be SwiftUI keeping the first; the finding must say so.
enum StateObjectHolders {
    /// The runtime rule these sites explain.
    static let explains = "state_model_reinit"

    static func sites(in source: LintSource) -> [SourceSite] {
        let file = source.file
        var sites: [SourceSite] = []
        for index in file.tokens.indices where file.isPunctuation(index, "@") && file.isIdentifier(index + 1, "StateObject") {
            // `= Model()` inline, or `var model: Model` made in the view's init: either way its autoclosure.
            guard let property = file.wrappedProperty(at: index),
                  let type = file.constructedType(property.initialValue, annotation: property.annotation) ?? property.annotation,
                  let view = source.enclosingView(of: index)?.name else { continue }
            let token = file.tokens[index]
            sites.append(SourceSite(
                rule: nil, explains: [explains], file: file.path, position: LintPosition(line: token.line, column: token.column),
                view: view, message: "\(view) holds its \(file.text(type)) in @StateObject var \(file.text(property.name)): SwiftUI makes it once per identity of \(view)",
                relation: "held at"
            ))
        }
        return sites
    }

    /// True when `site` is one of these, holding a model of type `model`.
    static func holds(_ site: SourceSite, model: String) -> Bool {
        site.rule == nil && site.explains == [explains] && site.message.contains(" holds its \(SourceIndex.lastComponent(model)) in @StateObject ")
    }
}
