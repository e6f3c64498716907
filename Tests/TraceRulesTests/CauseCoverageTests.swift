import Testing
import TraceRules
import TraceStore

/// Every body evaluation of every seed log, rule fixture and rule example gets a cause, and
/// `unknown` only where the log cannot tell.
@Suite struct CauseCoverageTests {
    /// Per fixture: body events, of them `unknown`, init events, of them `unknown`. Each
    /// `unknown` is a line the log gives no reason for: a body print that starts an update
    /// (`root update`, `outer evaluate`) or an init whose creator printed nothing recognisable
    /// (seed 003's unrecognised `Evaluating View Declaration Value`, navigation in 004's lazy
    /// destinations).
    @Test(arguments: [
        ("seeds/000-tabview-appear.log", 0, 0, 0, 0),
        ("seeds/000-update-circle.log", 6, 3, 0, 0),
        ("seeds/000-update-subview.log", 3, 2, 0, 0),
        ("seeds/000-zstack-appear.log", 0, 0, 0, 0),
        ("seeds/001-count-text.log", 9, 0, 0, 0),
        ("seeds/001-observable-datamodel.log", 13, 0, 4, 0),
        ("seeds/001-playbutton-toggle-twice.log", 10, 0, 0, 0),
        ("seeds/001-playbutton-toggle.log", 6, 0, 0, 0),
        ("seeds/002-onappear-timing.log", 2, 1, 0, 0),
        ("seeds/003-subview-init.log", 4, 0, 6, 6),
        ("seeds/004-navigation-eager.log", 0, 0, 6, 0),
        ("seeds/004-navigation-lazyview.log", 0, 0, 6, 6),
        ("rules/001-unstable-value-causes.log", 18, 0, 0, 0),
        ("rules/001-unstable-value-stable.log", 12, 0, 0, 0),
        ("rules/004-navigation-mixed.log", 0, 0, 6, 4),
        ("rules/body-loop.log", 17, 0, 0, 0),
        ("rules/body-storm.log", 243, 0, 0, 0),
    ] as [(String, Int, Int, Int, Int)])
    func everyBodyHasACause(_ name: String, bodies: Int, unknownBodies: Int, inits: Int, unknownInits: Int) throws {
        let pipeline = try Pipeline(path: Fixture.path(name))
        _ = try pipeline.analyze()
        let counts = try CauseCounts(pipeline)
        #expect(counts.bodies == bodies)
        #expect(counts.bodiesWithCause == bodies, "every body evaluation has exactly one cause row")
        #expect(counts.unknownBodies == unknownBodies)
        #expect(counts.inits == inits)
        #expect(counts.initsWithCause == inits)
        #expect(counts.unknownInits == unknownInits)
    }

    /// The rules' own examples: printChanges lines always carry their reason, so only body
    /// prints without tokens and `unchanged.` lines (verdict avoidable, counted or not) may be
    /// `unknown`.
    @Test(arguments: ExampleCase.all)
    func ruleExamplesHaveCauses(_ exampleCase: ExampleCase) throws {
        let pipeline = try Pipeline(log: exampleCase.example.log)
        _ = try pipeline.analyze()
        let counts = try CauseCounts(pipeline)
        #expect(counts.bodiesWithCause == counts.bodies, sourceLocation: exampleCase.location)
        #expect(counts.initsWithCause == counts.inits, sourceLocation: exampleCase.location)
        let unexplained = try pipeline.database.scalarInt("""
            SELECT count(*) FROM events AS e JOIN causes AS c ON c.event_id = e.id
            WHERE e.kind = 'body' AND c.cause = 'unknown' AND e.origin = 'print_changes'
              AND c.verdict <> 'avoidable'
            """)
        #expect(unexplained == 0, sourceLocation: exampleCase.location)
    }

    @Test func propertyNamesTellTheKindOfCause() {
        #expect(Cause.of(property: "_count") == .state)
        #expect(Cause.of(property: "@16") == .state)
        #expect(Cause.of(property: "_model") == .observedObject)
        #expect(Cause.of(property: "_viewModel") == .observedObject)
        #expect(Cause.of(property: "__colorScheme") == .state)
        #expect(Cause.of(property: "_environmentValue") == .environment)
        #expect(Cause.of(property: "_envTheme") == .environment)
        #expect(Cause.of(property: "@dependencies") == .dependency)
        #expect(Cause.of(property: "\\Storage<Optional<Status>>.output") == .dependency)
    }
}

/// What the `causes` table holds for a pipeline's trace.
struct CauseCounts {
    let bodies: Int
    let bodiesWithCause: Int
    let unknownBodies: Int
    let inits: Int
    let initsWithCause: Int
    let unknownInits: Int

    init(_ pipeline: Pipeline) throws {
        let database = pipeline.database
        func count(_ sql: String) throws -> Int { try database.scalarInt(sql, [pipeline.traceID]) ?? -1 }
        let joined = "FROM events AS e JOIN causes AS c ON c.event_id = e.id WHERE e.trace_id = ?"
        bodies = try count("SELECT count(*) FROM events WHERE trace_id = ? AND kind = 'body'")
        bodiesWithCause = try count("SELECT count(*) \(joined) AND e.kind = 'body'")
        unknownBodies = try count("SELECT count(*) \(joined) AND e.kind = 'body' AND c.cause = 'unknown'")
        inits = try count("SELECT count(*) FROM events WHERE trace_id = ? AND kind = 'init'")
        initsWithCause = try count("SELECT count(*) \(joined) AND e.kind = 'init'")
        unknownInits = try count("SELECT count(*) \(joined) AND e.kind = 'init' AND c.cause = 'unknown'")
    }
}
