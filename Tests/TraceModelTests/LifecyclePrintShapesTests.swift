import Foundation
import Testing
import TraceModel

/// The lifecycle prints developers write, family by family (`fixtures/shapes/lifecycle-prints.tsv`,
/// gathered for issue 29 from the seeds, the corpus, the issue and public Swift code), each read
/// by the real parser as a one-line log: the kind, view and instance it must give, or `text`
/// for the prose and program output that opens with the same verbs.
@Suite struct LifecyclePrintShapesTests {
    /// One row of the shapes file.
    struct Shape: CustomStringConvertible, Sendable {
        let family: String
        let line: String
        let kind: String
        let view: String
        let instance: String
        let before: String

        var description: String { "\(family): \(line)" }
    }

    static let shapes: [Shape] = tsvRows("shapes/lifecycle-prints.tsv").map { fields in
        Shape(family: fields[0], line: fields[1], kind: fields[2], view: fields[3], instance: fields[4], before: fields[5])
    }

    @Test func theFileHasEveryFamilyAndItsNegatives() {
        let families = Set(Self.shapes.map(\.family))
        #expect(families.isSuperset(of: ["verb-first gerund", "kind called for X", "named label", "scope separator", "prose"]))
        #expect(Self.shapes.filter { $0.kind == "text" }.count >= 30)
        // The file records what was missed: rows that were text before and are read now.
        #expect(Self.shapes.filter { $0.before == "text" && $0.kind != "text" }.count >= 30)
    }

    @Test(arguments: shapes)
    func eachShapeIsReadAsLabelled(shape: Shape) {
        let events = parseEvents(shape.line + "\n").events
        #expect(events.count == 1)
        guard let event = events.first else { return }
        #expect(event.kind.rawValue == shape.kind, "\(shape.line)")
        if shape.kind != "text" {
            #expect(event.view == shape.view, "\(shape.line)")
            #expect((event.instance ?? "") == shape.instance, "\(shape.line)")
        }
    }
}
